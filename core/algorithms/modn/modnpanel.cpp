#include "modnpanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "document.h"
#include "keyselector.h"
#include "numberformat.h"
#include "placed.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 8;
constexpr qreal kBucketHeight = 44;
constexpr qreal kGridTop = kBucketHeight + 30;
constexpr size_t kMaxCellPx = 28;  // a grid of few keys stays a grid, not a row of tiles

}  // namespace

// ---------------------------------------------------------------------------------------------

ModNGrid::ModNGrid(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setMinimumHeight(int(kGridTop + 2 * kMargin + 80));
}

QSize ModNGrid::sizeHint() const {
    return {480, 360};
}

QRectF ModNGrid::bucketRect(size_t bucket) const {
    return bucket < m_buckets.size() ? m_buckets[bucket] : QRectF();
}

QRectF ModNGrid::cellRect(size_t key) const {
    return key < m_cells.size() ? m_cells[key] : QRectF();
}

void ModNGrid::setExplanation(ModNExplanation explanation) {
    m_data = std::move(explanation);
    m_colors = nodeColors(m_data.nodes);
    relayout();
    updateGeometry();
    update();
}

void ModNGrid::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
}

void ModNGrid::relayout() {
    m_buckets.clear();
    m_cells.clear();
    const qreal w = width() - 2 * kMargin;
    const size_t n = m_data.bucketKeys.size();
    for (size_t b = 0; b < n; ++b) {
        const qreal cw = w / qreal(n);
        m_buckets.emplace_back(kMargin + qreal(b) * cw, kMargin, cw - (cw > 6 ? 3 : 0),
                               kBucketHeight);
    }
    // As many columns as make the cells largest in the space there is (wide and short in the
    // bottom dock, so long rows).
    const size_t keys = m_data.gridBucket.size();
    const qreal h = height() - kGridTop - 2 * kMargin;
    size_t columns = 1;
    qreal cell = 0;
    for (size_t c = 1; c <= std::max<size_t>(keys, 1); ++c) {
        const qreal rows = qreal((keys + c - 1) / c);
        const qreal size =
            std::min({w / qreal(c), h / std::max<qreal>(1, rows), qreal(kMaxCellPx)});
        if (size > cell + 0.01) {
            cell = size;
            columns = c;
        }
    }
    cell = std::max<qreal>(4, cell);
    for (size_t k = 0; k < keys; ++k) {
        m_cells.emplace_back(kMargin + qreal(k % columns) * cell,
                             kMargin + kGridTop + qreal(k / columns) * cell, cell - 2, cell - 2);
    }
}

QString ModNGrid::bucketLabel(size_t bucket) const {
    return tr("%1 · %2\n%L3 keys")
        .arg(bucket)
        .arg(m_data.ids[qsizetype(bucket)])
        .arg(m_data.bucketKeys[bucket]);
}

QString ModNGrid::caption() const {
    return tr("First %1 keys by bucket; ringed: %2").arg(m_cells.size()).arg(m_data.ringed);
}

QStringList ModNGrid::texts() const {
    QStringList out;
    for (size_t b = 0; b < m_buckets.size(); ++b) {
        if (m_buckets[b].width() > 24) {
            out << bucketLabel(b);
        }
    }
    if (!m_cells.empty()) {
        out << caption();
    }
    return out;
}

void ModNGrid::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    for (size_t b = 0; b < m_buckets.size(); ++b) {
        p.fillRect(m_buckets[b], m_colors[b]);
        if (m_buckets[b].width() > 24) {
            p.setPen(contrastingText(m_colors[b]));
            // Each line within its bucket: a long id ("partition-10", host:port) is elided in
            // the middle rather than drawn over the next bucket's label.
            QStringList lines = bucketLabel(b).split(u'\n');
            for (QString& line : lines) {
                line = p.fontMetrics().elidedText(line, Qt::ElideMiddle,
                                                  int(m_buckets[b].width()) - 4);
            }
            p.drawText(m_buckets[b], Qt::AlignCenter, lines.join(u'\n'));
        }
    }
    if (!m_cells.empty()) {
        p.setPen(colors.text);
        p.drawText(QRectF(kMargin, kMargin + kBucketHeight + 4, width() - 2 * kMargin, 22),
                   Qt::AlignLeft | Qt::AlignVCenter, caption());
    }
    for (size_t k = 0; k < m_cells.size(); ++k) {
        const QRectF& c = m_cells[k];
        p.setPen(Qt::NoPen);
        p.setBrush(m_colors[m_data.gridBucket[k]]);
        p.drawRect(c.adjusted(2, 2, -2, -2));
        if (m_data.gridMoved[k]) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(colors.moved, 2.5));
            p.drawRect(c.adjusted(0.5, 0.5, -0.5, -0.5));
        }
    }
    if (m_data.selected && *m_data.selected < m_cells.size()) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(colors.walk, 2));
        p.drawEllipse(m_cells[*m_data.selected].center(), 3, 3);
    }
}

void ModNGrid::mousePressEvent(QMouseEvent* event) {
    for (size_t k = 0; k < m_cells.size(); ++k) {
        if (m_cells[k].contains(event->position())) {
            emit keyClicked(k);
            return;
        }
    }
    QWidget::mousePressEvent(event);
}

// ---------------------------------------------------------------------------------------------

