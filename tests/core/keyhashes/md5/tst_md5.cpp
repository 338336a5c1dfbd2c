// Key hash "md5" (keyhashes/md5): ketama's key hash, the first four digest bytes little-endian
// (libmemcached's ketama_server_hash with alignment 0).
#include <QTest>

#include "ringscope/hash.h"
#include "ringscope/registry.h"

using namespace ringscope;

class TestMd5 : public QObject {
    Q_OBJECT
private slots:
    void firstFourBytesLittleEndian() {
        // md5("abc") = 90 01 50 98 3c d2 4f b0 ...: bytes 0-3 read little-endian.
        QCOMPARE(hashKey(HashKind::Md5, "abc"), std::optional<uint64_t>(0x98500190u));
        // twemproxy's src/test_all.c: md5 of "apple" is 3195025439.
        QCOMPARE(hashKey(HashKind::Md5, "apple"), std::optional<uint64_t>(3195025439u));
        QCOMPARE(moduleOf(HashKind::Md5).format(3195025439u), std::string("3195025439"));
    }
};

QTEST_GUILESS_MAIN(TestMd5)
#include "tst_md5.moc"
