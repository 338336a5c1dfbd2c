#pragma once
// The scenario: everything that decides where keys go. A plain value type; the scenario file
// (scenariofile.h) reads and writes it, validate() checks it, Placement::build() turns it into a
// placement. What only one module knows (Maglev's table size, jump's bucket table, a Redis
// master's slots, the named tokens' hash and pattern) is that module's struct in `params`.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/error.h"
#include "ringscope/key_encoding.h"
#include "ringscope/keyset.h"
#include "ringscope/params.h"
#include "ringscope/registry.h"
#include "ringscope/space.h"

namespace ringscope {

struct NodeSpec {
    std::string id;
    double weight = 1.0;
    std::string zone;
    std::vector<uint64_t> tokens;   // explicit ring positions, if any
    std::optional<int64_t> vnodes;  // hash-named tokens per unit weight
    // 0xRRGGBB picked by the user; without it the node's colour comes from the palette.
    std::optional<uint32_t> color = std::nullopt;
    // Failed, not removed: its tokens, slots and table entries stay, but it serves no key; each
    // key is served by the first live nodes of its preference order (failover.h).
    bool down = false;
    // The modules' fields of the node (a Redis Cluster master's "slots").
    ModuleParams params{};
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
    TokenScheme tokenScheme = TokenScheme::Named;  // how a ring places tokens ("tokens.scheme")
    // Bounded loads (the algorithms whose traits take them): the balance factor c as the
    // percent c·100.
    std::optional<uint32_t> boundedLoadPercent;
    // The modules' own parameters, each read from its own JSON object.
    ModuleParams params;
    std::vector<NodeSpec> nodes;
    KeySetSpec keys;
    bool operator==(const Scenario&) const = default;
};

// The vnode counts a node may have (the cost of all tokens is checked in work.h).
inline constexpr int64_t kMaxVnodes = 100000;

// True when some node of the scenario is down (failed, not removed).
inline bool anyNodeDown(const Scenario& scenario) {
    return std::any_of(scenario.nodes.begin(), scenario.nodes.end(),
                       [](const NodeSpec& n) { return n.down; });
}

// The modules of the scenario's algorithm and token scheme.
inline const AlgorithmModule& algorithmOf(const Scenario& scenario) {
    return moduleOf(scenario.algorithm);
}
inline const TokenSchemeModule& tokenSchemeOf(const Scenario& scenario) {
    return moduleOf(scenario.tokenScheme);
}
// What the scenario's nodes hold (module.h NodeRole): a ring's token scheme when it is a
// system's own (nginx, ketama, ...), else its algorithm's.
inline NodeRole nodeRoleOf(const Scenario& scenario) {
    const AlgorithmModule& algorithm = algorithmOf(scenario);
    if (algorithm.traits().ring) {
        if (const auto role = tokenSchemeOf(scenario).traits().role) {
            return *role;
        }
    }
    return algorithm.traits().role;
}
// Gives every node of a ring what its token scheme needs to place it (the ring's adopt: a node
// with neither explicit tokens nor a vnode count gets the named scheme's default vnodes); does
// nothing for other algorithms or for schemes that place every node (ketama, Envoy).
void giveRingNodesTokens(Scenario& scenario);
// Makes `scheme` the ring's token scheme for every node: a scheme that places each node by its
// weight (ketama, Envoy's ring: placesEveryNode) takes the nodes' explicit tokens and vnode
// counts away (four servers switched to ketama get 160 points each, not their one old token);
// hash-named tokens need a count, which a node without one gets (giveRingNodesTokens). O(N).
void useTokenScheme(Scenario& scenario, TokenScheme scheme);

// How the scenario's keys become positions: its own keyHash, space and keyEncoding, unless its
// algorithm fixes them (Redis Cluster hashes with redis-slot into its 16,384 slots, SPEC §6).
KeyHashing keyHashingOf(const Scenario& scenario);

// The scenario placed by `algorithm` instead: the modules' parameters follow the switch (a jump
// bucket table means nothing elsewhere), bounded loads stay only where the algorithm takes them,
// and the algorithm readies it (ring nodes without tokens get the token scheme's vnodes).
Scenario withAlgorithm(const Scenario& scenario, Algorithm algorithm);
// Turns `scenario` to `algorithm` in place, its modules' parameters following the switch
// (AlgorithmModule::switched: a jump bucket table, an AnchorHash removed list go): the first step
// of withAlgorithm, and what the window's algorithm choice does.
void turnTo(Scenario& scenario, Algorithm algorithm);
// The same with primaries only (one replica, no zones): how the comparison and the views that
// show one algorithm place a scenario.
Scenario asAlgorithm(const Scenario& scenario, Algorithm algorithm);

// Replicas run from 1 to the number of nodes.
inline constexpr int64_t kMinReplicas = 1;
inline int64_t maxReplicas(const Scenario& scenario) {
    return static_cast<int64_t>(scenario.nodes.size());
}

// Keys under a hash whose keys are their own positions (identity) must be exactly "{i}" as a key
// pattern. Throws InputError("keyHash") otherwise.
void checkIdentityKeys(const Scenario& scenario);

// Checks everything that can be checked without placing tokens (ids, weights, replicas, vnode
// counts), then what the algorithm and the token scheme check. Throws InputError naming the
// field or node. What the scenario would cost is checkWork's (work.h).
void validate(const Scenario& scenario);

// True if the text holds a control character (U+0000-U+001F, U+007F-U+009F): such ids and zones
// would break the tab-separated output and the lines of messages. `prose` allows the line break
// and the tab of a paragraph (titles, descriptions, lesson texts), nothing else: an escape in a
// title would retitle a terminal or clear it, and shows as nothing in a dialog.
bool hasControlCharacter(std::string_view text, bool prose = false);
// Throws InputError(field, "... holds a control character ...") when hasControlCharacter(text,
// true): the check of every text a file gives for people to read.
void checkProse(std::string_view text, const std::string& field);
// The text with each control character hasControlCharacter(text, true) finds written out as the
// command line writes it (\x1b, \u009b): how a text made from another system's names (an
// imported scenario's title and description) keeps them readable and passes checkProse.
std::string withControlsEscaped(std::string_view text);

// "nodes[1] (B)" — how messages name a node.
std::string nodeWhere(const Scenario& scenario, size_t index);
// An error in a field of node `index` ("weight", "tokens[0]", or "" for the node itself).
InputError nodeError(const Scenario& scenario, size_t index, std::string field,
                     std::string message);

}  // namespace ringscope
