// nginx's consistent hash (tokenschemes/nginx): its address split, its points, the routes nginx
// 1.22.1 itself chose for 10,000 requests (data/, from ngx_http_upstream_get_chash_peer), and
// the reader of nginx.conf's upstream blocks (`ringscope-cli import nginx`).
#include <QTest>

#include <map>

#include "keyhashes/crc32/crc32.h"
#include "ringscope/registry.h"
#include "testutil.h"
#include "tokenschemes/nginx/nginx.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

std::string readData(const QString& name) {
    return readSourceFile(QStringLiteral("tests/core/tokenschemes/nginx/data/") + name);
}

// The scenario `ringscope-cli import nginx data/nginx.conf --upstream NAME` gives.
Scenario upstream(std::string_view name) {
    return nginxScenario(parseNginxUpstreams(readData(QStringLiteral("nginx.conf")), "nginx.conf"),
                         name, "nginx.conf", "nginx.conf");
}

std::string importError(std::string_view text, std::string_view part = {}) {
    try {
        nginxScenario(parseNginxUpstreams(text, "t.conf"), part, "t.conf", "t.conf");
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestNginx : public QObject {
    Q_OBJECT
private slots:
    // ngx_http_upstream_update_chash: the port is what follows the last ':' when only digits
    // follow it; a unix: name (any case) hashes its path.
    void hostAndPort_data() {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("port");
        QTest::newRow("ip:port") << "10.0.0.1:8080"
                                 << "10.0.0.1"
                                 << "8080";
        QTest::newRow("name") << "backend.example.com"
                              << "backend.example.com"
                              << "";
        QTest::newRow("unix") << "unix:/var/run/app.sock"
                              << "/var/run/app.sock"
                              << "";
        QTest::newRow("UNIX") << "UNIX:/x:80"
                              << "/x:80"
                              << "";
        QTest::newRow("ipv6") << "[::1]:80"
                              << "[::1]"
                              << "80";
        QTest::newRow("ipv6 alone") << "[2001:db8::1]"
                                    << "[2001:db8::1]"
                                    << "";
        QTest::newRow("empty port") << "host:"
                                    << "host"
                                    << "";
        QTest::newRow("name:digits") << "cache-1:11211"
                                     << "cache-1"
                                     << "11211";
        QTest::newRow("letters after colon") << "a:b1"
                                             << "a:b1"
                                             << "";
    }
    void hostAndPort() {
        QFETCH(QString, server);
        QFETCH(QString, host);
        QFETCH(QString, port);
        const std::string s = server.toStdString();
        const NginxHostPort split = nginxHostPort(s);
        QCOMPARE(QString::fromUtf8(split.host.data(), qsizetype(split.host.size())), host);
        QCOMPARE(QString::fromUtf8(split.port.data(), qsizetype(split.port.size())), port);
    }

    // 160 points per unit of weight; point 0 is crc32(HOST "\0" PORT, 0 as four bytes), point 1
    // chains point 0's bytes little-endian.
    void pointsChainTheLastOne() {
        Scenario s;
        s.tokenScheme = TokenScheme::Nginx;
        s.keyHash = HashKind::Crc32;
        s.nodes = {NodeSpec{"10.0.0.1:8080", 1.0, {}, {}, {}},
                   NodeSpec{"10.0.0.2:8080", 3.0, {}, {}, {}}};
        const std::vector<RingToken> tokens = nginxTokens(s);
        std::vector<int> count(2);
        for (const RingToken& t : tokens) {
            ++count[t.node];
        }
        QCOMPARE(count, (std::vector<int>{160, 480}));
        using namespace std::literals;
        const uint32_t p0 = crc32(
            "10.0.0.1\0"
            "8080\0\0\0\0"sv);
        const char le[4] = {char(p0 & 0xff), char(p0 >> 8 & 0xff), char(p0 >> 16 & 0xff),
                            char(p0 >> 24)};
        // Built by append: GCC 12 reports a false -Warray-bounds in the inlined operator+ of a
        // string literal and a string when the standard headers come precompiled.
        std::string chained =
            "10.0.0.1\0"
            "8080"s;
        chained.append(le, 4);
        const uint32_t p1 = crc32(chained);
        const auto at = [&](uint32_t index) {
            return std::find_if(tokens.begin(), tokens.end(), [&](const RingToken& t) {
                return t.node == 0 && t.index == index;
            });
        };
        QCOMPARE(at(0)->position, uint64_t{p0});
        QCOMPARE(at(1)->position, uint64_t{p1});
        QVERIFY(std::is_sorted(tokens.begin(), tokens.end(),
                               [](auto& a, auto& b) { return a.position < b.position; }));
        // A weight nginx would refuse.
        s.nodes[1].weight = 1.5;
        QVERIFY_THROWS_EXCEPTION(InputError, nginxTokens(s));
    }

    // Equal points keep one, the first server's (nginx sorts, then drops repeats).
    void equalPointsKeepTheFirst() {
        Scenario s;
        s.tokenScheme = TokenScheme::Nginx;
        s.keyHash = HashKind::Crc32;
        // The same host and port written twice cannot be told apart by nginx's hash: every
        // point of the second is a repeat.
        s.nodes = {NodeSpec{"a:80", 1.0, {}, {}, {}}, NodeSpec{"A-copy", 1.0, {}, {}, {}}};
        const size_t distinct = nginxTokens(s).size();
        s.nodes[1].id = "unix:a";  // hashes "a" "\0" "" — not "a" "\0" "80"
        QCOMPARE(nginxTokens(s).size(), distinct);
        s.nodes = {NodeSpec{"unix:/s", 1.0, {}, {}, {}}, NodeSpec{"unix:/s", 2.0, {}, {}, {}}};
        const std::vector<RingToken> tokens = nginxTokens(s);
        QCOMPARE(tokens.size(), size_t{320});  // the second's first 160 repeat the first's
        QVERIFY(std::all_of(tokens.begin(), tokens.end(),
                            [](const RingToken& t) { return t.node == 0 || t.index >= 160; }));
    }

    // nginx 1.22.1's own routes (data/README.md): every key of every case.
    void routesAsNginx_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : {"basic", "weights", "hostname", "unix", "down"}) {
            QTest::newRow(name) << QString::fromLatin1(name);
        }
    }
    void routesAsNginx() {
        QFETCH(QString, name);
        const Scenario s = upstream(name.toStdString());
        QCOMPARE(s.tokenScheme, TokenScheme::Nginx);
        QCOMPARE(s.keyHash, HashKind::Crc32);
        const Placement p = Placement::build(s);
        std::vector<std::string> keys;
        std::vector<std::string> servers;
        const std::string text = readData(name + QStringLiteral(".tsv"));
        QVERIFY(!text.empty());
        for (const QString& line : QString::fromStdString(text).split(u'\n').mid(1)) {
            if (!line.isEmpty()) {
                keys.push_back(line.section(u'\t', 0, 0).toStdString());
                servers.push_back(line.section(u'\t', 1, 1).toStdString());
            }
        }
        QCOMPARE(keys.size(), size_t{2000});
        const KeySet set = patternKeys("key-{i}", 2000);
        QCOMPARE(set.names[0], keys[0]);
        const Assignment a = assignAll(p, set);
        int mismatches = 0;
        std::string first;
        for (size_t k = 0; k < keys.size(); ++k) {
            const std::string& got = p.nodes()[a.primary(k)].id;
            if (got != servers[k] && mismatches++ == 0) {
                first = keys[k] + ": nginx " + servers[k] + ", Ringscope " + got;
            }
        }
        QVERIFY2(mismatches == 0, first.c_str());
    }

    // The reader: the golden file's five upstreams, each chosen by name.
    void readsTheUpstreams() {
        const std::vector<NginxUpstream> ups =
            parseNginxUpstreams(readData(QStringLiteral("nginx.conf")), "nginx.conf");
        QCOMPARE(ups.size(), size_t{5});
        QCOMPARE(ups[1].name, std::string("weights"));
        QCOMPARE(ups[1].hashKey, std::string("$arg_k"));
        QVERIFY(ups[1].consistent);
        const Scenario w = upstream("weights");
        QCOMPARE(w.nodes.size(), size_t{3});
        QCOMPARE(w.nodes[1].id, std::string("127.0.0.12:8080"));
        QCOMPARE(w.nodes[1].weight, 3.0);
        QCOMPARE(w.title, std::string("nginx upstream weights"));
        const Scenario d = upstream("down");
        QVERIFY(d.nodes[1].down && !d.nodes[0].down);
        QVERIFY(d.description.find("Down (their keys go to the next point's server): "
                                   "127.0.0.1:8082") != std::string::npos);
        QVERIFY(d.description.find("max_fails=0") != std::string::npos);  // not modelled
        const Scenario u = upstream("unix");
        QCOMPARE(u.nodes[0].id, std::string("unix:/tmp/rs-golden-a.sock"));
    }

    void readsWhatNginxReads() {
        // Comments, quotes, escapes, a block opened without a blank, a stream upstream.
        const Scenario s =
            nginxScenario(parseNginxUpstreams("# cache tier\n"
                                              "stream {\n"
                                              "  upstream \"memcached\"{  # the pool\n"
                                              "    hash $remote_addr consistent;\n"
                                              "    server 'cache-1:11211' weight=2;\n"
                                              "    server cache\\;2:11211;\n"
                                              "    server cache-3:11211 backup;\n"
                                              "    zone pool 64k;\n"
                                              "  }\n"
                                              "  server { listen 11211; proxy_pass memcached; }\n"
                                              "}\n",
                                              "t.conf"),
                          {}, "t.conf", "t.conf");
        QCOMPARE(s.nodes.size(), size_t{2});
        QCOMPARE(s.nodes[0].id, std::string("cache-1:11211"));
        QCOMPARE(s.nodes[0].weight, 2.0);
        QCOMPARE(s.nodes[1].id, std::string("cache\\;2:11211"));  // kept, as nginx keeps it
        QVERIFY(s.description.find("Backup, not on the ring: cache-3:11211") != std::string::npos);
        QVERIFY(s.description.find("hash $remote_addr consistent") != std::string::npos);
    }

    // Errors name the file and line, and what nginx would have said.
    void refusesWithTheLine_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("part");
        QTest::addColumn<QString>("message");
        const QString two = QStringLiteral(
            "upstream a { hash $k consistent; server x:1; }\n"
            "upstream b { hash $k consistent; server y:1; }\n");
        QTest::newRow("several") << two << ""
                                 << "t.conf: upstreams with `hash KEY consistent`: "
                                    "a, b; choose one with --upstream NAME";
        QTest::newRow("unknown") << two << "c"
                                 << "t.conf: no upstream \"c\" (with `hash KEY consistent`: a, b)";
        QTest::newRow("none") << "http { }"
                              << ""
                              << "t.conf: no upstream with `hash KEY consistent` (0 read)";
        QTest::newRow("plain hash")
            << "upstream a {\n  hash $k;\n  server x:1;\n}\n"
            << "a"
            << "t.conf:1: upstream \"a\" balances with `hash $k`, not `hash KEY consistent`";
        QTest::newRow("round robin") << "upstream a { server x:1; }"
                                     << "a"
                                     << "t.conf:1: upstream \"a\" balances with round robin, not "
                                        "`hash KEY consistent`";
        QTest::newRow("weight 0")
            << "upstream a {\n hash $k consistent;\n server x:1 weight=0;\n}"
            << ""
            << "t.conf:3: invalid parameter \"weight=0\" (weight=N, N a whole number ≥ 1)";
        QTest::newRow("unknown parameter")
            << "upstream a {\n hash $k consistent;\n server x:1 wieght=2;\n}"
            << ""
            << "t.conf:3: invalid parameter \"wieght=2\" of server \"x:1\"";
        // A line without its ";" runs on into the next directive: nginx reports the next line's
        // first word as an invalid parameter, and so do we, saying where the ";" is missing.
        QTest::newRow("server without ;")
            << "upstream a {\n hash $k consistent;\n server x:1 weight=2\n server y:1;\n}"
            << ""
            << "t.conf:4: invalid parameter \"server\" of server \"x:1\"; a \";\" is probably "
               "missing at the end of line 3";
        QTest::newRow("weight on, without ;")
            << "upstream a {\n hash $k consistent;\n server x:1\n weight=0;\n}"
            << ""
            << "t.conf:4: invalid parameter \"weight=0\" (weight=N, N a whole number ≥ 1); a "
               "\";\" is probably missing at the end of line 3";
        QTest::newRow("hash without ;")
            << "upstream a {\n hash $k consistent\n server x:1;\n}"
            << ""
            << "t.conf:2: \"hash\" takes a key and, optionally, \"consistent\"; a \";\" is "
               "probably missing at the end of line 2";
        QTest::newRow("no semicolon") << "upstream a {\n hash $k consistent\n}"
                                      << ""
                                      << "t.conf:3: unexpected \"}\" after \"hash\" (no \";\")";
        QTest::newRow("open block") << "http {\n upstream a {\n  hash $k consistent;\n"
                                    << ""
                                    << "t.conf:2: unexpected end of file: this block has no \"}\"";
        QTest::newRow("stray close") << "}\n"
                                     << ""
                                     << "t.conf:1: unexpected \"}\"";
        QTest::newRow("open quote") << "upstream a {\n server \"x:1;\n}"
                                    << ""
                                    << "t.conf:2: unexpected end of file in a quoted word";
        QTest::newRow("consistant") << "upstream a {\n hash $k consistant;\n}"
                                    << ""
                                    << "t.conf:2: \"hash\" takes a key and, optionally, "
                                       "\"consistent\"";
        QTest::newRow("twice") << "upstream a { hash $k consistent; server x:1; server x:1; }"
                               << ""
                               << "t.conf:1: server \"x:1\" is listed twice (nginx would "
                                  "give both the same points)";
        QTest::newRow("duplicate upstream")
            << "upstream a { server x:1; }\nupstream a { hash $k consistent; server y:1; }"
            << ""
            << "t.conf:2: duplicate upstream \"a\" (line 1)";
        QTest::newRow("empty") << "upstream a { hash $k consistent; }"
                               << ""
                               << "t.conf:1: upstream \"a\" has no server";
    }
    void refusesWithTheLine() {
        QFETCH(QString, text);
        QFETCH(QString, part);
        QFETCH(QString, message);
        QCOMPARE(QString::fromStdString(importError(text.toStdString(), part.toStdString())),
                 message);
    }

    // Removing a server moves only its keys; the points follow the weights.
    void removalMovesOnlyTheServersKeys() {
        Scenario before = upstream("weights");
        before.keys.count = 5000;
        Scenario after = before;
        after.nodes.erase(after.nodes.begin() + 1);
        const PlacedScenario a(before);
        const PlacedScenario b(after);
        for (size_t k = 0; k < a.keys.size(); ++k) {
            const std::string& was = a.placement.nodes()[a.assignment.primary(k)].id;
            const std::string& now = b.placement.nodes()[b.assignment.primary(k)].id;
            QVERIFY2(was == now || was == "127.0.0.12:8080", a.keys.names[k].c_str());
        }
        std::map<std::string, size_t> points;
        for (const uint32_t n : a.placement.ring().nodes()) {
            ++points[a.placement.nodes()[n].id];
        }
        QCOMPARE(points["127.0.0.11:8080"], size_t{160});
        QCOMPARE(points["127.0.0.12:8080"], size_t{480});
        QCOMPARE(points["127.0.0.13:9000"], size_t{320});
    }
};

QTEST_GUILESS_MAIN(TestNginx)
#include "tst_nginx.moc"
