// Key hash "identity" (keyhashes/identity): a key is its own position, a plain decimal.
#include <QTest>

#include "ringscope/hash.h"
#include "ringscope/registry.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestIdentity : public QObject {
    Q_OBJECT
private slots:
    void identity_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint64>("value");
        QTest::newRow("zero") << "0" << true << quint64(0);
        QTest::newRow("99") << "99" << true << quint64(99);
        QTest::newRow("max") << "18446744073709551615" << true << ~quint64(0);
        QTest::newRow("overflow") << "18446744073709551616" << false << quint64(0);
        QTest::newRow("negative") << "-1" << false << quint64(0);
        QTest::newRow("plus") << "+1" << false << quint64(0);
        QTest::newRow("space") << " 1" << false << quint64(0);
        QTest::newRow("trailing") << "12a" << false << quint64(0);
        QTest::newRow("empty") << "" << false << quint64(0);
        QTest::newRow("word") << "session-1" << false << quint64(0);
    }
    void identity() {
        QFETCH(QString, key);
        QFETCH(bool, valid);
        QFETCH(quint64, value);
        const auto h = hashKey(HashKind::Identity, key.toStdString());
        QCOMPARE(h.has_value(), valid);
        if (valid) {
            QCOMPARE(*h, value);
        }
    }
};

QTEST_GUILESS_MAIN(TestIdentity)
#include "tst_identity.moc"
