#include "maglevanalysis.h"

#include <algorithm>
#include <limits>

#include "comparison.h"
#include "membershipchange.h"
#include "qstrings.h"
#include "ringscope/placement.h"

namespace ringscope {

MaglevExplanation explainMaglev(const Scenario& scenario, const Scenario& baseline,
                                const std::shared_ptr<const KeySet>& keys, size_t keysTotal) {
    MaglevExplanation e;
    e.ownTable = scenario.algorithm == Algorithm::Maglev;
    e.algorithm = algorithmLabel(scenario.algorithm);
    e.tableSize = scenario.params.get<MaglevParams>().tableSize;
    for (const NodeSpec& n : scenario.nodes) {
        e.ids << qs(n.id);
    }
    e.nodes = scenario.nodes;
    try {
        const Placement placement = Placement::build(asAlgorithm(scenario, Algorithm::Maglev));
        const auto* maglev = placement.stateAs<MaglevPlacement>();
        const MaglevTable& table = maglev->table();
        e.entries.assign(table.entries().begin(), table.entries().end());
        e.steps = maglev->fillSteps(placement.nodeSet());
        e.entryStep.assign(table.size(), 0);
        for (size_t i = 0; i < e.steps.size(); ++i) {
            const size_t round = e.steps[i].round;
            if (e.roundEnds.size() < round) {
                e.roundEnds.resize(round, i);  // a round in which no node took an entry
            }
            e.roundEnds[round - 1] = i + 1;
            e.entryStep[e.steps[i].entry] = uint32_t(i);
        }
        e.fillOrder.assign(table.fillOrder().begin(), table.fillOrder().end());
        for (uint32_t n = 0; n < table.nodeCount(); ++n) {
            e.permutations.push_back(table.permutation(n));
            e.entryCounts.push_back(table.entryCount(n));
            e.idealEntries.push_back(table.idealEntries(n));
        }
        const QString what = describeChange(baseline, scenario);
        if (!what.isEmpty() && keys) {
            MaglevChange c;
            c.change = what;
            c.tableSize = table.size();
            c.keysTotal = keysTotal;
            try {
                const Placement before = Placement::build(asAlgorithm(baseline, Algorithm::Maglev));
                const MaglevTable& old = before.stateAs<MaglevPlacement>()->table();
                if (old.size() == table.size()) {
                    c.entriesMoved = maglevEntriesMoved(old, before.nodeIds(), table,
                                                        placement.nodeIds(), &c.movedEntries);
                }
            } catch (const std::exception& error) {
                c.error = QString::fromUtf8(error.what());
            }
            ComparisonInput input;
            input.before = baseline;
            input.after = scenario;
            input.keys = keys;
            input.algorithms = {Algorithm::Maglev, Algorithm::Ring};
            input.maxWork = std::numeric_limits<uint64_t>::max();  // the keys are a sample already
            const ComparisonResult r = compareAlgorithms(input);
            c.keys = r.keysUsed;
            for (const AlgorithmResult& a : r.algorithms) {
                if (!a.error.isEmpty()) {
                    c.error = algorithmLabel(a.algorithm) + QStringLiteral(": ") + a.error;
                } else if (a.diff && a.algorithm == Algorithm::Maglev) {
                    c.maglevMoved = a.diff->primaryMoved;
                    c.ideal = a.diff->idealFraction;
                } else if (a.diff) {
                    c.ringMoved = a.diff->primaryMoved;
                }
            }
            e.change = std::move(c);
        }
    } catch (const std::exception& error) {
        e.error = QString::fromUtf8(error.what());
    }
    return e;
}

MaglevRoundView maglevRound(const MaglevExplanation& e, size_t round) {
    MaglevRoundView v;
    v.round = std::min(round, e.rounds());
    v.steps = v.round == 0 ? 0 : e.roundEnds[v.round - 1];
    const size_t n = e.permutations.size();
    v.entriesSoFar.assign(n, 0);
    std::vector<uint64_t> tried(n, 0);  // j: permutation entries each node has looked at
    for (size_t i = 0; i < v.steps; ++i) {
        const MaglevFillStep& s = e.steps[i];
        ++v.entriesSoFar[s.node];
        tried[s.node] += s.skipped + 1;
    }
    for (size_t node = 0; node < n; ++node) {
        const MaglevPermutation& p = e.permutations[node];
        v.nextEntry.push_back((p.offset + (tried[node] % e.tableSize) * p.skip) % e.tableSize);
    }
    return v;
}

}  // namespace ringscope
