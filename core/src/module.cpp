#include "ringscope/module.h"

#include "ringscope/limits.h"

namespace ringscope {

TokenSchemeModule::Cost TokenSchemeModule::cost(const Scenario& scenario) const {
    Cost cost;
    for (const NodePoints& p : nodePoints(scenario)) {
        cost.tokens = saturatingAdd(cost.tokens, p.tokens);
        cost.nameBytes = saturatingAdd(cost.nameBytes, p.nameBytes);
        if (p.tokens > cost.largestTokens) {
            cost.largestTokens = p.tokens;
            cost.largestNode = p.node;
        }
    }
    return cost;
}

}  // namespace ringscope
