#include "ringscope/stats.h"

#include <algorithm>
#include <cmath>

#include "ringscope/limits.h"

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

Stats computeStats(size_t nodeCount, std::span<const uint32_t> primaries, const KeySet& keys) {
    Stats stats;
    stats.nodes.resize(nodeCount);
    for (size_t k = 0; k < primaries.size(); ++k) {
        if (primaries[k] >= nodeCount) {
            continue;
        }
        NodeLoad& load = stats.nodes[primaries[k]];
        ++load.keys;
        const uint64_t bytes = k < keys.sizes.size() ? keys.sizes[k] : 1;
        load.bytesSaturated = load.bytesSaturated || bytes > UINT64_MAX - load.bytes;
        load.bytes = saturatingAdd(load.bytes, bytes);
        load.requests += k < keys.requests.size() ? keys.requests[k] : 0;
    }
    std::vector<double> k(nodeCount), b(nodeCount), r(nodeCount);
    for (size_t n = 0; n < nodeCount; ++n) {
        stats.nodes[n].share =
            primaries.empty() ? 0 : double(stats.nodes[n].keys) / double(primaries.size());
        k[n] = double(stats.nodes[n].keys);
        b[n] = double(stats.nodes[n].bytes);
        r[n] = stats.nodes[n].requests;
    }
    stats.keys = spreadOf(k);
    stats.bytes = spreadOf(b);
    stats.requests = spreadOf(r);
    return stats;
}

Stats computeStats(const Placement& placement, const Assignment& assignment, const KeySet& keys) {
    std::vector<uint32_t> primaries(assignment.size());
    for (size_t k = 0; k < primaries.size(); ++k) {
        primaries[k] = assignment.primary(k);
    }
    return computeStats(placement.nodes().size(), primaries, keys);
}

}  // namespace ringscope
