#pragma once
// A scenario's placement with its keys assigned, and the key samples the analyses count over.

#include <memory>
#include <optional>

#include "ringscope/assign.h"
#include "ringscope/keyset.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct Placed {
    Placement placement;
    Assignment assignment;
};
// The core's placement of a scenario and its assignment of the keys. Throws InputError.
// O(build + K log T).
Placed placeKeys(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed);

// What adding one node (named as the scenario's series goes on, nextNodeId) as the window adds it
// (edits::addNode) moves, against `placed` (the scenario's placement of `keys`): the keys whose
// primary changed, those of them that did not go to the new node (none, for a consistent scheme),
// and the ideal share. The what-if of the JumpBack and multi-probe views.
struct AddedNodeMoves {
    size_t moved = 0;
    size_t movedElsewhere = 0;
    double ideal = 0;
    size_t node =
        0;  // where it went: after the others, or the bucket removed last (edits::addNode)
};
// nullopt when the scenario holds `maxNodes` nodes already (the node limit) or its algorithm has
// no room for one (a full AnchorHash table). O(build + K log T).
std::optional<AddedNodeMoves> addedNodeMoves(const Scenario& scenario, const KeySet& keys,
                                             const HashedKeys& hashed, const Placed& placed,
                                             uint64_t maxNodes);

// The first `count` keys of a key set, with their sizes and requests. O(count).
KeySet firstKeys(const KeySet& keys, size_t count);
// The analyses' one key sample: the key set itself when it has at most `cap` keys, else its
// first `cap` keys (each view says "counted over the first N of M keys").
std::shared_ptr<const KeySet> sampleKeys(const std::shared_ptr<const KeySet>& keys, size_t cap);

}  // namespace ringscope
