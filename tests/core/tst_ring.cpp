// The hash ring: seed 000's asserts, arcs and wrap-around, token schemes, replicas and zones.
#include <QFile>
#include <QTest>

#include <set>

#include "ringscope/diff.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestRing : public QObject {
    Q_OBJECT
private slots:
    // Every assert of seed 000's Ring example.
    void seed000() {
        const Placement before =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}));
        const Placement after =
            Placement::build(explicitRing({{"A", {20}}, {"D", {40}}, {"B", {60}}, {"C", {90}}}));
        QCOMPARE(ownersAt(before, 20), "A");  // the right end point belongs to the token
        QCOMPARE(ownersAt(before, 21), "B");
        QCOMPARE(ownersAt(before, 99), "A");  // past the last token wraps around
        std::vector<uint64_t> moved;
        for (uint64_t p = 0; p < 100; ++p) {
            if (ownersAt(before, p) != ownersAt(after, p)) {
                moved.push_back(p);
                QCOMPARE(ownersAt(after, p), "D");
            }
        }
        std::vector<uint64_t> expected;
        for (uint64_t p = 21; p <= 40; ++p) {
            expected.push_back(p);
        }
        QCOMPARE(moved, expected);
        const Placement before2 =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, 2));
        const Placement after2 =
            Placement::build(explicitRing({{"A", {20}}, {"D", {40}}, {"B", {60}}, {"C", {90}}}, 2));
        QCOMPARE(ownersAt(before2, 10), "A,B");
        QCOMPARE(ownersAt(after2, 10), "A,D");
        const Placement vnodes =
            Placement::build(explicitRing({{"A", {20, 40}}, {"B", {60}}, {"C", {90}}}, 3));
        QCOMPARE(ownersAt(vnodes, 10), "A,B,C");
    }

    void successor_data() {
        QTest::addColumn<quint64>("position");
        QTest::addColumn<int>("token");
        QTest::newRow("zero") << quint64(0) << 0;
        QTest::newRow("on first") << quint64(20) << 0;
        QTest::newRow("after first") << quint64(21) << 1;
        QTest::newRow("on middle") << quint64(60) << 1;
        QTest::newRow("on last") << quint64(90) << 2;
        QTest::newRow("wrap") << quint64(91) << 0;
        QTest::newRow("end of space") << quint64(99) << 0;
    }
    void successor() {
        QFETCH(quint64, position);
        QFETCH(int, token);
        const Ring ring(100, {{20, 0}, {60, 1}, {90, 2}});
        QCOMPARE(int(ring.successor(position)), token);
    }

    void successorMatchesLowerBound() {
        // The radix index against a plain lower_bound, on random and clustered rings.
        SplitMix64 rng(7);
        for (const uint64_t space : {uint64_t{100}, uint64_t{1000003}, kSpace32, kSpace64}) {
            for (const size_t count : {size_t{1}, size_t{2}, size_t{17}, size_t{5000}}) {
                std::vector<RingToken> tokens;
                std::set<uint64_t> used;
                while (tokens.size() < std::min<uint64_t>(count, space ? space / 2 : count)) {
                    // Half the tokens clustered near 0 to stress the first buckets.
                    uint64_t p = rng.next();
                    p = (tokens.size() % 2) ? p % 20000 : p;
                    p = space ? p % space : p;
                    if (used.insert(p).second) {
                        tokens.push_back({p, uint32_t(tokens.size())});
                    }
                }
                const Ring ring(space, tokens);
                const auto positions = ring.positions();
                for (int i = 0; i < 3000; ++i) {
                    uint64_t x = rng.next();
                    x = (i % 3 == 0) ? x % 70 : x;
                    x = space ? x % space : x;
                    size_t expected =
                        size_t(std::lower_bound(positions.begin(), positions.end(), x) -
                               positions.begin());
                    expected = expected == positions.size() ? 0 : expected;
                    QCOMPARE(ring.successor(x), expected);
                }
            }
        }
    }

    void arcs() {
        const Ring ring(100, {{20, 0}, {60, 1}, {90, 2}});
        QCOMPARE(ring.arcFraction(0), 0.30);  // (90, 20] wraps: 91..99 and 0..20
        QCOMPARE(ring.arcFraction(1), 0.40);  // (20, 60]
        QCOMPARE(ring.arcFraction(2), 0.30);  // (60, 90]
        const Ring single(100, {{5, 0}});
        QCOMPARE(single.arcFraction(0), 1.0);
    }

    void namedTokensProbeOnCollision() {
        // 100 vnodes in a 0–99 space: every position is taken exactly once, by +1 probing.
        Scenario s;
        s.space = 100;
        s.keyHash = HashKind::Identity;
        s.tokenHash = HashKind::Fnv1a32;
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
        s.tokenHash = HashKind::Fnv1a32;
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
        s.tokenHash = HashKind::Fnv1a32;
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

    void ketamaPointCounts() {
        // libmemcached: floor(w / sum * 40 * N + 1e-10) digests, four points each.
        Scenario s;
        s.tokenScheme = TokenScheme::Ketama;
        s.keyHash = HashKind::Md5;
        s.nodes = {NodeSpec{"10.0.0.1:11211", 1.0, {}, {}, {}},
                   NodeSpec{"10.0.0.2:11211", 2.0, {}, {}, {}},
                   NodeSpec{"10.0.0.3:11211", 1.0, {}, {}, {}}};
        const Placement p = Placement::build(s);
        std::vector<int> count(3);
        for (uint32_t n : p.ring().nodes()) {
            ++count[n];
        }
        QCOMPARE(count, (std::vector<int>{120, 240, 120}));  // 30, 60, 30 digests
        // The first point of a node is bytes 0..3 of md5("{node}-0"), little-endian.
        const auto d = md5Digest("10.0.0.1:11211-0");
        const uint64_t first =
            uint64_t(d[3]) << 24 | uint64_t(d[2]) << 16 | uint64_t(d[1]) << 8 | d[0];
        const auto positions = p.ring().positions();
        QVERIFY(std::binary_search(positions.begin(), positions.end(), first));
        // Equal-weight pool: 160 points per server.
        for (auto& n : s.nodes) {
            n.weight = 1.0;
        }
        QCOMPARE(Placement::build(s).ring().size(), size_t(480));
    }

    // libmemcached's published compatibility vectors: 99 keys with their MD5 key hash and the
    // continuum point that owns them, on a weighted pool of eight servers. (The file's server
    // column is not what libmemcached 1.1.4 itself answers for most keys, so servers are checked
    // against the library directly in tst_ketama_libmemcached.)
    void ketamaLibmemcachedVectors_data() {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<quint64>("keyHash");
        QTest::addColumn<quint64>("point");
        QTest::addColumn<QByteArray>("server");
        QFile file(QStringLiteral(RINGSCOPE_SOURCE_DIR "/tests/core/data/ketama_libmemcached.tsv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        int rows = 0;
        for (const QByteArray& line : file.readAll().split('\n')) {
            if (line.isEmpty() || line.startsWith('#')) {
                continue;
            }
            const QList<QByteArray> f = line.split('\t');
            QTest::newRow(f[0].constData())
                << f[0] << f[1].toULongLong() << f[2].toULongLong() << f[3];
            ++rows;
        }
        QCOMPARE(rows, 99);
    }
    void ketamaLibmemcachedVectors() {
        QFETCH(QByteArray, key);
        QFETCH(quint64, keyHash);
        QFETCH(quint64, point);
        QFETCH(QByteArray, server);
        static const Placement pool = [] {
            Scenario s;
            s.tokenScheme = TokenScheme::Ketama;
            s.keyHash = HashKind::Md5;
            const double weights[] = {600, 300, 200, 350, 1000, 800, 950, 100};
            for (int i = 0; i < 8; ++i) {
                // Default port 11211: libmemcached hashes "host-i" without the port.
                s.nodes.push_back(
                    NodeSpec{"10.0.1." + std::to_string(i + 1), weights[i], {}, {}, {}});
            }
            return Placement::build(s);
        }();
        const std::string k = key.toStdString();
        QCOMPARE(*hashKey(HashKind::Md5, k), keyHash);
        const size_t token = pool.ring().successor(keyHash);
        QCOMPARE(pool.ring().position(token), point);
        QVERIFY(!server.isEmpty());
    }

    void zoneAwareReplicas() {
        // Walk from 10: A(z1)@20, B(z1)@40, C(z2)@60, D(z2)@80, E(z3)@90.
        Scenario s =
            explicitRing({{"A", {20}}, {"B", {40}}, {"C", {60}}, {"D", {80}}, {"E", {90}}}, 3);
        const char* zones[] = {"z1", "z1", "z2", "z2", "z3"};
        for (size_t i = 0; i < 5; ++i) {
            s.nodes[i].zone = zones[i];
        }
        QCOMPARE(ownersAt(Placement::build(s), 10), "A,B,C");  // zones off: plain walk
        s.zoneAware = true;
        const Placement p = Placement::build(s);
        QCOMPARE(ownersAt(p, 10), "A,C,E");  // one per zone
        s.replicas = 4;  // no fourth zone: fall back to distinct nodes in walk order
        QCOMPARE(ownersAt(Placement::build(s), 10), "A,C,E,B");
        // The walk marks skipped tokens.
        std::vector<size_t> visited;
        std::vector<bool> chosen;
        p.ring().walk(0, 3, p.zoneOf(), visited, chosen);
        QCOMPARE(visited, (std::vector<size_t>{0, 1, 2, 3, 4}));
        QCOMPARE(chosen, (std::vector<bool>{true, false, true, false, true}));
    }

    void replicaWalkSkipsSameNode() {
        const Placement p =
            Placement::build(explicitRing({{"A", {20, 40}}, {"B", {60}}, {"C", {90}}}, 2));
        QCOMPARE(ownersAt(p, 30), "A,B");
        QCOMPARE(ownersAt(p, 95), "A,B");
        std::vector<size_t> visited;
        std::vector<bool> chosen;
        p.ring().walk(0, 2, {}, visited, chosen);
        QCOMPARE(visited, (std::vector<size_t>{0, 1, 2}));
        QCOMPARE(chosen, (std::vector<bool>{true, false, true}));
    }

    void errors_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("message");
        QTest::newRow("duplicate token")
            << 0 << "nodes[1] (B).tokens[0]: token 20 of node \"B\" collides with node \"A\"";
        QTest::newRow("outside space")
            << 1 << "nodes[0] (A).tokens[0]: token 100 is outside the hash space [0, 100)";
        QTest::newRow("replicas 0") << 2 << "replicas: must be at least 1, not 0";
        QTest::newRow("replicas > nodes") << 3 << "replicas: replicas 4 is more than the 3 nodes";
        QTest::newRow("empty") << 4 << "nodes: the node list is empty";
        QTest::newRow("duplicate id") << 5 << "nodes[1] (A).id: duplicate node id \"A\"";
        QTest::newRow("empty id") << 6 << "nodes[1].id: the node id is empty";
        QTest::newRow("zero weight")
            << 7 << "nodes[0] (A).weight: weight must be a finite number greater than 0";
        QTest::newRow("nan weight")
            << 8 << "nodes[0] (A).weight: weight must be a finite number greater than 0";
        QTest::newRow("absurd vnodes")
            << 9 << "nodes[0] (A).vnodes: vnodes must be between 1 and 100000, not 1000000000";
        QTest::newRow("no tokens")
            << 10 << "nodes[0] (A): a ring node needs explicit \"tokens\" or a \"vnodes\" count";
        QTest::newRow("negative weight")
            << 11 << "nodes[0] (A).weight: weight must be a finite number greater than 0";
        QTest::newRow("vnodes x huge weight")
            << 12
            << "nodes[0] (A): needs 18446744073709551615 ring tokens in all, more than the limit "
               "tokens = 5000000";
        QTest::newRow("ketama huge weight")
            << 13 << "nodes[0] (A).weight: ketama computes weight shares in single precision";
    }
    void errors() {
        QFETCH(int, which);
        QFETCH(QString, message);
        Scenario s = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}});
        switch (which) {
            case 0:
                s.nodes[1].tokens = {20};
                break;
            case 1:
                s.nodes[0].tokens = {100};
                break;
            case 2:
                s.replicas = 0;
                break;
            case 3:
                s.replicas = 4;
                break;
            case 4:
                s.nodes.clear();
                break;
            case 5:
                s.nodes[1].id = "A";
                break;
            case 6:
                s.nodes[1].id = "";
                break;
            case 7:
                s.nodes[0].weight = 0;
                break;
            case 8:
                s.nodes[0].weight = std::nan("");
                break;
            case 9:
                s.nodes[0].tokens.clear();
                s.nodes[0].vnodes = 1'000'000'000;
                break;
            case 10:
                s.nodes[0].tokens.clear();
                break;
            case 11:
                s.nodes[0].weight = -1;
                break;
            case 12:
                s.nodes[0].tokens.clear();
                s.nodes[0].vnodes = 100;
                s.nodes[0].weight = 1e300;
                break;
            case 13:
                for (NodeSpec& n : s.nodes) {
                    n.tokens.clear();
                }
                s.tokenScheme = TokenScheme::Ketama;
                s.nodes[0].weight = 1e308;
                break;
        }
        const QString error = errorOf([&] { Placement::build(s); });
        QVERIFY2(error.startsWith(message), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRing)
#include "tst_ring.moc"
