// mcrouter's pool hash functions (core/algorithms/mcrouter): the published vectors of
// facebook/mcrouter's own tests and folly's SpookyHash V2 table, a capture of mcrouter's and
// folly's code run on this machine (data/capture), and the scenario's rules.
#include <QTest>

#include <QRegularExpression>

#include <cstdio>

#include "algorithms/mcrouter/mcrouter.h"
#include "algorithms/mcrouter/mcrouterplacement.h"
#include "ringscope/registry.h"
#include "ringscope/scenariofile.h"
#include "ringscope/stats.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

// The rows of a TSV of data/ after its comments and its header (which must be `header`).
std::vector<QStringList> tsvRows(const QString& file, const QString& header) {
    const QStringList lines =
        QString::fromStdString(
            readSourceFile(QStringLiteral("tests/core/algorithms/mcrouter/data/") + file))
            .split(u'\n', Qt::SkipEmptyParts);
    std::vector<QStringList> rows;
    bool headed = false;
    for (const QString& line : lines) {
        if (line.startsWith(u'#')) {
            continue;
        }
        if (!headed) {
            if (line != header) {
                return {};
            }
            headed = true;
            continue;
        }
        rows.push_back(line.split(u'\t'));
    }
    return rows;
}

std::string bytesOf(const QString& hex) {
    return QByteArray::fromHex(hex.toLatin1()).toStdString();
}

// mcrouter/lib/test: test_max_key is the 256 bytes −128 … 127 as chars; reversed, 127 … −128.
std::string maxKey(bool reversed) {
    std::string key;
    for (int i = 0; i < 256; ++i) {
        key += static_cast<char>((reversed ? 255 - i : i) - 128);
    }
    return key;
}

std::string decimal(const char* prefix, unsigned i) {
    char text[32];
    std::snprintf(text, sizeof text, "%s%u", prefix, i);
    return text;
}

// genEndpoints(n) of mcrouter/lib/test/HashTestUtil.cpp: "xxx.0.yy", "xxx.1.yy", …
std::vector<uint64_t> endpoints(size_t n) {
    std::vector<uint64_t> hashes;
    for (size_t i = 0; i < n; ++i) {
        hashes.push_back(rendezvousServerHash("xxx." + std::to_string(i) + ".yy"));
    }
    return hashes;
}

// RendezvousHashFunc and WeightedRendezvousHashFunc over those endpoints, as the placement
// scores (a pool of those tags).
size_t rendezvousOf(const std::vector<uint64_t>& servers, const std::string& key) {
    const uint64_t k = rendezvousKeyHash(key);
    double best = -1;
    size_t at = 0;
    for (size_t i = 0; i < servers.size(); ++i) {
        const double s = rendezvousScore(servers[i], k);
        if (s > best || (s == best && i > at)) {
            best = s;
            at = i;
        }
    }
    return at;
}

// A pool of `n` servers "10.0.0.{i}:11211" placed by mcrouter's `func`, over the keys given.
Scenario pool(McrouterHashFunc func, int n, std::vector<std::string> keys,
              std::vector<double> weights = {}) {
    Scenario s = namedBuckets(Algorithm::Mcrouter, "10.0.0.", n, std::move(keys));
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        s.nodes[i].id += ":11211";
        s.nodes[i].weight = weights.empty() ? 1.0 : weights[i];
    }
    s.params.edit<McrouterParams>().hashFunc = func;
    return s;
}

std::vector<std::string> numbered(const char* prefix, unsigned count) {
    std::vector<std::string> keys;
    for (unsigned i = 0; i < count; ++i) {
        keys.push_back(decimal(prefix, i));
    }
    return keys;
}

}  // namespace

class TestMcrouter : public QObject {
    Q_OBJECT
private slots:
    // folly/hash/test/SpookyHashV2Test.cpp: Bob Jenkins' 512 reference values of Hash32 with
    // seed 0 over 0 … 511 bytes (short and long paths).
    void spookyReference() {
        const auto rows =
            tsvRows(QStringLiteral("spooky-v2.tsv"), QStringLiteral("length\texpected"));
        QCOMPARE(rows.size(), size_t{512});
        std::string buf;
        for (int j = 0; j < 512; ++j) {
            buf += static_cast<char>(uint8_t(j + 128));
        }
        for (const QStringList& row : rows) {
            const int length = row[0].toInt();
            QCOMPARE(spookyHash32(std::string_view(buf).substr(0, size_t(length)), 0),
                     row[1].toUInt(nullptr, 16));
        }
    }

