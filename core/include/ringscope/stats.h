#pragma once
// Per-node load and its spread (SPEC §2 "Stats"), over primary owners.

#include <cstdint>
#include <span>
#include <vector>

#include "ringscope/assign.h"

namespace ringscope {

struct NodeLoad {
    uint64_t keys = 0;
    uint64_t bytes = 0;  // saturates at 2^64 - 1 (bytesSaturated says so); it never wraps
    bool bytesSaturated = false;
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

// O(K + N).
Stats computeStats(size_t nodeCount, std::span<const uint32_t> primaries, const KeySet& keys);
Stats computeStats(const Placement& placement, const Assignment& assignment, const KeySet& keys);

}  // namespace ringscope
