#include "ringscope/stats.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "ringscope/limits.h"

namespace ringscope {

namespace {

double weightOf(std::span<const double> weights, size_t n) {
    return n < weights.size() ? weights[n] : 1.0;
}

bool isLive(std::span<const uint8_t> down, size_t n) {
    return n >= down.size() || !down[n];
}

// Population standard deviation of `values` around `mean`.
double stddev(std::span<const double> values, double mean) {
    double squares = 0;
    for (const double v : values) {
        squares += (v - mean) * (v - mean);
    }
    return std::sqrt(squares / double(values.size()));
}

}  // namespace

bool unequalWeights(std::span<const double> weights) {
    return std::adjacent_find(weights.begin(), weights.end(), std::not_equal_to<>()) !=
           weights.end();
}

Spread spreadOf(std::span<const double> values, std::span<const double> weights) {
    Spread s;
    if (values.empty()) {
        return s;
    }
    double sum = 0;
    double weightSum = 0;
    for (size_t n = 0; n < values.size(); ++n) {
        sum += values[n];
        weightSum += weightOf(weights, n);
    }
    s.total = sum;
    s.mean = sum / double(values.size());
    if (s.mean <= 0 || !(weightSum > 0)) {
        return s;
    }
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    s.maxOverMean = *hi / s.mean;
    s.minOverMean = *lo / s.mean;
    s.stddevOverMean = stddev(values, s.mean) / s.mean;
    // Each node against its fair share: (sum · w) / Σw is sum / N exactly when weights are equal,
    // so the ratios then match the ones against the mean bit for bit.
    // A node of weight 0 is meant to hold nothing (HAProxy's weight 0: a drained server): it
    // has no ratio to its ideal of 0 (0/0 printed "-nan"); the ratios are over the others.
    std::vector<double> ratios;
    ratios.reserve(values.size());
    for (size_t n = 0; n < values.size(); ++n) {
        if (weightOf(weights, n) > 0) {
            ratios.push_back(values[n] / (sum * weightOf(weights, n) / weightSum));
        }
    }
    const auto [rlo, rhi] = std::minmax_element(ratios.begin(), ratios.end());
    s.maxOverIdeal = *rhi;
    s.minOverIdeal = *rlo;
    double ratioSum = 0;
    for (const double r : ratios) {
        ratioSum += r;
    }
    s.stddevOverIdeal = unequalWeights(weights) ? stddev(ratios, ratioSum / double(ratios.size()))
                                                : s.stddevOverMean;
    return s;
}

std::vector<double> fairShares(size_t nodeCount, std::span<const double> weights,
                               std::span<const uint8_t> down) {
    const std::span<const double> w =
        weights.size() == nodeCount ? weights : std::span<const double>();
    std::vector<double> shares(nodeCount, 0.0);
    double weightSum = 0;
    for (size_t n = 0; n < nodeCount; ++n) {
        shares[n] = isLive(down, n) ? weightOf(w, n) : 0.0;
        weightSum += shares[n];
    }
    for (double& share : shares) {
        share = weightSum > 0 ? share / weightSum : 0.0;
    }
    return shares;
}

Stats statsFromLoads(std::vector<NodeLoad> loads, uint64_t keys, bool hasPopularity,
                     double evenRequests, std::span<const double> weights,
                     std::span<const uint8_t> down) {
    Stats stats;
    stats.nodes = std::move(loads);
    const size_t nodeCount = stats.nodes.size();
    const std::span<const double> w =
        weights.size() == nodeCount ? weights : std::span<const double>();
    const std::vector<double> fair = fairShares(nodeCount, w, down);
    // The spreads run over the live nodes only.
    std::vector<double> k, b, r, liveWeights;
    for (size_t n = 0; n < nodeCount; ++n) {
        NodeLoad& load = stats.nodes[n];
        if (!hasPopularity) {
            load.requests = double(load.keys) * evenRequests;
        }
        load.share = keys == 0 ? 0 : double(load.keys) / double(keys);
        load.fairShare = fair[n];
        if (!isLive(down, n)) {
            stats.someDown = true;
        } else {
            k.push_back(double(load.keys));
            b.push_back(double(load.bytes));
            r.push_back(load.requests);
            liveWeights.push_back(weightOf(w, n));
        }
    }
    const std::span<const double> lw = w.empty() ? std::span<const double>() : liveWeights;
    stats.weighted = unequalWeights(lw);
    stats.keys = spreadOf(k, lw);
    stats.bytes = spreadOf(b, lw);
    stats.requests = spreadOf(r, lw);
    return stats;
}

Stats computeStats(size_t nodeCount, std::span<const uint32_t> primaries, const KeySet& keys,
                   std::span<const double> weights, std::span<const uint8_t> down) {
    std::vector<NodeLoad> loads(nodeCount);
    for (size_t k = 0; k < primaries.size(); ++k) {
        addKeyLoad(loads, primaries[k], keys.sizeOf(k), keys.hasPopularity ? keys.requests[k] : 0);
    }
    return statsFromLoads(std::move(loads), primaries.size(), keys.hasPopularity, keys.evenRequests,
                          weights, down);
}

Stats statsFromCounts(size_t nodeCount, std::span<const uint64_t> counts, const KeySet& keys,
                      std::span<const double> weights, std::span<const uint8_t> down) {
    std::vector<NodeLoad> loads(nodeCount);
    for (size_t n = 0; n < nodeCount && n < counts.size(); ++n) {
        loads[n].keys = loads[n].bytes = counts[n];  // a key without a size weighs one byte
    }
    return statsFromLoads(std::move(loads), keys.size(), false, keys.evenRequests, weights, down);
}

Stats computeStats(const Placement& placement, const Assignment& assignment, const KeySet& keys) {
    std::vector<NodeLoad> loads(placement.nodes().size());
    for (size_t k = 0; k < assignment.size(); ++k) {
        addKeyLoad(loads, assignment.primary(k), keys.sizeOf(k),
                   keys.hasPopularity ? keys.requests[k] : 0);
    }
    return statsFromLoads(std::move(loads), assignment.size(), keys.hasPopularity,
                          keys.evenRequests, placement.weights(), placement.servesNothing());
}

Stats computeCopyStats(const Placement& placement, const Assignment& assignment,
                       const KeySet& keys) {
    std::vector<NodeLoad> loads(placement.nodes().size());
    uint64_t copies = 0;
    for (size_t k = 0; k < assignment.size(); ++k) {
        for (const uint32_t owner : assignment.ownersOf(k)) {
            if (owner < loads.size()) {
                addKeyLoad(loads, owner, keys.sizeOf(k), keys.hasPopularity ? keys.requests[k] : 0);
                ++copies;
            }
        }
    }
    return statsFromLoads(std::move(loads), copies, keys.hasPopularity, keys.evenRequests,
                          placement.weights(), placement.servesNothing());
}

}  // namespace ringscope
