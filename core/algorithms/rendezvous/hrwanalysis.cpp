#include "hrwanalysis.h"

#include <algorithm>
#include <numeric>

#include "rendezvous.h"
#include "rendezvousplacement.h"

namespace ringscope {

HrwExplanation explainHrw(const Scenario& scenario, const Placement& placement,
                          const std::string& name, bool weighted) {
    HrwExplanation e;
    const auto ids = placement.nodeIds();
    const auto weights = placement.weights();
    e.key = QString::fromStdString(name);
    e.weighted = weighted;
    e.nodeCount = ids.size();
    e.replicas = std::min<size_t>(ids.size(), size_t(scenario.replicas));
    const HrwVariant variant = weighted ? HrwVariant::Weighted : HrwVariant::Plain;
    std::vector<uint32_t> order(ids.size());
    hrwTop(name, ids, weights, variant, order);
    std::vector<int> rank(ids.size());
    for (size_t r = 0; r < order.size(); ++r) {
        rank[order[r]] = int(r);
    }
    std::vector<uint32_t> shown(ids.size());
    std::iota(shown.begin(), shown.end(), 0u);
    if (shown.size() > kMaxHrwBars) {
        shown.assign(order.begin(), order.begin() + kMaxHrwBars);
    }
    e.nodes = scenario.nodes;
    for (const uint32_t n : shown) {
        const HrwRank r = hrwRank(name, ids[n], weights[n], variant);
        e.bars.push_back({QString::fromStdString(ids[n]), n, weights[n], hrwUniform(r.digest),
                          hrwWeightedTime(r.digest, weights[n]), rank[n]});
    }
    return e;
}

}  // namespace ringscope
