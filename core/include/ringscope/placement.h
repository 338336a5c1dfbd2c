#pragma once
// A placement: the scenario's nodes turned into the structure its algorithm routes with. Each
// algorithm's state is its own type, built by its module (module.h; algorithms/NAME/), behind
// PlacementState; Placement holds one next to what all share (nodes, weights, zones, replicas,
// key hash, space) and answers what every caller asks without knowing which algorithm it is.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/bounded_load.h"
#include "ringscope/json.h"
#include "ringscope/keyset.h"
#include "ringscope/largearray.h"
#include "ringscope/limits.h"
#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

// One key as the router sees it: its name (HRW hashes it with each node), its 64-bit key hash
// (jump, mod-N, Maglev) and its position in the hash space (rings).
struct KeyPoint {
    std::string_view name;
    uint64_t hash64 = 0;
    uint64_t position = 0;
};

struct NodeInfo {
    std::string id;
    double weight = 1.0;
    std::string zone;
    uint32_t zoneIndex = 0;
    bool down = false;
};

// The scenario's nodes in scenario order, and how many owners each key gets.
struct PlacementNodes {
    std::vector<NodeInfo> nodes;
    std::vector<std::string> ids;
    std::vector<double> weights;
    std::vector<uint32_t> zoneOf;  // node -> zone index when zone-aware, else empty
    std::vector<uint8_t> down;     // node -> 1 when down; empty when every node is up
    size_t replicas = 1;
    size_t size() const { return nodes.size(); }
};

namespace detail {
// Owners under a bucket scheme: bucket `first`, then the following buckets (mod n), each mapped
// to its node by nodeOf(bucket). That is the scheme's whole preference order: a down node's
// bucket is passed over (`down`: node -> 1 when down, or empty) and the walk goes on to the next
// bucket, the way the replicas already do; the hash is not rerun over fewer buckets (that would
// be removing the node, which moves keys between live nodes too).
template <typename NodeOf>
void followingBuckets(size_t first, size_t n, std::span<uint32_t> out, NodeOf nodeOf,
                      std::span<const uint8_t> down = {}) {
    size_t filled = 0;
    for (size_t i = 0; i < n && filled < out.size(); ++i) {
        const uint32_t node = nodeOf((first + i) % n);
        if (down.empty() || !down[node]) {
            out[filled++] = node;
        }
    }
}

// The index in `longer` of the one node `shorter` lacks when every other node matches in order
// (same(longer[i], shorter[j]): the same id, and whatever else the caller's algorithm reads);
// nullopt unless `longer` has exactly one node more. O(N).
template <typename Longer, typename Shorter, typename Same>
std::optional<size_t> oneNodeMore(const Longer& longer, const Shorter& shorter, Same same) {
    if (longer.size() != shorter.size() + 1) {
        return std::nullopt;
    }
    size_t odd = 0;
    while (odd < shorter.size() && same(longer[odd], shorter[odd])) {
        ++odd;
    }
    for (size_t i = odd; i < shorter.size(); ++i) {
        if (!same(longer[i + 1], shorter[i])) {
            return std::nullopt;
        }
    }
    return odd;
}
}  // namespace detail

// An inclusive range of slots a node owns outright (Redis Cluster: "0-5460").
struct SlotRange {
    uint32_t first = 0;
    uint32_t last = 0;
    bool operator==(const SlotRange&) const = default;
};

// What a placement adds to the statistics about itself (`ringscope-cli stats`, text and JSON):
// a heading, per-node columns and whole-placement values. Maglev: each node's table entries
// against M·w/Σw; Redis Cluster: each master's slots and ranges.
struct PlacementFacts {
    struct Column {
        enum class Kind : uint8_t { Count, Number, Text };
        Kind kind = Kind::Count;
        std::string title;  // over the column ("entries", "ideal M·w/Σw")
        std::string key;    // the node's member in JSON ("tableEntries")
        int width = 12;     // characters of a number, after one space
        int decimals = 0;   // Number
        std::vector<uint64_t> counts;
        std::vector<double> numbers;
        std::vector<std::string> texts;
    };
    std::string heading;  // "maglev table: 251 entries"
    std::vector<Column> columns;
    json::Object summary;  // members of the JSON root ("maglevTableSize": 251)
    bool empty() const { return heading.empty() && columns.empty() && summary.empty(); }
};

