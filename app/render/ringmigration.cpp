#include "ringmigration.h"

#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <array>
#include <cmath>

#include "computed.h"
#include "ringcolors.h"

namespace ringscope {

namespace {

// A gliding key is drawn as an octagon: at a few pixels across it reads as a dot, and it fills
// several times faster than an ellipse's Bezier curves.
const std::array<QPointF, 8> kUnitOctagon = [] {
    std::array<QPointF, 8> out{};
    for (size_t v = 0; v < out.size(); ++v) {
        const double a = (double(v) + 0.5) * M_PI / 4;
        out[v] = QPointF(std::cos(a), std::sin(a));
    }
    return out;
}();

}  // namespace

bool RingMigration::prepare(const Computed& before, const RingGeometry& now,
                            std::span<const GlidingKey> keys, double dotRadius,
                            const QColor& moved) {
    clear();
    if (!before.placement.hasRing() || before.placement.ring().empty() || keys.empty()) {
        return false;
    }
    const Ring& ring = before.placement.ring();
    RingGeometry was = now;
    was.space = before.scenario.space;
    const std::vector<QColor> wasColors = nodeColors(before.scenario.nodes);
    struct Start {
        uint32_t owner;
        Glide glide;
    };
    std::vector<Start> starts;
    starts.reserve(keys.size());
    for (const GlidingKey& k : keys) {
        // The key glides from the token that held it: its old owner's first token at or after
        // the key (the successor, unless bounded loads walked the key past full nodes).
        size_t token = ring.successor(before.hashed->positionOf(k.key));
        const uint32_t owner =
            k.key < before.assignment.size() ? before.assignment.primary(k.key) : ring.node(token);
        for (size_t step = 0; step < ring.size() && ring.node(token) != owner; ++step) {
            token = (token + 1) % ring.size();
        }
        const double from = was.angleOf(ring.position(token));
        const double to = now.angleOf(k.position);
        starts.push_back(
            {ring.node(token), {to, std::fmod(from - to + 720.0, 360.0), now.keyRadius()}});
    }
    std::stable_sort(starts.begin(), starts.end(),
                     [](const Start& a, const Start& b) { return a.owner < b.owner; });
    for (size_t i = 0; i < starts.size(); ++i) {
        if (i == 0 || starts[i].owner != starts[i - 1].owner) {
            m_groupFirst.push_back(i);
            m_from.push_back(starts[i].owner < wasColors.size() ? wasColors[starts[i].owner]
                                                                : moved);
        }
        m_glides.push_back(starts[i].glide);
    }
    m_groupFirst.push_back(m_glides.size());
    m_dot = dotRadius;
    setProgress(0.0, now, moved);
    return true;
}

void RingMigration::setProgress(double progress, const RingGeometry& now, const QColor& moved) {
    const size_t groups = m_from.size();
    m_at.resize(m_glides.size());
    m_colors.resize(groups);
    const double t = std::clamp(progress, 0.0, 1.0);
    const double from = now.radius;
    for (size_t i = 0; i < m_glides.size(); ++i) {
        const Glide& glide = m_glides[i];
        m_at[i] = now.pointAtAngle(glide.toAngle + glide.sweep * (1.0 - t),
                                   from + (glide.toRadius - from) * t);
    }
    for (size_t g = 0; g < groups; ++g) {
        const QColor a = m_from[g];
        const QColor& b = moved;
        m_colors[g] = QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                                       float(a.greenF() + (b.greenF() - a.greenF()) * t),
                                       float(a.blueF() + (b.blueF() - a.blueF()) * t));
    }
}

void RingMigration::clear() {
    m_glides.clear();
    m_groupFirst.clear();
    m_from.clear();
    m_at.clear();
    m_colors.clear();
}

void RingMigration::paint(QPainter& painter) const {
    if (m_at.size() != m_glides.size()) {
        return;  // not placed yet
    }
    const QTransform t = painter.transform();
    const bool raster = painter.paintEngine() &&
                        painter.paintEngine()->type() == QPaintEngine::Raster &&
                        t.type() <= QTransform::TxScale && t.m11() == t.m22();
    const auto octagon = [&](QPointF at, double radius) {
        QPolygonF dot(8);
        for (size_t v = 0; v < 8; ++v) {
            dot[int(v)] = at + radius * kUnitOctagon[v];
        }
        return dot;
    };
    if (!raster) {  // a vector picture: each dot a shape
        for (size_t g = 0; g + 1 < m_groupFirst.size(); ++g) {
            QPainterPath path;
            path.setFillRule(Qt::WindingFill);
            for (size_t i = m_groupFirst[g]; i < m_groupFirst[g + 1]; ++i) {
                path.addPolygon(octagon(m_at[i], m_dot));
                path.closeSubpath();
            }
            painter.fillPath(path, m_colors[g]);
        }
        return;
    }
    // On pixels, each group's dot is filled once in its colour at the device's scale and copied
    // to each of its keys' places (to the nearest pixel): a copy costs a fraction of filling an
    // antialiased polygon, so a frame of a thousand glides fits a 144 Hz display.
    const double r = m_dot * t.m11();
    const qreal ratio = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    const int side = int(std::ceil(2 * r + 2));
    const QPointF middle(side / 2.0, side / 2.0);
    // To the nearest device pixel, so a copy is a copy (no resampling) on any pixel ratio.
    const auto snapped = [ratio](QPointF at) {
        return QPointF(std::round(at.x() * ratio) / ratio, std::round(at.y() * ratio) / ratio);
    };
    painter.save();
    painter.resetTransform();
    for (size_t g = 0; g + 1 < m_groupFirst.size(); ++g) {
        QImage dot(QSize(side, side) * ratio, QImage::Format_ARGB32_Premultiplied);
        dot.setDevicePixelRatio(ratio);
        dot.fill(Qt::transparent);
        QPainter dp(&dot);
        dp.setRenderHint(QPainter::Antialiasing);
        dp.setPen(Qt::NoPen);
        dp.setBrush(m_colors[g]);
        dp.drawPolygon(octagon(middle, r));
        dp.end();
        for (size_t i = m_groupFirst[g]; i < m_groupFirst[g + 1]; ++i) {
            painter.drawImage(snapped(t.map(m_at[i]) - middle), dot);
        }
    }
    painter.restore();
}

}  // namespace ringscope
