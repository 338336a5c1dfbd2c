// The chi-square test of a key set's spread (ringscope/chisquare.h): the upper tail against its
// closed forms and the textbook critical values, a hand-worked statistic, and the flag on key
// sets that cluster (identity on sequential ids, FNV-1a on "n0#0", "n0#1", ...) but not on a
// good hash.
#include <QTest>

#include <cmath>

#include "ringscope/chisquare.h"
#include "ringscope/placement.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

ChiSquare testOf(const Scenario& s) {
    const Placement p = Placement::build(s);
    const KeySet keys = generateKeys(s.keys);
    return chiSquareOf(p, computeStats(p, assignAll(p, keys), keys));
}

Scenario pool(HashKind hash, const std::string& pattern, uint64_t count) {
    Scenario s = vnodeRing(5, 64);
    s.keyHash = hash;
    s.keys.pattern = pattern;
    s.keys.count = count;
    return s;
}

}  // namespace

class TestChiSquare : public QObject {
    Q_OBJECT
private slots:
    void upperTail_data() {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("df");
        QTest::addColumn<double>("p");
        // Critical values at 5% and 0.1% (any table of the chi-square distribution).
        QTest::newRow("3.841, 1 df") << 3.841458820694124 << 1.0 << 0.05;
        QTest::newRow("18.307, 10 df") << 18.307038053275146 << 10.0 << 0.05;
        QTest::newRow("10.828, 1 df") << 10.827566170662733 << 1.0 << 0.001;
        QTest::newRow("124.342, 100 df") << 124.34211340400407 << 100.0 << 0.05;
        // Closed forms: Q(1, z) = e^-z (2 df), Q(2, z) = e^-z (1 + z) (4 df), the continued
        // fraction's side.
        QTest::newRow("5, 2 df") << 5.0 << 2.0 << std::exp(-2.5);
        QTest::newRow("100, 4 df") << 100.0 << 4.0 << std::exp(-50.0) * 51.0;
        // Q(3/2, z) = erfc(sqrt z) + 2 sqrt(z / pi) e^-z (3 df), the series' side.
        QTest::newRow("4, 3 df") << 4.0 << 3.0
                                 << std::erfc(std::sqrt(2.0)) +
                                        2 * std::sqrt(2.0 / M_PI) * std::exp(-2.0);
        QTest::newRow("0") << 0.0 << 4.0 << 1.0;
    }
    void upperTail() {
        QFETCH(double, x);
        QFETCH(double, df);
        QFETCH(double, p);
        const double got = chiSquareUpperTail(x, df);
        QVERIFY2(
            std::abs(got - p) <= 1e-9 * std::max(1.0, p) || std::abs(got / p - 1) < 1e-9,
            qPrintable(QStringLiteral("%1 against %2").arg(got, 0, 'g', 17).arg(p, 0, 'g', 17)));
    }

    // 30, 20, 30, 20 keys where 25 each were expected: (25 + 25 + 25 + 25) / 25 = 4 on 3 df.
    void handWorked() {
        const std::vector<uint64_t> keys{30, 20, 30, 20};
        const std::vector<double> shares{0.25, 0.25, 0.25, 0.25};
        const ChiSquare c = chiSquareTest(keys, shares, 100);
        QCOMPARE(c.statistic, 4.0);
        QCOMPARE(c.degreesOfFreedom, 3u);
        QVERIFY(std::abs(c.pValue - 0.2614641299491107) < 1e-9);
        QCOMPARE(c.leastExpected, 25.0);
        QVERIFY(!c.clustered());
        // A node meant to hold nothing is left out, and with one node there is no test.
        const ChiSquare one = chiSquareTest(keys, std::vector<double>{1, 0, 0, 0}, 100);
        QCOMPARE(one.degreesOfFreedom, 0u);
        QCOMPARE(one.pValue, 1.0);
    }

    // Seed 000: keys 0-99 on positions 0-99 fall exactly on the arcs (A 30, B 40, C 30).
    void seed000FitsItsArcs() {
        Scenario s = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}});
        s.keys.pattern = "{i}";
        s.keys.count = 100;
        const ChiSquare c = testOf(s);
        QVERIFY(c.againstArcs);
        QCOMPARE(c.statistic, 0.0);
        QCOMPARE(c.pValue, 1.0);
    }

    // Sequential ids under the identity hash sit at the very start of a 2^32 ring: one arc gets
    // them all. FNV-1a on "n0#0", "n0#1", ... changes little between keys. xxh64 spreads both.
    void clusteringHashesAreFlagged() {
        const ChiSquare identity = testOf(pool(HashKind::Identity, "{i}", 5000));
        QVERIFY(identity.clustered());
        Scenario fnv = pool(HashKind::Fnv1a64, "n0#{i}", 20000);
        for (NodeSpec& n : fnv.nodes) {
            n.vnodes = 100;
        }
        QVERIFY(testOf(fnv).clustered());  // p ~ 6e-32 against the arcs
        const ChiSquare good = testOf(pool(HashKind::Xxh64, "session-{i}", 5000));
        QVERIFY2(!good.clustered(), qPrintable(QString::number(good.pValue)));
        QVERIFY(good.againstArcs);
        QCOMPARE(good.degreesOfFreedom, 4u);
    }
};

QTEST_GUILESS_MAIN(TestChiSquare)
#include "tst_chisquare.moc"