// Where a reassignment (PlacementState::reassign) may have given keys other owners: ranges of
// ranks in position order (HashedKeys::byPosition), nullopt when unknown. Every key outside them
// kept its owners, renumbered by node id (a ring edit: the arcs that changed hands).
using ChangedKeys = std::optional<std::vector<KeyRange>>;

// Owners per key, in key order: replicas entries per key, primary first (a large array:
// largearray.h).
struct Assignment {
    size_t replicas = 1;
    LargeVector<uint32_t> owners;
    size_t size() const { return replicas ? owners.size() / replicas : 0; }
    uint32_t primary(size_t key) const { return owners[key * replicas]; }
    std::span<const uint32_t> ownersOf(size_t key) const {
        return {owners.data() + key * replicas, replicas};
    }
};

class Placement;

// Each node's share of the keys a perfect hash gives it on a placement's structure, and what
// that structure is: `what` "the arcs", `key` "arcs" (for JSON).
struct SpaceShares {
    std::vector<double> shares;
    std::string_view what;
    std::string_view key;
};

// An algorithm's built structure. route() is all an algorithm must give; the rest says what it
// offers beyond it (a ring, a whole-key-set sweep, bounded loads, a faster reassignment).
class PlacementState {
public:
    virtual ~PlacementState() = default;

    // Owners of one key, primary first, out.size() ≤ replicas of them, from live nodes (a down
    // node is passed over by the algorithm's failover rule, failover.h).
    virtual void route(const PlacementNodes& nodes, const KeyPoint& key,
                       std::span<uint32_t> out) const = 0;
    // Work units of routing one key (for splitting large assignments over threads).
    virtual size_t routeCost(const PlacementNodes&) const { return 1; }
    // The bytes of the structure the algorithm builds to route with, beyond the node list every
    // algorithm keeps (ids, weights, down flags): a ring's tokens and index, Maglev's table, an
    // AnchorHash table's five arrays; 0 for an algorithm that computes a key's node from the key
    // and the node count or ids alone (jump, mod-N, HRW). Elements held, not spare capacity (a
    // hash table: its slots). O(1).
    virtual size_t lookupBytes() const = 0;
    // Every key at once (`owners` is K x R, in key order), when that is faster than key by key
    // (the ring's merge sweep) or required (bounded loads); false to have assign() route key by
    // key.
    virtual bool assignAll(const PlacementNodes& /*nodes*/, const HashedKeys& /*keys*/,
                           std::span<uint32_t> /*owners*/) const {
        return false;
    }
    // False when a key's owners depend on the keys before it (bounded loads): the whole key
    // set must then be held and placed by assignAll.
    virtual bool routesKeysAlone() const { return true; }
    // False when route, assignAll, boundedLoads and reassign read no more of a key than its
    // position and name (a ring, HRW): the key set may then keep positions alone
    // (KeyValues::Positions) and hand KeyPoint::hash64 as 0.
    virtual bool readsKeyHashes() const { return true; }

    // The ring the keys are placed on, or nullptr for an algorithm without one.
    virtual const Ring* ring() const { return nullptr; }
    // How a key finds its ring token (module.h).
    virtual LookupRule lookupRule() const { return LookupRule::Successor; }
    // The balance factor percent when keys are placed with bounded loads.
    virtual std::optional<uint32_t> boundedLoadPercent() const { return std::nullopt; }
    // With bounded loads, the whole placement of the keys (capacities, displaced keys, overflow
    // chains); nullopt without. O(K · probes).
    virtual std::optional<BoundedLoadResult> boundedLoads(const PlacementNodes& /*nodes*/,
                                                          const HashedKeys& /*keys*/) const {
        return std::nullopt;
    }
    // The share of the keys each node is meant to hold, when it is not its weight share w/Σw
    // (Redis Cluster: its share of the slots); empty otherwise.
    virtual std::vector<double> ownShares(const PlacementNodes&) const { return {}; }
    // The share of the keys each node would get from a perfect hash, from what the structure
    // gives it (a ring: the arcs its primary serves as its lookup rule cuts them, down nodes'
    // arcs going on to the next live ones; Maglev: its table entries); nullopt when keys are
    // not placed by their hash alone (bounded loads) or nothing but the weights decides.
    virtual std::optional<SpaceShares> spaceShares(const Placement& /*placement*/) const {
        return std::nullopt;
    }
    // False when the structure decides how a perfect hash shares the keys and spaceShares cannot
    // say it exactly (multi-probe: a node's share is where the key's probes fall nearest before
    // its one point): the keys' spread then tells nothing about the key hash alone.
    virtual bool hashAloneGivesTargetShares() const { return true; }
    // True when a down node's keys stay with it (its promoted replica serves them: Redis).
    virtual bool downNodesKeepKeys() const { return false; }
    // The slot ranges node `node` owns, when nodes own slots, not ring tokens (the trait
    // ownsSlots: the node table lists them); empty otherwise.
    virtual std::vector<SlotRange> ownedSlots(uint32_t /*node*/) const { return {}; }
    // The statistics this placement adds about itself (empty by default).
    virtual PlacementFacts facts(const PlacementNodes&) const { return {}; }
    // The owners under `after` (whose state this is) from `before`'s owners `a` of the same
    // key set, hashed alike (`keys`), faster than assigning anew when the change allows (a ring:
    // only the keys of the arcs that changed hands; one rendezvous node added or removed);
    // nullopt when it does not apply. When the algorithm knows where the keys with other owners
    // can be, it says so in `changed` (ChangedKeys); it leaves `changed` alone otherwise.
    virtual std::optional<Assignment> reassign(const Placement& /*before*/, const Assignment& /*a*/,
                                               const Placement& /*after*/,
                                               const KeyNames& /*names*/,
                                               const HashedKeys& /*keys*/,
                                               ChangedKeys* /*changed*/) const {
        return std::nullopt;
    }
};

