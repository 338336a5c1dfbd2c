// The verdict (app/analysis/verdict.h): every algorithm but the lesson-only ones, each number the
// same as the core's own placement of the same keys, and each sentence of the table true of the
// case it describes.
#include <QTest>

#include <algorithm>
#include <cmath>

#include "placed.h"
#include "ringscope/stats.h"
#include "verdict.h"
#include "verdicttable.h"

using namespace ringscope;

namespace {

// Eight nodes host:port, 10,000 keys under xxh64 (jump's and the in-place algorithms' hash).
Scenario eightNodes() {
    Scenario s;
    s.keyHash = HashKind::Xxh64;
    for (int n = 0; n < 8; ++n) {
        NodeSpec node;
        node.id = "10.0.0." + std::to_string(n + 1) + ":11211";
        node.vnodes = 160;
        s.nodes.push_back(node);
    }
    s.keys.pattern = "user:{i}";
    s.keys.count = 10000;
    return s;
}

const VerdictRow& rowOf(const Verdict& v, Algorithm algorithm) {
    const auto it = std::find_if(v.rows.begin(), v.rows.end(),
                                 [&](const VerdictRow& r) { return r.algorithm == algorithm; });
    if (it == v.rows.end()) {
        qFatal("no row for %s", algorithmName(algorithm).data());
    }
    return *it;
}

Verdict verdictOf(const Scenario& s) {
    VerdictInput input;
    input.scenario = s;
    input.keys = std::make_shared<const KeySet>(generateKeys(s.keys));
    input.repeats = 3;
    input.runTime = std::chrono::milliseconds(2);
    return computeVerdict(input);
}

}  // namespace

class TestVerdict : public QObject {
    Q_OBJECT
private slots:
    void everyAlgorithmButLessonOnes() {
        const Verdict v = verdictOf(eightNodes());
        QCOMPARE(v.nodes, size_t{8});
        QCOMPARE(v.keysUsed, size_t{10000});
        QVERIFY(!v.sampled());
        QCOMPARE(v.last, std::string("10.0.0.8:11211"));
        QCOMPARE(v.middle, std::string("10.0.0.5:11211"));
        QCOMPARE(v.rows.size(), verdictAlgorithms().size());
        for (const VerdictRow& r : v.rows) {
            QVERIFY(!moduleOf(r.algorithm).traits().lessonOnly);
        }
        QVERIFY(std::none_of(v.rows.begin(), v.rows.end(), [](const VerdictRow& r) {
            return r.algorithm == Algorithm::NaiveDivRendezvous;
        }));
    }

    // Balance, memory and moves are the core's numbers for the same keys.
    void numbersAreTheCores() {
        const Scenario s = eightNodes();
        const Verdict v = verdictOf(s);
        const KeySet keys = generateKeys(s.keys);
        for (const VerdictRow& r : v.rows) {
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QVERIFY(r.lookupNs > 0);
            QVERIFY(r.timedKeys >= 64);
            const Scenario as = asAlgorithm(s, r.algorithm);
            const HashedKeys hashed = hashKeys(keys, keyHashingOf(as));
            const Placed placed = placeKeys(as, keys, hashed);
            QCOMPARE(r.lookupBytes, placed.placement.lookupBytes());
            const Stats stats = computeStats(placed.placement, placed.assignment, keys);
            QCOMPARE(r.balance, stats.keys.maxOverIdeal);
            const NodeMoves add = nodeAddedMoves(as, keys, hashed, placed);
            QCOMPARE(r.add.moved, add.moved);
            QCOMPARE(r.add.movedElsewhere, add.movedElsewhere);
            QCOMPARE(r.monotone, std::optional<bool>(add.movedElsewhere == 0));
        }
        // What each structure holds: Maglev's table of 65,537 entries of 4 bytes, AnchorHash's
        // five arrays over a = 2N = 16 buckets, DxHash's flag per bucket, Redis Cluster's owner
        // per slot; jump, JumpBack, mod-N and HRW keep nothing.
        QCOMPARE(rowOf(v, Algorithm::Maglev).lookupBytes, size_t{65537 * 4});
        QCOMPARE(rowOf(v, Algorithm::Anchor).lookupBytes, size_t{5 * 16 * 4});
        QCOMPARE(rowOf(v, Algorithm::Dx).lookupBytes, size_t{16});
        QCOMPARE(rowOf(v, Algorithm::RedisCluster).lookupBytes, size_t{16384 * 4});
        QCOMPARE(rowOf(v, Algorithm::MultiProbe).lookupBytes, size_t{8 * 16});
        // MementoHash keeps a table of the removed buckets alone: none yet.
        for (const Algorithm a : {Algorithm::Jump, Algorithm::JumpBack, Algorithm::ModN,
                                  Algorithm::Rendezvous, Algorithm::Memento}) {
            QCOMPARE(rowOf(v, a).lookupBytes, size_t{0});
        }
        // 8 nodes x 160 vnodes: 1,280 tokens of 16 bytes, with the radix index and the replica
        // table on top.
        QVERIFY(rowOf(v, Algorithm::Ring).lookupBytes > size_t{1280 * 16});
    }

