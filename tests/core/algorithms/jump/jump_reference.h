#pragma once
// Lamping & Veach 2014, "A Fast, Minimal Memory, Consistent Hash Algorithm", Figure 1, as
// published: the reference that tst_jump and the benchmarks compare ringscope::jumpHash with.

#include <cstdint>

namespace ringscope::reference {

inline int32_t JumpConsistentHash(uint64_t key, int32_t num_buckets) {
    int64_t b = -1, j = 0;
    while (j < num_buckets) {
        b = j;
        key = key * 2862933555777941757ULL + 1;
        j = (b + 1) * (double(1LL << 31) / double((key >> 33) + 1));
    }
    return b;
}

}  // namespace ringscope::reference
