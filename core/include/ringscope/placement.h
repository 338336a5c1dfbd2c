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
#include "ringscope/placements/modnplacement.h"
#include "ringscope/placements/rendezvousplacement.h"
#include "ringscope/placements/ringplacement.h"
#include "ringscope/scenario.h"

namespace ringscope {

using PlacementState =
    std::variant<RingPlacement, RendezvousPlacement, JumpPlacement, ModNPlacement>;

class Placement {
public:
    Placement() = default;
    // Validates the scenario, checks what its placement costs against the limits
    // (checkPlacementWork) and builds its structure. Throws InputError naming the field/node.
    static Placement build(const Scenario& scenario, const Limits& limits = Limits());

    Algorithm algorithm() const { return m_algorithm; }
    HashKind keyHash() const { return m_keyHash; }
    uint64_t space() const { return m_space; }
    size_t replicas() const { return m_nodes.replicas; }
    const std::vector<NodeInfo>& nodes() const { return m_nodes.nodes; }
    std::span<const std::string> nodeIds() const { return m_nodes.ids; }
    std::span<const double> weights() const { return m_nodes.weights; }
    std::optional<uint32_t> nodeIndex(std::string_view id) const;
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

    // Owners of one key, primary first, replicas() of them. The caller hashed the key.
    // Ring O(1) expected; HRW O(N) digests; jump O(log N); mod-N O(1).
    void route(std::string_view key, uint64_t hash64, uint64_t position,
               std::span<uint32_t> out) const;
    // Work units of routing one key (for splitting large assignments over threads).
    size_t routeCost() const;

private:
    Algorithm m_algorithm = Algorithm::Ring;
    HashKind m_keyHash = HashKind::Fnv1a32;
    uint64_t m_space = kSpace32;
    PlacementNodes m_nodes;
    PlacementState m_state;
};

}  // namespace ringscope
