#pragma once
// What JumpBack's view explains beside the selected key's walk: what adding a node (bucket N)
// and removing the last node (bucket N−1) would move under JumpBack, counted with the core.

#include <cstdint>
#include <optional>

#include "placed.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Keys used to count what a change moves.
inline constexpr size_t kJumpBackSampleKeys = 100'000;

struct JumpBackWhatIf {
    size_t nodes = 0;  // N: the buckets now
    size_t keys = 0;
    // Adding a node as bucket N (not counted at the node limit; addedNodeMoves, placed.h).
    std::optional<NodeMoves> add;
    // Removing the last node (when another is up): the keys that move, the ideal share 1/N.
    bool removeCounted = false;
    size_t removeMoved = 0;
    double removeIdeal = 0;
};

// The scenario placed by JumpBack: its nodes as buckets in order, its own "jumpback" parameters
// (the default PRNG when it has none). O(N).
Scenario asJumpBack(const Scenario& scenario);
// Both what-ifs over `keys` (adding only below `maxNodes`), with the core's placement and diff.
// O(K) draws. Throws InputError.
JumpBackWhatIf jumpBackWhatIf(const Scenario& scenario, const KeySet& keys, uint64_t maxNodes);

}  // namespace ringscope
