#pragma once
// What the suites of the algorithms that remove buckets in place (AnchorHash, MementoHash, DxHash;
// removedbuckets.h) share: their captured reference vectors, read, and the properties each owes
// through a scenario — removing a bucket moves only its keys, adding the last removed back
// restores the mapping exactly, balance over 37 host:port nodes.
#include <QTest>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/registry.h"
#include "ringscope/removedbuckets.h"
#include "ringscope/scenariofile.h"
#include "testutil.h"

namespace ringscope::test {

// A vectors file (data/<algorithm>-vectors.txt, written by data/capture/capture.sh): the keys'
// 64-bit values, then per state its capacity, node count, removed buckets in order, and each
// key's bucket under the reference.
struct ReferenceVectors {
    struct State {
        uint32_t capacity = 0;
        uint32_t nodes = 0;
        std::vector<uint32_t> removed;
        std::vector<uint32_t> buckets;
    };
    std::vector<uint64_t> keys;
    std::vector<State> states;
};

inline ReferenceVectors readReferenceVectors(const QString& path) {
    std::istringstream in(readSourceFile(path));
    ReferenceVectors v;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        if (line.rfind("keys ", 0) == 0) {
            const size_t count = std::stoul(line.substr(5));
            for (size_t i = 0; i < count && std::getline(in, line); ++i) {
                v.keys.push_back(std::stoull(line, nullptr, 16));
            }
        } else if (line.rfind("state ", 0) == 0) {
            ReferenceVectors::State s;
            std::istringstream fields(line.substr(6));
            std::string field;
            while (fields >> field) {
                const std::string value = field.substr(field.find('=') + 1);
                if (field.rfind("capacity=", 0) == 0) {
                    s.capacity = static_cast<uint32_t>(std::stoul(value));
                } else if (field.rfind("nodes=", 0) == 0) {
                    s.nodes = static_cast<uint32_t>(std::stoul(value));
                } else if (field.rfind("removed=", 0) == 0) {
                    std::istringstream list(value);
                    for (std::string b; std::getline(list, b, ',');) {
                        s.removed.push_back(static_cast<uint32_t>(std::stoul(b)));
                    }
                }
            }
            std::getline(in, line);
            std::istringstream buckets(line);
            for (uint32_t b = 0; buckets >> b;) {
                s.buckets.push_back(b);
            }
            v.states.push_back(std::move(s));
        }
    }
    return v;
}

// Each state of `v` as the algorithm's own table — `make(state)` before the removals, which are
// then replayed — gives every key the reference's bucket, and `checkPath(table, key, bucket)`
// checks the key's path for the view ends there.
template <typename Make, typename CheckPath>
void checkVectorsThroughTable(const ReferenceVectors& v, Make make, CheckPath checkPath) {
    QVERIFY(!v.keys.empty() && !v.states.empty());
    for (const ReferenceVectors::State& state : v.states) {
        const auto table = removed::afterRemovals(make(state), state.removed);
        for (size_t k = 0; k < v.keys.size(); ++k) {
            QCOMPARE(table.bucketOf(v.keys[k]), state.buckets[k]);
            checkPath(table, v.keys[k], state.buckets[k]);
            if (QTest::currentTestFailed()) {
                return;
            }
        }
    }
}

// 50 random states — n working of a capacity a in [n, 3n), up to 3/4 of them removed in a random
// order — on the table and on the literal port of its reference (X_reference.h, the benchmarks'
// baseline): `make(n, a)` gives both, `remove(both, bucket)` removes on each, and
// `lookups(both, key)` gives the two buckets, which must agree on 500 random keys a state.
template <typename Make, typename Remove, typename Lookups>
void checkAgainstLiteralPort(uint64_t seed, Make make, Remove remove, Lookups lookups) {
    SplitMix64 rng(seed);
    for (int t = 0; t < 50; ++t) {
        const auto n = uint32_t(1 + rng.next() % 300);
        const auto a = uint32_t(n + rng.next() % (2 * n));
        auto both = make(n, a);
        std::vector<uint32_t> working(n);
        for (uint32_t i = 0; i < n; ++i) {
            working[i] = i;
        }
        for (uint64_t r = rng.next() % (n * 3 / 4 + 1); r > 0; --r) {
            const size_t at = rng.next() % working.size();
            remove(both, working[at]);
            working.erase(working.begin() + std::ptrdiff_t(at));
        }
        for (int k = 0; k < 500; ++k) {
            const auto [ours, theirs] = lookups(both, rng.next());
            QCOMPARE(ours, theirs);
        }
    }
}

// A scenario placed by `algorithm` over `n` host:port nodes and `keys` keys with non-ASCII bytes,
// its parameters' object ("anchor": {...}) as given.
inline Scenario inPlaceScenario(std::string_view algorithm, uint32_t n, json::Object params = {},
                                uint64_t keys = 100'000) {
    json::Array nodes;
    for (uint32_t i = 0; i < n; ++i) {
        nodes.push_back(json::Object{{"id", "10.0.1." + std::to_string(i) + ":6379"}});
    }
    json::Object file{
        {"format", "ringscope/1"},
        {"algorithm", std::string(algorithm)},
        {"nodes", nodes},
        {"keys", json::Object{{"pattern", "user:{i}:ключ"}, {"count", json::Value::count(keys)}}}};
    if (!params.empty()) {
        file.set(std::string(algorithm), std::move(params));
    }
    return scenarioFromValue(json::Value(std::move(file)));
}

