#include "redisslotspanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineF>
#include <QMouseEvent>
#include <QPainter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "comparedalgorithm.h"
#include "document.h"
#include "numberformat.h"
#include "placed.h"
#include "qstrings.h"
#include "reshard.h"
#include "ringcolors.h"
#include "ringscope/diff.h"
#include "tablefill.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

// Pixels outside the ring for the quarter labels: beside it (numbers are wide), above and below.
constexpr qreal kLabelRoomX = 64;
constexpr qreal kLabelRoomY = 38;
constexpr qreal kHandleRadius = 6;
constexpr qreal kHandleTolerance = 12;  // pixels around a handle that pick it up
constexpr uint32_t kQuarterSlots = kRedisSlots / 4;

enum Column { NodeColumn, SlotsColumn, RangesColumn, KeysColumn, BytesColumn, ColumnCount };

uint32_t slotBefore(uint32_t slot) {
    return slot == 0 ? kRedisSlots - 1 : slot - 1;
}

QString rangeText(SlotRange r) {
    return r.first == r.last ? QString::number(r.first)
                             : QStringLiteral("%1–%2").arg(r.first).arg(r.last);
}

}  // namespace

// ---------------------------------------------------------------------------------------------

RedisSlotRing::RedisSlotRing(QWidget* parent) : ExplanationPicture(parent) {
    setFocusPolicy(Qt::ClickFocus);
    m_geometry.space = kRedisSlots;
}

QSize RedisSlotRing::sizeHint() const {
    return {320, 240};
}

QSize RedisSlotRing::minimumSizeHint() const {
    return {160, 160};
}

QPointF RedisSlotRing::handlePoint(uint32_t slot) const {
    // A boundary sits between slot − 1 and slot: at the start of `slot`'s arc.
    return m_geometry.pointAtAngle(m_geometry.angleOf(slot), m_geometry.radius);
}

QPointF RedisSlotRing::slotPoint(uint32_t slot) const {
    return m_geometry.pointAt(slot, (m_geometry.radius + m_geometry.bandInner()) / 2);
}

QPainterPath RedisSlotRing::sector(uint32_t first, uint32_t last) const {
    // Slots first … last (wrapping), as the band between bandInner and radius.
    const double from = m_geometry.angleOf(first);
    const uint32_t count = (last + kRedisSlots - first) % kRedisSlots + 1;
    const double sweep = 360.0 * count / kRedisSlots;
    const QPointF c = m_geometry.center;
    const double r = m_geometry.radius;
    const double ri = m_geometry.bandInner();
    QPainterPath path;
    path.arcMoveTo(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), RingGeometry::qtAngle(from));
    path.arcTo(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), RingGeometry::qtAngle(from), -sweep);
    path.arcTo(QRectF(c.x() - ri, c.y() - ri, 2 * ri, 2 * ri), RingGeometry::qtAngle(from + sweep),
               sweep);
    path.closeSubpath();
    return path;
}

void RedisSlotRing::relayout() {
    m_geometry.center = QPointF(width() / 2.0, height() / 2.0);
    m_geometry.radius =
        std::max<qreal>(20, std::min(width() / 2.0 - kLabelRoomX, height() / 2.0 - kLabelRoomY));
    m_ranges.clear();
    m_rangeNode.clear();
    m_previewPath = {};
    m_movedPath = {};
    if (!m_data || m_data->owners.empty()) {
        return;
    }
    const auto& owners = m_data->owners;
    const std::vector<uint32_t>& b = m_data->boundaries;
    if (b.empty()) {
        m_ranges.push_back(sector(0, kRedisSlots - 1));
        m_rangeNode.push_back(owners[0]);
    }
    for (size_t i = 0; i < b.size(); ++i) {
        const uint32_t last = slotBefore(b[(i + 1) % b.size()]);
        m_ranges.push_back(sector(b[i], last));
        m_rangeNode.push_back(owners[b[i]]);
    }
    for (const SlotMove& move : m_data->moves) {
        m_movedPath.addPath(sector(move.range.first, move.range.last));
    }
    if (m_preview) {
        m_previewPath = sector(m_preview->moved.first, m_preview->moved.last);
    }
}

