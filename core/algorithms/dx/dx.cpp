#include "dx.h"

#include <cstdint>

#include "dxplacement.h"
#include "ringscope/registry.h"

namespace ringscope {

DxTable::DxTable(uint32_t capacity, uint32_t working)
    : m_inactive(capacity, 0), m_working(working) {
    for (uint32_t b = working; b < capacity; ++b) {
        m_inactive[b] = 1;
    }
}

void DxTable::remove(uint32_t bucket) {
    m_inactive[bucket] = 1;
    --m_working;
}

std::vector<uint32_t> DxTable::draws(uint64_t key, size_t most) const {
    JavaRandom random(key);
    const auto capacity = static_cast<int32_t>(m_inactive.size());
    std::vector<uint32_t> out;
    while (out.size() < most && (out.empty() || m_inactive[out.back()])) {
        out.push_back(static_cast<uint32_t>(random.nextInt(capacity)));
    }
    return out;
}

DxPlacement::DxPlacement(const DxParams& params, const PlacementNodes& nodes)
    : RemovedBucketsPlacement(params.removed, nodes),
      m_table(removed::afterRemovals(DxTable(removed::capacityOr(params.capacity, nodes.size()),
                                             static_cast<uint32_t>(nodes.size())),
                                     params.removed)) {}

namespace {

class DxModule final : public RemovesInPlace<DxParams> {
public:
    DxModule()
        : RemovesInPlace(
              Algorithm::Dx, "dx", QT_TRANSLATE_NOOP("Algorithm", "DxHash"),
              // Not in the comparison panel: its chart and table are full.
              {.weights = false, .bucketsInNodeOrder = true, .view = "dx", .color = 0x661100}) {
    }  // brown (Tol)

    // Beside the table: each key draws capacity / working times, expected.
    void countWork(const Scenario& s, Work& work) const override {
        RemovesInPlace::countWork(s, work);
        const DxParams& p = s.params.get<DxParams>();
        const uint64_t capacity = removed::capacityOr(p.capacity, s.nodes.size());
        const uint64_t working =
            s.nodes.size() > p.removed.size() ? s.nodes.size() - p.removed.size() : 1;
        work.perKey.push_back({.limit = Limit::BucketDraws,
                               .amount = dxExpectedDraws(capacity, working),
                               .field = "dx.capacity",
                               .what = "draws, expected (keys x capacity / working buckets)",
                               .units = 1});
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes& nodes) const override {
        return std::make_shared<DxPlacement>(s.params.get<DxParams>(), nodes);
    }
};

}  // namespace

const AlgorithmModule& modules::dxAlgorithm() {
    static const DxModule module;
    return module;
}

}  // namespace ringscope
