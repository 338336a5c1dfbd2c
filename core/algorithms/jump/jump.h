#pragma once
// Jump consistent hash (Lamping & Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm",
// 2014), bit-exact with the paper's reference code.

#include <cstdint>
#include <span>
#include <vector>

namespace ringscope {

namespace detail {
// One turn of the paper's loop: step the linear congruential generator, return the next jump.
inline int64_t jumpStep(uint64_t& key, int64_t b) {
    key = key * 2862933555777941757ull + 1;
    return static_cast<int64_t>(
        static_cast<double>(b + 1) *
        (static_cast<double>(int64_t{1} << 31) / static_cast<double>((key >> 33) + 1)));
}
}  // namespace detail

// The bucket in [0, buckets) for a 64-bit key; buckets >= 1. Expected O(log buckets), no memory.
inline int32_t jumpHash(uint64_t key, int32_t buckets) {
    int64_t b = -1;
    int64_t j = 0;
    while (j < buckets) {
        b = j;
        j = detail::jumpStep(key, b);
    }
    return static_cast<int32_t>(b);
}

// Every bucket the loop visits, in order (the last one is the answer). For teaching views.
std::vector<int32_t> jumpSequence(uint64_t key, int32_t buckets);

// The bucket table after removing the node in bucket `removed` from `table` (bucket -> node):
// Renumber drops it and shifts the later buckets down (most keys move: the classic pitfall);
// MoveLast puts the last bucket's node into the freed bucket (only the removed and last buckets'
// keys move).
std::vector<uint32_t> jumpRemoveRenumber(std::span<const uint32_t> table, size_t removed);
std::vector<uint32_t> jumpRemoveMoveLast(std::span<const uint32_t> table, size_t removed);

}  // namespace ringscope
