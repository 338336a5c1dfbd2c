#include "multiprobeanalysis.h"

#include <algorithm>

#include "multiprobeplacement.h"
#include "placed.h"
#include "ringscope/diff.h"

namespace ringscope {

namespace {

// The most keys on a live node over the mean of the live nodes. O(K).
double peakToMean(const Scenario& s, const Assignment& a, size_t keys) {
    std::vector<size_t> load(s.nodes.size());
    size_t live = 0;
    for (const NodeSpec& n : s.nodes) {
        live += n.down ? 0 : 1;
    }
    for (size_t k = 0; k < keys; ++k) {
        ++load[a.primary(k)];
    }
    if (live == 0 || keys == 0) {
        return 0;
    }
    return double(*std::max_element(load.begin(), load.end())) / (double(keys) / double(live));
}

}  // namespace

Scenario asMultiProbe(const Scenario& scenario) {
    return asAlgorithm(scenario, Algorithm::MultiProbe);
}

MultiProbeWhatIf multiProbeWhatIf(const Scenario& scenario, const KeySet& keys,
                                  std::optional<size_t> removed, uint64_t maxNodes) {
    MultiProbeWhatIf w;
    const Scenario now = asMultiProbe(scenario);
    w.nodes = now.nodes.size();
    w.keys = keys.size();
    if (now.nodes.empty()) {
        return w;
    }
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(now));
    const Placed placed = placeKeys(now, keys, hashed);
    w.peakToMean = peakToMean(now, placed.assignment, keys.size());
    Scenario single = now;
    single.params.edit<MultiProbeParams>().probes = 1;
    w.onePeakToMean = peakToMean(single, placeKeys(single, keys, hashed).assignment, keys.size());

    // Removing a node leaves enough nodes up for the replicas (else it is refused).
    const auto othersUp = [&](size_t node) {
        int64_t up = 0;
        for (size_t n = 0; n < now.nodes.size(); ++n) {
            up += n != node && !now.nodes[n].down ? 1 : 0;
        }
        return up >= std::max<int64_t>(1, now.replicas);
    };
    if (removed && *removed < now.nodes.size() && othersUp(*removed)) {
        w.removed = removed;
        w.removedId = now.nodes[*removed].id;
        Scenario fewer = now;
        fewer.nodes.erase(fewer.nodes.begin() + long(*removed));
        const Placed then = placeKeys(fewer, keys, hashed);
        const DiffResult d =
            diff(placed.placement, placed.assignment, then.placement, then.assignment, keys);
        w.removeMoved = d.primaryMoved;
        w.removeIdeal = d.idealFraction;
        for (size_t k = 0; k < keys.size(); ++k) {
            const uint32_t was = placed.assignment.primary(k);
            const uint32_t is = then.assignment.primary(k);
            const uint32_t isBefore = is >= *removed ? is + 1 : is;  // in the old numbering
            w.removeMovedOthers += was != isBefore && was != *removed ? 1 : 0;
        }
    }

    w.add = addedNodeMoves(now, keys, hashed, placed, maxNodes);
    return w;
}

}  // namespace ringscope
