#include "jumppanel.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

#include "comparedalgorithm.h"
#include "comparisonpanel.h"
#include "document.h"
#include "jump.h"
#include "jumpplacement.h"
#include "keyselector.h"
#include "numberformat.h"
#include "placed.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 6;
constexpr qreal kLabelWidth = 128;  // fits "renumber / 12,345 keys move"
constexpr qreal kHopSpace = 42;
constexpr qreal kRowHeight = 26;
constexpr qreal kNumberSpace = 15;  // bucket numbers under the first row
constexpr qreal kRowGap = 6;
constexpr size_t kMaxRows = 3;  // the table, and two repairs of a removal
// Given more room (the middle of the window), the strip grows up to this many times its size.
constexpr qreal kMaxScale = 2.4;

}  // namespace

// ---------------------------------------------------------------------------------------------

JumpStrip::JumpStrip(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QSize JumpStrip::sizeHint() const {
    return {480, minimumSizeHint().height()};
}

QSize JumpStrip::minimumSizeHint() const {
    const qreal rows = qreal(kMaxRows);
    return {240, int(2 * kMargin + kHopSpace + rows * kRowHeight + kNumberSpace +
                     (rows - 1) * kRowGap + 1)};
}

QRectF JumpStrip::bucketRect(int row, size_t bucket) const {
    if (row < 0 || size_t(row) >= m_rows.size() || bucket >= m_rows[size_t(row)].size()) {
        return {};
    }
    return m_rows[size_t(row)][bucket];
}

void JumpStrip::setExplanation(JumpExplanation explanation) {
    m_data = std::move(explanation);
    relayout();
    update();
}

void JumpStrip::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
}

void JumpStrip::relayout() {
    m_rows.clear();
    m_hops.clear();
    size_t widest = 0;
    for (const JumpRow& row : m_data.rows) {
        widest = std::max(widest, row.table.size());
    }
    if (widest == 0) {
        return;
    }
    // As large as the room allows, up to kMaxScale: the middle of the window draws it big.
    m_scale = std::clamp(qreal(height()) / qreal(minimumSizeHint().height()), 1.0, kMaxScale);
    const qreal s = m_scale;
    // One column per bucket in every row, so bucket b of each table sits under bucket b.
    const qreal left = kMargin + kLabelWidth * std::min(s, 1.4);
    const qreal cell = std::max<qreal>(2, (width() - left - kMargin) / qreal(widest));
    qreal top = kMargin + kHopSpace * s;
    for (const JumpRow& row : m_data.rows) {
        std::vector<QRectF> cells;
        for (size_t b = 0; b < row.table.size(); ++b) {
            cells.emplace_back(left + qreal(b) * cell, top, cell - (cell > 6 ? 2 : 0),
                               kRowHeight * s);
        }
        m_rows.push_back(std::move(cells));
        top += (kRowHeight + (m_rows.size() == 1 ? kNumberSpace : kRowGap)) * s;
    }
    for (size_t i = 0; i + 1 < m_data.sequence.size(); ++i) {
        const QRectF a = m_rows[0][size_t(m_data.sequence[i])];
        const QRectF b = m_rows[0][size_t(m_data.sequence[i + 1])];
        const QPointF from(a.center().x(), a.top());
        const QPointF to(b.center().x(), b.top());
        const qreal lift =
            std::min((kHopSpace - 12) * s, 14 * s + std::abs(to.x() - from.x()) * 0.35);
        QPainterPath hop(from);
        hop.cubicTo(from - QPointF(0, lift), to - QPointF(0, lift), to);
        m_hops.push_back(hop);
    }
}

bool JumpStrip::showsNumber(size_t row, size_t bucket) const {
    const std::vector<QRectF>& cells = m_rows[row];
    return row == 0 && cells[bucket].width() >= 12 && (cells.size() <= 32 || bucket % 10 == 0);
}

QString JumpStrip::keyCaption() const {
    return tr("jumps of\n%1").arg(m_data.key);
}

QStringList JumpStrip::texts() const {
    QStringList out;
    for (size_t r = 0; r < m_rows.size(); ++r) {
        if (m_rows[r].empty()) {
            continue;
        }
        out << m_data.rows[r].label;
        for (size_t b = 0; b < m_rows[r].size(); ++b) {
            if (showsId(m_rows[r][b])) {
                out << m_data.ids[qsizetype(m_data.rows[r].table[b])];
            }
            if (showsNumber(r, b)) {
                out << QString::number(b);
            }
        }
    }
    for (size_t i = 0; i < m_hops.size(); ++i) {
        out << QString::number(i + 1);
    }
    if (!m_data.sequence.empty() && !m_rows.empty()) {
        out << keyCaption();
    }
    return out;
}

void JumpStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    if (m_rows.empty()) {
        return;
    }
    const qreal s = m_scale;
    QFont font = p.font();
    font.setPointSizeF(font.pointSizeF() * std::min(s, 1.6));
    p.setFont(font);
    const qreal labelWidth = kLabelWidth * std::min(s, 1.4);
    for (size_t r = 0; r < m_rows.size(); ++r) {
        const std::vector<QRectF>& cells = m_rows[r];
        const std::vector<uint32_t>& table = m_data.rows[r].table;
        if (cells.empty()) {
            continue;
        }
        p.setPen(colors.text);
        p.drawText(QRectF(kMargin, cells.front().top() - 4, labelWidth - 6, kRowHeight * s + 8),
                   Qt::AlignRight | Qt::AlignVCenter, m_data.rows[r].label);
        for (size_t b = 0; b < cells.size(); ++b) {
            const QColor fill = m_data.colors[table[b]];
            p.fillRect(cells[b], fill);
            if (showsId(cells[b])) {
                p.setPen(contrastingText(fill));
                p.drawText(cells[b], Qt::AlignCenter, m_data.ids[qsizetype(table[b])]);
            }
            if (showsNumber(r, b)) {
                p.setPen(colors.faintText);
                p.drawText(QRectF(cells[b].left(), cells[b].bottom(), cells[b].width(), 14 * s),
                           Qt::AlignHCenter | Qt::AlignTop, QString::number(b));
            }
        }
    }
    if (m_data.removedBucket && *m_data.removedBucket < m_rows[0].size()) {
        p.setPen(QPen(colors.moved, 2));  // the removed bucket, crossed out
        const QRectF gone = m_rows[0][*m_data.removedBucket];
        p.drawLine(gone.topLeft(), gone.bottomRight());
        p.drawLine(gone.bottomLeft(), gone.topRight());
    }
    if (m_data.addedBucket && *m_data.addedBucket < m_rows[0].size()) {
        p.setPen(QPen(colors.moved, 3));  // the new bucket, outlined
        p.setBrush(Qt::NoBrush);
        p.drawRect(m_rows[0][*m_data.addedBucket].adjusted(1.5, 1.5, -1.5, -1.5));
    }
    // The jump sequence: one hop per loop turn, numbered; the answer outlined.
    p.setPen(QPen(colors.walk, 2));
    p.setBrush(Qt::NoBrush);
    for (size_t i = 0; i < m_hops.size(); ++i) {
        p.drawPath(m_hops[i]);
        const QPointF mid = m_hops[i].pointAtPercent(0.5);
        p.drawText(QRectF(mid.x() - 10 * s, mid.y() - 16 * s, 20 * s, 14 * s), Qt::AlignCenter,
                   QString::number(i + 1));
    }
    if (!m_data.sequence.empty()) {
        p.setPen(colors.text);
        p.drawText(QRectF(kMargin, kMargin, labelWidth - 6, kHopSpace * s - 4),
                   Qt::AlignRight | Qt::AlignVCenter, keyCaption());
        p.setPen(QPen(colors.selection, 3));  // within the gap to the next bucket
        p.drawRect(m_rows[0][size_t(m_data.sequence.back())].adjusted(-1, -1, 1, 1));
    }
}

// ---------------------------------------------------------------------------------------------

