#include "failoversummary.h"

#include "ringscope/keychange.h"

namespace ringscope {

FailoverSummary summarizeFailover(const FailoverCounts& counts, std::span<const std::string> ids,
                                  const Placement& before, const Placement& after, size_t keys) {
    FailoverSummary s;
    s.rule = failoverRule(after.algorithm());
    s.role = after.role();
    s.keys = keys;
    s.replicas = after.replicas();
    s.counts = counts;
    const auto downIn = [](const Placement& p, const std::string& id) {
        const auto n = p.nodeIndex(id);
        return n && p.isDown(*n);
    };
    for (const std::string& id : after.nodeIds()) {
        if (downIn(after, id)) {
            s.down.push_back(id);
            if (!downIn(before, id)) {
                s.wentDown.push_back(id);
            }
        }
    }
    for (const std::string& id : before.nodeIds()) {
        if (downIn(before, id) && !downIn(after, id)) {
            s.cameUp.push_back(id);
        }
    }
    for (size_t n = 0; n < counts.newPrimaries.size() && n < ids.size(); ++n) {
        if (counts.newPrimaries[n]) {
            s.newPrimaries.emplace_back(ids[n], counts.newPrimaries[n]);
        }
    }
    return s;
}

}  // namespace ringscope
