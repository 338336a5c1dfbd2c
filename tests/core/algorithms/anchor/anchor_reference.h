#pragma once
// The authors' AnchorHashQre (anchorhash/cpp-anchorhash @ 3ef98f0, AnchorHashQre.cpp), ported
// literally — raw arrays, std::stack, the crc32q instruction — as the benchmarks' baseline for
// ringscope::AnchorTable (same state, same lookups).

#include <cstdint>
#include <memory>
#include <stack>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

#include "algorithms/anchor/anchor.h"

namespace ringscope::reference {

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) inline uint32_t crc32c_sse42_u64(uint64_t key, uint64_t seed) {
    return static_cast<uint32_t>(_mm_crc32_u64(seed, key));
}
#else
inline uint32_t crc32c_sse42_u64(uint64_t key, uint64_t seed) {
    return anchorCrc(key, seed);
}
#endif

class AnchorHashQre {
public:
    AnchorHashQre(uint32_t a, uint32_t w)
        : A(new uint32_t[a]()),
          W(new uint32_t[a]),
          L(new uint32_t[a]),
          K(new uint32_t[a]),
          M(a),
          N(w) {
        for (uint32_t i = 0; i < a; ++i) {
            L[i] = i;
            W[i] = i;
            K[i] = i;
        }
        for (uint32_t i = a - 1; i >= w; --i) {  // w ≥ 1, as the reference needs
            A[i] = i;
            r.push(i);
        }
    }
    uint32_t ComputeBucket(uint64_t key1, uint64_t key2) const {
        uint32_t bs = crc32c_sse42_u64(key1, key2);
        uint32_t b = bs % M;
        while (A[b] > 0) {
            bs = crc32c_sse42_u64(key1 - bs, key2 + bs);
            const uint32_t h = bs % A[b];
            if (A[h] == 0 || A[h] < A[b]) {
                b = h;
            } else {
                b = ComputeTranslation(b, h);
            }
        }
        return b;
    }
    void UpdateRemoval(uint32_t b) {
        r.push(b);
        N = N - 1;
        W[L[b]] = W[N];
        L[W[N]] = L[b];
        K[b] = W[N];
        A[b] = N;
    }

private:
    uint32_t ComputeTranslation(uint32_t i, uint32_t j) const {
        if (i == j) {
            return K[i];
        }
        uint32_t b = j;
        while (A[i] <= A[b]) {
            b = K[b];
        }
        return b;
    }

    std::unique_ptr<uint32_t[]> A, W, L, K;
    uint32_t M, N;
    std::stack<uint32_t> r;
};

}  // namespace ringscope::reference
