#include "jumpbackpanel.h"

#include <QLabel>
#include <QPainter>

#include <algorithm>
#include <bit>

#include "comparedalgorithm.h"
#include "document.h"
#include "jumpbackplacement.h"
#include "keyselector.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "placed.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "ringscope/registry.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 6;
constexpr qreal kStripHeight = 24;
constexpr qreal kScaleHeight = 16;  // the power-of-two ticks under the strip
constexpr qreal kRowHeight = 22;
constexpr qreal kTextShare = 0.46;  // of the width, for the rows' texts (left)
constexpr qreal kMinimumAxis = 140;

}  // namespace

// ---------------------------------------------------------------------------------------------

JumpBackWalkView::JumpBackWalkView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void JumpBackWalkView::setPicture(JumpBackPicture picture) {
    m_picture = std::move(picture);
    updateGeometry();
    update();
}

uint64_t JumpBackWalkView::positions() const {
    return std::bit_ceil(std::max<uint64_t>(1, uint64_t(m_picture.ids.size())));
}

QSize JumpBackWalkView::minimumSizeHint() const {
    return {300, int(2 * kMargin + kStripHeight + kScaleHeight + 3 * kRowHeight)};
}

QSize JumpBackWalkView::sizeHint() const {
    const size_t rows = std::min(m_picture.walk.size(), kMaxRows + 1);
    return {520, int(2 * kMargin + kStripHeight + kScaleHeight +
                     qreal(std::max<size_t>(rows, 3)) * kRowHeight)};
}

QRectF JumpBackWalkView::axis() const {
    const qreal textWidth = std::max<qreal>(0, width() * kTextShare);
    const qreal left = kMargin + textWidth;
    return {left, kMargin, std::max(kMinimumAxis, width() - kMargin - left), kStripHeight};
}

qreal JumpBackWalkView::rowY(size_t row) const {
    return kMargin + kStripHeight + kScaleHeight + qreal(row) * kRowHeight;
}

QRectF JumpBackWalkView::bucketRect(uint64_t bucket) const {
    const QRectF a = axis();
    const qreal cell = a.width() / qreal(positions());
    return {a.left() + qreal(bucket) * cell, a.top(), cell, a.height()};
}

QPointF JumpBackWalkView::candidateCentre(size_t step) const {
    if (step >= m_picture.walk.size() || step >= kMaxRows) {
        return {};
    }
    const QRectF cell = bucketRect(m_picture.walk[step].bucket);
    return {cell.center().x(), rowY(step) + kRowHeight / 2};
}

QString JumpBackWalkView::stepText(const JumpBackStep& step) const {
    const auto n = qsizetype(m_picture.ids.size());
    const QString range = tr("%L1–%L2").arg(step.rangeMin).arg(uint64_t(step.rangeMin) * 2 - 1);
    switch (step.outcome) {
        case JumpBackStep::Outcome::Taken:
            return tr("in %1: %L2, taken (%3)")
                .arg(range)
                .arg(step.bucket)
                .arg(qsizetype(step.bucket) < n ? m_picture.ids[qsizetype(step.bucket)]
                                                : QString());
        case JumpBackStep::Outcome::Beyond:
            return tr("in %1: %L2 ≥ N, draw again").arg(range).arg(step.bucket);
        case JumpBackStep::Outcome::BelowRange:
            return tr("in %1: a draw below it, next lower bit").arg(range);
        case JumpBackStep::Outcome::Zero:
            return tr("no bit left: bucket 0 (%1)").arg(n > 0 ? m_picture.ids[0] : QString());
    }
    return {};
}

QStringList JumpBackWalkView::rowTexts() const {
    QStringList texts;
    const auto& walk = m_picture.walk;
    for (size_t s = 0; s < walk.size() && s < kMaxRows; ++s) {
        texts << tr("%1. %2").arg(s + 1).arg(stepText(walk[s]));
    }
    if (walk.size() > kMaxRows) {
        texts << tr("… rows %L1–%L2 not drawn; the last: %3")
                     .arg(kMaxRows + 1)
                     .arg(walk.size())
                     .arg(stepText(walk.back()));
    }
    return texts;
}

