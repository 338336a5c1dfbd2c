#pragma once
// Hash-named ring tokens (SPEC §2, tokens.scheme "named", the default): token i of node n sits at
// tokenHash(name), the name made from a pattern ("{node}#{i}", i = 0 … V−1), a node of weight w
// getting max(1, round(V·w)) tokens; on a collision the position is probed +1 (mod space) until
// free, nodes in scenario order, tokens in index order. Seed 003's rings are placed this way.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

// The named scheme's parameters (tokens.hash, tokens.name).
struct NamedTokenParams {
    // xxh64 by default: FNV-1a clusters on short, similar names ("n0#0", "n0#1", ...).
    HashKind hash = HashKind::Xxh64;
    std::string name = "{node}#{i}";
    bool operator==(const NamedTokenParams&) const = default;
};

// Vnodes a node without tokens gets when it joins a ring (e.g. a rendezvous scenario switched to
// the ring, or placed on one for comparison).
inline constexpr int64_t kDefaultVnodes = 100;

// The token name of vnode i of `node` under a pattern such as "{node}#{i}".
std::string tokenName(std::string_view pattern, std::string_view node, uint64_t i);

// The tokens of a hash-named node with `vnodes` per unit weight: max(1, round(V * w)), as a
// double (a weight of 1e300 is valid input; the cost saturates it for the tokens limit).
double vnodeTokenCount(int64_t vnodes, double weight);

// Every token: the explicit ones, then each vnode node's, +1 probing on collision. O(T log T).
std::vector<RingToken> namedTokens(const Scenario& scenario);

}  // namespace ringscope
