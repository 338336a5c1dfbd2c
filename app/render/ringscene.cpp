#include "ringscene.h"

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

namespace {

constexpr double kCenter = RingScene::kLogicalSize / 2;
constexpr double kRadius = 360;
// Presenting, the larger legend and labels need the corners: the ring steps back a little.
constexpr double kPresentRadius = 325;
constexpr double kBandLabelMinDegrees = 9;
constexpr int kBandLabelPx = 22;
constexpr size_t kMaxTokenLabels = 24;
// The tick marks: from kTickGap outside the band, the longest kLongTick (logical units).
// The centre's lines keep within this share of the radius inside the key dots: clear of them.
constexpr double kCentreTextShare = 0.95;
constexpr double kTickGap = 5;
constexpr double kLongTick = 14;
constexpr double kTickReach = kTickGap + kLongTick;
// What the legend keeps clear of: the ring with its tick and token labels (logical units).
constexpr double kLegendClearRadius = kRadius + 95;
// The tokens at the quarter turns of a signed64 ring, clockwise from the top.
const QString kSigned64Quarters[] = {QStringLiteral("−2⁶³"), QStringLiteral("−2⁶²"),
                                     QStringLiteral("0"), QStringLiteral("2⁶²")};
constexpr size_t kMaxOutlinedArcs = 256;
constexpr RingTexts::Layer Fixed = RingTexts::Layer::Fixed;
constexpr RingTexts::Layer Live = RingTexts::Layer::Live;

// The node colour, darkened (or lightened) until it reads on the background.
QColor readableOn(QColor color, const QColor& background) {
    const bool darkBackground = background.lightnessF() < 0.5;
    for (int i = 0; i < 6; ++i) {
        const double contrast = std::abs(color.lightnessF() - background.lightnessF());
        if (contrast > 0.45) {
            break;
        }
        color = darkBackground ? color.lighter(125) : color.darker(125);
    }
    return color;
}

using format::percent;

// The first position of fraction b / bins of the space, monotone in b.
uint64_t binStart(uint64_t space, size_t b, size_t bins) {
    const long double size = spaceSizeLong(space);
    const long double x = size * static_cast<long double>(b) / static_cast<long double>(bins);
    return x >= size ? ~uint64_t{0} : static_cast<uint64_t>(std::ceil(x));
}

}  // namespace

RingScene::RingScene() : m_texts(kLogicalSize), m_legend(kLegendClearRadius / kLogicalSize) {
    m_geometry.center = {kCenter, kCenter};
    m_geometry.radius = kRadius;
    m_colors = RingColors::from(QPalette());
}

QTransform RingScene::transformFor(const QRectF& target, double zoom, QPointF pan) {
    const double scale = std::min(target.width(), target.height()) / kLogicalSize * zoom;
    QTransform t;
    t.translate(target.center().x() + pan.x(), target.center().y() + pan.y());
    t.scale(scale, scale);
    t.translate(-kCenter, -kCenter);
    return t;
}

void RingScene::setColors(const RingColors& colors) {
    m_colors = colors;
}

void RingScene::setHighlightedToken(std::optional<size_t> token) {
    m_highlight = token;
}

void RingScene::setEmphasis(Emphasis emphasis) {
    m_emphasis = std::move(emphasis);
}

void RingScene::setPresenting(bool on) {
    m_presenting = on;
    m_texts.setScale(on ? kPresentTextScale : 1.0);
    m_markScale = on ? kPresentMarkScale : 1.0;
    m_geometry.radius = on ? kPresentRadius : kRadius;
}

void RingScene::rebuild(const RingSnapshot& snapshot) {
    const Scenario& s = *snapshot.scenario;
    m_geometry.space = s.space;
    m_isRing = snapshot.isRing();
    m_ids.clear();
    for (const std::string& id : snapshot.placement->nodeIds()) {
        m_ids.push_back(qs(id));
    }
    m_nodeColors = nodeColors(s.nodes);
    m_down.clear();
    for (const NodeSpec& node : s.nodes) {
        m_down.push_back(node.down);
    }
    m_message =
        m_isRing ? QString()
                 : QCoreApplication::translate("RingScene",
                                               "This scenario uses %1, which has no ring to draw:\n"
                                               "the node table and the analysis views show "
                                               "where its keys go.")
                       .arg(qs(std::string(algorithmName(s.algorithm))));
    collectKeys(snapshot);
    buildTicks();
    buildClient(snapshot);
    refreshLive(snapshot);
}

