#pragma once
// Per-node load and its spread (SPEC §2 "Stats"), over primary owners.

#include <cstdint>
#include <span>
#include <vector>

#include "ringscope/assign.h"

namespace ringscope {

struct NodeLoad {
    uint64_t keys = 0;
    uint64_t bytes = 0;
    double requests = 0;
    double share = 0;  // keys / total keys
};

// max/mean, min/mean and standard deviation/mean (population) of one quantity over nodes.
struct Spread {
    double mean = 0;
    double maxOverMean = 0;
    double minOverMean = 0;
    double stddevOverMean = 0;
};
Spread spreadOf(std::span<const double> values);

struct Stats {
    std::vector<NodeLoad> nodes;
    Spread keys, bytes, requests;
};

// The shares and spreads of per-node loads summed elsewhere (e.g. a batch at a time); `keys` is
// the total. Without popularity, a node's requests are its keys times `evenRequests`. O(N).
Stats statsFromLoads(std::vector<NodeLoad> loads, uint64_t keys, bool hasPopularity,
                     double evenRequests);

// Adds one key to its primary's load (a primary past the nodes counts nowhere).
inline void addKeyLoad(std::vector<NodeLoad>& loads, uint32_t primary, uint64_t bytes,
                       double requests) {
    if (primary < loads.size()) {
        NodeLoad& load = loads[primary];
        ++load.keys;
        load.bytes += bytes;
        load.requests += requests;
    }
}

// O(K + N).
Stats computeStats(size_t nodeCount, std::span<const uint32_t> primaries, const KeySet& keys);
Stats computeStats(const Placement& placement, const Assignment& assignment, const KeySet& keys);

}  // namespace ringscope
