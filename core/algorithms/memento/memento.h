#pragma once
// MementoHash (M. Coluzzi, A. Brocco, P. Antonucci, T. Leidi, "MementoHash: A Stateful, Minimal
// Memory, Best Performing Consistent Hash Algorithm", IEEE/ACM Transactions on Networking, 2024),
// bit-exact with SUPSI-DTI-ISIN/java-consistent-hashing-algorithms' MementoEngine: jump hash
// (Guava's consistentHash) over the b-array, and a memento table that remembers, for each
// bucket removed out of order, which working count replaced it. A key that lands on a removed
// bucket rehashes (XXH32 of key and bucket) into the buckets working right after that removal,
// and follows the replacement chain past buckets removed before it. Removing the last bucket
// while nothing else is removed just shrinks the b-array, as jump hash does.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ringscope/flatmap64.h"

namespace ringscope {

// Guava's Hashing.consistentHash(long, int) as Guava 31 computes it (its own linear congruential
// generator and double arithmetic, Java's int cast); buckets ≥ 1.
int32_t guavaConsistentHash(uint64_t key, int32_t buckets);

// One bucket a key's lookup visits, for the view.
struct MementoStep {
    enum class Via : uint8_t {
        Hash,    // consistentHash over the b-array
        Rehash,  // XXH32(key, bucket) modulo the replacer of the bucket left
        Chain,   // its replacer: a bucket removed before the one left
    };
    uint32_t bucket = 0;
    int32_t replacer = -1;  // the bucket's memento entry: −1 when working
    Via via = Via::Hash;
    bool operator==(const MementoStep&) const = default;
};

// MementoEngine's state: the b-array's size, the memento table and the last removed bucket.
class MementoTable {
public:
    explicit MementoTable(uint32_t size);
    // removeBucket: `bucket` (working) is removed.
    void remove(uint32_t bucket);
    // addBucket: the bucket removed last comes back (or the b-array grows by one); returns it.
    uint32_t add();

    uint32_t arraySize() const { return m_size; }
    uint32_t working() const { return m_size - m_entries; }
    // The memento table's bytes: its slots, none while no bucket is removed (jump hash alone).
    size_t bytes() const { return m_table.bytes(); }
    // The bucket's memento entry: the working count right after it was removed, −1 if working.
    int32_t replacer(uint32_t bucket) const {
        if (m_entries == 0) {
            return -1;
        }
        const Entry* entry = m_table.find(bucket);
        return entry ? entry->replacer : -1;
    }

    // getBucket with the 64-bit key value as the key's hash: a working bucket.
    uint32_t bucketOf(uint64_t key) const;
    // Every bucket the lookup visits, in order; the last is the answer.
    std::vector<MementoStep> path(uint64_t key) const;

private:
    template <typename Seen>
    uint32_t lookup(uint64_t key, Seen seen) const;

    // A removed bucket's entry, as the reference's HashMap holds it.
    struct Entry {
        int32_t replacer = -1;  // the working count right after it was removed
        uint32_t previous = 0;  // the bucket removed before it
    };
    uint32_t m_size;
    uint32_t m_lastRemoved;
    uint32_t m_entries = 0;
    FlatMap64<Entry> m_table;  // removed bucket -> its entry
};

}  // namespace ringscope
