#pragma once
// The interactive ring: paints a RingScene, and turns mouse input into document calls.
// Drag follows Mandelbrot's pattern: press records the token, move updates the live ring and
// repaints, release commits one undo command.
// After a change the moved keys glide to their new owners (RingScene's migration), driven by a
// QVariantAnimation that only moves the glides and repaints.

#include <QWidget>

#include <memory>
#include <optional>

#include "ringcanvas.h"
#include "ringscene.h"

class QVariantAnimation;

namespace ringscope {

class Document;
struct Computed;

class RingWidget : public QWidget {
    Q_OBJECT
public:
    // How long moved keys glide after a change.
    static constexpr int kGlideMs = 600;

    explicit RingWidget(Document* document, QWidget* parent = nullptr);

    QSize sizeHint() const override { return {820, 820}; }
    QSize minimumSizeHint() const override { return {320, 320}; }

    // The ring's geometry in widget coordinates (for hit tests and picture tests).
    RingGeometry widgetGeometry() const;
    const RingScene& scene() const { return m_scene; }
    double zoom() const { return m_zoom; }

    // Migration you can watch: after a change the moved keys glide from their old owners'
    // tokens to their places — not after a drag (the drag showed it live), not against a pinned
    // baseline (the highlighted keys then span many changes), never above
    // RingScene::kMaxGlidingKeys. Off: every change shows at once.
    void setAnimatesChanges(bool on);
    bool animatesChanges() const { return m_animates; }
    // Whether the keys moved against the baseline can glide now (a ring, some moved, not too
    // many), and playing it: for a class, whatever the setting.
    bool canPlayChange() const;
    bool playChange();
    bool isMigrating() const { return m_scene.isMigrating(); }
    // A lesson step's highlights.
    void setEmphasis(RingScene::Emphasis emphasis);
    // Presenting to a room: larger texts and marks, high-contrast colours.
    void setPresenting(bool on);
    bool isPresenting() const { return m_scene.isPresenting(); }

public slots:
    void zoomIn();
    void zoomOut();
    void resetZoom();

signals:
    // A right click: on a token (its index), or on the ring at a position.
    void contextMenuRequested(std::optional<size_t> token, uint64_t position, QPoint globalPos);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    void rebuild();
    void refreshLive();
    // Where the widget draws the picture, and asking for a repaint of what the scene changed.
    RingScene::Frame frame() const;
    void updateChanged();
    void noticeChange();
    void stopMigration();
    QTransform transform() const;
    QPointF toLogical(QPointF widgetPoint) const;
    std::optional<size_t> tokenAt(QPointF widgetPoint) const;
    // The token under the pointer, drawn larger, with the hand cursor over it; none: neither.
    void setHover(std::optional<size_t> token);
    std::optional<size_t> keyNear(QPointF widgetPoint) const;
    QString toolTipAt(QPointF widgetPoint) const;
    void setZoom(double zoom, QPointF anchor);

    Document* m_document;
    RingScene m_scene;
    RingCanvas m_canvas;
    double m_zoom = 1.0;
    QPointF m_pan;
    std::optional<QPointF> m_panFrom;
    std::optional<size_t> m_hover;
    QVariantAnimation* m_glide;
    bool m_animates = true;
    bool m_skipNextChange = false;  // a drag's commit: it was shown live
    // The change last seen (current and baseline), so a change glides once.
    std::weak_ptr<const Computed> m_seenCurrent, m_seenBaseline;
};

}  // namespace ringscope
