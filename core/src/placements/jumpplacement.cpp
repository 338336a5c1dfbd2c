#include "ringscope/placements/jumpplacement.h"

#include <numeric>

#include "ringscope/jump.h"

namespace ringscope {

JumpPlacement JumpPlacement::build(const Scenario& scenario, const PlacementNodes& nodes) {
    JumpPlacement p;
    if (scenario.jumpBuckets.empty()) {
        p.m_table.resize(nodes.size());
        std::iota(p.m_table.begin(), p.m_table.end(), 0u);
    } else {
        p.m_table = scenario.jumpBuckets;
    }
    return p;
}

void JumpPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                          std::span<uint32_t> out) const {
    const size_t n = m_table.size();
    const auto bucket = static_cast<size_t>(jumpHash(key.hash64, static_cast<int32_t>(n)));
    detail::followingBuckets(
        bucket, n, out, [this](size_t b) { return m_table[b]; }, nodes.down);
}

}  // namespace ringscope