ModNPanel::ModNPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_key(new KeySelector(document, this)),
      m_change(new MembershipChoice(this)),
      m_grid(new ModNGrid(this)) {
    setWork<ModNJob>(
        kViewDebounceMs,
        [this] {
            const Document& doc = *this->document();
            const std::optional<MembershipChange> shown = m_change->shownChange();
            return [before = doc.baselineScenario(), after = doc.scenario(), change = shown,
                    keys = sampleKeys(doc.computed()->keys, kModNSampleKeys),
                    total = doc.keys().size(), grow = m_change->shownWhatIf() != 1,
                    withheld = doc.isQuestionOpen() && !shown] {
                ModNJob job;
                job.keysTotal = total;
                job.lastChange = change;
                job.withheld = withheld;
                try {
                    if (withheld) {  // the buckets as they are; what changes waits
                        job.explanation = explainModNChange(after, after, false, *keys);
                        job.explanation.ringed = answerWithheldNote();
                    } else if (change) {
                        job.explanation = explainModNChange(before, after, *change, *keys);
                    } else {
                        job.explanation = explainModN(after, *keys, grow);
                    }
                } catch (const std::exception& error) {
                    job.error = QString::fromStdString(describeFailure(error));
                }
                return job;
            };
        },
        [this](ModNJob job) { show(std::move(job)); });
    summaryLabel()->setTextFormat(Qt::RichText);  // node ids escaped, the count in bold
    auto* top = new QHBoxLayout;
    top->addWidget(m_key);
    top->addWidget(new QLabel(tr("Show:"), this));
    top->addWidget(m_change, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(kPanelMargin, kPanelMargin, kPanelMargin, kPanelMargin);
    layout->setSpacing(kPanelSpacing);
    layout->addLayout(top);
    layout->addWidget(summaryLabel());
    layout->addWidget(m_grid, 1);
    setMinimumSize(kPanelMinimumSize);
    connect(m_change, &MembershipChoice::choiceChanged, this, [this] { scheduleWork(); });
    follow({DocumentChange::Scenario, DocumentChange::Baseline}, [this] { followDocument(); });
    follow({DocumentChange::SelectedKey}, [this] { refreshSelection(); });
    follow({DocumentChange::QuestionOpen});
    connect(m_grid, &ModNGrid::keyClicked, document,
            [document](size_t key) { document->setSelectedKey(key); });
    summaryLabel()->setText(tr("Counting the keys that change bucket…"));
    followDocument();
}

void ModNPanel::setGrow(bool grow) {
    m_change->showWhatIf(grow ? 0 : 1);
}

void ModNPanel::showLastChange() {
    m_change->showLastChange();
}

bool ModNPanel::showsLastChange() const {
    return m_change->showsLastChange();
}

void ModNPanel::followDocument() {
    m_change->refill(
        *document(),
        [](const QString& heading, const MembershipChange& change) {
            return (change.kind == MembershipChange::Kind::Added ? tr("%1: %2 added")
                                                                 : tr("%1: %2 removed"))
                .arg(heading, qs(change.id));
        },
        {tr("What if N → N+1 (a node added)"), tr("What if N → N−1 (the last node removed)")}, 0);
    scheduleWork();
}

void ModNPanel::show(ModNJob job) {
    if (!job.error.isEmpty()) {
        summaryLabel()->setText(job.error);
        m_grid->setExplanation({});
        return;
    }
    ModNExplanation& e = job.explanation;
    if (job.withheld) {
        summaryLabel()->setText(answerWithheldNote());
        e.selected = document()->selectedKey();
        m_grid->setExplanation(std::move(e));
        return;
    }
    const size_t from = e.nodesBefore;
    const size_t to = e.nodesAfter;
    const QString counts = format::count(e.moved);
    const QString of = format::count(e.keys);
    const QString share = format::percentOf(e.moved, e.keys);
    QString text;
    if (job.lastChange) {
        text = (job.lastChange->kind == MembershipChange::Kind::Added
                    ? tr("%1: %2 added, N = %3 → %4: <b>%5 of %6 keys changed bucket "
                         "(%7)</b>")
                    : tr("%1: %2 removed, N = %3 → %4: <b>%5 of %6 keys changed bucket "
                         "(%7)</b>"))
                   .arg(changeHeading(document()->moveSummary().since),
                        qs(job.lastChange->id).toHtmlEscaped())
                   .arg(from)
                   .arg(to)
                   .arg(counts, of, share);
    } else {
        text = tr("What if N = %1 → %2: <b>%3 of %4 keys would change bucket (%5)</b>")
                   .arg(from)
                   .arg(to)
                   .arg(counts, of, share);
    }
    text += tr("; ideal %1 (a consistent scheme moves only 1/%2).")
                .arg(format::percent(e.ideal))
                .arg(std::max(from, to));
    if (!job.lastChange && !m_change->lastChange()) {
        text += noMembershipChangeNote();
    }
    if (job.keysTotal > e.keys) {
        text += tr(" Counted over the first %L1 of %L2 keys.").arg(e.keys).arg(job.keysTotal);
    }
    summaryLabel()->setText(text);
    e.selected = document()->selectedKey();
    m_grid->setExplanation(std::move(e));
}

void ModNPanel::refreshSelection() {
    ModNExplanation e = m_grid->explanation();
    e.selected = document()->selectedKey();
    m_grid->setExplanation(std::move(e));
}

namespace {
// The mod-N view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"modn", "modnDock", QT_TRANSLATE_NOOP("QObject", "mod-N"), 50,
     [](const ViewContext& c) -> QWidget* { return new ModNPanel(c.document, c.parent); }}};
}  // namespace

}  // namespace ringscope
