#include "jumpbackanalysis.h"

#include <algorithm>

#include "placed.h"
#include "ringscope/diff.h"

namespace ringscope {

Scenario asJumpBack(const Scenario& scenario) {
    return asAlgorithm(scenario, Algorithm::JumpBack);
}

JumpBackWhatIf jumpBackWhatIf(const Scenario& scenario, const KeySet& keys, uint64_t maxNodes) {
    JumpBackWhatIf w;
    const Scenario now = asJumpBack(scenario);
    w.nodes = now.nodes.size();
    w.keys = keys.size();
    if (now.nodes.empty()) {
        return w;
    }
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(now));
    const Placed placed = placeKeys(now, keys, hashed);

    w.add = addedNodeMoves(now, keys, hashed, placed, maxNodes);

    // Removing the last node leaves enough nodes up for the replicas (else it is refused).
    int64_t othersUp = 0;
    for (size_t n = 0; n + 1 < now.nodes.size(); ++n) {
        othersUp += now.nodes[n].down ? 0 : 1;
    }
    if (othersUp >= std::max<int64_t>(1, now.replicas)) {
        w.removeCounted = true;
        Scenario shrunk = now;
        shrunk.nodes.pop_back();
        const Placed fewer = placeKeys(shrunk, keys, hashed);
        const DiffResult remove =
            diff(placed.placement, placed.assignment, fewer.placement, fewer.assignment, keys);
        w.removeMoved = remove.primaryMoved;
        w.removeIdeal = remove.idealFraction;
    }
    return w;
}

}  // namespace ringscope