    // mcrouter/lib/fbi/test/hash_test.cpp: TEST(ch3, golden_values), 264 rows, m up to 2^32 − 1.
    void furcGoldenValues() {
        const auto rows =
            tsvRows(QStringLiteral("furc-golden.tsv"), QStringLiteral("key\tm\texpected"));
        QCOMPARE(rows.size(), size_t{264});
        for (const QStringList& row : rows) {
            QCOMPARE(furcHash(row[0].toStdString(), row[1].toUInt()), row[2].toUInt());
        }
    }

    // hash_test.cpp: furc_hash of "key0" at powers of two, and the checksums
    // acc = acc · 31 + furc_hash("k%u", m) over 100,000 keys (a sample of its pool sizes).
    void furcChecksums() {
        static const std::pair<uint32_t, uint32_t> kPowers[] = {
            {4, 0},     {8, 7},      {32, 22},     {64, 22},     {128, 115},  {256, 115},
            {512, 413}, {1024, 950}, {2048, 1735}, {4096, 3375}, {8192, 3375}};
        for (const auto& [m, expected] : kPowers) {
            QCOMPARE(furcHash("key0", m), expected);
        }
        static const std::pair<uint32_t, uint32_t> kSums[] = {{2, 1346413954u},
                                                              {3, 914505363u},
                                                              {100, 2289223413u},
                                                              {8388608, 2328588562u},
                                                              {4294967295u, 504907336u}};
        for (const auto& [m, expected] : kSums) {
            uint32_t acc = 0;
            for (unsigned i = 0; i < 100000; ++i) {
                acc = acc * 31u + furcHash(decimal("k", i), m);
            }
            QCOMPARE(acc, expected);
        }
    }

    // mcrouter/lib/test/Ch3HashTest.cpp.
    void ch3HashTest() {
        QCOMPARE(furcHash("sample", 100), 97u);
        QCOMPARE(furcHash("sample", 1), 0u);
        QCOMPARE(furcHash("", 100), 72u);
        QCOMPARE(furcHash("", 1), 0u);
        QCOMPARE(furcHash("", kFurcMaxPool), 6173600u);
        QCOMPARE(furcHash("sample", kFurcMaxPool), 5167780u);
        QCOMPARE(furcHash(maxKey(false), 99999), 31015u);
        QCOMPARE(furcHash(maxKey(true), 99999), 67101u);
        // Keys "0" … "999" on 3 servers, through a scenario's placement.
        const std::vector<int> owners =
            primariesOf(pool(McrouterHashFunc::Ch3, 3, numbered("", 1000)));
        int counts[3] = {};
        for (const int o : owners) {
            ++counts[o];
        }
        QCOMPARE(counts[0], 307);
        QCOMPARE(counts[1], 342);
        QCOMPARE(counts[2], 351);
        // The tries the view draws end in the answer.
        const std::vector<FurcTry> tries = furcTries("sample", 100);
        QVERIFY(!tries.empty());
        QCOMPARE(tries.back().number, 97u);
        QCOMPARE(tries.back().bits, 7u);
    }

