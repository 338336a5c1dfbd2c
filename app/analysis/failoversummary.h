#pragma once
// What a change of down nodes did, as the window and the command line both report it: the nodes
// that went down and came back up, those down now, and the keys each live node took over, beside
// the core's counts (failover.h).

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ringscope/failover.h"
#include "ringscope/keychange.h"
#include "ringscope/placement.h"

namespace ringscope {

struct FailoverSummary {
    FailoverRule rule = FailoverRule::NextLive;  // the after side's
    NodeRole role = NodeRole::Store;             // the after side's: what a key without a copy is
    size_t keys = 0;
    size_t replicas = 1;                // the R the copies are restored to (the after side's)
    std::vector<std::string> wentDown;  // down after, not before, by id
    std::vector<std::string> cameUp;    // down before, not after
    std::vector<std::string> down;      // down after
    // The nodes that became primaries of keys whose primary went down, with how many, in the
    // numbering the counts were made in.
    std::vector<std::pair<std::string, uint64_t>> newPrimaries;
    FailoverCounts counts;
};

// The summary of `counts` over `keys` keys, made between `before` and `after` in the numbering
// whose ids are `ids` (commonNodeIds, keychange.h, for diff's; the after placement's own ids for
// the baseline tracker's). O(N²) over N nodes.
FailoverSummary summarizeFailover(const FailoverCounts& counts, std::span<const std::string> ids,
                                  const Placement& before, const Placement& after, size_t keys);

}  // namespace ringscope
