#pragma once
// What the views of the algorithms that remove buckets in place (AnchorHash, MementoHash, DxHash;
// removedbuckets.h) explain beside the selected key's path: removing a node in the middle moves
// only its keys, adding a node back into its bucket brings every one of them home, and a new node
// takes keys only for itself — counted with the core, as the window's edits make the changes.

#include <cstdint>
#include <optional>
#include <string>

#include "placed.h"
#include "ringscope/keyset.h"
#include "ringscope/registry.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Keys used to count what a change moves.
inline constexpr size_t kRemovedBucketsSampleKeys = 100'000;

struct RemovedBucketsWhatIf {
    size_t nodes = 0;    // N: nodes (= buckets) in the scenario, removed ones too
    size_t working = 0;  // of them not removed
    size_t keys = 0;
    // Removing the working node up nearest the middle other than the last (upNodePicks: with
    // three nodes up or more), as Which algorithm? removes it.
    struct Middle {
        size_t node = 0;
        std::string id;
        size_t had = 0;          // keys it held
        size_t moved = 0;        // keys whose node changed
        size_t fromOthers = 0;   // of them, keys that were not on the removed node
        double ideal = 0;        // 1/W
        size_t backDiffers = 0;  // keys on another node once a node is added back into its bucket
    };
    std::optional<Middle> middle;
    // Adding a node (not counted at the node limit or with a full table; addedNodeMoves).
    std::optional<NodeMoves> add;
};

// Both what-ifs over `keys` for the scenario placed by `algorithm`, refused (InputError) when
// placing the keys under it would pass `limits` (a DxHash capacity far above its nodes).
// O(K · lookup).
RemovedBucketsWhatIf removedBucketsWhatIf(const Scenario& scenario, Algorithm algorithm,
                                          const KeySet& keys, const Limits& limits);

}  // namespace ringscope
