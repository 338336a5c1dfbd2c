// groupcache's consistent hash (tokenschemes/groupcache): its points, and the peers
// groupcache's own consistenthash.Map chose for 2,000 keys on five peer sets (data/, from Map.Get
// in Debian 12's golang-github-golang-groupcache-dev), a colliding point among them.
#include <QTest>

#include "keyhashes/crc32/crc32.h"
#include "ringscope/registry.h"
#include "testutil.h"
#include "tokenschemes/groupcache/groupcache.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

// A ring of groupcache peers, added in this order, `replicas` points each (nullopt: the default).
Scenario peers(const std::vector<std::string>& ids, std::optional<int64_t> replicas) {
    Scenario s;
    s.algorithm = Algorithm::Ring;
    s.tokenScheme = TokenScheme::Groupcache;
    s.keyHash = HashKind::Crc32;
    s.space = uint64_t{1} << 32;
    for (const std::string& id : ids) {
        NodeSpec n;
        n.id = id;
        n.vnodes = replicas;
        s.nodes.push_back(n);
    }
    s.keys.pattern = "key-{i}";
    s.keys.count = 2000;
    return s;
}

// data/CASE.tsv: key -> the peer Map.Get returned.
std::vector<std::pair<std::string, std::string>> routes(const QString& name) {
    return capturedRoutes(QStringLiteral("tests/core/tokenschemes/groupcache/data/") + name);
}

const std::vector<std::string> kBasic = {"http://10.0.0.1:8080", "http://10.0.0.2:8080",
                                         "http://10.0.0.3:8080"};

}  // namespace

class TestGroupcache : public QObject {
    Q_OBJECT
private slots:
    // consistenthash.go, Add: hash := int(m.hash([]byte(strconv.Itoa(i) + key))).
    void pointIsTheCrcOfIndexThenId() {
        QCOMPARE(groupcachePoint("peer-86", 4), crc32("4peer-86"));
        QCOMPARE(groupcachePoint("http://10.0.0.1:8080", 49), crc32("49http://10.0.0.1:8080"));
        // The collision data/collision.tsv records: crc32("4peer-86") = crc32("8peer-125560").
        QCOMPARE(groupcachePoint("peer-86", 4), 2829099223u);
        QCOMPARE(groupcachePoint("peer-125560", 8), 2829099223u);
    }

    // groupcache's own routes (data/README.md): every key of every case.
    void routesAsGroupcache_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("ids");
        QTest::addColumn<int>("replicas");  // 0: groupcache's default
        const auto list = [](const std::vector<std::string>& ids) {
            QStringList out;
            for (const std::string& id : ids) {
                out << QString::fromStdString(id);
            }
            return out;
        };
        QTest::newRow("basic") << "basic" << list(kBasic) << 0;
        QTest::newRow("replicas3") << "replicas3" << QStringList{"a", "b", "c", "d"} << 3;
        QTest::newRow("collision-ab")
            << "collision-ab" << QStringList{"peer-86", "peer-125560", "peer-x"} << 50;
        QTest::newRow("collision-ba")
            << "collision-ba" << QStringList{"peer-125560", "peer-86", "peer-x"} << 50;
        QTest::newRow("removal") << "removal"
                                 << QStringList{"http://10.0.0.1:8080", "http://10.0.0.3:8080"}
                                 << 0;
    }
    void routesAsGroupcache() {
        QFETCH(QString, name);
        QFETCH(QStringList, ids);
        QFETCH(int, replicas);
        std::vector<std::string> peerIds;
        for (const QString& id : ids) {
            peerIds.push_back(id.toStdString());
        }
        const Scenario s =
            peers(peerIds, replicas ? std::optional<int64_t>(replicas) : std::nullopt);
        const PlacedScenario placed(s);
        const auto expected = routes(name + QStringLiteral(".tsv"));
        QCOMPARE(expected.size(), size_t{2000});
        int mismatches = 0;
        std::string first;
        for (size_t k = 0; k < expected.size(); ++k) {
            QCOMPARE(placed.keys.names[k], expected[k].first);
            const std::string& got = placed.placement.nodes()[placed.assignment.primary(k)].id;
            if (got != expected[k].second && mismatches++ == 0) {
                first =
                    expected[k].first + ": groupcache " + expected[k].second + ", Ringscope " + got;
            }
        }
        QVERIFY2(mismatches == 0, first.c_str());
    }

    // Equal points: one token, the node added last's; the two orders differ on exactly the keys
    // of that point's arc (nine of the 2,000, data/collision.tsv).
    void equalPointsGoToThePeerAddedLast() {
        const Placement ab = Placement::build(peers({"peer-86", "peer-125560", "peer-x"}, 50));
        const Placement ba = Placement::build(peers({"peer-125560", "peer-86", "peer-x"}, 50));
        QCOMPARE(ab.ring().size(), size_t{149});
        QCOMPARE(ownersAt(ab, 2829099223u), std::string("peer-125560"));
        QCOMPARE(ownersAt(ba, 2829099223u), std::string("peer-86"));
        const auto oa = routes(QStringLiteral("collision-ab.tsv"));
        const auto ob = routes(QStringLiteral("collision-ba.tsv"));
        int differ = 0;
        for (size_t k = 0; k < oa.size(); ++k) {
            differ += oa[k].second != ob[k].second;
        }
        QCOMPARE(differ, 9);
    }

    // Property: removing a peer moves only its own keys (groupcache's removal case rebuilds the
    // map without it).
    void removalMovesOnlyTheRemovedPeersKeys() {
        const auto before = routes(QStringLiteral("basic.tsv"));
        const auto after = routes(QStringLiteral("removal.tsv"));
        for (size_t k = 0; k < before.size(); ++k) {
            if (before[k].second != "http://10.0.0.2:8080") {
                QCOMPARE(after[k].second, before[k].second);
            }
        }
    }

    // Points per node follow vnodes (groupcache's replicas, 50 by default); there are no weights.
    void replicasAndWeights() {
        Scenario s = peers({"a", "b"}, std::nullopt);
        s.nodes[1].vnodes = 7;
        const Placement p = Placement::build(s);
        QCOMPARE(p.ring().positionsOf(0).size(), size_t{50});
        QCOMPARE(p.ring().positionsOf(1).size(), size_t{7});
        s.nodes[0].weight = 2;
        QCOMPARE(errorOf([&] { Placement::build(s); }),
                 QStringLiteral("nodes[0] (a).weight: weight must be a whole number of at most 1 "
                                "under \"groupcache\", not 2; groupcache has no weights (every "
                                "peer gets the same replicas): give the node more vnodes "
                                "instead"));
    }
};

QTEST_GUILESS_MAIN(TestGroupcache)
#include "tst_groupcache.moc"
