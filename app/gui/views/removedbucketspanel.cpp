#include "removedbucketspanel.h"

#include <QLabel>
#include <QPainter>

#include <algorithm>

#include "comparedalgorithm.h"
#include "document.h"
#include "keyselector.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "ringscope/registry.h"
#include "ringscope/removedbuckets.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 6;
constexpr qreal kStripHeight = 24;
constexpr qreal kNotesHeight = 16;  // the algorithm's numbers under the strip
constexpr qreal kRowHeight = 22;
constexpr qreal kTextShare = 0.46;  // of the width, for the rows' texts (left)
constexpr qreal kMinimumAxis = 140;

}  // namespace

// ---------------------------------------------------------------------------------------------

BucketsPathView::BucketsPathView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void BucketsPathView::setPicture(BucketsPicture picture) {
    m_picture = std::move(picture);
    updateGeometry();
    update();
}

QSize BucketsPathView::minimumSizeHint() const {
    return {300, int(2 * kMargin + kStripHeight + kNotesHeight + 3 * kRowHeight)};
}

QSize BucketsPathView::sizeHint() const {
    const size_t rows = std::min(m_picture.path.size(), kMaxRows + 1);
    return {520, int(2 * kMargin + kStripHeight + kNotesHeight +
                     qreal(std::max<size_t>(rows, 3)) * kRowHeight)};
}

QRectF BucketsPathView::axis() const {
    const qreal textWidth = std::max<qreal>(0, width() * kTextShare);
    const qreal left = kMargin + textWidth;
    return {left, kMargin, std::max(kMinimumAxis, width() - kMargin - left), kStripHeight};
}

qreal BucketsPathView::rowY(size_t row) const {
    return kMargin + kStripHeight + kNotesHeight + qreal(row) * kRowHeight;
}

QRectF BucketsPathView::bucketRect(uint64_t bucket) const {
    const QRectF a = axis();
    const qreal cell = a.width() / qreal(std::max<uint32_t>(1, m_picture.cells));
    return {a.left() + qreal(bucket) * cell, a.top(), cell, a.height()};
}

QPointF BucketsPathView::stepCentre(size_t step) const {
    if (step >= m_picture.path.size() || step >= kMaxRows) {
        return {};
    }
    return {bucketRect(m_picture.path[step].bucket).center().x(), rowY(step) + kRowHeight / 2};
}

QStringList BucketsPathView::rowTexts() const {
    QStringList texts;
    const auto& path = m_picture.path;
    for (size_t s = 0; s < path.size() && s < kMaxRows; ++s) {
        texts << tr("%1. %2").arg(s + 1).arg(path[s].text);
    }
    if (m_picture.pathCut) {
        texts << tr("… %L1 more listed, not drawn; the key looks further")
                     .arg(path.size() > kMaxRows ? path.size() - kMaxRows : 0);
    } else if (path.size() > kMaxRows) {
        texts << tr("… rows %L1–%L2 not drawn; the last: %3")
                     .arg(kMaxRows + 1)
                     .arg(path.size())
                     .arg(path.back().text);
    }
    return texts;
}

