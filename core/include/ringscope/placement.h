#pragma once
// A placement: the scenario's nodes turned into the structure its algorithm routes with. Each
// algorithm's state is its own type (ringscope/placements/); Placement holds one of them in a
// variant next to what all share (nodes, weights, zones, replicas, key hash, space).
//
// Adding an algorithm: its state type (one header + source in placements/), one alternative in
// PlacementState, one row in kAlgorithmNames, and the cases the compiler then asks for
// (buildState in placement.cpp; rendezvousVariant says it is not a rendezvous).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ringscope/limits.h"
#include "ringscope/placements/common.h"
#include "ringscope/placements/jumpplacement.h"
#include "ringscope/placements/maglevplacement.h"
#include "ringscope/placements/modnplacement.h"
#include "ringscope/placements/redisclusterplacement.h"
#include "ringscope/placements/rendezvousplacement.h"
#include "ringscope/placements/ringplacement.h"
#include "ringscope/scenario.h"

namespace ringscope {

using PlacementState = std::variant<RingPlacement, RendezvousPlacement, JumpPlacement,
                                    ModNPlacement, MaglevPlacement, RedisClusterPlacement>;

class Placement {
public:
    Placement() = default;
    // Validates the scenario, checks what its placement costs against the limits
    // (checkPlacementWork) and builds its structure. Throws InputError naming the field/node.
    static Placement build(const Scenario& scenario, const Limits& limits = Limits());

    Algorithm algorithm() const { return m_algorithm; }
    // How keys become positions for this placement (keyHashingOf the scenario); hash keys with
    // hashKeys(keys, placement.keyHashing()).
    const KeyHashing& keyHashing() const { return m_keyHashing; }
    HashKind keyHash() const { return m_keyHashing.hash; }
    uint64_t space() const { return m_keyHashing.space; }
    size_t replicas() const { return m_nodes.replicas; }
    const std::vector<NodeInfo>& nodes() const { return m_nodes.nodes; }
    std::span<const std::string> nodeIds() const { return m_nodes.ids; }
    std::span<const double> weights() const { return m_nodes.weights; }
    std::optional<uint32_t> nodeIndex(std::string_view id) const;
    // The share of the keys each node is meant to hold: w/Σw, or under Redis Cluster the share of
    // the 16,384 slots it owns (its weight plays no part there). A down node's share is 0 (its
    // keys go to the live nodes), except under Redis Cluster, where its promoted replica keeps
    // its slots. O(N).
    std::vector<double> targetShares() const;
    // Node -> zone index when zone-aware placement is on, else empty.
    std::span<const uint32_t> zoneOf() const { return m_nodes.zoneOf; }
    // What every state type routes with.
    const PlacementNodes& nodeSet() const { return m_nodes; }

    // The algorithm's own state, e.g. `if (auto* ring = placement.stateAs<RingPlacement>())`.
    const PlacementState& state() const { return m_state; }
    template <typename State>
    const State* stateAs() const {
        return std::get_if<State>(&m_state);
    }
    // The ring's tokens (each carrying its origin); empty for algorithms without a ring.
    const Ring& ring() const;
    // True when every key goes to the owner of the first token at or after its position: a ring
    // without bounded loads and with every node up, whose owners a token drag can update arc by
    // arc (LiveRing).
    bool ownsByPosition() const;
    // True for a ring whose arcs are drawn as the tokens own them: ownsByPosition(), or a ring
    // with down nodes (their arcs are served by the next live nodes clockwise).
    bool drawsRingArcs() const;
    // Node -> 1 when the node is down; empty when every node is up. A down node keeps its tokens,
    // slots and table entries but serves nothing: route() and assign() give each key the first
    // live nodes of its preference order (failover.h says what that order is per algorithm).
    std::span<const uint8_t> down() const { return m_nodes.down; }
    bool anyDown() const { return !m_nodes.down.empty(); }
    bool isDown(uint32_t node) const { return node < m_nodes.down.size() && m_nodes.down[node]; }
    // The down nodes that hold no keys (node -> 1, or empty): all of them, except under Redis
    // Cluster, where a down master's promoted replica serves its slots.
    std::span<const uint8_t> servesNothing() const;

    // The balance factor percent when keys are placed with bounded loads (ring, Maglev).
    std::optional<uint32_t> boundedLoadPercent() const;
    // With bounded loads, the whole placement of the keys: each node's load and capacity, the
    // keys that landed away from their first choice and the full nodes they passed. nullopt
    // without bounded loads. O(K · probes).
    std::optional<BoundedLoadResult> boundedLoads(const HashedKeys& keys) const;

    // Owners of one key, primary first, replicas() of them. The caller hashed the key.
    // Ring O(1) expected; HRW O(N) digests; jump O(log N); mod-N, Maglev, Redis Cluster O(1).
    // With bounded loads this is the key's first choice; assign() places keys where they land.
    void route(std::string_view key, uint64_t hash64, uint64_t position,
               std::span<uint32_t> out) const;
    // Work units of routing one key (for splitting large assignments over threads).
    size_t routeCost() const;
    // True when each key's owners depend on that key alone, so keys may be routed a batch at a
    // time (streamed); false for a state that places the key set together (its assignAll).
    bool routesKeysAlone() const;

private:
    Algorithm m_algorithm = Algorithm::Ring;
    KeyHashing m_keyHashing;
    PlacementNodes m_nodes;
    PlacementState m_state;
};

}  // namespace ringscope
