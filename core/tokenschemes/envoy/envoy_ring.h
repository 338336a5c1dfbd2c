#pragma once
// Envoy's ring hash load balancer, RingHashLoadBalancer::Ring in
// source/extensions/load_balancing_policies/ring_hash/ring_hash_lb.cc (the xxHash function,
// Envoy's default), with the weights of source/common/upstream/thread_aware_lb_impl.cc:
//
//   scale = min(ceil(min_w · minRingSize) / min_w, maxRingSize) over normalised weights w/Σw;
//   walking the nodes in the given (Envoy host) order, target += scale · w, and while
//   current < target the node gets token i at xxh64("{id}_{i}") (i = 0, 1, … per node);
//   a key with 64-bit hash h goes to the first token ≥ h, wrapping past the last one.
//
// The tokens go into the ordinary Ring (ring.h) with space 2^64; its successor() is the lookup
// Envoy ports from ketama_get_server. Tested against Envoy's
// test/extensions/load_balancing_policies/ring_hash/ring_hash_lb_test.cc (Basic,
// BasicWithHostname, UnevenHosts, HostWeightedTinyRing, HostWeightedLargeRing, the locality
// cases, SmallFractionalScale, LargeFractionalScale, BasicWithRetryHostPredicate) and its
// min > max error.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

inline constexpr uint64_t kEnvoyDefaultMinRingSize = 1024;             // DefaultMinRingSize
inline constexpr uint64_t kEnvoyDefaultMaxRingSize = 1024 * 1024 * 8;  // DefaultMaxRingSize
inline constexpr uint64_t kEnvoyRingSizeLimit = 8388608;  // ring_hash.proto: both sizes lte

// The envoy scheme's parameters (tokens.minRingSize, tokens.maxRingSize): Envoy's
// minimum_ring_size and maximum_ring_size.
struct EnvoyRingSizes {
    uint64_t minRingSize = kEnvoyDefaultMinRingSize;
    uint64_t maxRingSize = kEnvoyDefaultMaxRingSize;
    bool operator==(const EnvoyRingSizes&) const = default;
};

struct EnvoyRingBuild {
    std::vector<RingToken> tokens;        // in generation order (node order, then i)
    double scale = 0;                     // hashes per unit of normalised weight
    uint64_t ringSize = 0;                // ceil(scale): Envoy's ring_hash_lb.size gauge
    std::vector<uint64_t> hashesPerNode;  // tokens each node got
};

// The tokens of Envoy's ring for nodes with already normalised weights (Envoy's
// NormalizedHostWeightVector: w/Σw, or with locality weights w·lw/Σw) and their minimum, exactly
// as Ring::Ring computes them. Throws InputError ("tokens.minRingSize") when min > max, with
// Envoy's text, or when a size is 0 or above 8388608. O(T) hashes for T tokens.
EnvoyRingBuild envoyRingTokensNormalized(std::span<const std::string> ids,
                                         std::span<const double> normalizedWeights,
                                         double minNormalizedWeight, EnvoyRingSizes sizes = {});

// The same from raw weights (> 0), normalised as Envoy does. Throws InputError as above and as
// envoyNormalizeWeights does.
EnvoyRingBuild envoyRingTokens(std::span<const std::string> ids, std::span<const double> weights,
                               EnvoyRingSizes sizes = {});

// Envoy's ring as a Ring over 2^64 (equal positions keep generation order; Envoy's unstable
// std::sort leaves that order unspecified, which only matters for equal 64-bit hashes).
// O(T log T).
Ring envoyRing(const EnvoyRingBuild& build);

// Envoy's retry attempt on the ring (Ring::chooseHost(h, attempt)): the token `attempt` places
// clockwise past the key's token, which may be the same node again. O(1) expected.
inline uint32_t envoyRingRetry(const Ring& ring, uint64_t hash, uint64_t attempt) {
    return ring.node((ring.successor(hash) + attempt) % ring.size());
}

// Every token of a scenario's ring under the envoy scheme: the explicit ones, then Envoy's ring
// over the nodes without explicit tokens (in node order, with their weights and the scenario's
// ring sizes): xxh64("{node}_{i}") reduced to the space. Throws InputError as envoyRingTokens
// does.
std::vector<RingToken> envoyTokens(const Scenario& scenario);

}  // namespace ringscope
