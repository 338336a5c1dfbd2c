#pragma once
// Resharding a Redis Cluster scenario: moving slots from master to master, as
// `redis-cli --cluster reshard` does with CLUSTER SETSLOT … NODE. Each edit rewrites every node's
// "slots" as maximal ranges (a scenario that used redis-cli's default split gets it written out)
// and leaves the scenario unchanged when it throws. What moves is then diff()'s business: the
// keys and bytes whose slot changed owner.

#include <cstdint>
#include <span>
#include <vector>

#include "redis_cluster.h"
#include "ringscope/scenario.h"

namespace ringscope {

// The slots where a range of one node ends and a range of another begins: slot b with
// owner(b − 1 mod 16384) ≠ owner(b), ascending. Throws InputError for a scenario whose slots
// are not each owned exactly once. O(16384).
std::vector<uint32_t> slotBoundaries(const Scenario& scenario);

// Gives the slots range.first … range.last to node `to`. Throws InputError ("slots") for a range
// outside 0–16383 or running downwards, or an unknown node. O(16384).
void moveSlots(Scenario& scenario, SlotRange range, size_t to);

// What moving the boundary at slot `boundary` (one of `boundaries`) to slot `to` does, given
// every slot's owner: `count` slots from `first` on (going round past 16383) pass from node
// `from` to node `to`. Moving the boundary back gives [to, boundary) to the range that starts
// there; moving it on gives [boundary, to) to the range before it; count is 0 when to ==
// boundary. Throws InputError ("slots") unless `to` lies strictly between the neighbouring
// boundaries. O(boundaries).
struct SlotBoundaryMove {
    uint32_t first = 0;
    uint32_t count = 0;
    uint32_t from = 0;
    uint32_t to = 0;
    bool operator==(const SlotBoundaryMove&) const = default;
};
SlotBoundaryMove slotBoundaryMove(std::span<const uint32_t> owners,
                                  std::span<const uint32_t> boundaries, uint32_t boundary,
                                  uint32_t to);

// Moves the boundary at slot `boundary` (a slotBoundaries() entry) to slot `to`, which must lie
// strictly between the neighbouring boundaries: moving it back gives the slots [to, boundary) to
// the range that starts there; moving it on gives [boundary, to) to the range before it.
// Throws InputError ("slots") otherwise. O(16384).
void moveSlotBoundary(Scenario& scenario, uint32_t boundary, uint32_t to);

}  // namespace ringscope
