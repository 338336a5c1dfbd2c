#pragma once
// A scenario's placement with its keys assigned, and the key samples the analyses count over.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

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

// What adding or removing one node moves, against `placed` (the scenario's placement of `keys`):
// the keys whose primary changed, those of them that did not go to the node added or did not
// come from the node removed (none, for a consistent scheme), and the share an ideal scheme
// moves (idealMovedFraction). The what-ifs of the JumpBack, multi-probe and in-place views and
// the verdict's.
struct NodeMoves {
    size_t moved = 0;
    size_t movedElsewhere = 0;
    double ideal = 0;
    // The node added (after the others, or in the bucket removed last: edits::addNode) or removed,
    // its index in the scenario that has it, and its id.
    size_t node = 0;
    std::string id;
};
// Adding a node like its neighbours (edits::suggestedNode) as the window adds it (edits::addNode).
// Throws InputError when it cannot be added (a full AnchorHash table). O(build + K log T).
NodeMoves nodeAddedMoves(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed,
                         const Placed& placed);
// Removing node `node` as the window removes it (edits::removeNode: erased, or its bucket removed
// in place). Throws InputError when it cannot go (a Redis master that owns slots, the last node).
NodeMoves nodeRemovedMoves(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed,
                           const Placed& placed, size_t node);
// nodeAddedMoves, or nullopt when the scenario holds `maxNodes` nodes already (the node limit) or
// its algorithm has no room for one.
std::optional<NodeMoves> addedNodeMoves(const Scenario& scenario, const KeySet& keys,
                                        const HashedKeys& hashed, const Placed& placed,
                                        uint64_t maxNodes);

// The keys hashed once per key hashing (keyHashingOf): placements that hash alike share them.
class HashingsOf {
public:
    explicit HashingsOf(const KeySet& keys) : m_keys(keys) {}
    const HashedKeys& operator()(const Scenario& scenario);

private:
    const KeySet& m_keys;
    std::vector<std::pair<KeyHashing, std::unique_ptr<const HashedKeys>>> m_hashed;
};

// The keys an analysis takes so that `work(keys)` work units, linear in the keys, stay within
// `maxWork` (the comparison's and the verdict's sampling): at least one, at most `total`.
size_t keysWithinWork(const std::function<uint64_t(uint64_t keys)>& work, uint64_t maxWork,
                      size_t total);

// The nodes a what-if removes: the last node up, and the up node nearest the middle of the list
// other than it (with three nodes up or more), among the nodes not removed in place. A down
// node's keys have gone on to others already: removing it tells nothing of the algorithm.
struct NodePicks {
    std::optional<size_t> last;
    std::optional<size_t> middle;
};
NodePicks upNodePicks(const Scenario& scenario);

// Under a bucket scheme (nodes as buckets in order), the node that serves bucket `bucket`'s keys
// while its node is down: the next live bucket's (detail::followingBuckets); nullopt while it is
// up or when every node is down. O(N).
std::optional<size_t> servingBucket(const Scenario& scenario, size_t bucket);

// The first `count` keys of a key set, with their sizes and requests. O(count).
KeySet firstKeys(const KeySet& keys, size_t count);
// The analyses' one key sample: the key set itself when it has at most `cap` keys, else its
// first `cap` keys (each view says "counted over the first N of M keys").
std::shared_ptr<const KeySet> sampleKeys(const std::shared_ptr<const KeySet>& keys, size_t cap);

}  // namespace ringscope
