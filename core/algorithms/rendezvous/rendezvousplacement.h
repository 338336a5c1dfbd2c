#pragma once
// Rendezvous placement (SPEC §2 "Rendezvous"): no state but the variant; every key ranks every
// node (rendezvous.h gives the exact score). One module per variant: rendezvous (HRW),
// weighted-rendezvous, and the naive ones a lesson shows to be wrong.

#include <optional>
#include <span>

#include "rendezvous.h"
#include "ringscope/assign.h"
#include "ringscope/placement.h"

namespace ringscope {

// The HRW variant an algorithm runs, or nullopt if it is not a rendezvous algorithm.
std::optional<HrwVariant> rendezvousVariant(Algorithm algorithm);

class RendezvousPlacement final : public PlacementState {
public:
    explicit RendezvousPlacement(HrwVariant variant) : m_variant(variant) {}
    HrwVariant variant() const { return m_variant; }

    // O(N) digests per key.
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // Nothing: each key is hashed with every node id.
    size_t lookupBytes() const override { return 0; }
    // One SHA-256 per node costs about fifty ring lookups.
    size_t routeCost(const PlacementNodes& nodes) const override { return nodes.size() * 50; }
    // HRW digests the key's name with each node's; the key's hash is never read.
    bool readsKeyHashes() const override { return false; }
    std::optional<Assignment> reassign(const Placement& before, const Assignment& a,
                                       const Placement& after, const KeyNames& names,
                                       const HashedKeys& keys, ChangedKeys* changed) const override;

private:
    HrwVariant m_variant = HrwVariant::Plain;
};

// Rendezvous after one node was appended to, or removed from, `before`'s node list (all other
// ids, weights, the variant and R unchanged), from `before`'s assignment `a`. Adding costs the
// ranks of each key's R owners plus the new node, O(K·(R+1)) digests instead of O(K·N); removing
// recomputes only the keys the node held. Returns nullopt when `after` is not such a change.
std::optional<Assignment> reassignRendezvous(const Placement& before, const Assignment& a,
                                             const Placement& after, const KeyNames& names);

}  // namespace ringscope
