#include "verdict.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

#include "comparedalgorithm.h"
#include "placed.h"
#include "ringscope/error.h"
#include "ringscope/placement.h"
#include "ringscope/removedbuckets.h"
#include "ringscope/stats.h"
#include "ringscope/work.h"

namespace ringscope {

namespace {

using Clock = std::chrono::steady_clock;

// What placing the first `keys` keys costs over every algorithm that can place the scenario: the
// scenario as it is and with a node added, the last and the middle one removed.
uint64_t verdictWork(const std::vector<Scenario>& scenarios, uint64_t keys) {
    uint64_t units = 0;
    for (const Scenario& s : scenarios) {
        units = saturatingAdd(units, saturatingMul(4, workUnits(s, keys, false)));
    }
    return units;
}

size_t keysWithinWork(const std::vector<Scenario>& scenarios, uint64_t maxWork, size_t total) {
    const uint64_t fixed = verdictWork(scenarios, 0);
    const uint64_t perKey = verdictWork(scenarios, 1) - fixed;
    if (perKey == 0) {
        return total;
    }
    const uint64_t room = maxWork > fixed ? maxWork - fixed : 0;
    return static_cast<size_t>(std::clamp<uint64_t>(room / perKey, 1, std::max<size_t>(1, total)));
}

// The median time per key of routing the first keys, each run taking about `runTime`.
struct Timing {
    double ns = 0;
    size_t keys = 0;
};
Timing timeLookups(const Placement& placement, const std::vector<std::string>& names,
                   const HashedKeys& hashed, const VerdictInput& input) {
    std::vector<uint32_t> out(placement.replicas());
    uint32_t sink = 0;
    const auto run = [&](size_t count) {
        const auto start = Clock::now();
        for (size_t k = 0; k < count; ++k) {
            placement.route(names[k], hashed.hasHashes() ? hashed.hash64[k] : 0,
                            hashed.positionOf(k), out);
            sink += out[0];
        }
        return Clock::now() - start;
    };
    // As many keys as take about runTime, found by doubling from 64.
    size_t count = std::min<size_t>(64, names.size());
    for (auto took = run(count); took < input.runTime && count < names.size();) {
        const double scale =
            took.count() > 0 ? double(input.runTime.count()) / double(took.count()) : 2.0;
        count = std::min(names.size(),
                         std::max(count + 1, size_t(double(count) * std::min(scale, 2.0))));
        took = run(count);
    }
    std::vector<double> perKey;
    for (int r = 0; r < std::max(1, input.repeats); ++r) {
        const auto took = std::chrono::duration<double, std::nano>(run(count)).count();
        perKey.push_back(took / double(std::max<size_t>(1, count)));
    }
    std::nth_element(perKey.begin(), perKey.begin() + ptrdiff_t(perKey.size() / 2), perKey.end());
    // The sink keeps the loop: a result nobody reads could be optimised away.
    volatile uint32_t keep = sink;
    (void)keep;
    return {perKey[perKey.size() / 2], count};
}

// The node nearest the middle of the list other than the last, or nullopt with one node.
std::optional<size_t> middleOf(size_t nodes) {
    if (nodes < 2) {
        return std::nullopt;
    }
    return std::min(nodes / 2, nodes - 2);
}

// The index of the node `id` in `s`.
std::optional<size_t> indexOf(const Scenario& s, const std::string& id) {
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].id == id) {
            return n;
        }
    }
    return std::nullopt;
}

template <typename Measure>
VerdictMoves measured(Measure measure) {
    VerdictMoves m;
    try {
        const NodeMoves moves = measure();
        m.node = moves.id;
        m.moved = moves.moved;
        m.movedElsewhere = moves.movedElsewhere;
        m.ideal = moves.ideal;
    } catch (const std::exception& e) {
        m.error = QString::fromStdString(describeFailure(e));
    }
    return m;
}

}  // namespace

double VerdictMoves::overIdeal(size_t keys) const {
    const double ideal = this->ideal * double(keys);
    return ideal > 0 ? double(moved) / ideal : 0;
}

std::vector<Algorithm> verdictAlgorithms() {
    std::vector<Algorithm> out;
    for (const auto& row : kAlgorithms) {
        if (!row.module().traits().lessonOnly) {
            out.push_back(row.value);
        }
    }
    return out;
}

