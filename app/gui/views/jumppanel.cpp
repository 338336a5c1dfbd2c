#include "jumppanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

#include "comparisonmodel.h"
#include "document.h"
#include "keyselector.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "ringscope/jump.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 8;
constexpr qreal kLabelWidth = 128;  // fits "renumber / 12,345 keys move"
constexpr qreal kHopSpace = 70;
constexpr qreal kRowHeight = 30;
constexpr qreal kRowGap = 22;

// A repaired table names the old node indices; the scenario without the removed node numbers
// the later nodes one lower.
std::vector<uint32_t> withoutNode(std::vector<uint32_t> table, uint32_t removed) {
    for (uint32_t& node : table) {
        node -= node > removed ? 1 : 0;
    }
    return table;
}

}  // namespace

std::vector<uint32_t> jumpTableOf(const Scenario& scenario) {
    if (scenario.algorithm == Algorithm::Jump && !scenario.jumpBuckets.empty()) {
        return scenario.jumpBuckets;
    }
    std::vector<uint32_t> table(scenario.nodes.size());
    std::iota(table.begin(), table.end(), 0u);
    return table;
}

JumpRemovalResult jumpRemoval(const Scenario& scenario, const KeySet& keys, size_t bucket) {
    JumpRemovalResult r;
    Scenario before = asAlgorithm(scenario, Algorithm::Jump);
    before.jumpBuckets = jumpTableOf(scenario);
    if (bucket >= before.jumpBuckets.size() || before.jumpBuckets.size() < 2) {
        return r;
    }
    r.bucket = bucket;
    r.keys = keys.size();
    r.renumber = jumpRemoveRenumber(before.jumpBuckets, bucket);
    r.moveLast = jumpRemoveMoveLast(before.jumpBuckets, bucket);
    const uint32_t removed = before.jumpBuckets[bucket];
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(before));
    const Placed now = placeKeys(before, keys, hashed);
    const auto movedBy = [&](const std::vector<uint32_t>& table) {
        Scenario after = before;
        after.nodes.erase(after.nodes.begin() + removed);
        after.jumpBuckets = withoutNode(table, removed);
        const Placed then = placeKeys(after, keys, hashed);
        const DiffResult d =
            diff(now.placement, now.assignment, then.placement, then.assignment, keys);
        r.ideal = d.idealFraction;
        return d.primaryMoved;
    };
    r.movedRenumber = movedBy(r.renumber);
    r.movedMoveLast = movedBy(r.moveLast);
    return r;
}

// ---------------------------------------------------------------------------------------------

