// twemproxy's ketama (tokenschemes/twemproxy): its float point counts, its server names, the
// routes nutcracker 0.5.0 itself chose for 2,000 keys in each of 17 pools (data/, one per hash
// function, seven weights, long names, from ketama_dispatch) and the reader of nutcracker.yml
// (`ringscope-cli import twemproxy`).
#include <QTest>

#include "ringscope/registry.h"
#include "testutil.h"
#include "tokenschemes/twemproxy/twemproxy.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

std::string readData(const QString& name) {
    return readSourceFile(QStringLiteral("tests/core/tokenschemes/twemproxy/data/") + name);
}

std::vector<TwemproxyPool> goldenPools() {
    return parseTwemproxyConfig(readData(QStringLiteral("nutcracker.yml")), "nutcracker.yml");
}

std::string importError(std::string_view text, std::string_view part = {}) {
    try {
        twemproxyScenario(parseTwemproxyConfig(text, "t.yml"), part, "t.yml", "t.yml");
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

// The server line a node came from: its address, or its id when the two are the same.
std::string serverLine(const NodeSpec& node) {
    const std::string& address = node.params.get<TwemproxyAddress>().address;
    return address.empty() ? node.id : address;
}

}  // namespace

class TestTwemproxy : public QObject {
    Q_OBJECT
private slots:
    // conf_add_server: the name after the last space, else the host on port 11211, else
    // host:port; a unix socket without a name hashes its path and the ':'.
    void serverNames_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("weight");
        QTest::newRow("11211") << "10.0.0.1:11211:1"
                               << "10.0.0.1" << 1;
        QTest::newRow("other port") << "10.0.0.1:22122:3"
                                    << "10.0.0.1:22122" << 3;
        QTest::newRow("named") << "10.0.0.1:11211:2 cache-a"
                               << "cache-a" << 2;
        QTest::newRow("host name") << "mc-1.example.com:11211:1"
                                   << "mc-1.example.com" << 1;
        QTest::newRow("unix") << "/var/run/mc.sock:1"
                              << "/var/run/mc.sock:" << 1;
        QTest::newRow("unix named") << "/var/run/mc.sock:4 local"
                                    << "local" << 4;
    }
    void serverNames() {
        QFETCH(QString, line);
        QFETCH(QString, name);
        QFETCH(int, weight);
        const std::string yml = "p:\n  servers:\n   - " + line.toStdString() + "\n";
        const auto pools = parseTwemproxyConfig(yml, "t.yml");
        QCOMPARE(pools.size(), size_t{1});
        QCOMPARE(pools[0].servers.size(), size_t{1});
        QCOMPARE(QString::fromStdString(pools[0].servers[0].name), name);
        QCOMPARE(pools[0].servers[0].weight, int64_t{weight});
    }

    // ketama_update's float arithmetic: seven weights whose shares do not divide evenly
    // (the weights7 pool: 1108 points, not 1120).
    void floatPointCounts() {
        const double weights[] = {1, 2, 3, 5, 7, 11, 13};
        const uint64_t expected[] = {24, 52, 80, 132, 184, 292, 344};
        uint64_t total = 0;
        for (size_t i = 0; i < 7; ++i) {
            QCOMPARE(twemproxyPoints(weights[i], 42, 7), expected[i]);
            total += expected[i];
        }
        QCOMPARE(total, uint64_t{1108});
        QCOMPARE(twemproxyPoints(1, 1, 1), uint64_t{160});
        QCOMPARE(twemproxyPoints(1, 3, 3), uint64_t{160});
    }

    // nutcracker 0.5.0's own routes (data/README.md): every key of every pool.
    void routesAsTwemproxy_data() {
        QTest::addColumn<QString>("pool");
        for (const TwemproxyPool& p : goldenPools()) {
            QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
        }
    }
    void routesAsTwemproxy() {
        QFETCH(QString, pool);
        const Scenario s = twemproxyScenario(goldenPools(), pool.toStdString(), "nutcracker.yml",
                                             "nutcracker.yml");
        QCOMPARE(s.tokenScheme, TokenScheme::Twemproxy);
        const Placement p = Placement::build(s);
        const std::string text = readData(pool + QStringLiteral(".tsv"));
        QVERIFY(!text.empty());
        std::vector<std::string> servers;
        for (const QString& line : QString::fromStdString(text).split(u'\n').mid(1)) {
            if (!line.isEmpty()) {
                QCOMPARE(line.section(u'\t', 0, 0), QStringLiteral("key-%1").arg(servers.size()));
                servers.push_back(line.section(u'\t', 1).toStdString());
            }
        }
        QCOMPARE(servers.size(), size_t{2000});
        const Assignment a = assignAll(p, patternKeys("key-{i}", 2000));
        int mismatches = 0;
        std::string first;
        for (size_t k = 0; k < servers.size(); ++k) {
            const std::string got = serverLine(s.nodes[a.primary(k)]);
            if (got != servers[k] && mismatches++ == 0) {
                first =
                    "key-" + std::to_string(k) + ": twemproxy " + servers[k] + ", Ringscope " + got;
            }
        }
        QVERIFY2(mismatches == 0, first.c_str());
    }

    // A name longer than 272 bytes: every point string is cut to the same 272 bytes, so the
    // server has one digest's four points however many it is given (longname300: 43 keys).
    void longNamesAreCut() {
        const Scenario s =
            twemproxyScenario(goldenPools(), "longname300", "nutcracker.yml", "nutcracker.yml");
        const Placement p = Placement::build(s);
        size_t longest = 0;
        for (size_t n = 1; n < s.nodes.size(); ++n) {
            longest = s.nodes[n].id.size() > s.nodes[longest].id.size() ? n : longest;
        }
        QVERIFY(s.nodes[longest].id.size() > kTwemproxyMaxPointName);
        std::vector<uint64_t> positions = p.ring().positionsOf(static_cast<uint32_t>(longest));
        std::sort(positions.begin(), positions.end());
        positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
        QCOMPARE(positions.size(), size_t{4});
    }

    // Property: weights give points in proportion (up to the floor), and removing a server moves
    // only its keys when the shares stay whole (four servers of weight 1 → three).
    void removalMovesOnlyTheRemovedServersKeys() {
        Scenario four = twemproxyScenario(goldenPools(), "md5", "n.yml", "n.yml");
        for (NodeSpec& n : four.nodes) {
            n.weight = 1;
        }
        Scenario three = four;
        three.nodes.erase(three.nodes.begin() + 1);
        const KeySet keys = patternKeys("key-{i}", 5000);
        const Placement p4 = Placement::build(four);
        const Placement p3 = Placement::build(three);
        QCOMPARE(p4.ring().size(), size_t{640});
        QCOMPARE(p3.ring().size(), size_t{480});
        const Assignment a4 = assignAll(p4, keys);
        const Assignment a3 = assignAll(p3, keys);
        for (size_t k = 0; k < keys.names.size(); ++k) {
            if (a4.primary(k) != 1) {
                QCOMPARE(p3.nodes()[a3.primary(k)].id, p4.nodes()[a4.primary(k)].id);
            }
        }
    }

    // The reader: the golden file's 17 pools, each chosen by name, the hash each names.
    void readsThePools() {
        const auto pools = goldenPools();
        QCOMPARE(pools.size(), size_t{17});
        QCOMPARE(pools[0].name, std::string("md5"));
        QCOMPARE(pools[0].servers.size(), size_t{4});
        QCOMPARE(pools[0].servers[3].name, std::string("beta"));
        QCOMPARE(pools[0].servers[2].name, std::string("127.0.0.4:22122"));
        QCOMPARE(pools[0].servers[0].name, std::string("127.0.0.2"));
        const Scenario s = twemproxyScenario(pools, "fnv1a_64", "n.yml", "n.yml");
        QCOMPARE(s.keyHash, HashKind::TwemproxyFnv1a_64);
        QCOMPARE(s.nodes[3].params.get<TwemproxyAddress>().address,
                 std::string("127.0.0.5:22123:3 beta"));
        QVERIFY(s.nodes[0].params.get<TwemproxyAddress>().address == "127.0.0.2:11211:1");
        QCOMPARE(twemproxyScenario(pools, "crc32a", "n", "n").keyHash, HashKind::Crc32);
        QCOMPARE(twemproxyScenario(pools, "fnv1a_32", "n", "n").keyHash, HashKind::Fnv1a32);
        QCOMPARE(twemproxyScenario(pools, "md5", "n", "n").keyHash, HashKind::Md5);
    }

    // Errors name the line and what twemproxy would say.
    void refusals_data() {
        QTest::addColumn<QByteArray>("yml");
        QTest::addColumn<QString>("part");
        QTest::addColumn<QString>("error");
        QTest::newRow("no weight")
            << QByteArray("p:\n  servers:\n   - 10.0.0.1:11211\n") << ""
            << "t.yml:3: server \"10.0.0.1:11211\" has an invalid \"hostname:port:weight [name]\"";
        QTest::newRow("zero weight") << QByteArray("p:\n  servers:\n   - 10.0.0.1:11211:0\n") << ""
                                     << "t.yml:3: server \"10.0.0.1:11211:0\" has a zero weight";
        QTest::newRow("bad port") << QByteArray("p:\n  servers:\n   - 10.0.0.1:99999:1\n") << ""
                                  << "t.yml:3: server \"10.0.0.1:99999:1\" has an invalid port";
        // fuzz_twemproxy: an empty host (twemproxy cannot resolve it) named a ketama server "".
        QTest::newRow("no host") << QByteArray("p:\n  servers:\n   - :11211:1\n") << ""
                                 << "t.yml:3: server \":11211:1\" has no host";
        QTest::newRow("no host, a name")
            << QByteArray("p:\n  servers:\n   - :22122:1 cache\n") << ""
            << "t.yml:3: server \":22122:1 cache\" has no host";
        QTest::newRow("same name")
            << QByteArray("p:\n  servers:\n   - 10.0.0.1:11211:1 a\n   - 10.0.0.2:11211:1 a\n")
            << ""
            << "t.yml:4: pool \"p\" has servers with the same name \"a\"";
        QTest::newRow("unknown hash")
            << QByteArray("p:\n  hash: murmur3\n  servers:\n   - 10.0.0.1:11211:1\n") << ""
            << "t.yml:2: hash \"murmur3\" is not one of twemproxy's";
        QTest::newRow("modula") << QByteArray(
                                       "p:\n  distribution: modula\n  servers:\n   - a:1:1\n")
                                << "p"
                                << "t.yml:1: pool \"p\" uses `distribution: modula`";
        QTest::newRow("two pools")
            << QByteArray("a:\n  servers:\n   - x:1:1\nb:\n  servers:\n   - y:1:1\n") << ""
            << "t.yml: pools with `distribution: ketama`: a, b; choose one with --pool NAME";
        QTest::newRow("not yaml") << QByteArray("p:\n  servers: [a\n") << ""
                                  << "t.yml:3: not YAML twemproxy reads";
        QTest::newRow("no servers") << QByteArray("p:\n  hash: md5\n") << ""
                                    << "t.yml:1: pool \"p\" has no servers";
        QTest::newRow("not a mapping") << QByteArray("- a\n") << ""
                                       << "t.yml:1: the file must be a mapping of pools";
        QTest::newRow("empty") << QByteArray("") << ""
                               << "t.yml: no pools";
        QTest::newRow("deep") << QByteArray(100000, '[') << ""
                              << "t.yml:1: nested more than 32 levels deep";
        // fuzz_twemproxy's first finding: libyaml reads a mapping's repeated key.
        QTest::newRow("same pool twice")
            << QByteArray("a:\n  servers:\n   - x:1:1\na:\n  servers:\n   - y:1:1\n") << "a"
            << "t.yml:4: pool \"a\" is named twice (line 1)";
    }
    void refusals() {
        QFETCH(QByteArray, yml);
        QFETCH(QString, part);
        QFETCH(QString, error);
        const QString got = QString::fromStdString(
            importError(std::string_view(yml.constData(), yml.size()), part.toStdString()));
        QVERIFY2(got.startsWith(error), qPrintable(got));
    }
};

QTEST_GUILESS_MAIN(TestTwemproxy)
#include "tst_twemproxy.moc"
