#pragma once
// The ring picture: worked out from the document into cached QPainterPaths in a fixed logical
// square (Analog Clock style), then painted by whoever holds a QPainter: the ring widget, the
// PNG/SVG export and `ringscope-cli render` all draw the same thing.
//
// Cost: rebuilding is O(T) for up to kExactTokens tokens (else O(bins)) plus O(K) for key dots
// or O(K) once for the density bins; a live drag step re-counts only the bins its key ranges
// touch. Painting draws a bounded number of paths, independent of the key count.

#include <QColor>
#include <QFont>
#include <QPainterPath>
#include <QString>
#include <QTransform>

#include <optional>
#include <vector>

#include "ringcolors.h"
#include "ringgeometry.h"

class QPainter;

namespace ringscope {

struct RingSnapshot;

class RingScene {
public:
    static constexpr double kLogicalSize = 1000.0;
    static constexpr size_t kExactTokens = 2048;  // above: ownership sampled per bin
    static constexpr size_t kMaxKeyDots = 1500;   // above: a density band
    static constexpr size_t kArcBins = 2880;
    static constexpr size_t kKeyBins = 720;

    RingScene();

    // Everything from one state of the document (or of `ringscope-cli render`).
    void rebuild(const RingSnapshot& snapshot);
    // After a live drag step: ownership, handles, moved keys, walk and counts.
    // `allKeys` re-counts every key's change; otherwise only the last live key ranges.
    void refreshLive(const RingSnapshot& snapshot, bool allKeys = true);
    void setColors(const RingColors& colors);
    void setHighlightedToken(std::optional<size_t> token);

    // The geometry in logical coordinates, and the transform that fits the logical square into
    // a device rectangle (zoom around its centre, then pan in device pixels).
    const RingGeometry& geometry() const { return m_geometry; }
    static QTransform transformFor(const QRectF& target, double zoom = 1.0, QPointF pan = {});

    // Paints in logical coordinates: the painter must already carry transformFor(...).
    void paint(QPainter& painter) const;
    // Paints into a device rectangle (background included).
    void paintInto(QPainter& painter, const QRectF& target) const;

    bool showsKeyDots() const { return m_keyDots; }
    bool showsTokenHandles() const { return m_tokenHandles; }
    double keyDotRadius() const { return m_dotRadius; }

private:
    struct Arc {
        double from;  // fractions of the turn; `to` may pass 1 when the arc wraps
        double to;
        uint32_t node;
    };
    struct Text {
        QPointF at;
        QString text;
        QColor color;
        int size;
        Qt::Alignment align;
        bool bold;
    };

    void collectArcs(const RingSnapshot& snapshot);
    void collectKeys(const RingSnapshot& snapshot);
    void refreshKeyChanges(const RingSnapshot& snapshot, bool all);
    void buildArcPaths();
    void buildHandlePaths(const RingSnapshot& snapshot);
    void buildKeyPaths();
    void buildTicks();
    void buildWalk(const RingSnapshot& snapshot);
    void buildTexts(const RingSnapshot& snapshot);
    void appendSector(QPainterPath& path, double fromAngle, double toAngle, double inner,
                      double outer) const;
    void addText(QPointF at, const QString& text, const QColor& color, int size,
                 Qt::Alignment align, bool bold = false);

    RingGeometry m_geometry;
    RingColors m_colors;
    bool m_isRing = true;
    QString m_message;

    // Position-domain data.
    std::vector<QString> m_ids;
    std::vector<QColor> m_nodeColors;
    std::vector<bool> m_down;  // per node: down (greyed and hatched)
    std::vector<Arc> m_arcs;
    std::vector<uint64_t> m_tokenPos;
    std::vector<uint32_t> m_tokenNode;
    bool m_tokenHandles = true;
    bool m_keyDots = true;
    double m_dotRadius = 4;
    std::vector<uint64_t> m_dotPos;    // key dots, position order
    std::vector<uint8_t> m_dotChange;  // KeyChange per dot
    std::vector<size_t> m_binFirst;    // first key rank of each density bin (+ end)
    std::vector<uint32_t> m_binCount, m_binMoved, m_binReplica;
    std::optional<size_t> m_highlight;
    std::optional<size_t> m_dragged;
    std::optional<size_t> m_selectedNode;  // its arcs are outlined, its legend row bold

    // Paths and texts in logical coordinates.
    std::vector<QPainterPath> m_nodePaths;
    std::vector<QPainterPath> m_handlePaths;
    QPainterPath m_specialHandle;
    QPainterPath m_ticks;
    QPainterPath m_keyPath, m_movedPath, m_replicaPath;
    QPainterPath m_walkArc, m_walkChosen, m_walkSkipped, m_selectedKey;
    std::vector<Text> m_staticTexts;  // ticks and titles: rebuilt with the data
    std::vector<Text> m_texts;        // labels, legend and summary: rebuilt on live changes
    std::vector<QColor> m_legendSwatch;
    std::vector<QRectF> m_legendRects;
    QFont m_font;
};

}  // namespace ringscope