void BucketsPathView::paintStrip(QPainter& p) const {
    const RingColors colors = RingColors::from(palette());
    const auto n = uint32_t(m_picture.ids.size());
    const QRectF a = axis();
    const qreal cell = a.width() / qreal(std::max<uint32_t>(1, m_picture.cells));
    const QFontMetricsF fm(p.font());
    // The ranks and numbers in the cells: a smaller face, so that more of them fit.
    QFont small = p.font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    const QFontMetricsF sm(small);
    // A cell a bucket where cells are wide enough, else a pixel column each.
    const auto fill = [&](const QRectF& r, uint32_t b) {
        if (b >= n) {  // the table's room past the nodes
            p.fillRect(r, QBrush(colors.faintText, Qt::BDiagPattern));
        } else if (m_picture.removedAt[b] != 0) {
            p.fillRect(r, colors.background);
            p.fillRect(r, QBrush(m_picture.colors[b], Qt::DiagCrossPattern));
        } else {
            p.fillRect(r, m_picture.colors[b]);
            if (m_picture.down[b]) {
                p.fillRect(r, QBrush(colors.down, Qt::FDiagPattern));
            }
        }
    };
    if (cell >= 2) {
        p.setFont(small);
        for (uint32_t b = 0; b < m_picture.cells; ++b) {
            const QRectF r = bucketRect(b);
            fill(r, b);
            // A removed bucket's place in the removed order, where it fits.
            if (b < n && m_picture.removedAt[b] != 0) {
                const QString rank = QLocale().toString(m_picture.removedAt[b]);
                if (sm.horizontalAdvance(rank) + 2 < cell) {
                    p.setPen(colors.text);
                    p.drawText(r, Qt::AlignCenter, rank);
                }
            }
            if (b < size_t(m_picture.notes.size()) && !m_picture.notes[b].isEmpty() &&
                sm.horizontalAdvance(m_picture.notes[b]) + 1 < cell) {
                p.setPen(colors.faintText);
                p.drawText(QRectF(r.left(), a.bottom(), cell, kNotesHeight), Qt::AlignCenter,
                           m_picture.notes[b]);
            }
        }
        p.setFont(font());
    } else {
        for (int x = 0; x < int(a.width()); ++x) {
            fill(QRectF(a.left() + x, a.top(), 1, a.height()), uint32_t(qreal(x) / cell));
        }
    }
    p.setPen(QPen(colors.outline, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(a);
    p.setPen(colors.text);
    p.drawText(QRectF(kMargin, a.top(), a.left() - 2 * kMargin, a.height()),
               Qt::AlignVCenter | Qt::AlignLeft,
               fm.elidedText(m_picture.heading, Qt::ElideRight, a.left() - 2 * kMargin));
    if (!m_picture.notesTitle.isEmpty()) {
        p.setPen(colors.faintText);
        p.drawText(QRectF(kMargin, a.bottom(), a.left() - 2 * kMargin, kNotesHeight),
                   Qt::AlignVCenter | Qt::AlignRight, m_picture.notesTitle);
    }
}

void BucketsPathView::paintPath(QPainter& p) const {
    const RingColors colors = RingColors::from(palette());
    const QRectF a = axis();
    const QFontMetricsF fm(p.font());
    const QStringList texts = rowTexts();
    const auto n = uint32_t(m_picture.ids.size());
    QPointF previous;
    for (size_t s = 0; s < size_t(texts.size()); ++s) {
        const QRectF textRect(kMargin, rowY(s), a.left() - 2 * kMargin, kRowHeight);
        p.setPen(colors.text);
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(texts[qsizetype(s)], Qt::ElideRight, textRect.width()));
        if (s >= kMaxRows) {
            break;
        }
        const BucketPathStep& step = m_picture.path[s];
        const QPointF c = stepCentre(s);
        const qreal radius = 5;
        if (s > 0) {  // from the bucket before
            p.setPen(QPen(colors.walk, 1.5));
            p.drawLine(previous, c);
        }
        previous = c;
        const bool last = s + 1 == m_picture.path.size() && !m_picture.pathCut;
        const bool working = step.bucket < n && m_picture.removedAt[step.bucket] == 0;
        if (last && working) {
            p.setPen(QPen(colors.outline, 1.5));
            p.setBrush(m_picture.colors[step.bucket]);
            p.drawEllipse(c, radius + 1, radius + 1);
            p.setPen(QPen(colors.walk, 1.5, Qt::DashLine));
            p.drawLine(QPointF(c.x(), c.y() - radius - 1), QPointF(c.x(), a.bottom()));
            p.setPen(QPen(colors.walk, 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(bucketRect(step.bucket).adjusted(-1, -1, 1, 1));
        } else {  // removed, or past the nodes: the lookup goes on
            p.setPen(QPen(colors.moved, 2));
            p.setBrush(colors.background);
            p.drawEllipse(c, radius, radius);
            p.drawLine(c + QPointF(-radius * 0.7, -radius * 0.7),
                       c + QPointF(radius * 0.7, radius * 0.7));
        }
    }
}

void BucketsPathView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), RingColors::from(palette()).background);
    if (m_picture.ids.isEmpty() || m_picture.cells == 0) {
        return;
    }
    paintStrip(p);
    paintPath(p);
}

