#pragma once
// mcrouter's pool hash functions (facebook/mcrouter, mcrouter/lib), bit for bit: Ch3HashFunc
// (furc_hash), WeightedCh3HashFunc, RendezvousHashFunc and WeightedRendezvousHashFunc, the
// "hash_func" of a HashRoute. Debian packages none of the hashes they build on, so they are
// written here from their definitions and checked against the published vectors: MurmurHash64A
// (Appleby's MurmurHash2, 64-bit), SpookyHash V2 (Jenkins; folly's copy) and CityHash's
// Hash128to64. Key bytes are unsigned; a key is its bytes, NULs included.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/names.h"

namespace ringscope {

// A HashRoute's "hash_func", spelled as mcrouter's configuration spells it.
enum class McrouterHashFunc : uint8_t {
    Ch3,
    WeightedCh3,
    Rendezvous,
    WeightedRendezvous,
    WeightedCh4
};
// The rendezvous functions score the servers by their tags; the others (the furc functions)
// walk furc's tree, which numbers the servers by their place in the pool.
inline constexpr bool isRendezvous(McrouterHashFunc f) {
    return f == McrouterHashFunc::Rendezvous || f == McrouterHashFunc::WeightedRendezvous;
}
inline constexpr NamedValue<McrouterHashFunc> kMcrouterHashFuncNames[] = {
    {McrouterHashFunc::Ch3, "Ch3"},
    {McrouterHashFunc::WeightedCh3, "WeightedCh3"},
    {McrouterHashFunc::Rendezvous, "Rendezvous"},
    {McrouterHashFunc::WeightedRendezvous, "WeightedRendezvous"},
    {McrouterHashFunc::WeightedCh4, "WeightedCh4"},
};
static_assert(indexedByValue(kMcrouterHashFuncNames));

// The most servers Ch3 and WeightedCh3 take (furc_maximum_pool_size: 2^FURC_SHIFT).
inline constexpr uint32_t kFurcMaxPool = uint32_t{1} << 23;

// MurmurHash64A of `bytes` (a 32-bit seed, zero-extended, as mcrouter's murmur_hash_64A takes it).
uint64_t murmurHash64A(std::string_view bytes, uint32_t seed);
// SpookyHash V2's 128-bit hash, seeded with (h1, h2) and returned in them.
void spookyHash128(std::string_view bytes, uint64_t& h1, uint64_t& h2);
// SpookyHashV2::Hash32: the low 32 bits of the first half, both halves seeded with `seed`.
uint32_t spookyHash32(std::string_view bytes, uint32_t seed);
// CityHash's Hash128to64 (folly::hash::hash_128_to_64).
uint64_t hash128to64(uint64_t upper, uint64_t lower);

// One try of furc_hash: the bits of the number it read (its leading level bit included) and
// the number; taken when below the pool size.
struct FurcTry {
    uint32_t bits = 0;
    uint32_t number = 0;
    bool operator==(const FurcTry&) const = default;
};
// furc_hash(key, m): the server in [0, m) (0 for m ≤ 1, and after 32 tries out of range).
uint32_t furcHash(std::string_view key, uint32_t m);
// Its tries in order: the last is taken when below m (else, or with none, the answer is 0).
std::vector<FurcTry> furcTries(std::string_view key, uint32_t m);

// One try of a weighted furc function: the server furc gives and a 32-bit draw, taken when the
// draw is below the threshold its weight gives (weight × (2^32 − 1); 2^32 for weight 1, which
// WeightedCh4 keeps without a draw). WeightedCh3 draws SpookyHash of the (salted) key;
// WeightedCh4 the next 32 bits of furc's own stream.
struct WeightedTry {
    std::string salt;  // WeightedCh3: the digits appended to the key (empty for the first try)
    uint32_t server = 0;
    uint32_t draw = 0;
    uint64_t threshold = 0;
    bool taken() const { return draw < threshold; }
};
// WeightedCh3HashFunc::hash with its 32 tries; weights in [0, 1], one a server (none: 0).
uint32_t weightedCh3(std::string_view key, std::span<const double> weights);
std::vector<WeightedTry> weightedCh3Tries(std::string_view key, std::span<const double> weights);
// WeightedCh4HashFunc (mcrouter::weightedFurcHash with 32 tries): weights in [0, 1], one a
// server (none or one: 0). Its tries, with the server it gives (after 32 refused tries, the last
// draw modulo the pool size).
uint32_t weightedFurcHash(std::string_view key, std::span<const double> weights);
std::vector<WeightedTry> weightedFurcTries(std::string_view key, std::span<const double> weights,
                                           uint32_t& server);

// Rendezvous: a server's hash is MurmurHash64A of its tag, a key's MurmurHash64A of the key
// under another seed, and their score hash128to64 of the two; the weighted score is
// w / −ln(U), U the score's low 53 bits over 2^53.
uint64_t rendezvousServerHash(std::string_view tag);
uint64_t rendezvousKeyHash(std::string_view key);
double rendezvousScore(uint64_t serverHash, uint64_t keyHash);
double weightedRendezvousScore(uint64_t serverHash, uint64_t keyHash, double weight);

// The part of a key mcrouter hashes (carbon::Keys::routingKey): without a routing prefix
// ("/region/cluster/"), and up to its hash stop "|#|" when it has one.
std::string_view mcrouterRoutingKey(std::string_view key);

}  // namespace ringscope
