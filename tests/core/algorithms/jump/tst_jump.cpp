// Jump consistent hash against the paper's reference code, the bucket table, and following a
// removed node from the owners before it.
#include <QTest>

#include "algorithms/jump/jump.h"
#include "algorithms/jump/jump_reference.h"
#include "algorithms/jump/jumpplacement.h"
#include "ringscope/assign.h"
#include "ringscope/module.h"
#include "ringscope/registry.h"
#include "testutil.h"

using namespace ringscope;
using reference::JumpConsistentHash;
using test::patternKeys;
using test::vnodeRing;

class TestJump : public QObject {
    Q_OBJECT
private slots:
    void matchesReference() {
        SplitMix64 rng(2014);
        for (int i = 0; i < 100000; ++i) {
            const uint64_t key = rng.next();
            const int32_t buckets = int32_t(1 + rng.below(i % 2 ? 10 : 100000));
            QCOMPARE(jumpHash(key, buckets), JumpConsistentHash(key, buckets));
        }
        QCOMPARE(jumpHash(0, 1), 0);
        QCOMPARE(jumpHash(~uint64_t{0}, 1 << 30), JumpConsistentHash(~uint64_t{0}, 1 << 30));
    }

    void knownValues_data() {
        QTest::addColumn<quint64>("key");
        QTest::addColumn<int>("buckets");
        QTest::addColumn<int>("bucket");
        // Values of the paper's loop, pinned so that a change to either copy is caught.
        QTest::newRow("0/1") << quint64(0) << 1 << 0;
        QTest::newRow("1/10") << quint64(1) << 10 << 6;
        QTest::newRow("42/100") << quint64(42) << 100 << 43;
        QTest::newRow("big/1000") << Q_UINT64_C(0xdeadbeefcafebabe) << 1000 << 144;
        QTest::newRow("123456789/2^20") << quint64(123456789) << (1 << 20) << 561473;
    }
    void knownValues() {
        QFETCH(quint64, key);
        QFETCH(int, buckets);
        QFETCH(int, bucket);
        QCOMPARE(jumpHash(key, buckets), bucket);
    }

    // Jump and mod-N read a key's 64-bit value and have no positions: under identity a key is
    // that value whole, above 2^32 too, in a scenario left at its default space (2^32), so the
    // published 64-bit keys route as published (a key past 2^32 was refused as outside the
    // space).
    void identityKeysAreRawValues() {
        for (const Algorithm algorithm : {Algorithm::Jump, Algorithm::ModN}) {
            Scenario s;
            s.algorithm = algorithm;
            s.keyHash = HashKind::Identity;
            for (int n = 0; n < 1000; ++n) {
                NodeSpec node;
                node.id = "b" + std::to_string(n);
                s.nodes.push_back(node);
            }
            s.keys.kind = KeySetSpec::Kind::List;
            s.keys.list = {"16045690984503098046", "18446744073709551615", "4294967296", "42"};
            const Placement p = Placement::build(s);
            const KeySet keys = generateKeys(s.keys);
            const Assignment a = test::assignAll(p, keys);
            const std::vector<uint64_t> values{Q_UINT64_C(0xdeadbeefcafebabe), ~uint64_t{0},
                                               uint64_t{1} << 32, 42};
            for (size_t k = 0; k < values.size(); ++k) {
                const uint64_t bucket = algorithm == Algorithm::Jump
                                            ? uint64_t(JumpConsistentHash(values[k], 1000))
                                            : values[k] % 1000;
                QCOMPARE(p.nodeIds()[a.primary(k)], "b" + std::to_string(bucket));
            }
            if (algorithm == Algorithm::Jump) {
                QCOMPARE(p.nodeIds()[a.primary(0)], std::string("b144"));  // big/1000 above
            }
        }
    }

    void monotone() {
        // Growing N -> N+1, a key either stays or moves to the new bucket N.
        SplitMix64 rng(1);
        for (int i = 0; i < 20000; ++i) {
            const uint64_t key = rng.next();
            for (int32_t n = 1; n < 40; ++n) {
                const int32_t a = jumpHash(key, n);
                const int32_t b = jumpHash(key, n + 1);
                QVERIFY(a == b || b == n);
            }
        }
    }

    void sequenceEndsInAnswer() {
        for (uint64_t key = 0; key < 500; ++key) {
            const auto seq = jumpSequence(key * 0x9e3779b97f4a7c15ull, 50);
            QVERIFY(!seq.empty());
            QCOMPARE(seq.front(), 0);
            QCOMPARE(seq.back(), jumpHash(key * 0x9e3779b97f4a7c15ull, 50));
            QVERIFY(std::is_sorted(seq.begin(), seq.end()));
        }
    }

