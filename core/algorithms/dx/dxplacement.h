#pragma once
// DxHash placement: nodes in order are buckets 0…N−1 of `capacity` (2N unless given); removed
// nodes stay in the node list and keep their buckets (removedbuckets.h). Its parameters:
// "dx": {"capacity": a, "removed": [ids, in the order removed]}.

#include <optional>

#include "dx.h"
#include "ringscope/removedbuckets.h"

namespace ringscope {

struct DxParams {
    std::optional<uint32_t> capacity;  // 2N when unset
    RemovedOrder removed;
    bool operator==(const DxParams&) const = default;
};

class DxPlacement final : public RemovedBucketsPlacement {
public:
    DxPlacement(const DxParams& params, const PlacementNodes& nodes);
    const DxTable& table() const { return m_table; }
    uint32_t bucketOf(uint64_t key) const override { return m_table.bucketOf(key); }
    size_t lookupBytes() const override { return m_table.bytes(); }
    // capacity / working draws a key, expected.
    size_t routeCost(const PlacementNodes&) const override {
        return dxExpectedDraws(m_table.capacity(), m_table.working());
    }

private:
    DxTable m_table;
};

}  // namespace ringscope
