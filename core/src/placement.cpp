#include "ringscope/placement.h"

#include <algorithm>
#include <map>

#include "ringscope/removedbuckets.h"
#include "ringscope/stats.h"
#include "ringscope/work.h"

namespace ringscope {

Placement Placement::build(const Scenario& s, const Limits& limits) {
    validate(s);
    checkPlacementWork(s, limits);
    Placement p;
    p.m_algorithm = s.algorithm;
    p.m_role = nodeRoleOf(s);
    p.m_keyHashing = keyHashingOf(s);
    p.m_nodes.replicas = static_cast<size_t>(s.replicas);
    std::map<std::string, uint32_t> zones;
    for (const NodeSpec& node : s.nodes) {
        const auto zone = zones.emplace(node.zone, static_cast<uint32_t>(zones.size())).first;
        p.m_nodes.nodes.push_back({node.id, node.weight, node.zone, zone->second, node.down});
        p.m_nodes.ids.push_back(node.id);
        p.m_nodes.weights.push_back(node.weight);
        if (s.zoneAware) {
            p.m_nodes.zoneOf.push_back(zone->second);
        }
    }
    if (anyNodeDown(s)) {
        for (const NodeSpec& node : s.nodes) {
            p.m_nodes.down.push_back(node.down ? 1 : 0);
        }
    }
    p.m_state = algorithmOf(s).build(s, p.m_nodes);
    // Nodes removed in place (removedbuckets.h) serve nothing either.
    if (const auto order = algorithmOf(s).removedInPlace(s); !order.empty()) {
        p.m_removed = removed::mask(RemovedOrder(order.begin(), order.end()), s.nodes.size());
        p.m_idle = p.m_removed;
        for (size_t n = 0; n < p.m_nodes.down.size(); ++n) {
            p.m_idle[n] |= p.m_nodes.down[n];
        }
    }
    return p;
}

const Ring& Placement::ring() const {
    static const Ring kNoRing;
    const Ring* ring = m_state ? m_state->ring() : nullptr;
    return ring ? *ring : kNoRing;
}

bool Placement::ownsByPosition() const {
    return drawsRingArcs() && m_nodes.down.empty() &&
           m_state->lookupRule() == LookupRule::Successor;
}

std::span<const uint8_t> Placement::servesNothing() const {
    if (!m_idle.empty()) {
        return m_idle;
    }
    return m_state && m_state->downNodesKeepKeys() ? std::span<const uint8_t>() : down();
}

bool Placement::drawsRingArcs() const {
    return hasRing() && !m_state->boundedLoadPercent();
}

std::vector<double> Placement::targetShares() const {
    if (std::vector<double> own = m_state->ownShares(m_nodes); !own.empty()) {
        return own;
    }
    // A down node is meant to hold nothing; the live nodes share its keys by weight.
    return fairShares(m_nodes.size(), m_nodes.weights, m_nodes.down);
}

std::optional<SpaceShares> Placement::spaceShares() const {
    return m_state->spaceShares(*this);
}

std::optional<SpaceShares> detail::bucketSpaceShares(const Placement& placement,
                                                     std::span<const uint32_t> table,
                                                     std::span<const uint8_t> removed,
                                                     std::span<const double> bucketShares) {
    const std::span<const uint8_t> down = placement.down();
    const size_t n = placement.nodes().size();
    if (down.empty() || n == 0) {
        return std::nullopt;
    }
    const auto nodeOf = [&](size_t b) { return table.empty() ? uint32_t(b) : table[b]; };
    const auto isRemoved = [&](size_t b) { return !removed.empty() && removed[b] != 0; };
    const auto serves = [&](size_t b) { return !isRemoved(b) && !down[nodeOf(b)]; };
    size_t live = n;  // a bucket that serves its keys
    size_t working = 0;
    for (size_t b = 0; b < n; ++b) {
        live = live == n && serves(b) ? b : live;
        working += isRemoved(b) ? 0 : 1;
    }
    if (live == n) {
        return std::nullopt;
    }
    // Backwards from that bucket once round: each working bucket's share goes to the nearest
    // bucket at or after it that serves.
    std::vector<double> shares(n, 0.0);
    uint32_t next = nodeOf(live);
    for (size_t i = 0; i < n; ++i) {
        const size_t b = (live + n - i) % n;
        if (serves(b)) {
            next = nodeOf(b);
        }
        if (!isRemoved(b)) {
            shares[next] += bucketShares.empty() ? 1.0 / double(working) : bucketShares[b];
        }
    }
    return SpaceShares{std::move(shares), QT_TRANSLATE_NOOP("Structure", "the buckets"), "buckets"};
}

std::optional<uint32_t> Placement::nodeIndex(std::string_view id) const {
    for (uint32_t n = 0; n < m_nodes.ids.size(); ++n) {
        if (m_nodes.ids[n] == id) {
            return n;
        }
    }
    return std::nullopt;
}

void Placement::route(std::string_view key, uint64_t hash64, uint64_t position,
                      std::span<uint32_t> out) const {
    const KeyPoint point{key, hash64, position};
    m_state->route(m_nodes, point, out.first(std::min(out.size(), m_nodes.replicas)));
}

std::optional<uint32_t> Placement::boundedLoadPercent() const {
    return m_state->boundedLoadPercent();
}

std::optional<BoundedLoadResult> Placement::boundedLoads(const HashedKeys& keys) const {
    return m_state->boundedLoadPercent() ? m_state->boundedLoads(m_nodes, keys) : std::nullopt;
}

}  // namespace ringscope
