// The analysis library (app/analysis) on its own, without a window: the comparison for every
// registered placement against a direct key-by-key count, jump's two removal repairs and its
// addition against jumpHash, the mod-N change against h mod N, the failover summary, and the
// change descriptions.
#include <QTest>

#include <set>

#include "algorithms/jump/jump.h"
#include "algorithms/jump/jumpplacement.h"
#include "comparison.h"
#include "failoversummary.h"
#include "jumpanalysis.h"
#include "membershipchange.h"
#include "modnanalysis.h"
#include "placed.h"
#include "registrysamples.h"
#include "removedbucketsanalysis.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/keyset.h"
#include "scenarioedits.h"

using namespace ringscope;
using namespace Qt::StringLiterals;

namespace {

Scenario plainScenario(Algorithm algorithm, int nodes, uint64_t keys) {
    Scenario s;
    s.keyHash = HashKind::Xxh64;
    for (int n = 0; n < nodes; ++n) {
        NodeSpec node;
        node.id = "10.0.0." + std::to_string(n + 1) + ":11211";
        s.nodes.push_back(node);
    }
    s.keys.pattern = "user:{i}:profile";
    s.keys.count = keys;
    return withAlgorithm(s, algorithm);
}

// Keys whose primary node id differs between two scenarios, placed directly.
size_t movedDirectly(const Scenario& before, const Scenario& after, const KeySet& keys,
                     size_t* fromGone = nullptr) {
    const Placed a = placeKeys(before, keys, hashKeys(keys, keyHashingOf(before)));
    const Placed b = placeKeys(after, keys, hashKeys(keys, keyHashingOf(after)));
    std::set<std::string> stay;
    for (const NodeInfo& n : b.placement.nodes()) {
        stay.insert(n.id);
    }
    size_t moved = 0, gone = 0;
    for (size_t k = 0; k < keys.size(); ++k) {
        const std::string& from = a.placement.nodes()[a.assignment.primary(k)].id;
        const std::string& to = b.placement.nodes()[b.assignment.primary(k)].id;
        moved += from != to ? 1 : 0;
        gone += from != to && !stay.contains(from) ? 1 : 0;
    }
    if (fromGone) {
        *fromGone = gone;
    }
    return moved;
}

// A bucket table (bucket -> node index) as node ids.
std::vector<std::string> idsOf(const Scenario& s, const std::vector<uint32_t>& table) {
    std::vector<std::string> ids;
    for (const uint32_t node : table) {
        ids.push_back(s.nodes[node].id);
    }
    return ids;
}

size_t movedByJump(const HashedKeys& hashed, const std::vector<std::string>& before,
                   const std::vector<std::string>& after) {
    size_t moved = 0;
    for (const uint64_t h : hashed.hash64) {
        moved += before[size_t(jumpHash(h, int32_t(before.size())))] !=
                         after[size_t(jumpHash(h, int32_t(after.size())))]
                     ? 1
                     : 0;
    }
    return moved;
}

}  // namespace

class TestAnalysis : public QObject {
    Q_OBJECT
private slots:
    // Every registered placement (registrysamples.h), its second node removed as the window
    // removes one: the comparison's moved keys are those a direct placement moves, and the keys
    // it says came from the removed node are those whose old owner is gone.
    void comparisonCountsEveryPlacement_data() {
        QTest::addColumn<int>("sample");
        const auto samples = test::registrySamples();
        for (size_t i = 0; i < samples.size(); ++i) {
            QTest::newRow(samples[i].name.c_str()) << int(i);
        }
    }
    void comparisonCountsEveryPlacement() {
        QFETCH(int, sample);
        const Scenario before = test::registrySamples()[size_t(sample)].scenario;
        Scenario after = before;
        edits::removeNode(after, 1);
        ComparisonInput input;
        input.before = before;
        input.after = after;
        const auto keys = std::make_shared<const KeySet>(generateKeys(before.keys));
        input.keys = keys;
        input.algorithms = {ComparedAlgorithm(before.algorithm, before.boundedLoadPercent)};
        const ComparisonResult r = compareAlgorithms(input);
        QCOMPARE(r.keysUsed, keys->size());
        QCOMPARE(r.algorithms.size(), size_t(1));
        const AlgorithmResult& a = r.algorithms.front();
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        QVERIFY(a.diff.has_value());
        size_t fromGone = 0;
        QCOMPARE(a.diff->primaryMoved, movedDirectly(before, after, *keys, &fromGone));
        QCOMPARE(a.movedFromGone, fromGone);
        QCOMPARE(a.movedToNew, size_t(0));  // a removal brings no node
        QCOMPARE(r.change,
                 QStringLiteral("removed %1").arg(QString::fromStdString(before.nodes[1].id)));
    }

