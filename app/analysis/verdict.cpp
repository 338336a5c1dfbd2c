#include "verdict.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <functional>
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

// One algorithm's lookups, timed: a run routes `count` keys one after another (the first keys,
// round and round when there are fewer), its primary alone.
class LookupTimer {
public:
    LookupTimer(const Placement& placement, const std::vector<std::string>& names,
                const HashedKeys& hashed)
        : m_placement(placement), m_names(names), m_hashed(hashed) {}

    // As many keys a run as take about `runTime`, found by doubling from 64.
    void calibrate(std::chrono::nanoseconds runTime) {
        m_count = 64;
        for (auto took = run(); took < runTime && m_count < (size_t{1} << 30);) {
            const double scale =
                took.count() > 0 ? double(runTime.count()) / double(took.count()) : 2.0;
            m_count = std::max(m_count + 1, size_t(double(m_count) * std::min(scale, 2.0)));
            took = run();
        }
    }
    void measure() {
        m_perKey.push_back(std::chrono::duration<double, std::nano>(run()).count() /
                           double(m_count));
    }
    double median() {
        std::nth_element(m_perKey.begin(), m_perKey.begin() + ptrdiff_t(m_perKey.size() / 2),
                         m_perKey.end());
        return m_perKey[m_perKey.size() / 2];
    }
    size_t count() const { return m_count; }

private:
    std::chrono::steady_clock::duration run() {
        std::array<uint32_t, 1> out{};
        const size_t n = m_names.size();
        const auto start = Clock::now();
        for (size_t i = 0, k = 0; i < m_count; ++i, k = k + 1 == n ? 0 : k + 1) {
            m_placement.route(m_names[k], m_hashed.hasHashes() ? m_hashed.hash64[k] : 0,
                              m_hashed.positionOf(k), out);
            m_sink += out[0];
        }
        const auto took = Clock::now() - start;
        // The sink keeps the loop: a result nobody reads could be optimised away.
        volatile uint32_t keep = m_sink;
        (void)keep;
        return took;
    }

    const Placement& m_placement;
    const std::vector<std::string>& m_names;
    const HashedKeys& m_hashed;
    size_t m_count = 64;
    uint32_t m_sink = 0;
    std::vector<double> m_perKey;
};

// The index of the node `id` in `s`.
std::optional<size_t> indexOf(const Scenario& s, const std::string& id) {
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].id == id) {
            return n;
        }
    }
    return std::nullopt;
}

