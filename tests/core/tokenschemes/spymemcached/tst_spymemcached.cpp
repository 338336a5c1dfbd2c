// spymemcached's ketama (tokenschemes/spymemcached): the node keys of both of
// KetamaNodeKeyFormatter's formats, and where spymemcached's own KetamaNodeLocator sent 3,500
// keys on five pools (data/, captured from Debian 12's libspymemcached-java 2.12.3 by
// data/capture), a point two nodes share among them.
#include <QTest>

#include "ringscope/error.h"
#include "ringscope/registry.h"
#include "testutil.h"
#include "tokenschemes/spymemcached/spymemcached.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

// data/CASE.tsv: key -> the node spymemcached returned.
std::vector<std::pair<std::string, std::string>> routes(const QString& name) {
    return capturedRoutes(QStringLiteral("tests/core/tokenschemes/spymemcached/data/") + name);
}

Scenario pool(const QStringList& ids, SpymemcachedNodeKeys format,
              const std::vector<std::string>& keys) {
    Scenario s;
    s.algorithm = Algorithm::Ring;
    s.tokenScheme = TokenScheme::Spymemcached;
    s.keyHash = HashKind::Md5;
    s.space = uint64_t{1} << 32;
    s.params.edit<SpymemcachedParams>().nodeKeys = format;
    for (const QString& id : ids) {
        NodeSpec n;
        n.id = id.toStdString();
        s.nodes.push_back(n);
    }
    s.keys.kind = KeySetSpec::Kind::List;
    s.keys.list = keys;
    return s;
}

}  // namespace

class TestSpymemcached : public QObject {
    Q_OBJECT
private slots:
    // KetamaNodeKeyFormatter: SPYMEMCACHED prints the InetSocketAddress without its leading '/',
    // LIBMEMCACHED the host name (else the address) and the port unless 11211.
    void nodeKeys() {
        const auto spy = [](const char* id) {
            return spymemcachedNodeKey(id, SpymemcachedNodeKeys::Spymemcached, "id");
        };
        const auto lib = [](const char* id) {
            return spymemcachedNodeKey(id, SpymemcachedNodeKeys::Libmemcached, "id");
        };
        QCOMPARE(spy("10.0.1.1:11211"), std::string("10.0.1.1:11211"));
        QCOMPARE(spy("10.0.1.1"), std::string("10.0.1.1:11211"));
        QCOMPARE(spy("cache-a/10.0.2.1:11212"), std::string("cache-a/10.0.2.1:11212"));
        QCOMPARE(lib("10.0.1.1:11211"), std::string("10.0.1.1"));
        QCOMPARE(lib("cache-a/10.0.2.1:11211"), std::string("cache-a"));
        QCOMPARE(lib("cache-b/10.0.2.2:11212"), std::string("cache-b:11212"));
        // A host name alone would need a DNS lookup: refused, saying what to write.
        const QString e = errorOf([&] { spy("cache-a:11211"); });
        QVERIFY2(e.contains(QStringLiteral("NAME/ADDRESS:PORT")), qPrintable(e));
        QVERIFY(!errorOf([&] { spy("10.0.1.1:70000"); }).isEmpty());
        QVERIFY(!errorOf([&] { spy("10.0.1.256:11211"); }).isEmpty());
    }

