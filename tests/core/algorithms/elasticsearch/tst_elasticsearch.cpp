// Elasticsearch's routing (core/algorithms/elasticsearch): the published vectors of
// elastic/elasticsearch, a capture of Lucene's own murmur3 run on this machine (data/capture),
// and the index rules the scenario keeps (routing shards, splits).
#include <QTest>

#include <bit>

#include "algorithms/elasticsearch/elasticsearch.h"
#include "algorithms/elasticsearch/elasticsearchplacement.h"
#include "ringscope/registry.h"
#include "ringscope/scenariofile.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

// An index of `shards` shards ("shard-0", …) over the keys given, its routing shards `routing`
// (0: the default).
Scenario esIndex(int shards, uint32_t routing, std::vector<std::string> keys) {
    Scenario s = namedBuckets(Algorithm::Elasticsearch, "shard-", shards, std::move(keys));
    s.params.edit<ElasticsearchParams>().routingShards = routing;
    return s;
}

int32_t javaInt(uint32_t bits) {
    return std::bit_cast<int32_t>(bits);
}

// The rows of a captured TSV of data/ after its header (which must be `header`), split at tabs.
std::vector<QStringList> tsvRows(const QString& file, const QString& header) {
    const QStringList lines =
        QString::fromStdString(
            readSourceFile(QStringLiteral("tests/core/algorithms/elasticsearch/data/") + file))
            .split(u'\n', Qt::SkipEmptyParts);
    if (lines.isEmpty() || lines.first() != header) {
        return {};
    }
    std::vector<QStringList> rows;
    for (const QString& line : lines.mid(1)) {
        rows.push_back(line.split(u'\t'));
    }
    return rows;
}

}  // namespace

class TestElasticsearch : public QObject {
    Q_OBJECT
private slots:
    // elastic/elasticsearch server/src/test/java/org/elasticsearch/cluster/routing/operation/
    // hash/murmur3/Murmur3HashFunctionTests.java, testKnownValues.
    void murmur3HashFunctionKnownValues() {
        QCOMPARE(*esMurmur3("hell"), javaInt(0x5a0cb7c3));
        QCOMPARE(*esMurmur3("hello"), javaInt(0xd7c31989));
        QCOMPARE(*esMurmur3("hello w"), javaInt(0x22ab2984));
        QCOMPARE(*esMurmur3("hello wo"), javaInt(0xdf0ca123));
        QCOMPARE(*esMurmur3("hello wor"), javaInt(0xe7744d61));
        QCOMPARE(*esMurmur3("The quick brown fox jumps over the lazy dog"), javaInt(0xe07db09c));
        QCOMPARE(*esMurmur3("The quick brown fox jumps over the lazy cog"), javaInt(0x4e63d2ad));
        // The key hash es-murmur3 is the same value's 32 bits.
        QCOMPARE(*hashKey(HashKind::EsMurmur3, "hello"), uint64_t{0xd7c31989});
    }

