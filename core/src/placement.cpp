#include "ringscope/placement.h"

#include <map>

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
    }
    return ModNPlacement{};
}

}  // namespace

Placement Placement::build(const Scenario& s, const Limits& limits) {
    validate(s);
    checkPlacementWork(s, limits);
    Placement p;
    p.m_algorithm = s.algorithm;
    p.m_keyHash = s.keyHash;
    p.m_space = s.space;
    p.m_nodes.replicas = static_cast<size_t>(s.replicas);
    std::map<std::string, uint32_t> zones;
    for (const NodeSpec& node : s.nodes) {
        const auto zone = zones.emplace(node.zone, static_cast<uint32_t>(zones.size())).first;
        p.m_nodes.nodes.push_back({node.id, node.weight, node.zone, zone->second});
        p.m_nodes.ids.push_back(node.id);
        p.m_nodes.weights.push_back(node.weight);
        if (s.zoneAware) {
            p.m_nodes.zoneOf.push_back(zone->second);
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

size_t Placement::routeCost() const {
    return std::visit([&](const auto& state) { return state.routeCost(m_nodes); }, m_state);
}

}  // namespace ringscope
