// Every registered module (ringscope/registry.h), run through what the core asks of any module:
// its name row and traits, the scenario file's round trip, route against the whole-set
// assignment, failover against brute force, what it costs against the limits. A module is
// covered here the day it is registered; its own suite (tests/core/FOLDER/) checks what only it
// knows against its system's published vectors. tests/app/tst_registry_app.cpp runs the same
// modules through the command-line tool and the picture.
#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "registrysamples.h"
#include "ringscope/failover.h"
#include "ringscope/scenariofile.h"
#include "ringscope/work.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

Q_DECLARE_METATYPE(ringscope::Scenario)

namespace {

void addSampleRows() {
    QTest::addColumn<Scenario>("scenario");
    for (const Sample& sample : registrySamples()) {
        QTest::newRow(sample.name.c_str()) << sample.scenario;
    }
}

// The owners of every key under `p`, key by key.
LargeVector<uint32_t> routed(const Placement& p, const KeySet& keys, const HashedKeys& hashed) {
    const size_t r = p.replicas();
    LargeVector<uint32_t> owners(keys.size() * r);
    for (size_t k = 0; k < keys.size(); ++k) {
        p.route(keys.names[k], hashed.hash64[k], hashed.positionOf(k), {owners.data() + k * r, r});
    }
    return owners;
}

}  // namespace

class TestRegistry : public QObject {
    Q_OBJECT
private slots:
    // Each table is indexed by its enumerators, and each module knows its own.
    void rowsNameTheirModules() {
        std::set<std::string_view> names;
        for (const auto& row : kAlgorithms) {
            QCOMPARE(row.module().id(), row.value);
            QVERIFY(!row.module().label().empty());
            QVERIFY(!row.module().traits().view.empty());
            // A bucket table numbers buckets as the nodes are numbered.
            QVERIFY(!row.module().traits().bucketTable || row.module().traits().bucketsInNodeOrder);
            QVERIFY2(names.insert(row.name()).second, row.name().data());
            QCOMPARE(algorithmFromName(row.name()), std::optional(row.value));
        }
        for (const auto& row : kTokenSchemes) {
            QCOMPARE(row.module().id(), row.value);
            QVERIFY(!row.module().label().empty());
            QVERIFY(valueIn(kTokenSchemes, row.name()) == std::optional(row.value));
        }
        for (const auto& row : kKeyHashes) {
            QCOMPARE(row.module().id(), row.value);
            QCOMPARE(hashFromName(row.name()), std::optional(row.value));
        }
        // The importers' names are unique, so `import NAME` finds one.
        std::set<std::string_view> importers;
        for (const Importer* importer : allImporters()) {
            QVERIFY2(importers.insert(importer->name).second, importer->name.data());
            QCOMPARE(importerNamed(importer->name), importer);
        }
    }

    // Every algorithm, every token scheme on the ring and every key hash appear in the samples.
    void samplesCoverTheRegistry() {
        std::set<Algorithm> algorithms;
        std::set<TokenScheme> schemes;
        std::set<HashKind> hashes;
        for (const Sample& sample : registrySamples()) {
            algorithms.insert(sample.scenario.algorithm);
            if (moduleOf(sample.scenario.algorithm).traits().ring) {
                schemes.insert(sample.scenario.tokenScheme);
            }
            hashes.insert(keyHashingOf(sample.scenario).hash);
        }
        QCOMPARE(algorithms.size(), std::size(kAlgorithms));
        QCOMPARE(schemes.size(), std::size(kTokenSchemes));
        QCOMPARE(hashes.size(), std::size(kKeyHashes));
    }

    // The scenario file's value and back gives the same scenario, the modules' parameters
    // included; writing it again gives the same value.
    void roundTripsThroughTheFile_data() { addSampleRows(); }
    void roundTripsThroughTheFile() {
        QFETCH(Scenario, scenario);
        const json::Value value = scenarioToValue(scenario);
        const Scenario back = scenarioFromValue(value);
        QVERIFY(back == scenario);
        QVERIFY(scenarioToValue(back) == value);
    }

