#include "ringscope/stats.h"

#include <algorithm>
#include <cmath>

namespace ringscope {

Spread spreadOf(std::span<const double> values) {
    Spread s;
    if (values.empty()) {
        return s;
    }
    double sum = 0;
    for (const double v : values) {
        sum += v;
    }
    s.mean = sum / double(values.size());
    if (s.mean <= 0) {
        return s;
    }
    double squares = 0;
    for (const double v : values) {
        squares += (v - s.mean) * (v - s.mean);
    }
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    s.maxOverMean = *hi / s.mean;
    s.minOverMean = *lo / s.mean;
    s.stddevOverMean = std::sqrt(squares / double(values.size())) / s.mean;
    return s;
}

Stats statsFromLoads(std::vector<NodeLoad> loads, uint64_t keys, bool hasPopularity,
                     double evenRequests) {
    Stats stats;
    stats.nodes = std::move(loads);
    const size_t nodeCount = stats.nodes.size();
    std::vector<double> k(nodeCount), b(nodeCount), r(nodeCount);
    for (size_t n = 0; n < nodeCount; ++n) {
        NodeLoad& load = stats.nodes[n];
        if (!hasPopularity) {
            load.requests = double(load.keys) * evenRequests;
        }
        load.share = keys == 0 ? 0 : double(load.keys) / double(keys);
        k[n] = double(load.keys);
        b[n] = double(load.bytes);
        r[n] = load.requests;
    }
    stats.keys = spreadOf(k);
    stats.bytes = spreadOf(b);
    stats.requests = spreadOf(r);
    return stats;
}

Stats computeStats(size_t nodeCount, std::span<const uint32_t> primaries, const KeySet& keys) {
    std::vector<NodeLoad> loads(nodeCount);
    for (size_t k = 0; k < primaries.size(); ++k) {
        addKeyLoad(loads, primaries[k], keys.sizeOf(k), keys.hasPopularity ? keys.requests[k] : 0);
    }
    return statsFromLoads(std::move(loads), primaries.size(), keys.hasPopularity,
                          keys.evenRequests);
}

Stats computeStats(const Placement& placement, const Assignment& assignment, const KeySet& keys) {
    std::vector<NodeLoad> loads(placement.nodes().size());
    for (size_t k = 0; k < assignment.size(); ++k) {
        addKeyLoad(loads, assignment.primary(k), keys.sizeOf(k),
                   keys.hasPopularity ? keys.requests[k] : 0);
    }
    return statsFromLoads(std::move(loads), assignment.size(), keys.hasPopularity,
                          keys.evenRequests);
}

}  // namespace ringscope
