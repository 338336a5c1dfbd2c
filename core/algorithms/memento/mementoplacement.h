#pragma once
// MementoHash placement: nodes in order are the b-array's buckets 0…N−1; removed nodes stay in
// the node list and keep their buckets (removedbuckets.h). Its parameters:
// "memento": {"removed": [ids, in the order removed]}.

#include "memento.h"
#include "ringscope/removedbuckets.h"

namespace ringscope {

struct MementoParams {
    RemovedOrder removed;
    bool operator==(const MementoParams&) const = default;
};

class MementoPlacement final : public RemovedBucketsPlacement {
public:
    MementoPlacement(const MementoParams& params, const PlacementNodes& nodes);
    const MementoTable& table() const { return m_table; }
    uint32_t bucketOf(uint64_t key) const override { return m_table.bucketOf(key); }
    size_t lookupBytes() const override { return m_table.bytes(); }

private:
    MementoTable m_table;
};

}  // namespace ringscope