JumpPanel::JumpPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_key(new KeySelector(document, this)),
      m_show(new MembershipChoice(this)),
      m_strip(new JumpStrip(this)) {
    setWork<JumpJob>(
        kViewDebounceMs,
        [this] {
            const Document& doc = *this->document();
            const std::optional<MembershipChange> shown = m_show->shownChange();
            return [before = doc.baselineScenario(), after = doc.scenario(), change = shown,
                    keys = sampleKeys(doc.computed()->keys, kJumpSampleKeys),
                    total = doc.keys().size(), whatIf = m_show->shownWhatIf().value_or(-1),
                    withheld = doc.isQuestionOpen() && !shown] {
                JumpJob job;
                job.keysTotal = total;
                job.lastChange = change;
                job.withheld = withheld;
                job.nodes =
                    change && change->kind == MembershipChange::Kind::Removed ? before : after;
                try {
                    if (withheld) {
                        // The buckets as they are; what a removal does waits for the answer.
                    } else if (!change) {
                        if (whatIf >= 0) {
                            job.removal = jumpRemoval(after, *keys, size_t(whatIf));
                        }
                    } else if (change->kind == MembershipChange::Kind::Removed) {
                        job.removal =
                            jumpRemoval(before, *keys, jumpBucketOf(before, change->node));
                    } else {
                        job.addition = jumpAddition(before, after, change->node, *keys);
                    }
                } catch (const std::exception& error) {
                    job.error = QString::fromStdString(describeFailure(error));
                }
                return job;
            };
        },
        [this](JumpJob job) {
            m_result = std::move(job);
            m_done = true;
            refresh();
        });
    auto* top = new QHBoxLayout;
    top->addWidget(m_key);
    top->addWidget(new QLabel(tr("Show:"), this));
    top->addWidget(m_show, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(kPanelMargin, kPanelMargin, kPanelMargin, kPanelMargin);
    layout->setSpacing(kPanelSpacing);
    layout->addLayout(top);
    layout->addWidget(m_strip, 1);
    layout->addWidget(summaryLabel());
    setMinimumSize(kPanelMinimumSize);
    connect(m_show, &MembershipChoice::choiceChanged, this, [this] {
        m_done = false;
        refresh();
        scheduleWork();
    });
    follow({DocumentChange::Scenario, DocumentChange::Baseline, DocumentChange::QuestionOpen},
           [this] { followDocument(); });
    follow({DocumentChange::SelectedKey}, [this] { refresh(); });
    followDocument();
}

void JumpPanel::setRemovedBucket(size_t bucket) {
    m_show->showWhatIf(int(bucket));
}

void JumpPanel::showLastChange() {
    m_show->showLastChange();
}

bool JumpPanel::showsLastChange() const {
    return m_show->showsLastChange();
}

void JumpPanel::followDocument() {
    const Scenario& s = document()->scenario();
    const std::vector<uint32_t> table = jumpTable(s);
    QStringList whatIfs;
    for (size_t b = 0; b < table.size(); ++b) {
        whatIfs
            << tr("What if bucket %1 (node %2) were removed").arg(b).arg(qs(s.nodes[table[b]].id));
    }
    const Scenario& before = document()->baselineScenario();
    m_show->refill(
        *document(),
        [&](const QString& heading, const MembershipChange& change) {
            const bool added = change.kind == MembershipChange::Kind::Added;
            return (added ? tr("%1: %2 added (bucket %3)") : tr("%1: %2 removed (bucket %3)"))
                .arg(heading, qs(change.id))
                .arg(jumpBucketOf(added ? s : before, change.node));
        },
        whatIfs, int(table.size() / 2));  // by default a middle node, where renumbering hurts
    m_done = false;
    refresh();
    scheduleWork();
}

QString JumpPanel::jumpsText(const JumpExplanation& e) const {
    if (e.sequence.empty()) {
        return {};
    }
    QStringList hops;
    for (const int32_t b : e.sequence) {
        hops << QString::number(b);
    }
    const bool before = e.removedBucket && m_result.lastChange;
    return (before ? tr(" Before the removal, key %1 (hash %2) visited buckets %3 and landed in "
                        "bucket %4.")
                   : tr(" Key %1 (hash %2) visits buckets %3 and lands in bucket %4."))
        .arg(e.key)
        // in its native form: Cassandra's signed token, Redis's slot
        .arg(qs(formatHashValue(keyHashingOf(document()->scenario()).hash, e.hash)))
        .arg(hops.join(QStringLiteral(" → ")))
        .arg(e.sequence.back());
}

void JumpPanel::refresh() {
    const Document& doc = *document();
    const Scenario& shown = m_done ? m_result.nodes : doc.scenario();
    JumpExplanation e;
    for (const NodeSpec& n : shown.nodes) {
        e.ids << qs(n.id);
    }
    e.colors = nodeColors(shown.nodes);
    JumpRow table{jumpTable(shown), tr("buckets")};
    QString text;
    const size_t keys = m_result.removal    ? m_result.removal->keys
                        : m_result.addition ? m_result.addition->keys
                                            : 0;
    if (m_done && !m_result.error.isEmpty()) {
        text = m_result.error;
        e.rows = {std::move(table)};
    } else if (m_done && m_result.withheld) {
        text = answerWithheldNote();
        e.rows = {std::move(table)};
    } else if (m_done && m_result.addition) {
        const JumpAdditionResult& a = *m_result.addition;
        table.label = tr("now");
        e.rows = {std::move(table), {a.before, tr("before")}};
        e.addedBucket = a.bucket;
        text = tr("%1: %2 added as bucket %3. %4 keys (%5) moved, every one into the "
                  "new bucket; ideal %6.")
                   .arg(changeHeading(document()->moveSummary().since), qs(m_result.lastChange->id))
                   .arg(a.bucket)
                   .arg(format::count(a.moved), format::percentOf(a.moved, a.keys),
                        format::percent(a.ideal));
    } else if (m_done && m_result.removal && !m_result.removal->renumber.empty()) {
        const JumpRemovalResult& r = *m_result.removal;
        const bool last = m_result.lastChange.has_value();
        table.label = last ? tr("before") : tr("buckets");
        e.rows = {std::move(table),
                  {r.renumber, tr("renumber\n%L1 keys move").arg(r.movedRenumber)},
                  {r.moveLast, tr("move last\n%L1 keys move").arg(r.movedMoveLast)}};
        e.removedBucket = r.bucket;
        const QString counts =
            tr("renumbering moves %1 keys (%2), moving the last node into "
               "its bucket moves %3 (%4); ideal %5.")
                .arg(format::count(r.movedRenumber), format::percentOf(r.movedRenumber, r.keys),
                     format::count(r.movedMoveLast), format::percentOf(r.movedMoveLast, r.keys),
                     format::percent(r.ideal));
        text = last ? tr("%1: %2 removed from bucket %3 of %4 — %5")
                          .arg(changeHeading(document()->moveSummary().since),
                               qs(m_result.lastChange->id))
                          .arg(r.bucket)
                          .arg(e.rows[0].table.size())
                          .arg(counts)
                    : tr("What if bucket %1 (node %2) were removed: %3")
                          .arg(r.bucket)
                          .arg(e.ids[qsizetype(e.rows[0].table[r.bucket])], counts);
        if (!last && !m_show->lastChange()) {
            text += noMembershipChangeNote();
        }
    } else {
        e.rows = {std::move(table)};
        text = m_done ? tr("One node: there is nothing to remove.")
                      : tr("Counting what the change moves…");
    }
    if (m_done && m_result.keysTotal > keys && keys > 0) {
        text += tr(" Counted over the first %L1 of %L2 keys.").arg(keys).arg(m_result.keysTotal);
    }
    const auto key = shownKey(doc);
    if (key && !e.rows[0].table.empty()) {
        e.key = qs(doc.keys().names[*key]);
        // The key's 64-bit hash: the document's keys may keep positions alone (a ring's).
        e.hash = hashKeyText(doc.placement().keyHashing(), doc.keys().names[*key]).value_or(0);
        e.sequence = jumpSequence(e.hash, int32_t(e.rows[0].table.size()));
    }
    summaryLabel()->setText(text + jumpsText(e));
    m_strip->setExplanation(std::move(e));
}

namespace {
// The Jump view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"jump", "jumpDock", QT_TRANSLATE_NOOP("QObject", "Jump"), 40,
     [](const ViewContext& c) -> QWidget* { return new JumpPanel(c.document, c.parent); }}};

// What the comparison says of jump's row: its bucket table is kept when both states are placed
// by jump and have one; otherwise removing a middle node renumbers the buckets after it.
QString comparisonNote(const Scenario& before, const Scenario& after) {
    const bool table = before.algorithm == Algorithm::Jump && after.algorithm == Algorithm::Jump &&
                       !after.params.get<JumpParams>().buckets.empty();
    return table ? QCoreApplication::translate("ComparisonPanel",
                                               "Jump keeps the scenario's bucket table.")
                 : QCoreApplication::translate(
                       "ComparisonPanel",
                       "Jump removes a node by renumbering the buckets after it; the Jump view "
                       "also shows moving the last node into the gap.");
}
const ComparisonNoteRegistration kComparisonNote{{Algorithm::Jump, comparisonNote}};
}  // namespace

}  // namespace ringscope