// Over 80 lines: paints the walk's rows in the order they overlap, from the layout worked out
// beforehand.
void JumpBackWalkView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    const auto n = uint64_t(m_picture.ids.size());
    if (n == 0) {
        return;
    }
    const QRectF a = axis();
    const uint64_t total = positions();
    const qreal cell = a.width() / qreal(total);
    // The strip: a cell a bucket where cells are wide enough, else a pixel column each.
    if (cell >= 2) {
        for (uint64_t b = 0; b < total; ++b) {
            const QRectF r = bucketRect(b);
            if (b < n) {
                p.fillRect(r, m_picture.colors[size_t(b)]);
            } else {
                p.fillRect(r, QBrush(colors.faintText, Qt::BDiagPattern));
            }
        }
    } else {
        for (int x = 0; x < int(a.width()); ++x) {
            const auto b = uint64_t(qreal(x) / cell);
            const QRectF r(a.left() + x, a.top(), 1, a.height());
            if (b < n) {
                p.fillRect(r, m_picture.colors[size_t(b)]);
            } else {
                p.fillRect(r, QBrush(colors.faintText, Qt::BDiagPattern));
            }
        }
    }
    p.setPen(QPen(colors.outline, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(a);
    // The ranges' bounds: the powers of two, labelled while they keep apart.
    const QFontMetricsF fm(p.font());
    p.setPen(colors.faintText);
    qreal lastLabelEnd = -1e9;
    for (uint64_t bound = 1; bound <= total; bound *= 2) {
        const qreal x = a.left() + qreal(bound) * cell;
        p.drawLine(QPointF(x, a.bottom()), QPointF(x, a.bottom() + 4));
        const QString label = QLocale().toString(qulonglong(bound));
        const qreal w = fm.horizontalAdvance(label);
        const qreal left = std::min(x - w / 2, a.right() - w);
        if (left > lastLabelEnd + 4 && bound < total) {
            p.drawText(QPointF(left, a.bottom() + 4 + fm.ascent()), label);
            lastLabelEnd = left + w;
        }
    }
    p.drawText(QPointF(a.left(), a.bottom() + 4 + fm.ascent()), QStringLiteral("0"));
    p.drawText(QRectF(kMargin, a.top(), a.left() - 2 * kMargin, a.height()),
               Qt::AlignVCenter | Qt::AlignLeft,
               tr("N = %L1, drawn in 0–%L2").arg(n).arg(total - 1));

    // The walk, a row a candidate.
    const QStringList texts = rowTexts();
    const auto& walk = m_picture.walk;
    for (size_t s = 0; s < size_t(texts.size()); ++s) {
        const qreal y = rowY(s);
        const QRectF textRect(kMargin, y, a.left() - 2 * kMargin, kRowHeight);
        p.setPen(colors.text);
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(texts[qsizetype(s)], Qt::ElideRight, textRect.width()));
        if (s >= kMaxRows) {
            break;
        }
        const JumpBackStep& step = walk[s];
        const qreal mid = y + kRowHeight / 2;
        if (step.rangeMin > 0) {  // the range, a bracket
            const qreal x0 = a.left() + qreal(step.rangeMin) * cell;
            const qreal x1 = a.left() + qreal(uint64_t(step.rangeMin) * 2) * cell;
            p.setPen(QPen(colors.faintText, 1.5));
            p.drawLine(QPointF(x0, mid), QPointF(x1, mid));
            p.drawLine(QPointF(x0, mid - 4), QPointF(x0, mid + 4));
            p.drawLine(QPointF(x1, mid - 4), QPointF(x1, mid + 4));
        }
        if (step.outcome == JumpBackStep::Outcome::BelowRange) {
            const qreal x = a.left() + qreal(step.rangeMin) * cell;  // leaves at the low end
            p.setPen(QPen(colors.walk, 2));
            p.drawLine(QPointF(x, mid), QPointF(x - 8, mid + 6));
            continue;
        }
        const QPointF c = candidateCentre(s);
        const qreal radius = 5;
        if (step.outcome == JumpBackStep::Outcome::Beyond) {
            p.setPen(QPen(colors.moved, 2));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, radius, radius);
            p.drawLine(c + QPointF(-radius, -radius), c + QPointF(radius, radius));
        } else {
            const QColor fill = m_picture.colors[size_t(std::min<uint64_t>(step.bucket, n - 1))];
            p.setPen(QPen(colors.outline, 1.5));
            p.setBrush(fill);
            p.drawEllipse(c, radius + 1, radius + 1);
            // Up to its bucket in the strip.
            p.setPen(QPen(colors.walk, 1.5, Qt::DashLine));
            p.drawLine(QPointF(c.x(), c.y() - radius - 1), QPointF(c.x(), a.bottom()));
            p.setPen(QPen(colors.walk, 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(bucketRect(step.bucket).adjusted(-1, -1, 1, 1));
        }
    }
}

// ---------------------------------------------------------------------------------------------

JumpBackPanel::JumpBackPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_key(new KeySelector(document, this)),
      m_walk(new JumpBackWalkView(this)) {
    setUpKeyPanel<JumpBackWhatIf>(
        m_key, m_walk, kJumpBackSampleKeys,
        [](const Scenario& scenario, const KeySet& keys, const Limits& limits) {
            return jumpBackWhatIf(scenario, keys, limits[Limit::Nodes]);
        },
        m_result, m_done, [this] { refresh(); });
}

QString JumpBackPanel::walkText(const JumpBackPicture& p) const {
    if (p.key.isEmpty() || p.walk.empty()) {
        return {};
    }
    const JumpBackStep& last = p.walk.back();
    const QString node = p.ids.value(qsizetype(last.bucket));
    // Every value formatted first and put in at once: a key's own "%1" stays as it is.
    const QString value = QStringLiteral("0x%1").arg(p.value, 16, 16, QLatin1Char('0'));
    const QString bucket = QLocale().toString(qulonglong(last.bucket));
    const QString looked = QLocale().toString(qsizetype(p.walk.size()));
    if (!p.servedBy.isEmpty()) {  // the bucket's node is down: the next live bucket serves it
        return tr(" Key %1 (64-bit value %2) takes bucket %3 (%4, down: %5 serves it); "
                  "candidates looked at: %6.")
            .arg(p.key, value, bucket, node, p.servedBy, looked);
    }
    return tr(" Key %1 (64-bit value %2) takes bucket %3 (%4); candidates looked at: %5.")
        .arg(p.key, value, bucket, node, looked);
}

QString JumpBackPanel::countsText() const {
    if (const auto pending = whatIfPending(m_result, m_done,
                                           tr(" Counting what adding or removing a node moves…"))) {
        return *pending;
    }
    if (m_result.whatIf->nodes == 0) {
        return {};
    }
    const JumpBackWhatIf& w = *m_result.whatIf;
    QString text;
    if (const auto& add = w.add) {
        text += add->movedElsewhere == 0
                    ? tr(" Adding a node as bucket %L1 would move %2 keys (%3), every one into the "
                         "new bucket; ideal %4.")
                          .arg(w.nodes)
                          .arg(format::count(add->moved), format::percentOf(add->moved, w.keys),
                               format::percent(add->ideal))
                    : tr(" Adding a node as bucket %L1 would move %2 keys (%3), %4 of them between "
                         "old buckets; ideal %5.")
                          .arg(w.nodes)
                          .arg(format::count(add->moved), format::percentOf(add->moved, w.keys),
                               format::count(add->movedElsewhere), format::percent(add->ideal));
    }
    if (w.removeCounted) {
        text += tr(" Removing the last node would move %1 keys (%2); ideal %3.")
                    .arg(format::count(w.removeMoved), format::percentOf(w.removeMoved, w.keys),
                         format::percent(w.removeIdeal));
    }
    if (w.nodes >= 2) {
        text += tr(" A node in the middle cannot go without renumbering the buckets after it.");
    }
    if (m_result.keysTotal > w.keys) {
        text += tr(" Counted over the first %L1 of %L2 keys.").arg(w.keys).arg(m_result.keysTotal);
    }
    return text;
}

void JumpBackPanel::refresh() {
    const Document& doc = *document();
    const Scenario& s = doc.scenario();
    JumpBackPicture picture;
    for (const NodeSpec& n : s.nodes) {
        picture.ids << qs(n.id);
    }
    picture.colors = nodeColors(s.nodes);
    const auto key = shownKey(doc);
    if (key && !s.nodes.empty()) {
        picture.key = qs(doc.keys().names[*key]);
        // The key's 64-bit value: the document's keys may keep positions alone (a ring's).
        // The key's 64-bit value as JumpBack hashes it (the scenario's own algorithm may fix
        // another hash: Redis' slots), without copying the scenario.
        KeyHashing hashing{s.keyHash, s.space, s.keyEncoding};
        moduleOf(Algorithm::JumpBack).fixKeyHashing(hashing);
        picture.value = hashKeyText(hashing, doc.keys().names[*key]).value_or(0);
        picture.walk = jumpBackWalk(picture.value, uint32_t(s.nodes.size()),
                                    s.params.get<JumpBackParams>().prng);
        // A down bucket's keys go to the next live bucket's node.
        if (const auto serving = servingBucket(s, picture.walk.back().bucket)) {
            picture.servedBy = qs(s.nodes[*serving].id);
        }
    }
    QString text;
    if (s.algorithm != Algorithm::JumpBack) {
        text = tr("This scenario uses %1; shown is what JumpBack would do with its nodes.")
                   .arg(algorithmLabel(s.algorithm));
    } else {
        text =
            tr("JumpBack draws a random value from the key, keeps its bits below N's power "
               "of two and starts in the range of the highest one: a candidate ≥ N is drawn "
               "again in that range, a draw below it moves down to the next lower bit, and "
               "with no bit left the key takes bucket 0.");
    }
    summaryLabel()->setText(text + walkText(picture) + countsText());
    m_walk->setPicture(std::move(picture));
}

namespace {
// The JumpBack view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"jumpback", "jumpBackDock", QT_TRANSLATE_NOOP("QObject", "JumpBack"), 45,
     [](const ViewContext& c) -> QWidget* { return new JumpBackPanel(c.document, c.parent); },
     true}};  // closed at the first start: in the middle for its scenarios
}  // namespace

}  // namespace ringscope
