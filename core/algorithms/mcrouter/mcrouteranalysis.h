#pragma once
// What the mcrouter view explains beside the selected key's route: what adding a server at the
// end of the pool, removing the last one and removing one in the middle would move under the
// scenario's hash function, counted with the core. The furc functions number the servers by
// their place in the children list, so a server taken from the middle renumbers those after it;
// the rendezvous functions score the servers by their tags and move only its keys.

#include <cstdint>
#include <optional>

#include "mcrouter.h"
#include "placed.h"
#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Keys used to count what a change moves.
inline constexpr size_t kMcrouterSampleKeys = 100'000;

struct McrouterWhatIf {
    size_t nodes = 0;
    size_t keys = 0;
    McrouterHashFunc hashFunc = McrouterHashFunc::Ch3;
    std::optional<NodeMoves> add;           // a server like its neighbours after the last
    std::optional<NodeMoves> removeLast;    // the last server up, while enough others stay up
    std::optional<NodeMoves> removeMiddle;  // the server up nearest the middle (upNodePicks)
};

// The scenario placed by mcrouter: its own "mcrouter" parameters (Ch3 when it has none). O(N).
Scenario asMcrouter(const Scenario& scenario);
// The three what-ifs over `keys` (adding only below the node limit). Throws InputError, also when
// the scenario as mcrouter places it is over `limits` (another algorithm's scenario may have
// passed them). O(K · N) for the rendezvous functions.
McrouterWhatIf mcrouterWhatIf(const Scenario& scenario, const KeySet& keys, const Limits& limits);

}  // namespace ringscope