JumpStrip::JumpStrip(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize JumpStrip::sizeHint() const {
    return {480, int(2 * kMargin + kHopSpace + 3 * kRowHeight + 2 * kRowGap + 18)};
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
    const size_t n = m_data.table.size();
    if (n == 0) {
        return;
    }
    const qreal left = kMargin + kLabelWidth;
    const qreal cell = std::max<qreal>(2, (width() - left - kMargin) / qreal(n));
    const auto row = [&](size_t count, qreal top) {
        std::vector<QRectF> cells;
        for (size_t b = 0; b < count; ++b) {
            cells.emplace_back(left + qreal(b) * cell, top, cell - (cell > 6 ? 2 : 0), kRowHeight);
        }
        return cells;
    };
    const qreal top = kMargin + kHopSpace;
    m_rows.push_back(row(n, top));
    if (m_data.hasRemoval) {
        m_rows.push_back(row(m_data.removal.renumber.size(), top + kRowHeight + kRowGap));
        m_rows.push_back(row(m_data.removal.moveLast.size(), top + 2 * (kRowHeight + kRowGap)));
    }
    for (size_t i = 0; i + 1 < m_data.sequence.size(); ++i) {
        const QRectF a = m_rows[0][size_t(m_data.sequence[i])];
        const QRectF b = m_rows[0][size_t(m_data.sequence[i + 1])];
        const QPointF from(a.center().x(), a.top());
        const QPointF to(b.center().x(), b.top());
        const qreal lift = std::min(kHopSpace - 14, 16 + std::abs(to.x() - from.x()) * 0.35);
        QPainterPath hop(from);
        hop.cubicTo(from - QPointF(0, lift), to - QPointF(0, lift), to);
        m_hops.push_back(hop);
    }
}

void JumpStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    if (m_rows.empty()) {
        return;
    }
    const auto drawRow = [&](size_t r, const std::vector<uint32_t>& table, const QString& label) {
        const std::vector<QRectF>& cells = m_rows[r];
        p.setPen(colors.text);
        p.drawText(QRectF(kMargin, cells.front().top() - 4, kLabelWidth - 6, kRowHeight + 8),
                   Qt::AlignRight | Qt::AlignVCenter, label);
        for (size_t b = 0; b < cells.size(); ++b) {
            p.fillRect(cells[b], m_data.colors[table[b]]);
            if (cells[b].width() >= 16) {
                p.setPen(contrastingText(m_data.colors[table[b]]));
                p.drawText(cells[b], Qt::AlignCenter, m_data.ids[qsizetype(table[b])]);
            }
            if (cells[b].width() >= 12 && (cells.size() <= 32 || b % 10 == 0)) {
                p.setPen(colors.faintText);
                p.drawText(QRectF(cells[b].left(), cells[b].bottom(), cells[b].width(), 14),
                           Qt::AlignHCenter | Qt::AlignTop, QString::number(b));
            }
        }
    };
    drawRow(0, m_data.table, tr("buckets"));
    if (m_data.hasRemoval) {
        const JumpRemovalResult& r = m_data.removal;
        drawRow(1, r.renumber, tr("renumber\n%L1 keys move").arg(r.movedRenumber));
        drawRow(2, r.moveLast, tr("move last\n%L1 keys move").arg(r.movedMoveLast));
        // The removed bucket, crossed out in the current strip.
        p.setPen(QPen(colors.moved, 2));
        const QRectF gone = m_rows[0][r.bucket];
        p.drawLine(gone.topLeft(), gone.bottomRight());
        p.drawLine(gone.bottomLeft(), gone.topRight());
    }
    // The jump sequence: one hop per loop turn, numbered; the answer outlined.
    p.setPen(QPen(colors.walk, 2));
    p.setBrush(Qt::NoBrush);
    for (size_t i = 0; i < m_hops.size(); ++i) {
        p.drawPath(m_hops[i]);
        const QPointF mid = m_hops[i].pointAtPercent(0.5);
        p.drawText(QRectF(mid.x() - 10, mid.y() - 16, 20, 14), Qt::AlignCenter,
                   QString::number(i + 1));
    }
    if (!m_data.sequence.empty()) {
        p.setPen(colors.text);
        p.drawText(QRectF(kMargin, kMargin, kLabelWidth - 6, kHopSpace - 8),
                   Qt::AlignRight | Qt::AlignVCenter, tr("jumps of\n%1").arg(m_data.key));
        p.setPen(QPen(colors.selection, 4));
        p.drawRect(m_rows[0][size_t(m_data.sequence.back())].adjusted(-2, -2, 2, 2));
    }
}

// ---------------------------------------------------------------------------------------------

