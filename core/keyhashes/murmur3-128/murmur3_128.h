#pragma once
// Key hash "murmur3-128" (SPEC §6, Guava): MurmurHash3_x64_128 (Austin Appleby's smhasher) with
// seed 0 over the key's bytes, its first eight bytes read little-endian — the h1 half, which is
// what Guava's Hashing.murmur3_128().hashString(key, UTF_8).padToLong() gives and so what
// Hashing.consistentHash(HashCode, shards) feeds to jump. Computed by libmurmurhash.

#include <array>
#include <cstdint>
#include <string_view>

namespace ringscope {

// The whole 128-bit value {h1, h2} with a seed (Guava's murmur3_128(seed)).
std::array<uint64_t, 2> murmur3x64_128(std::string_view bytes, uint32_t seed = 0);

}  // namespace ringscope
