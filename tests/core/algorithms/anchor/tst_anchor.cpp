// AnchorHash against the authors' AnchorHashQre (anchorhash/cpp-anchorhash @ 3ef98f0), built
// with g++ on this machine: no published vectors exist, so data/anchor-vectors.txt was captured
// by data/capture/capture.sh (the reference's sources unmodified, a driver of ours): 500 keys
// in 12 states — removals in the middle, at the end, several in a row, capacity full, half the
// buckets removed. The capture also checked the scenario's model: one object driven by removals
// and additions equals, after every step, a fresh one built from (capacity, nodes, removed).
#include <QTest>

#include "algorithms/anchor/anchor.h"
#include "algorithms/anchor/anchor_reference.h"
#include "algorithms/anchor/anchorplacement.h"
#include "removedbucketstest.h"

using namespace ringscope;

class TestAnchor : public QObject {
    Q_OBJECT
private slots:
    // crc32q (the reference's inline `crc32q key, seed`): the raw CRC-32C without inversions.
    void crc32q() {
        QCOMPARE(anchorCrc(0, 0), 0u);
        QCOMPARE(anchorCrc(1, 0), 0x493c7d27u);
        // The instruction and ISA-L agree.
        SplitMix64 rng(3);
        for (int i = 0; i < 100'000; ++i) {
            const uint64_t key = rng.next();
            const uint64_t seed = rng.next();
            QCOMPARE(anchorCrc(key, seed), anchorCrcPortable(key, seed));
        }
        QCOMPARE(anchorCrcPortable(1, 0), 0x493c7d27u);
        // Only the seed's low 32 bits count.
        QCOMPARE(anchorCrc(0x0123456789abcdefull, 0xffffffff00000007ull),
                 anchorCrc(0x0123456789abcdefull, 7));
    }

    void referenceVectors() {
        const test::ReferenceVectors v = test::readReferenceVectors(
            QStringLiteral("tests/core/algorithms/anchor/data/anchor-vectors.txt"));
        QCOMPARE(v.keys.size(), size_t{500});
        QCOMPARE(v.states.size(), size_t{12});
        test::checkVectorsThroughTable(
            v, [](const auto& state) { return AnchorTable(state.capacity, state.nodes); },
            [](const AnchorTable& table, uint64_t key, uint32_t bucket) {
                const std::vector<AnchorStep> path = table.path(key);
                QCOMPARE(path.back().bucket, bucket);
                QCOMPARE(path.back().size, 0u);
            });
        test::checkVectorsThroughPlacement("anchor", v, true);
    }

    // UpdateNewBucket undoes the last removal: A, K and the lookups are as before it.
    void addUndoesTheLastRemoval() {
        AnchorTable table(20, 10);
        AnchorTable fresh(20, 10);
        table.remove(3);
        table.remove(9);
        QCOMPARE(table.add(), 9u);
        QCOMPARE(table.add(), 3u);
        QCOMPARE(table.add(), 10u);
        AnchorTable eleven(20, 11);
        for (uint32_t b = 0; b < 20; ++b) {
            QCOMPARE(table.size(b), eleven.size(b));
            QCOMPARE(table.successor(b), eleven.successor(b));
        }
    }

    // The literal port of the reference (anchor_reference.h, the benchmarks' baseline) agrees on
    // random states: 50 tables, up to 3/4 of their buckets removed in a random order.
    void agreesWithTheLiteralPort() {
        struct Both {
            AnchorTable table;
            reference::AnchorHashQre port;
        };
        test::checkAgainstLiteralPort(
            5,
            [](uint32_t n, uint32_t a) {
                return Both{AnchorTable(a, n), reference::AnchorHashQre(a, n)};
            },
            [](Both& both, uint32_t b) {
                both.table.remove(b);
                both.port.UpdateRemoval(b);
            },
            [](const Both& both, uint64_t key) {
                return std::pair<int64_t, int64_t>(both.table.bucketOf(key),
                                                   both.port.ComputeBucket(key, 0));
            });
    }

    void properties() { test::checkInPlaceProperties("anchor"); }

    // "anchor": {"capacity", "removed"} read and checked where it stands; a full table refuses a
    // new node; the capacity is pinned by the first edit.
    void parametersInTheFile() {
        QCOMPARE(test::errorOf([] {
                     test::inPlaceScenario("anchor", 5, json::Object{{"capacity", 4}}, 1);
                 }),
                 QStringLiteral("anchor.capacity: capacity 4 is less than the 5 nodes (removed "
                                "ones count)"));
        QCOMPARE(test::errorOf([] {
                     test::inPlaceScenario(
                         "anchor", 5, json::Object{{"removed", json::Array{"10.0.1.9:6379"}}}, 1);
                 }),
                 QStringLiteral("anchor.removed[0]: \"10.0.1.9:6379\" is no node's id"));
        QCOMPARE(
            test::errorOf([] {
                test::inPlaceScenario(
                    "anchor", 2,
                    json::Object{{"removed", json::Array{"10.0.1.0:6379", "10.0.1.1:6379"}}}, 1);
            }),
            QStringLiteral("anchor.removed: 0 working nodes are up, fewer than the 1 the replicas "
                           "need; bring a node back or lower replicas"));
        Scenario full = test::inPlaceScenario("anchor", 3, json::Object{{"capacity", 3}}, 1);
        const AlgorithmModule& module = moduleOf(full.algorithm);
        QVERIFY(test::errorOf([&] { module.addNode(full, NodeSpec{}); }).contains("capacity"));
        Scenario s = test::inPlaceScenario("anchor", 4, {}, 1);
        QVERIFY(module.removeInPlace(s, 1));
        QVERIFY(s.params.get<AnchorParams>().capacity == std::optional<uint32_t>(8));
        // A placement never hands a key to the removed bucket, nor counts it in the shares.
        const Placement p = Placement::build(s);
        const std::vector<double> shares = p.targetShares();
        QCOMPARE(shares[1], 0.0);
        QCOMPARE(shares[0], 1.0 / 3);
    }
};

QTEST_GUILESS_MAIN(TestAnchor)
#include "tst_anchor.moc"