class Placement {
public:
    Placement() = default;
    // Validates the scenario, checks what its placement costs against the limits
    // (checkPlacementWork) and builds its structure. Throws InputError naming the field/node.
    static Placement build(const Scenario& scenario, const Limits& limits = Limits());

    Algorithm algorithm() const { return m_algorithm; }
    const AlgorithmModule& module() const { return moduleOf(m_algorithm); }
    // What the nodes hold (nodeRoleOf the scenario): what a key whose every copy is down becomes.
    NodeRole role() const { return m_role; }
    // How keys become positions for this placement (keyHashingOf the scenario); hash keys with
    // hashKeys(keys, placement.keyHashing()).
    const KeyHashing& keyHashing() const { return m_keyHashing; }
    HashKind keyHash() const { return m_keyHashing.hash; }
    uint64_t space() const { return m_keyHashing.space; }
    size_t replicas() const { return m_nodes.replicas; }
    const std::vector<NodeInfo>& nodes() const { return m_nodes.nodes; }
    std::span<const std::string> nodeIds() const { return m_nodes.ids; }
    std::span<const double> weights() const { return m_nodes.weights; }
    // O(N): for one lookup; a loop over nodes indexes the ids once instead.
    std::optional<uint32_t> nodeIndex(std::string_view id) const;
    // The share of the keys each node is meant to hold: w/Σw, or the algorithm's own (Redis
    // Cluster: its share of the 16,384 slots; its weight plays no part there). A down node's
    // share is 0 (its keys go to the live nodes), unless the algorithm keeps a down node's keys
    // with it. O(N).
    std::vector<double> targetShares() const;
    // The shares a perfect hash gives each node on this structure (PlacementState::spaceShares:
    // a ring's arcs, Maglev's entries); nullopt when nothing but targetShares() decides. What a
    // hash is tested against (chisquare.h); against targetShares() they show how the structure
    // itself balances. O(T) for a ring of T tokens.
    std::optional<SpaceShares> spaceShares() const;
    // PlacementState::hashAloneGivesTargetShares: false when neither spaceShares() nor
    // targetShares() is what a perfect hash would give.
    bool hashAloneGivesTargetShares() const { return m_state->hashAloneGivesTargetShares(); }
    // Node -> zone index when zone-aware placement is on, else empty.
    std::span<const uint32_t> zoneOf() const { return m_nodes.zoneOf; }
    // What every state type routes with.
    const PlacementNodes& nodeSet() const { return m_nodes; }

    // The algorithm's own state, for code that knows it, e.g. the Maglev view:
    // `if (auto* maglev = placement.stateAs<MaglevPlacement>())`.
    const PlacementState& state() const { return *m_state; }
    template <typename State>
    const State* stateAs() const {
        return dynamic_cast<const State*>(m_state.get());
    }
    // The ring's tokens (each carrying its origin); empty for algorithms without a ring.
    const Ring& ring() const;
    bool hasRing() const { return m_state && m_state->ring(); }
    // True when every key goes to the owner of the first token at or after its position: a ring
    // without bounded loads, with every node up and the successor rule, whose owners a token
    // drag can update arc by arc (LiveRing).
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
    // The nodes that hold no keys (node -> 1, or empty): the down ones, unless the algorithm
    // keeps a down node's keys with it (Redis Cluster, where a down master's promoted replica
    // serves its slots), and the ones removed in place (AnchorHash, MementoHash, DxHash).
    std::span<const uint8_t> servesNothing() const;
    // Node -> 1 when its algorithm removed its bucket in place (removedbuckets.h); empty when
    // none is.
    std::span<const uint8_t> removed() const { return m_removed; }

