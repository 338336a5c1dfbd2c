#pragma once
// Jump placement (SPEC §2 "Jump"): jump hash over buckets 0…N−1, and a bucket -> node table so
// that a removed middle node can be shown renumbered or replaced by the last node.

#include <span>
#include <vector>

#include "ringscope/placements/common.h"
#include "ringscope/scenario.h"

namespace ringscope {

class JumpPlacement {
public:
    // The scenario's bucket table, or node i in bucket i when it has none.
    static JumpPlacement build(const Scenario& scenario, const PlacementNodes& nodes);
    const std::vector<uint32_t>& table() const { return m_table; }

    // O(log N) for the bucket; replicas are the following buckets in order. A down node's bucket
    // is passed over: its keys go to the next bucket's node, which held their first replica.
    void route(const PlacementNodes& nodes, const KeyPoint& key, std::span<uint32_t> out) const;
    size_t routeCost(const PlacementNodes&) const { return 1; }

private:
    std::vector<uint32_t> m_table;  // bucket -> node index
};

}  // namespace ringscope