    // elastic/elasticsearch server/src/test/java/org/elasticsearch/cluster/routing/
    // IndexRoutingTests.java, testBWC: its 99 routings on an index of 8 shards built by
    // IndexMetadata.Builder, whose routing shards default to the shard count.
    void indexRoutingTestsBwc() {
        static const std::pair<const char*, int> kBwc[] = {
            {"sEERfFzPSI", 1}, {"cNRiIrjzYd", 7}, {"BgfLBXUyWT", 5}, {"cnepjZhQnb", 3},
            {"OKCmuYkeCK", 6}, {"OutXGRQUja", 5}, {"yCdyocKWou", 1}, {"KXuNWWNgVj", 2},
            {"DGJOYrpESx", 4}, {"upLDybdTGs", 5}, {"yhZhzCPQby", 1}, {"EyCVeiCouA", 1},
            {"tFyVdQauWR", 6}, {"nyeRYDnDQr", 6}, {"hswhrppvDH", 0}, {"BSiWvDOsNE", 5},
            {"YHicpFBSaY", 1}, {"EquPtdKaBZ", 4}, {"rSjLZHCDfT", 5}, {"qoZALVcite", 7},
            {"yDCCPVBiCm", 7}, {"ngizYtQgGK", 5}, {"FYQRIBcNqz", 0}, {"EBzEDAPODe", 2},
            {"YePigbXgKb", 1}, {"PeGJjomyik", 3}, {"cyQIvDmyYD", 7}, {"yIEfZrYfRk", 5},
            {"kblouyFUbu", 7}, {"xvIGbRiGJF", 3}, {"KWimwsREPf", 4}, {"wsNavvIcdk", 7},
            {"xkWaPcCmpT", 0}, {"FKKTOnJMDy", 7}, {"RuLzobYixn", 2}, {"mFohLeFRvF", 4},
            {"aAMXnamRJg", 7}, {"zKBMYJDmBI", 0}, {"ElSVuJQQuw", 7}, {"pezPtTQAAm", 7},
            {"zBjjNEjAex", 2}, {"PGgHcLNPYX", 7}, {"hOkpeQqTDF", 3}, {"chZXraUPBH", 7},
            {"FAIcSmmNXq", 5}, {"EZmDicyayC", 0}, {"GRIueBeIyL", 7}, {"qCChjGZYLp", 3},
            {"IsSZQwwnUT", 3}, {"MGlxLFyyCK", 3}, {"YmscwrKSpB", 0}, {"czSljcjMop", 5},
            {"XhfGWwNlng", 1}, {"cWpKJjlzgj", 7}, {"eDzIfMKbvk", 1}, {"WFFWYBfnTb", 0},
            {"oDdHJxGxja", 7}, {"PDOQQqgIKE", 1}, {"bGEIEBLATe", 6}, {"xpRkJPWVpu", 2},
            {"kTwZnPEeIi", 2}, {"DifcuqSsKk", 1}, {"CEmLmljpXe", 5}, {"cuNKtLtyJQ", 7},
            {"yNjiAnxAmt", 5}, {"bVDJDCeaFm", 2}, {"vdnUhGLFtl", 0}, {"LnqSYezXbr", 5},
            {"EzHgydDCSR", 3}, {"ZSKjhJlcpn", 1}, {"WRjUoZwtUz", 3}, {"RiBbcCdIgk", 4},
            {"yizTqyjuDn", 4}, {"QnFjcpcZUT", 4}, {"agYhXYUUpl", 7}, {"UOjiTugjNC", 7},
            {"nICGuWTdfV", 0}, {"NrnSmcnUVF", 2}, {"ZSzFcbpDqP", 3}, {"YOhahLSzzE", 5},
            {"iWswCilUaT", 1}, {"zXAamKsRwj", 2}, {"aqGsrUPHFq", 5}, {"eDItImYWTS", 1},
            {"JAYDZMRcpW", 4}, {"lmvAaEPflK", 7}, {"IKuOwPjKCx", 5}, {"schsINzlYB", 1},
            {"OqbFNxrKrF", 2}, {"QrklDfvEJU", 6}, {"VLxKRKdLbx", 4}, {"imoydNTZhV", 1},
            {"uFZyTyOMRO", 4}, {"nVAZVMPNNx", 3}, {"rPIdESYaAO", 5}, {"nbZWPWJsIM", 0},
            {"wRZXPSoEgd", 3}, {"nGzpgwsSBc", 4}, {"AITyyoyLLs", 4},
        };
        std::vector<std::string> keys;
        for (const auto& [key, shard] : kBwc) {
            keys.emplace_back(key);
        }
        QCOMPARE(keys.size(), size_t{99});
        const std::vector<int> got = primariesOf(esIndex(8, 8, keys));
        for (size_t k = 0; k < keys.size(); ++k) {
            QVERIFY2(got[k] == kBwc[k].second, kBwc[k].first);
        }
    }

