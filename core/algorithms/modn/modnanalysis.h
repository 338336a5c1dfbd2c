#pragma once
// What mod-N does when N changes: keys per bucket, the share of keys that change bucket, and a
// grid of the first keys with the ones that moved.

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "membershipchange.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Keys shown as grid cells, and keys used to count the moves.
inline constexpr size_t kModNGridKeys = 240;
inline constexpr size_t kModNSampleKeys = 200'000;

struct ModNExplanation {
    QStringList ids;                   // the buckets drawn: the current scenario's nodes
    std::vector<NodeSpec> nodes;       // the same nodes, for what draws them (their colours)
    std::vector<uint64_t> bucketKeys;  // keys per bucket (node), the core's stats
    size_t nodesBefore = 0;            // N before and after the change
    size_t nodesAfter = 0;
    QString ringed;  // what a ringed cell did: "changed bucket when C was removed (4 → 3)"
    size_t keys = 0;
    size_t moved = 0;  // the core's diff
    double ideal = 0;
    std::vector<uint32_t> gridBucket;  // first keys: bucket now
    std::vector<uint8_t> gridMoved;    // first keys: bucket changes
    std::optional<size_t> selected;    // grid cell of the selected key
};

// mod-N from `before` to `after`, via the core; the buckets and the grid are those of `after`
// when `showAfter` (a change that happened), else of `before` (a what-if from it).
ModNExplanation explainModNChange(const Scenario& before, const Scenario& after, bool showAfter,
                                  const KeySet& keys);
// The last change, `change`, from `before` to `after`, its moved cells described by it.
ModNExplanation explainModNChange(const Scenario& before, const Scenario& after,
                                  const MembershipChange& change, const KeySet& keys);
// The what-if from `scenario`: one node more (grow), or its last node less.
ModNExplanation explainModN(const Scenario& scenario, const KeySet& keys, bool grow);

}  // namespace ringscope
