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

// Qt draws an arc as Bezier curves from its start: the same circle arc drawn over other spans
// lies a shade apart, so an arc repainted alone would not meet the picture around it. Every arc
// is drawn in pieces between fixed angles instead, each piece the same curve whatever it belongs
// to.
void RingScene::appendArc(QPainterPath& path, double radius, double fromAngle,
                          double toAngle) const {
    const QPointF c = m_geometry.center;
    const QRectF rect(c.x() - radius, c.y() - radius, 2 * radius, 2 * radius);
    const double step = toAngle >= fromAngle ? kArcPieceDegrees : -kArcPieceDegrees;
    double at = fromAngle;
    while (at != toAngle) {
        // The next fixed angle past `at`, or the arc's end.
        const double grid =
            step > 0 ? (std::floor(at / step) + 1) * step : (std::ceil(at / -step) - 1) * -step;
        const double next = step > 0 ? std::min(grid, toAngle) : std::max(grid, toAngle);
        path.arcTo(rect, RingGeometry::qtAngle(at), -(next - at));
        at = next;
    }
}

void RingScene::appendSector(QPainterPath& path, double fromAngle, double toAngle, double inner,
                             double outer) const {
    const double span = toAngle - fromAngle;
    if (span < 1.0) {
        // A thin sector is a quad: much cheaper to fill than four Bezier arcs, same pixels.
        path.addPolygon(QPolygonF(
            {m_geometry.pointAtAngle(fromAngle, outer), m_geometry.pointAtAngle(toAngle, outer),
             m_geometry.pointAtAngle(toAngle, inner), m_geometry.pointAtAngle(fromAngle, inner)}));
        path.closeSubpath();
        return;
    }
    path.moveTo(m_geometry.pointAtAngle(fromAngle, outer));
    appendArc(path, outer, fromAngle, toAngle);
    appendArc(path, inner, toAngle, fromAngle);
    path.closeSubpath();
}

std::vector<QPainterPath> RingScene::arcPaths(const std::vector<Arc>& arcs, size_t nodes,
                                              double inner, double outer, const RingWindow& window,
                                              const std::vector<bool>& only) const {
    std::vector<QPainterPath> paths(nodes);
    if (!window.reaches(inner, outer)) {
        return paths;
    }
    for (const Arc& arc : arcs) {
        if (arc.node < nodes && (only.empty() || only[arc.node]) &&
            window.meetsAngles(arc.from * 360.0, arc.to * 360.0)) {
            appendSector(paths[arc.node], arc.from * 360.0, arc.to * 360.0, inner, outer);
        }
    }
    return paths;
}

void RingScene::buildHandlePaths(const RingSnapshot& snapshot) {
    m_specialHandle = QPainterPath();
    if (!m_tokenHandles || m_tokenPos.empty()) {
        return;
    }
    const double circumference = 2 * M_PI * m_geometry.radius;
    m_handleRadius =
        std::clamp(0.35 * circumference / double(m_tokenPos.size()), 2.0, 9.0) * m_markScale;
    const std::optional<size_t> special = m_dragged ? m_dragged : m_highlight;
    for (size_t t = 0; t < m_tokenPos.size(); ++t) {
        const bool emphasised = m_emphasisTokens[m_tokenNode[t]];
        if (special != t && !emphasised) {
            continue;
        }
        const QPointF at = m_geometry.pointAt(m_tokenPos[t], m_geometry.radius);
        const double size = handleSize(t);
        if (special == t) {
            m_specialHandle.addEllipse(at, size + 4, size + 4);
        }
        if (emphasised) {
            m_emphasisRings.addEllipse(at, size + 6, size + 6);
        }
    }
    (void)snapshot;
}

double RingScene::handleSize(size_t token) const {
    return m_emphasisTokens[m_tokenNode[token]] ? m_handleRadius * kEmphasisedHandle
                                                : m_handleRadius;
}

std::vector<QPainterPath> RingScene::handlePaths(const RingWindow& window) const {
    std::vector<QPainterPath> paths(m_ids.size());
    const double most = m_handleRadius * kEmphasisedHandle;
    if (!m_tokenHandles || !window.reaches(m_geometry.radius - most, m_geometry.radius + most)) {
        return paths;
    }
    const std::optional<size_t> special = m_dragged ? m_dragged : m_highlight;
    for (size_t t = 0; t < m_tokenPos.size(); ++t) {
        if (special == t) {
            continue;  // drawn on its own, over the others
        }
        const QPointF at = m_geometry.pointAt(m_tokenPos[t], m_geometry.radius);
        const double size = handleSize(t);
        if (window.meetsCircle(at, size)) {
            paths[m_tokenNode[t]].addEllipse(at, size, size);
        }
    }
    return paths;
}

QPainterPath RingScene::markPath(const std::vector<QPointF>& centres, double radius,
                                 const RingWindow& window) {
    QPainterPath path;
    for (const QPointF& at : centres) {
        if (window.meetsCircle(at, radius)) {
            path.addEllipse(at, radius, radius);
        }
    }
    return path;
}

