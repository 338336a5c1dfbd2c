#pragma once
// mod-N placement (SPEC §2 "mod-N"): keyHash64(key) mod N, nodes in order; replicas are the
// following buckets; a down node's bucket is passed over (its keys go to the next bucket, no
// rehash over N−1). Stateless.

#include <span>

#include "ringscope/placements/common.h"
#include "ringscope/scenario.h"

namespace ringscope {

class ModNPlacement {
public:
    static ModNPlacement build(const Scenario& scenario, const PlacementNodes& nodes);
    // O(1).
    void route(const PlacementNodes& nodes, const KeyPoint& key, std::span<uint32_t> out) const;
    size_t routeCost(const PlacementNodes&) const { return 1; }
};

}  // namespace ringscope
