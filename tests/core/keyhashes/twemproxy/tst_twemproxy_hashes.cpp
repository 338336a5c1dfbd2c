// twemproxy's key hashes (keyhashes/twemproxy, with md5, fnv1a32 and crc32 for the three it
// shares): the values of twemproxy's own src/test_all.c (test_hash_algorithms: each function of
// "apple", and ketama_hash("server1-8", alignment) of test_ketama_hash), transcribed in
// tests/core/tokenschemes/twemproxy/data/hashes.tsv.
#include <QTest>

#include "ringscope/registry.h"
#include "testutil.h"
#include "tokenschemes/ketama/ketama.h"
#include "tokenschemes/twemproxy/twemproxy.h"

using namespace ringscope;
using namespace ringscope::test;

class TestTwemproxyHashes : public QObject {
    Q_OBJECT
private slots:
    void testAllValues() {
        const QStringList lines =
            QString::fromStdString(
                readSourceFile(QStringLiteral("tests/core/tokenschemes/twemproxy/data/hashes.tsv")))
                .split(u'\n', Qt::SkipEmptyParts);
        int hashes = 0;
        int ketama = 0;
        for (const QString& line : lines.mid(1)) {
            const QStringList cells = line.split(u'\t');
            const std::string function = cells[0].toStdString();
            const std::string input = cells[1].toStdString();
            const uint64_t value = cells[2].toULongLong();
            if (cells[0].startsWith(QStringLiteral("ketama_hash(alignment="))) {
                const int alignment = cells[0].mid(22, 1).toInt();
                QCOMPARE(uint64_t{ketamaDigestPoints(input)[alignment]}, value);
                ++ketama;
                continue;
            }
            const auto kind = twemproxyHash(function);
            QVERIFY2(kind, function.c_str());
            QCOMPARE(hashKey(*kind, input), std::optional<uint64_t>(value));
            ++hashes;
        }
        QCOMPARE(hashes, 12);  // every function twemproxy 0.5.0 has
        QCOMPARE(ketama, 2);
        // The published values, named by Ringscope.
        QCOMPARE(hashKey(HashKind::Md5, "apple"), std::optional<uint64_t>(3195025439u));
        QCOMPARE(hashKey(HashKind::TwemproxyFnv1a_64, "apple"),
                 std::optional<uint64_t>(1488911807u));
        QCOMPARE(hashKey(HashKind::TwemproxyCrc32, "apple"), std::optional<uint64_t>(10542u));
    }

    // crc16's register is never masked (a uint32_t): its low 16 bits are CRC-16/XMODEM's
    // ("123456789" → 0x31C3), the rest the shifted history.
    void crc16KeepsItsHighBits() {
        const auto crc16 = [](std::string_view bytes) {
            return *hashKey(HashKind::TwemproxyCrc16, bytes);
        };
        QCOMPARE(crc16("123456789") & 0xffff, uint64_t{0x31C3});
        QVERIFY(crc16("123456789") > 0xffff);
        QCOMPARE(crc16(""), uint64_t{0});
    }

    // hsieh: 0 for no bytes; a three-byte tail's last byte is a signed char in nc_hsieh.c.
    void hsiehEdges() {
        QCOMPARE(hashKey(HashKind::TwemproxyHsieh, ""), std::optional<uint64_t>(0));
        QVERIFY(hashKey(HashKind::TwemproxyHsieh, "ab\x80") !=
                hashKey(HashKind::TwemproxyHsieh, "ab\x7f"));
    }
};

QTEST_GUILESS_MAIN(TestTwemproxyHashes)
#include "tst_twemproxy_hashes.moc"
