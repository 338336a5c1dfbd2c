#pragma once
// Where things sit on the drawn ring: hash positions <-> angles <-> widget points.
// A pure value type (like QDial's valueFromPoint), tested in both directions.

#include <QPointF>
#include <QRectF>

#include <cstdint>
#include <limits>
#include <optional>

class QPainter;

namespace ringscope {

class Ring;

struct RingGeometry {
    QPointF center{0, 0};
    double radius = 100;   // outer edge of the ownership band, where token handles sit
    uint64_t space = 100;  // 0 stands for 2^64

    // Radii of the drawing's circles, as fractions of `radius`.
    double bandInner() const { return radius * 0.86; }
    double keyRadius() const { return radius * 0.74; }
    double densityInner() const { return radius * 0.62; }
    double walkRadius() const { return radius * 0.93; }
    // Client B's ring inside (RingSnapshot::clientB): its band and its keys.
    double clientInner() const { return radius * 0.51; }
    double clientOuter() const { return radius * 0.57; }
    double clientKeyRadius() const { return radius * 0.48; }

    // Position -> fraction of the turn in [0, 1). Exact for every space, including 2^64.
    double fractionOf(uint64_t position) const;
    // Degrees clockwise from 12 o'clock, [0, 360).
    double angleOf(uint64_t position) const { return fractionOf(position) * 360.0; }
    // The same angle in QPainter's convention (counter-clockwise from 3 o'clock), for arcTo.
    static double qtAngle(double clockAngle) { return 90.0 - clockAngle; }
    QPointF pointAtAngle(double clockAngle, double r) const;
    QPointF pointAt(uint64_t position, double r) const {
        return pointAtAngle(angleOf(position), r);
    }

    // The clock angle of a point (atan2 around the centre), [0, 360).
    double angleAt(QPointF p) const;
    double distanceFromCenter(QPointF p) const;
    // The position nearest to the angle of `p` (round-trips with angleOf).
    uint64_t positionAt(QPointF p) const;
    uint64_t positionAtFraction(double fraction) const;

    // The token whose handle is within `tolerance` pixels of `p`, nearest first. O(log T).
    std::optional<size_t> tokenAt(QPointF p, const Ring& ring, double tolerance) const;
};

// The part of a ring picture a painter's clip lets through, seen from the ring's centre: what a
// repaint of a small damaged area uses to skip the arcs, keys and handles outside it (Qt
// rasterises a whole path even when the clip keeps a few pixels of it).
struct RingWindow {
    QRectF rect;         // logical units; null: the whole picture
    double nearest = 0;  // the least and greatest distance of its points from the centre
    double farthest = std::numeric_limits<double>::infinity();
    double from = 0;    // clock degrees where it starts, [0, 360)
    double span = 360;  // clockwise from `from`; 360 when it holds the centre

    // Everything.
    static RingWindow whole() { return {}; }
    // The window of `rect` (logical units) around `center`. O(1).
    static RingWindow of(const QRectF& rect, QPointF center);
    // The window of `painter`'s clip (logical units) widened by `margin` (the widest pen's
    // reach past a shape, so a shape cut at the clip's edge is drawn as in the whole picture),
    // or the whole picture without a clip.
    static RingWindow clipOf(const QPainter& painter, QPointF center, double margin);
    // Whether a circle of `radius` around `at` meets it.
    bool meetsCircle(QPointF at, double radius) const {
        return meets(QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius));
    }

    bool isWhole() const { return rect.isNull(); }
    // Whether the ring between radii `inner` and `outer` passes through it.
    bool reaches(double inner, double outer) const { return outer >= nearest && inner <= farthest; }
    // Whether the clock angles [fromAngle, toAngle] (toAngle may pass 360) meet it.
    bool meetsAngles(double fromAngle, double toAngle) const;
    // Whether `box` (logical units) meets it.
    bool meets(const QRectF& box) const { return isWhole() || rect.intersects(box); }
};

}  // namespace ringscope
