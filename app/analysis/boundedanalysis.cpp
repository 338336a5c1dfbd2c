#include "boundedanalysis.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "comparedalgorithm.h"
#include "placed.h"
#include "qstrings.h"
#include "ringscope/bounded_load.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/placement.h"
#include "ringscope/registry.h"
#include "scenarioedits.h"

namespace ringscope {

namespace {

// The scenario as the view places it: its algorithm when it takes bounded loads, else a ring.
Scenario boundedScenario(const Scenario& scenario, std::optional<uint32_t> percent) {
    Scenario s = algorithmOf(scenario).traits().boundedLoads
                     ? scenario
                     : asAlgorithm(scenario, Algorithm::Ring);
    s.replicas = 1;
    s.zoneAware = false;
    s.boundedLoadPercent = percent;
    return s;
}

}  // namespace

// Over 80 lines: fills the explanation's fields in the order the view reads them, from one
// placement of the keys.
BoundedExplanation explainBoundedLoads(const Scenario& scenario,
                                       const std::shared_ptr<const KeySet>& keys, size_t keysTotal,
                                       uint32_t factorPercent, BoundedChange change) {
    BoundedExplanation e;
    e.ownFactor =
        scenario.boundedLoadPercent.has_value() && algorithmOf(scenario).traits().boundedLoads;
    e.factorPercent = e.ownFactor ? *scenario.boundedLoadPercent : factorPercent;
    e.substituted = !algorithmOf(scenario).traits().boundedLoads;
    e.algorithm = algorithmLabel(e.substituted ? Algorithm::Ring : scenario.algorithm);
    e.change = change;
    e.keysTotal = keysTotal;
    for (const NodeSpec& n : scenario.nodes) {
        e.ids << qs(n.id);
    }
    e.nodes = scenario.nodes;
    if (!keys) {
        return e;
    }
    e.keys = keys->size();
    try {
        const Scenario bounded = boundedScenario(scenario, e.factorPercent);
        const Scenario plain = boundedScenario(scenario, std::nullopt);
        const HashedKeys hashed = hashKeys(*keys, keyHashingOf(bounded));
        const Placed placed = placeKeys(bounded, *keys, hashed);
        const BoundedLoadResult r = placed.placement.boundedLoads(hashed).value();
        e.weighted = !hashed.weight.empty();
        e.load = r.load;
        e.capacity = r.capacity;
        e.placed = r.placed;
        e.plainLoad.assign(r.load.size(), 0);
        e.received.assign(r.load.size(), 0);
        const std::vector<double> weights = keyLoadWeights(hashed);
        for (size_t k = 0; k < r.firstChoice.size(); ++k) {
            e.plainLoad[r.firstChoice[k]] += weights[k];
        }
        e.displacedCount = r.displaced.size();
        e.overCapacity = r.overCapacity.size();
        std::map<std::pair<uint32_t, uint32_t>, OverflowFlow> flows;
        for (size_t i = 0; i < r.displaced.size(); ++i) {
            const uint32_t k = r.displaced[i];
            OverflowFlow& f = flows[{r.firstChoice[k], r.owner[k]}];
            f.from = r.firstChoice[k];
            f.to = r.owner[k];
            f.weight += weights[k];
            ++f.keys;
            e.received[r.owner[k]] += weights[k];
            if (i < kBoundedListedKeys) {
                DisplacedKey d;
                d.key = k;
                d.name = qs(keys->names[k]);
                d.weight = weights[k];
                d.firstChoice = r.firstChoice[k];
                d.passed.assign(r.chainNodes.begin() + r.chainStart[i],
                                r.chainNodes.begin() + r.chainStart[i + 1]);
                d.landed = r.owner[k];
                e.displaced.push_back(std::move(d));
            }
        }
        for (const auto& entry : flows) {
            e.flows.push_back(entry.second);
        }
        std::stable_sort(
            e.flows.begin(), e.flows.end(),
            [](const OverflowFlow& a, const OverflowFlow& b) { return a.weight > b.weight; });

        // The price: the same membership change, with and without the cap.
        const auto changed = [&](const Scenario& from) {
            Scenario s = from;
            if (change.add) {
                s.nodes.push_back(edits::suggestedNode(s, Placement::build(s)));
            } else {
                edits::removeNode(s, change.node);
            }
            return s;
        };
        if (change.add) {
            e.changeText = QObject::tr("adding %1").arg(qs(changed(plain).nodes.back().id));
        } else if (change.node < scenario.nodes.size() && scenario.nodes.size() > 1) {
            e.changeText = QObject::tr("removing %1").arg(e.ids[qsizetype(change.node)]);
        }
        if (!e.changeText.isEmpty()) {
            const auto moved = [&](const Scenario& before, const Placed& now) {
                const Scenario after = changed(before);
                const Placed then = placeKeys(after, *keys, hashed);
                return diff(now.placement, now.assignment, then.placement, then.assignment, *keys);
            };
            const DiffResult withCap = moved(bounded, placed);
            e.movedBounded = withCap.primaryMoved;
            e.ideal = withCap.idealFraction;
            e.movedPlain = moved(plain, placeKeys(plain, *keys, hashed)).primaryMoved;
        }
    } catch (const std::exception& error) {
        e.error = QString::fromUtf8(error.what());
    }
    return e;
}

}  // namespace ringscope
