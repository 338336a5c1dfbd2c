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

// What a refresh compares with the one before it.
struct RingScene::Shown {
    std::vector<Arc> arcs;
    std::vector<uint64_t> tokenPos;
    std::vector<uint32_t> tokenNode;
    std::vector<uint8_t> dotChange;
    std::vector<uint32_t> binMoved, binReplica;
    QPainterPath special, emphasisRings, walkArc, walkChosen, walkSkipped, selectedKey;
    std::optional<std::pair<uint64_t, uint32_t>> specialToken;  // the dragged or hovered one
    std::optional<size_t> selectedNode;
    std::vector<bool> emphasisArcs, emphasisTokens;
    bool tokenHandles = false, keyDots = false, dense = false;
    double dotRadius = 0, handleRadius = 0;
    RingTexts texts{0};
    QString title;
};

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
    noteDamage(Damage::everything());
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
    noteDamage(Damage::everything());
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
    refresh(snapshot, true, true);
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
                m_client.arcs.push_back(
                    {double(first) / double(kKeyBins), double(bin) / double(kKeyBins), node});
                first = bin;
                node = next;
            }
        }
    } else {
        m_client.circle.addEllipse(m_geometry.center, m_geometry.clientOuter(),
                                   m_geometry.clientOuter());
    }
    for (const size_t k : snapshot.disagreeing) {
        if (m_client.marked == kMaxClientMarks) {
            break;
        }
        if (k >= snapshot.hashed->size() || k >= b->hashed->size()) {
            continue;
        }
        m_client.marksA.push_back(
            m_geometry.pointAt(snapshot.hashed->positionOf(k), m_geometry.keyRadius()));
        m_client.marksB.push_back(g.pointAt(b->hashed->positionOf(k), g.clientKeyRadius()));
        ++m_client.marked;
    }
    const RingWindow whole = RingWindow::whole();
    m_shapes.client = arcPaths(m_client.arcs, m_client.colors.size(), m_geometry.clientInner(),
                               m_geometry.clientOuter(), whole);
    m_shapes.clientMarksA = markPath(m_client.marksA, clientMarkRadius() + 1.5, whole);
    m_shapes.clientMarksB = markPath(m_client.marksB, clientMarkRadius(), whole);
}

void RingScene::refreshLive(const RingSnapshot& snapshot, bool allKeys) {
    refresh(snapshot, allKeys, false);
}