void RingScene::buildClient(const RingSnapshot& snapshot) {
    m_client = ClientLayer{};
    const Computed* b = snapshot.clientB;
    if (!b || !m_isRing || !b->hashed) {
        return;
    }
    m_client.on = true;
    const std::vector<QColor> own = nodeColors(b->scenario.nodes);
    for (size_t n = 0; n < b->scenario.nodes.size(); ++n) {
        const auto it = std::find(m_ids.begin(), m_ids.end(), qs(b->scenario.nodes[n].id));
        m_client.colors.push_back(it != m_ids.end() ? m_nodeColors[size_t(it - m_ids.begin())]
                                                    : own[n]);
    }
    m_client.paths.assign(m_client.colors.size(), QPainterPath());
    RingGeometry g = m_geometry;
    g.space = b->placement.space();
    if (b->placement.drawsRingArcs() && b->placement.hasRing() && !b->placement.ring().empty()) {
        // Sampled per bin, the owner in each bin's middle: B's ring as it reads positions.
        const Ring& ring = b->placement.ring();
        const LookupRule rule = tokenSchemeOf(b->scenario).traits().lookup;
        size_t first = 0;
        uint32_t node = ring.node(ring.lookup(g.positionAtFraction(0.5 / double(kKeyBins)), rule));
        for (size_t bin = 1; bin <= kKeyBins; ++bin) {
            const uint32_t next =
                bin == kKeyBins
                    ? ~uint32_t{0}
                    : ring.node(ring.lookup(
                          g.positionAtFraction((double(bin) + 0.5) / double(kKeyBins)), rule));
            if (next != node) {
                if (node < m_client.paths.size()) {
                    appendSector(m_client.paths[node], 360.0 * double(first) / double(kKeyBins),
                                 360.0 * double(bin) / double(kKeyBins), m_geometry.clientInner(),
                                 m_geometry.clientOuter());
                }
                first = bin;
                node = next;
            }
        }
    } else {
        m_client.circle.addEllipse(m_geometry.center, m_geometry.clientOuter(),
                                   m_geometry.clientOuter());
    }
    const double mark = clientMarkRadius();
    for (const size_t k : snapshot.disagreeing) {
        if (m_client.marked == kMaxClientMarks) {
            break;
        }
        if (k >= snapshot.hashed->size() || k >= b->hashed->size()) {
            continue;
        }
        m_client.marksA.addEllipse(
            m_geometry.pointAt(snapshot.hashed->positionOf(k), m_geometry.keyRadius()), mark + 1.5,
            mark + 1.5);
        m_client.marksB.addEllipse(g.pointAt(b->hashed->positionOf(k), g.clientKeyRadius()), mark,
                                   mark);
        ++m_client.marked;
    }
}

void RingScene::refreshLive(const RingSnapshot& snapshot, bool allKeys) {
    m_dragged = snapshot.dragged;
    m_selectedNode = snapshot.selectedNode;
    m_texts.clear(Live);
    collectArcs(snapshot);
    buildArcPaths();
    buildEmphasis(snapshot);
    buildHandlePaths(snapshot);
    refreshKeyChanges(snapshot, allKeys);
    buildKeyPaths();
    buildWalk(snapshot);
    buildTexts(snapshot);
}

// ---------------------------------------------------------------------------------------------
// Position-domain data

