#include "ringsnapshot.h"

namespace ringscope {

RingSnapshot ringSnapshot(const Computed& current, const TokenDragSession& drag,
                          const BaselineTracker& baseline) {
    RingSnapshot s;
    s.scenario = &current.scenario;
    s.placement = &current.placement;
    s.hashed = current.hashed.get();
    s.live = &drag.live();
    s.changes = &baseline.changes();
    s.baseline = baseline.baseline().get();
    s.moved = baseline.summary();
    s.keysPerNode = primaryCounts(current, drag.live());
    s.dragged = drag.token();
    s.lastRanges = drag.lastRanges();
    return s;
}

}  // namespace ringscope
