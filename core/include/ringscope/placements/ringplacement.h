#pragma once
// Ring placement (SPEC §2 "Ring"): the scenario's tokens on a sorted ring, and for each token the
// replica set its walk picks, precomputed. Explicit positions, hash-named vnodes
// ("{node}#{i}", +1 probing), libmemcached's weighted ketama points or Envoy's ring hash
// (envoy_ring.h). With "boundedLoad" the keys are placed together, in key-set order, each walking
// clockwise on to the next node with room (bounded_load.h).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/bounded_load.h"
#include "ringscope/keyset.h"
#include "ringscope/placements/common.h"
#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Points per server in libmemcached's ketama (MEMCACHED_POINTS_PER_SERVER_KETAMA): 40 MD5
// digests of four positions each, scaled by the server's weight share.
inline constexpr unsigned kKetamaPointsPerServer = 160;
inline constexpr unsigned kKetamaPointsPerDigest = 4;

// The token name of vnode i of `node` under a pattern such as "{node}#{i}".
std::string tokenName(std::string_view pattern, std::string_view node, uint64_t i);

// What building a scenario's ring costs, counted without placing a token: the tokens (explicit,
// max(1, round(V * w)) per vnode node, four per ketama digest) and the bytes of all token names
// hashed; Envoy's ring: its ring size (one token per hash, "{id}_{i}"). Saturates at 2^64 - 1
// (a weight of 1e300). O(N); see limits.h. Throws InputError for a ketama weight beyond single
// precision.
struct RingCost {
    uint64_t tokens = 0;
    uint64_t nameBytes = 0;
    size_t largestNode = 0;  // the node with the most tokens, for messages
};
RingCost ringCost(const Scenario& scenario);

// The tokens of a hash-named node with `vnodes` per unit weight: max(1, round(V * w)), as a
// double (a weight of 1e300 is valid input; ringCost saturates it for the tokens limit).
double vnodeTokenCount(int64_t vnodes, double weight);

// Hash-named tokens of SPEC §2, nodes in order, tokens in index order, +1 probing on collision.
// A node of weight w gets max(1, round(V * w)) tokens. O(T log T).
std::vector<RingToken> namedTokens(const Scenario& scenario);

// libmemcached's weighted ketama: D = floor(w / sum(w) * 40 * N + 1e-10) MD5 digests of
// "{node}-{i}" per node, four little-endian positions per digest.
std::vector<RingToken> ketamaTokens(const Scenario& scenario);

// Envoy's RingHashLoadBalancer::Ring over the nodes without explicit tokens (in node order, with
// their weights and the scenario's ring sizes): xxh64("{node}_{i}") reduced to the space.
// Throws InputError as envoyRingTokens does.
std::vector<RingToken> envoyTokens(const Scenario& scenario);

class RingPlacement {
public:
    // Builds the ring and its replica table: O(T log T + T·R). Throws InputError.
    static RingPlacement build(const Scenario& scenario, const PlacementNodes& nodes);

    const Ring& ring() const { return m_ring; }
    // Per ring token, its replica set (R nodes), precomputed by the walk: O(T·R). The walk passes
    // over down nodes, so a down node's arcs are served by the next live nodes clockwise (and
    // every lookup, sweep and stream below serves keys from live nodes at no extra cost).
    const std::vector<uint32_t>& replicaTable() const { return m_replicaTable; }
    size_t replicas() const { return m_replicas; }
    std::optional<uint32_t> boundedLoadPercent() const { return m_boundedLoad; }

    // Expected O(1): the radix-indexed successor, then a row of the replica table.
    void route(const PlacementNodes& nodes, const KeyPoint& key, std::span<uint32_t> out) const;
    size_t routeCost(const PlacementNodes&) const { return 1; }
    // Every key at once: one merge sweep over the keys in position order and the sorted tokens,
    // O(K + T); with bounded loads the keys in key-set order, O(K · probes). `owners` is K x R,
    // in key order.
    void assignAll(const PlacementNodes& nodes, const HashedKeys& keys,
                   std::span<uint32_t> owners) const;
    // The bounded placement in full (capacities, displaced keys, overflow chains). Requires
    // boundedLoadPercent(). O(K · probes).
    BoundedLoadResult boundedLoads(const PlacementNodes& nodes, const HashedKeys& keys) const;
    // Without bounded loads the sweep gives what route gives, so keys may also be routed a batch
    // at a time; with them a key's owner depends on the keys before it.
    bool assignAllIsRoute() const { return !m_boundedLoad; }

private:
    Ring m_ring;
    size_t m_replicas = 1;
    std::vector<uint32_t> m_replicaTable;
    std::optional<uint32_t> m_boundedLoad;
};

}  // namespace ringscope
