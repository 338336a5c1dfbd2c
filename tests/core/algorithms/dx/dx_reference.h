#pragma once
// SUPSI's DxEngine.getBucket (SUPSI-DTI-ISIN/java-consistent-hashing-algorithms @ 68803f8,
// DxEngine.java) over java.util.Random as the JDK writes it, ported literally — a fresh Random a
// key, a BitSet of failed buckets — as the benchmarks' baseline for ringscope::DxTable.

#include <cstdint>
#include <vector>

namespace ringscope::reference {

class JavaUtilRandom {
public:
    explicit JavaUtilRandom(int64_t seed)
        : seed((static_cast<uint64_t>(seed) ^ 0x5DEECE66DULL) & ((1ULL << 48) - 1)) {}
    int32_t nextInt(int32_t bound) {
        int32_t r = next(31);
        const int32_t m = bound - 1;
        if ((bound & m) == 0) {
            r = static_cast<int32_t>((static_cast<int64_t>(bound) * r) >> 31);
        } else {
            // u - (r = u % bound) + m < 0 in Java's wrapping int arithmetic.
            for (int32_t u = r; static_cast<int32_t>(static_cast<uint32_t>(u) -
                                                     static_cast<uint32_t>(r = u % bound) +
                                                     static_cast<uint32_t>(m)) < 0;
                 u = next(31)) {
            }
        }
        return r;
    }

private:
    int32_t next(int bits) {
        seed = (seed * 0x5DEECE66DULL + 0xBULL) & ((1ULL << 48) - 1);
        return static_cast<int32_t>(static_cast<int64_t>(seed) >> (48 - bits));
    }
    uint64_t seed;
};

class DxEngine {
public:
    DxEngine(int32_t size, int32_t capacity) : capacity(capacity), failed(size_t(capacity)) {
        for (int32_t b = size; b < capacity; ++b) {
            failed[size_t(b)] = true;
        }
    }
    int32_t getBucket(int64_t key) const {
        JavaUtilRandom rnd(key);
        int32_t b = rnd.nextInt(capacity);
        while (failed[size_t(b)]) {
            b = rnd.nextInt(capacity);
        }
        return b;
    }
    void removeBucket(int32_t b) { failed[size_t(b)] = true; }

private:
    int32_t capacity;
    std::vector<bool> failed;  // java.util.BitSet
};

}  // namespace ringscope::reference
