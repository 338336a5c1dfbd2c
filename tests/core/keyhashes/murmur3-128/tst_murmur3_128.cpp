// Key hash "murmur3-128" (keyhashes/murmur3-128) and Guava's consistent hash: Guava's own test
// vectors (Murmur3Hash128Test.testKnownValues, HashingTest's consistentHash golden values,
// guava-tests/test/com/google/common/hash/) and the routes Guava 31.1 itself gave for 2,000 keys
// (data/: Hashing.consistentHash(Hashing.murmur3_128().hashString(key, UTF_8), shards)).
#include <QTest>

#include "algorithms/jump/jump.h"
#include "keyhashes/murmur3-128/murmur3_128.h"
#include "ringscope/registry.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

// One row of data/routes.tsv: the key, Guava's padToLong(), and its shard for each count of
// the header's shardsN columns.
struct GuavaRoute {
    std::string key;
    uint64_t padToLong = 0;
    std::vector<int32_t> shards;
};

std::pair<std::vector<int32_t>, std::vector<GuavaRoute>> guavaRoutes() {
    const QStringList lines =
        QString::fromStdString(
            readSourceFile(QStringLiteral("tests/core/keyhashes/murmur3-128/data/routes.tsv")))
            .split(u'\n', Qt::SkipEmptyParts);
    std::vector<int32_t> counts;
    for (const QString& column : lines.value(0).split(u'\t').mid(2)) {
        counts.push_back(column.mid(QStringLiteral("shards").size()).toInt());
    }
    std::vector<GuavaRoute> routes;
    for (const QString& line : lines.mid(1)) {
        const QStringList cells = line.split(u'\t');
        GuavaRoute r{cells[0].toStdString(), cells[1].toULongLong(), {}};
        for (const QString& cell : cells.mid(2)) {
            r.shards.push_back(cell.toInt());
        }
        routes.push_back(std::move(r));
    }
    return {counts, routes};
}

}  // namespace

class TestMurmur3x128 : public QObject {
    Q_OBJECT
private slots:
    // Murmur3Hash128Test.testKnownValues: assertHash(seed, h1, h2, input).
    void guavaKnownValues_data() {
        QTest::addColumn<uint>("seed");
        QTest::addColumn<quint64>("h1");
        QTest::addColumn<quint64>("h2");
        QTest::addColumn<QByteArray>("input");
        QTest::newRow("hell") << 0u << 0x629942693e10f867ull << 0x92db0b82baeb5347ull
                              << QByteArray("hell");
        QTest::newRow("hello") << 1u << 0xa78ddff5adae8d10ull << 0x128900ef20900135ull
                               << QByteArray("hello");
        QTest::newRow("hello ") << 2u << 0x8a486b23f422e826ull << 0xf962a2c58947765full
                                << QByteArray("hello ");
        QTest::newRow("hello w") << 3u << 0x2ea59f466f6bed8cull << 0xc610990acc428a17ull
                                 << QByteArray("hello w");
        QTest::newRow("hello wo") << 4u << 0x79f6305a386c572cull << 0x46305aed3483b94eull
                                  << QByteArray("hello wo");
        QTest::newRow("hello wor")
            << 5u << 0xc2219d213ec1f1b5ull << 0xa1d8e2e0a52785bdull << QByteArray("hello wor");
        QTest::newRow("dog") << 0u << 0xe34bbc7bbc071b6cull << 0x7a433ca9c49a9347ull
                             << QByteArray("The quick brown fox jumps over the lazy dog");
        QTest::newRow("cog") << 0u << 0x658ca970ff85269aull << 0x43fee3eaa68e5c3eull
                             << QByteArray("The quick brown fox jumps over the lazy cog");
    }
    void guavaKnownValues() {
        QFETCH(uint, seed);
        QFETCH(quint64, h1);
        QFETCH(quint64, h2);
        QFETCH(QByteArray, input);
        const auto h = murmur3x64_128(std::string_view(input.constData(), input.size()), seed);
        QCOMPARE(h[0], h1);
        QCOMPARE(h[1], h2);
        if (seed == 0) {
            // padToLong(): the first eight bytes little-endian, which is h1.
            QCOMPARE(
                hashKey(HashKind::Murmur3x128, std::string_view(input.constData(), input.size())),
                std::optional<uint64_t>(h1));
        }
    }

