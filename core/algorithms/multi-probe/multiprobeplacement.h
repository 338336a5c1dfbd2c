#pragma once
// Multi-probe placement: one point a node (its id under SipHash-2-4, seed 0), `probes` probes a
// key. Replicas are the key's next choices (its node found again without the ones before it); a
// down node's point is left out, so its keys go where its removal would send them: the next live
// node of their preference order. Its parameters:
// "multiProbe": {"probes": 21, "seeds": [1, 2]} (go-mpchash's compatibility test's).

#include <array>
#include <memory>

#include "multiprobe.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct MultiProbeParams {
    uint32_t probes = 21;
    std::array<uint64_t, 2> seeds{1, 2};
    bool operator==(const MultiProbeParams&) const = default;
};
// At most this many probes: a key costs two SipHashes and a binary search a probe (the paper
// settles on 21 for a peak-to-mean of 1.05).
inline constexpr uint32_t kMultiProbeMaxProbes = 64;
// At most this many owners a key: each is found anew, passing over the ones before it.
inline constexpr int64_t kMultiProbeMaxReplicas = 8;

class MultiProbePlacement final : public PlacementState {
public:
    MultiProbePlacement(const MultiProbeParams& params, const PlacementNodes& nodes);
    const MultiProbeParams& params() const { return m_params; }
    // O(replicas · probes · log N).
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // One point per live node, sorted.
    size_t lookupBytes() const override {
        return m_live->points().size() * sizeof(MultiProbeRing::Point);
    }
    // Each replica is found anew, passing over the ones before it.
    size_t routeCost(const PlacementNodes& nodes) const override {
        return m_params.probes * nodes.replicas * nodes.replicas;
    }
    bool readsKeyHashes() const override { return false; }
    // A node's share is where the probes fall nearest before its point: not its arc, not 1/N.
    bool hashAloneGivesTargetShares() const override { return false; }

private:
    MultiProbeParams m_params;
    std::shared_ptr<const MultiProbeRing> m_live;  // the live nodes' points
};

}  // namespace ringscope