void RingScene::collectArcs(const RingSnapshot& snapshot) {
    m_arcs.clear();
    const Ring& ring = snapshot.live->ring();
    const size_t count = ring.size();
    m_tokenHandles = m_isRing && count <= kExactTokens;
    m_tokenPos.assign(ring.positions().begin(),
                      m_tokenHandles ? ring.positions().end() : ring.positions().begin());
    m_tokenNode.assign(ring.nodes().begin(),
                       m_tokenHandles ? ring.nodes().end() : ring.nodes().begin());
    const auto push = [&](double from, double to, uint32_t node) {
        if (!m_arcs.empty() && m_arcs.back().node == node && m_arcs.back().to == from) {
            m_arcs.back().to = to;
        } else {
            m_arcs.push_back({from, to, node});
        }
    };
    if (!m_isRing || count == 0) {
        return;
    }
    const LookupRule rule = snapshot.scenario ? tokenSchemeOf(*snapshot.scenario).traits().lookup
                                              : LookupRule::Successor;
    if (count == 1) {
        const double at = m_geometry.fractionOf(ring.position(0));
        m_arcs.push_back({at, at + 1.0, ring.node(0)});
    } else if (count <= kExactTokens && rule == LookupRule::Nearer) {
        // A token owns the positions nearer to it than to its neighbours (HAProxy): its arc
        // runs from halfway after the token before to halfway before the token after.
        const auto halfwayAfter = [&](size_t t) {
            const double at = m_geometry.fractionOf(ring.position(t));
            double next = m_geometry.fractionOf(ring.position(ring.next(t)));
            next += next < at || ring.next(t) == 0 ? 1.0 : 0.0;
            return (at + next) / 2;
        };
        for (size_t t = 0; t < count; ++t) {
            double from = halfwayAfter(ring.predecessor(t));
            double to = halfwayAfter(t);
            from -= from > to ? 1.0 : 0.0;
            if (to > from) {
                push(from, to, ring.node(t));
            }
        }
    } else if (count <= kExactTokens) {
        for (size_t t = 0; t < count; ++t) {
            const double from = m_geometry.fractionOf(ring.position(ring.predecessor(t)));
            double to = m_geometry.fractionOf(ring.position(t));
            if (t == 0) {
                to += 1.0;  // the arc that wraps past position 0
            }
            if (to > from) {
                push(from, to, ring.node(t));
            }
        }
    } else {
        // More tokens than pixels on the circle: sample the owner in the middle of each bin.
        for (size_t b = 0; b < kArcBins; ++b) {
            const double mid = (double(b) + 0.5) / double(kArcBins);
            push(double(b) / double(kArcBins), double(b + 1) / double(kArcBins),
                 ring.node(ring.lookup(m_geometry.positionAtFraction(mid), rule)));
        }
    }
}

void RingScene::collectKeys(const RingSnapshot& snapshot) {
    const LiveRing& live = *snapshot.live;
    const SortedPositions& positions = live.sortedPositions();
    const size_t count = m_isRing ? positions.size() : 0;
    m_keyDots = count <= kMaxKeyDots;
    m_dotPos.clear();
    m_binFirst.clear();
    m_binMoved.clear();
    m_binReplica.clear();
    if (m_keyDots) {
        const auto fill = [&] {
            m_dotPos.resize(count);
            for (size_t r = 0; r < count; ++r) {
                m_dotPos[r] = positions[r];
            }
        };
        fill();
        const auto distinct =
            static_cast<size_t>(std::unique(m_dotPos.begin(), m_dotPos.end()) - m_dotPos.begin());
        fill();
        const double circumference = 2 * M_PI * m_geometry.keyRadius();
        // Presenting, a dot takes more of the room between keys (never all of it) and may grow
        // larger.
        const double share = m_presenting ? 0.42 : 0.34;
        m_dotRadius = std::clamp(share * circumference / double(std::max<size_t>(distinct, 1)), 1.6,
                                 6.5 * m_markScale);
        return;
    }
    m_binFirst.resize(kKeyBins + 1);
    m_binStart.resize(kKeyBins);
    for (size_t b = 0; b < kKeyBins; ++b) {
        m_binStart[b] = binStart(m_geometry.space, b, kKeyBins);
        m_binFirst[b] = positions.lowerBound(0, positions.size(), m_binStart[b]);
    }
    m_binFirst[kKeyBins] = count;
    m_binCount.resize(kKeyBins);
    for (size_t b = 0; b < kKeyBins; ++b) {
        m_binCount[b] = static_cast<uint32_t>(m_binFirst[b + 1] - m_binFirst[b]);
    }
    m_binMoved.assign(kKeyBins, 0);
    m_binReplica.assign(kKeyBins, 0);
}

