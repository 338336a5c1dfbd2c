#include "failoversummary.h"

#include "ringscope/keychange.h"

namespace ringscope {

std::vector<std::string> unionIds(const Placement& before, const Placement& after) {
    const std::vector<uint32_t> map = nodeRenumbering(after, before);
    std::vector<std::string> ids(before.nodeIds().begin(), before.nodeIds().end());
    for (uint32_t n = 0; n < map.size(); ++n) {
        if (map[n] >= ids.size()) {
            ids.resize(map[n] + 1);
            ids[map[n]] = after.nodeIds()[n];
        }
    }
    return ids;
}

FailoverSummary summarizeFailover(const FailoverCounts& counts, std::span<const std::string> ids,
                                  const Placement& before, const Placement& after, size_t keys) {
    FailoverSummary s;
    s.rule = failoverRule(after.algorithm());
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
