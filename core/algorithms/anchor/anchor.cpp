#include "anchor.h"

#include <isa-l/crc.h>

#include <array>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

#include "anchorplacement.h"
#include "ringscope/error.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

#if defined(__x86_64__)
// The reference's own crc32q instruction, where the processor has SSE4.2 (checked once):
// ISA-L's function through its dispatch costs four times as much per step.
__attribute__((target("sse4.2"))) uint32_t crc32qInstruction(uint64_t key, uint64_t seed) {
    return static_cast<uint32_t>(_mm_crc32_u64(static_cast<uint32_t>(seed), key));
}
const bool kHasCrc32q = __builtin_cpu_supports("sse4.2");
#endif

}  // namespace

uint32_t anchorCrc(uint64_t key, uint64_t seed) {
#if defined(__x86_64__)
    if (kHasCrc32q) {
        return crc32qInstruction(key, seed);
    }
#endif
    return anchorCrcPortable(key, seed);
}

uint32_t anchorCrcPortable(uint64_t key, uint64_t seed) {
    std::array<unsigned char, 8> bytes{};
    for (size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] = static_cast<unsigned char>(key >> (8 * i));
    }
    // ISA-L's crc32_iscsi neither inverts its start nor its result: crc32q exactly.
    return crc32_iscsi(bytes.data(), static_cast<int>(bytes.size()), static_cast<uint32_t>(seed));
}

AnchorTable::AnchorTable(uint32_t capacity, uint32_t working)
    : m_a(capacity, 0), m_k(capacity), m_w(capacity), m_l(capacity), m_n(working) {
    for (uint32_t i = 0; i < capacity; ++i) {
        m_k[i] = m_w[i] = m_l[i] = i;
    }
    for (uint32_t i = capacity; i-- > working;) {
        m_a[i] = i;
        m_r.push_back(i);
    }
}

void AnchorTable::remove(uint32_t bucket) {
    m_r.push_back(bucket);
    --m_n;
    m_w[m_l[bucket]] = m_w[m_n];
    m_l[m_w[m_n]] = m_l[bucket];
    m_k[bucket] = m_w[m_n];
    m_a[bucket] = m_n;
}

uint32_t AnchorTable::add() {
    const uint32_t b = m_r.back();
    m_r.pop_back();
    m_l[m_w[m_n]] = m_n;
    m_w[m_l[b]] = b;
    ++m_n;
    m_a[b] = 0;
    m_k[b] = b;
    return b;
}

template <typename Seen>
uint32_t AnchorTable::lookup(uint64_t key, Seen seen) const {
    using Via = AnchorStep::Via;
    const auto m = static_cast<uint32_t>(m_a.size());
    uint32_t bs = anchorCrc(key, 0);  // 32 bits, as the reference: a 32-bit modulo
    uint32_t b = static_cast<uint32_t>(bs % m);
    seen(AnchorStep{b, m_a[b], Via::Hash});
    while (m_a[b] != 0) {
        bs = anchorCrc(key - bs, bs);  // key2 + bs with key2 = 0
        const uint32_t h = static_cast<uint32_t>(bs % m_a[b]);
        seen(AnchorStep{h, m_a[h], Via::Rehash});
        if (m_a[h] == 0 || m_a[h] < m_a[b]) {
            b = h;
            continue;
        }
        // ComputeTranslation(b, h): follow K until a bucket removed after b (or working).
        uint32_t t = h;
        if (b == h) {
            t = m_k[b];
            seen(AnchorStep{t, m_a[t], Via::Translation});
        } else {
            while (m_a[b] <= m_a[t]) {
                t = m_k[t];
                seen(AnchorStep{t, m_a[t], Via::Translation});
            }
        }
        b = t;
    }
    return b;
}

uint32_t AnchorTable::bucketOf(uint64_t key) const {
    return lookup(key, [](const AnchorStep&) {});
}

std::vector<AnchorStep> AnchorTable::path(uint64_t key) const {
    std::vector<AnchorStep> steps;
    lookup(key, [&](const AnchorStep& s) { steps.push_back(s); });
    return steps;
}

AnchorPlacement::AnchorPlacement(const AnchorParams& params, const PlacementNodes& nodes)
    : RemovedBucketsPlacement(params.removed, nodes),
      m_table(removed::afterRemovals(AnchorTable(removed::capacityOr(params.capacity, nodes.size()),
                                                 static_cast<uint32_t>(nodes.size())),
                                     params.removed)) {}

namespace {

class AnchorModule final : public RemovesInPlace<AnchorParams> {
public:
    AnchorModule()
        : RemovesInPlace(
              Algorithm::Anchor, "anchor", QT_TRANSLATE_NOOP("Algorithm", "AnchorHash"),
              // Not in the comparison panel: its chart and table are full.
              {.weights = false, .bucketsInNodeOrder = true, .view = "anchor", .color = 0xDDCC77}) {
    }  // sand (Tol)

    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes& nodes) const override {
        return std::make_shared<AnchorPlacement>(s.params.get<AnchorParams>(), nodes);
    }
};

}  // namespace

const AlgorithmModule& modules::anchorAlgorithm() {
    static const AnchorModule module;
    return module;
}

}  // namespace ringscope
