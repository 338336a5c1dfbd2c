// Key hash "xxh64" (keyhashes/xxh64): xxHash64 with seed 0, the value itself.
#include <QTest>

#include "ringscope/hash.h"
#include "ringscope/registry.h"

using namespace ringscope;

class TestXxh64 : public QObject {
    Q_OBJECT
private slots:
    void seedZero() {
        // xxHash's published values (xxhsum): "" -> ef46db3751d8e999, "abc" -> 44bc2cf5ad770999.
        QCOMPARE(hashKey(HashKind::Xxh64, ""), std::optional<uint64_t>(0xef46db3751d8e999ull));
        QCOMPARE(hashKey(HashKind::Xxh64, "abc"), std::optional<uint64_t>(0x44bc2cf5ad770999ull));
        QCOMPARE(moduleOf(HashKind::Xxh64).format(0xef46db3751d8e999ull),
                 std::to_string(0xef46db3751d8e999ull));
    }
};

QTEST_GUILESS_MAIN(TestXxh64)
#include "tst_xxh64.moc"