JumpPanel::JumpPanel(Document* document, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_key(new KeySelector(document, this)),
      m_remove(new QComboBox(this)),
      m_summary(new QLabel(this)),
      m_strip(new JumpStrip(this)),
      m_job(
          this, kViewDebounceMs,
          [this] {
              return [scenario = m_document->scenario(),
                      keys = sampleKeys(m_document->computed()->keys, kJumpSampleKeys),
                      total = m_document->keys().size(), bucket = m_remove->currentIndex()] {
                  JumpRemovalJob job;
                  job.keysTotal = total;
                  if (bucket < 0) {
                      return job;
                  }
                  try {
                      job.removal = jumpRemoval(scenario, *keys, size_t(bucket));
                      job.done = true;
                  } catch (const std::exception& error) {
                      job.error = QString::fromStdString(describeFailure(error));
                  }
                  return job;
              };
          },
          [this](JumpRemovalJob job) {
              m_removal = std::move(job);
              refresh();
          }) {
    m_summary->setWordWrap(true);
    auto* removeRow = new QHBoxLayout;
    removeRow->addWidget(new QLabel(tr("Remove:"), this));
    removeRow->addWidget(m_remove, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_key);
    layout->addLayout(removeRow);
    layout->addWidget(m_strip);
    layout->addWidget(m_summary);
    layout->addStretch(1);
    setMinimumSize(320, 240);
    connect(m_remove, &QComboBox::currentIndexChanged, this, [this] { m_job.schedule(); });
    connect(document, &Document::scenarioChanged, this, [this] {
        refillBuckets();
        m_removal = {};
        refresh();
        m_job.schedule();
    });
    connect(document, &Document::selectedKeyChanged, this, &JumpPanel::refresh);
    refillBuckets();
    refresh();
    m_job.schedule();
}

JumpPanel::~JumpPanel() = default;

void JumpPanel::waitForIdle() {
    m_job.waitForIdle();
}

void JumpPanel::setRemovedBucket(size_t bucket) {
    m_remove->setCurrentIndex(int(bucket));
}

QString JumpPanel::summary() const {
    return m_summary->text();
}

void JumpPanel::refillBuckets() {
    const Scenario& s = m_document->scenario();
    const std::vector<uint32_t> table = jumpTableOf(s);
    const int keep = m_remove->currentIndex();
    const QSignalBlocker block(m_remove);
    m_remove->clear();
    for (size_t b = 0; b < table.size(); ++b) {
        m_remove->addItem(
            tr("bucket %1 (node %2)").arg(b).arg(QString::fromStdString(s.nodes[table[b]].id)));
    }
    // Default: a middle node, where renumbering hurts.
    m_remove->setCurrentIndex(keep >= 0 && keep < int(table.size()) ? keep : int(table.size() / 2));
}

void JumpPanel::refresh() {
    const Document& doc = *m_document;
    const Scenario& s = doc.scenario();
    JumpExplanation e;
    e.table = jumpTableOf(s);
    for (const NodeSpec& n : s.nodes) {
        e.ids << QString::fromStdString(n.id);
    }
    e.colors = nodeColors(s.nodes);
    const auto key = shownKey(doc);
    if (key && !e.table.empty()) {
        e.key = QString::fromStdString(doc.keys().names[*key]);
        e.hash = doc.hashedKeys().hash64[*key];
        e.sequence = jumpSequence(e.hash, int32_t(e.table.size()));
    }
    QString text;
    if (!m_removal.error.isEmpty()) {
        text = m_removal.error;
    } else if (m_removal.done && e.table.size() >= 2) {
        e.removal = m_removal.removal;
        e.hasRemoval = true;
        const JumpRemovalResult& r = e.removal;
        text = tr("Removing bucket %1: renumbering moves %2 keys (%3), moving the last node "
                  "into the gap moves %4 (%5); ideal %6.")
                   .arg(r.bucket)
                   .arg(format::count(r.movedRenumber), format::percentOf(r.movedRenumber, r.keys),
                        format::count(r.movedMoveLast), format::percentOf(r.movedMoveLast, r.keys),
                        format::percent(r.ideal));
        if (m_removal.keysTotal > r.keys) {
            text +=
                tr(" Counted over the first %L1 of %L2 keys.").arg(r.keys).arg(m_removal.keysTotal);
        }
    } else if (e.table.size() >= 2) {
        text = tr("Counting what removing a bucket moves…");
    }
    if (!e.sequence.empty()) {
        QStringList hops;
        for (const int32_t b : e.sequence) {
            hops << QString::number(b);
        }
        text = tr("Key %1 (hash %2) visits buckets %3 and lands in bucket %4. ")
                   .arg(e.key)
                   .arg(e.hash)
                   .arg(hops.join(QStringLiteral(" → ")))
                   .arg(e.sequence.back()) +
               text;
    }
    m_summary->setText(text);
    m_strip->setExplanation(std::move(e));
}

}  // namespace ringscope