    // The comparison samples by the core's cost model (workUnits): as many first keys as keep
    // the work of every compared placement, before and after, within the budget, and no more.
    void comparisonSamplesByWorkUnits() {
        const Scenario before = test::registrySamples().front().scenario;
        Scenario after = before;
        edits::removeNode(after, 1);
        ComparisonInput input;
        input.before = before;
        input.after = after;
        input.keys = std::make_shared<const KeySet>(generateKeys(before.keys));
        const size_t total = input.keys->size();
        QVERIFY(total > 10);
        QVERIFY(comparesChange(input));
        QCOMPARE(compareAlgorithms(input).keysUsed, total);  // a small scenario is whole

        // Before and after both count: the cost of a change is the no-change cost and more.
        ComparisonInput still = input;
        still.after = before;
        QVERIFY(!comparesChange(still));
        QVERIFY(comparisonWork(still, 10) < comparisonWork(input, 10));
        // An HRW placement costs its digests (20 units per node per key) on top of the hashing.
        ComparisonInput hrw = still;
        hrw.algorithms = {Algorithm::Rendezvous};
        QCOMPARE(comparisonWork(hrw, 11) - comparisonWork(hrw, 10),
                 uint64_t(8 + 20 * before.nodes.size()));

        for (const size_t want : {size_t(1), size_t(7), total / 2, total - 1}) {
            input.maxWork = comparisonWork(input, want);
            QCOMPARE(compareAlgorithms(input).keysUsed, want);
            input.maxWork -= 1;  // one unit short of `want` keys
            QCOMPARE(compareAlgorithms(input).keysUsed, std::max<size_t>(1, want - 1));
        }
        input.maxWork = 0;  // nothing fits: the first key still shows
        QCOMPARE(compareAlgorithms(input).keysUsed, size_t(1));
    }

