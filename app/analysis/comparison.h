#pragma once
// The comparison: every compared placement over the same keys, before and after the last change.

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "comparedalgorithm.h"
#include "ringscope/diff.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"
#include "ringscope/stats.h"

namespace ringscope {

// The core's work units (work.h) above which the comparison samples the first keys: about three
// seconds on one core (an HRW digest, about 1 us, weighs 20), what 400,000 keys x nodes cost when
// four HRW variants run before and after a change.
inline constexpr uint64_t kComparisonWork = 64'000'000;

struct ComparisonInput {
    Scenario before;  // the baseline
    Scenario after;   // the current scenario
    std::shared_ptr<const KeySet> keys;
    std::vector<ComparedAlgorithm> algorithms = comparedAlgorithms();
    uint64_t maxWork = kComparisonWork;  // in work units
};

struct AlgorithmResult {
    Algorithm algorithm = Algorithm::Ring;
    std::optional<uint32_t> boundedLoadPercent;  // the bounded variant's factor percent
    QString error;  // non-empty: this placement cannot run on the scenario (whyNotCompared, or
                    // the core's message)
    std::vector<std::string> nodeIds;  // after the change, in the order of stats.nodes
    Stats stats;                       // after the change
    std::optional<DiffResult> diff;    // before -> after, when there is a change to compare
    size_t movedToNew = 0;             // moved keys whose new owner was added by the change
    size_t movedFromGone = 0;          // moved keys whose old owner was removed by the change
    ComparedAlgorithm compared() const { return {algorithm, boundedLoadPercent}; }
};

struct ComparisonResult {
    size_t keysUsed = 0;
    size_t keysTotal = 0;
    bool sampled() const { return keysUsed < keysTotal; }
    QString change;  // describeChange(before, after)
    std::vector<AlgorithmResult> algorithms;
    // The result of an algorithm (its plain variant unless a bounded one is asked for).
    const AlgorithmResult* find(const ComparedAlgorithm& compared) const;
};

// Whether the comparison places the keys before the change as well: there is a change, over the
// same keys.
bool comparesChange(const ComparisonInput& input);
// What comparing the first `keys` keys costs in the core's work units (workUnits, work.h): each
// compared placement that can run, after the change and, when comparesChange, before it. The one
// cost model the comparison samples by: it takes as many keys as keep this within maxWork.
uint64_t comparisonWork(const ComparisonInput& input, uint64_t keys);

// Places the keys by each algorithm before and after: O(K·N) digests for the HRW variants,
// O(K log K) for the rest (keys are hashed once per key hashing: Redis Cluster's slots differ).
// Pure; runs on a worker thread.
ComparisonResult compareAlgorithms(const ComparisonInput& input);

}  // namespace ringscope
