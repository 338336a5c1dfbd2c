#pragma once
// What jump hash does when a node joins or leaves: the bucket tables under both repairs of a
// removal (renumbering, moving the last node into the gap) and the keys each moves.

#include <cstdint>
#include <vector>

#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Keys used to count what a change moves (jump itself is cheap; hashing is not free).
inline constexpr size_t kJumpSampleKeys = 100'000;

struct JumpRemovalResult {
    size_t bucket = 0;
    std::vector<uint32_t> renumber;  // bucket -> node (old node indices)
    std::vector<uint32_t> moveLast;
    size_t keys = 0;
    size_t movedRenumber = 0;  // the core's diff, primaries
    size_t movedMoveLast = 0;
    double ideal = 0;
};

struct JumpAdditionResult {
    size_t bucket = 0;             // the new node's bucket after the change
    std::vector<uint32_t> before;  // bucket -> node before, in the numbering of `after`
    size_t keys = 0;
    size_t moved = 0;  // the core's diff, primaries
    double ideal = 0;
};

// The scenario placed by jump with its bucket table (jumpTable) written out. O(N).
Scenario asJump(const Scenario& scenario);
// Removes the node in `bucket` both ways (withoutNode) and counts the moved keys with the core.
// An empty result (keys 0) when the table has no such bucket or a single one. O(K log N).
JumpRemovalResult jumpRemoval(const Scenario& scenario, const KeySet& keys, size_t bucket);
// `before` -> `after`, which adds node `node`, both placed by jump: the keys the new bucket
// takes, counted with the core. O(K log N).
JumpAdditionResult jumpAddition(const Scenario& before, const Scenario& after, size_t node,
                                const KeySet& keys);

}  // namespace ringscope
