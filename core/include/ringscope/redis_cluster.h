#pragma once
// Redis Cluster key slots and slot ownership, as Redis computes them:
//   * CRC16/XMODEM (poly 0x1021, init 0, no reflection, no final xor): Redis's src/crc16.c
//     ("Output for 123456789: 31C3"). No Debian C/C++ library provides this CRC (libcrcutil
//     computes reflected CRCs only), so the table is generated here from the polynomial.
//   * keyHashSlot in src/cluster.c: hash only the bytes between the first '{' and the next '}'
//     when there are any, else the whole key; the slot is crc16 & 16383.
//   * the split `redis-cli --cluster create` makes for N masters (clusterManagerCommandCreate in
//     src/redis-cli.c: float slots_per_node = 16384 / N, last = lround(cursor + slots_per_node −
//     1)).
//
// Tested against redis.io's CLUSTER KEYSLOT examples, the hash-tag cases of the cluster
// specification (topics/cluster-spec.md), keys from Redis's src/crc16_slottable.h and the
// redis-cli split printed for 3 masters (0–5460, 5461–10922, 10923–16383).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ringscope {

inline constexpr uint32_t kRedisSlots = 16384;  // CLUSTER_SLOTS

// CRC16/XMODEM of the bytes. O(n), a 256-entry table.
uint16_t crc16Xmodem(std::string_view data);

// The bytes Redis hashes for a key: the hash tag when the key has a '{' followed later by a '}'
// with at least one byte between them, else the whole key. O(n).
std::string_view redisHashTag(std::string_view key);

// The key's slot: crc16Xmodem(redisHashTag(key)) mod 16384. O(n).
inline uint32_t redisSlot(std::string_view key) {
    return crc16Xmodem(redisHashTag(key)) % kRedisSlots;
}

// An inclusive slot range, as Redis writes it ("0-5460").
struct SlotRange {
    uint32_t first = 0;
    uint32_t last = 0;
    bool operator==(const SlotRange&) const = default;
};

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