    // The verdict's point: who can lose a middle node. Jump renumbers the nodes after it; the
    // in-place algorithms, the ring and HRW move the removed node's keys alone.
    void middleRemovals() {
        const Verdict v = verdictOf(eightNodes());
        const VerdictRow& jump = rowOf(v, Algorithm::Jump);
        QCOMPARE(jump.anyRemoval, std::optional<bool>(false));
        QVERIFY(jump.removeMiddle.overIdeal(v.keysUsed) > 2);
        QCOMPARE(jump.removeMiddle.node, v.middle);
        // Removing the last bucket is what jump is for.
        QCOMPARE(jump.removeLast.movedElsewhere, size_t{0});
        QCOMPARE(jump.monotone, std::optional<bool>(true));
        for (const Algorithm a : {Algorithm::Anchor, Algorithm::Memento, Algorithm::Dx,
                                  Algorithm::Ring, Algorithm::Rendezvous}) {
            const VerdictRow& r = rowOf(v, a);
            QVERIFY2(r.anyRemoval == std::optional<bool>(true), algorithmName(a).data());
            QVERIFY2(r.monotone == std::optional<bool>(true), algorithmName(a).data());
            QCOMPARE(r.removeMiddle.movedElsewhere, size_t{0});
            QVERIFY(r.removeMiddle.moved > 0);
        }
        // mod-N moves almost everything, whichever change.
        const VerdictRow& modN = rowOf(v, Algorithm::ModN);
        QCOMPARE(modN.monotone, std::optional<bool>(false));
        QVERIFY(modN.add.moved > v.keysUsed / 2);
        // Redis Cluster's default split (redis-cli's) is made again over the masters left.
        const VerdictRow& redis = rowOf(v, Algorithm::RedisCluster);
        QCOMPARE(redis.anyRemoval, std::optional<bool>(false));
        QVERIFY(redis.removeMiddle.movedElsewhere > 0);
        // Names: the id decides under the ring, HRW and Maglev; the place under the buckets.
        for (const VerdictRow& r : v.rows) {
            const bool buckets =
                r.algorithm == Algorithm::Jump || r.algorithm == Algorithm::JumpBack ||
                r.algorithm == Algorithm::ModN || r.algorithm == Algorithm::Anchor ||
                r.algorithm == Algorithm::Memento || r.algorithm == Algorithm::Dx ||
                r.algorithm == Algorithm::Elasticsearch || r.algorithm == Algorithm::Mcrouter;
            const auto expected = r.algorithm == Algorithm::RedisCluster ? VerdictRow::Names::Slots
                                  : buckets                              ? VerdictRow::Names::Place
                                                                         : VerdictRow::Names::Id;
            QVERIFY2(r.names == expected, algorithmName(r.algorithm).data());
        }
    }