void RingScene::refreshKeyChanges(const RingSnapshot& snapshot, bool all) {
    const auto keysByRank = snapshot.live->sortedKeys();
    if (m_keyDots) {
        m_dotChange.resize(m_dotPos.size());
        for (size_t r = 0; r < m_dotPos.size(); ++r) {
            m_dotChange[r] = static_cast<uint8_t>(snapshot.changes->change(keysByRank[r]));
        }
        return;
    }
    const auto binOf = [&](size_t rank) {
        return static_cast<size_t>(std::upper_bound(m_binFirst.begin(), m_binFirst.end(), rank) -
                                   m_binFirst.begin()) -
               1;
    };
    // Adds the classifications of the keys of ranks [first, last) to their bins.
    const auto countRanks = [&](size_t first, size_t last) {
        size_t b = first < last ? binOf(first) : 0;
        for (size_t r = first; r < last; ++r) {
            while (r >= m_binFirst[b + 1]) {
                ++b;
            }
            const KeyChange change = snapshot.changes->change(keysByRank[r]);
            m_binMoved[b] += change == KeyChange::Primary ? 1 : 0;
            m_binReplica[b] += change == KeyChange::ReplicaOnly ? 1 : 0;
        }
    };
    const auto recount = [&](size_t b) {
        m_binMoved[b] = 0;
        m_binReplica[b] = 0;
        countRanks(m_binFirst[b], m_binFirst[b + 1]);
    };
    if (all) {
        m_binMoved.assign(kKeyBins, 0);
        m_binReplica.assign(kKeyBins, 0);
        if (m_binFirst.back() == 0) {
            return;
        }
        // Only where keys can have changed, when the tracker knows (a ring edit's arcs), in
        // position order over the same keys.
        const std::vector<KeyRange>* within = snapshot.changes->changedRanks();
        if (within && snapshot.live->hashedKeys() == snapshot.hashed) {
            for (const KeyRange& range : *within) {
                countRanks(range.first, range.last);
            }
            return;
        }
        // Else through the keys in key order, placing only the changed ones by their positions:
        // a walk in position order would visit every key's classification out of order (at ten
        // million keys, a cache miss each).
        snapshot.changes->forEachChanged([&](size_t k, KeyChange change) {
            const uint64_t x = snapshot.live->positionOf(k);
            const size_t b =
                static_cast<size_t>(std::upper_bound(m_binStart.begin(), m_binStart.end(), x) -
                                    m_binStart.begin()) -
                1;
            (change == KeyChange::Primary ? m_binMoved : m_binReplica)[b] += 1;
        });
        return;
    }
    for (const KeyRange& range : snapshot.lastRanges) {
        if (range.first >= range.last) {
            continue;
        }
        const size_t last = std::min(binOf(range.last - 1), kKeyBins - 1);
        for (size_t b = binOf(range.first); b <= last; ++b) {
            recount(b);
        }
    }
}

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

// ---------------------------------------------------------------------------------------------
// Migration

bool RingScene::prepareMigration(const RingSnapshot& snapshot) {
    m_migration.clear();
    const Computed* before = snapshot.baseline;
    const size_t moved = snapshot.moved.primaryMoved;
    if (!m_isRing || !before || moved == 0 || moved > kMaxGlidingKeys) {
        return false;
    }
    std::vector<GlidingKey> keys;
    keys.reserve(moved);
    if (m_keyDots) {
        const auto keysByRank = snapshot.live->sortedKeys();
        for (size_t r = 0; r < m_dotPos.size(); ++r) {
            if (static_cast<KeyChange>(m_dotChange[r]) == KeyChange::Primary) {
                keys.push_back({keysByRank[r], m_dotPos[r]});
            }
        }
    } else {
        snapshot.changes->forEachChanged([&](size_t k, KeyChange change) {
            if (change == KeyChange::Primary) {
                keys.push_back({k, snapshot.hashed->positionOf(k)});
            }
        });
    }
    const double dot = m_keyDots ? m_dotRadius * 1.45 : 4 * m_markScale;
    return m_migration.prepare(*before, m_geometry, keys, dot, m_colors.moved);
}

void RingScene::setMigrationProgress(double progress) {
    m_migration.setProgress(progress, m_geometry, m_colors.moved);
}

void RingScene::clearMigration() {
    m_migration.clear();
}

// ---------------------------------------------------------------------------------------------
// Texts

