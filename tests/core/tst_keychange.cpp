// What "moved" means (one classification for diff, the baseline, the live drag and the views),
// and errors that carry where they are as data.
#include <QTest>

#include <algorithm>

#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/keychange.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

Q_DECLARE_METATYPE(KeyChange)

namespace {
std::vector<uint32_t> owners(std::initializer_list<uint32_t> list) {
    return list;
}
}  // namespace

class TestKeyChange : public QObject {
    Q_OBJECT
private slots:
    void classify_data() {
        QTest::addColumn<std::vector<uint32_t>>("before");
        QTest::addColumn<std::vector<uint32_t>>("after");
        QTest::addColumn<KeyChange>("change");
        QTest::newRow("same") << owners({0, 1}) << owners({0, 1}) << KeyChange::None;
        QTest::newRow("reordered replicas")
            << owners({0, 1, 2}) << owners({0, 2, 1}) << KeyChange::None;
        QTest::newRow("new primary") << owners({0, 1}) << owners({2, 1}) << KeyChange::Primary;
        QTest::newRow("primary and replica swap")
            << owners({0, 1}) << owners({1, 0}) << KeyChange::Primary;
        QTest::newRow("replica replaced")
            << owners({0, 1}) << owners({0, 2}) << KeyChange::ReplicaOnly;
        QTest::newRow("more replicas") << owners({0}) << owners({0, 1}) << KeyChange::ReplicaOnly;
        QTest::newRow("single owner moved") << owners({3}) << owners({4}) << KeyChange::Primary;
    }
    void classify() {
        QFETCH(std::vector<uint32_t>, before);
        QFETCH(std::vector<uint32_t>, after);
        QFETCH(KeyChange, change);
        QCOMPARE(classifyKeyChange(before, after), change);
    }

    // A rename keeps a node the same node: nodes match by place, nothing moves and the ideal is
    // 0; any other change matches them by id.
    void renameMovesNothing() {
        const Scenario before = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, 2);
        Scenario renamed = before;
        renamed.nodes[1].id = "10.0.0.2:11211";
        QCOMPARE(nodeMatch(before, renamed), NodeMatch::ByIndex);
        QCOMPARE(nodeMatch(before, before), NodeMatch::ById);
        Scenario moved = renamed;
        moved.nodes[1].tokens = {61};
        QCOMPARE(nodeMatch(before, moved), NodeMatch::ById);
        Scenario fewer = before;
        fewer.nodes.pop_back();
        QCOMPARE(nodeMatch(before, fewer), NodeMatch::ById);
        // The same vnode nodes in the other order (seed 003 added the other way round) are a
        // reordering, not three renames: matched by id.
        Scenario vnodes = before;
        for (NodeSpec& node : vnodes.nodes) {
            node.tokens.clear();
            node.vnodes = 8;
        }
        Scenario reversed = vnodes;
        std::reverse(reversed.nodes.begin(), reversed.nodes.end());
        QCOMPARE(nodeMatch(vnodes, reversed), NodeMatch::ById);
        Scenario swapped = vnodes;
        std::swap(swapped.nodes[0].id, swapped.nodes[1].id);
        QCOMPARE(nodeMatch(vnodes, swapped), NodeMatch::ById);

