// Hash-named tokens (tokenschemes/named): +1 probing on collision, seed 003's vnode ring, weights.
#include <QTest>

#include <set>
#include "keyhashes/fnv1a/fnv1a.h"
#include "ringscope/diff.h"
#include "ringscope/hash.h"
#include "testutil.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;
using namespace ringscope::test;

class TestNamed : public QObject {
    Q_OBJECT
private slots:
    void namedTokensProbeOnCollision() {
        // 100 vnodes in a 0–99 space: every position is taken exactly once, by +1 probing.
        Scenario s;
        s.space = 100;
        s.keyHash = HashKind::Identity;
        s.params.edit<NamedTokenParams>().hash = HashKind::Fnv1a32;
        s.nodes = {NodeSpec{"A", 1.0, {}, {}, 50}, NodeSpec{"B", 1.0, {}, {}, 50}};
        const Placement p = Placement::build(s);
        QCOMPARE(p.ring().size(), size_t(100));
        const std::set<uint64_t> unique(p.ring().positions().begin(), p.ring().positions().end());
        QCOMPARE(unique.size(), size_t(100));
        // Token 0 of A sits at fnv1a32("A#0") mod 100: nothing was placed before it.
        size_t first = 0;
        while (first < p.ring().size() && p.ring().origin(first) != TokenOrigin{0, 0}) {
            ++first;
        }
        QVERIFY(first < p.ring().size());
        QCOMPARE(p.ring().position(first), uint64_t(fnv1a32("A#0") % 100));
        // One more token cannot fit.
        s.nodes[1].vnodes = 51;
        QVERIFY(errorOf([&] { Placement::build(s); }).contains(QStringLiteral("do not fit")));
    }

    // Probing finds the first free position at or after the hash, wrapping, exactly as walking
    // one position at a time does — in crowded and in full spaces, with explicit tokens too.
    void namedTokensProbeAsAWalkWould_data() {
        QTest::addColumn<quint64>("space");
        QTest::addColumn<int>("vnodes");
        QTest::newRow("full 0-99") << quint64{100} << 48;
        QTest::newRow("crowded 0-999") << quint64{1000} << 450;
        QTest::newRow("full 0-4095") << quint64{4096} << 2046;
        QTest::newRow("sparse 2^32") << quint64{kSpace32} << 500;
    }
    void namedTokensProbeAsAWalkWould() {
        QFETCH(quint64, space);
        QFETCH(int, vnodes);
        Scenario s;
        s.space = space;
        s.params.edit<NamedTokenParams>().hash = HashKind::Fnv1a32;
        s.nodes = {NodeSpec{"A", 1.0, {}, {}, vnodes}, NodeSpec{"B", 1.0, {}, {}, vnodes},
                   NodeSpec{"C", 1.0, {}, {3, space - 1}, {}}};
        std::set<uint64_t> used = {3, space - 1};
        std::vector<uint64_t> expected;
        for (const char* node : {"A", "B"}) {
            for (int i = 0; i < vnodes; ++i) {
                uint64_t position = fnv1a32(std::string(node) + "#" + std::to_string(i)) % space;
                while (!used.insert(position).second) {
                    position = (position + 1) % space;
                }
                expected.push_back(position);
            }
        }
        std::vector<uint64_t> got;
        for (const RingToken& t : namedTokens(s)) {
            if (t.node < 2) {
                got.push_back(t.position);
            }
        }
        QCOMPARE(got, expected);
    }

    void seed003VnodeRingMatchesTypeScript() {
        // Seed 003: FNV-1a over "{node}#{i}", 128 vnodes, keys hashed with FNV-1a in 2^32.
        Scenario s;
        s.keyHash = HashKind::Fnv1a32;
        s.params.edit<NamedTokenParams>().hash = HashKind::Fnv1a32;
        for (const char* id : {"api-a", "api-b", "api-c"}) {
            s.nodes.push_back(NodeSpec{id, 1.0, {}, {}, 128});
        }
        const Placement before = Placement::build(s);
        QCOMPARE(before.ring().size(), size_t(384));
        // The TypeScript getNode: binary search over sorted points, wrap to the first.
        const auto getNode = [&](const std::string& key) {
            const auto pos = before.ring().positions();
            const uint32_t target = fnv1a32(key);
            size_t i =
                size_t(std::lower_bound(pos.begin(), pos.end(), uint64_t(target)) - pos.begin());
            return before.nodes()[before.ring().node(i == pos.size() ? 0 : i)].id;
        };
        const KeySet keys = patternKeys("session-{i}", 1000);
        const Assignment a = assignAll(before, keys);
        for (size_t k = 0; k < keys.size(); ++k) {
            QCOMPARE(before.nodes()[a.primary(k)].id, getNode(keys.names[k]));
        }
        s.nodes.push_back(NodeSpec{"api-d", 1.0, {}, {}, 128});
        const Placement after = Placement::build(s);
        const DiffResult d = diff(before, a, after, assignAll(after, keys), keys);
        QVERIFY2(d.primaryMoved < 600, "seed 003: too many keys moved after adding one node");
        QVERIFY(d.primaryMoved > 0);
        // A one-node ring routes every key to that node.
        Scenario one;
        one.nodes = {NodeSpec{"only-node", 1.0, {}, {}, 4}};
        const Placement single = Placement::build(one);
        const Assignment all = assignAll(single, keys);
        for (size_t k = 0; k < keys.size(); ++k) {
            QCOMPARE(all.primary(k), 0u);
        }
    }

    void weightedVnodes() {
        Scenario s;
        s.nodes = {NodeSpec{"A", 2.0, {}, {}, 10}, NodeSpec{"B", 0.5, {}, {}, 10},
                   NodeSpec{"C", 0.01, {}, {}, 10}};
        const Placement p = Placement::build(s);
        std::vector<int> count(3);
        for (uint32_t n : p.ring().nodes()) {
            ++count[n];
        }
        QCOMPARE(count, (std::vector<int>{20, 5, 1}));  // max(1, round(V * w))
    }
};

QTEST_GUILESS_MAIN(TestNamed)
#include "tst_named.moc"
