#pragma once
// The interactive ring: paints a RingScene, and turns mouse input into document calls.
// Drag follows Mandelbrot's pattern: press records the token, move updates the live ring and
// repaints, release commits one undo command.

#include <QWidget>

#include <optional>

#include "ringscene.h"

namespace ringscope {

class Document;

class RingWidget : public QWidget {
    Q_OBJECT
public:
    explicit RingWidget(Document* document, QWidget* parent = nullptr);

    QSize sizeHint() const override { return {820, 820}; }
    QSize minimumSizeHint() const override { return {320, 320}; }

    // The ring's geometry in widget coordinates (for hit tests and picture tests).
    RingGeometry widgetGeometry() const;
    const RingScene& scene() const { return m_scene; }
    double zoom() const { return m_zoom; }

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
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    void rebuild();
    void refreshLive();
    QTransform transform() const;
    QPointF toLogical(QPointF widgetPoint) const;
    std::optional<size_t> tokenAt(QPointF widgetPoint) const;
    std::optional<size_t> keyNear(QPointF widgetPoint) const;
    QString toolTipAt(QPointF widgetPoint) const;
    void setZoom(double zoom, QPointF anchor);

    Document* m_document;
    RingScene m_scene;
    double m_zoom = 1.0;
    QPointF m_pan;
    std::optional<QPointF> m_panFrom;
    std::optional<size_t> m_hover;
};

}  // namespace ringscope
