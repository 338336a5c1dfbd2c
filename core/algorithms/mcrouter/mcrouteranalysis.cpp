#include "mcrouteranalysis.h"

#include <algorithm>

#include "mcrouterplacement.h"

namespace ringscope {

Scenario asMcrouter(const Scenario& scenario) {
    return asAlgorithm(scenario, Algorithm::Mcrouter);
}

McrouterWhatIf mcrouterWhatIf(const Scenario& scenario, const KeySet& keys, uint64_t maxNodes) {
    McrouterWhatIf w;
    const Scenario now = asMcrouter(scenario);
    w.nodes = now.nodes.size();
    w.keys = keys.size();
    w.hashFunc = now.params.get<McrouterParams>().hashFunc;
    if (now.nodes.empty()) {
        return w;
    }
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(now));
    const Placed placed = placeKeys(now, keys, hashed);
    w.add = addedNodeMoves(now, keys, hashed, placed, maxNodes);

    // A server may go while enough others stay up for the replicas.
    const auto canGo = [&](size_t node) {
        int64_t othersUp = 0;
        for (size_t n = 0; n < now.nodes.size(); ++n) {
            othersUp += n != node && !now.nodes[n].down ? 1 : 0;
        }
        return othersUp >= std::max<int64_t>(1, now.replicas);
    };
    const size_t last = now.nodes.size() - 1;
    if (canGo(last)) {
        w.removeLast = nodeRemovedMoves(now, keys, hashed, placed, last);
    }
    const size_t middle = now.nodes.size() / 2;
    if (middle < last && canGo(middle)) {
        w.removeMiddle = nodeRemovedMoves(now, keys, hashed, placed, middle);
    }
    return w;
}

}  // namespace ringscope
