#include "ringgeometry.h"

#include <QLineF>
#include <QPainter>

#include <algorithm>
#include <array>
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

RingWindow RingWindow::of(const QRectF& rect, QPointF center) {
    RingWindow w;
    w.rect = rect.normalized();
    const double dx = std::max({0.0, w.rect.left() - center.x(), center.x() - w.rect.right()});
    const double dy = std::max({0.0, w.rect.top() - center.y(), center.y() - w.rect.bottom()});
    w.nearest = std::hypot(dx, dy);
    const std::array corners{w.rect.topLeft(), w.rect.topRight(), w.rect.bottomLeft(),
                             w.rect.bottomRight()};
    w.farthest = 0;
    for (const QPointF& c : corners) {
        w.farthest = std::max(w.farthest, QLineF(center, c).length());
    }
    if (w.nearest == 0) {
        return w;  // it holds the centre: every angle
    }
    // The corners' angles; the window spans the turn less its widest gap between them.
    RingGeometry g;
    g.center = center;
    std::array<double, 4> angles{};
    std::transform(corners.begin(), corners.end(), angles.begin(),
                   [&](QPointF c) { return g.angleAt(c); });
    std::sort(angles.begin(), angles.end());
    double gap = angles[0] + 360.0 - angles[3];
    w.from = angles[0];
    for (size_t i = 1; i < angles.size(); ++i) {
        if (angles[i] - angles[i - 1] > gap) {
            gap = angles[i] - angles[i - 1];
            w.from = angles[i];
        }
    }
    w.span = 360.0 - gap;
    return w;
}

RingWindow RingWindow::clipOf(const QPainter& painter, QPointF center, double margin) {
    return painter.hasClipping()
               ? of(painter.clipBoundingRect().adjusted(-margin, -margin, margin, margin), center)
               : whole();
}

bool RingWindow::meetsAngles(double fromAngle, double toAngle) const {
    if (span >= 360.0 || toAngle - fromAngle >= 360.0) {
        return true;
    }
    // Both as starts in [0, 360) and lengths; they meet when either starts within the other.
    const double a = std::fmod(fromAngle, 360.0) + (fromAngle < 0 ? 360.0 : 0.0);
    const double length = toAngle - fromAngle;
    const auto within = [](double x, double start, double extent) {
        const double d = std::fmod(x - start + 720.0, 360.0);
        return d <= extent;
    };
    return within(a, from, span) || within(from, a, length);
}

}  // namespace ringscope