    // Every object of the file, the modules' own included, refuses a member no reader knows,
    // named where it stands (a misspelling is never skipped).
    void unknownMembersAreRefused_data() { addSampleRows(); }
    void unknownMembersAreRefused() {
        QFETCH(Scenario, scenario);
        const json::Object file = scenarioToValue(scenario).toObject();
        const auto refusedAt = [](json::Object o) {
            try {
                scenarioFromValue(json::Value(std::move(o)));
            } catch (const InputError& e) {
                return QString::fromStdString(e.where() + ": " + e.message());
            }
            return QStringLiteral("(read)");
        };
        const auto refusal = [](const std::string& where) {
            return QString::fromStdString(where + ": unknown field (known: ");
        };
        json::Object top = file;
        top.set("extraMember", 1);
        QVERIFY2(refusedAt(top).startsWith(refusal("extraMember")), qPrintable(refusedAt(top)));
        for (const auto& [key, value] : file.members()) {
            if (!value.isObject()) {
                continue;
            }
            json::Object inner = value.toObject();
            inner.set("extraMember", 1);
            json::Object o = file;
            o.set(key, inner);
            QVERIFY2(refusedAt(o).startsWith(refusal(key + ".extraMember")),
                     qPrintable(refusedAt(o)));
        }
        if (!scenario.nodes.empty()) {
            json::Array nodes = file["nodes"].toArray();
            json::Object node = nodes[0].toObject();
            node.set("extraMember", 1);
            nodes[0] = node;
            json::Object o = file;
            o.set("nodes", nodes);
            QVERIFY2(refusedAt(o).startsWith(refusal(nodeWhere(scenario, 0) + ".extraMember")),
                     qPrintable(refusedAt(o)));
        }
    }

    // What assign() gives (a module's whole-set sweep, or key by key) is what route() gives for
    // each key.
    void routeIsTheAssignment_data() { addSampleRows(); }
    void routeIsTheAssignment() {
        QFETCH(Scenario, scenario);
        const PlacedScenario placed(scenario);
        QCOMPARE(placed.assignment.replicas, placed.placement.replicas());
        if (placed.placement.routesKeysAlone()) {
            QVERIFY(placed.assignment.owners ==
                    routed(placed.placement, placed.keys, placed.hashed));
            QVERIFY(placed.assignment.owners ==
                    assignPerKey(placed.placement, placed.keys.names, placed.hashed).owners);
        } else {
            // Placed together (bounded loads): where each key landed, its first choice routed.
            const auto bounded = placed.placement.boundedLoads(placed.hashed);
            QVERIFY(bounded.has_value());
            QVERIFY(placed.assignment.owners == bounded->owner);
            QVERIFY(bounded->firstChoice == routed(placed.placement, placed.keys, placed.hashed));
        }
        // Every key lands on a node, and the placement's shares add up to one.
        for (const uint32_t owner : placed.assignment.owners) {
            QVERIFY(owner < placed.placement.nodes().size());
        }
        const std::vector<double> shares = placed.placement.targetShares();
        QCOMPARE(shares.size(), placed.placement.nodes().size());
        QVERIFY(std::abs(std::accumulate(shares.begin(), shares.end(), 0.0) - 1.0) < 1e-9);
    }

    // A down node against brute force. Under "next live" each key's preference order is what
    // the placement gives with every node as a replica; its serving owners are the first R live
    // nodes of it. Under "promote a replica" a down node keeps its keys.
    void failoverIsTheFirstLiveNodes_data() { addSampleRows(); }
    void failoverIsTheFirstLiveNodes() {
        QFETCH(Scenario, scenario);
        if (scenario.boundedLoadPercent) {
            QSKIP("bounded loads do not model down nodes (validate refuses them)");
        }
        const AlgorithmModule& module = algorithmOf(scenario);
        const PlacedScenario up(scenario);
        Scenario downScenario = scenario;
        downScenario.nodes[1].down = true;
        const PlacedScenario down(downScenario);
        const size_t r = up.placement.replicas();
        switch (module.traits().failover) {
            case FailoverRule::PromoteReplica:
                QVERIFY(down.assignment.owners == up.assignment.owners);
                QVERIFY(down.placement.servesNothing().empty());
                break;
            case FailoverRule::NextLive: {
                Scenario everyNode = scenario;
                everyNode.replicas = static_cast<int64_t>(scenario.nodes.size());
                everyNode.zoneAware = false;
                const PlacedScenario order(everyNode);
                const size_t n = scenario.nodes.size();
                for (size_t k = 0; k < up.keys.size(); ++k) {
                    std::vector<uint32_t> expected;
                    for (size_t i = 0; i < n && expected.size() < r; ++i) {
                        const uint32_t node = order.assignment.owners[k * n + i];
                        if (node != 1) {
                            expected.push_back(node);
                        }
                    }
                    const auto got = down.assignment.ownersOf(k);
                    QVERIFY2(std::equal(got.begin(), got.end(), expected.begin(), expected.end()),
                             up.keys.names[k].c_str());
                }
                break;
            }
        }
        QCOMPARE(failoverRule(scenario.algorithm), module.traits().failover);
    }

