#pragma once
// The scenario: everything that decides where keys go. A plain value type; the JSON codec
// (app/) reads and writes it, validate() checks it, Placement::build() turns it into a placement.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/algorithm.h"
#include "ringscope/envoy_ring.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/key_encoding.h"
#include "ringscope/keyset.h"
#include "ringscope/maglev.h"
#include "ringscope/redis_cluster.h"
#include "ringscope/space.h"

namespace ringscope {

// How jump hash maps its buckets to nodes after a middle node is removed.
enum class JumpRemoval : uint8_t { Renumber, MoveLast };

struct NodeSpec {
    std::string id;
    double weight = 1.0;
    std::string zone;
    std::vector<uint64_t> tokens;   // explicit ring positions, if any
    std::optional<int64_t> vnodes;  // hash-named tokens per unit weight
    // 0xRRGGBB picked by the user; without it the node's colour comes from the palette.
    std::optional<uint32_t> color = std::nullopt;
    std::vector<SlotRange> slotRanges{};  // Redis Cluster: the slot ranges the node owns ("slots")
    // Failed, not removed: its tokens, slots and table entries stay, but it serves no key; each
    // key is served by the first live nodes of its preference order (failover.h).
    bool down = false;
    bool operator==(const NodeSpec&) const = default;
};

struct Scenario {
    std::string title;        // shown in the window title and presets menu
    std::string description;  // free text for the lesson or design review
    Algorithm algorithm = Algorithm::Ring;
    uint64_t space = uint64_t{1} << 32;  // 2^32 by default; 0 stands for 2^64
    // xxh64 by default: FNV-1a clusters on short, similar names ("n0#0", "n0#1", ...).
    HashKind keyHash = HashKind::Xxh64;
    KeyEncoding keyEncoding = KeyEncoding::Utf8;
    int64_t replicas = 1;
    bool zoneAware = false;
    TokenScheme tokenScheme = TokenScheme::Named;
    HashKind tokenHash = HashKind::Xxh64;
    std::string tokenName = "{node}#{i}";
    EnvoyRingSizes envoyRing;  // the envoy token scheme's minRingSize and maxRingSize
    // Maglev only: the lookup table's size M (prime).
    uint64_t maglevTableSize = kMaglevDefaultTableSize;
    // Bounded loads (ring and Maglev): the balance factor c as the percent c·100.
    std::optional<uint32_t> boundedLoadPercent;
    // Jump only: the bucket -> node table, as node indices; empty means node i in bucket i.
    std::vector<uint32_t> jumpBuckets;
    std::vector<NodeSpec> nodes;
    KeySetSpec keys;
    bool operator==(const Scenario&) const = default;
};

// The vnode counts a node may have (the cost of all tokens is checked in limits.h).
inline constexpr int64_t kMaxVnodes = 100000;

// Vnodes a node without tokens gets when it joins a ring (e.g. a rendezvous scenario switched to
// the ring, or placed on one for comparison).
inline constexpr int64_t kDefaultVnodes = 100;
// Gives every ring node that has neither explicit tokens nor a vnode count kDefaultVnodes vnodes;
// does nothing for other algorithms or ketama (which places every node).
void giveRingNodesTokens(Scenario& scenario);
// Makes `scheme` the ring's token scheme for every node: ketama and Envoy's ring place each node
// by its weight, so nodes drop their explicit tokens and vnode counts (four servers switched to
// ketama get 160 points each, not their one old token); hash-named tokens need a count, which a
// node without one gets (giveRingNodesTokens). O(N).
void useTokenScheme(Scenario& scenario, TokenScheme scheme);

// How the scenario's keys become positions. The scenario's own keyHash, space and keyEncoding,
// except that Redis Cluster always hashes with redis-slot into its 16,384 slots (SPEC §6).
KeyHashing keyHashingOf(const Scenario& scenario);

// True for the algorithms that take "boundedLoad": ring and Maglev.
bool takesBoundedLoad(Algorithm algorithm);

// Replicas run from 1 to the number of nodes.
inline constexpr int64_t kMinReplicas = 1;
inline int64_t maxReplicas(const Scenario& scenario) {
    return static_cast<int64_t>(scenario.nodes.size());
}

// Keys under the identity hash are their own positions, so a key pattern must be exactly "{i}".
// Throws InputError("keyHash") otherwise.
void checkIdentityKeys(const Scenario& scenario);

// Checks everything that can be checked without placing tokens (ids, weights, replicas, token
// ranges, vnode counts). Throws InputError naming the field or node. What the scenario would
// cost is checkWork's (limits.h).
void validate(const Scenario& scenario);

// True if the text holds a control character (U+0000-U+001F, U+007F-U+009F): such ids and zones
// would break the tab-separated output and the lines of messages.
bool hasControlCharacter(std::string_view text);

// "nodes[1] (B)" — how messages name a node.
std::string nodeWhere(const Scenario& scenario, size_t index);
// An error in a field of node `index` ("weight", "tokens[0]", or "" for the node itself).
InputError nodeError(const Scenario& scenario, size_t index, std::string field,
                     std::string message);

}  // namespace ringscope
