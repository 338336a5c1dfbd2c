#pragma once
// Envoy's host weight normalisation, shared by its Maglev and ring hash load balancers:
// normalizeHostWeights() in source/common/upstream/thread_aware_lb_impl.cc (no locality
// weights): each host's weight w becomes w / Σw, and the smallest and largest of those are kept.
//
// Node ids are the exact strings Envoy hashes: the host address ("127.0.0.1:90") or, with
// use_hostname_for_hashing, the hostname.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ringscope {

struct EnvoyNormalizedWeights {
    std::vector<double> weights;  // w / Σw per node, in the given node order
    double min = 1.0;             // Envoy starts min at 1.0 and max at 0.0
    double max = 0.0;
};

// Normalises the weights as Envoy does: `weight / sum` in double, where Envoy's integer weights
// make the sum exact (integral weights below 2^53 reproduce Envoy bit for bit; fractional ones
// are summed in node order). Throws InputError ("nodes[i] (id)") for an empty id or a weight
// that is not a finite positive number, and ("nodes") for an empty node list. O(N).
EnvoyNormalizedWeights envoyNormalizeWeights(std::span<const std::string> ids,
                                             std::span<const double> weights);

}  // namespace ringscope