    // data/es-routing.tsv: Lucene 4.10.4's StringHelper.murmurhash3_x86_32 (Debian's
    // liblucene4.10-java, the function Murmur3HashFunction calls) over each key's UTF-16 code
    // units, and Math.floorMod(hash, R) / (R / S), run by OpenJDK 17 (data/capture/README.md):
    // 1,349 keys: host:port ids, URLs, Japanese, emoji (surrogate pairs), every length to 40.
    void javaCapture() {
        const QStringList columns = {QStringLiteral("8/8"),       QStringLiteral("8/1024"),
                                     QStringLiteral("5/640"),     QStringLiteral("3/768"),
                                     QStringLiteral("1/1024"),    QStringLiteral("16/1024"),
                                     QStringLiteral("6/12"),      QStringLiteral("12/12"),
                                     QStringLiteral("1000/2000"), QStringLiteral("7/7168")};
        const std::vector<QStringList> rows = tsvRows(
            QStringLiteral("es-routing.tsv"), QStringLiteral("key\thash\t") + columns.join(u'\t'));
        QCOMPARE(rows.size(), size_t{1349});
        std::vector<std::string> keys;
        for (const QStringList& row : rows) {
            keys.push_back(row[0].toStdString());
            QCOMPARE(*esMurmur3(keys.back()), row[1].toInt());
        }
        for (qsizetype c = 0; c < columns.size(); ++c) {
            const QStringList sr = columns[c].split(u'/');
            const std::vector<int> got = primariesOf(esIndex(sr[0].toInt(), sr[1].toUInt(), keys));
            for (size_t k = 0; k < keys.size(); ++k) {
                QVERIFY2(got[k] == rows[k][2 + c].toInt(),
                         qPrintable(QStringLiteral("%1, key \"%2\": Java %3, Ringscope %4")
                                        .arg(columns[c], rows[k][0], rows[k][2 + c])
                                        .arg(got[k])));
            }
        }
    }

    // data/routing-shards.tsv: MetadataCreateIndexService.calculateNumRoutingShards (7.0 and
    // later) for 1 to 1,100 shards, from the same capture; an index without routingShards
    // routes by it.
    void defaultRoutingShards() {
        const std::vector<QStringList> rows =
            tsvRows(QStringLiteral("routing-shards.tsv"), QStringLiteral("shards\troutingShards"));
        QCOMPARE(rows.size(), size_t{1100});
        for (const QStringList& row : rows) {
            QCOMPARE(esDefaultRoutingShards(row[0].toUInt()), row[1].toUInt());
        }
        const std::vector<std::string> keys = {"sEERfFzPSI", "doc-1", "注文-7", "café-🚀"};
        QCOMPARE(primariesOf(esIndex(8, 0, keys)), primariesOf(esIndex(8, 1024, keys)));
        QCOMPARE(routingShardsOf(esIndex(12, 0, keys)), uint32_t{768});
    }

    // A split keeps the routing shards: each document lands on a child of its shard
    // (IndexMetadata.selectSplitShard), and the next split is the least multiple that divides.
    void splitKeepsDocumentsInTheirShardsChildren() {
        std::vector<std::string> keys;
        for (int i = 0; i < 20000; ++i) {
            keys.push_back("10.0." + std::to_string(i / 250) + "." + std::to_string(i % 250) +
                           ":9200/" + std::to_string(i));
        }
        const std::vector<int> before = primariesOf(esIndex(6, 768, keys));
        const std::vector<int> after = primariesOf(esIndex(12, 768, keys));
        size_t moved = 0;
        for (size_t k = 0; k < keys.size(); ++k) {
            QCOMPARE(after[k] / 2, before[k]);
            moved += after[k] != before[k] ? 1 : 0;
        }
        // The children of shard s are 2s and 2s + 1: every document but those of shard 0's
        // first child changes shard number, 11 in 12.
        QVERIFY2(moved > 18000 && moved < 18700, qPrintable(QString::number(moved)));
        QCOMPARE(esNextSplit(6, 768), std::optional<uint32_t>(12));
        QCOMPARE(esNextSplit(5, 640), std::optional<uint32_t>(10));
        QCOMPARE(esNextSplit(3, 9), std::optional<uint32_t>(9));
        QCOMPARE(esNextSplit(8, 8), std::nullopt);
        // A prime count of routing shards: one split, to all of them, found without a walk up to
        // them; the divisors an index may have.
        QCOMPARE(esNextSplit(1, 2147483647), std::optional<uint32_t>(2147483647));
        QCOMPARE(esNextSplit(3, 3 * 65537), std::optional<uint32_t>(3 * 65537));
        QCOMPARE(esNextSplit(5, 5 * 9 * 7), std::optional<uint32_t>(15));
        QCOMPARE(esDivisors(768, 100), (std::vector<uint32_t>{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48,
                                                              64, 96, 128, 192, 256, 384, 768}));
        QCOMPARE(esDivisors(2147483647, 5), (std::vector<uint32_t>{1, 2147483647}));
        QCOMPARE(esDivisors(1024, 3), (std::vector<uint32_t>{1, 2, 4}));
    }