// Over 80 lines: the dots (each to its path by its change) and the density band's three layers
// (one outline each), both within the window.
void RingScene::keyPaths(const RingWindow& window, QPainterPath& keys, QPainterPath& moved,
                         QPainterPath& replica) const {
    keys = QPainterPath();
    moved = QPainterPath();
    replica = QPainterPath();
    if (m_keyDots) {
        // Keys on the same position draw the same dot: with the default odd-even rule two of
        // them would cancel out into a hollow ring.
        for (QPainterPath* path : {&keys, &moved, &replica}) {
            path->setFillRule(Qt::WindingFill);
        }
        const double largest = m_dotRadius * 1.45;
        if (!window.reaches(m_geometry.keyRadius() - largest, m_geometry.keyRadius() + largest)) {
            return;
        }
        for (size_t i = 0; i < m_dotPos.size(); ++i) {
            const QPointF at = m_geometry.pointAt(m_dotPos[i], m_geometry.keyRadius());
            if (!window.meetsCircle(at, largest)) {
                continue;
            }
            switch (static_cast<KeyChange>(m_dotChange[i])) {
                case KeyChange::None:
                    keys.addEllipse(at, m_dotRadius, m_dotRadius);
                    break;
                case KeyChange::Primary:
                    moved.addEllipse(at, m_dotRadius * 1.45, m_dotRadius * 1.45);
                    break;
                case KeyChange::ReplicaOnly:
                    replica.addEllipse(at, m_dotRadius * 1.3, m_dotRadius * 1.3);
                    break;
            }
        }
        return;
    }
    if (m_binFirst.empty()) {
        return;
    }
    // Each layer is one closed radial outline (bars stacked from the inner circle), which fills
    // far faster than 720 separate quads: around the ring, or over the bins the window meets.
    const double r0 = m_geometry.densityInner();
    const double height = m_geometry.bandInner() - 12 - r0;
    if (!window.reaches(r0, r0 + 2 * height)) {
        return;
    }
    // Bin edge b (any b: taken around the turn) at radius r.
    const QPointF c = m_geometry.center;
    const auto edge = [&](size_t b, double r) { return c + r * m_binEdges[b % kKeyBins]; };
    size_t first = 0;
    size_t count = kKeyBins;
    if (!window.isWhole() && window.span < 360.0) {
        // The run of bins the window's angles cover, a bin more at each end so the run's own
        // edges fall outside it.
        const auto binAt = [&](double angle) {
            return static_cast<size_t>(std::floor(angle / 360.0 * double(kKeyBins)));
        };
        first = (binAt(window.from) + kKeyBins - 1) % kKeyBins;
        count = std::min(kKeyBins, binAt(window.from + window.span) - binAt(window.from) + 3);
    }
    const auto scaled = [&](uint32_t n, double minimum) {
        return n == 0 ? 0.0 : std::max(minimum, height * n / m_binMost);
    };
    std::vector<double> keysTop(count), movedTop(count), replicaTop(count);
    bool anyMoved = false, anyReplica = false;
    for (size_t i = 0; i < count; ++i) {
        const size_t b = (first + i) % kKeyBins;
        keysTop[i] = r0 + scaled(m_binCount[b], 1.0);
        // A bin with any moved key stays visible even when it is one key in a thousand.
        movedTop[i] = r0 + scaled(m_binMoved[b], 10.0);
        replicaTop[i] = movedTop[i] + scaled(m_binReplica[b], 10.0);
        anyMoved = anyMoved || m_binMoved[b] > 0;
        anyReplica = anyReplica || m_binReplica[b] > 0;
    }
    const auto outline = [&](const std::vector<double>& bottom, const std::vector<double>& top) {
        QPolygonF polygon;
        polygon.reserve(4 * count + 2);
        for (size_t i = 0; i < count; ++i) {
            const size_t b = first + i;
            polygon << edge(b, top[i]) << edge(b + 1, top[i]);
        }
        for (size_t i = count; i-- > 0;) {
            const size_t b = first + i;
            polygon << edge(b + 1, bottom[i]) << edge(b, bottom[i]);
        }
        QPainterPath path;
        path.addPolygon(polygon);
        path.closeSubpath();
        return path;
    };
    const std::vector<double> base(count, r0);
    keys = outline(base, keysTop);
    if (anyMoved) {
        moved = outline(base, movedTop);
    }
    if (anyReplica) {
        replica = outline(movedTop, replicaTop);
    }
}

RingScene::Shapes RingScene::shapesIn(const RingWindow& window) const {
    Shapes s;
    s.nodes = arcPaths(m_arcs, m_ids.size(), m_geometry.bandInner(), m_geometry.radius, window);
    s.handles = handlePaths(window);
    keyPaths(window, s.keys, s.moved, s.replica);
    if (m_client.on) {
        s.client = arcPaths(m_client.arcs, m_client.colors.size(), m_geometry.clientInner(),
                            m_geometry.clientOuter(), window);
        s.clientMarksA = markPath(m_client.marksA, clientMarkRadius() + 1.5, window);
        s.clientMarksB = markPath(m_client.marksB, clientMarkRadius(), window);
    }
    return s;
}

void RingScene::strokeCircle(QPainter& painter, double radius, const RingWindow& window) const {
    if (!window.reaches(radius - 2, radius + 2)) {
        return;
    }
    if (window.span >= 360.0) {
        QPainterPath circle;
        circle.moveTo(m_geometry.pointAtAngle(0, radius));
        appendArc(circle, radius, 0, 360);
        circle.closeSubpath();
        painter.drawPath(circle);
        return;
    }
    // Its pieces over the window's angles (and the pieces either side).
    const double from = (std::floor(window.from / kArcPieceDegrees) - 1) * kArcPieceDegrees;
    const double to =
        (std::ceil((window.from + window.span) / kArcPieceDegrees) + 1) * kArcPieceDegrees;
    QPainterPath arc;
    arc.moveTo(m_geometry.pointAtAngle(from, radius));
    appendArc(arc, radius, from, to);
    painter.drawPath(arc);
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
