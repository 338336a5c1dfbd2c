#pragma once
// Rendezvous hashing for one key: every node's score, plain and weighted, and their order.

#include <QString>

#include <string>
#include <vector>

#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Rows drawn at most; beyond that the best ones are shown.
inline constexpr size_t kMaxHrwBars = 24;

struct HrwBar {
    QString node;
    uint32_t index = 0;  // the node's, in scenario order
    double weight = 1;
    double score = 0;  // U = (first 8 digest bytes + 0.5) / 2^64: largest wins (plain)
    double time = 0;   // -ln U / w: smallest wins (weighted)
    int rank = 0;      // 0 = winner
};

struct HrwExplanation {
    QString key;
    bool weighted = false;
    size_t replicas = 1;
    size_t nodeCount = 0;
    std::vector<HrwBar> bars;     // node order, or best first when there are too many nodes
    std::vector<NodeSpec> nodes;  // the scenario's, for what draws the bars (their colours)
};

// The core's scores for `key` over the nodes of `placement`, built from `scenario`: hrwRank,
// hrwUniform, hrwWeightedTime, and hrwTop for the order. O(N) digests and O(N log N).
HrwExplanation explainHrw(const Scenario& scenario, const Placement& placement,
                          const std::string& key, bool weighted);

}  // namespace ringscope