    // HashingTest.testConsistentHash_linearCongruentialGeneratorCompatibility: Guava's
    // consistentHash is the jump of Lamping and Veach, bit for bit.
    void guavaConsistentHashGolden() {
        const int32_t golden100[] = {0,  55, 62, 8,  45, 59, 86, 97, 82, 59,
                                     73, 37, 17, 56, 86, 21, 90, 37, 38, 83};
        for (int32_t i = 0; i < 20; ++i) {
            QCOMPARE(jumpHash(static_cast<uint64_t>(i), 100), golden100[i]);
        }
        QCOMPARE(jumpHash(10863919174838991ull, 11), 6);
        QCOMPARE(jumpHash(2016238256797177309ull, 11), 3);
        QCOMPARE(jumpHash(1673758223894951030ull, 11), 5);
        QCOMPARE(jumpHash(2, 100001), 80343);
        QCOMPARE(jumpHash(2201, 100001), 22152);
        QCOMPARE(jumpHash(2202, 100001), 15018);
    }

    // Guava 31.1's own routes (data/README.md): the key hash, and the shard of a scenario with
    // "algorithm": "jump" and "keyHash": "murmur3-128" over that many nodes, for every key
    // (ASCII and Japanese, hashed as UTF-8 bytes).
    void routesAsGuava() {
        const auto [counts, routes] = guavaRoutes();
        QCOMPARE(routes.size(), size_t{2000});
        QCOMPARE(counts.size(), size_t{8});
        for (const GuavaRoute& r : routes) {
            QCOMPARE(hashKey(HashKind::Murmur3x128, r.key), std::optional<uint64_t>(r.padToLong));
        }
        for (size_t c = 0; c < counts.size(); ++c) {
            Scenario s;
            s.algorithm = Algorithm::Jump;
            s.keyHash = HashKind::Murmur3x128;
            for (int32_t i = 0; i < counts[c]; ++i) {
                NodeSpec n;
                n.id = "shard-" + std::to_string(i);
                s.nodes.push_back(n);
            }
            s.keys.kind = KeySetSpec::Kind::List;
            for (const GuavaRoute& r : routes) {
                s.keys.list.push_back(r.key);
            }
            const PlacedScenario placed(s);
            int mismatches = 0;
            QString first;
            for (size_t k = 0; k < routes.size(); ++k) {
                const uint32_t got = placed.assignment.primary(k);
                if (static_cast<int32_t>(got) != routes[k].shards[c] && mismatches++ == 0) {
                    first = QStringLiteral("%1 over %2 shards: Guava %3, Ringscope %4")
                                .arg(QString::fromStdString(routes[k].key))
                                .arg(counts[c])
                                .arg(routes[k].shards[c])
                                .arg(got);
                }
            }
            QVERIFY2(mismatches == 0, qPrintable(first));
        }
    }

    // data/hashes.tsv: Guava's HashCode of a few keys (its hex is the 16 bytes h1, h2 little-
    // endian), the empty key and the 16-byte block boundary among them.
    void guavaHashCodes() {
        const QStringList lines =
            QString::fromStdString(
                readSourceFile(QStringLiteral("tests/core/keyhashes/murmur3-128/data/hashes.tsv")))
                .split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 12);
        for (const QString& line : lines.mid(1)) {
            const QStringList cells = line.split(u'\t');
            const QByteArray key = cells[0].toUtf8();
            const auto h = murmur3x64_128(std::string_view(key.constData(), key.size()));
            QByteArray bytes(16, '\0');
            for (int i = 0; i < 8; ++i) {
                bytes[i] = static_cast<char>(h[0] >> (8 * i));
                bytes[8 + i] = static_cast<char>(h[1] >> (8 * i));
            }
            QCOMPARE(QString::fromLatin1(bytes.toHex()), cells[1]);
            QCOMPARE(h[0], cells[2].toULongLong());
        }
    }
};

QTEST_GUILESS_MAIN(TestMurmur3x128)
#include "tst_murmur3_128.moc"
