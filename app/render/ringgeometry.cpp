#include "ringgeometry.h"

#include <QLineF>

#include <cmath>
#include <numbers>

#include "ringscope/ring.h"

namespace ringscope {

double RingGeometry::fractionOf(uint64_t position) const {
    return static_cast<double>(static_cast<long double>(position) / spaceSizeLong(space));
}

QPointF RingGeometry::pointAtAngle(double clockAngle, double r) const {
    const double a = clockAngle * std::numbers::pi / 180.0;
    return {center.x() + r * std::sin(a), center.y() - r * std::cos(a)};
}

double RingGeometry::angleAt(QPointF p) const {
    const double dx = p.x() - center.x();
    const double dy = center.y() - p.y();
    double a = std::atan2(dx, dy) * 180.0 / std::numbers::pi;
    return a < 0 ? a + 360.0 : a;
}

double RingGeometry::distanceFromCenter(QPointF p) const {
    return QLineF(center, p).length();
}

uint64_t RingGeometry::positionAtFraction(double fraction) const {
    const long double size = spaceSizeLong(space);
    long double x = std::round(static_cast<long double>(fraction) * size);
    if (x >= size || x < 0) {
        x = 0;  // the full turn wraps back to position 0
    }
    return static_cast<uint64_t>(x);
}

uint64_t RingGeometry::positionAt(QPointF p) const {
    return positionAtFraction(angleAt(p) / 360.0);
}

std::optional<size_t> RingGeometry::tokenAt(QPointF p, const Ring& ring, double tolerance) const {
    if (ring.empty() || std::abs(distanceFromCenter(p) - radius) > tolerance) {
        return std::nullopt;
    }
    const size_t after = ring.lowerBound(positionAt(p)) % ring.size();
    std::optional<size_t> best;
    double bestDistance = tolerance;
    for (const size_t t : {after, ring.predecessor(after)}) {
        const double d = QLineF(pointAt(ring.position(t), radius), p).length();
        if (d <= bestDistance) {
            best = t;
            bestDistance = d;
        }
    }
    return best;
}

}  // namespace ringscope
