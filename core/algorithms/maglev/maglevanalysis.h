#pragma once
// Maglev's lookup table for the scenario's nodes: the fill round by round (Eisenbud et al. 2016,
// Envoy's MaglevTable), each node's share, and what the last membership change moved.

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

#include "maglevplacement.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Keys used to count what a membership change moves (Maglev and the ring).
inline constexpr size_t kMaglevSampleKeys = 200'000;
// Playing the fill takes about this many timer ticks, whatever the number of rounds.
inline constexpr int kMaglevPlayTicks = 150;
inline constexpr int kMaglevPlayTickMs = 30;

// What one membership change moved under Maglev (entries and keys) and under the ring.
struct MaglevChange {
    QString change;                        // "added D", "removed B"
    std::optional<uint64_t> entriesMoved;  // nullopt when the table sizes differ
    std::vector<uint64_t> movedEntries;    // which, ascending
    uint64_t tableSize = 0;
    size_t keys = 0;
    size_t keysTotal = 0;
    size_t maglevMoved = 0;  // the core's diff, primaries
    size_t ringMoved = 0;
    double ideal = 0;
    QString error;  // a placement the core refused
};

struct MaglevExplanation {
    QStringList ids;              // by node, scenario order
    std::vector<NodeSpec> nodes;  // the same nodes, for what draws them (their colours)
    bool ownTable = false;        // the scenario is Maglev (else: its nodes under Maglev)
    QString algorithm;            // the scenario's algorithm, as the comparison labels it
    uint64_t tableSize = 0;
    std::vector<uint32_t> entries;      // the finished table: node per entry
    std::vector<MaglevFillStep> steps;  // the fill, in order
    std::vector<uint32_t> entryStep;    // per entry: the step that filled it
    std::vector<size_t> roundEnds;      // roundEnds[r − 1]: steps done after round r
    std::vector<uint32_t> fillOrder;    // nodes in the order each round visits them
    std::vector<MaglevPermutation> permutations;
    std::vector<uint64_t> entryCounts;   // the core's count per node
    std::vector<double> idealEntries;    // M·w/Σw
    std::optional<MaglevChange> change;  // the last membership change, if any
    QString error;                       // the core refused the table (e.g. not prime)

    size_t rounds() const { return roundEnds.size(); }
};

// The table Maglev builds for the scenario's nodes (its own when it is Maglev), its fill, and
// what the change from `baseline` moved (entries by maglevEntriesMoved, keys by the core's diff
// for Maglev and the ring over the keys). Pure; O(M log M + K).
MaglevExplanation explainMaglev(const Scenario& scenario, const Scenario& baseline,
                                const std::shared_ptr<const KeySet>& keys, size_t keysTotal);

// The fill steps and counts to show, worked out per shown round (tests compare them).
struct MaglevRoundView {
    size_t round = 0;  // 0: nothing filled yet
    size_t steps = 0;
    std::vector<uint64_t> entriesSoFar;  // per node
    std::vector<uint64_t> nextEntry;     // per node: offset + j·skip of its next try
};
MaglevRoundView maglevRound(const MaglevExplanation& explanation, size_t round);

}  // namespace ringscope