    // What the scenario costs is counted before anything is built: within the defaults, each
    // amount refused by a limit lowered under it, naming the field and the way to raise it.
    void costsAreCountedAndLimited_data() { addSampleRows(); }
    void costsAreCountedAndLimited() {
        QFETCH(Scenario, scenario);
        checkWork(scenario, Limits());
        const Work work = workOf(scenario);
        QVERIFY(!work.build.empty());
        QVERIFY(!work.perKey.empty());
        QVERIFY(workUnits(scenario, 1000, false) > workUnits(scenario, 1000, true));
        for (const WorkItem& item : work.build) {
            if (item.amount == 0) {
                continue;
            }
            Limits tight;
            tight.set(item.limit, item.amount - 1);
            try {
                checkPlacementWork(scenario, tight);
                QFAIL(qPrintable(QString::fromLatin1(limitName(item.limit).data())));
            } catch (const InputError& e) {
                QVERIFY(e.waiver().has_value());
                QCOMPARE(e.waiver()->limit, item.limit);
                QVERIFY(std::string(e.what()).find(limitName(item.limit)) != std::string::npos);
            }
        }
        for (const WorkItem& item : work.perKey) {
            Limits tight;
            tight.set(item.limit, item.amount * 10 - 1);
            QVERIFY(!errorOf([&] {
                         checkKeyWork(scenario, KeyVolume{10, 100, 10}, tight);
                     }).isEmpty());
            QVERIFY(errorOf([&] {
                        checkKeyWork(scenario, KeyVolume{10, 100, 10}, Limits());
                    }).isEmpty());
        }
    }

    // The comparison and the views place a scenario under every algorithm: what withAlgorithm
    // gives is a valid scenario of that algorithm, and comes back when switched again.
    // A scheme's tokens are its nodePoints' walk: each node placed gets the tokens its points
    // count (Envoy's ring: at most its bound), and its cost is their sum.
    void tokensFollowTheirNodePoints() {
        for (const auto& row : kTokenSchemes) {
            Scenario s = test::sampleScenario(
                Algorithm::Ring, row.value, row.module().traits().keyHash.value_or(HashKind::Md5));
            s.nodes[1].tokens = {5, 6, 7};  // an explicit node: not the scheme's to place
            s.nodes[1].vnodes.reset();
            const std::vector<TokenSchemeModule::NodePoints> points = row.module().nodePoints(s);
            std::vector<uint64_t> placed(s.nodes.size(), 0);
            for (const RingToken& t : row.module().tokens(s)) {
                ++placed[t.node];
            }
            QCOMPARE(placed[1], uint64_t(3));
            uint64_t sum = 0;
            std::vector<bool> listed(s.nodes.size(), false);
            for (const auto& p : points) {
                QVERIFY2(p.node != 1, row.name().data());
                listed[p.node] = true;
                sum += p.tokens;
                QVERIFY2(p.tokens > 0 && p.nameBytes >= p.tokens, row.name().data());
                if (row.value == TokenScheme::Envoy) {
                    QVERIFY2(placed[p.node] > 0 && placed[p.node] <= p.tokens, row.name().data());
                } else {
                    QCOMPARE(placed[p.node], p.tokens);
                }
            }
            QCOMPARE(size_t(std::count(listed.begin(), listed.end(), true)), s.nodes.size() - 1);
            QCOMPARE(row.module().cost(s).tokens, sum);
        }
    }

    void everyAlgorithmTakesEveryScenario_data() { addSampleRows(); }
    void everyAlgorithmTakesEveryScenario() {
        QFETCH(Scenario, scenario);
        for (const auto& row : kAlgorithms) {
            const Scenario as = asAlgorithm(scenario, row.value);
            QCOMPARE(as.algorithm, row.value);
            QCOMPARE(as.replicas, int64_t{1});
            QVERIFY(!as.boundedLoadPercent || row.module().traits().boundedLoads);
            try {
                const PlacedScenario placed(as);
                QCOMPARE(placed.assignment.size(), placed.keys.size());
            } catch (const InputError& e) {
                // Only what the algorithm cannot place with these nodes (Redis Cluster's slots
                // owned by nodes that are gone, say) may refuse; the message says why.
                QVERIFY(!std::string(e.what()).empty());
            }
        }
    }

    // The key hashes: a value for every key text they take, written back as their system writes
    // it; identity takes only numbers.
    void everyKeyHashHashes() {
        for (const auto& row : kKeyHashes) {
            const KeyHashModule& hash = row.module();
            const std::string key = hash.traits().keysArePositions ? "42" : "session-42";
            const KeyHashing hashing{row.value, kSpace64, KeyEncoding::Utf8};
            const auto value = hash.hashText(key, hashing);
            QVERIFY2(value.has_value(), row.name().data());
            QCOMPARE(hashKey(row.value, key), value);
            QVERIFY(!hash.format(*value).empty());
            if (hash.traits().keysArePositions) {
                QVERIFY(!hash.hashText("forty-two", hashing));
                QVERIFY(!hash.rejection("forty-two", hashing).empty());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestRegistry)
#include "tst_registry.moc"
