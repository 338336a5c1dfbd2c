#pragma once
// Redis Cluster's slot ownership, as Redis computes it (the key's slot is the key hash
// "redis-slot", keyhashes/redis-slot/redisslot.h):
//   * the split `redis-cli --cluster create` makes for N masters (clusterManagerCommandCreate in
//     src/redis-cli.c: float slots_per_node = 16384 / N, last = lround(cursor + slots_per_node −
//     1)).
//
// Tested against the redis-cli split printed for 3 masters (0–5460, 5461–10922, 10923–16383).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "keyhashes/redis-slot/redisslot.h"
#include "ringscope/placement.h"  // SlotRange

namespace ringscope {

// The ranges `redis-cli --cluster create` gives masters 0 … N−1, in its float arithmetic
// (redis-cli insists on N ≥ 3; any 1 ≤ N ≤ 16384 works here). Throws InputError ("nodes") for
// N = 0 or N > 16384. O(N).
std::vector<SlotRange> redisCliCreateSplit(size_t masters);

// Each node's slots as maximal ascending ranges, from the owner of every slot (nodes numbered
// below `nodes`; other owners are skipped). O(16384).
std::vector<std::vector<SlotRange>> slotRangesByNode(std::span<const uint32_t> owners,
                                                     size_t nodes);

// Who owns each of the 16,384 slots.
class RedisSlotMap {
public:
    // No slots owned (a placeholder until one is built).
    RedisSlotMap() = default;
    // ranges[n] are node n's slot ranges. Every slot must be owned exactly once; otherwise
    // throws InputError naming the slot and the nodes: "nodes[2] (C).slots[0]" for a range out
    // of order or past 16383 or a slot another node owns, "slots" for slots nobody owns.
    // O(16384 + ranges).
    RedisSlotMap(std::span<const std::string> ids, std::span<const std::vector<SlotRange>> ranges);

    uint32_t owner(uint32_t slot) const { return m_owner[slot]; }
    std::span<const uint32_t> owners() const { return m_owner; }
    // Node n's slots as maximal ranges, ascending (what CLUSTER NODES prints). O(16384).
    std::vector<SlotRange> rangesOf(uint32_t node) const;
    uint32_t slotCount(uint32_t node) const;

private:
    std::vector<uint32_t> m_owner;
};

}  // namespace ringscope
