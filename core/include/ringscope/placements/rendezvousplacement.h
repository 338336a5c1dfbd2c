#pragma once
// Rendezvous placement (SPEC §2 "Rendezvous"): no state but the variant; every key ranks every
// node (see rendezvous.h for the exact score).

#include <optional>
#include <span>

#include "ringscope/algorithm.h"
#include "ringscope/placements/common.h"
#include "ringscope/rendezvous.h"
#include "ringscope/scenario.h"

namespace ringscope {

// The HRW variant an algorithm runs, or nullopt if it is not a rendezvous algorithm.
std::optional<HrwVariant> rendezvousVariant(Algorithm algorithm);
inline bool isRendezvous(Algorithm algorithm) {
    return rendezvousVariant(algorithm).has_value();
}

class RendezvousPlacement {
public:
    static RendezvousPlacement build(const Scenario& scenario, const PlacementNodes& nodes);
    HrwVariant variant() const { return m_variant; }

    // O(N) digests per key.
    void route(const PlacementNodes& nodes, const KeyPoint& key, std::span<uint32_t> out) const;
    // One SHA-256 per node costs about fifty ring lookups.
    size_t routeCost(const PlacementNodes& nodes) const { return nodes.size() * 50; }

private:
    HrwVariant m_variant = HrwVariant::Plain;
};

}  // namespace ringscope