    // spymemcached's own routes (data/capture/README.md): every key of every case.
    void routesAsSpymemcached_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("ids");
        QTest::addColumn<int>("format");
        const int spy = int(SpymemcachedNodeKeys::Spymemcached);
        const QStringList names{"cache-a/10.0.2.1:11211", "cache-b/10.0.2.2:11212",
                                "10.0.2.3:11213"};
        QTest::newRow("four") << "four"
                              << QStringList{"10.0.1.1:11211", "10.0.1.2:11211", "10.0.1.3:11211",
                                             "10.0.1.4:11211"}
                              << spy;
        QTest::newRow("names") << "names" << names << spy;
        QTest::newRow("names-libmemcached")
            << "names-libmemcached" << names << int(SpymemcachedNodeKeys::Libmemcached);
        QTest::newRow("collision-ab")
            << "collision-ab" << QStringList{"10.9.2.63:11211", "10.9.2.65:11211", "10.9.7.7:11211"}
            << spy;
        QTest::newRow("collision-ba")
            << "collision-ba" << QStringList{"10.9.2.65:11211", "10.9.2.63:11211", "10.9.7.7:11211"}
            << spy;
    }
    void routesAsSpymemcached() {
        QFETCH(QString, name);
        QFETCH(QStringList, ids);
        QFETCH(int, format);
        const auto expected = routes(name + QStringLiteral(".tsv"));
        QCOMPARE(expected.size(), size_t{3500});
        std::vector<std::string> keys;
        for (const auto& [key, node] : expected) {
            keys.push_back(key);
        }
        const PlacedScenario placed(pool(ids, SpymemcachedNodeKeys(format), keys));
        QCOMPARE(placed.placement.ring().size(),
                 size_t(160) * size_t(ids.size()) - (name.startsWith(QStringLiteral("collision"))));
        int mismatches = 0;
        std::string first;
        for (size_t k = 0; k < expected.size(); ++k) {
            const std::string& got = placed.placement.nodes()[placed.assignment.primary(k)].id;
            if (got != expected[k].second && mismatches++ == 0) {
                first = expected[k].first + ": spymemcached " + expected[k].second +
                        ", Ringscope " + got;
            }
        }
        QVERIFY2(mismatches == 0, first.c_str());
    }

    // The shared point goes to the node put last: the two orders differ on the keys of its arc
    // alone (two of the 3,500).
    void equalPointsGoToTheNodePutLast() {
        const auto ab = routes(QStringLiteral("collision-ab.tsv"));
        const auto ba = routes(QStringLiteral("collision-ba.tsv"));
        int differ = 0;
        for (size_t k = 0; k < ab.size(); ++k) {
            differ += ab[k].second != ba[k].second;
        }
        QCOMPARE(differ, 2);
    }

    // The same pool under libmemcached's ketama (equal weights: 40 digests a server) and under
    // spymemcached with libmemcached's node keys: the same ring, so every key agrees; with
    // spymemcached's own keys ("10.0.1.1:11211" for libmemcached's "10.0.1.1") most do not.
    void libmemcachedNamingAgreesWithKetama() {
        std::vector<std::string> keys;
        for (int i = 0; i < 5000; ++i) {
            keys.push_back("user:" + std::to_string(i));
        }
        const QStringList ids{"10.0.1.1", "10.0.1.2", "10.0.1.3:11212", "10.0.1.4"};
        Scenario ketama = pool(ids, SpymemcachedNodeKeys::Libmemcached, keys);
        ketama.tokenScheme = TokenScheme::Ketama;
        const PlacedScenario lib(ketama);
        const PlacedScenario compatible(pool(ids, SpymemcachedNodeKeys::Libmemcached, keys));
        const PlacedScenario own(pool(ids, SpymemcachedNodeKeys::Spymemcached, keys));
        int differ = 0;
        for (size_t k = 0; k < keys.size(); ++k) {
            QCOMPARE(compatible.assignment.primary(k), lib.assignment.primary(k));
            differ += own.assignment.primary(k) != lib.assignment.primary(k);
        }
        QVERIFY2(differ > 2500, qPrintable(QString::number(differ)));
    }

    // A scenario file names the format; the default is not written.
    void fileKeepsTheFormat() {
        Scenario s = pool({"10.0.1.1"}, SpymemcachedNodeKeys::Libmemcached, {});
        QCOMPARE(s.params.get<SpymemcachedParams>().nodeKeys, SpymemcachedNodeKeys::Libmemcached);
        // A bare host name is refused when the scenario is checked, naming the node.
        s.nodes[0].id = "cache-a";
        const QString e = errorOf([&] { validate(s); });
        QVERIFY2(e.startsWith(QStringLiteral("nodes[0].id")), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TestSpymemcached)
#include "tst_spymemcached.moc"
