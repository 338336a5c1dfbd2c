#include "failoversummary.h"

#include <string_view>
#include <unordered_set>

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
    // Which ids are down on each side, by id in one hash set each: O(N) (a lookup per node by
    // Placement::nodeIndex was O(N²): 100,000 nodes with one --down took 27 s).
    const auto downIds = [](const Placement& p) {
        std::unordered_set<std::string_view> out;
        for (uint32_t n = 0; n < p.nodeIds().size(); ++n) {
            if (p.isDown(n)) {
                out.insert(p.nodeIds()[n]);
            }
        }
        return out;
    };
    const std::unordered_set<std::string_view> downBefore = downIds(before);
    const std::unordered_set<std::string_view> downAfter = downIds(after);
    for (const std::string& id : after.nodeIds()) {
        if (downAfter.count(id)) {
            s.down.push_back(id);
            if (!downBefore.count(id)) {
                s.wentDown.push_back(id);
            }
        }
    }
    for (const std::string& id : before.nodeIds()) {
        if (downBefore.count(id) && !downAfter.count(id)) {
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