void RingScene::refresh(const RingSnapshot& snapshot, bool allKeys, bool everything) {
    Shown before = shown();
    m_dragged = snapshot.dragged;
    m_selectedNode = snapshot.selectedNode;
    m_texts.clear(Live);
    collectArcs(snapshot);
    std::vector<Arc> gone, added;
    std::vector<bool> changed = changedArcs(before.arcs, gone, added);
    if (everything || m_shapes.nodes.size() != m_ids.size()) {
        changed.assign(m_ids.size(), true);
        m_shapes.nodes.assign(m_ids.size(), QPainterPath());
    }
    // The paths of the nodes whose arcs changed, built again; the others kept.
    std::vector<QPainterPath> fresh = arcPaths(m_arcs, m_ids.size(), m_geometry.bandInner(),
                                               m_geometry.radius, RingWindow::whole(), changed);
    for (size_t n = 0; n < m_ids.size(); ++n) {
        if (changed[n]) {
            m_shapes.nodes[n] = std::move(fresh[n]);
        }
    }
    buildEmphasis(snapshot);
    buildHandlePaths(snapshot);
    if (everything || before.tokenPos != m_tokenPos || before.tokenNode != m_tokenNode ||
        before.specialToken != specialToken() || before.emphasisTokens != m_emphasisTokens) {
        m_shapes.handles = handlePaths(RingWindow::whole());
    }
    refreshKeyChanges(snapshot, allKeys);
    if (everything || before.dotChange != m_dotChange || before.binMoved != m_binMoved ||
        before.binReplica != m_binReplica) {
        keyPaths(RingWindow::whole(), m_shapes.keys, m_shapes.moved, m_shapes.replica);
    }
    buildWalk(snapshot);
    buildTexts(snapshot);
    noteDamage(everything ? Damage::everything() : damageAgainst(before, gone, added));
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
    m_binMost = std::max<uint32_t>(1, *std::max_element(m_binCount.begin(), m_binCount.end()));
    if (m_binEdges.size() != kKeyBins) {
        RingGeometry unit;
        unit.radius = 1;
        for (size_t b = 0; b < kKeyBins; ++b) {
            m_binEdges.push_back(unit.pointAtAngle(double(b) * 360.0 / double(kKeyBins), 1.0));
        }
    }
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
// Damage: what a live refresh changed, for a screen that keeps its pixels

RingScene::Shown RingScene::shown() const {
    Shown s;
    s.arcs = m_arcs;
    s.tokenPos = m_tokenPos;
    s.tokenNode = m_tokenNode;
    s.dotChange = m_dotChange;
    s.binMoved = m_binMoved;
    s.binReplica = m_binReplica;
    s.special = m_specialHandle;
    s.emphasisRings = m_emphasisRings;
    s.walkArc = m_walkArc;
    s.walkChosen = m_walkChosen;
    s.walkSkipped = m_walkSkipped;
    s.selectedKey = m_selectedKey;
    s.specialToken = specialToken();
    s.selectedNode = m_selectedNode;
    s.emphasisArcs = m_emphasisArcs;
    s.emphasisTokens = m_emphasisTokens;
    s.tokenHandles = m_tokenHandles;
    s.keyDots = m_keyDots;
    s.dense = isDense();
    s.dotRadius = m_dotRadius;
    s.handleRadius = m_handleRadius;
    s.texts = m_texts;
    s.title = m_title;
    return s;
}

std::optional<std::pair<uint64_t, uint32_t>> RingScene::specialToken() const {
    const std::optional<size_t> t = m_dragged ? m_dragged : m_highlight;
    if (!t || *t >= m_tokenPos.size()) {
        return std::nullopt;
    }
    return std::pair{m_tokenPos[*t], m_tokenNode[*t]};
}

std::vector<bool> RingScene::changedArcs(const std::vector<Arc>& before, std::vector<Arc>& gone,
                                         std::vector<Arc>& added) const {
    if (before == m_arcs) {
        return std::vector<bool>(m_ids.size(), false);
    }
    std::vector<Arc> was = before, now = m_arcs;
    std::sort(was.begin(), was.end());
    std::sort(now.begin(), now.end());
    std::set_difference(was.begin(), was.end(), now.begin(), now.end(), std::back_inserter(gone));
    std::set_difference(now.begin(), now.end(), was.begin(), was.end(), std::back_inserter(added));
    std::vector<bool> nodes(m_ids.size(), false);
    for (const std::vector<Arc>* list : {&gone, &added}) {
        for (const Arc& arc : *list) {
            if (arc.node < nodes.size()) {
                nodes[arc.node] = true;
            }
        }
    }
    return nodes;
}

QRectF RingScene::sectorBounds(double fromAngle, double toAngle, double inner, double outer) const {
    if (toAngle - fromAngle >= 360.0) {
        const QPointF c = m_geometry.center;
        return {c.x() - outer, c.y() - outer, 2 * outer, 2 * outer};
    }
    QRectF out(m_geometry.pointAtAngle(fromAngle, outer), QSizeF());
    const auto take = [&](double angle) {
        for (const double r : {inner, outer}) {
            const QPointF at = m_geometry.pointAtAngle(angle, r);
            out = out.united(QRectF(at, QSizeF(0.01, 0.01)));
        }
    };
    take(fromAngle);
    take(toAngle);
    // The quarter turns within: the sector's widest points.
    for (double q = std::ceil(fromAngle / 90.0) * 90.0; q < toAngle; q += 90.0) {
        take(q);
    }
    return out;
}

// Over 80 lines: one comparison after another, each a few lines, with the rectangles each adds.
RingScene::Damage RingScene::damageAgainst(const Shown& b, const std::vector<Arc>& gone,
                                           const std::vector<Arc>& added) const {
    Damage d;
    if (b.selectedNode != m_selectedNode || b.emphasisArcs != m_emphasisArcs ||
        b.emphasisTokens != m_emphasisTokens || b.tokenHandles != m_tokenHandles ||
        b.keyDots != m_keyDots || b.dense != isDense() || b.dotRadius != m_dotRadius ||
        b.handleRadius != m_handleRadius || b.title != m_title ||
        b.tokenPos.size() != m_tokenPos.size() || b.dotChange.size() != m_dotChange.size() ||
        b.binMoved.size() != m_binMoved.size() || b.binReplica.size() != m_binReplica.size()) {
        d.all = true;
        return d;
    }
    // Arcs: an arc that kept its node and one end changed only between its old and new other
    // end (a token dragged along its arc); any other, all of it.
    std::vector<bool> paired(added.size(), false);
    const auto sector = [&](double from, double to, const Arc& a, const Arc& b) {
        double first = std::min(from, to) * 360.0;
        double last = std::max(from, to) * 360.0;
        // An arc drawn with curves changes the pieces it ends in (appendArc).
        const auto curved = [](const Arc& arc) { return (arc.to - arc.from) * 360.0 >= 1.0; };
        if (curved(a) || curved(b)) {
            first = std::floor(first / kArcPieceDegrees) * kArcPieceDegrees;
            last = std::ceil(last / kArcPieceDegrees) * kArcPieceDegrees;
        }
        d.ring.push_back(sectorBounds(first, last, m_geometry.bandInner(), m_geometry.radius));
    };
    for (const Arc& g : gone) {
        bool found = false;
        for (size_t i = 0; i < added.size() && !found; ++i) {
            const Arc& a = added[i];
            if (paired[i] || a.node != g.node || (a.from != g.from && a.to != g.to)) {
                continue;
            }
            paired[i] = found = true;
            if (a.from == g.from) {
                sector(g.to, a.to, g, a);
            } else {
                sector(g.from, a.from, g, a);
            }
        }
        if (!found) {
            sector(g.from, g.to, g, g);
        }
    }
    for (size_t i = 0; i < added.size(); ++i) {
        if (!paired[i]) {
            sector(added[i].from, added[i].to, added[i], added[i]);
        }
    }
    // Token handles that moved, where they were and where they are: the tokens (position and
    // node) in one list and not the other, both in position order (a token dragged past 0 shifts
    // every index, not every token); and the dragged or hovered one, drawn apart, when it changed.
    // An emphasised handle, its ring 6 past it, and the dragged one's pen.
    const double handle = m_handleRadius * kEmphasisedHandle + 8;
    const auto around = [&](QPointF at, double r) {
        d.ring.emplace_back(at.x() - r, at.y() - r, 2 * r, 2 * r);
    };
    const auto handleAt = [&](uint64_t position) {
        around(m_geometry.pointAt(position, m_geometry.radius), handle);
    };
    for (size_t i = 0, j = 0; i < b.tokenPos.size() || j < m_tokenPos.size();) {
        const bool wasLeft = i < b.tokenPos.size();
        const bool nowLeft = j < m_tokenPos.size();
        const std::pair was = wasLeft ? std::pair{b.tokenPos[i], b.tokenNode[i]}
                                      : std::pair{uint64_t{0}, uint32_t{0}};
        const std::pair now = nowLeft ? std::pair{m_tokenPos[j], m_tokenNode[j]}
                                      : std::pair{uint64_t{0}, uint32_t{0}};
        if (!nowLeft || (wasLeft && was < now)) {
            handleAt(was.first);
            ++i;
        } else if (!wasLeft || now < was) {
            handleAt(now.first);
            ++j;
        } else {
            ++i;
            ++j;
        }
    }
    if (b.specialToken != specialToken()) {
        for (const auto& token : {b.specialToken, specialToken()}) {
            if (token) {
                handleAt(token->first);
            }
        }
    }
    // Single marks: the dragged or highlighted handle, the rings, the walk, the selected key.
    const std::pair<const QPainterPath*, const QPainterPath*> paths[] = {
        {&b.special, &m_specialHandle},   {&b.emphasisRings, &m_emphasisRings},
        {&b.walkArc, &m_walkArc},         {&b.walkChosen, &m_walkChosen},
        {&b.walkSkipped, &m_walkSkipped}, {&b.selectedKey, &m_selectedKey}};
    for (const auto& [was, now] : paths) {
        if (*was != *now) {
            for (const QPainterPath* path : {was, now}) {
                if (!path->isEmpty()) {
                    d.ring.push_back(path->controlPointRect());
                }
            }
        }
    }
    // Keys: the dots whose change differs, or the density bins whose counts do.
    for (size_t i = 0; i < m_dotChange.size(); ++i) {
        if (b.dotChange[i] != m_dotChange[i]) {
            around(m_geometry.pointAt(m_dotPos[i], m_geometry.keyRadius()), m_dotRadius * 1.45 + 2);
        }
    }
    const double r0 = m_geometry.densityInner();
    const double stacked = r0 + 2 * (m_geometry.bandInner() - r0);  // moved and replicas
    for (size_t bin = 0; bin < m_binMoved.size(); ++bin) {
        if (b.binMoved[bin] != m_binMoved[bin] || b.binReplica[bin] != m_binReplica[bin]) {
            d.ring.push_back(sectorBounds(double(bin) * 360.0 / double(kKeyBins),
                                          double(bin + 1) * 360.0 / double(kKeyBins), r0, stacked));
        }
    }
    for (const QRectF& box : m_texts.changedBoxes(b.texts)) {
        d.ring.push_back(box);
    }
    for (QRectF& r : d.ring) {
        r.adjust(-kDamageMargin, -kDamageMargin, kDamageMargin, kDamageMargin);
    }
    d.legendRows = m_legend.changedRows();
    d.legend = m_legend.marksChanged();
    return d;
}

void RingScene::Damage::add(const Damage& other) {
    all = all || other.all;
    ring.insert(ring.end(), other.ring.begin(), other.ring.end());
    legendRows.insert(legendRows.end(), other.legendRows.begin(), other.legendRows.end());
    legend = legend || other.legend;
}

void RingScene::noteDamage(Damage damage) {
    if (damage.isEmpty()) {
        return;
    }
    m_changes.emplace_back(++m_version, std::move(damage));
    if (m_changes.size() > kKeptChanges) {
        m_changes.erase(m_changes.begin());
    }
}

RingScene::Damage RingScene::damageSince(uint64_t version) const {
    Damage d;
    if (version == m_version) {
        return d;
    }
    if (m_changes.empty() || m_changes.front().first > version + 1 || version > m_version) {
        d.all = true;
        return d;
    }
    for (const auto& [v, damage] : m_changes) {
        if (v > version) {
            d.add(damage);
        }
    }
    return d;
}

RingLegend::Layout RingScene::legendLayout(const Frame& frame) const {
    return m_legend.layout(frame.target, frame.titled, m_presenting);
}

std::vector<QRectF> RingScene::legendRowRects(const RingLegend::Layout& layout,
                                              const std::vector<size_t>* nodes) const {
    return m_legend.rowRects(layout, nodes);
}

// ---------------------------------------------------------------------------------------------
// Migration

bool RingScene::prepareMigration(const RingSnapshot& snapshot) {
    m_migration.clear();
    noteDamage(Damage::everything());  // the moved keys leave their places to glide
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
    if (m_migration.isActive()) {
        noteDamage(Damage::everything());
    }
    m_migration.clear();
}

// ---------------------------------------------------------------------------------------------
// Painting: only paths and texts worked out above.

void RingScene::paint(QPainter& p) const {
    paint(p, Layers::All);
}

void RingScene::paint(QPainter& p, Layers layers) const {
    const RingWindow window = RingWindow::clipOf(p, m_geometry.center, kDamageMargin);
    if (layers != Layers::Over) {
        Shapes part;
        paintUnder(p, window, window.isWhole() ? m_shapes : (part = shapesIn(window)));
    }
    if (layers != Layers::Under) {
        paintOver(p, window);
    }
}

// Over 80 lines: paints the scene's layers under the gliding keys in the order they overlap, a
// few lines each, from what rebuild worked out.
void RingScene::paintUnder(QPainter& p, const RingWindow& window, const Shapes& s) const {
    // Many thin sectors: antialiasing thousands of sub-paths costs tens of milliseconds and
    // shows nothing (the seams are below a pixel), so they are filled aliased and the band's two
    // circles are stroked smoothly on top.
    const bool dense = isDense();
    p.setRenderHint(QPainter::Antialiasing, !dense);
    // Separating lines between arcs help only while arcs are wide enough to see them.
    p.setPen(dense ? QPen(Qt::NoPen) : QPen(m_colors.background, 2.0));
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        p.setBrush(m_down[n] ? m_colors.down : m_nodeColors[n]);
        p.drawPath(s.nodes[n]);
    }
    // A down node's arcs keep its tokens: grey, hatched in its colour, so whose they are shows.
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (m_down[n]) {
            p.fillPath(s.nodes[n], QBrush(m_nodeColors[n], Qt::BDiagPattern));
        }
    }
    p.setRenderHint(QPainter::Antialiasing);
    if (dense) {
        p.setPen(QPen(m_colors.background, 1.5));
        p.setBrush(Qt::NoBrush);
        strokeCircle(p, m_geometry.radius, window);
        strokeCircle(p, m_geometry.bandInner(), window);
    }
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (m_emphasisArcs[n]) {  // a lesson points at these arcs
            p.strokePath(s.nodes[n], QPen(m_colors.selection, 6.0 * m_markScale));
        }
    }
    if (m_selectedNode && *m_selectedNode < s.nodes.size()) {
        // The selected node's arcs, outlined in the colour that contrasts with any node colour.
        p.strokePath(s.nodes[*m_selectedNode], QPen(m_colors.outline, 3.5));
    }
    p.strokePath(m_ticks, QPen(m_colors.faintText, 1.4));
    if (m_client.on) {
        p.setPen(Qt::NoPen);
        for (size_t n = 0; n < s.client.size(); ++n) {
            p.setBrush(m_client.colors[n]);
            p.drawPath(s.client[n]);
        }
        p.strokePath(m_client.circle, QPen(m_colors.faintText, 2.0, Qt::DashLine));
        p.fillPath(s.clientMarksB, m_colors.moved);
    }

    if (m_keyDots) {
        p.fillPath(s.keys, m_colors.key);
        if (!isMigrating()) {  // while they glide, the moved keys are the gliding ones
            p.fillPath(s.moved, m_colors.moved);
            p.strokePath(s.moved, QPen(m_colors.outline, 1.2));
        }
        p.strokePath(s.replica, QPen(m_colors.replicaOnly, 2.6));
    } else {
        p.fillPath(s.keys, m_colors.density);
        p.fillPath(s.moved, m_colors.moved);
        p.fillPath(s.replica, m_colors.replicaOnly);
    }

    // The keys client B sends elsewhere, ringed on A's key track.
    p.strokePath(s.clientMarksA, QPen(m_colors.moved, 1.4));

    p.setPen(QPen(m_colors.outline, 1.5));
    for (size_t n = 0; n < s.handles.size(); ++n) {
        if (!s.handles[n].isEmpty()) {
            p.setBrush(m_down[n] ? m_colors.down : m_nodeColors[n]);
            p.drawPath(s.handles[n]);
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
}

// The gliding keys and what lies over them: the selected key, its walk, and the texts.
void RingScene::paintOver(QPainter& p, const RingWindow& window) const {
    p.setRenderHint(QPainter::Antialiasing);
    m_migration.paint(p);
    p.strokePath(m_selectedKey, QPen(m_colors.selection, 3.0));
    QPen walkPen(m_colors.walk, 2.5, Qt::DashLine);
    p.strokePath(m_walkArc, walkPen);
    p.strokePath(m_walkChosen, QPen(m_colors.walk, 3.0));
    p.strokePath(m_walkSkipped, QPen(m_colors.moved, 3.0));

    m_texts.paint(p, window);
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

bool RingScene::isDense() const {
    return m_arcs.size() > kMaxOutlinedArcs;
}

bool RingScene::picturesTitle() const {
    return !m_title.isEmpty() && !m_presenting;  // presenting: the ring and the lesson only
}

QTransform RingScene::pictureTransform(const QRectF& target) const {
    return transformFor(target, ringScale(target, picturesTitle()));
}

void RingScene::paintInto(QPainter& painter, const QRectF& target) const {
    paintFrame(painter, pictureFrame(target));
}

RingScene::Frame RingScene::pictureFrame(const QRectF& target) const {
    return {target, pictureTransform(target), m_colors.background, picturesTitle()};
}

void RingScene::paintFrame(QPainter& painter, const Frame& frame, Layers layers) const {
    const QRectF& target = frame.target;
    if (layers != Layers::Over) {
        painter.fillRect(target, frame.background);
    }
    painter.save();
    painter.setTransform(frame.ring, true);
    paint(painter, layers);
    painter.restore();
    if (layers == Layers::Over) {
        return;
    }
    paintLegend(painter, target, frame.titled);
    if (frame.titled) {
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
