#pragma once
// The Redis Cluster view: the 16,384 hash slots as the ring, each master's slot ranges in its
// colour, a handle on every boundary between ranges. Dragging a handle reshards (as
// `redis-cli --cluster reshard` moves slots): the preview shows the slots, keys and bytes that
// would move; the release is one undoable edit of the document (reshard.h), after which the
// core's diff says what moved.

#include <QPainterPath>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "analysispanel.h"
#include "explanationpicture.h"
#include "redisslotsanalysis.h"
#include "ringgeometry.h"

class QLabel;
class QTableWidget;

namespace ringscope {

class Document;

class RedisSlotRing : public ExplanationPicture<RedisSlotsExplanation> {
    Q_OBJECT
public:
    explicit RedisSlotRing(QWidget* parent = nullptr);
    const RingGeometry& geometry() const { return m_geometry; }
    // Where boundary `slot`'s handle sits, and the point on the band of a slot (tests, xdotool).
    QPointF handlePoint(uint32_t slot) const;
    QPointF slotPoint(uint32_t slot) const;
    const std::optional<ReshardPreview>& preview() const { return m_preview; }
    // The texts it draws: the quarter marks and the middle (what a drag would move).
    QStringList texts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user released a dragged boundary at a new slot.
    void reshardRequested(uint32_t boundary, uint32_t to);
    void previewChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

    void explanationSet() override { cancelDrag(); }
    void relayout() override;

private:
    QString middleText() const;
    QPainterPath sector(uint32_t first, uint32_t last) const;
    std::optional<uint32_t> boundaryAt(QPointF point) const;
    uint32_t clampedSlot(uint32_t boundary, QPointF point) const;
    void cancelDrag();

    RingGeometry m_geometry;
    std::vector<QPainterPath> m_ranges;  // one per maximal range
    std::vector<uint32_t> m_rangeNode;
    std::optional<uint32_t> m_dragged;
    std::optional<uint32_t> m_hovered;
    std::optional<ReshardPreview> m_preview;
    QPainterPath m_previewPath;
    QPainterPath m_movedPath;  // slots moved since the baseline
};

class RedisSlotsPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit RedisSlotsPanel(Document* document, QWidget* parent = nullptr);

    RedisSlotRing& ring() { return *m_ring; }
    const RedisSlotsExplanation& explanation() const { return *m_data; }
    const QTableWidget& nodeTable() const { return *m_nodes; }
    QString movedText() const;

private:
    void present(RedisSlotsExplanation explanation);
    void refreshPreview();
    void reshard(uint32_t boundary, uint32_t to);

    RedisSlotRing* m_ring;
    QLabel* m_moved;
    QTableWidget* m_nodes;
    std::shared_ptr<const RedisSlotsExplanation> m_data;
};

}  // namespace ringscope
