#include "ringscope/placements/rendezvousplacement.h"

namespace ringscope {

std::optional<HrwVariant> rendezvousVariant(Algorithm algorithm) {
    switch (algorithm) {
        case Algorithm::Rendezvous:
            return HrwVariant::Plain;
        case Algorithm::WeightedRendezvous:
            return HrwVariant::Weighted;
        case Algorithm::NaiveDivRendezvous:
            return HrwVariant::NaiveDivide;
        case Algorithm::NaiveMulRendezvous:
            return HrwVariant::NaiveMultiply;
        case Algorithm::Ring:
        case Algorithm::Jump:
        case Algorithm::ModN:
        case Algorithm::Maglev:
        case Algorithm::RedisCluster:
            return std::nullopt;
    }
    return std::nullopt;
}

RendezvousPlacement RendezvousPlacement::build(const Scenario& scenario, const PlacementNodes&) {
    RendezvousPlacement p;
    p.m_variant = rendezvousVariant(scenario.algorithm).value_or(HrwVariant::Plain);
    return p;
}

void RendezvousPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                                std::span<uint32_t> out) const {
    hrwTop(key.name, nodes.ids, nodes.weights, m_variant, out, nodes.down);
}

}  // namespace ringscope
