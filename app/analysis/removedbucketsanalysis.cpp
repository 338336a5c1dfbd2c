#include "removedbucketsanalysis.h"

#include <vector>

#include "nodenames.h"
#include "placed.h"
#include "ringscope/diff.h"
#include "ringscope/removedbuckets.h"
#include "ringscope/work.h"
#include "scenarioedits.h"

namespace ringscope {

RemovedBucketsWhatIf removedBucketsWhatIf(const Scenario& scenario, Algorithm algorithm,
                                          const KeySet& keys, const Limits& limits) {
    RemovedBucketsWhatIf w;
    const Scenario now = asAlgorithm(scenario, algorithm);
    checkPlacementWork(now, limits);
    checkKeyWork(now, keyVolume(keys.names), limits);
    const uint64_t maxNodes = limits[Limit::Nodes];
    const AlgorithmModule& module = moduleOf(algorithm);
    const std::span<const uint32_t> order = module.removedInPlace(now);
    w.nodes = now.nodes.size();
    w.working = w.nodes - order.size();
    w.keys = keys.size();
    if (now.nodes.empty()) {
        return w;
    }
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(now));
    const Placed placed = placeKeys(now, keys, hashed);
    w.add = addedNodeMoves(now, keys, hashed, placed, maxNodes);

    // The node removed is the verdict's middle one (upNodePicks): the working node up nearest
    // the middle of the list other than the last, with three nodes up or more.
    const std::optional<size_t> middle = upNodePicks(now).middle;
    if (!middle) {
        return w;
    }
    Scenario shrunk = now;
    module.removeInPlace(shrunk, *middle);
    const Placed fewer = placeKeys(shrunk, keys, hashed);
    RemovedBucketsWhatIf::Middle m;
    m.node = *middle;
    m.id = now.nodes[*middle].id;
    const DiffResult d =
        diff(placed.placement, placed.assignment, fewer.placement, fewer.assignment, keys);
    m.moved = d.primaryMoved;
    m.ideal = d.idealFraction;
    for (size_t k = 0; k < keys.size(); ++k) {
        const uint32_t was = placed.assignment.primary(k);
        m.had += was == *middle ? 1 : 0;
        m.fromOthers += was != *middle && was != fewer.assignment.primary(k) ? 1 : 0;
    }
    // A node added back takes the bucket removed last: this one.
    Scenario back = shrunk;
    NodeSpec node;
    node.id = nextNodeId(shrunk);
    edits::addNode(back, node);
    const Placed again = placeKeys(back, keys, hashed);
    for (size_t k = 0; k < keys.size(); ++k) {
        m.backDiffers += again.assignment.primary(k) != placed.assignment.primary(k) ? 1 : 0;
    }
    w.middle = m;
    return w;
}

}  // namespace ringscope
