#pragma once
// Migration you can watch: every key whose primary moved against the baseline glides from the
// token that held it there (the q of its old arc (p, q]; with bounded loads, its old owner's first
// token on the key's walk) to its own place, in its old owner's colour turning to the "moved" red.
// The ring picture (RingScene) says which keys moved and where they are drawn; this works the
// glides out once per change and places them on each frame, so painting stays painting only.

#include <QColor>
#include <QPainterPath>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ringgeometry.h"

class QPainter;

namespace ringscope {

struct Computed;

// A key whose primary moved, and where it is drawn now (its position on the ring).
struct GlidingKey {
    size_t key;
    uint64_t position;
};

class RingMigration {
public:
    // The glides of `keys` from their owners in `before` (its ring, assignment and node colours)
    // to their places in `now`, drawn as dots of `dotRadius`. False, and nothing to show, when
    // `before` has no ring or no key moved. O(moved) plus each key's walk to its old owner.
    bool prepare(const Computed& before, const RingGeometry& now, std::span<const GlidingKey> keys,
                 double dotRadius, const QColor& moved);
    // Places the gliding keys at `progress` (0: at their old tokens, 1: home); the caller eases
    // it. O(moved).
    void setProgress(double progress, const RingGeometry& now, const QColor& moved);
    // Back to no migration at all.
    void clear();
    bool isActive() const { return !m_glides.empty(); }
    // Fills this frame's gliding keys (logical coordinates, as RingScene::paint): on pixels, one
    // dot per old owner copied to each key's place; in a vector picture, a shape per key.
    void paint(QPainter& painter) const;

private:
    // One glide per moved key, grouped by old owner; one colour per group per frame.
    struct Glide {
        double toAngle;  // the key's own place
        double sweep;    // degrees counter-clockwise from the old token to the key
        double toRadius;
    };
    std::vector<Glide> m_glides;
    std::vector<size_t> m_groupFirst;  // per group, its first glide (+ end)
    std::vector<QColor> m_from;        // per group, the old owner's colour
    std::vector<QPointF> m_at;         // per glide, where it is drawn now (setProgress)
    std::vector<QColor> m_colors;      // per group, its colour now
    double m_dot = 4;
};

}  // namespace ringscope
