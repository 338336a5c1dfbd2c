#include "ringscope/envoy_ring.h"

#include <cmath>

#include "ringscope/envoy_weights.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"

namespace ringscope {

EnvoyRingBuild envoyRingTokensNormalized(std::span<const std::string> ids,
                                         std::span<const double> normalizedWeights,
                                         double minNormalizedWeight, EnvoyRingSizes sizes) {
    if (sizes.minRingSize > sizes.maxRingSize) {
        // RingHashLoadBalancer's constructor check, word for word.
        throw InputError("tokens.minRingSize",
                         "ring hash: minimum_ring_size (" + std::to_string(sizes.minRingSize) +
                             ") > maximum_ring_size (" + std::to_string(sizes.maxRingSize) + ")");
    }
    if (sizes.minRingSize == 0 || sizes.maxRingSize > kEnvoyRingSizeLimit) {
        throw InputError("tokens.minRingSize",
                         "ring sizes must be between 1 and " + std::to_string(kEnvoyRingSizeLimit));
    }
    if (normalizedWeights.size() != ids.size() ||
        !(std::isfinite(minNormalizedWeight) && minNormalizedWeight > 0)) {
        throw InputError("nodes", "every node needs a normalised weight above 0");
    }
    EnvoyRingBuild out;
    out.hashesPerNode.assign(ids.size(), 0);
    if (ids.empty()) {
        return out;
    }
    out.scale = std::min(std::ceil(minNormalizedWeight * static_cast<double>(sizes.minRingSize)) /
                             minNormalizedWeight,
                         static_cast<double>(sizes.maxRingSize));
    out.ringSize = static_cast<uint64_t>(std::ceil(out.scale));
    out.tokens.reserve(out.ringSize);

    std::string key;
    double current = 0.0;
    double target = 0.0;
    for (size_t n = 0; n < ids.size(); ++n) {
        key.assign(ids[n]);
        key.push_back('_');
        const size_t prefix = key.size();
        // Envoy's running sums: the node's tokens are those that bring current up to target.
        target += out.scale * normalizedWeights[n];
        uint64_t i = 0;
        while (current < target) {
            key.resize(prefix);
            key += std::to_string(i);
            out.tokens.push_back({xxh64(key), static_cast<uint32_t>(n)});
            ++i;
            ++current;
        }
        out.hashesPerNode[n] = i;
    }
    return out;
}

EnvoyRingBuild envoyRingTokens(std::span<const std::string> ids, std::span<const double> weights,
                               EnvoyRingSizes sizes) {
    const EnvoyNormalizedWeights normalized = envoyNormalizeWeights(ids, weights);
    return envoyRingTokensNormalized(ids, normalized.weights, normalized.min, sizes);
}

Ring envoyRing(const EnvoyRingBuild& build) {
    return Ring(0, build.tokens);
}

}  // namespace ringscope
