#pragma once
// DxHash (C. Dong, F. Wang, "DxHash: A Scalable Consistent Hash Based on the Pseudo-Random
// Sequence", 2021), bit-exact with SUPSI-DTI-ISIN/java-consistent-hashing-algorithms' DxEngine:
// a key seeds java.util.Random and draws buckets in [0, capacity) until one is working. The
// capacity's buckets past the nodes, and the removed ones, are the inactive bits. A removed
// bucket's keys move on to their next draw; adding it back brings exactly them home. Expected
// capacity / working draws a key.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ringscope {

// java.util.Random as the JDK specifies it: a 48-bit linear congruential generator (only the
// seed's low 48 bits count), nextInt(bound) with its rejection of the last partial range.
class JavaRandom {
public:
    explicit JavaRandom(uint64_t seed) : m_seed((seed ^ kMultiplier) & kMask) {}
    int32_t nextInt(int32_t bound) {
        int32_t r = next(31);
        const int32_t m = bound - 1;
        if ((bound & m) == 0) {  // a power of two: the high bits
            return static_cast<int32_t>((static_cast<int64_t>(bound) * r) >> 31);
        }
        // Draw again while u falls in the last, partial range (Java: u - r + m < 0, overflowing).
        for (int32_t u = r; static_cast<int64_t>(u) - (r = u % bound) + m > INT32_MAX;
             u = next(31)) {
        }
        return r;
    }

private:
    static constexpr uint64_t kMultiplier = 0x5DEECE66Dull;
    static constexpr uint64_t kMask = (uint64_t{1} << 48) - 1;
    int32_t next(int bits) {
        m_seed = (m_seed * kMultiplier + 0xBull) & kMask;
        return static_cast<int32_t>(m_seed >> (48 - bits));
    }
    uint64_t m_seed;
};

// The draws a key makes, expected: capacity / working, rounded up (the cost the limits count and
// the work is split by).
constexpr uint64_t dxExpectedDraws(uint64_t capacity, uint64_t working) {
    return working == 0 ? capacity : (capacity + working - 1) / working;
}

// DxEngine's state: the capacity and which buckets are inactive (removed, or past the nodes).
class DxTable {
public:
    // Buckets 0 … working−1 active; 1 ≤ working ≤ capacity.
    DxTable(uint32_t capacity, uint32_t working);
    void remove(uint32_t bucket);
    uint32_t capacity() const { return static_cast<uint32_t>(m_inactive.size()); }
    uint32_t working() const { return m_working; }
    // One byte per bucket of the capacity: its inactive flag (the reference's BitSet holds a bit).
    size_t bytes() const { return m_inactive.size(); }
    bool active(uint32_t bucket) const { return !m_inactive[bucket]; }

    // getBucket with the 64-bit key value as the Random's seed: an active bucket (inline: the
    // lookup is a handful of instructions a draw).
    uint32_t bucketOf(uint64_t key) const {
        JavaRandom random(key);
        const auto capacity = static_cast<int32_t>(m_inactive.size());
        auto b = static_cast<uint32_t>(random.nextInt(capacity));
        while (m_inactive[b]) {
            b = static_cast<uint32_t>(random.nextInt(capacity));
        }
        return b;
    }
    // Every draw, in order, at most `most` of them (the last is the answer when it is active).
    std::vector<uint32_t> draws(uint64_t key, size_t most) const;

private:
    std::vector<uint8_t> m_inactive;
    uint32_t m_working;
};

}  // namespace ringscope
