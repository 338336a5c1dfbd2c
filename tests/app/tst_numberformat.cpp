// Numbers as people read them: a non-zero share never reads 0.0%, counts carry thousands
// separators, and the CLI's JSON keeps six significant digits.
#include <QTest>

#include "numberformat.h"

using namespace ringscope;

class TestNumberFormat : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void percent_data() {
        QTest::addColumn<double>("fraction");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << 0.0 << 1 << QStringLiteral("0.0%");
        QTest::newRow("all") << 1.0 << 1 << QStringLiteral("100.0%");
        QTest::newRow("a fifth") << 0.2 << 1 << QStringLiteral("20.0%");
        QTest::newRow("a fifth, 2 decimals") << 0.2 << 2 << QStringLiteral("20.00%");
        QTest::newRow("1 of 2,500 needs a second decimal")
            << 0.0004 << 1 << QStringLiteral("0.04%");
        QTest::newRow("1 of 10,000") << 0.0001 << 1 << QStringLiteral("0.01%");
        QTest::newRow("1 of a million") << 1e-6 << 1 << QStringLiteral("<0.01%");
        QTest::newRow("1 of a million, 2 decimals") << 1e-6 << 2 << QStringLiteral("<0.01%");
        QTest::newRow("just short of all") << 0.999999 << 1 << QStringLiteral(">99.99%");
        QTest::newRow("99.96%") << 0.9996 << 1 << QStringLiteral("99.96%");
        QTest::newRow("negative is zero") << -0.5 << 1 << QStringLiteral("0.0%");
    }
    void percent() {
        QFETCH(double, fraction);
        QFETCH(int, decimals);
        QFETCH(QString, text);
        QCOMPARE(format::percent(fraction, decimals), text);
    }

    void percentOf() {
        QCOMPARE(format::percentOf(0, 0), QStringLiteral("0.0%"));
        QCOMPARE(format::percentOf(1, 1'000'000), QStringLiteral("<0.01%"));
        QCOMPARE(format::percentOf(71, 1'000'000), QStringLiteral("0.01%"));
        QCOMPARE(format::percentOf(20, 100, 2), QStringLiteral("20.00%"));
        // No count short of the total reads as all of it, and no non-zero count as none.
        for (uint64_t total : {100ull, 10'000ull, 1'000'000ull, 50'000'000ull}) {
            QVERIFY(format::percentOf(1, total) != format::percentOf(0, total));
            QVERIFY(format::percentOf(total - 1, total) != format::percentOf(total, total));
        }
    }

    void counts() {
        QCOMPARE(format::count(0), QStringLiteral("0"));
        QCOMPARE(format::count(999), QStringLiteral("999"));
        QCOMPARE(format::count(1'000'000), QStringLiteral("1,000,000"));
        QCOMPARE(format::number(12345.5, 2), QStringLiteral("12,345.5"));
        QCOMPARE(format::number(15000, 2), QStringLiteral("15,000"));
        QCOMPARE(format::number(0.25, 3), QStringLiteral("0.25"));
        QCOMPARE(format::number(1e7, 0), QStringLiteral("10,000,000"));  // never 1e+07
        // The user's locale decides the separators.
        QLocale::setDefault(QLocale(QLocale::German));
        QCOMPARE(format::count(1'000'000), QStringLiteral("1.000.000"));
        QCOMPARE(format::percent(0.125), QStringLiteral("12,5%"));
        QCOMPARE(format::percent(1e-6), QStringLiteral("<0,01%"));
        QCOMPARE(format::fixed(1.25, 3), QStringLiteral("1,250"));
        QLocale::setDefault(QLocale::c());
        QCOMPARE(format::fixed(1.25, 3), QStringLiteral("1.250"));
        // A language's own locale, whatever the default (the lesson narration's).
        QCOMPARE(format::percent(0.125, 1, QLocale(QLocale::Japanese, QLocale::Japan)),
                 QStringLiteral("12.5%"));
    }

    // One way to write a size, in binary units, for the ring, the load chart and the Redis view.
    void bytes() {
        QCOMPARE(format::bytes(512), QStringLiteral("512 bytes"));
        QCOMPARE(format::bytes(8'216'999), QStringLiteral("7.84 MiB"));
        QCOMPARE(format::bytes(44'436'104, 1), QStringLiteral("42.4 MiB"));
        QCOMPARE(format::bytes(3ull << 30), QStringLiteral("3.00 GiB"));
        // Past what Qt's signed size holds: the largest it can write, never a negative size.
        QCOMPARE(format::bytes(~uint64_t{0}), format::bytes(uint64_t(INT64_MAX)));
        QVERIFY(!format::bytes(~uint64_t{0}).startsWith(QLatin1Char('-')));
        QLocale::setDefault(QLocale(QLocale::German));
        QCOMPARE(format::bytes(8'216'999), QStringLiteral("7,84 MiB"));
        QLocale::setDefault(QLocale::c());
    }

    void significantText() {
        QCOMPARE(format::significant(0.087312, 3), QStringLiteral("0.0873"));
        QCOMPARE(format::significant(1234.5, 3), QStringLiteral("1,230"));
        QCOMPARE(format::significant(1.0, 3), QStringLiteral("1"));
        QCOMPARE(format::significant(0.0001, 2), QStringLiteral("0.0001"));  // not 1e-04
    }

    void significantDigits() {
        QCOMPARE(format::roundSignificant(0.1 + 0.2, 6), 0.3);
        QCOMPARE(format::roundSignificant(123456789.0, 6), 123457000.0);
        QCOMPARE(format::roundSignificant(1.0 / 3.0, 6), 0.333333);
        QCOMPARE(format::roundSignificant(0.0, 6), 0.0);
        QCOMPARE(format::roundSignificant(250000.0, 6), 250000.0);
    }
};

QTEST_GUILESS_MAIN(TestNumberFormat)
#include "tst_numberformat.moc"
