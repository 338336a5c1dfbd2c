#include "ringscope/placements/modnplacement.h"

namespace ringscope {

ModNPlacement ModNPlacement::build(const Scenario&, const PlacementNodes&) {
    return {};
}

void ModNPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                          std::span<uint32_t> out) const {
    const size_t n = nodes.size();
    detail::followingBuckets(
        static_cast<size_t>(key.hash64 % n), n, out,
        [](size_t b) { return static_cast<uint32_t>(b); }, nodes.down);
}

}  // namespace ringscope
