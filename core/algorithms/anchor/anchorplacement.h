#pragma once
// AnchorHash placement: nodes in order are buckets 0…N−1 of an anchor set of `capacity` buckets
// (2N unless given), buckets N…capacity−1 never used; removed nodes stay in the node list and keep
// their buckets (removedbuckets.h). Its parameters:
// "anchor": {"capacity": a, "removed": [ids, in the order removed]}.

#include <optional>

#include "anchor.h"
#include "ringscope/removedbuckets.h"

namespace ringscope {

struct AnchorParams {
    std::optional<uint32_t> capacity;  // 2N when unset
    RemovedOrder removed;
    bool operator==(const AnchorParams&) const = default;
};

class AnchorPlacement final : public RemovedBucketsPlacement {
public:
    AnchorPlacement(const AnchorParams& params, const PlacementNodes& nodes);
    const AnchorTable& table() const { return m_table; }
    uint32_t bucketOf(uint64_t key) const override { return m_table.bucketOf(key); }
    size_t lookupBytes() const override { return m_table.bytes(); }

private:
    AnchorTable m_table;
};

}  // namespace ringscope
