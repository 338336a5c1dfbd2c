#pragma once
// Redis Cluster's key slot (key hash "redis-slot"), as Redis computes it:
//   * CRC16/XMODEM (poly 0x1021, init 0, no reflection, no final xor): Redis's src/crc16.c
//     ("Output for 123456789: 31C3"). No Debian C/C++ library provides this CRC (libcrcutil
//     computes reflected CRCs only), so the table is generated here from the polynomial.
//   * keyHashSlot in src/cluster.c: hash only the bytes between the first '{' and the next '}'
//     when there are any, else the whole key; the slot is crc16 & 16383.
//
// Tested against redis.io's CLUSTER KEYSLOT examples, the hash-tag cases of the cluster
// specification (topics/cluster-spec.md) and keys from Redis's src/crc16_slottable.h.

#include <cstdint>
#include <string_view>

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

}  // namespace ringscope