// Every state of the vectors through a scenario's placement: nodes, capacity and removed list
// as the file says, each key's 64-bit value routed.
inline void checkVectorsThroughPlacement(std::string_view algorithm, const ReferenceVectors& v,
                                         bool hasCapacity) {
    QVERIFY(!v.keys.empty() && !v.states.empty());
    for (const ReferenceVectors::State& state : v.states) {
        Scenario s = inPlaceScenario(algorithm, state.nodes, {}, 1);
        json::Object params;
        if (hasCapacity) {
            params.set("capacity", json::Value::count(state.capacity));
        }
        json::Array removed;
        for (const uint32_t b : state.removed) {
            removed.push_back(json::Value(s.nodes[b].id));
        }
        params.set("removed", std::move(removed));
        s = inPlaceScenario(algorithm, state.nodes, params, 1);
        const Placement p = Placement::build(s);
        QCOMPARE(state.buckets.size(), v.keys.size());
        for (size_t k = 0; k < v.keys.size(); ++k) {
            uint32_t owner = 0;
            p.route({}, v.keys[k], 0, std::span(&owner, 1));
            QCOMPARE(owner, state.buckets[k]);
        }
    }
}

// Removing a middle node, then the last, then adding two nodes through the module's edits:
// each removal moves only the removed node's keys, each addition gives the bucket removed last
// to the new node and restores the mapping before that removal exactly; balance max/mean < 1.1
// over 37 nodes and 100,000 keys.
inline void checkInPlaceProperties(std::string_view algorithm) {
    const Scenario start = inPlaceScenario(algorithm, 37);
    const AlgorithmModule& module = moduleOf(start.algorithm);
    const PlacedScenario a(start);
    std::vector<size_t> load(37);
    for (size_t k = 0; k < a.keys.size(); ++k) {
        ++load[a.assignment.primary(k)];
    }
    const double mean = double(a.keys.size()) / 37;
    const size_t most = *std::max_element(load.begin(), load.end());
    QVERIFY2(double(most) / mean < 1.1, qPrintable(QString::number(double(most) / mean)));

    const auto onlyItsKeysMove = [&](const PlacedScenario& from, const PlacedScenario& to,
                                     uint32_t removedNode) {
        size_t moved = 0;
        for (size_t k = 0; k < from.keys.size(); ++k) {
            if (from.assignment.primary(k) != to.assignment.primary(k)) {
                QCOMPARE(from.assignment.primary(k), removedNode);
                ++moved;
            }
        }
        size_t had = 0;
        for (size_t k = 0; k < from.keys.size(); ++k) {
            had += from.assignment.primary(k) == removedNode ? 1 : 0;
        }
        QCOMPARE(moved, had);
        QVERIFY(had > 0);
    };

    Scenario middle = start;
    QVERIFY(module.removeInPlace(middle, 17));
    QCOMPARE(middle.nodes.size(), size_t{37});
    const PlacedScenario b(middle);
    onlyItsKeysMove(a, b, 17);

    Scenario last = middle;
    QVERIFY(module.removeInPlace(last, 36));
    const PlacedScenario c(last);
    onlyItsKeysMove(b, c, 36);
    // The file says so, in the order removed.
    const json::Value file = scenarioToValue(last);
    const json::Array& listed =
        file.toObject()[std::string(algorithm)].toObject()["removed"].toArray();
    QCOMPARE(listed.size(), size_t{2});
    QCOMPARE(listed[0].toString(), std::string("10.0.1.17:6379"));
    QCOMPARE(listed[1].toString(), std::string("10.0.1.36:6379"));
    QCOMPARE(scenarioFromValue(file), last);

    // Removed twice: refused, the scenario unchanged.
    Scenario again = last;
    QVERIFY(!errorOf([&] { module.removeInPlace(again, 17); }).isEmpty());

    // Added back: the new node takes bucket 36, then 17, and every key goes where it went.
    Scenario back = last;
    NodeSpec joined;
    joined.id = "10.0.2.1:6379";
    module.addNode(back, joined);
    QCOMPARE(back.nodes.size(), size_t{37});
    QCOMPARE(back.nodes[36].id, joined.id);
    const PlacedScenario d(back);
    QCOMPARE(d.assignment.owners, b.assignment.owners);
    joined.id = "10.0.2.2:6379";
    module.addNode(back, joined);
    QCOMPARE(back.nodes[17].id, joined.id);
    const PlacedScenario e(back);
    QCOMPARE(e.assignment.owners, a.assignment.owners);
    // With none removed, a new node is bucket 37, and takes keys only for itself.
    joined.id = "10.0.2.3:6379";
    module.addNode(back, joined);
    QCOMPARE(back.nodes.size(), size_t{38});
    const PlacedScenario f(back);
    for (size_t k = 0; k < a.keys.size(); ++k) {
        if (a.assignment.primary(k) != f.assignment.primary(k)) {
            QCOMPARE(f.assignment.primary(k), 37u);
        }
    }
}

}  // namespace ringscope::test
