#pragma once
// Comparing two placements over one key set (SPEC §2 "Diff").

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ringscope/assign.h"
#include "ringscope/failover.h"
#include "ringscope/keychange.h"

namespace ringscope {

struct DiffResult {
    size_t keys = 0;
    size_t primaryMoved = 0;  // keys whose primary owner changed
    size_t replicaOnly = 0;   // keys whose replica set changed, primary unchanged
    uint64_t bytesMoved = 0;  // bytes of the keys whose primary moved
    uint64_t totalBytes = 0;
    bool bytesSaturated = false;  // a byte total reached 2^64 - 1 and stopped there (no wrap)
    // The same two totals in floating point, which never stop: the share of bytes moved stays
    // right when the exact totals saturated (half the keys moved is 50%, not 100%).
    double bytesMovedApprox = 0;
    double totalBytesApprox = 0;
    double requestsMoved = 0;
    double idealFraction = 0;        // what an ideal scheme would move for this membership change
    std::vector<size_t> changed;     // key indices whose owner list changed (even only its order)
    std::vector<KeyChange> changes;  // per entry of `changed`, what changed
    // When either side has down nodes: what going down or coming back up did (failover.h).
    bool hasDown = false;
    FailoverCounts failover;
    double movedFraction() const { return keys ? double(primaryMoved) / double(keys) : 0.0; }
    double bytesMovedFraction() const {
        return totalBytesApprox > 0 ? bytesMovedApprox / totalBytesApprox : 0.0;
    }

    // Counts one key: its owners before (x) and after (y, in x's numbering), its bytes and
    // requests, and with `down` its failover. Returns the change when the owner list changed (if
    // only its order), else nullopt; does not record the key in `changed` (the caller does, or
    // streams it out).
    std::optional<KeyChange> count(std::span<const uint32_t> x, std::span<const uint32_t> y,
                                   uint64_t bytes, double requests,
                                   const DownSides* down = nullptr);
    // Adds the counts of another part of the same key set (not its `changed` keys).
    void addCounts(const DiffResult& part);
};

// The down nodes of both sides when either has any (diff counts the failover then), else
// nullopt. `afterToBefore` is nodeRenumbering(after, before).
std::optional<DownSides> downSidesOf(const Placement& before, const Placement& after,
                                     std::span<const uint32_t> afterToBefore);

// Owners are compared by node id, so the two placements may list nodes differently — or, for a
// rename (NodeMatch::ByIndex, see nodeMatch), by their place.
DiffResult diff(const Placement& before, const Assignment& a, const Placement& after,
                const Assignment& b, const KeySet& keys, NodeMatch match = NodeMatch::ById);

// The share of keys a perfectly balanced scheme must move: the total-variation distance between
// the target shares before and after (Placement::targetShares; adding one of N+1 equal nodes:
// 1/(N+1); removing one of N: 1/N; a weight change: the share it shifts; a Redis reshard: the
// slots it moves).
// Nodes are matched as nodeRenumbering matches them: a rename moves nothing ideally.
double idealMovedFraction(const Placement& before, const Placement& after,
                          NodeMatch match = NodeMatch::ById);

// "A,B" — a key's owner ids, comma separated ("-" for an index past the nodes).
std::string ownerList(const Placement& placement, std::span<const uint32_t> owners);
void appendOwnerList(std::string& out, const Placement& placement,
                     std::span<const uint32_t> owners);

}  // namespace ringscope