std::optional<uint32_t> RedisSlotRing::boundaryAt(QPointF point) const {
    if (!m_data) {
        return std::nullopt;
    }
    std::optional<uint32_t> best;
    qreal bestDistance = kHandleTolerance;
    for (const uint32_t b : m_data->boundaries) {
        const qreal d = QLineF(point, handlePoint(b)).length();
        if (d <= bestDistance) {
            best = b;
            bestDistance = d;
        }
    }
    return best;
}

uint32_t RedisSlotRing::clampedSlot(uint32_t boundary, QPointF point) const {
    // The slot under the pointer, kept strictly between the boundary's neighbours (the nearer
    // one when the pointer has gone past).
    const std::vector<uint32_t>& b = m_data->boundaries;
    const auto at = std::find(b.begin(), b.end(), boundary);
    const uint32_t previous = at == b.begin() ? b.back() : *(at - 1);
    const uint32_t next = at + 1 == b.end() ? b.front() : *(at + 1);
    const auto distance = [](uint32_t from, uint32_t to) {
        return (to + kRedisSlots - from) % kRedisSlots;
    };
    const uint32_t span = distance(previous, next) == 0 ? kRedisSlots : distance(previous, next);
    const auto slot = uint32_t(m_geometry.positionAt(point) % kRedisSlots);
    uint32_t d = distance(previous, slot);
    if (d == 0 || d >= span) {
        d = (d >= span && d - span < kRedisSlots - d) ? span - 1 : 1;
    }
    return (previous + d) % kRedisSlots;
}

void RedisSlotRing::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        return;
    }
    m_dragged = boundaryAt(event->position());
    if (m_dragged) {
        setCursor(Qt::ClosedHandCursor);
    }
}

void RedisSlotRing::mouseMoveEvent(QMouseEvent* event) {
    if (!m_dragged) {
        const auto hovered = boundaryAt(event->position());
        if (hovered != m_hovered) {
            m_hovered = hovered;
            setCursor(hovered ? Qt::OpenHandCursor : Qt::ArrowCursor);
            update();
        }
        return;
    }
    const uint32_t to = clampedSlot(*m_dragged, event->position());
    m_preview = previewReshard(*m_data, *m_dragged, to);
    m_previewPath =
        m_preview ? sector(m_preview->moved.first, m_preview->moved.last) : QPainterPath();
    emit previewChanged();
    update();
}

void RedisSlotRing::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_dragged) {
        return;
    }
    const std::optional<ReshardPreview> done = m_preview;
    cancelDrag();
    if (done) {
        emit reshardRequested(done->boundary, done->to);
    }
}

void RedisSlotRing::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && m_dragged) {
        cancelDrag();
        return;
    }
    QWidget::keyPressEvent(event);
}

void RedisSlotRing::cancelDrag() {
    const bool had = m_preview.has_value();
    m_dragged.reset();
    m_preview.reset();
    m_previewPath = {};
    unsetCursor();
    if (had) {
        emit previewChanged();
    }
    update();
}

QString RedisSlotRing::middleText() const {
    if (!m_data->isRedis) {
        return tr("No hash slots: this scenario uses %1.").arg(m_data->algorithm);
    }
    if (m_preview) {
        const ReshardPreview& r = *m_preview;
        return tr("slots %1\n%2 → %3\n%4 keys · %5")
            .arg(rangeText(r.moved), m_data->ids.value(qsizetype(r.from)),
                 m_data->ids.value(qsizetype(r.gainer)), format::count(r.keys),
                 format::bytes(r.bytes));
    }
    return tr("16,384 slots\n%1 masters").arg(m_data->ids.size());
}

QStringList RedisSlotRing::texts() const {
    QStringList out;
    if (!m_data) {
        return out;
    }
    if (m_data->isRedis) {
        for (uint32_t q = 0; q < 4; ++q) {
            out << format::count(q * kQuarterSlots);
        }
    }
    return out << middleText();
}