    // Each sentence says the numbers of the case it describes.
    void sentencesAreTrue() {
        const Verdict v = verdictOf(eightNodes());
        const VerdictRow& jump = rowOf(v, Algorithm::Jump);
        const QString middle = verdict::tip(v, jump, verdict::Column::AnyRemoval);
        QVERIFY2(middle.contains(QString::fromStdString(v.middle)), qPrintable(middle));
        QVERIFY2(middle.contains(
                     QLocale::system().toString(qulonglong(jump.removeMiddle.movedElsewhere))),
                 qPrintable(middle));
        QVERIFY(middle.contains(QStringLiteral("also moves")));
        const QString anchor =
            verdict::tip(v, rowOf(v, Algorithm::Anchor), verdict::Column::AnyRemoval);
        QVERIFY2(anchor.contains(QStringLiteral("its own keys alone")), qPrintable(anchor));
        const QString memory = verdict::tip(v, rowOf(v, Algorithm::Jump), verdict::Column::Memory);
        QVERIFY2(memory.contains(QStringLiteral("no structure")), qPrintable(memory));
        // The add cell: the count and its ratio to the ideal, as the tip says them.
        const VerdictRow& ring = rowOf(v, Algorithm::Ring);
        const QString add = verdict::cell(v, ring, verdict::Column::Add);
        QVERIFY2(add.startsWith(QLocale::system().toString(qulonglong(ring.add.moved))),
                 qPrintable(add));
        QVERIFY(verdict::header(v, verdict::Column::Add)
                    .contains(QString::fromStdString(ring.add.node)));
        QVERIFY(verdict::tip(v, ring, verdict::Column::Balance)
                    .contains(QString::fromStdString(ring.busiest)));
        // Rows without a value sort last; yes above no.
        const Verdict single = verdictOf([] {
            Scenario one = eightNodes();
            one.nodes.resize(1);
            return one;
        }());
        QVERIFY(std::isinf(verdict::sortValue(single, rowOf(single, Algorithm::Ring),
                                              verdict::Column::RemoveMiddle)));
        QCOMPARE(
            verdict::cell(single, rowOf(single, Algorithm::Ring), verdict::Column::RemoveMiddle),
            QStringLiteral("—"));
        QVERIFY(verdict::sortValue(v, jump, verdict::Column::AnyRemoval) <
                verdict::sortValue(v, ring, verdict::Column::AnyRemoval));
    }

    // In-place removals already made, and a single working node: the last node is the last one
    // still working, and with one working node nothing is removed.
    void removedNodesAndOneNode() {
        Scenario s = eightNodes();
        s.algorithm = Algorithm::Anchor;
        Scenario anchored = asAlgorithm(s, Algorithm::Anchor);
        moduleOf(Algorithm::Anchor).removeInPlace(anchored, 7);
        const Verdict v = verdictOf(anchored);
        QCOMPARE(v.nodes, size_t{7});
        QCOMPARE(v.last, std::string("10.0.0.7:11211"));
        const VerdictRow& anchor = rowOf(v, Algorithm::Anchor);
        QCOMPARE(anchor.add.node, std::string("10.0.0.9:11211"));
        QCOMPARE(anchor.monotone, std::optional<bool>(true));
        // Every other algorithm places the seven nodes that take keys.
        QCOMPARE(rowOf(v, Algorithm::Ring).removeLast.node, v.last);
        QCOMPARE(rowOf(v, Algorithm::Ring).add.node, std::string("10.0.0.8:11211"));
        // The added nodes' names differ (AnchorHash's list still holds 10.0.0.8): the heading
        // names none.
        QCOMPARE(verdict::header(v, verdict::Column::Add), QStringLiteral("Add a node"));
        QCOMPARE(rowOf(v, Algorithm::Memento).lookupBytes, size_t{0});
        // With a bucket of its own removed, MementoHash's table holds its entry: 16 slots of 16
        // bytes, the least the table takes.
        Scenario memento = asAlgorithm(eightNodes(), Algorithm::Memento);
        moduleOf(Algorithm::Memento).removeInPlace(memento, 2);
        const Verdict m = verdictOf(memento);
        QCOMPARE(rowOf(m, Algorithm::Memento).lookupBytes, size_t{16 * 16});
        QCOMPARE(rowOf(m, Algorithm::Memento).anyRemoval, std::optional<bool>(true));

        Scenario one = eightNodes();
        one.nodes.resize(1);
        const Verdict single = verdictOf(one);
        QVERIFY(single.middle.empty());
        for (const VerdictRow& r : single.rows) {
            if (r.error.isEmpty()) {
                QVERIFY(!r.removeMiddle.error.isEmpty());
                QVERIFY(!r.anyRemoval);
            }
        }
    }

