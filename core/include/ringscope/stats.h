#pragma once
// Per-node load and its spread (SPEC §2 "Stats"), over primary owners.
//
// Each node is compared with its fair share w/Σw of the total ("ideal"): with unequal weights a
// node of weight 2 should hold twice as much as one of weight 1, so max/ideal and min/ideal say
// which node is hot, where max/mean would blame the heavy node for doing its job. With equal
// weights the ideal is the mean and both sets of ratios are the same numbers.

#include <cstdint>
#include <span>
#include <vector>

#include "ringscope/assign.h"
#include "ringscope/limits.h"

namespace ringscope {

struct NodeLoad {
    uint64_t keys = 0;
    uint64_t bytes = 0;  // saturates at 2^64 - 1 (bytesSaturated says so); it never wraps
    bool bytesSaturated = false;
    double requests = 0;
    double share = 0;      // keys / total keys
    double fairShare = 0;  // fairShares(): the share this node should hold
};

// Each node's fair share: w/Σw, Σw over the nodes that take keys; a down node's is 0 (it serves
// nothing), so the fair shares sum to 1 whatever is down. `weights` per node (empty: all equal),
// `down` node -> 1 (or empty). The one rule every chart, table, tool tip, lesson and the CLI
// measure a node against. O(N).
std::vector<double> fairShares(size_t nodeCount, std::span<const double> weights,
                               std::span<const uint8_t> down);

// One quantity over nodes: against the plain mean, and against each node's ideal, its fair share
// of the total (value / (total · w/Σw)). Standard deviations are population ones.
struct Spread {
    double total = 0;  // over the nodes measured (the live ones: a down node holds none)
    double mean = 0;
    double maxOverMean = 0;
    double minOverMean = 0;
    double stddevOverMean = 0;
    double maxOverIdeal = 0;
    double minOverIdeal = 0;
    double stddevOverIdeal = 0;  // of value / ideal over nodes
};
// Equal weights when `weights` is empty. O(N).
Spread spreadOf(std::span<const double> values, std::span<const double> weights = {});

// True when the weights differ, so the ideal of a node is not the mean.
bool unequalWeights(std::span<const double> weights);

struct Stats {
    std::vector<NodeLoad> nodes;
    Spread keys, bytes, requests;
    bool weighted = false;  // unequalWeights() of the live nodes: compare with the ideals
    // Some node is down (its fair share 0): the ideals differ between nodes even when the
    // weights are equal.
    bool someDown = false;
    // True when every node has the same ideal, the mean: one line can stand for all of them.
    bool evenIdeals() const { return !weighted && !someDown; }
};

// A node's ideal amount of a quantity: its fair share of the total. The ideals of all nodes sum
// to the total.
inline double idealOf(const Spread& spread, const NodeLoad& node) {
    return spread.total * node.fairShare;
}

// The shares and spreads of per-node loads summed elsewhere (e.g. a batch at a time); `keys` is
// the total. Without popularity, a node's requests are its keys times `evenRequests`. `weights`
// per node (empty: all equal). Nodes marked in `down` (node -> 1, or empty) serve nothing: their
// fair share is 0 and the spreads are over the live nodes. O(N).
Stats statsFromLoads(std::vector<NodeLoad> loads, uint64_t keys, bool hasPopularity,
                     double evenRequests, std::span<const double> weights = {},
                     std::span<const uint8_t> down = {});

// Adds one key to its primary's load (a primary past the nodes counts nowhere).
inline void addKeyLoad(std::vector<NodeLoad>& loads, uint32_t primary, uint64_t bytes,
                       double requests) {
    if (primary < loads.size()) {
        NodeLoad& load = loads[primary];
        ++load.keys;
        addSaturating(load.bytes, bytes, load.bytesSaturated);
        load.requests += requests;
    }
}

// `weights` per node (empty: all equal); `down` as statsFromLoads. O(K + N).
Stats computeStats(size_t nodeCount, std::span<const uint32_t> primaries, const KeySet& keys,
                   std::span<const double> weights = {}, std::span<const uint8_t> down = {});
// With the placement's node weights and down nodes.
Stats computeStats(const Placement& placement, const Assignment& assignment, const KeySet& keys);
// Every copy a node stores: a key counts on each node of its replica set (primary and replicas),
// so with R replicas the loads sum to R times the keys (fewer when fewer nodes take keys). A
// node's share is of all copies, its fair share w/Σw of them as for primaries. Requests count on
// every copy as well (what each would serve if every read went to all). O(K·R + N).
Stats computeCopyStats(const Placement& placement, const Assignment& assignment,
                       const KeySet& keys);
// The same when every key weighs alike (no sizes, no popularity: keys.hasSizes and
// keys.hasPopularity false), from each node's key count alone (`counts`; nodes past its end hold
// none): O(N), where counting the keys is O(K).
Stats statsFromCounts(size_t nodeCount, std::span<const uint64_t> counts, const KeySet& keys,
                      std::span<const double> weights = {}, std::span<const uint8_t> down = {});

}  // namespace ringscope
