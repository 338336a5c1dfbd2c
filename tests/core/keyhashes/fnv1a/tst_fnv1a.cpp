// FNV-1a, 32 and 64 bit (keyhashes/fnv1a): the vectors of the FNV reference
// (isthe.com/chongo/tech/comp/fnv, test_fnv.c).
#include <QTest>

#include "keyhashes/fnv1a/fnv1a.h"
#include "ringscope/registry.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestFnv1a : public QObject {
    Q_OBJECT
private slots:
    void fnv_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<quint32>("h32");
        QTest::addColumn<quint64>("h64");
        // Fowler/Noll/Vo reference vectors.
        QTest::newRow("empty") << QByteArray("") << 0x811c9dc5u << Q_UINT64_C(0xcbf29ce484222325);
        QTest::newRow("a") << QByteArray("a") << 0xe40c292cu << Q_UINT64_C(0xaf63dc4c8601ec8c);
        QTest::newRow("foobar") << QByteArray("foobar") << 0xbf9cf968u
                                << Q_UINT64_C(0x85944171f73967e8);
    }
    void fnv() {
        QFETCH(QByteArray, input);
        QFETCH(quint32, h32);
        QFETCH(quint64, h64);
        const std::string_view s(input.constData(), size_t(input.size()));
        QCOMPARE(fnv1a32(s), h32);
        QCOMPARE(fnv1a64(s), h64);
        QCOMPARE(*hashKey(HashKind::Fnv1a32, s), quint64(h32));
        QCOMPARE(*hashKey(HashKind::Fnv1a64, s), h64);
    }
};

QTEST_GUILESS_MAIN(TestFnv1a)
#include "tst_fnv1a.moc"