Verdict computeVerdict(const VerdictInput& input) {
    Verdict v;
    if (!input.keys) {
        return v;
    }
    const std::vector<Algorithm> algorithms = verdictAlgorithms();
    // The scenario's own algorithm as it is (its removed buckets included); every other one on
    // the nodes that take keys.
    const Scenario present = removed::presentNodes(input.scenario);
    std::vector<Scenario> scenarios;
    std::vector<QString> errors;
    for (const Algorithm a : algorithms) {
        scenarios.push_back(a == input.scenario.algorithm ? input.scenario
                                                          : asAlgorithm(present, a));
        errors.push_back(whyNotCompared(a, input.scenario));
        try {
            if (errors.back().isEmpty()) {
                checkPlacementWork(scenarios.back(), Limits());
            }
        } catch (const std::exception& e) {
            errors.back() = QString::fromStdString(describeFailure(e));
        }
    }
    std::vector<Scenario> counted;
    for (size_t i = 0; i < scenarios.size(); ++i) {
        if (errors[i].isEmpty()) {
            counted.push_back(scenarios[i]);
        }
    }
    v.keysTotal = input.keys->size();
    const auto sample = sampleKeys(input.keys, keysWithinWork(counted, input.maxWork, v.keysTotal));
    const KeySet& keys = *sample;
    v.keysUsed = keys.size();
    v.repeats = std::max(1, input.repeats);
    std::vector<std::string> names(keys.size());
    keys.names.forEach(0, keys.size(),
                       [&](size_t k, std::string_view name) { names[k] = std::string(name); });
    v.nodes = present.nodes.size();
    const std::optional<size_t> middle = middleOf(v.nodes);
    v.last = present.nodes.empty() ? std::string() : present.nodes.back().id;
    v.middle = middle ? present.nodes[*middle].id : std::string();

    HashingsOf hashedFor(keys);
    for (size_t i = 0; i < algorithms.size(); ++i) {
        VerdictRow r;
        r.algorithm = algorithms[i];
        const AlgorithmModule& module = moduleOf(r.algorithm);
        r.weights = module.traits().weights;
        r.names = !module.traits().bucketsInNodeOrder;
        r.error = errors[i];
        if (!r.error.isEmpty()) {
            v.rows.push_back(std::move(r));
            continue;
        }
        const Scenario& s = scenarios[i];
        try {
            const HashedKeys& hashed = hashedFor(s);
            const Placed placed = placeKeys(s, keys, hashed);
            r.lookupBytes = placed.placement.lookupBytes();
            const Stats stats = computeStats(placed.placement, placed.assignment, keys);
            r.balance = stats.keys.maxOverIdeal;
            double worst = -1;
            for (size_t n = 0; n < stats.nodes.size(); ++n) {
                const NodeLoad& load = stats.nodes[n];
                if (load.fairShare > 0 && load.share / load.fairShare > worst) {
                    worst = load.share / load.fairShare;
                    r.busiest = placed.placement.nodes()[n].id;
                }
            }
            const Timing timing = timeLookups(placed.placement, names, hashed, input);
            r.lookupNs = timing.ns;
            r.timedKeys = timing.keys;
            r.add = measured([&] { return nodeAddedMoves(s, keys, hashed, placed); });
            const auto removal = [&](const std::string& id) {
                const std::optional<size_t> node = id.empty() ? std::nullopt : indexOf(s, id);
                if (!node) {
                    VerdictMoves none;
                    none.error = QCoreApplication::translate(
                        "Verdict", "no other node takes keys: removing one would leave none");
                    return none;
                }
                return measured([&] { return nodeRemovedMoves(s, keys, hashed, placed, *node); });
            };
            r.removeLast = removal(v.last);
            r.removeMiddle = removal(v.middle);
            if (r.add.error.isEmpty()) {
                r.monotone = r.add.movedElsewhere == 0;
            }
            if (r.removeMiddle.error.isEmpty()) {
                r.anyRemoval = r.removeMiddle.movedElsewhere == 0;
            }
        } catch (const std::exception& e) {
            r.error = QString::fromStdString(describeFailure(e));
        }
        v.rows.push_back(std::move(r));
    }
    return v;
}

}  // namespace ringscope
