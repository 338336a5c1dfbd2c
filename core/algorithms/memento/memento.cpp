#include "memento.h"

#include <xxhash.h>

#include <algorithm>
#include <array>

#include "mementoplacement.h"
#include "ringscope/registry.h"

namespace ringscope {

int32_t guavaConsistentHash(uint64_t key, int32_t buckets) {
    uint64_t state = key;  // LinearCongruentialGenerator(input)
    int32_t candidate = 0;
    while (true) {
        state = 2862933555777941757ull * state + 1;
        // nextDouble: ((int) (state >>> 33) + 1) / 0x1.0p31, the int sum wrapping as Java's.
        const auto high = static_cast<uint32_t>(state >> 33);
        const auto numerator = static_cast<int32_t>(high + 1u);
        const double unit = static_cast<double>(numerator) / 2147483648.0;
        const double next = static_cast<double>(candidate + 1) / unit;
        // (int) next, then 0 ≤ next < buckets: Java's cast truncates toward zero and saturates,
        // so only a value in [0, buckets) continues.
        if (!(next >= 0.0 && next < static_cast<double>(buckets))) {
            return candidate;
        }
        candidate = static_cast<int32_t>(next);
    }
}

namespace {

// The engine's hash(long key, int seed) with its default XXHash: XXH32 (seed 0) of the key's 8
// bytes then the bucket's 4, big-endian (ByteBuffer's order), as a non-negative long.
uint64_t rehash(uint64_t key, uint32_t bucket) {
    std::array<unsigned char, 12> bytes{};
    for (size_t i = 0; i < 8; ++i) {
        bytes[i] = static_cast<unsigned char>(key >> (56 - 8 * i));
    }
    for (size_t i = 0; i < 4; ++i) {
        bytes[8 + i] = static_cast<unsigned char>(bucket >> (24 - 8 * i));
    }
    return XXH32(bytes.data(), bytes.size(), 0);
}

}  // namespace

MementoTable::MementoTable(uint32_t size) : m_size(size), m_lastRemoved(size) {}

void MementoTable::remove(uint32_t bucket) {
    if (m_entries == 0 && bucket + 1 == m_size) {  // jump hash's own removal: the array shrinks
        m_lastRemoved = m_size = bucket;
        return;
    }
    m_table[bucket] = Entry{static_cast<int32_t>(working() - 1), m_lastRemoved};
    ++m_entries;
    m_lastRemoved = bucket;
}

uint32_t MementoTable::add() {
    const uint32_t bucket = m_lastRemoved;
    if (m_entries == 0) {
        m_lastRemoved = bucket + 1;
    } else {
        m_lastRemoved = m_table.find(bucket)->previous;
        m_table.erase(bucket);
        --m_entries;
    }
    m_size = std::max(m_size, bucket + 1);
    return bucket;
}

template <typename Seen>
uint32_t MementoTable::lookup(uint64_t key, Seen seen) const {
    using Via = MementoStep::Via;
    auto b = static_cast<uint32_t>(guavaConsistentHash(key, static_cast<int32_t>(m_size)));
    int32_t r = replacer(b);
    seen(MementoStep{b, r, Via::Hash});
    while (r >= 0) {
        // r ≥ 1: the last working bucket is never removed.
        const int32_t left = r;
        b = static_cast<uint32_t>(rehash(key, b) % static_cast<uint64_t>(left));
        r = replacer(b);
        seen(MementoStep{b, r, Via::Rehash});
        while (r >= left) {  // removed before the bucket left: its replacer took its place
            b = static_cast<uint32_t>(r);
            r = replacer(b);
            seen(MementoStep{b, r, Via::Chain});
        }
    }
    return b;
}

uint32_t MementoTable::bucketOf(uint64_t key) const {
    return lookup(key, [](const MementoStep&) {});
}

std::vector<MementoStep> MementoTable::path(uint64_t key) const {
    std::vector<MementoStep> steps;
    lookup(key, [&](const MementoStep& s) { steps.push_back(s); });
    return steps;
}

MementoPlacement::MementoPlacement(const MementoParams& params, const PlacementNodes& nodes)
    : RemovedBucketsPlacement(params.removed, nodes),
      m_table(removed::afterRemovals(MementoTable(static_cast<uint32_t>(nodes.size())),
                                     params.removed)) {}

namespace {

class MementoModule final : public RemovesInPlace<MementoParams> {
public:
    MementoModule()
        : RemovesInPlace(Algorithm::Memento, "memento",
                         QT_TRANSLATE_NOOP("Algorithm", "MementoHash"),
                         // Not in the comparison panel: its chart and table are full.
                         {.weights = false,
                          .bucketsInNodeOrder = true,
                          .view = "memento",
                          .color = 0x88CCEE}) {}  // cyan (Tol)

    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes& nodes) const override {
        return std::make_shared<MementoPlacement>(s.params.get<MementoParams>(), nodes);
    }
};

}  // namespace

const AlgorithmModule& modules::mementoAlgorithm() {
    static const MementoModule module;
    return module;
}

}  // namespace ringscope