void RedisSlotRing::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    if (!m_data) {
        return;
    }
    if (!m_data->isRedis) {
        p.setPen(colors.faintText);
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                   middleText());
        return;
    }
    const RingGeometry& g = m_geometry;
    for (size_t i = 0; i < m_ranges.size(); ++i) {
        p.fillPath(m_ranges[i], m_colors[m_rangeNode[i]]);
    }
    // The slots that changed master since the baseline, outlined.
    p.setPen(QPen(colors.moved, 2));
    p.setBrush(Qt::NoBrush);
    p.drawPath(m_movedPath);
    if (m_preview) {
        // The slots that would change master: the taker's colour, hatched, outlined.
        p.fillPath(m_previewPath, m_colors[m_preview->gainer]);
        p.fillPath(m_previewPath, QBrush(colors.background, Qt::BDiagPattern));
        p.setPen(QPen(colors.moved, 2));
        p.drawPath(m_previewPath);
    }
    // Quarter marks: slots 0, 4096, 8192, 12288.
    p.setPen(colors.faintText);
    for (uint32_t q = 0; q < 4; ++q) {
        const uint32_t slot = q * kQuarterSlots;
        const QPointF outer = g.pointAt(slot, g.radius + 6);
        p.drawLine(g.pointAt(slot, g.radius + 1), outer);
        const QPointF at = g.pointAt(slot, g.radius + 28);
        p.drawText(QRectF(at.x() - 30, at.y() - 9, 60, 18), Qt::AlignCenter, format::count(slot));
    }
    // Handles on the boundaries.
    for (const uint32_t b : m_data->boundaries) {
        const bool hot = (m_dragged && *m_dragged == b) || (m_hovered && *m_hovered == b);
        const QPointF at =
            m_preview && m_preview->boundary == b ? handlePoint(m_preview->to) : handlePoint(b);
        p.setPen(QPen(colors.text, hot ? 2.5 : 1.5));
        p.setBrush(hot ? colors.selection : colors.background);
        p.drawEllipse(at, kHandleRadius, kHandleRadius);
    }
    // The middle: what a drag would move, else the slot count.
    const qreal inner = g.bandInner() * 0.9;
    const QRectF middle(g.center.x() - inner, g.center.y() - inner / 2, 2 * inner, inner);
    p.setPen(colors.text);
    p.drawText(middle, Qt::AlignCenter | Qt::TextWordWrap, middleText());
}

// ---------------------------------------------------------------------------------------------

RedisSlotsPanel::RedisSlotsPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_ring(new RedisSlotRing(this)),
      m_moved(new QLabel(this)),
      m_nodes(new QTableWidget(this)),
      m_data(std::make_shared<RedisSlotsExplanation>()) {
    setWork<RedisSlotsExplanation>(
        kViewDebounceMs,
        [this] {
            return [current = this->document()->computed(),
                    baseline = this->document()->baselineScenario()] {
                return explainRedisSlots(current, baseline);
            };
        },
        [this](RedisSlotsExplanation e) { present(std::move(e)); });
    m_moved->setWordWrap(true);
    m_moved->setTextFormat(Qt::PlainText);
    m_moved->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setUpReadOnlyTable(m_nodes, {tr("Master"), tr("Slots"), tr("Ranges"), tr("Keys"), tr("Bytes")});
    m_nodes->setSelectionMode(QAbstractItemView::NoSelection);
    auto* side = new QVBoxLayout;
    side->addWidget(summaryLabel());
    side->addWidget(m_moved);
    side->addWidget(m_nodes, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_ring, 1);
    layout->addLayout(side, 1);
    setMinimumSize(kTablePanelMinimumSize);
    connect(m_ring, &RedisSlotRing::reshardRequested, this, &RedisSlotsPanel::reshard);
    connect(m_ring, &RedisSlotRing::previewChanged, this, &RedisSlotsPanel::refreshPreview);
    follow({DocumentChange::Scenario, DocumentChange::Baseline});
    scheduleWork();
}

QString RedisSlotsPanel::movedText() const {
    return m_moved->text();
}

void RedisSlotsPanel::reshard(uint32_t boundary, uint32_t to) {
    const auto preview = previewReshard(*m_data, boundary, to);
    if (!preview) {
        return;
    }
    document()->edit(
        tr("Reshard slots %1 to %2")
            .arg(rangeText(preview->moved), m_data->ids.value(qsizetype(preview->gainer))),
        [boundary, to](Scenario& s) { moveSlotBoundary(s, boundary, to); });
}

