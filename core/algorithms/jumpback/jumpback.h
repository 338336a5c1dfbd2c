#pragma once
// JumpBackHash (O. Ertl, "JumpBackHash: Say Goodbye to the Modulo Operation to Distribute Keys
// Uniformly to Buckets", Software: Practice and Experience, 2025), bit-exact with hash4j's
// ConsistentJumpBackBucketHasher (dynatrace-oss/hash4j, the SplitMix64 and XorshiftL7R9
// variants), Java's integer semantics taken literally: a long shift count is taken mod 64, an int
// one mod 32, `>>>` is a logical shift.
//
// Like jump hash it maps a 64-bit key to a bucket in [0, n) and moves only the keys of bucket n
// when bucket n is added, but it walks backwards: it starts in the range [2^k, 2^(k+1)) of the
// highest set bit k of the key's masked bits, draws a candidate there, draws again while the
// candidate is ≥ n, and leaves the range for the next lower set bit when a draw falls below it.
// Expected O(1) draws, none of them a division.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ringscope/names.h"

namespace ringscope {

// The pseudo-random sequence the walk draws from: SplitMix64 seeded with the key (hash4j's
// jumpBackHash()), or the key itself stepped by the xorshift h ^= h << 7; h ^= h >>> 9.
enum class JumpBackPrng : uint8_t { SplitMix64, XorshiftL7R9 };
inline constexpr NamedValue<JumpBackPrng> kJumpBackPrngNames[] = {
    {JumpBackPrng::SplitMix64, "splitmix64"},
    {JumpBackPrng::XorshiftL7R9, "xorshift-l7r9"},
};
static_assert(indexedByValue(kJumpBackPrngNames));

// One candidate of the walk, for the view: the range it was drawn in, the bucket, and what the
// walk did with it.
struct JumpBackStep {
    enum class Outcome : uint8_t {
        Taken,       // below n: the answer
        Beyond,      // in the range but ≥ n: drawn again in the same range
        BelowRange,  // the draw fell below the range: on to the next lower set bit
        Zero,        // no set bit left: bucket 0
    };
    uint32_t rangeMin = 0;   // the range [rangeMin, 2 rangeMin); 0 for Zero
    uint32_t bucket = 0;     // the candidate (for BelowRange, the draw's value under the mask)
    bool firstDraw = false;  // drawn from the key's first value rather than a further draw
    Outcome outcome = Outcome::Taken;
    bool operator==(const JumpBackStep&) const = default;
};

// The bucket in [0, buckets) for a 64-bit key; buckets ≥ 1.
uint32_t jumpBackHash(uint64_t key, uint32_t buckets, JumpBackPrng prng);
// Every candidate the walk looks at, in order; the last one is the answer (Taken or Zero).
std::vector<JumpBackStep> jumpBackWalk(uint64_t key, uint32_t buckets, JumpBackPrng prng);

}  // namespace ringscope
