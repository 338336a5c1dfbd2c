#pragma once
// The ring picture on a screen that keeps its pixels between frames (a widget's backing store,
// an image): each frame paints again only what the scene changed since the frame before, so a
// drag step costs the moved token's arcs, the key bins and the texts it changed, not the picture.
// While keys glide it keeps the picture under them, and each frame copies that and paints the
// glides and what lies over them.
//
// Cost: damage() is O(changes kept) plus the legend's layout; paint() is the damaged area's
// shapes (RingWindow) and, while keys glide, one copy of the damaged pixels.

#include <QImage>
#include <QRegion>

#include <cstdint>
#include <vector>

#include "ringlegend.h"
#include "ringscene.h"

class QPainter;

namespace ringscope {

class RingCanvas {
public:
    // The device region of `frame` to paint again for what `scene` changed since this canvas
    // last painted it: all of the frame when the frame itself changed (size, zoom, pan, ring
    // scale), the scene cannot say, or nothing was painted yet.
    QRegion damage(const RingScene& scene, const RingScene::Frame& frame) const;
    // Paints `region` of `frame` (device pixels). `onScreen`: into the pixels the canvas keeps
    // (what lies outside `region` is its last paint), and the scene's version and the frame are
    // remembered as painted; otherwise (a grab into another image) they are left as they were.
    void paint(QPainter& painter, const RingScene& scene, const RingScene::Frame& frame,
               const QRegion& region, bool onScreen = true);
    // Forgets what was painted: the next damage is the whole frame.
    void clear() { m_painted = false; }

    // Above this many separate damaged rectangles one rectangle around them is painted.
    static constexpr size_t kMaxRects = 12;
    // Above this many rectangles of damage or of a region, one around them is worked with.
    static constexpr size_t kMaxRegionRects = 64;
    // The rectangles paint() painted last, for tests and benchmarks.
    const std::vector<QRect>& lastRects() const { return m_lastRects; }

private:
    // The picture under the gliding keys, for the scene's version and the frame.
    void keepUnder(const RingScene& scene, const RingScene::Frame& frame, qreal pixelRatio);

    bool m_painted = false;
    uint64_t m_version = 0;
    RingScene::Frame m_frame;
    RingLegend::Layout m_legend;
    std::vector<QRect> m_lastRects;
    QImage m_under;
    bool m_underValid = false;
    uint64_t m_underVersion = 0;
    RingScene::Frame m_underFrame;
};

// `rects` joined where they meet or overlap, at most `most` (else one around them all).
std::vector<QRect> joinedRects(std::vector<QRect> rects, size_t most);

}  // namespace ringscope
