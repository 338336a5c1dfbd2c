#pragma once
// Ring placement (SPEC §2 "Ring"): the scenario's tokens on a sorted ring, and for each token the
// replica set its walk picks, precomputed. Explicit positions, or the tokens of the scenario's
// token scheme (tokenschemes/: hash-named vnodes, libmemcached's ketama, Envoy's ring hash).
// With "boundedLoad" the keys are placed together, in key-set order, each walking clockwise on to
// the next node with room (bounded_load.h).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/assign.h"
#include "ringscope/bounded_load.h"
#include "ringscope/placement.h"
#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

// The tokens every node lists explicitly ("tokens"), each checked against the others: two equal
// positions are an error that names both nodes. Every token scheme starts from these.
std::vector<RingToken> explicitTokens(const Scenario& scenario);

// A map from point to node written token by token (groupcache's hashMap, spymemcached's TreeMap):
// the tokens from `first` on, in the order they were written, sorted by position with each
// position kept once, by the token written last. O(T log T).
void keepLastWrittenOfEqualPoints(std::vector<RingToken>& tokens, size_t first);

// The sum of the weights, in node order.
double totalWeight(const Scenario& scenario);

// What building a scenario's ring costs, counted without placing a token: the explicit tokens
// and what the token scheme counts (TokenSchemeModule::cost), and the node that asks for the
// most. Saturates at 2^64 - 1 (a weight of 1e300). O(N); see work.h.
struct RingCost {
    uint64_t tokens = 0;
    uint64_t nameBytes = 0;
    size_t largestNode = 0;  // the node with the most tokens, for messages
};
RingCost ringCost(const Scenario& scenario);

// A ring's walk from the token owning each key's position: walk(k, visit), the preference walk
// of bounded loads.
struct RingWalk {
    const Ring& ring;
    std::span<const uint64_t> hashes;  // each key's 64-bit hash, reduced into `space` to walk
    uint64_t space = kSpace64;         // 2^64: the hashes are the positions
    LookupRule rule = LookupRule::Successor;
    template <typename Visit>
    void operator()(size_t key, Visit&& visit) const {
        size_t t = ring.lookup(reduceToSpace(hashes[key], space), rule);
        for (size_t step = 0; step < ring.size(); ++step, t = ring.next(t)) {
            if (visit(ring.node(t))) {
                return;
            }
        }
    }
};

class RingPlacement final : public PlacementState {
public:
    // Builds the ring and its replica table: O(T log T + T·R). Throws InputError.
    RingPlacement(const Scenario& scenario, const PlacementNodes& nodes);

    const Ring& ringTokens() const { return m_ring; }
    // Per ring token, its replica set (R nodes), precomputed by the walk: O(T·R). The walk passes
    // over down nodes, so a down node's arcs are served by the next live nodes clockwise (and
    // every lookup, sweep and stream below serves keys from live nodes at no extra cost).
    const std::vector<uint32_t>& replicaTable() const { return m_replicaTable; }
    size_t replicas() const { return m_replicas; }

    // Expected O(1): the radix-indexed lookup, then a row of the replica table.
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // The tokens, their radix index and the replica table.
    size_t lookupBytes() const override {
        return m_ring.bytes() + m_replicaTable.size() * sizeof(uint32_t);
    }
    // Every key at once: one merge sweep over the keys in position order and the sorted tokens,
    // O(K + T); with bounded loads the keys in key-set order, O(K · probes). `owners` is K x R,
    // in key order. (Under the nearer-token rule keys are routed one by one instead.)
    bool assignAll(const PlacementNodes& nodes, const HashedKeys& keys,
                   std::span<uint32_t> owners) const override;
    // Without bounded loads the sweep gives what route gives, so keys may also be routed a batch
    // at a time; with them a key's owner depends on the keys before it.
    bool routesKeysAlone() const override { return !m_boundedLoad; }
    // A ring places a key by its position; bounded loads walk from the key's 64-bit hash.
    bool readsKeyHashes() const override { return m_boundedLoad.has_value(); }
    const Ring* ring() const override { return &m_ring; }
    LookupRule lookupRule() const override { return m_rule; }
    std::optional<uint32_t> boundedLoadPercent() const override { return m_boundedLoad; }
    // The part of the space whose keys each node serves as primary: the pieces its lookup rule
    // cuts (a down node's arcs served by the next live nodes); nullopt with bounded loads, where
    // a key's owner depends on the keys before it. O(T).
    std::optional<SpaceShares> spaceShares(const Placement& placement) const override;
    std::optional<BoundedLoadResult> boundedLoads(const PlacementNodes& nodes,
                                                  const HashedKeys& keys) const override;
    // Any edit of a ring's tokens (a node or a vnode added or removed, a weight, a token scheme
    // parameter, a node down or up): see reassignRing. The keys that changed are those of the
    // arcs that changed hands.
    std::optional<Assignment> reassign(const Placement& before, const Assignment& a,
                                       const Placement& after, const KeyNames& names,
                                       const HashedKeys& keys, ChangedKeys* changed) const override;

private:
    Ring m_ring;
    LookupRule m_rule = LookupRule::Successor;
    size_t m_replicas = 1;
    std::vector<uint32_t> m_replicaTable;
    std::optional<uint32_t> m_boundedLoad;
};

// What follows a ring's edit from the owners before it: which positions changed hands.
// A ring's tokens cut the space into pieces over each of which every key has the same owners
// (between neighbouring positions under the successor rule; between positions and the midpoints
// of the gaps under the nearer rule), so one merge walk over both rings' pieces finds the
// stretches whose owners differ (nodes matched by id), and only their keys are looked at.
struct RingChange {
    std::vector<KeyRange> ranges;  // changed keys, in position order (ranks of `keys`)
    std::vector<uint32_t> rows;    // per range, the owners its keys take: `replicas` nodes each
    size_t replicas = 1;
    // before's node index -> after's (kNoNode when the node left), for the keys that stay put;
    // empty when no node was renumbered.
    std::vector<uint32_t> renumber;
    static constexpr uint32_t kNoNode = ~uint32_t{0};
};

// The change from `before` to `after`, two rings without bounded loads with the same replicas
// over `keys` (hashed alike for both), each finding a key's token by the successor rule or, with
// one replica, by the nearer rule (HAProxy's); nullopt when they are not such rings.
// O(T_before + T_after) plus O(log K) per changed stretch.
std::optional<RingChange> ringChange(const Placement& before, const Placement& after,
                                     const HashedKeys& keys);

// `before`'s owners `a` of `keys` carried to `after` (ringChange, handed back in `change` when
// given): the changed keys take their new rows, the others are renumbered if nodes were. O(K·R)
// to copy, in parallel, plus the changed keys.
std::optional<Assignment> reassignRing(const Placement& before, const Assignment& a,
                                       const Placement& after, const HashedKeys& keys,
                                       RingChange* change = nullptr);

}  // namespace ringscope
