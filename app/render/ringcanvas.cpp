#include "ringcanvas.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ringscope {

namespace {

bool sameRows(const RingLegend::Layout& a, const RingLegend::Layout& b) {
    return a.font == b.font && a.row == b.row && a.width == b.width && a.compact == b.compact &&
           a.more == b.more && a.elided == b.elided && a.rows == b.rows && a.shown == b.shown &&
           a.marks == b.marks;
}

}  // namespace

std::vector<QRect> joinedRects(std::vector<QRect> rects, size_t most) {
    rects.erase(
        std::remove_if(rects.begin(), rects.end(), [](const QRect& r) { return r.isEmpty(); }),
        rects.end());
    // Join any two that meet until none do: a few rectangles, so quadratic is fine.
    for (bool joined = true; joined;) {
        joined = false;
        for (size_t i = 0; i < rects.size() && !joined; ++i) {
            for (size_t j = i + 1; j < rects.size(); ++j) {
                if (rects[i].adjusted(-1, -1, 1, 1).intersects(rects[j])) {
                    rects[i] = rects[i].united(rects[j]);
                    rects.erase(rects.begin() + std::ptrdiff_t(j));
                    joined = true;
                    break;
                }
            }
        }
    }
    if (rects.size() > most) {
        QRect all;
        for (const QRect& r : rects) {
            all = all.united(r);
        }
        return {all};
    }
    return rects;
}

QRegion RingCanvas::damage(const RingScene& scene, const RingScene::Frame& frame) const {
    const QRect whole = frame.target.toAlignedRect();
    if (!m_painted || !(frame == m_frame)) {
        return whole;
    }
    const RingScene::Damage d = scene.damageSince(m_version);
    if (d.all) {
        return whole;
    }
    // Many scattered changes (a baseline change over hundreds of key dots): one rectangle
    // around them rather than a region built piece by piece.
    QRegion region;
    if (d.ring.size() > kMaxRegionRects) {
        QRectF all;
        for (const QRectF& r : d.ring) {
            all = all.united(r);
        }
        region = frame.ring.mapRect(all).toAlignedRect().adjusted(-1, -1, 1, 1);
    } else {
        for (const QRectF& r : d.ring) {
            region += frame.ring.mapRect(r).toAlignedRect().adjusted(-1, -1, 1, 1);
        }
    }
    // The legend's rows: those that changed while the rows stay where they were; where they
    // moved or resized, every row where it was and where it is.
    const RingLegend::Layout now = scene.legendLayout(frame);
    if (now.ringScale != m_legend.ringScale) {
        return whole;
    }
    const bool moved = !sameRows(now, m_legend);
    std::vector<QRectF> rows =
        scene.legendRowRects(now, moved || d.legend ? nullptr : &d.legendRows);
    if (moved) {
        const std::vector<QRectF> before = scene.legendRowRects(m_legend, nullptr);
        rows.insert(rows.end(), before.begin(), before.end());
    }
    for (const QRectF& r : rows) {
        region += r.toAlignedRect();
    }
    return region & whole;
}

void RingCanvas::paint(QPainter& painter, const RingScene& scene, const RingScene::Frame& frame,
                       const QRegion& region, bool onScreen) {
    // Qt hands a region over as horizontal bands; a few rectangles around them paint faster.
    std::vector<QRect> rects;
    if (region.rectCount() > int(kMaxRegionRects)) {
        rects.push_back(region.boundingRect());
    } else {
        rects.assign(region.begin(), region.end());
    }
    m_lastRects = joinedRects(std::move(rects), kMaxRects);
    // The picture under the glides is copied back pixel for pixel only where the frame sits on
    // whole device pixels: a widget at a fractional scale (1.25) starts between two, and the copy
    // would be resampled half a pixel off, the ring blurred and shifted while keys glide. There
    // each glide frame paints everything.
    const QTransform device = painter.deviceTransform();
    const auto whole = [](qreal v) { return std::abs(v - std::round(v)) < 1e-6; };
    const bool gliding = scene.isMigrating() && device.type() <= QTransform::TxScale &&
                         whole(device.m11()) && whole(device.m22()) &&
                         whole(device.map(frame.target.topLeft()).x()) &&
                         whole(device.map(frame.target.topLeft()).y());
    if (gliding) {
        keepUnder(scene, frame, painter.device() ? painter.device()->devicePixelRatioF() : 1.0);
    } else if (m_underValid) {
        m_under = QImage();  // the glides are over: the window-sized copy goes
        m_underValid = false;
    }
    for (const QRect& r : m_lastRects) {
        painter.save();
        painter.setClipRect(r, Qt::IntersectClip);
        if (gliding) {
            painter.drawImage(frame.target.topLeft(), m_under);
            scene.paintFrame(painter, frame, RingScene::Layers::Over);
        } else {
            scene.paintFrame(painter, frame);
        }
        painter.restore();
    }
    if (!onScreen) {
        return;
    }
    m_painted = true;
    m_version = scene.version();
    m_frame = frame;
    m_legend = scene.legendLayout(frame);
}

void RingCanvas::keepUnder(const RingScene& scene, const RingScene::Frame& frame,
                           qreal pixelRatio) {
    const QSize size = (frame.target.size() * pixelRatio).toSize();
    if (m_underValid && m_underVersion == scene.version() && m_underFrame == frame &&
        m_under.size() == size && m_under.devicePixelRatio() == pixelRatio) {
        return;
    }
    m_under = QImage(size, QImage::Format_ARGB32_Premultiplied);
    m_under.setDevicePixelRatio(pixelRatio);
    QPainter p(&m_under);
    p.translate(-frame.target.topLeft());
    p.setClipRect(frame.target);  // as every other paint: a clip shades edges a little apart
    scene.paintFrame(p, frame, RingScene::Layers::Under);
    p.end();
    m_underValid = true;
    m_underVersion = scene.version();
    m_underFrame = frame;
}

}  // namespace ringscope