// The scenario as algorithm `a` places it for the verdict: plain (no bounded loads, one replica),
// and with equal weights where the algorithm ignores them, so that its ideal and its balance are
// measured against the equal shares it gives (weights play no part in where its keys go).
Scenario verdictScenario(const Scenario& s, Algorithm a) {
    Scenario out = asAlgorithm(s, ComparedAlgorithm(a));
    if (!moduleOf(a).traits().weights) {
        for (NodeSpec& n : out.nodes) {
            n.weight = 1;
        }
    }
    return out;
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
    if (ideal > 0) {
        return double(moved) / ideal;
    }
    return moved > 0 ? std::numeric_limits<double>::infinity() : 0;
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

namespace {

// Row `r` measured on `s` over `keys`: its memory, balance, the busiest node, what adding a node
// and removing `last` and `middle` (ids, empty for none) move, and (with enough keys) whether it
// is monotone and removes any node alone. `timer` gets a lookup timer over `names`.
void measureRow(VerdictRow& r, const Scenario& s, const KeySet& keys, const HashedKeys& hashed,
                Placed& placed, const std::vector<std::string>& names, const Verdict& v,
                std::unique_ptr<LookupTimer>& timer) {
    placed = placeKeys(s, keys, hashed);
    const Placement& placement = placed.placement;
    r.lookupBytes = placement.lookupBytes();
    const Stats stats = computeStats(placement, placed.assignment, keys);
    r.balance = stats.keys.maxOverIdeal;
    double worst = -1;
    for (size_t n = 0; n < stats.nodes.size(); ++n) {
        const NodeLoad& load = stats.nodes[n];
        if (load.fairShare > 0 && load.share / load.fairShare > worst) {
            worst = load.share / load.fairShare;
            r.busiest = placement.nodes()[n].id;
        }
    }
    if (!names.empty()) {
        timer = std::make_unique<LookupTimer>(placement, names, hashed);
    }
    r.add = measured([&] { return nodeAddedMoves(s, keys, hashed, placed); });
    const auto removal = [&](const std::string& id, const char* none) {
        const std::optional<size_t> node = id.empty() ? std::nullopt : indexOf(s, id);
        if (!node) {
            VerdictMoves nothing;
            nothing.error = QCoreApplication::translate("Verdict", none);
            return nothing;
        }
        return measured([&] { return nodeRemovedMoves(s, keys, hashed, placed, *node); });
    };
    r.removeLast = removal(v.last, QT_TRANSLATE_NOOP("Verdict", "no node is up"));
    r.removeMiddle = removal(v.middle, QT_TRANSLATE_NOOP("Verdict",
                                                         "fewer than three nodes are up: none is "
                                                         "in the middle of the others"));
    const bool enoughKeys = v.keysUsed >= kVerdictMinKeys;
    if (r.add.error.isEmpty() && enoughKeys) {
        r.monotone = r.add.movedElsewhere == 0;
    }
    if (r.removeMiddle.error.isEmpty() && enoughKeys) {
        r.anyRemoval = r.removeMiddle.movedElsewhere == 0;
    }
}

// The lookups timed in turns, every algorithm once a round, so that what else the machine does
// falls on all of them alike; each row gets its median. Stops between rounds when `stopped`.
void timeLookups(std::vector<std::unique_ptr<LookupTimer>>& timers, const VerdictInput& input,
                 Verdict& v, const std::function<bool()>& stopped) {
    for (auto& timer : timers) {
        if (timer) {
            timer->calibrate(input.runTime);
        }
    }
    for (int round = 0; round < v.repeats; ++round) {
        if (stopped()) {
            return;
        }
        for (auto& timer : timers) {
            if (timer) {
                timer->measure();
            }
        }
    }
    for (size_t i = 0; i < timers.size(); ++i) {
        if (timers[i]) {
            v.rows[i].lookupNs = timers[i]->median();
            v.rows[i].timedKeys = timers[i]->count();
        }
    }
}

}  // namespace

Verdict computeVerdict(const VerdictInput& input) {
    Verdict v;
    if (!input.keys) {
        return v;
    }
    v.own = input.scenario.algorithm;
    const std::vector<Algorithm> algorithms = verdictAlgorithms();
    // The scenario's own algorithm with its removed buckets; every other one on the nodes that
    // take keys.
    const Scenario present = removed::presentNodes(input.scenario);
    std::vector<Scenario> scenarios;
    std::vector<QString> errors;
    for (const Algorithm a : algorithms) {
        scenarios.push_back(verdictScenario(a == v.own ? input.scenario : present, a));
        errors.emplace_back();
        try {
            checkPlacementWork(scenarios.back(), input.limits);
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
    const auto sample =
        sampleKeys(input.keys, keysWithinWork([&](uint64_t k) { return verdictWork(counted, k); },
                                              input.maxWork, v.keysTotal));
    const KeySet& keys = *sample;
    v.keysUsed = keys.size();
    v.repeats = std::max(1, input.repeats);
    std::vector<std::string> names(keys.size());
    keys.names.forEach(0, keys.size(),
                       [&](size_t k, std::string_view name) { names[k] = std::string(name); });
    // The nodes removed: the last up and the up node nearest the middle, of the nodes that take
    // keys (a down node's keys have gone on already).
    v.nodes = present.nodes.size();
    const NodePicks picks = upNodePicks(input.scenario);
    v.last = picks.last ? input.scenario.nodes[*picks.last].id : std::string();
    v.middle = picks.middle ? input.scenario.nodes[*picks.middle].id : std::string();
    const auto stopped = [&] {
        v.cancelled = v.cancelled || (input.cancel && input.cancel->load());
        return v.cancelled;
    };
    HashingsOf hashedFor(keys);
    std::vector<Placed> placed(algorithms.size());
    std::vector<std::unique_ptr<LookupTimer>> timers(algorithms.size());
    for (size_t i = 0; i < algorithms.size(); ++i) {
        if (stopped()) {
            return v;
        }
        VerdictRow r;
        r.algorithm = algorithms[i];
        const AlgorithmModule& module = moduleOf(r.algorithm);
        r.weights = module.traits().weights;
        r.names = module.traits().ownsSlots            ? VerdictRow::Names::Slots
                  : module.traits().bucketsInNodeOrder ? VerdictRow::Names::Place
                                                       : VerdictRow::Names::Id;
        r.error = errors[i];
        if (r.error.isEmpty()) {
            try {
                measureRow(r, scenarios[i], keys, hashedFor(scenarios[i]), placed[i], names, v,
                           timers[i]);
            } catch (const std::exception& e) {
                r.error = QString::fromStdString(describeFailure(e));
                timers[i].reset();
            }
        }
        v.rows.push_back(std::move(r));
    }
    timeLookups(timers, input, v, stopped);
    return v;
}

}  // namespace ringscope