void RingScene::buildTexts(const RingSnapshot& snapshot) {
    // buildWalk may have added rank numbers already; keep them and add the rest.
    if (!m_isRing) {
        m_texts.add(Live, {kCenter, kCenter}, m_message, m_colors.text, 22, Qt::AlignCenter);
    }
    // Node ids inside their arcs, where the id fits its arc: the upright text measured along
    // the ring (its width near the top and bottom, its height at the sides) within the arc, and
    // across it within the band, so long ids (host:port, addresses) never run into their
    // neighbours or the labels around the ring.
    QFont bandFont = m_texts.font();
    bandFont.setPixelSize(kBandLabelPx);
    bandFont.setBold(true);
    const QFontMetricsF band(bandFont);
    const double bandMiddle = (m_geometry.radius + m_geometry.bandInner()) / 2;
    m_arcLabels.clear();
    // Each node's label and its width, measured once for all of its arcs (a ring of 100 nodes
    // x 256 vnodes has 25,600 arcs, nearly all too narrow for any label).
    std::vector<std::optional<std::pair<QString, double>>> labels(m_ids.size());
    for (const Arc& arc : m_arcs) {
        const double span = arc.to - arc.from;
        if (span * 360.0 < kBandLabelMinDegrees) {
            continue;
        }
        const double mid = (arc.from + arc.to) * 180.0;
        const bool down = m_down[arc.node];
        auto& known = labels[arc.node];
        if (!known) {
            QString text =
                down ? QCoreApplication::translate("RingScene", "%1 down").arg(m_ids[arc.node])
                     : m_ids[arc.node];
            const double advance = band.horizontalAdvance(text);
            known.emplace(std::move(text), advance);
        }
        const auto& [label, width] = *known;
        const double cos = std::abs(std::cos(qDegreesToRadians(mid)));
        const double sin = std::abs(std::sin(qDegreesToRadians(mid)));
        const double along = width * cos + band.height() * sin;
        const double across = width * sin + band.height() * cos;
        if (along + kBandLabelPx <= span * 2 * M_PI * bandMiddle &&
            across <= m_geometry.radius - m_geometry.bandInner() + kBandLabelPx / 2) {
            const QPointF at = m_geometry.pointAtAngle(mid, bandMiddle);
            m_texts.add(Live, at, label,
                        down ? m_colors.text : contrastingText(m_nodeColors[arc.node]),
                        kBandLabelPx, Qt::AlignCenter, true);
            QRectF box(QPointF(), QSizeF(width, band.height()));
            box.moveCenter(at);
            m_arcLabels.emplace_back(label, box);
        }
    }
    // Token positions beside their handles in small rings, clear of the tick marks, the tick
    // labels and the token labels before them: farther out where one is in the way (a wide
    // host:port label at the sides, neighbouring tokens). One crowded out even so is left to
    // its handle's tool tip. Presenting, the larger labels start past the larger tick labels.
    // A label stays inside the picture: one too wide for the room at the sides (a long
    // host:port id) has its id shortened in the middle to the room there, or else is its
    // position alone, in its node's colour; one that finds no clear place inside even so (a
    // signed64 position at the side) is placed as it would be without the picture's edge.
    if (m_tokenHandles && m_tokenPos.size() <= kMaxTokenLabels) {
        const double from = m_geometry.radius + 72 + 48 * (m_texts.scale() - 1.0);
        for (size_t t = 0; t < m_tokenPos.size(); ++t) {
            const double angle = m_geometry.angleOf(m_tokenPos[t]);
            const QString position = positionText(m_tokenPos[t], m_geometry.space);
            const QString whole = shownId(m_ids[m_tokenNode[t]]) + u'@' + position;
            const auto place = [&](const QString& label, bool withinPicture, qsizetype keepTail) {
                return m_texts.addClear(
                    m_geometry, angle, from, 2, 300, label,
                    readableOn(m_nodeColors[m_tokenNode[t]], m_colors.background), 20,
                    TextRole::TokenLabel, {TextRole::Tick, TextRole::TokenLabel},
                    m_geometry.radius + kTickReach, true, withinPicture, keepTail);
            };
            if (!place(whole, true, -1) && !place(whole, true, position.size() + 1) &&
                !place(position, true, -1)) {
                place(whole, false, -1);
            }
        }
    }
    m_legend.rebuild(snapshot, m_ids, m_nodeColors, m_down, m_texts.font(), marks(snapshot));
    const double ts = m_texts.scale();
    // The summary in the middle: moved keys next to the ideal, and what they are measured
    // against. While a question waits for its guess it holds no number of the change to come
    // and none left from the step before.
    // Each line keeps inside the circle within the keys: as wide as the circle is at the line's
    // edge farther from the centre (a line below the middle is shorter than one through it:
    // "18.71 MiB" ran under the key dots as "8.71"), shrunk to that width when it is wider.
    const auto inside = [&](double y, double size) {
        const double r = centreClearRadius() * kCentreTextShare;
        const double edge = std::abs(y - kCenter) + size * ts * 0.6;
        return 2 * std::sqrt(std::max(r * r - edge * edge, r * r * 0.01));
    };
    if (m_isRing && snapshot.withholdCounts) {
        m_texts.add(Live, {kCenter, kCenter - 34 * ts},
                    QCoreApplication::translate("RingScene", "How many keys will move?"),
                    m_colors.text, 24, Qt::AlignCenter, true, inside(kCenter - 34 * ts, 24),
                    TextRole::Centre);
        m_texts.add(Live, {kCenter, kCenter - 4 * ts},
                    QCoreApplication::translate("RingScene", "Predict, then reveal"),
                    m_colors.faintText, 19, Qt::AlignCenter, false, inside(kCenter - 4 * ts, 19),
                    TextRole::Centre);
    } else if (m_isRing) {
        const MoveSummary s = snapshot.moved;
        m_texts.add(Live, {kCenter, kCenter - 34 * ts},
                    QCoreApplication::translate("RingScene", "%1 of %2 keys moved")
                        .arg(format::count(s.primaryMoved), format::count(s.keys)),
                    s.primaryMoved ? m_colors.moved : m_colors.text, 24, Qt::AlignCenter, true,
                    inside(kCenter - 34 * ts, 24), TextRole::Centre);
        // Presenting, the reason for an ideal of 0 is left to the speaker: at the larger size it
        // would only fit the key circle in small print.
        const QString since = movedSinceText(s.since);
        const QString idealText =
            s.ideal > 0 ? QCoreApplication::translate("RingScene", "%1 %2 · ideal %3")
                              .arg(percent(s.movedFraction()), since, percent(s.ideal))
            : m_presenting ? QCoreApplication::translate("RingScene", "%1 %2 · ideal 0")
                                 .arg(percent(s.movedFraction()), since)
                           : QCoreApplication::translate("RingScene",
                                                         "%1 %2 · ideal 0 (same nodes and weights)")
                                 .arg(percent(s.movedFraction()), since);
        m_texts.add(Live, {kCenter, kCenter - 4 * ts}, idealText, m_colors.text, 19,
                    Qt::AlignCenter, false, inside(kCenter - 4 * ts, 19), TextRole::Centre);
        // Under it the bytes moved (with key sizes) and the replica sets changed, one line each.
        double below = kCenter + 24 * ts;
        if (s.hasSizes) {
            m_texts.add(
                Live, {kCenter, below},
                QCoreApplication::translate("RingScene", "%1 of %2 moved (%3)")
                    .arg(format::bytes(s.bytesMoved), format::bytes(s.totalBytes),
                         percent(s.totalBytes ? double(s.bytesMoved) / double(s.totalBytes) : 0.0)),
                s.bytesMoved ? m_colors.moved : m_colors.text, 18, Qt::AlignCenter, false,
                inside(below, 18), TextRole::Centre);
            below += 22 * ts;
        }
        if (s.replicaOnly > 0) {
            m_texts.add(Live, {kCenter, below},
                        QCoreApplication::translate("RingScene", "+%1 replica sets changed")
                            .arg(format::count(s.replicaOnly)),
                        m_colors.replicaOnly, 18, Qt::AlignCenter, false, inside(below, 18),
                        TextRole::Centre);
            below += 22 * ts;
        }
        const FailoverCounts& f = s.failover;
        if (s.hasDown && f.primaryLost > 0) {
            // A key with no live copy is a miss at its new primary in a cache or behind a proxy,
            // and unavailable in a store.
            const QString lost = snapshot.placement->role() == NodeRole::Cache
                                     ? QCoreApplication::translate(
                                           "RingScene", "%1 primaries lost · %2 cache misses")
                                     : QCoreApplication::translate(
                                           "RingScene", "%1 primaries lost · %2 unavailable");
            m_texts.add(Live, {kCenter, std::max(kCenter + 86 * ts, below + 40 * ts)},
                        lost.arg(format::count(f.primaryLost), format::count(f.noReplica)),
                        f.noReplica ? m_colors.moved : m_colors.text, 17, Qt::AlignCenter, true,
                        inside(std::max(kCenter + 86 * ts, below + 40 * ts), 17), TextRole::Centre);
        }
        if (s.hasDown && f.handedBack > 0) {
            m_texts.add(Live, {kCenter, std::max(kCenter + 86 * ts, below + 40 * ts)},
                        QCoreApplication::translate("RingScene", "%1 keys handed back")
                            .arg(format::count(f.handedBack)),
                        m_colors.text, 17, Qt::AlignCenter, true,
                        inside(std::max(kCenter + 86 * ts, below + 40 * ts), 17), TextRole::Centre);
        }
        const Scenario& sc = *snapshot.scenario;
        m_texts.add(Live, {kCenter, std::max(kCenter + 56 * ts, below + 10 * ts)},
                    QCoreApplication::translate("RingScene", "%1 · %2 · space %3")
                        .arg(format::nodes(sc.nodes.size()),
                             format::tokens(snapshot.live->ring().size()), qs(spaceName(sc.space))),
                    m_colors.faintText, 16, Qt::AlignCenter, false,
                    inside(std::max(kCenter + 56 * ts, below + 10 * ts), 16), TextRole::Centre);
    }
    m_title = shownText(snapshot.scenario->title);
}