void RedisSlotsPanel::present(RedisSlotsExplanation explanation) {
    m_data = std::make_shared<const RedisSlotsExplanation>(std::move(explanation));
    const RedisSlotsExplanation& e = *m_data;
    const std::vector<QColor> colors = nodeColors(e.nodes);
    m_ring->setExplanation(m_data);
    m_nodes->setVisible(e.isRedis);
    m_moved->setVisible(e.isRedis);
    if (!e.isRedis) {
        summaryLabel()->setText(
            tr("Redis Cluster places keys by hash slot; this scenario uses %1. Open the Redis "
               "Cluster preset, or pick redis-cluster as the algorithm in the Scenario panel, to "
               "see the 16,384 slots and reshard them.")
                .arg(e.algorithm));
        return;
    }
    QString text = e.defaultSplit ? tr("The split redis-cli --cluster create makes. ") : QString();
    text +=
        tr("Drag a handle on the ring to move a range boundary: the slots between go to the "
           "neighbouring master, as redis-cli --cluster reshard moves them (undoable).");
    if (!e.error.isEmpty()) {
        text = e.error;
    }
    summaryLabel()->setText(text);
    const auto rangesByNode = slotRangesByNode(e.owners, e.ids.size());
    refill(m_nodes, int(e.ids.size()), [&](int row) {
        const auto n = size_t(row);
        const auto set = [&](int column, const QString& value) {
            auto* item = new QTableWidgetItem(value);
            item->setTextAlignment(column == NodeColumn || column == RangesColumn
                                       ? Qt::AlignLeft | Qt::AlignVCenter
                                       : Qt::AlignRight | Qt::AlignVCenter);
            m_nodes->setItem(row, column, item);
            return item;
        };
        QPixmap swatch(12, 12);
        swatch.fill(colors[n]);
        set(NodeColumn, e.ids[row])->setIcon(swatch);
        QStringList ranges;
        uint64_t owned = 0;
        for (const SlotRange& r : rangesByNode[n]) {
            ranges << rangeText(r);
            owned += r.last - r.first + 1;
        }
        set(SlotsColumn, format::count(owned));
        set(RangesColumn, ranges.join(QStringLiteral(", ")));
        set(KeysColumn, n < e.nodeKeys.size() ? format::count(e.nodeKeys[n]) : QString());
        set(BytesColumn, n < e.nodeBytes.size() ? format::bytes(e.nodeBytes[n]) : QString());
    });
    m_nodes->setColumnHidden(BytesColumn, !e.hasSizes);
    refreshPreview();
}

void RedisSlotsPanel::refreshPreview() {
    const RedisSlotsExplanation& e = *m_data;
    if (const auto& p = m_ring->preview()) {
        m_moved->setText(tr("Moving slots %1 from %2 to %3 would move %4 keys (%5).")
                             .arg(rangeText(p->moved), e.ids.value(qsizetype(p->from)),
                                  e.ids.value(qsizetype(p->gainer)), format::count(p->keys),
                                  format::bytes(p->bytes)));
        return;
    }
    if (e.moves.empty()) {
        m_moved->setText(
            tr("No slots moved since the last change. Drag a boundary, or pin a "
               "baseline to measure several reshards together."));
        return;
    }
    QStringList moves;
    for (const SlotMove& m : e.moves) {
        moves << tr("%1: %2 → %3").arg(rangeText(m.range), m.from, m.to);
    }
    QString text = tr("Resharded %1. Moved %2 of %3 keys (%4)")
                       .arg(moves.join(QStringLiteral("; ")), format::count(e.keysMoved),
                            format::count(e.keys), format::percentOf(e.keysMoved, e.keys));
    if (e.hasSizes) {
        text += tr(" and %1 of %2 (%3)")
                    .arg(format::bytes(e.bytesMoved), format::bytes(e.totalBytes),
                         format::percent(e.bytesMovedFraction));
    }
    m_moved->setText(text + u'.');
}

namespace {
// The Redis slots view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"redis-slots", "redisSlotsDock", QT_TRANSLATE_NOOP("QObject", "Redis slots"), 80,
     [](const ViewContext& c) -> QWidget* { return new RedisSlotsPanel(c.document, c.parent); }}};
}  // namespace

}  // namespace ringscope