// ---------------------------------------------------------------------------------------------

RemovedBucketsPanel::RemovedBucketsPanel(Document* document, Algorithm algorithm, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_algorithm(algorithm),
      m_key(new KeySelector(document, this)),
      m_view(new BucketsPathView(this)) {
    setWhatIfWork<RemovedBucketsWhatIf>(
        kRemovedBucketsSampleKeys,
        [this] {
            return [algorithm = m_algorithm](const Scenario& scenario, const KeySet& keys,
                                             const Limits& limits) {
                return removedBucketsWhatIf(scenario, algorithm, keys, limits);
            };
        },
        [this](RemovedBucketsJob job) {
            m_result = std::move(job);
            m_done = true;
            refresh();
        });
    layOutKeyPicture(m_key, m_view);
}

void RemovedBucketsPanel::start() {
    follow({DocumentChange::Scenario, DocumentChange::Baseline, DocumentChange::QuestionOpen},
           [this] {
               m_done = false;
               rebuild();
               refresh();
               scheduleWork();
           });
    follow({DocumentChange::SelectedKey}, [this] { refresh(); });
    rebuild();
    refresh();
    scheduleWork();
}

void RemovedBucketsPanel::rebuild() {
    const Document& doc = *document();
    const Scenario& s = doc.scenario();
    m_placement.reset();
    m_placementError.clear();
    m_table = BucketsPicture{};
    try {
        m_placement = s.algorithm == m_algorithm
                          ? doc.placement()
                          : Placement::build(asAlgorithm(s, m_algorithm), doc.limits());
    } catch (const std::exception& error) {
        m_placementError = QString::fromStdString(describeFailure(error));
        return;
    }
    const Placement& placement = *m_placement;
    for (const std::string& id : placement.nodeIds()) {
        m_table.ids << qs(id);
    }
    m_table.colors = nodeColors(placement.nodeIds());
    m_table.removedAt.assign(placement.nodes().size(), 0);
    const auto* state = placement.stateAs<RemovedBucketsPlacement>();
    const RemovedOrder order = state ? state->removedOrder() : RemovedOrder{};
    for (size_t i = 0; i < order.size(); ++i) {
        m_table.removedAt[order[i]] = uint32_t(i + 1);
    }
    m_table.down.assign(placement.nodes().size(), 0);
    for (size_t n = 0; n < placement.nodes().size(); ++n) {
        m_table.down[n] = placement.isDown(uint32_t(n)) ? 1 : 0;
    }
    describeTable(placement, m_table);
}

QString RemovedBucketsPanel::bucketWords(uint32_t bucket) const {
    if (bucket >= uint32_t(m_table.ids.size())) {
        return tr("no node (room in the table)");
    }
    const QString id = m_table.ids[qsizetype(bucket)];
    return m_table.removedAt[bucket] != 0 ? tr("%1, removed").arg(id) : id;
}

QString RemovedBucketsPanel::keyText(const BucketsPicture& p) const {
    if (p.key.isEmpty() || p.path.empty()) {
        return {};
    }
    const uint32_t bucket = p.bucket;
    // Every value formatted first and put in at once: a key's own "%1" stays as it is.
    const QString value = QStringLiteral("0x%1").arg(p.value, 16, 16, QLatin1Char('0'));
    const QString number = QLocale().toString(bucket);
    const QString node = p.ids.value(qsizetype(bucket));
    const QString looked = p.pathCut ? tr("more than %L1").arg(qsizetype(p.path.size()))
                                     : QLocale().toString(qsizetype(p.path.size()));
    if (!p.servedBy.isEmpty()) {
        return tr(" Key %1 (64-bit value %2) takes bucket %3 (%4, down: %5 serves it); buckets "
                  "looked at: %6.")
            .arg(p.key, value, number, node, p.servedBy, looked);
    }
    return tr(" Key %1 (64-bit value %2) takes bucket %3 (%4); buckets looked at: %5.")
        .arg(p.key, value, number, node, looked);
}

QString RemovedBucketsPanel::countsText() const {
    if (const auto pending = whatIfPending(
            m_result, m_done, tr(" Counting what removing and adding a node moves…"))) {
        return *pending;
    }
    if (m_result.whatIf->nodes == 0) {
        return {};
    }
    const RemovedBucketsWhatIf& w = *m_result.whatIf;
    QString text;
    if (const auto& m = w.middle) {
        text += m->fromOthers == 0
                    ? tr(" Removing %1 (bucket %L2, in the middle) would move %3 keys (%4), only "
                         "its own; ideal %5.")
                          .arg(qs(m->id))
                          .arg(m->node)
                          .arg(format::count(m->moved), format::percentOf(m->moved, w.keys),
                               format::percent(m->ideal))
                    : tr(" Removing %1 (bucket %L2, in the middle) would move %3 keys (%4), %5 of "
                         "them from other nodes; ideal %6.")
                          .arg(qs(m->id))
                          .arg(m->node)
                          .arg(format::count(m->moved), format::percentOf(m->moved, w.keys),
                               format::count(m->fromOthers), format::percent(m->ideal));
        text += m->backDiffers == 0
                    ? tr(" A node added next takes its bucket back, and every key goes where it "
                         "went before.")
                    : tr(" A node added next takes its bucket back; %1 keys would still be "
                         "elsewhere.")
                          .arg(format::count(m->backDiffers));
    }
    if (const auto& add = w.add) {
        text += add->movedElsewhere == 0
                    ? tr(" Adding a node now (bucket %L1) would move %2 keys (%3), every one "
                         "into it; ideal %4.")
                          .arg(add->node)
                          .arg(format::count(add->moved), format::percentOf(add->moved, w.keys),
                               format::percent(add->ideal))
                    : tr(" Adding a node now (bucket %L1) would move %2 keys (%3), %4 of them "
                         "between old nodes; ideal %5.")
                          .arg(add->node)
                          .arg(format::count(add->moved), format::percentOf(add->moved, w.keys),
                               format::count(add->movedElsewhere), format::percent(add->ideal));
    }
    if (m_result.keysTotal > w.keys) {
        text += tr(" Counted over the first %L1 of %L2 keys.").arg(w.keys).arg(m_result.keysTotal);
    }
    return text;
}

void RemovedBucketsPanel::refresh() {
    const Document& doc = *document();
    const Scenario& s = doc.scenario();
    BucketsPicture picture = m_table;
    const auto key = shownKey(doc);
    if (m_placement && key && !m_table.ids.isEmpty()) {
        picture.key = qs(doc.keys().names[*key]);
        // The key's 64-bit value as the algorithm hashes it (the scenario's own algorithm may
        // fix another hash: Redis' slots).
        KeyHashing hashing{s.keyHash, s.space, s.keyEncoding};
        moduleOf(m_algorithm).fixKeyHashing(hashing);
        picture.value = hashKeyText(hashing, doc.keys().names[*key]).value_or(0);
        picture.path = keyPath(*m_placement, picture.value);
        const auto* state = m_placement->stateAs<RemovedBucketsPlacement>();
        picture.bucket = state                  ? state->bucketOf(picture.value)
                         : picture.path.empty() ? 0
                                                : picture.path.back().bucket;
        picture.pathCut = picture.path.empty() || picture.path.back().bucket != picture.bucket;
        // A down bucket's keys go to the next working bucket whose node is up (its route).
        if (picture.bucket < picture.down.size() && picture.down[picture.bucket]) {
            uint32_t owner = 0;
            m_placement->route({}, picture.value, 0, std::span(&owner, 1));
            picture.servedBy = picture.ids.value(qsizetype(owner));
        }
    }
    QString text;
    if (s.algorithm != m_algorithm) {
        text = tr("This scenario uses %1; shown is what %2 would do with its nodes.")
                   .arg(algorithmLabel(s.algorithm), algorithmLabel(m_algorithm));
    } else {
        text = explanation();
    }
    if (!m_placementError.isEmpty()) {
        text += QLatin1Char(' ') + m_placementError;
    }
    summaryLabel()->setText(text + keyText(picture) + countsText());
    m_view->setPicture(std::move(picture));
}

}  // namespace ringscope
