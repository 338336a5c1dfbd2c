#pragma once
// The placements the comparison sets side by side, and the one table of their labels.

#include <QString>

#include <optional>
#include <vector>

#include "ringscope/registry.h"
#include "ringscope/scenario.h"

namespace ringscope {

// One compared placement: an algorithm, plain or with bounded loads (ring and Maglev).
struct ComparedAlgorithm {
    // Implicit on purpose: a plain algorithm is written as itself in lists of these.
    constexpr ComparedAlgorithm(Algorithm a, std::optional<uint32_t> bounded = std::nullopt)
        : algorithm(a), boundedLoadPercent(bounded) {}
    Algorithm algorithm;
    std::optional<uint32_t> boundedLoadPercent;
    bool operator==(const ComparedAlgorithm&) const = default;
};

// Envoy's and HAProxy's usual balance factor, 1.25, for the bounded variant.
inline constexpr uint32_t kComparedBalanceFactorPercent = 125;

// The algorithms the comparison places, in registry order: those whose traits say so, and a
// bounded variant (kComparedBalanceFactorPercent) after those that offer one.
const std::vector<ComparedAlgorithm>& comparedAlgorithms();

// "Ring", "HRW", "Weighted HRW", "HRW score/w", "HRW score·w", "Jump", "mod-N", "Maglev": the
// module's label, in the user's language.
QString algorithmLabel(Algorithm algorithm);
// The same, with "bounded 1.25" after a bounded variant.
QString algorithmLabel(const ComparedAlgorithm& compared);
// Short enough for a chart's category axis: "Bounded Maglev" (the table beside it gives the
// factor).
QString algorithmChartLabel(const ComparedAlgorithm& compared);

// Why `compared` cannot place the keys of `scenario`, in the user's language ("bounded loads do
// not model a down node"), or empty when it can. The comparison's one rule for an algorithm it
// leaves out; the core's own message stands in for anything this does not foresee.
QString whyNotCompared(const ComparedAlgorithm& compared, const Scenario& scenario);

// The scenario as a compared placement places it (asAlgorithm, scenario.h), with its own
// bounded loads or none.
Scenario asAlgorithm(const Scenario& scenario, const ComparedAlgorithm& compared);

}  // namespace ringscope
