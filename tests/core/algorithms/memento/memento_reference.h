#pragma once
// SUPSI's MementoEngine.getBucket (SUPSI-DTI-ISIN/java-consistent-hashing-algorithms @ 68803f8,
// MementoEngine.java and Memento.java) and Guava 31's Hashing.consistentHash, ported literally
// — a hash map for the memento table, Java's int arithmetic — as the benchmarks' baseline for
// ringscope::MementoTable (same state, same lookups).

#include <xxhash.h>

#include <cstdint>
#include <unordered_map>

namespace ringscope::reference {

inline int32_t guavaConsistentHash(int64_t input, int32_t buckets) {
    uint64_t state = static_cast<uint64_t>(input);  // LinearCongruentialGenerator
    int32_t candidate = 0;
    int32_t next;
    while (true) {
        state = 2862933555777941757ull * state + 1;
        const double nextDouble =
            static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(state >> 33) + 1u)) /
            0x1.0p31;
        const double q = (candidate + 1) / nextDouble;
        next = q >= 2147483647.0 ? 2147483647 : q <= -2147483648.0 ? INT32_MIN : int32_t(q);
        if (next >= 0 && next < buckets) {
            candidate = next;
        } else {
            return candidate;
        }
    }
}

class MementoEngine {
public:
    explicit MementoEngine(int32_t size) : bArraySize(size), lastRemoved(size) {}
    int32_t getBucket(int64_t key) const {
        int32_t b = guavaConsistentHash(key, bArraySize);
        int32_t replacer = this->replacer(b);
        while (replacer >= 0) {
            const int64_t h = hash(key, b);
            b = static_cast<int32_t>(h % replacer);
            int32_t r = this->replacer(b);
            while (r >= replacer) {
                b = r;
                r = this->replacer(b);
            }
            replacer = r;
        }
        return b;
    }
    void removeBucket(int32_t bucket) {
        if (table.empty() && bucket == bArraySize - 1) {
            lastRemoved = bArraySize = bucket;
            return;
        }
        // memento.remember(bucket, size() - 1, lastRemoved): the size before the entry is in.
        const Entry entry{size() - 1, lastRemoved};
        table[bucket] = entry;
        lastRemoved = bucket;
    }

private:
    struct Entry {
        int32_t replacer;
        int32_t prevRemoved;
    };
    int32_t size() const { return bArraySize - static_cast<int32_t>(table.size()); }
    int32_t replacer(int32_t bucket) const {
        const auto it = table.find(bucket);
        return it == table.end() ? -1 : it->second.replacer;
    }
    // HashFunction.hash(long key, int seed): XXH32 of ByteBuffer.putLong(key).putInt(seed).
    static int64_t hash(int64_t key, int32_t seed) {
        unsigned char bytes[12];
        for (int i = 0; i < 8; ++i) {
            bytes[i] = static_cast<unsigned char>(static_cast<uint64_t>(key) >> (56 - 8 * i));
        }
        for (int i = 0; i < 4; ++i) {
            bytes[8 + i] = static_cast<unsigned char>(static_cast<uint32_t>(seed) >> (24 - 8 * i));
        }
        return static_cast<int64_t>(XXH32(bytes, sizeof bytes, 0));
    }

    int32_t bArraySize;
    int32_t lastRemoved;
    std::unordered_map<int32_t, Entry> table;
};

}  // namespace ringscope::reference
