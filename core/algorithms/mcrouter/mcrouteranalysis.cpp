#include "mcrouteranalysis.h"

#include <algorithm>

#include "mcrouterplacement.h"
#include "ringscope/work.h"

namespace ringscope {

Scenario asMcrouter(const Scenario& scenario) {
    return asAlgorithm(scenario, Algorithm::Mcrouter);
}

McrouterWhatIf mcrouterWhatIf(const Scenario& scenario, const KeySet& keys, const Limits& limits) {
    McrouterWhatIf w;
    const Scenario now = asMcrouter(scenario);
    checkPlacementWork(now, limits);
    checkKeyWork(now, keyVolume(keys.names), limits);
    w.nodes = now.nodes.size();
    w.keys = keys.size();
    w.hashFunc = now.params.get<McrouterParams>().hashFunc;
    if (now.nodes.empty()) {
        return w;
    }
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(now));
    const Placed placed = placeKeys(now, keys, hashed);
    w.add = addedNodeMoves(now, keys, hashed, placed, limits[Limit::Nodes]);
    // The servers up that a what-if removes (a down one's keys have gone on already), while
    // enough others stay up for the replicas.
    size_t up = 0;
    for (const NodeSpec& node : now.nodes) {
        up += node.down ? 0 : 1;
    }
    if (up <= std::max<size_t>(1, static_cast<size_t>(now.replicas))) {
        return w;
    }
    const NodePicks picks = upNodePicks(now);
    if (picks.last) {
        w.removeLast = nodeRemovedMoves(now, keys, hashed, placed, *picks.last);
    }
    if (picks.middle) {
        w.removeMiddle = nodeRemovedMoves(now, keys, hashed, placed, *picks.middle);
    }
    return w;
}

}  // namespace ringscope
