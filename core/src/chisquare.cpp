#include "ringscope/chisquare.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "ringscope/placement.h"
#include "ringscope/ring.h"

namespace ringscope {

bool ChiSquare::clustered() const {
    return degreesOfFreedom > 0 && pValue < kClusteredPValue;
}

double chiSquareUpperTail(double x, double df) {
    if (!(x > 0) || !(df > 0)) {
        return 1.0;
    }
    const double a = df / 2, z = x / 2;
    const double logPrefix = a * std::log(z) - z - std::lgamma(a);
    constexpr int kSteps = 500;
    constexpr double kEpsilon = 1e-15;
    if (z < a + 1) {  // the series of the lower gamma P(a, z); Q = 1 - P
        double term = 1.0 / a, sum = term;
        for (int n = 1; n < kSteps && std::abs(term) > std::abs(sum) * kEpsilon; ++n) {
            term *= z / (a + n);
            sum += term;
        }
        return std::clamp(1.0 - sum * std::exp(logPrefix), 0.0, 1.0);
    }
    // The continued fraction of Q(a, z), by the modified Lentz method.
    constexpr double kTiny = 1e-300;
    double b = z + 1 - a, c = 1 / kTiny, d = 1 / b, h = d;
    for (int n = 1; n < kSteps; ++n) {
        const double an = -n * (n - a);
        b += 2;
        d = an * d + b;
        d = std::abs(d) < kTiny ? kTiny : d;
        c = b + an / c;
        c = std::abs(c) < kTiny ? kTiny : c;
        d = 1 / d;
        const double step = d * c;
        h *= step;
        if (std::abs(step - 1) < kEpsilon) {
            break;
        }
    }
    return std::clamp(std::exp(logPrefix) * h, 0.0, 1.0);
}

ChiSquare chiSquareTest(std::span<const uint64_t> keys, std::span<const double> shares,
                        uint64_t total) {
    ChiSquare out;
    uint32_t used = 0;
    out.leastExpected = std::numeric_limits<double>::infinity();
    for (size_t n = 0; n < keys.size() && n < shares.size(); ++n) {
        if (!(shares[n] > 0)) {
            continue;
        }
        const double expected = shares[n] * double(total);
        const double gap = double(keys[n]) - expected;
        out.statistic += gap * gap / expected;
        out.leastExpected = std::min(out.leastExpected, expected);
        ++used;
    }
    if (used < 2 || total == 0) {
        return ChiSquare{};
    }
    out.degreesOfFreedom = used - 1;
    out.pValue = chiSquareUpperTail(out.statistic, double(out.degreesOfFreedom));
    return out;
}

ChiSquare chiSquareOf(const Placement& placement, const Stats& stats) {
    std::optional<SpaceShares> arcs = placement.spaceShares();
    if (!arcs && !placement.hashAloneGivesTargetShares()) {
        ChiSquare untested;
        untested.untested = true;
        return untested;
    }
    const std::vector<double> shares = arcs ? std::move(arcs->shares) : placement.targetShares();
    std::vector<uint64_t> keys;
    uint64_t total = 0;
    for (const NodeLoad& load : stats.nodes) {
        keys.push_back(load.keys);
        total += load.keys;
    }
    ChiSquare out = chiSquareTest(keys, shares, total);
    if (arcs) {
        out.against = arcs->what;
        out.againstKey = arcs->key;
    }
    return out;
}

std::optional<StructureBalance> structureBalance(const Placement& placement) {
    const std::optional<SpaceShares> space = placement.spaceShares();
    if (!space) {
        return std::nullopt;
    }
    const std::vector<double> target = placement.targetShares();
    std::optional<StructureBalance> out;
    for (uint32_t n = 0; n < target.size() && n < space->shares.size(); ++n) {
        if (!(target[n] > 0)) {
            continue;
        }
        const double ratio = space->shares[n] / target[n];
        if (!out) {
            out = StructureBalance{space->what, ratio, ratio, n, n};
        } else if (ratio > out->maxOverTarget) {
            out->maxOverTarget = ratio;
            out->maxNode = n;
        } else if (ratio < out->minOverTarget) {
            out->minOverTarget = ratio;
            out->minNode = n;
        }
    }
    return out;
}

}  // namespace ringscope
