// Published test vectors for every key hash.
#include <QTest>

#include "keyhashes/fnv1a/fnv1a.h"
#include "ringscope/hash.h"
#include "ringscope/registry.h"

using namespace ringscope;

namespace {
QByteArray hex(const auto& digest) {
    return QByteArray(reinterpret_cast<const char*>(digest.data()), qsizetype(digest.size()))
        .toHex();
}
}  // namespace

class TestHash : public QObject {
    Q_OBJECT
private slots:
    void digests_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("md5");
        QTest::addColumn<QByteArray>("sha256");
        // RFC 1321 and FIPS 180-2 examples.
        QTest::newRow("empty") << QByteArray("") << QByteArray("d41d8cd98f00b204e9800998ecf8427e")
                               << QByteArray(
                                      "e3b0c44298fc1c149afbf4c8996fb924"
                                      "27ae41e4649b934ca495991b7852b855");
        QTest::newRow("abc") << QByteArray("abc") << QByteArray("900150983cd24fb0d6963f7d28e17f72")
                             << QByteArray(
                                    "ba7816bf8f01cfea414140de5dae2223"
                                    "b00361a396177a9cb410ff61f20015ad");
        QTest::newRow("fox") << QByteArray("The quick brown fox jumps over the lazy dog")
                             << QByteArray("9e107d9d372bb6826bd81d3542a419d6")
                             << QByteArray(
                                    "d7a8fbb307d7809469ca9abcb0082e4f"
                                    "8d5651e46d3cdb762d02d0bf37c9e592");
    }
    void digests() {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, md5);
        QFETCH(QByteArray, sha256);
        const std::string_view s(input.constData(), size_t(input.size()));
        QCOMPARE(hex(md5Digest(s)), md5);
        QCOMPARE(hex(sha256Digest(s)), sha256);
        // Key hashes: ketama takes digest bytes 0..3 little-endian, sha256 bytes 0..7 big-endian.
        const QByteArray m = QByteArray::fromHex(md5);
        const quint64 ketama =
            quint8(m[0]) | quint8(m[1]) << 8 | quint8(m[2]) << 16 | quint64(quint8(m[3])) << 24;
        QCOMPARE(*hashKey(HashKind::Md5, s), ketama);
        QCOMPARE(*hashKey(HashKind::Sha256, s), sha256.left(16).toULongLong(nullptr, 16));
    }

    void xxh64Vectors_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<quint64>("expected");
        QTest::newRow("empty") << QByteArray("") << Q_UINT64_C(0xef46db3751d8e999);
        QTest::newRow("a") << QByteArray("a") << Q_UINT64_C(0xd24ec4f1a98c6e5b);
        QTest::newRow("abc") << QByteArray("abc") << Q_UINT64_C(0x44bc2cf5ad770999);
    }
    void xxh64Vectors() {
        QFETCH(QByteArray, input);
        QFETCH(quint64, expected);
        QCOMPARE(xxh64({input.constData(), size_t(input.size())}), expected);
        QCOMPARE(*hashKey(HashKind::Xxh64, {input.constData(), size_t(input.size())}), expected);
    }

    void names() {
        for (HashKind kind : kAllHashes) {
            QCOMPARE(hashFromName(hashName(kind)), std::optional<HashKind>(kind));
        }
        QVERIFY(!hashFromName("crc64"));
    }

    void digestContextIsReusedCorrectly() {
        // The per-thread context must give the same answer however often it is reused.
        const auto first = sha256Digest("reuse");
        for (int i = 0; i < 1000; ++i) {
            (void)md5Digest("other");
            (void)sha256Digest("another");
        }
        QCOMPARE(hex(sha256Digest("reuse")), hex(first));
    }
};

QTEST_GUILESS_MAIN(TestHash)
#include "tst_hash.moc"