    // The nodes removed are up: a down node's keys have gone on already. Removing a middle
    // bucket of AnchorHash's own table (bucket 2 removed before) moves exactly that node's keys,
    // counted here from the core's own placement, the node found by its id.
    void upNodesAndOwnBuckets() {
        Scenario s = asAlgorithm(eightNodes(), Algorithm::Anchor);
        moduleOf(Algorithm::Anchor).removeInPlace(s, 2);
        s.nodes[7].down = true;
        s.nodes[4].down = true;
        const Verdict v = verdictOf(s);
        QCOMPARE(v.last, std::string("10.0.0.7:11211"));
        QVERIFY2(v.middle == "10.0.0.4:11211", v.middle.c_str());
        const VerdictRow& anchor = rowOf(v, Algorithm::Anchor);
        QCOMPARE(anchor.removeMiddle.node, v.middle);
        const KeySet keys = generateKeys(s.keys);
        const Placed placed = placeKeys(s, keys, hashKeys(keys, keyHashingOf(s)));
        size_t held = 0;
        for (size_t k = 0; k < keys.size(); ++k) {
            held += placed.placement.nodeIds()[placed.assignment.primary(k)] == v.middle;
        }
        QVERIFY(held > 0);
        QCOMPARE(anchor.removeMiddle.moved, held);
        QCOMPARE(anchor.anyRemoval, std::optional<bool>(true));
        // Every other algorithm: the middle node's keys alone for the ring too.
        QCOMPARE(rowOf(v, Algorithm::Ring).anyRemoval, std::optional<bool>(true));
    }

    // An algorithm that ignores weights is measured against the equal shares it gives: HRW over
    // nodes of weights 1 and 2 still moves about the ideal (w/Σw would call it 0.6×).
    void weightsItIgnores() {
        Scenario s = eightNodes();
        s.nodes[4].weight = 2;
        const Verdict v = verdictOf(s);
        const VerdictRow& hrw = rowOf(v, Algorithm::Rendezvous);
        QVERIFY2(std::fabs(hrw.removeMiddle.overIdeal(v.keysUsed) - 1) < 0.1,
                 qPrintable(verdict::cell(v, hrw, verdict::Column::RemoveMiddle)));
        QVERIFY(hrw.balance < 1.1);
        // Weighted HRW takes them: node 4 holds about twice a share.
        const VerdictRow& weighted = rowOf(v, Algorithm::WeightedRendezvous);
        QVERIFY(std::fabs(weighted.removeMiddle.overIdeal(v.keysUsed) - 1) < 0.1);
    }

    // No keys: nothing timed, nothing claimed.
    void noKeys() {
        Scenario s = eightNodes();
        s.keys.count = 0;
        const Verdict v = verdictOf(s);
        QCOMPARE(v.keysUsed, size_t{0});
        for (const VerdictRow& r : v.rows) {
            QCOMPARE(r.timedKeys, size_t{0});
            QVERIFY(!r.anyRemoval && !r.monotone);
            QCOMPARE(verdict::cell(v, r, verdict::Column::Lookup), QStringLiteral("—"));
            QCOMPARE(verdict::cell(v, r, verdict::Column::AnyRemoval), QStringLiteral("—"));
        }
    }

    // The keys counted stay within the work budget: HRW over many nodes samples the first keys.
    void samplesWithinWork() {
        Scenario s = eightNodes();
        s.keys.count = 200000;
        VerdictInput input;
        input.scenario = s;
        input.keys = std::make_shared<const KeySet>(generateKeys(s.keys));
        input.maxWork = 2'000'000;
        input.repeats = 1;
        input.runTime = std::chrono::milliseconds(1);
        const Verdict v = computeVerdict(input);
        QVERIFY(v.sampled());
        QCOMPARE(v.keysTotal, size_t{200000});
        QVERIFY(v.keysUsed < v.keysTotal);
        QVERIFY(verdict::summary(v).contains(QStringLiteral("200,000")) ||
                verdict::summary(v).contains(QLocale::system().toString(200000)));
    }
};

QTEST_GUILESS_MAIN(TestVerdict)
#include "tst_verdict.moc"
