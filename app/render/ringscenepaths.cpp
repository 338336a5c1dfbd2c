// The ring picture's paths: arcs, token handles, keys, ticks, the walk and the emphasis
// (ringscene.h).
#include "ringscene.h"

#include "ringsceneparts.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QtMath>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <utility>

#include "numberformat.h"
#include "qstrings.h"
#include "ringscope/registry.h"
#include "ringscope/scenario.h"
#include "ringsnapshot.h"

namespace ringscope {

using namespace ringscene;  // ringsceneparts.h

// ---------------------------------------------------------------------------------------------
// Paths

void RingScene::appendSector(QPainterPath& path, double fromAngle, double toAngle, double inner,
                             double outer) const {
    const QPointF c = m_geometry.center;
    const QRectF outerRect(c.x() - outer, c.y() - outer, 2 * outer, 2 * outer);
    const QRectF innerRect(c.x() - inner, c.y() - inner, 2 * inner, 2 * inner);
    const double span = toAngle - fromAngle;
    if (span < 1.0) {
        // A thin sector is a quad: much cheaper to fill than four Bezier arcs, same pixels.
        path.addPolygon(QPolygonF(
            {m_geometry.pointAtAngle(fromAngle, outer), m_geometry.pointAtAngle(toAngle, outer),
             m_geometry.pointAtAngle(toAngle, inner), m_geometry.pointAtAngle(fromAngle, inner)}));
        path.closeSubpath();
        return;
    }
    path.arcMoveTo(outerRect, RingGeometry::qtAngle(fromAngle));
    path.arcTo(outerRect, RingGeometry::qtAngle(fromAngle), -span);
    path.arcTo(innerRect, RingGeometry::qtAngle(toAngle), span);
    path.closeSubpath();
}

void RingScene::buildArcPaths() {
    m_nodePaths.assign(m_ids.size(), QPainterPath());
    for (const Arc& arc : m_arcs) {
        appendSector(m_nodePaths[arc.node], arc.from * 360.0, arc.to * 360.0,
                     m_geometry.bandInner(), m_geometry.radius);
    }
}

void RingScene::buildHandlePaths(const RingSnapshot& snapshot) {
    m_handlePaths.assign(m_ids.size(), QPainterPath());
    m_specialHandle = QPainterPath();
    if (!m_tokenHandles || m_tokenPos.empty()) {
        return;
    }
    const double circumference = 2 * M_PI * m_geometry.radius;
    const double r =
        std::clamp(0.35 * circumference / double(m_tokenPos.size()), 2.0, 9.0) * m_markScale;
    const std::optional<size_t> special = m_dragged ? m_dragged : m_highlight;
    for (size_t t = 0; t < m_tokenPos.size(); ++t) {
        const QPointF at = m_geometry.pointAt(m_tokenPos[t], m_geometry.radius);
        const bool emphasised = m_emphasisTokens[m_tokenNode[t]];
        const double size = emphasised ? r * 1.5 : r;
        if (special == t) {
            m_specialHandle.addEllipse(at, size + 4, size + 4);
        } else {
            m_handlePaths[m_tokenNode[t]].addEllipse(at, size, size);
        }
        if (emphasised) {
            m_emphasisRings.addEllipse(at, size + 6, size + 6);
        }
    }
    (void)snapshot;
}

void RingScene::buildKeyPaths() {
    m_keyPath = QPainterPath();
    m_movedPath = QPainterPath();
    m_replicaPath = QPainterPath();
    if (m_keyDots) {
        // Keys on the same position draw the same dot: with the default odd-even rule two of
        // them would cancel out into a hollow ring.
        for (QPainterPath* path : {&m_keyPath, &m_movedPath, &m_replicaPath}) {
            path->setFillRule(Qt::WindingFill);
        }
        for (size_t i = 0; i < m_dotPos.size(); ++i) {
            const QPointF at = m_geometry.pointAt(m_dotPos[i], m_geometry.keyRadius());
            switch (static_cast<KeyChange>(m_dotChange[i])) {
                case KeyChange::None:
                    m_keyPath.addEllipse(at, m_dotRadius, m_dotRadius);
                    break;
                case KeyChange::Primary:
                    m_movedPath.addEllipse(at, m_dotRadius * 1.45, m_dotRadius * 1.45);
                    break;
                case KeyChange::ReplicaOnly:
                    m_replicaPath.addEllipse(at, m_dotRadius * 1.3, m_dotRadius * 1.3);
                    break;
            }
        }
        return;
    }
    if (m_binFirst.empty()) {
        return;
    }
    // Each layer is one closed radial outline (bars stacked from the inner circle), which fills
    // far faster than 720 separate quads.
    const uint32_t most =
        std::max<uint32_t>(1, *std::max_element(m_binCount.begin(), m_binCount.end()));
    const double r0 = m_geometry.densityInner();
    const double height = m_geometry.bandInner() - 12 - r0;
    const auto scaled = [&](uint32_t count, double minimum) {
        return count == 0 ? 0.0 : std::max(minimum, height * count / most);
    };
    std::vector<double> keysTop(kKeyBins), movedTop(kKeyBins), replicaTop(kKeyBins);
    for (size_t b = 0; b < kKeyBins; ++b) {
        keysTop[b] = r0 + scaled(m_binCount[b], 1.0);
        // A bin with any moved key stays visible even when it is one key in a thousand.
        movedTop[b] = r0 + scaled(m_binMoved[b], 10.0);
        replicaTop[b] = movedTop[b] + scaled(m_binReplica[b], 10.0);
    }
    const auto outline = [&](const std::vector<double>& bottom, const std::vector<double>& top) {
        QPolygonF polygon;
        polygon.reserve(4 * kKeyBins + 2);
        for (size_t b = 0; b < kKeyBins; ++b) {
            polygon << m_geometry.pointAtAngle(double(b) * 360.0 / double(kKeyBins), top[b])
                    << m_geometry.pointAtAngle(double(b + 1) * 360.0 / double(kKeyBins), top[b]);
        }
        for (size_t b = kKeyBins; b-- > 0;) {
            polygon << m_geometry.pointAtAngle(double(b + 1) * 360.0 / double(kKeyBins), bottom[b])
                    << m_geometry.pointAtAngle(double(b) * 360.0 / double(kKeyBins), bottom[b]);
        }
        QPainterPath path;
        path.addPolygon(polygon);
        path.closeSubpath();
        return path;
    };
    const std::vector<double> base(kKeyBins, r0);
    m_keyPath = outline(base, keysTop);
    if (std::any_of(m_binMoved.begin(), m_binMoved.end(), [](uint32_t n) { return n > 0; })) {
        m_movedPath = outline(base, movedTop);
    }
    if (std::any_of(m_binReplica.begin(), m_binReplica.end(), [](uint32_t n) { return n > 0; })) {
        m_replicaPath = outline(movedTop, replicaTop);
    }
}

void RingScene::buildTicks() {
    m_ticks = QPainterPath();
    m_texts.clear(Fixed);
    if (!m_isRing) {
        return;
    }
    const double r = m_geometry.radius + kTickGap;
    const uint64_t space = m_geometry.space;
    if (!isFullSpace(space) && space <= 400) {
        const uint64_t labelEvery = space <= 40 ? 5 : space <= 200 ? 10 : 50;
        for (uint64_t p = 0; p < space; ++p) {
            const double len = p % labelEvery == 0 ? kLongTick : (p % 5 == 0 ? 9 : 5);
            m_ticks.moveTo(m_geometry.pointAt(p, r));
            m_ticks.lineTo(m_geometry.pointAt(p, r + len));
            if (p % labelEvery == 0) {
                m_texts.add(Fixed, m_geometry.pointAt(p, r + 30), QString::number(p),
                            m_colors.faintText, 17, Qt::AlignCenter, false, 0, TextRole::Tick);
            }
        }
        return;
    }
    for (int i = 0; i < 32; ++i) {
        const double angle = i * 360.0 / 32;
        const double len = i % 8 == 0 ? kLongTick : 7;
        m_ticks.moveTo(m_geometry.pointAtAngle(angle, r));
        m_ticks.lineTo(m_geometry.pointAtAngle(angle, r + len));
        if (i % 8 == 0) {
            // A signed64 ring is labelled with its tokens: the smallest token sits at the top.
            const bool tokens = space == kSpaceSigned64;
            m_texts.add(Fixed, m_geometry.pointAtAngle(angle, r + (tokens ? 44 : 30)),
                        tokens ? kSigned64Quarters[i / 8] : percent(i / 32.0, 0),
                        m_colors.faintText, 17, Qt::AlignCenter, false, 0, TextRole::Tick);
        }
    }
}

void RingScene::buildWalk(const RingSnapshot& snapshot) {
    m_walkArc = QPainterPath();
    m_walkChosen = QPainterPath();
    m_walkSkipped = QPainterPath();
    m_selectedKey = QPainterPath();
    const auto key = snapshot.selectedKey;
    if (!key || !m_isRing) {
        return;
    }
    const uint64_t keyPos = snapshot.hashed->positionOf(*key);
    const double keyAngle = m_geometry.angleOf(keyPos);
    const QPointF keyAt = m_geometry.pointAt(keyPos, m_geometry.keyRadius());
    const double ring = m_keyDots ? m_dotRadius * 2.4 : 9;
    m_selectedKey.addEllipse(keyAt, ring, ring);
    const ReplicaWalk& walk = *snapshot.walk;
    const Ring& r = snapshot.live->ring();
    if (walk.visited.empty()) {
        return;
    }
    // Unwrap the token angles so the walk only ever goes clockwise.
    double previous = keyAngle;
    double lastAngle = keyAngle;
    int rank = 0;
    for (size_t v = 0; v < walk.visited.size(); ++v) {
        double angle = m_geometry.angleOf(r.position(walk.visited[v]));
        while (angle < previous) {
            angle += 360.0;
        }
        previous = angle;
        lastAngle = angle;
        const QPointF at = m_geometry.pointAtAngle(angle, m_geometry.radius);
        if (walk.chosen[v]) {
            m_walkChosen.addEllipse(at, 14, 14);
            // The replica's rank, just inside the band where the walk line does not run; nearer
            // the centre where a neighbour's rank or a key's name is in the way.
            m_texts.addClear(m_geometry, angle, m_geometry.bandInner() - 20, -2, 100,
                             QString::number(++rank), m_colors.walk, 24, TextRole::WalkRank,
                             {TextRole::WalkRank, TextRole::KeyName}, 0, false);
        } else {
            m_walkSkipped.moveTo(at + QPointF(-9, -9));
            m_walkSkipped.lineTo(at + QPointF(9, 9));
            m_walkSkipped.moveTo(at + QPointF(-9, 9));
            m_walkSkipped.lineTo(at + QPointF(9, -9));
        }
    }
    const double wr = m_geometry.walkRadius();
    const QRectF rect(m_geometry.center.x() - wr, m_geometry.center.y() - wr, 2 * wr, 2 * wr);
    m_walkArc.moveTo(keyAt);
    m_walkArc.lineTo(m_geometry.pointAtAngle(keyAngle, wr));
    m_walkArc.arcTo(rect, RingGeometry::qtAngle(keyAngle), -(lastAngle - keyAngle));
}

std::vector<RingLegend::Mark> RingScene::marks(const RingSnapshot& snapshot) const {
    using Shape = RingLegend::MarkShape;
    std::vector<RingLegend::Mark> out;
    const bool emphasis =
        std::find(m_emphasisArcs.begin(), m_emphasisArcs.end(), true) != m_emphasisArcs.end() ||
        std::find(m_emphasisTokens.begin(), m_emphasisTokens.end(), true) !=
            m_emphasisTokens.end() ||
        !m_emphasisRings.isEmpty();
    if (emphasis) {
        out.push_back({m_colors.selection, Shape::Outline,
                       QCoreApplication::translate("RingScene", "the lesson's highlight")});
    }
    if (m_isRing && !snapshot.withholdCounts) {
        if (snapshot.moved.primaryMoved > 0) {
            out.push_back({m_colors.moved, Shape::Dot,
                           QCoreApplication::translate("RingScene", "keys moved")});
        }
        if (snapshot.moved.replicaOnly > 0) {
            out.push_back({m_colors.replicaOnly, Shape::Ring,
                           QCoreApplication::translate("RingScene", "replica set changed")});
        }
    }
    if (!m_walkArc.isEmpty()) {
        out.push_back(
            {m_colors.walk, Shape::Dash, QCoreApplication::translate("RingScene", "replica walk")});
    }
    // Two clients: B's ring inside the keys, and the keys the two clients place apart.
    if (m_client.on) {
        out.push_back({m_colors.faintText, Shape::Dash,
                       QCoreApplication::translate("RingScene", "inner ring: client B")});
        if (m_client.marked > 0) {
            out.push_back({m_colors.moved, Shape::Ring,
                           QCoreApplication::translate("RingScene", "clients A and B disagree")});
        }
    }
    return out;
}

void RingScene::buildEmphasis(const RingSnapshot& snapshot) {
    const auto flags = [&](const std::vector<QString>& ids) {
        std::vector<bool> out(m_ids.size(), false);
        for (size_t n = 0; n < m_ids.size(); ++n) {
            out[n] = std::find(ids.begin(), ids.end(), m_ids[n]) != ids.end();
        }
        return out;
    };
    m_emphasisArcs = flags(m_emphasis.arcs);
    m_emphasisTokens = flags(m_emphasis.tokens);
    m_emphasisRings = QPainterPath();
    if (!m_isRing) {
        return;
    }
    const double ring = m_keyDots ? std::max(m_dotRadius * 2.6, 9.0) : 10 * m_markScale;
    const bool named = m_emphasis.keys.size() <= kMaxKeyLabels;
    for (const Emphasis::Key& key : m_emphasis.keys) {
        if (key.index >= snapshot.keyCount()) {
            continue;
        }
        const uint64_t position = snapshot.hashed->positionOf(key.index);
        m_emphasisRings.addEllipse(m_geometry.pointAt(position, m_geometry.keyRadius()), ring,
                                   ring);
        if (named) {  // the key's name just inside its ring, toward the centre, clear of others
            m_texts.addClear(m_geometry, m_geometry.angleOf(position),
                             m_geometry.keyRadius() - ring - 16, -2, 100, key.name,
                             m_colors.selection, 18, TextRole::KeyName,
                             {TextRole::KeyName, TextRole::WalkRank}, 0, false);
        }
    }
}

}  // namespace ringscope
