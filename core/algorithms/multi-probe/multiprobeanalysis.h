#pragma once
// What the multi-probe view explains beside the selected key's probes: the balance one point a
// node reaches with the scenario's probes and with a single probe, and what removing the key's
// node and adding a node would move, counted with the core.

#include <cstdint>
#include <optional>
#include <string>

#include "placed.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Keys used to count.
inline constexpr size_t kMultiProbeSampleKeys = 100'000;

struct MultiProbeWhatIf {
    size_t nodes = 0;
    size_t keys = 0;
    double peakToMean = 0;     // the most keys on a live node / the mean, with the probes
    double onePeakToMean = 0;  // the same with a single probe (a ring of one point a node)
    // Removing node `removed`: the keys that move, those of them that were not its (none for
    // a consistent hash), the ideal share.
    std::optional<size_t> removed;
    std::string removedId;  // its id, as the scenario counted had it
    size_t removeMoved = 0;
    size_t removeMovedOthers = 0;
    double removeIdeal = 0;
    // Adding a node (not counted at the node limit; addedNodeMoves, placed.h).
    std::optional<NodeMoves> add;
};

// The scenario placed by multi-probe with its own parameters. O(N).
Scenario asMultiProbe(const Scenario& scenario);
// Balance, removing `removed` (when set and some other node is up) and adding a node (below
// `maxNodes`), over `keys`. O(K · probes · log N). Throws InputError.
MultiProbeWhatIf multiProbeWhatIf(const Scenario& scenario, const KeySet& keys,
                                  std::optional<size_t> removed, uint64_t maxNodes);

}  // namespace ringscope
