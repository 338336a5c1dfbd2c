#pragma once
// Is the hash good for these keys? (SPEC §2 "Stats")

#include <cstdint>
#include <span>

#include "ringscope/stats.h"

namespace ringscope {

// Is the hash good for these keys? Pearson's chi-square test of how the keys fell on the nodes
// against where a hash that spreads them at random would put them: each node's expected share is
// its part of the space (a ring that owns by position: its arcs, so a ring with few vnodes is not
// blamed on the hash) or else the placement's target share (weights; Redis: slots). Nodes that
// should get nothing are left out.
struct ChiSquare {
    double statistic = 0;
    uint32_t degreesOfFreedom = 0;  // the nodes with a share, minus one
    double pValue = 1;              // P(X >= statistic) for X ~ chi-square(degreesOfFreedom)
    double leastExpected = 0;  // the fewest keys a node should get: below 5 the test says little
    bool againstArcs = false;  // the shares are a ring's arcs (else its target shares)
    bool clustered() const;    // pValue below kClusteredPValue
};
// Below this p-value the keys are flagged as clustered: a spread this uneven happens to a random
// hash once in a thousand key sets.
inline constexpr double kClusteredPValue = 1e-3;

// `keys` per node against `shares` (summing to 1) of `total` keys. O(N).
ChiSquare chiSquareTest(std::span<const uint64_t> keys, std::span<const double> shares,
                        uint64_t total);
// The test of a placement's key counts (stats.nodes[n].keys), with the shares described above.
ChiSquare chiSquareOf(const Placement& placement, const Stats& stats);
// P(X >= x) for X ~ chi-square(df): the regularized upper incomplete gamma Q(df/2, x/2), by its
// series below df/2 + 1 and its continued fraction above (relative error ~1e-14).
double chiSquareUpperTail(double x, double df);

}  // namespace ringscope