double RingScene::centreClearRadius() const {
    return m_client.on ? m_geometry.clientKeyRadius() - clientMarkRadius() - 1
                       : m_geometry.densityInner();
}

double RingScene::clientMarkRadius() const {
    return 2.4 * m_markScale;
}

std::vector<std::pair<QString, QRectF>> RingScene::textBoxes(TextRole role) const {
    return m_texts.boxes(role);
}

QStringList RingScene::texts() const {
    QStringList out = m_texts.all();
    out << m_legend.rowTexts();
    if (!m_title.isEmpty()) {
        out << m_title;
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Painting: only paths and texts worked out above.

void RingScene::paint(QPainter& p) const {
    // Many thin sectors: antialiasing thousands of sub-paths costs tens of milliseconds and
    // shows nothing (the seams are below a pixel), so they are filled aliased and the band's two
    // circles are stroked smoothly on top.
    const bool dense = m_arcs.size() > kMaxOutlinedArcs;
    p.setRenderHint(QPainter::Antialiasing, !dense);
    // Separating lines between arcs help only while arcs are wide enough to see them.
    p.setPen(dense ? QPen(Qt::NoPen) : QPen(m_colors.background, 2.0));
    for (size_t n = 0; n < m_nodePaths.size(); ++n) {
        p.setBrush(m_down[n] ? m_colors.down : m_nodeColors[n]);
        p.drawPath(m_nodePaths[n]);
    }
    // A down node's arcs keep its tokens: grey, hatched in its colour, so whose they are shows.
    for (size_t n = 0; n < m_nodePaths.size(); ++n) {
        if (m_down[n]) {
            p.fillPath(m_nodePaths[n], QBrush(m_nodeColors[n], Qt::BDiagPattern));
        }
    }
    p.setRenderHint(QPainter::Antialiasing);
    if (dense) {
        p.setPen(QPen(m_colors.background, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(m_geometry.center, m_geometry.radius, m_geometry.radius);
        p.drawEllipse(m_geometry.center, m_geometry.bandInner(), m_geometry.bandInner());
    }
    for (size_t n = 0; n < m_nodePaths.size(); ++n) {
        if (m_emphasisArcs[n]) {  // a lesson points at these arcs
            p.strokePath(m_nodePaths[n], QPen(m_colors.selection, 6.0 * m_markScale));
        }
    }
    if (m_selectedNode && *m_selectedNode < m_nodePaths.size()) {
        // The selected node's arcs, outlined in the colour that contrasts with any node colour.
        p.strokePath(m_nodePaths[*m_selectedNode], QPen(m_colors.outline, 3.5));
    }
    p.strokePath(m_ticks, QPen(m_colors.faintText, 1.4));
    if (m_client.on) {
        p.setPen(Qt::NoPen);
        for (size_t n = 0; n < m_client.paths.size(); ++n) {
            p.setBrush(m_client.colors[n]);
            p.drawPath(m_client.paths[n]);
        }
        p.strokePath(m_client.circle, QPen(m_colors.faintText, 2.0, Qt::DashLine));
        p.fillPath(m_client.marksB, m_colors.moved);
    }

    if (m_keyDots) {
        p.fillPath(m_keyPath, m_colors.key);
        if (!isMigrating()) {  // while they glide, the moved keys are the gliding ones
            p.fillPath(m_movedPath, m_colors.moved);
            p.strokePath(m_movedPath, QPen(m_colors.outline, 1.2));
        }
        p.strokePath(m_replicaPath, QPen(m_colors.replicaOnly, 2.6));
    } else {
        p.fillPath(m_keyPath, m_colors.density);
        p.fillPath(m_movedPath, m_colors.moved);
        p.fillPath(m_replicaPath, m_colors.replicaOnly);
    }

    // The keys client B sends elsewhere, ringed on A's key track.
    p.strokePath(m_client.marksA, QPen(m_colors.moved, 1.4));

    p.setPen(QPen(m_colors.outline, 1.5));
    for (size_t n = 0; n < m_handlePaths.size(); ++n) {
        if (!m_handlePaths[n].isEmpty()) {
            p.setBrush(m_down[n] ? m_colors.down : m_nodeColors[n]);
            p.drawPath(m_handlePaths[n]);
        }
    }
    if (!m_specialHandle.isEmpty()) {
        const size_t token = m_dragged ? *m_dragged : m_highlight.value_or(0);
        p.setBrush(token < m_tokenNode.size() ? m_nodeColors[m_tokenNode[token]]
                                              : m_colors.selection);
        p.setPen(QPen(m_colors.selection, 3.5));
        p.drawPath(m_specialHandle);
    }

    p.strokePath(m_emphasisRings, QPen(m_colors.selection, 3.0 * m_markScale));
    m_migration.paint(p);
    p.strokePath(m_selectedKey, QPen(m_colors.selection, 3.0));
    QPen walkPen(m_colors.walk, 2.5, Qt::DashLine);
    p.strokePath(m_walkArc, walkPen);
    p.strokePath(m_walkChosen, QPen(m_colors.walk, 3.0));
    p.strokePath(m_walkSkipped, QPen(m_colors.moved, 3.0));

    m_texts.paint(p);
}

double RingScene::ringScale(const QRectF& target, bool titled) const {
    return m_legend.layout(target, titled, m_presenting).ringScale;
}

std::optional<size_t> RingScene::legendNodeAt(QPointF at, const QRectF& target, bool titled) const {
    return m_legend.nodeAt(at, target, titled, m_presenting);
}

void RingScene::paintLegend(QPainter& painter, const QRectF& target, bool titled) const {
    m_legend.paint(painter, target, titled, m_presenting, m_colors);
}

QStringList RingScene::legendTexts(const QRectF& target, bool titled, double* fontPx) const {
    return m_legend.texts(target, titled, m_presenting, fontPx);
}

bool RingScene::picturesTitle() const {
    return !m_title.isEmpty() && !m_presenting;  // presenting: the ring and the lesson only
}

QTransform RingScene::pictureTransform(const QRectF& target) const {
    return transformFor(target, ringScale(target, picturesTitle()));
}

void RingScene::paintInto(QPainter& painter, const QRectF& target) const {
    painter.save();
    painter.fillRect(target, m_colors.background);
    const bool titled = picturesTitle();
    painter.setTransform(pictureTransform(target), true);
    paint(painter);
    painter.restore();
    paintLegend(painter, target, titled);
    if (titled) {
        const double side = std::min(target.width(), target.height());
        QFont font = m_texts.font();
        font.setPixelSize(int(std::lround(legendFontPx(side))));
        painter.save();
        painter.setFont(font);
        painter.setPen(m_colors.faintText);
        painter.drawText(
            target.adjusted(font.pixelSize(), font.pixelSize() * 0.5, -font.pixelSize(), 0),
            Qt::AlignRight | Qt::AlignTop, m_title);
        painter.restore();
    }
}

}  // namespace ringscope
