#pragma once
// Is the hash good for these keys? (SPEC §2 "Stats")

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ringscope/stats.h"

namespace ringscope {

// Is the hash good for these keys? Pearson's chi-square test of how the keys fell on the nodes
// against where a hash that spreads them at random would put them: each node's expected share is
// its part of the space (Placement::spaceShares: a ring's arcs, down nodes' served by the next
// live ones, Maglev's table entries; so a ring with few points is not blamed on the hash) or
// else the placement's target share (weights; Redis: slots). Nodes that should get nothing are
// left out. How the structure itself shares the space against the target shares is
// structureBalance(), a separate verdict.
struct ChiSquare {
    double statistic = 0;
    uint32_t degreesOfFreedom = 0;  // the nodes with a share, minus one
    double pValue = 1;              // P(X >= statistic) for X ~ chi-square(degreesOfFreedom)
    double leastExpected = 0;  // the fewest keys a node should get: below 5 the test says little
    // The shares tested against: the structure's (SpaceShares::what, "the arcs") or, empty,
    // the target shares.
    std::string_view against;
    std::string_view againstKey;  // "arcs", "tableEntries"; empty: "targetShares"
    // No test: the structure decides the shares and no exact share is known
    // (Placement::hashAloneGivesTargetShares), so an uneven spread cannot be laid on the hash.
    bool untested = false;
    bool clustered() const;  // pValue below kClusteredPValue
};

// How a placement's structure shares the space against the target shares (w/Σw, Redis' slots):
// each node's space share over its target share, the largest and the smallest, before any key
// is placed. Set only for placements with space shares (a ring, Maglev).
struct StructureBalance {
    std::string_view what;  // "the arcs"
    double maxOverTarget = 0;
    double minOverTarget = 0;
    uint32_t maxNode = 0;
    uint32_t minNode = 0;
};
std::optional<StructureBalance> structureBalance(const Placement& placement);
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