    // Jump's removal under both repairs equals a count with jumpHash over the bucket tables.
    void jumpRemovalCountsAsJumpHash_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("bucket");
        QTest::newRow("6 nodes, middle") << 6 << 2;
        QTest::newRow("6 nodes, first") << 6 << 0;
        QTest::newRow("6 nodes, last") << 6 << 5;
        QTest::newRow("2 nodes, first") << 2 << 0;
    }
    void jumpRemovalCountsAsJumpHash() {
        QFETCH(int, nodes);
        QFETCH(int, bucket);
        const Scenario s = plainScenario(Algorithm::Jump, nodes, 4000);
        const KeySet keys = generateKeys(s.keys);
        const HashedKeys hashed = hashKeys(keys, keyHashingOf(s));
        const JumpRemovalResult r = jumpRemoval(s, keys, size_t(bucket));
        const std::vector<uint32_t> table = jumpTable(s);
        QCOMPARE(r.keys, keys.size());
        QCOMPARE(r.renumber, jumpRemoveRenumber(table, size_t(bucket)));
        QCOMPARE(r.moveLast, jumpRemoveMoveLast(table, size_t(bucket)));
        const auto before = idsOf(s, table);
        QCOMPARE(r.movedRenumber, movedByJump(hashed, before, idsOf(s, r.renumber)));
        QCOMPARE(r.movedMoveLast, movedByJump(hashed, before, idsOf(s, r.moveLast)));
        QVERIFY(r.movedMoveLast <= r.movedRenumber);
    }
    void jumpRemovalOfNoBucketIsEmpty() {
        const Scenario s = plainScenario(Algorithm::Jump, 3, 100);
        const KeySet keys = generateKeys(s.keys);
        QCOMPARE(jumpRemoval(s, keys, 3).keys, size_t(0));
        QCOMPARE(jumpRemoval(plainScenario(Algorithm::Jump, 1, 100), keys, 0).keys, size_t(0));
    }

    // A node added to jump's list: the keys that move are those whose bucket's node differs
    // between the tables before and after (jumpHash over both); appended, it takes the new last
    // bucket and exactly the keys jumpHash sends there, while inserted in the middle of a plain
    // table it renumbers the nodes after it.
    void jumpAdditionCountsAsJumpHash_data() {
        QTest::addColumn<int>("at");
        QTest::newRow("appended") << 5;
        QTest::newRow("in the middle") << 2;
    }
    void jumpAdditionCountsAsJumpHash() {
        QFETCH(int, at);
        const Scenario before = plainScenario(Algorithm::Jump, 5, 4000);
        Scenario after = before;
        NodeSpec added;
        added.id = "10.0.0.9:11211";
        after.nodes.insert(after.nodes.begin() + at, added);
        const KeySet keys = generateKeys(before.keys);
        const HashedKeys hashed = hashKeys(keys, keyHashingOf(before));
        const JumpAdditionResult r = jumpAddition(before, after, size_t(at), keys);
        QCOMPARE(r.bucket, jumpBucketOf(asJump(after), size_t(at)));
        QCOMPARE(r.moved, movedByJump(hashed, idsOf(before, jumpTable(before)),
                                      idsOf(after, jumpTable(after))));
        QCOMPARE(r.moved, movedDirectly(asJump(before), asJump(after), keys));
        QCOMPARE(r.before.size(), size_t(5));
        if (at == 5) {
            size_t toNew = 0;
            for (const uint64_t h : hashed.hash64) {
                toNew += size_t(jumpHash(h, 6)) == 5 ? 1 : 0;
            }
            QCOMPARE(r.bucket, size_t(5));
            QCOMPARE(r.moved, toNew);
        }
    }

    // mod-N's what-if N → N+1 and N → N−1 equal h mod N against h mod N±1.
    void modNChangeCountsAsModulo_data() {
        QTest::addColumn<bool>("grow");
        QTest::newRow("N → N+1") << true;
        QTest::newRow("N → N−1") << false;
    }
    void modNChangeCountsAsModulo() {
        QFETCH(bool, grow);
        const Scenario s = plainScenario(Algorithm::ModN, 7, 3000);
        const KeySet keys = generateKeys(s.keys);
        const HashedKeys hashed = hashKeys(keys, keyHashingOf(s));
        const ModNExplanation e = explainModN(s, keys, grow);
        const uint64_t n = 7, m = grow ? 8 : 6;
        size_t moved = 0;
        std::vector<uint64_t> perBucket(n, 0);
        for (const uint64_t h : hashed.hash64) {
            moved += h % n != h % m ? 1 : 0;
            ++perBucket[h % n];
        }
        QCOMPARE(e.moved, moved);
        QCOMPARE(e.bucketKeys, perBucket);
        QCOMPARE(e.nodes.size(), size_t(n));
        QCOMPARE(e.gridBucket.size(), kModNGridKeys);
        for (size_t k = 0; k < kModNGridKeys; ++k) {
            QCOMPARE(uint64_t(e.gridBucket[k]), hashed.hash64[k] % n);
            QCOMPARE(bool(e.gridMoved[k]), hashed.hash64[k] % n != hashed.hash64[k] % m);
        }
    }

    void membershipChanges_data() {
        QTest::addColumn<QStringList>("before");
        QTest::addColumn<QStringList>("after");
        QTest::addColumn<int>("kind");  // -1: none, 0: added, 1: removed
        QTest::addColumn<int>("node");
        const QStringList abc{u"a:1"_s, u"b:1"_s, u"c:1"_s};
        QTest::newRow("added in the middle")
            << abc << QStringList{u"a:1"_s, u"x:1"_s, u"b:1"_s, u"c:1"_s} << 0 << 1;
        QTest::newRow("added last")
            << abc << QStringList{u"a:1"_s, u"b:1"_s, u"c:1"_s, u"x:1"_s} << 0 << 3;
        QTest::newRow("removed first") << abc << QStringList{u"b:1"_s, u"c:1"_s} << 1 << 0;
        QTest::newRow("two removed") << abc << QStringList{u"c:1"_s} << -1 << 0;
        QTest::newRow("one swapped") << abc << QStringList{u"a:1"_s, u"x:1"_s, u"c:1"_s} << -1 << 0;
        QTest::newRow("reordered and added")
            << abc << QStringList{u"b:1"_s, u"a:1"_s, u"c:1"_s, u"x:1"_s} << -1 << 0;
        QTest::newRow("none") << abc << abc << -1 << 0;
    }
    void membershipChanges() {
        QFETCH(QStringList, before);
        QFETCH(QStringList, after);
        QFETCH(int, kind);
        QFETCH(int, node);
        const auto scenario = [](const QStringList& ids) {
            Scenario s = plainScenario(Algorithm::ModN, 0, 10);
            for (const QString& id : ids) {
                NodeSpec n;
                n.id = id.toStdString();
                s.nodes.push_back(n);
            }
            return s;
        };
        const auto change = membershipChange(scenario(before), scenario(after));
        QCOMPARE(change.has_value(), kind >= 0);
        if (change) {
            QCOMPARE(int(change->kind), kind);
            QCOMPARE(int(change->node), node);
            QCOMPARE(QString::fromStdString(change->id), (kind == 0 ? after : before)[node]);
        }
    }

    void describesChanges() {
        const Scenario s = plainScenario(Algorithm::Ring, 3, 10);
        Scenario weighted = s;
        weighted.nodes[0].weight = 2;
        QCOMPARE(describeChange(s, weighted), u"weight of 10.0.0.1:11211 1 → 2"_s);
        Scenario down = s;
        down.nodes[2].down = true;
        QCOMPARE(describeChange(s, down), u"10.0.0.3:11211 marked down"_s);
        QCOMPARE(describeChange(down, s), u"10.0.0.3:11211 brought up"_s);
        QCOMPARE(describeChange(s, s), QString());
    }

    // The failover the window and the command line report, from one summary: a node that goes
    // down is named, the keys it served go to live nodes (each counted once), and bringing it
    // back hands exactly those back.
    void failoverSummaryNamesTheNodes() {
        Scenario up = plainScenario(Algorithm::Ring, 5, 3000);
        up.replicas = 2;
        Scenario down = up;
        down.nodes[1].down = true;
        const KeySet keys = generateKeys(up.keys);
        const Placed a = placeKeys(up, keys, hashKeys(keys, keyHashingOf(up)));
        const Placed b = placeKeys(down, keys, hashKeys(keys, keyHashingOf(down)));
        const std::string gone = up.nodes[1].id;
        size_t served = 0;  // keys whose primary was the node that goes down
        for (size_t k = 0; k < keys.size(); ++k) {
            served += a.assignment.primary(k) == 1 ? 1 : 0;
        }
        QVERIFY(served > 0);

        const DiffResult d = diff(a.placement, a.assignment, b.placement, b.assignment, keys);
        const FailoverSummary s = summarizeFailover(
            d.failover, commonNodeIds(a.placement, b.placement), a.placement, b.placement, d.keys);
        QCOMPARE(s.wentDown, std::vector<std::string>{gone});
        QCOMPARE(s.down, std::vector<std::string>{gone});
        QVERIFY(s.cameUp.empty());
        QCOMPARE(s.keys, keys.size());
        QCOMPARE(s.replicas, size_t(2));
        QCOMPARE(s.rule, FailoverRule::NextLive);
        QCOMPARE(s.counts.primaryLost, served);
        uint64_t taken = 0;
        for (const auto& [id, count] : s.newPrimaries) {
            QVERIFY(id != gone);
            taken += count;
        }
        QCOMPARE(taken, uint64_t(s.counts.takenOver + s.counts.noReplica));

        const DiffResult back = diff(b.placement, b.assignment, a.placement, a.assignment, keys);
        const FailoverSummary t =
            summarizeFailover(back.failover, commonNodeIds(b.placement, a.placement), b.placement,
                              a.placement, back.keys);
        QCOMPARE(t.cameUp, std::vector<std::string>{gone});
        QVERIFY(t.wentDown.empty() && t.down.empty() && t.newPrimaries.empty());
        QCOMPARE(t.counts.handedBack, served);
    }

    // The in-place views' middle node is the verdict's (upNodePicks): the up node nearest the
    // middle other than the last, with three up or more. Up {0, 1, 4} of eight: 1, where the
    // nearest to the middle is the last one up; two up: none.
    void inPlaceMiddleIsTheVerdicts() {
        Scenario s = plainScenario(Algorithm::Anchor, 8, 500);
        for (const size_t gone : {7, 6, 5, 3, 2}) {
            QVERIFY(algorithmOf(s).removeInPlace(s, gone));
        }
        const KeySet keys = generateKeys(s.keys);
        const RemovedBucketsWhatIf three =
            removedBucketsWhatIf(s, Algorithm::Anchor, keys, Limits());
        QVERIFY(three.middle);
        QCOMPARE(three.middle->node, size_t(1));
        QCOMPARE(upNodePicks(s).middle, std::optional<size_t>(1));
        QVERIFY(algorithmOf(s).removeInPlace(s, 1));
        QVERIFY(!removedBucketsWhatIf(s, Algorithm::Anchor, keys, Limits()).middle);
        QVERIFY(!upNodePicks(s).middle);
    }

    // The one removal what-if: jump's table repaired as asked, other placements refuse a repair.
    void withoutNodeRepairsJumpOnly() {
        const Scenario jump = plainScenario(Algorithm::Jump, 4, 10);
        const Scenario moved = withoutNode(jump, 1, RemovalMode{Algorithm::Jump, "move-last"});
        QCOMPARE(moved.nodes.size(), size_t(3));
        QCOMPARE(idsOf(moved, jumpTable(moved)),
                 (std::vector<std::string>{"10.0.0.1:11211", "10.0.0.4:11211", "10.0.0.3:11211"}));
        const Scenario renumbered = withoutNode(jump, 1, std::nullopt);
        QCOMPARE(idsOf(renumbered, jumpTable(renumbered)),
                 (std::vector<std::string>{"10.0.0.1:11211", "10.0.0.3:11211", "10.0.0.4:11211"}));
        try {
            withoutNode(plainScenario(Algorithm::Ring, 3, 10), 0,
                        RemovalMode{Algorithm::Jump, "renumber"});
            QFAIL("a ring has no buckets to repair");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()).contains(u"only a jump placement"_s), true);
        }
        try {
            withoutNode(plainScenario(Algorithm::Jump, 1, 10), 0, std::nullopt);
            QFAIL("the last node stays");
        } catch (const InputError& e) {
            QVERIFY(
                QString::fromStdString(e.what()).contains(u"the last node cannot be removed"_s));
        }
    }
};

QTEST_GUILESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
