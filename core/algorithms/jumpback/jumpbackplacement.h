#pragma once
// JumpBack placement: JumpBackHash over buckets 0…N−1, the nodes in order; replicas are the
// following buckets, and a down node's bucket is passed over (its keys go to the next bucket).
// Its parameter: "jumpback": {"prng": "splitmix64" | "xorshift-l7r9"}.

#include "jumpback.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct JumpBackParams {
    JumpBackPrng prng = JumpBackPrng::SplitMix64;
    bool operator==(const JumpBackParams&) const = default;
};

class JumpBackPlacement final : public PlacementState {
public:
    explicit JumpBackPlacement(JumpBackPrng prng) : m_prng(prng) {}
    JumpBackPrng prng() const { return m_prng; }
    // Expected O(1) draws.
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // Nothing: a key's bucket comes from the key and the node count.
    size_t lookupBytes() const override { return 0; }
    // With a node down, its bucket's keys go on to the next live bucket's node.
    std::optional<SpaceShares> spaceShares(const Placement& placement) const override {
        return detail::bucketSpaceShares(placement);
    }

private:
    JumpBackPrng m_prng;
};

}  // namespace ringscope
