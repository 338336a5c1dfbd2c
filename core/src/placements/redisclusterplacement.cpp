#include "ringscope/placements/redisclusterplacement.h"

#include <algorithm>

namespace ringscope {

std::vector<std::vector<SlotRange>> redisSlotRanges(const Scenario& scenario) {
    std::vector<std::vector<SlotRange>> ranges;
    for (const NodeSpec& node : scenario.nodes) {
        ranges.push_back(node.slotRanges);
    }
    const bool none = std::all_of(ranges.begin(), ranges.end(),
                                  [](const std::vector<SlotRange>& r) { return r.empty(); });
    if (none) {
        const std::vector<SlotRange> split = redisCliCreateSplit(scenario.nodes.size());
        for (size_t n = 0; n < split.size(); ++n) {
            ranges[n] = {split[n]};
        }
    }
    return ranges;
}

RedisClusterPlacement RedisClusterPlacement::build(const Scenario& scenario,
                                                   const PlacementNodes& nodes) {
    RedisClusterPlacement p;
    const std::vector<std::vector<SlotRange>> ranges = redisSlotRanges(scenario);
    p.m_defaultSplit = std::all_of(scenario.nodes.begin(), scenario.nodes.end(),
                                   [](const NodeSpec& n) { return n.slotRanges.empty(); });
    p.m_slots = RedisSlotMap(nodes.ids, ranges);
    return p;
}

void RedisClusterPlacement::route(const PlacementNodes&, const KeyPoint& key,
                                  std::span<uint32_t> out) const {
    if (!out.empty()) {
        out[0] = m_slots.owner(static_cast<uint32_t>(key.hash64 % kRedisSlots));
    }
}

}  // namespace ringscope
