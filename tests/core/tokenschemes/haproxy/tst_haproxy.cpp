// HAProxy's consistent hash (tokenschemes/haproxy): its server numbering, its points, the routes
// HAProxy 2.6.12 itself chose for every key hash and a disabled server (data/, from
// chash_get_server_hash), the nearer rule's preference order, and the reader of haproxy.cfg
// (`ringscope-cli import haproxy`).
#include <QTest>

#include <map>

#include "keyhashes/haproxy/haproxy_hashes.h"
#include "ringscope/registry.h"
#include "testutil.h"
#include "tokenschemes/haproxy/haproxy.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

std::string readData(const QString& name) {
    return readSourceFile(QStringLiteral("tests/core/tokenschemes/haproxy/data/") + name);
}

Scenario backend(std::string_view name) {
    return haproxyScenario(parseHaproxyConfig(readData(QStringLiteral("haproxy.conf")), "h.cfg"),
                           name, "h.cfg", "haproxy.conf");
}

std::string importError(std::string_view text, std::string_view part = {}) {
    try {
        haproxyScenario(parseHaproxyConfig(text, "h.cfg"), part, "h.cfg", "h.cfg");
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

NodeSpec server(std::string id, double weight = 1, std::optional<uint32_t> serverId = {}) {
    NodeSpec n;
    n.id = std::move(id);
    n.weight = weight;
    if (serverId) {
        n.params.edit<HaproxyServerId>().id = serverId;
    }
    return n;
}

}  // namespace

class TestHaproxy : public QObject {
    Q_OBJECT
private slots:
    // cfgparse.c: a server without an id takes the first free one at or after its place.
    void serverIds() {
        Scenario s;
        s.tokenScheme = TokenScheme::Haproxy;
        s.nodes = {server("s1"), server("s2"), server("s3", 1, 7), server("s4")};
        QCOMPARE(haproxyServerIds(s), (std::vector<uint32_t>{1, 2, 7, 4}));
        // next_id follows the id just given: a takes 2 (1 is b's), so c starts from 4, which is
        // d's, and takes 5 although 3 is free.
        s.nodes = {server("a"), server("b", 1, 1), server("c"), server("d", 1, 4)};
        QCOMPARE(haproxyServerIds(s), (std::vector<uint32_t>{2, 1, 5, 4}));
        s.nodes = {server("a", 1, 3), server("b"), server("c"), server("d")};
        QCOMPARE(haproxyServerIds(s), (std::vector<uint32_t>{3, 2, 4, 5}));
    }

    // 16 points per unit of weight at full_hash(id x 4096 + j); weight 0 has none.
    void pointsFollowTheWeight() {
        Scenario s;
        s.tokenScheme = TokenScheme::Haproxy;
        s.keyHash = HashKind::Sdbm;
        s.nodes = {server("s1"), server("s2", 3), server("s3", 0, 7)};
        const std::vector<RingToken> tokens = haproxyTokens(s);
        std::vector<int> count(3);
        for (const RingToken& t : tokens) {
            ++count[t.node];
            QCOMPARE(t.position,
                     uint64_t{haproxyFullHash((t.node == 0 ? 1u : 2u) * 4096 + t.index)});
        }
        QCOMPARE(count, (std::vector<int>{16, 48, 0}));
        s.nodes[1].weight = 257;
        QVERIFY_THROWS_EXCEPTION(InputError, validate(s));
    }

    // HAProxy 2.6.12's own routes (data/README.md): every key, every key hash.
    void routesAsHaproxy_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("backend");
        for (const char* name : {"sdbm", "djb2", "wt6", "crc32", "sdbm-avalanche", "djb2-avalanche",
                                 "wt6-avalanche", "crc32-avalanche", "disabled", "sdbm-urlparam"}) {
            QTest::newRow(name) << QString::fromLatin1(name)
                                << QStringLiteral("be_") + QString::fromLatin1(name);
        }
    }
    void routesAsHaproxy() {
        QFETCH(QString, name);
        QFETCH(QString, backend);
        const Scenario s = ::backend(backend.toStdString());
        QCOMPARE(s.tokenScheme, TokenScheme::Haproxy);
        const Placement p = Placement::build(s);
        const QStringList lines =
            QString::fromStdString(readData(name + QStringLiteral(".tsv"))).split(u'\n').mid(1);
        const KeySet keys = patternKeys("key-{i}", 2000);
        const Assignment a = assignAll(p, keys);
        int rows = 0;
        int mismatches = 0;
        std::string first;
        for (const QString& line : lines) {
            if (line.isEmpty()) {
                continue;
            }
            const std::string key = line.section(u'\t', 0, 0).toStdString();
            const std::string expected = line.section(u'\t', 1, 1).toStdString();
            QCOMPARE(keys.names[size_t(rows)], key);
            const std::string& got = p.nodes()[a.primary(size_t(rows))].id;
            if (got != expected && mismatches++ == 0) {
                first = key + ": HAProxy " + expected + ", Ringscope " + got;
            }
            ++rows;
        }
        QCOMPARE(rows, 2000);
        QVERIFY2(mismatches == 0, first.c_str());
    }

    // The nearer rule's preference order: nodes by the distance of their nearest point, so
    // the first live one is where HAProxy sends a key once a server's points leave the tree.
    void downIsTheTreeWithoutItsPoints() {
        Scenario s = backend("be_sdbm");
        s.keys.count = 3000;
        for (size_t gone = 0; gone < s.nodes.size(); ++gone) {
            Scenario down = s;
            down.nodes[gone].down = true;
            Scenario without = s;
            without.nodes[gone].weight = 0;  // no points at all
            const PlacedScenario a(down);
            const PlacedScenario b(without);
            const PlacedScenario before(s);
            for (size_t k = 0; k < a.keys.size(); ++k) {
                QCOMPARE(a.assignment.primary(k), b.assignment.primary(k));
                // Only the down server's keys move.
                QVERIFY(before.assignment.primary(k) == gone ||
                        a.assignment.primary(k) == before.assignment.primary(k));
            }
        }
    }

    void readsTheBackends() {
        const std::vector<HaproxyProxy> proxies =
            parseHaproxyConfig(readData(QStringLiteral("haproxy.conf")), "h.cfg");
        QCOMPARE(proxies.size(), size_t{10});
        const Scenario s = backend("be_wt6-avalanche");
        QCOMPARE(s.keyHash, HashKind::Wt6Avalanche);
        QCOMPARE(s.nodes.size(), size_t{4});
        QCOMPARE(s.nodes[1].weight, 3.0);
        QCOMPARE(s.nodes[2].params.get<HaproxyServerId>().id, std::optional<uint32_t>(7));
        QVERIFY(!s.nodes[3].params.get<HaproxyServerId>().id);  // numbered as HAProxy does
        QVERIFY(backend("be_disabled").nodes[1].down);
        QCOMPARE(s.title, std::string("HAProxy backend be_wt6-avalanche"));
    }

    void readsWhatHaproxyReads() {
        const Scenario s =
            haproxyScenario(parseHaproxyConfig("global\n"
                                               "    maxconn 100  # not ours\n"
                                               "defaults\n"
                                               "    mode http\n"
                                               "    balance uri\n"
                                               "    hash-type consistent djb2 avalanche\n"
                                               "    default-server weight 2\n"
                                               "frontend fe\n"
                                               "    bind :80\n"
                                               "listen cache\n"
                                               "    hash-balance-factor 150\n"
                                               "    server \"a b\" 10.0.0.1:80 check inter 2s\n"
                                               "    server c 10.0.0.2:80 weight 5 id 9\n"
                                               "    server d 10.0.0.3:80 backup\n",
                                               "h.cfg"),
                            {}, "h.cfg", "h.cfg");
        QCOMPARE(s.keyHash, HashKind::Djb2Avalanche);
        QCOMPARE(s.boundedLoadPercent, std::optional<uint32_t>(150));
        QCOMPARE(s.nodes.size(), size_t{2});
        QCOMPARE(s.nodes[0].id, std::string("a b"));
        QCOMPARE(s.nodes[0].weight, 2.0);  // default-server
        QCOMPARE(s.nodes[1].weight, 5.0);
        QVERIFY(s.description.find("Backup, not on the ring: d") != std::string::npos);
    }

    void refusesWithTheLine_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("part");
        QTest::addColumn<QString>("message");
        const QString two = QStringLiteral(
            "backend a\n balance uri\n hash-type consistent\n server x 1.1.1.1:80\n"
            "backend b\n balance uri\n hash-type consistent\n server y 1.1.1.2:80\n");
        QTest::newRow("several") << two << ""
                                 << "h.cfg: backend and listen sections with `hash-type "
                                    "consistent`: a, b; choose one with --backend NAME";
        QTest::newRow("unknown") << two << "c"
                                 << "h.cfg: no backend or listen section \"c\" (with `hash-type "
                                    "consistent`: a, b)";
        QTest::newRow("round robin")
            << "backend a\n hash-type consistent\n server x 1.1.1.1:80\n"
            << "a"
            << "h.cfg:1: \"a\" balances with `roundrobin`, not a consistent hash of the request";
        QTest::newRow("map-based")
            << "backend a\n balance uri\n hash-type map-based\n server x 1.1.1.1:80\n"
            << "a"
            << "h.cfg:1: \"a\" balances with `uri` and `hash-type map-based`, not a consistent "
               "hash of the request";
        QTest::newRow("function") << "backend a\n hash-type consistent murmur\n"
                                  << ""
                                  << "h.cfg:2: unknown hash function or modifier \"murmur\" "
                                     "(sdbm, djb2, wt6, crc32; avalanche)";
        QTest::newRow("weight") << "backend a\n server x 1.1.1.1:80 weight 300\n"
                                << ""
                                << "h.cfg:2: weight is a whole number from 0 to 256";
        QTest::newRow("id twice")
            << "backend a\n server x 1.1.1.1:80 id 3\n server y 1.1.1.2:80 id 3\n"
            << ""
            << "h.cfg:3: server id 3 is already used in \"a\"";
        QTest::newRow("quote") << "backend a\n server \"x 1.1.1.1:80\n"
                               << ""
                               << "h.cfg:2: unmatched quote";
        QTest::newRow("factor") << "backend a\n hash-balance-factor 50\n"
                                << ""
                                << "h.cfg:2: hash-balance-factor is 0 (off) or a percent from "
                                   "100 to 65535";
        QTest::newRow("none") << "frontend f\n bind :80\n"
                              << ""
                              << "h.cfg: no backend or listen section with `hash-type "
                                 "consistent` (0 read)";
    }
    void refusesWithTheLine() {
        QFETCH(QString, text);
        QFETCH(QString, part);
        QFETCH(QString, message);
        QCOMPARE(QString::fromStdString(importError(text.toStdString(), part.toStdString())),
                 message);
    }
};

QTEST_GUILESS_MAIN(TestHaproxy)
#include "tst_haproxy.moc"
