#pragma once
// AnchorHash (G. Mendelson, S. Vargaftik, K. Barabash, D. Lorenz, I. Keslassy, A. Orda,
// "AnchorHash: A Scalable Consistent Hash", IEEE/ACM Transactions on Networking, 2021), bit-exact
// with the authors' AnchorHashQre (anchorhash/cpp-anchorhash): an anchor set of `a` buckets, the
// first w working. A key hashes (crc32q) into the anchor set; landing on a removed bucket b it
// rehashes into the A[b] buckets that were working when b was removed, and when it lands on one
// removed later it follows K, the bucket that took b's place, until it reaches one that was
// working then. Removing or adding back a bucket costs O(1), and only its keys move.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ringscope {

// crc32q as the reference computes it (inline `crc32q key, seed`): the raw reflected CRC-32C of
// the key's 8 little-endian bytes from the low 32 bits of `seed`, without inversions. The
// instruction itself on x86-64 with SSE4.2, else anchorCrcPortable.
uint32_t anchorCrc(uint64_t key, uint64_t seed);
// The same through ISA-L's crc32_iscsi (no inversions either), on any processor.
uint32_t anchorCrcPortable(uint64_t key, uint64_t seed);

// One bucket the key's lookup visits, for the view.
struct AnchorStep {
    enum class Via : uint8_t {
        Hash,         // the first hash, modulo a
        Rehash,       // a rehash into the A[b] buckets working when b was removed
        Translation,  // K: the bucket that took a removed one's place
    };
    uint32_t bucket = 0;
    uint32_t size = 0;  // A[bucket]: 0 when working, else the working count when it was removed
    Via via = Via::Hash;
    bool operator==(const AnchorStep&) const = default;
};

// The reference's state: A, K, W, L and the removed stack R, over `capacity` buckets.
class AnchorTable {
public:
    // Buckets 0 … working−1 working, the rest removed (R pops `working` first). 1 ≤ working ≤
    // capacity.
    AnchorTable(uint32_t capacity, uint32_t working);
    // UpdateRemoval: `bucket` (working) is removed.
    void remove(uint32_t bucket);
    // UpdateNewBucket: the bucket removed last comes back; returns it. Not when all are working.
    uint32_t add();

    uint32_t capacity() const { return static_cast<uint32_t>(m_a.size()); }
    uint32_t working() const { return m_n; }
    // The five arrays A, K, W, L and R, capacity entries of 4 bytes each.
    size_t bytes() const { return 5 * m_a.size() * sizeof(uint32_t); }
    // A[b]: 0 for a working bucket, else the working count right after b was removed.
    uint32_t size(uint32_t bucket) const { return m_a[bucket]; }
    // K[b]: the bucket that took removed b's place (b itself while working).
    uint32_t successor(uint32_t bucket) const { return m_k[bucket]; }
    // The removed buckets, the next to come back last.
    const std::vector<uint32_t>& removedStack() const { return m_r; }

    // ComputeBucket(key, 0): a working bucket. Expected O(1 + ln(a/w)) steps.
    uint32_t bucketOf(uint64_t key) const;
    // Every bucket the lookup visits, in order; the last is the answer.
    std::vector<AnchorStep> path(uint64_t key) const;

private:
    template <typename Seen>
    uint32_t lookup(uint64_t key, Seen seen) const;

    std::vector<uint32_t> m_a, m_k, m_w, m_l, m_r;
    uint32_t m_n = 0;
};

}  // namespace ringscope