    // mcrouter/lib/test/WeightedCh3HashFuncTest.cpp.
    void weightedCh3HashFuncTest() {
        const std::vector<double> ones(99999, 1.0);
        QCOMPARE(weightedCh3("sample", std::span(ones).first(100)), 97u);
        QCOMPARE(weightedCh3("", std::span(ones).first(100)), 72u);
        QCOMPARE(weightedCh3(maxKey(false), ones), 31015u);
        QCOMPARE(weightedCh3(maxKey(true), ones), 67101u);
        const std::vector<double> zero(100, 0.0);
        QCOMPARE(weightedCh3("sample", std::span(zero).first(1)), 0u);
        QCOMPARE(weightedCh3("sample", zero), 59u);
        QCOMPARE(weightedCh3("", zero), 45u);
        // {1.0, 1.0, 0.7} over "0" … "999", through a scenario's placement.
        const std::vector<int> owners =
            primariesOf(pool(McrouterHashFunc::WeightedCh3, 3, numbered("", 1000), {1, 1, 0.7}));
        int counts[3] = {};
        for (const int o : owners) {
            ++counts[o];
        }
        QCOMPARE(counts[0], 341);
        QCOMPARE(counts[1], 371);
        QCOMPARE(counts[2], 288);
        const std::vector<double> ten = {0.429, 0.541, 0.117, 0.998, 0.283,
                                         0.065, 0.109, 0.042, 0.676, 0.943};
        static const int kTen[] = {1016, 1252, 288, 2354, 661, 195, 247, 122, 1668, 2197};
        int tenCounts[10] = {};
        for (unsigned i = 0; i < 10000; ++i) {
            ++tenCounts[weightedCh3(decimal("", i), ten)];
        }
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(tenCounts[i], kTen[i]);
        }
        // Checksums over "k%u" (10,000 keys) with every weight 0.5, and with mixed weights.
        static const std::pair<size_t, uint32_t> kHalf[] = {
            {2, 2395690262u}, {10, 547444706u}, {100, 2951198297u}, {1000, 1336857622u}};
        const std::vector<double> half(1000, 0.5);
        for (const auto& [n, expected] : kHalf) {
            uint32_t acc = 0;
            for (unsigned i = 0; i < 10000; ++i) {
                acc = acc * 31u + weightedCh3(decimal("k", i), std::span(half).first(n));
            }
            QCOMPARE(acc, expected);
        }
        const std::vector<double> mixed = {1.0, 0.5, 0.0, 0.75, 1.0};
        uint32_t acc = 0;
        for (unsigned i = 0; i < 10000; ++i) {
            acc = acc * 31u + weightedCh3(decimal("d", i), mixed);
        }
        QCOMPARE(acc, 2309057571u);
        // Every try refused: the 32nd try's server, the key salted with "03" (30 reversed).
        const std::vector<WeightedTry> tries = weightedCh3Tries("sample", zero);
        QCOMPARE(tries.size(), size_t{32});
        QCOMPARE(tries[1].salt, std::string("0"));
        QCOMPARE(tries[11].salt, std::string("01"));
        QCOMPARE(tries.back().salt, std::string("03"));
        QCOMPARE(tries.back().server, 59u);
        // No server: 0, without a try (mcrouter refuses the empty pool).
        QCOMPARE(weightedCh3("sample", {}), 0u);
        QVERIFY(weightedCh3Tries("sample", {}).empty());
    }

    // mcrouter/lib/test/WeightedCh4HashFuncTest.cpp as it was before WeightedCh4 was removed
    // (commit cc90f0de^, 2025-02-28): unit weights are Ch3, zero weights give up with the last
    // bits modulo N, {1, 1, 0.7} and ten random weights over "0" … "9999"; and
    // lib/fbi/test/hash_test.cpp's weighted_furc_hash_all_one (still in mcrouter): weights 1
    // give furc's server, for every pool size 1 … 1000 (there over random keys, here over 3).
    void weightedCh4HashFuncTest() {
        const std::vector<double> ones(kFurcMaxPool, 1.0);
        QCOMPARE(weightedFurcHash("sample", std::span(ones).first(100)), 97u);
        QCOMPARE(weightedFurcHash("sample", std::span(ones).first(1)), 0u);
        QCOMPARE(weightedFurcHash("", std::span(ones).first(100)), 72u);
        QCOMPARE(weightedFurcHash("", ones), 6173600u);
        QCOMPARE(weightedFurcHash("sample", ones), 5167780u);
        QCOMPARE(weightedFurcHash(maxKey(false), std::span(ones).first(99999)), 31015u);
        QCOMPARE(weightedFurcHash(maxKey(true), std::span(ones).first(99999)), 67101u);
        const std::vector<double> zero(100, 0.0);
        QCOMPARE(weightedFurcHash("sample", std::span(zero).first(1)), 0u);
        QCOMPARE(weightedFurcHash("", std::span(zero).first(1)), 0u);
        QCOMPARE(weightedFurcHash("sample", zero), 12u);
        QCOMPARE(weightedFurcHash("", zero), 69u);
        uint32_t given = 0;
        const std::vector<WeightedTry> refused = weightedFurcTries("sample", zero, given);
        QCOMPARE(refused.size(), size_t{32});
        QCOMPARE(given, 12u);
        QCOMPARE(refused.back().draw % 100, 12u);
        // {1.0, 1.0, 0.7} over "0" … "999", through a scenario's placement: a key of a server
        // of weight 1 stays where Ch3 puts it.
        const std::vector<std::string> keys = numbered("", 1000);
        const std::vector<int> owners =
            primariesOf(pool(McrouterHashFunc::WeightedCh4, 3, keys, {1, 1, 0.7}));
        int counts[3] = {};
        for (size_t k = 0; k < keys.size(); ++k) {
            ++counts[owners[k]];
            const uint32_t ch3 = furcHash(keys[k], 3);
            if (ch3 != 2) {
                QCOMPARE(uint32_t(owners[k]), ch3);
            }
        }
        QCOMPARE(counts[0], 352);
        QCOMPARE(counts[1], 378);
        QCOMPARE(counts[2], 270);
        const std::vector<double> ten = {0.429, 0.541, 0.117, 0.998, 0.283,
                                         0.065, 0.109, 0.042, 0.676, 0.943};
        static const int kTen[] = {963, 1226, 305, 2371, 700, 162, 250, 105, 1615, 2303};
        int tenCounts[10] = {};
        for (unsigned i = 0; i < 10000; ++i) {
            ++tenCounts[weightedFurcHash(decimal("", i), ten)];
        }
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(tenCounts[i], kTen[i]);
        }
        for (uint32_t m = 1; m <= 1000; ++m) {
            for (const char* key : {"sample", "user:42", "アカウント:7"}) {
                QCOMPARE(weightedFurcHash(key, std::span(ones).first(m)), furcHash(key, m));
            }
        }
    }

    // mcrouter/lib/test/RendezvousHashTest.cpp and WeightedRendezvousHashTest.cpp.
    void rendezvousHashTests() {
        const std::vector<uint64_t> three = endpoints(3);
        const std::vector<uint64_t> many = endpoints(343);
        for (const auto& key :
             {std::string("sample"), std::string(), std::string("mykey"), maxKey(false)}) {
            QCOMPARE(rendezvousOf(three, key), size_t{1});
        }
        QCOMPARE(rendezvousOf(many, maxKey(false)), size_t{183});
        QCOMPARE(rendezvousOf(many, "sample"), size_t{45});
        QCOMPARE(rendezvousOf(many, ""), size_t{291});
        QCOMPARE(rendezvousOf(many, "mykey"), size_t{132});
        // Counts over "mykey:0" … on 3 and 10 endpoints.
        int c3[3] = {};
        for (unsigned i = 0; i < 1000; ++i) {
            ++c3[rendezvousOf(three, decimal("mykey:", i))];
        }
        QCOMPARE(c3[0], 337);
        QCOMPARE(c3[1], 353);
        QCOMPARE(c3[2], 310);
    }

    // The placement scores the node ids as the tags: the published values through scenarios.
    void rendezvousThroughScenarios() {
        const auto tagged = [](McrouterHashFunc f, int n, std::vector<std::string> keys,
                               std::vector<double> weights = {}) {
            Scenario s = pool(f, n, std::move(keys), std::move(weights));
            for (int i = 0; i < n; ++i) {
                s.nodes[size_t(i)].id = "xxx." + std::to_string(i) + ".yy";
            }
            return primariesOf(s);
        };
        QCOMPARE(tagged(McrouterHashFunc::Rendezvous, 343, {"sample", "", "mykey"}),
                 (std::vector<int>{45, 291, 132}));
        QCOMPARE(tagged(McrouterHashFunc::WeightedRendezvous, 343, {"sample", "", "mykey"}),
                 (std::vector<int>{115, 279, 302}));
        QCOMPARE(tagged(McrouterHashFunc::WeightedRendezvous, 3, {"sample", "", "mykey"}),
                 (std::vector<int>{0, 2, 1}));
        // WeightedRendezvousHashTest: weights {1, 0.5, 0.1} over "mykey:0" … "mykey:9999".
        const std::vector<int> owners = tagged(McrouterHashFunc::WeightedRendezvous, 3,
                                               numbered("mykey:", 10000), {1, 0.5, 0.1});
        int counts[3] = {};
        for (const int o : owners) {
            ++counts[o];
        }
        QCOMPARE(counts[0], 6292);
        QCOMPARE(counts[1], 3118);
        QCOMPARE(counts[2], 590);
    }

    // Every key of the capture (data/capture: mcrouter's hash.c and folly's SpookyHashV2.cpp run
    // on this machine) under every function and pool size it holds, through scenarios.
    void capture() {
        const QStringList lines = QString::fromStdString(readSourceFile(QStringLiteral(
                                                             "tests/core/algorithms/mcrouter/data/"
                                                             "mcrouter-routing.tsv")))
                                      .split(u'\n', Qt::SkipEmptyParts)
                                      .filter(QRegularExpression(QStringLiteral("^[^#]")));
        QVERIFY(lines.size() > 300);
        const QStringList header = lines.first().split(u'\t');
        QCOMPARE(header.first(), QStringLiteral("key_hex"));
        std::vector<std::string> keys;
        for (const QString& line : lines.mid(1)) {
            keys.push_back(bytesOf(line.section(u'\t', 0, 0)));
        }
        size_t checked = 0;
        for (qsizetype c = 1; c < header.size(); ++c) {
            const QString func = header[c].section(u'/', 0, 0);
            const int n = header[c].section(u'/', 1, 1).toInt();
            std::vector<int> expected;
            for (const QString& line : lines.mid(1)) {
                expected.push_back(line.section(u'\t', int(c), int(c)).toInt());
            }
            if (func == QStringLiteral("ch3")) {
                // Up to 2^23 servers: furc_hash itself, which the placement calls for Ch3.
                for (size_t k = 0; k < keys.size(); ++k) {
                    QCOMPARE(int(furcHash(keys[k], uint32_t(n))), expected[k]);
                }
                checked += keys.size();
                continue;
            }
            const McrouterHashFunc f =
                func == QStringLiteral("ch3")            ? McrouterHashFunc::Ch3
                : func == QStringLiteral("weighted-ch3") ? McrouterHashFunc::WeightedCh3
                : func == QStringLiteral("weighted-ch4") ? McrouterHashFunc::WeightedCh4
                : func == QStringLiteral("rendezvous")   ? McrouterHashFunc::Rendezvous
                : func == QStringLiteral("weighted-rendezvous")
                    ? McrouterHashFunc::WeightedRendezvous
                    : McrouterHashFunc(255);
            QVERIFY2(f != McrouterHashFunc(255), qPrintable(header[c]));
            // Servers "10.0.{i / 256}.{i % 256}:11211" weighing ((7i mod 10) + 1) / 10.
            PlacementNodes servers;
            for (int i = 0; i < n; ++i) {
                servers.ids.push_back("10.0." + std::to_string(i / 256) + "." +
                                      std::to_string(i % 256) + ":11211");
                servers.weights.push_back(double((i * 7) % 10 + 1) / 10.0);
            }
            // The hash function itself over the raw bytes (no routing key cut).
            const McrouterPlacement placement(f, servers);
            for (size_t k = 0; k < keys.size(); ++k) {
                QVERIFY2(
                    int(placement.server(keys[k])) == expected[k],
                    qPrintable(header[c] + QStringLiteral(" key ") +
                               QString::fromLatin1(QByteArray::fromStdString(keys[k]).toHex())));
                ++checked;
            }
        }
        QVERIFY(checked > 5000);
    }

    // carbon::Keys::routingKey: the routing prefix "/region/cluster/" and what follows a hash
    // stop are not hashed.
    void routingKey() {
        QCOMPARE(mcrouterRoutingKey("user:42"), std::string_view("user:42"));
        QCOMPARE(mcrouterRoutingKey("user:42|#|profile"), std::string_view("user:42"));
        QCOMPARE(mcrouterRoutingKey("/east/web/user:42"), std::string_view("user:42"));
        QCOMPARE(mcrouterRoutingKey("/east/web/user:42|#|x|#|y"), std::string_view("user:42"));
        QCOMPARE(mcrouterRoutingKey("/east/user:42"), std::string_view("/east/user:42"));
        QCOMPARE(mcrouterRoutingKey("a|b#|c"), std::string_view("a|b#|c"));
        // Keys sharing a routing key share a server.
        const std::vector<int> owners = primariesOf(
            pool(McrouterHashFunc::Ch3, 50, {"user:42", "user:42|#|profile", "/a/b/user:42"}));
        QCOMPARE(owners[1], owners[0]);
        QCOMPARE(owners[2], owners[0]);
    }

    // The file's "mcrouter" object, WeightedCh3's weights, and furc's pool size.
    void scenarioFile() {
        const auto file = [](json::Value func, double weight) {
            json::Array nodes;
            for (int i = 1; i <= 3; ++i) {
                nodes.push_back(json::Object{{"id", "mc-" + std::to_string(i) + ":11211"},
                                             {"weight", json::Value(weight)}});
            }
            return json::Object{{"format", "ringscope/1"},
                                {"algorithm", "mcrouter"},
                                {"nodes", nodes},
                                {"mcrouter", json::Object{{"hashFunc", func}}},
                                {"keys", json::Object{{"count", json::Value::count(10)}}}};
        };
        const Scenario s = scenarioFromValue(json::Value(file("WeightedRendezvous", 2.5)));
        QCOMPARE(s.params.get<McrouterParams>().hashFunc, McrouterHashFunc::WeightedRendezvous);
        QVERIFY(scenarioToValue(s).toObject()["mcrouter"].toObject()["hashFunc"] ==
                json::Value("WeightedRendezvous"));
        const QString heavy =
            errorOf([&] { scenarioFromValue(json::Value(file("WeightedCh3", 1.5))); });
        QVERIFY2(heavy.contains(QStringLiteral("at most 1 under mcrouter's WeightedCh3")),
                 qPrintable(heavy));
        const QString unknown = errorOf([&] { scenarioFromValue(json::Value(file("Ch4", 1))); });
        QVERIFY2(unknown.contains(QStringLiteral("mcrouter.hashFunc")) &&
                     unknown.contains(QStringLiteral("WeightedRendezvous")),
                 qPrintable(unknown));
        QVERIFY(errorOf([&] { scenarioFromValue(json::Value(file("Ch3", 1))); }).isEmpty());
    }

    // What a perfect hash gives each server, which the χ² line tests the keys against: WeightedCh3
    // keeps w/Σw of the keys some try takes; those every try refuses stay with the last try's
    // server.
    void sharesAreWhatTheKeysGet_data() {
        QTest::addColumn<QList<double>>("weightList");
        QTest::newRow("mostly kept") << QList<double>{1.0, 0.2, 0.05, 0.6};
        // 15 % of the keys refused by all 32 tries: they stay with the last try's server, by
        // 1 − w, not evenly (an even spread would miss server 0 by 0.006).
        QTest::newRow("mostly refused") << QList<double>{0.2, 0.01, 0.01, 0.01};
    }
    void sharesAreWhatTheKeysGet() {
        QFETCH(QList<double>, weightList);
        const std::vector<double> weights(weightList.begin(), weightList.end());
        // WeightedCh4 spreads the keys every try refuses evenly (the last draw modulo N).
        for (const McrouterHashFunc func :
             {McrouterHashFunc::WeightedCh3, McrouterHashFunc::WeightedCh4}) {
            const std::vector<double> shares = mcrouterShares(func, weights);
            const std::vector<int> owners =
                primariesOf(pool(func, 4, numbered("share-", 200000), weights));
            std::vector<double> counts(4, 0.0);
            for (const int o : owners) {
                counts[size_t(o)] += 1.0 / 200000;
            }
            for (size_t i = 0; i < 4; ++i) {
                QVERIFY2(std::abs(counts[i] - shares[i]) < 0.003,
                         qPrintable(QStringLiteral("%1 %2: %3 against %4")
                                        .arg(QLatin1String(nameIn(kMcrouterHashFuncNames, func)))
                                        .arg(i)
                                        .arg(counts[i])
                                        .arg(shares[i])));
            }
        }
        // Ch3 ignores the weights; WeightedRendezvous gives w/Σw.
        QCOMPARE(mcrouterShares(McrouterHashFunc::Ch3, weights), std::vector<double>(4, 0.25));
        QCOMPARE(
            mcrouterShares(McrouterHashFunc::WeightedRendezvous, std::vector<double>{1.0, 3.0}),
            (std::vector<double>{0.25, 0.75}));
    }

    // Ch3 numbers servers by place: adding one at the end moves keys only to it; removing one
    // from the middle renumbers the rest. Rendezvous moves only the keys of the server gone.
    void changesMoveWhatTheyShould() {
        const std::vector<std::string> keys = numbered("move-", 20000);
        const std::vector<int> ten = primariesOf(pool(McrouterHashFunc::Ch3, 10, keys));
        const std::vector<int> eleven = primariesOf(pool(McrouterHashFunc::Ch3, 11, keys));
        for (size_t k = 0; k < keys.size(); ++k) {
            QVERIFY(eleven[k] == ten[k] || eleven[k] == 10);
        }
        Scenario rv = pool(McrouterHashFunc::Rendezvous, 10, keys);
        const std::vector<int> before = primariesOf(rv);
        rv.nodes.erase(rv.nodes.begin() + 4);
        const std::vector<int> after = primariesOf(rv);
        for (size_t k = 0; k < keys.size(); ++k) {
            if (before[k] != 4) {
                QCOMPARE(after[k], before[k] < 4 ? before[k] : before[k] - 1);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestMcrouter)
#include "tst_mcrouter.moc"
