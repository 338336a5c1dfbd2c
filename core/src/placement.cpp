#include "ringscope/placement.h"

#include <algorithm>
#include <map>
#include <type_traits>

namespace ringscope {

namespace {

PlacementState buildState(const Scenario& s, const PlacementNodes& nodes) {
    switch (s.algorithm) {
        case Algorithm::Ring:
            return RingPlacement::build(s, nodes);
        case Algorithm::Rendezvous:
        case Algorithm::WeightedRendezvous:
        case Algorithm::NaiveDivRendezvous:
        case Algorithm::NaiveMulRendezvous:
            return RendezvousPlacement::build(s, nodes);
        case Algorithm::Jump:
            return JumpPlacement::build(s, nodes);
        case Algorithm::ModN:
            return ModNPlacement::build(s, nodes);
        case Algorithm::Maglev:
            return MaglevPlacement::build(s, nodes);
        case Algorithm::RedisCluster:
            return RedisClusterPlacement::build(s, nodes);
    }
    return ModNPlacement{};
}

}  // namespace

Placement Placement::build(const Scenario& s, const Limits& limits) {
    validate(s);
    checkPlacementWork(s, limits);
    Placement p;
    p.m_algorithm = s.algorithm;
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
    if (std::any_of(s.nodes.begin(), s.nodes.end(), [](const NodeSpec& n) { return n.down; })) {
        for (const NodeSpec& node : s.nodes) {
            p.m_nodes.down.push_back(node.down ? 1 : 0);
        }
    }
    p.m_state = buildState(s, p.m_nodes);
    return p;
}

const Ring& Placement::ring() const {
    static const Ring kNoRing;
    const auto* ring = stateAs<RingPlacement>();
    return ring ? ring->ring() : kNoRing;
}

bool Placement::ownsByPosition() const {
    const auto* ring = stateAs<RingPlacement>();
    return ring && !ring->boundedLoadPercent() && m_nodes.down.empty();
}

std::span<const uint8_t> Placement::servesNothing() const {
    return stateAs<RedisClusterPlacement>() ? std::span<const uint8_t>() : down();
}

bool Placement::drawsRingArcs() const {
    const auto* ring = stateAs<RingPlacement>();
    return ring && !ring->boundedLoadPercent();
}

std::vector<double> Placement::targetShares() const {
    std::vector<double> shares(m_nodes.size(), 0.0);
    if (const auto* redis = stateAs<RedisClusterPlacement>()) {
        for (uint32_t n = 0; n < shares.size(); ++n) {
            shares[n] = double(redis->slotMap().slotCount(n)) / double(kRedisSlots);
        }
        return shares;
    }
    // A down node is meant to hold nothing; the live nodes share its keys by weight.
    const auto weight = [this](uint32_t n) { return isDown(n) ? 0.0 : m_nodes.weights[n]; };
    double total = 0;
    for (uint32_t n = 0; n < shares.size(); ++n) {
        total += weight(n);
    }
    for (uint32_t n = 0; n < shares.size(); ++n) {
        shares[n] = total > 0 ? weight(n) / total : 0;
    }
    return shares;
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
    const auto owners = out.first(std::min(out.size(), m_nodes.replicas));
    std::visit([&](const auto& state) { state.route(m_nodes, point, owners); }, m_state);
}

std::optional<uint32_t> Placement::boundedLoadPercent() const {
    return std::visit(
        [](const auto& state) -> std::optional<uint32_t> {
            if constexpr (requires { state.boundedLoadPercent(); }) {
                return state.boundedLoadPercent();
            } else {
                return std::nullopt;
            }
        },
        m_state);
}

std::optional<BoundedLoadResult> Placement::boundedLoads(const HashedKeys& keys) const {
    return std::visit(
        [&](const auto& state) -> std::optional<BoundedLoadResult> {
            if constexpr (requires { state.boundedLoads(m_nodes, keys); }) {
                if (state.boundedLoadPercent()) {
                    return state.boundedLoads(m_nodes, keys);
                }
            }
            return std::nullopt;
        },
        m_state);
}

size_t Placement::routeCost() const {
    return std::visit([&](const auto& state) { return state.routeCost(m_nodes); }, m_state);
}

bool Placement::routesKeysAlone() const {
    return std::visit(
        [](const auto& state) {
            if constexpr (requires { state.assignAllIsRoute(); }) {
                return state.assignAllIsRoute();
            } else {
                return !requires(const HashedKeys& keys, std::span<uint32_t> owners) {
                    state.assignAll(PlacementNodes{}, keys, owners);
                };
            }
        },
        m_state);
}

}  // namespace ringscope