        const Placement a = Placement::build(before);
        const Placement b = Placement::build(renamed);
        const KeySet keys = patternKeys("{i}", 100);
        const Assignment x = assignAll(a, keys);
        const Assignment y = assignAll(b, keys);
        const DiffResult byIndex = diff(a, x, b, y, keys, nodeMatch(before, renamed));
        QCOMPARE(byIndex.primaryMoved, size_t{0});
        QCOMPARE(byIndex.replicaOnly, size_t{0});
        QCOMPARE(byIndex.idealFraction, 0.0);
        QCOMPARE(ChangeTracker(a, x, b, y, NodeMatch::ByIndex).primaryMoved(), size_t{0});
        // Matched by id, B's 40 keys would read as moving to a new node.
        QCOMPARE(diff(a, x, b, y, keys).primaryMoved, size_t{40});
    }

    void trackerMatchesDiff() {
        // Seed 000 with R = 2, before and after adding D@40: the tracker's counts are diff()'s.
        const Placement a =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, 2));
        const Placement b =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}, {"D", {40}}}, 2));
        const KeySet keys = patternKeys("{i}", 100);
        const Assignment x = assignAll(a, keys);
        const Assignment y = assignAll(b, keys);
        const DiffResult d = diff(a, x, b, y, keys);
        const ChangeTracker tracker(a, x, b, y);
        QCOMPARE(tracker.primaryMoved(), d.primaryMoved);
        QCOMPARE(tracker.replicaOnly(), d.replicaOnly);
        QCOMPARE(d.primaryMoved, size_t(20));  // keys 21..40 move from B to D
        for (size_t i = 0; i < d.changed.size(); ++i) {
            QCOMPARE(tracker.change(d.changed[i]), d.changes[i]);
        }
        // The changed keys, read eight classifications at a time, are diff()'s, in key order.
        const auto visited = [](const ChangeTracker& t) {
            std::vector<std::pair<size_t, KeyChange>> out;
            t.forEachChanged([&](size_t k, KeyChange c) { out.emplace_back(k, c); });
            return out;
        };
        std::vector<std::pair<size_t, KeyChange>> expected;
        for (size_t i = 0; i < d.changed.size(); ++i) {
            expected.emplace_back(d.changed[i], d.changes[i]);
        }
        QVERIFY(visited(tracker) == expected);
        QVERIFY(tracker.changedRanks() == nullptr);  // compared key by key: no ranges known
        // Key 30 went to D; reclassifying it with its old owners (in the current numbering,
        // B is 1 and C is 2) makes it unchanged again.
        ChangeTracker live = tracker;
        QCOMPARE(live.change(30), KeyChange::Primary);
        const std::vector<uint32_t> old = {1, 2};
        live.update(30, old);
        QCOMPARE(live.change(30), KeyChange::None);
        QCOMPARE(live.primaryMoved(), d.primaryMoved - 1);
        // The last keys (99 past the last whole eight, 95 in it) are visited too.
        const std::vector<uint32_t> elsewhere = {3, 0};
        live.update(99, elsewhere);
        live.update(95, elsewhere);
        std::erase_if(expected, [](const auto& e) {
            return e.first == 30 || e.first == 95 || e.first == 99;
        });
        expected.emplace_back(95, KeyChange::Primary);
        expected.emplace_back(99, KeyChange::Primary);
        std::ranges::sort(expected);
        QVERIFY(visited(live) == expected);
    }

    void renumberingMatchesIds() {
        const Placement a = Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}));
        const Placement b = Placement::build(explicitRing({{"C", {90}}, {"D", {40}}, {"A", {20}}}));
        // A -> 2, B (gone) -> a fresh number, C -> 0.
        const std::vector<uint32_t> map = nodeRenumbering(a, b);
        QCOMPARE(map[0], 2u);
        QCOMPARE(map[2], 0u);
        QVERIFY(map[1] >= 3u);
    }

    void errorsCarryTheirPlace() {
        InputError field("replicas", "must be at least 1, not 0");
        QCOMPARE(QString::fromUtf8(field.what()),
                 QStringLiteral("replicas: must be at least 1, not 0"));
        QCOMPARE(field.field(), std::string("replicas"));
        QCOMPARE(field.message(), std::string("must be at least 1, not 0"));
        field.inFile("s.json");
        QCOMPARE(QString::fromUtf8(field.what()),
                 QStringLiteral("s.json: replicas: must be at least 1, not 0"));
        // The innermost file stays.
        field.inFile("other.json");
        QCOMPARE(field.file(), std::string("s.json"));

        Scenario s = explicitRing({{"A", {20}}, {"B", {60}}});
        const InputError node = nodeError(s, 1, "tokens[0]", "token 100 is outside");
        QCOMPARE(node.nodeIndex(), std::optional<size_t>(1));
        QCOMPARE(node.nodeId(), std::string("B"));
        QCOMPARE(node.field(), std::string("tokens[0]"));
        QCOMPARE(QString::fromUtf8(node.what()),
                 QStringLiteral("nodes[1] (B).tokens[0]: token 100 is outside"));

        InputError json("", "not valid JSON: illegal value");
        json.atLine(1, 2).inFile("s.json");
        QCOMPARE(json.line(), 1u);
        QCOMPARE(json.column(), 2u);
        QCOMPARE(QString::fromUtf8(json.what()),
                 QStringLiteral("s.json: line 1, column 2: not valid JSON: illegal value"));

        const std::string bad = "key \"x\" is not a decimal unsigned integer";
        QCOMPARE(QString::fromUtf8(
                     InputError("", bad).fromKeys({KeySource::Kind::File, "keys.txt"}, 4).what()),
                 QStringLiteral("keys.txt:4: ") + QString::fromStdString(bad));
        const InputError argument =
            InputError("", bad).fromKeys({KeySource::Kind::Arguments, "--key"}, 2);
        QVERIFY(argument.hasSource());
        QCOMPARE(QString::fromUtf8(argument.what()),
                 QStringLiteral("--key 2: ") + QString::fromStdString(bad));
        const InputError own = InputError("", bad).fromKeys({}, 5);
        QVERIFY(!own.hasSource());
        QCOMPARE(QString::fromUtf8(own.what()),
                 QStringLiteral("key 5: ") + QString::fromStdString(bad));
    }
};

QTEST_GUILESS_MAIN(TestKeyChange)
#include "tst_keychange.moc"
