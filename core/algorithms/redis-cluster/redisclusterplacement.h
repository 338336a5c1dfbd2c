#pragma once
// Redis Cluster placement (SPEC §6 "Redis Cluster"): a key's slot is CRC16/XMODEM of its hash
// tag mod 16384 (key hash redis-slot, keyhashes/redis-slot), and each slot belongs to the master
// whose "slots" ranges hold it — every slot exactly once — or, when no node lists slots, to the
// master `redis-cli --cluster create` gives it.

#include <span>
#include <vector>

#include "redis_cluster.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

// A master's parameters: the slot ranges it owns ("slots": [[0, 5460], ...] on its node).
struct RedisSlots {
    std::vector<SlotRange> ranges;
    bool operator==(const RedisSlots&) const = default;
};
inline const std::vector<SlotRange>& slotRangesOf(const NodeSpec& node) {
    return node.params.get<RedisSlots>().ranges;
}

// The slot ranges of each node as the placement uses them: the nodes' own "slots", or the
// redis-cli split when no node lists any. Throws InputError as redisCliCreateSplit does.
std::vector<std::vector<SlotRange>> redisSlotRanges(const Scenario& scenario);

class RedisClusterPlacement final : public PlacementState {
public:
    // Throws InputError naming the slot and the nodes when a slot is owned twice or by nobody.
    // O(16384 + ranges).
    RedisClusterPlacement(const Scenario& scenario, const PlacementNodes& nodes);

    const RedisSlotMap& slotMap() const { return m_slots; }
    // True when the ranges are redis-cli's split rather than the nodes' own.
    bool defaultSplit() const { return m_defaultSplit; }

    // O(1): the owner of the key's slot (its redis-slot hash). A down master stays the owner:
    // Redis Cluster fails over by promoting one of the master's own replicas, which takes over
    // exactly its slots (no slot moves to another master); failover.h counts those keys as
    // promoted.
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // The owner of each of the 16,384 slots.
    size_t lookupBytes() const override { return m_slots.owners().size_bytes(); }
    // A master is meant to hold its share of the slots; its weight plays no part.
    std::vector<double> ownShares(const PlacementNodes& nodes) const override;
    bool downNodesKeepKeys() const override { return true; }
    std::vector<SlotRange> ownedSlots(uint32_t node) const override {
        return m_slots.rangesOf(node);
    }
    // Each master's slots and ranges.
    PlacementFacts facts(const PlacementNodes& nodes) const override;

private:
    RedisSlotMap m_slots;
    bool m_defaultSplit = false;
};

}  // namespace ringscope