    // The balance factor percent when keys are placed with bounded loads (ring, Maglev).
    std::optional<uint32_t> boundedLoadPercent() const;
    // With bounded loads, the whole placement of the keys: each node's load and capacity, the
    // keys that landed away from their first choice and the full nodes they passed. nullopt
    // without bounded loads. O(K · probes).
    std::optional<BoundedLoadResult> boundedLoads(const HashedKeys& keys) const;
    // What the placement adds to the statistics about itself.
    PlacementFacts facts() const { return m_state->facts(m_nodes); }
    // The owners of `names` (hashed as `keys`, as both placements hash them) here, from
    // `before`'s owners `a` of the same keys, when the algorithm has a faster way than assigning
    // anew (PlacementState::reassign); nullopt otherwise. `changed`, when given, learns where
    // the keys with other owners can be, if the algorithm knows.
    std::optional<Assignment> reassignFrom(const Placement& before, const Assignment& a,
                                           const KeyNames& names, const HashedKeys& keys,
                                           ChangedKeys* changed = nullptr) const {
        return m_state->reassign(before, a, *this, names, keys, changed);
    }

    // Owners of one key, primary first, replicas() of them. The caller hashed the key.
    // Ring O(1) expected; HRW O(N) digests; jump O(log N); mod-N, Maglev, Redis Cluster O(1).
    // With bounded loads this is the key's first choice; assign() places keys where they land.
    void route(std::string_view key, uint64_t hash64, uint64_t position,
               std::span<uint32_t> out) const;
    // Work units of routing one key (for splitting large assignments over threads).
    size_t routeCost() const { return m_state->routeCost(m_nodes); }
    // PlacementState::lookupBytes: what the algorithm's routing structure holds.
    size_t lookupBytes() const { return m_state->lookupBytes(); }
    // True when each key's owners depend on that key alone, so keys may be routed a batch at a
    // time (streamed); false for a state that places the key set together (its assignAll).
    bool routesKeysAlone() const { return m_state->routesKeysAlone(); }
    // What a key set hashed for this placement must keep of each key (PlacementState::
    // readsKeyHashes): the hashes, or positions alone.
    KeyValues keyValues() const {
        return m_state->readsKeyHashes() ? KeyValues::Hashes : KeyValues::Positions;
    }
    // True when `keys` (hashed as this placement hashes them) keep what it reads.
    bool canPlace(const HashedKeys& keys) const {
        return keys.hasHashes() || !m_state->readsKeyHashes();
    }

private:
    Algorithm m_algorithm{};
    NodeRole m_role = NodeRole::Store;
    KeyHashing m_keyHashing;
    PlacementNodes m_nodes;
    std::shared_ptr<const PlacementState> m_state;
    std::vector<uint8_t> m_removed;  // removed in place, or empty
    std::vector<uint8_t> m_idle;     // removed or down, when any is removed
};

namespace detail {
// A bucket scheme's space shares while a node is down (jump, JumpBack, mod-N: followingBuckets'
// rule): each of the n buckets 1/n, a down node's bucket's share going on to the next bucket
// whose node is up (the target shares, w/Σw over the live nodes, would blame the key hash for
// that node's double load). `table` maps bucket -> node, empty for bucket i = node i; `removed`
// (bucket -> 1, or empty) the buckets removed in place (removedbuckets.h): no share, passed over.
// `bucketShares` (bucket -> share of a perfect hash, or empty for equal ones) when the buckets'
// own shares differ (mcrouter's WeightedCh3). nullopt while no node is down (the target shares
// are then what a perfect hash gives) or none is up. O(N).
std::optional<SpaceShares> bucketSpaceShares(const Placement& placement,
                                             std::span<const uint32_t> table = {},
                                             std::span<const uint8_t> removed = {},
                                             std::span<const double> bucketShares = {});
}  // namespace detail

}  // namespace ringscope
