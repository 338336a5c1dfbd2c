// Comparing two placements over one key set (ringscope/diff.h): which keys moved, which changed
// only their replicas, the bytes and the ideal, owners written by id.
#include <QTest>

#include <algorithm>

#include "ringscope/diff.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestDiff : public QObject {
    Q_OBJECT
private slots:
    // Seed 000 and D@40: D takes B's keys 21-40, a quarter is the ideal (one of four nodes).
    void seed000AddsD() {
        const KeySet keys = patternKeys("{i}", 100);
        const Placement a = Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}));
        const Placement b =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}, {"D", {40}}}));
        const DiffResult d = diff(a, assignAll(a, keys), b, assignAll(b, keys), keys);
        QCOMPARE(d.keys, size_t{100});
        QCOMPARE(d.primaryMoved, size_t{20});
        QCOMPARE(d.idealFraction, 0.25);
        QCOMPARE(d.movedFraction(), 0.2);
        QCOMPARE(d.changed.front(), size_t{21});
        QCOMPARE(d.changed.back(), size_t{40});
        QVERIFY(std::all_of(d.changes.begin(), d.changes.end(),
                            [](KeyChange c) { return c == KeyChange::Primary; }));
        QVERIFY(!d.hasDown);
        QVERIFY(!downSidesOf(a, b, nodeRenumbering(b, a)));
        QCOMPARE(ownerList(b, assignAll(b, keys).ownersOf(30)), std::string("D"));
    }

    // Owners are written by id; an index past the nodes is "-".
    void ownerLists() {
        const Placement p =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, 2));
        const std::vector<uint32_t> owners{2, 0, 9};
        QCOMPARE(ownerList(p, owners), std::string("C,A,-"));
        std::string out = "key\t";
        appendOwnerList(out, p, std::span(owners).first(2));
        QCOMPARE(out, std::string("key\tC,A"));
    }

    // Counting key by key and adding parts gives the whole.
    void countsAddUp() {
        DiffResult a, b;
        const std::vector<uint32_t> x{0}, y{1};
        QVERIFY(a.count(x, y, 10, 2.0).has_value());
        QVERIFY(!b.count(x, x, 5, 1.0).has_value());
        a.addCounts(b);
        QCOMPARE(a.keys, size_t{2});
        QCOMPARE(a.primaryMoved, size_t{1});
        QCOMPARE(a.bytesMoved, uint64_t{10});
        QCOMPARE(a.totalBytes, uint64_t{15});
        QCOMPARE(a.requestsMoved, 2.0);
    }

    void replicaSetNotOrder() {
        // Walk from 10: A@20, B@40, C@60 before; after moving B past C the order is A, C, B:
        // key 10's list changes from A,B,C to A,C,B, but its set (and primary) do not.
        const KeySet keys = patternKeys("{i}", 100);
        const Placement a =
            Placement::build(explicitRing({{"A", {20}}, {"B", {40}}, {"C", {60}}}, 3));
        const Placement b =
            Placement::build(explicitRing({{"A", {20}}, {"B", {70}}, {"C", {60}}}, 3));
        const DiffResult d = diff(a, assignAll(a, keys), b, assignAll(b, keys), keys);
        QCOMPARE(d.replicaOnly, size_t(0));
        QCOMPARE(d.primaryMoved, size_t(30));  // (20, 40] B -> C and (60, 70] A -> B
        QVERIFY(std::find(d.changed.begin(), d.changed.end(), size_t(10)) != d.changed.end());
    }

    void idealForWeightChange() {
        Scenario s = vnodeRing(2, 10);
        Scenario t = s;
        t.nodes[1].weight = 3.0;  // shares 1/2,1/2 -> 1/4,3/4: a quarter must move
        QCOMPARE(idealMovedFraction(Placement::build(s), Placement::build(t)), 0.25);
    }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"
