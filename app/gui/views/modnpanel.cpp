#include "modnpanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "comparisonmodel.h"
#include "document.h"
#include "keyselector.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "ringscope/error.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 8;
constexpr qreal kBucketHeight = 44;
constexpr qreal kGridTop = kBucketHeight + 30;
constexpr int kColumns = 24;

}  // namespace

ModNExplanation explainModN(const Scenario& scenario, const KeySet& keys, bool grow) {
    ModNExplanation e;
    e.grow = grow;
    e.keys = keys.size();
    const Scenario now = asAlgorithm(scenario, Algorithm::ModN);
    Scenario next = now;
    if (grow) {
        NodeSpec added;
        added.id = "+1";
        next.nodes.push_back(added);
    } else if (!next.nodes.empty()) {
        next.nodes.pop_back();
    }
    for (const NodeSpec& n : now.nodes) {
        e.ids << QString::fromStdString(n.id);
    }
    e.colors = nodeColors(now.nodes);
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(now));
    const Placed before = placeKeys(now, keys, hashed);
    const Stats stats = computeStats(before.placement, before.assignment, keys);
    for (const NodeLoad& load : stats.nodes) {
        e.bucketKeys.push_back(load.keys);
    }
    const size_t grid = std::min(kModNGridKeys, keys.size());
    for (size_t k = 0; k < grid; ++k) {
        e.gridBucket.push_back(before.assignment.primary(k));
    }
    e.gridMoved.assign(grid, 0);
    if (next.nodes.empty()) {
        return e;
    }
    const Placed after = placeKeys(next, keys, hashed);
    const DiffResult d =
        diff(before.placement, before.assignment, after.placement, after.assignment, keys);
    e.moved = d.primaryMoved;
    e.ideal = d.idealFraction;
    for (const size_t k : d.changed) {
        if (k >= grid) {
            break;
        }
        e.gridMoved[k] = 1;
    }
    return e;
}

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
    const qreal rows = qreal((m_data.gridBucket.size() + kColumns - 1) / kColumns);
    const qreal cell = std::max<qreal>(
        4, std::min(w / kColumns, (height() - kGridTop - 2 * kMargin) / std::max<qreal>(1, rows)));
    for (size_t k = 0; k < m_data.gridBucket.size(); ++k) {
        m_cells.emplace_back(kMargin + qreal(k % kColumns) * cell,
                             kMargin + kGridTop + qreal(k / kColumns) * cell, cell - 2, cell - 2);
    }
}

void ModNGrid::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    for (size_t b = 0; b < m_buckets.size(); ++b) {
        p.fillRect(m_buckets[b], m_data.colors[b]);
        if (m_buckets[b].width() > 24) {
            p.setPen(contrastingText(m_data.colors[b]));
            p.drawText(m_buckets[b], Qt::AlignCenter,
                       tr("%1 · %2\n%L3 keys")
                           .arg(b)
                           .arg(m_data.ids[qsizetype(b)])
                           .arg(m_data.bucketKeys[b]));
        }
    }
    if (!m_cells.empty()) {
        p.setPen(colors.text);
        p.drawText(QRectF(kMargin, kMargin + kBucketHeight + 4, width() - 2 * kMargin, 22),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   tr("First %1 keys by bucket; ringed: changes bucket on N → N%2")
                       .arg(m_cells.size())
                       .arg(m_data.grow ? QStringLiteral("+1") : QStringLiteral("−1")));
    }
    for (size_t k = 0; k < m_cells.size(); ++k) {
        const QRectF& c = m_cells[k];
        p.setPen(Qt::NoPen);
        p.setBrush(m_data.colors[m_data.gridBucket[k]]);
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
    : QWidget(parent),
      m_document(document),
      m_key(new KeySelector(document, this)),
      m_change(new QComboBox(this)),
      m_summary(new QLabel(this)),
      m_grid(new ModNGrid(this)),
      m_job(
          this, kViewDebounceMs,
          [this] {
              return [scenario = m_document->scenario(),
                      keys = sampleKeys(m_document->computed()->keys, kModNSampleKeys),
                      total = m_document->keys().size(), grow = m_change->currentIndex() == 0] {
                  ModNJob job;
                  job.keysTotal = total;
                  try {
                      job.explanation = explainModN(scenario, *keys, grow);
                  } catch (const std::exception& error) {
                      job.error = QString::fromStdString(describeFailure(error));
                  }
                  return job;
              };
          },
          [this](ModNJob job) { show(std::move(job)); }) {
    m_change->addItem(tr("N → N+1 (add a node)"));
    m_change->addItem(tr("N → N−1 (remove the last node)"));
    m_summary->setWordWrap(true);
    auto* top = new QHBoxLayout;
    top->addWidget(m_key, 1);
    top->addWidget(m_change);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_grid, 1);
    setMinimumSize(320, 240);
    connect(m_change, &QComboBox::currentIndexChanged, this, [this] { m_job.schedule(); });
    connect(document, &Document::scenarioChanged, this, [this] { m_job.schedule(); });
    connect(document, &Document::selectedKeyChanged, this, &ModNPanel::refreshSelection);
    connect(m_grid, &ModNGrid::keyClicked, document,
            [document](size_t key) { document->setSelectedKey(key); });
    m_summary->setText(tr("Counting the keys that change bucket…"));
    m_job.schedule();
}

ModNPanel::~ModNPanel() = default;

void ModNPanel::waitForIdle() {
    m_job.waitForIdle();
}

void ModNPanel::setGrow(bool grow) {
    m_change->setCurrentIndex(grow ? 0 : 1);
}

QString ModNPanel::summary() const {
    return m_summary->text();
}

void ModNPanel::show(ModNJob job) {
    if (!job.error.isEmpty()) {
        m_summary->setText(job.error);
        m_grid->setExplanation({});
        return;
    }
    ModNExplanation& e = job.explanation;
    const bool grow = e.grow;
    const size_t n = e.ids.size();
    QString text = tr("N = %1 → %2: <b>%3 of %4 keys change bucket (%5)</b>; ideal %6 "
                      "(a consistent scheme moves only 1/%7).")
                       .arg(n)
                       .arg(grow ? n + 1 : n - 1)
                       .arg(format::count(e.moved), format::count(e.keys),
                            format::percentOf(e.moved, e.keys), format::percent(e.ideal))
                       .arg(grow ? n + 1 : n);
    if (job.keysTotal > e.keys) {
        text += tr(" Counted over the first %L1 of %L2 keys.").arg(e.keys).arg(job.keysTotal);
    }
    m_summary->setText(text);
    e.selected = m_document->selectedKey();
    m_grid->setExplanation(std::move(e));
}

void ModNPanel::refreshSelection() {
    ModNExplanation e = m_grid->explanation();
    e.selected = m_document->selectedKey();
    m_grid->setExplanation(std::move(e));
}

}  // namespace ringscope