    void removalModes() {
        const std::vector<uint32_t> table = {0, 1, 2, 3, 4};
        QCOMPARE(jumpRemoveRenumber(table, 1), (std::vector<uint32_t>{0, 2, 3, 4}));
        QCOMPARE(jumpRemoveMoveLast(table, 1), (std::vector<uint32_t>{0, 4, 2, 3}));
        // Over many keys: renumbering moves most keys, move-last about 2/N.
        SplitMix64 rng(3);
        std::vector<uint32_t> big(10);
        for (uint32_t i = 0; i < 10; ++i) {
            big[i] = i;
        }
        const auto renumber = jumpRemoveRenumber(big, 3);
        const auto moveLast = jumpRemoveMoveLast(big, 3);
        int movedRenumber = 0, movedMoveLast = 0, onRemoved = 0;
        const int keys = 100000;
        for (int i = 0; i < keys; ++i) {
            const uint64_t key = rng.next();
            const uint32_t before = big[size_t(jumpHash(key, 10))];
            onRemoved += before == 3;
            movedRenumber += renumber[size_t(jumpHash(key, 9))] != before;
            movedMoveLast += moveLast[size_t(jumpHash(key, 9))] != before;
        }
        QVERIFY(movedRenumber > keys / 2);  // the classic pitfall
        // Move-last: the removed node's keys, and the last bucket's keys except the 1/9 that
        // land in the reused bucket.
        QVERIFY(std::abs(double(movedMoveLast) / keys - (0.1 + 0.1 * 8 / 9)) < 0.01);
        QVERIFY(movedMoveLast >= onRemoved);
    }

    // A node removed is followed from the owners before it (JumpPlacement::reassign): whichever
    // node leaves, the table renumbered or repaired by moving the last node in, one or three
    // owners, what it gives is what assigning anew gives, key by key and replica by replica; the
    // cost model (followUnits) says so before anything is built. Adding a node, a node down and
    // another replica count are assigned anew.
    void followsARemovedNode_data() {
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("mode");  // -1: the scenario's own table (identity), else JumpRemoval
        for (const int r : {1, 3}) {
            for (const int mode : {-1, int(JumpRemoval::Renumber), int(JumpRemoval::MoveLast)}) {
                QTest::addRow("R=%d mode %d", r, mode) << r << mode;
            }
        }
    }
    void followsARemovedNode() {
        QFETCH(int, replicas);
        QFETCH(int, mode);
        const KeySet keys = patternKeys("session-{i}", 20'000);
        Scenario base = vnodeRing(7, 0, Algorithm::Jump);
        base.replicas = replicas;
        // A table that is not the identity before the removal, too.
        base.params.edit<JumpParams>().buckets = {3, 0, 6, 1, 5, 2, 4};
        const Placement before = Placement::build(base);
        const HashedKeys hashed = hashKeys(keys, before.keyHashing());
        const Assignment a = assign(before, keys.names, hashed);
        for (size_t gone = 0; gone < base.nodes.size(); ++gone) {
            Scenario next = base;
            if (mode >= 0) {
                next.params.edit<JumpParams>().buckets =
                    jumpTableWithout(base, gone, JumpRemoval(mode));
            } else {
                next.params.reset<JumpParams>();
            }
            next.nodes.erase(next.nodes.begin() + std::ptrdiff_t(gone));
            const Placement after = Placement::build(next);
            const QByteArray what = "node " + QByteArray::number(qulonglong(gone)) + " removed";
            QVERIFY2(algorithmOf(next).followUnits(base, next, keys.size()).has_value(),
                     what.constData());
            const auto quick = after.reassignFrom(before, a, keys.names, hashed);
            QVERIFY2(quick.has_value(), what.constData());
            QVERIFY2(quick->owners == assign(after, keys.names, hashed).owners, what.constData());
        }
        const auto refused = [&](const Scenario& to) {
            const Placement after = Placement::build(to);
            return !after.reassignFrom(before, a, keys.names, hashed) &&
                   !algorithmOf(to).followUnits(base, to, keys.size());
        };
        Scenario added = base;
        added.params.reset<JumpParams>();
        added.nodes.push_back(NodeSpec{"node-9", 1.0, {}, {}, {}});
        QVERIFY(refused(added));
        Scenario down = base;
        down.params.reset<JumpParams>();
        down.nodes.erase(down.nodes.begin());
        down.nodes[2].down = true;
        QVERIFY(refused(down));
        Scenario fewer = base;
        fewer.params.reset<JumpParams>();
        fewer.nodes.pop_back();
        fewer.replicas = replicas == 1 ? 2 : 1;
        QVERIFY(refused(fewer));
        Scenario renamed = base;
        renamed.params.reset<JumpParams>();
        renamed.nodes.pop_back();
        renamed.nodes[0].id = "other";
        QVERIFY(refused(renamed));
    }
};

QTEST_GUILESS_MAIN(TestJump)
#include "tst_jump.moc"
