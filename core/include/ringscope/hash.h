#pragma once
// Key and token hashes, each bit-exact with its published definition.
// MD5 and SHA-256 come from OpenSSL's libcrypto, xxHash from libxxhash.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ringscope/names.h"

namespace ringscope {

enum class HashKind : uint8_t {
    Identity,
    Fnv1a32,
    Fnv1a64,
    Md5,
    Sha256,
    Xxh64,
    Murmur3Cassandra,
    RedisSlot
};

// The scenario-file spelling of each key hash: the only place it is written.
inline constexpr NamedValue<HashKind> kHashNames[] = {
    {HashKind::Identity, "identity"},
    {HashKind::Fnv1a32, "fnv1a32"},
    {HashKind::Fnv1a64, "fnv1a64"},
    {HashKind::Md5, "md5"},
    {HashKind::Sha256, "sha256"},
    {HashKind::Xxh64, "xxh64"},
    {HashKind::Murmur3Cassandra, "murmur3-cassandra"},
    {HashKind::RedisSlot, "redis-slot"},
};
static_assert(indexedByValue(kHashNames));

inline constexpr auto kAllHashes = valuesIn(kHashNames);

constexpr std::string_view hashName(HashKind kind) {
    return nameIn(kHashNames, kind);
}
constexpr std::optional<HashKind> hashFromName(std::string_view name) {
    return valueIn(kHashNames, name);
}

// Parses a plain decimal unsigned 64-bit integer ("0", "42"); no sign, spaces or overflow.
std::optional<uint64_t> parseDecimalU64(std::string_view text);

// FNV-1a, 32 and 64 bit (Fowler/Noll/Vo, offset bases 0x811c9dc5 / 0xcbf29ce484222325).
uint32_t fnv1a32(std::string_view data);
uint64_t fnv1a64(std::string_view data);

// Full digests. One EVP_MD is fetched per process and one context reused per thread.
std::array<uint8_t, 16> md5Digest(std::string_view data);
std::array<uint8_t, 32> sha256Digest(std::string_view data);

// xxHash64 (Yann Collet), seed 0 unless given.
uint64_t xxh64(std::string_view data, uint64_t seed = 0);

// The key hash of SPEC §2 and §6 over the key's bytes: identity (decimal value), fnv1a32/64, md5
// (ketama: first four digest bytes little-endian), sha256 (first eight digest bytes big-endian),
// xxh64 (seed 0), murmur3-cassandra (Murmur3Partitioner's signed token, as its two's-complement
// bits; cassandra.h), redis-slot (the Redis Cluster slot 0-16383; redis_cluster.h).
// 32-bit and smaller hashes are zero-extended. Returns nullopt only for a non-decimal key under
// identity.
std::optional<uint64_t> hashKey(HashKind kind, std::string_view key);

// A hash value in the form its system writes it: murmur3-cassandra's signed token
// ("-4069959284402364209"), every other hash as an unsigned decimal (redis-slot: the slot).
std::string formatHashValue(HashKind kind, uint64_t value);

}  // namespace ringscope
