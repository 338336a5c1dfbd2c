#include "ringscope/placements/maglevplacement.h"

#include <algorithm>

#include "ringscope/error.h"

namespace ringscope {

MaglevPlacement MaglevPlacement::build(const Scenario& scenario, const PlacementNodes& nodes) {
    MaglevPlacement p;
    p.m_table = MaglevTable(nodes.ids, nodes.weights, scenario.maglevTableSize);
    p.m_boundedLoad = scenario.boundedLoadPercent;
    size_t holding = 0;
    for (uint32_t n = 0; n < nodes.size(); ++n) {
        holding += p.m_table.entryCount(n) > 0 && (nodes.down.empty() || !nodes.down[n]) ? 1 : 0;
    }
    if (holding < nodes.replicas) {
        throw InputError("replicas", "replicas " + std::to_string(nodes.replicas) +
                                         " is more than the " + std::to_string(holding) +
                                         (nodes.down.empty() ? " nodes" : " live nodes") +
                                         " that hold entries of the " +
                                         std::to_string(p.m_table.size()) + "-entry table");
    }
    return p;
}

std::vector<MaglevFillStep> MaglevPlacement::fillSteps(const PlacementNodes& nodes) const {
    std::vector<MaglevFillStep> steps;
    steps.reserve(m_table.size());
    MaglevTable(nodes.ids, nodes.weights, m_table.size(), &steps);
    return steps;
}

void MaglevPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                            std::span<uint32_t> out) const {
    m_table.replicas(key.hash64, out, nodes.down);
}

void MaglevPlacement::assignAll(const PlacementNodes& nodes, const HashedKeys& keys,
                                std::span<uint32_t> owners) const {
    if (m_boundedLoad) {
        const BoundedLoadResult bounded = boundedLoads(nodes, keys);
        std::copy(bounded.owner.begin(), bounded.owner.end(), owners.begin());
        return;
    }
    const size_t r = nodes.replicas;
    for (size_t k = 0; k < keys.size(); ++k) {
        if (r == 1 && nodes.down.empty()) {
            owners[k] = m_table.lookup(keys.hash64[k]);
        } else {
            m_table.replicas(keys.hash64[k], owners.subspan(k * r, r), nodes.down);
        }
    }
}

BoundedLoadResult MaglevPlacement::boundedLoads(const PlacementNodes& nodes,
                                                const HashedKeys& keys) const {
    return ringscope::boundedLoads(nodes.weights, keys, m_boundedLoad.value_or(0),
                                   MaglevWalk{m_table, keys.hash64});
}

}  // namespace ringscope