    // Math.floorMod: a negative hash counts down from the routing shards, not mirrored.
    void floorModOfNegativeHashes() {
        QCOMPARE(esRoute(-1, 1024, 8).slot, uint32_t{1023});
        QCOMPARE(esRoute(-1, 1024, 8).shard, uint32_t{7});
        QCOMPARE(esRoute(INT32_MIN, 768, 3).slot, uint32_t{256});  // 2^31 mod 768 = 512
        QCOMPARE(esRoute(INT32_MAX, 7, 7).shard, uint32_t{1});  // 2^31 - 1 = 7 · 306,783,378 + 1
    }

    // The file's "elasticsearch" object: read, written back, and refused with the field named.
    void scenarioFile() {
        const auto file = [](json::Value routing) {
            json::Array nodes;
            for (int i = 1; i <= 3; ++i) {
                nodes.push_back(json::Object{{"id", "es-" + std::to_string(i) + ":9200"}});
            }
            return json::Object{{"format", "ringscope/1"},
                                {"algorithm", "elasticsearch"},
                                {"nodes", nodes},
                                {"elasticsearch", json::Object{{"routingShards", routing}}},
                                {"keys", json::Object{{"count", json::Value::count(10)}}}};
        };
        const Scenario s = scenarioFromValue(json::Value(file(json::Value::count(96))));
        QCOMPARE(s.params.get<ElasticsearchParams>().routingShards, uint32_t{96});
        const json::Value written = scenarioToValue(s);
        QVERIFY(written.toObject()["elasticsearch"].toObject()["routingShards"] ==
                json::Value::count(96));
        const QString notDivided =
            errorOf([&] { scenarioFromValue(json::Value(file(json::Value::count(100)))); });
        QVERIFY2(notDivided.contains(QStringLiteral("elasticsearch.routingShards")) &&
                     notDivided.contains(QStringLiteral("3 shards must divide its 100")),
                 qPrintable(notDivided));
        const QString zero =
            errorOf([&] { scenarioFromValue(json::Value(file(json::Value::count(0)))); });
        QVERIFY2(zero.contains(QStringLiteral("must be 1 to 2147483647")), qPrintable(zero));
        json::Object unknown = file(json::Value::count(96));
        unknown.set("elasticsearch", json::Object{{"routing_shards", json::Value::count(96)}});
        const QString named = errorOf([&] { scenarioFromValue(json::Value(unknown)); });
        QVERIFY2(named.contains(QStringLiteral("routing_shards")), qPrintable(named));
    }

    // A routing is a JSON string: bytes that are not UTF-8 are refused, naming the key.
    void nonUtf8KeysAreRefused() {
        QCOMPARE(esMurmur3("\xff"), std::nullopt);
        QCOMPARE(esMurmur3("\xed\xa0\x80"), std::nullopt);  // a surrogate in UTF-8
        QVERIFY(esMurmur3("\xc2\x85").has_value());         // U+0085: text, if a control
        const QString error = errorOf([] {
            const PlacedScenario placed(esIndex(3, 0, {"ok", "bad\xff"}));
        });
        QVERIFY2(error.contains(QStringLiteral("is not UTF-8 text")), qPrintable(error));
    }

    // A down shard's documents go on to the next shard's node; the rest stay.
    void downShardPassesOn() {
        std::vector<std::string> keys;
        for (int i = 0; i < 3000; ++i) {
            keys.push_back("doc-" + std::to_string(i));
        }
        const Scenario up = esIndex(5, 0, keys);
        Scenario down = up;
        down.nodes[2].down = true;
        const std::vector<int> a = primariesOf(up);
        const std::vector<int> b = primariesOf(down);
        for (size_t k = 0; k < keys.size(); ++k) {
            QCOMPARE(b[k], a[k] == 2 ? 3 : a[k]);
        }
    }
};

QTEST_GUILESS_MAIN(TestElasticsearch)
#include "tst_elasticsearch.moc"
