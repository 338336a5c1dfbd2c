#include "ringscope/envoy_weights.h"

#include <algorithm>
#include <cmath>

#include "ringscope/error.h"
#include "ringscope/profile_nodes.h"

namespace ringscope {

EnvoyNormalizedWeights envoyNormalizeWeights(std::span<const std::string> ids,
                                             std::span<const double> weights) {
    if (ids.empty()) {
        throw InputError("nodes", "the node list is empty; add at least one node");
    }
    if (weights.size() != ids.size()) {
        throw InputError("nodes", "every node needs one weight");
    }
    double sum = 0;
    for (size_t n = 0; n < ids.size(); ++n) {
        if (ids[n].empty()) {
            throw InputError(detail::profileNodeWhere(ids, n) + ".id", "the node id is empty");
        }
        if (!(std::isfinite(weights[n]) && weights[n] > 0)) {
            throw InputError(detail::profileNodeWhere(ids, n) + ".weight",
                             "the weight must be a finite number above 0");
        }
        sum += weights[n];
    }
    if (!std::isfinite(sum)) {
        throw InputError("nodes", "the weights add up to more than a double can hold");
    }
    EnvoyNormalizedWeights out;
    out.weights.reserve(weights.size());
    for (const double w : weights) {
        const double normalized = w / sum;
        out.weights.push_back(normalized);
        out.min = std::min(out.min, normalized);
        out.max = std::max(out.max, normalized);
    }
    return out;
}

}  // namespace ringscope
