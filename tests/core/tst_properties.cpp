// Statistical properties: moved fraction for one add/remove against the ideal, load spread.
#include <QTest>

#include <cmath>

#include "ringscope/stats.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

constexpr int kKeys = 100000;

struct Moved {
    double fraction;
    double ideal;
};

Moved addOne(Algorithm algorithm, int n, int64_t vnodes = 256) {
    const KeySet keys = patternKeys("key-{i}", kKeys);
    const Scenario s = vnodeRing(n, vnodes, algorithm);
    const Scenario t = vnodeRing(n + 1, vnodes, algorithm);
    const Placement a = Placement::build(s);
    const Placement b = Placement::build(t);
    const DiffResult d = diff(a, assignAll(a, keys), b, assignAll(b, keys), keys);
    return {d.movedFraction(), d.idealFraction};
}

Moved removeOne(Algorithm algorithm, int n, int64_t vnodes = 256) {
    const KeySet keys = patternKeys("key-{i}", kKeys);
    const Scenario s = vnodeRing(n, vnodes, algorithm);
    Scenario t = s;
    t.nodes.erase(t.nodes.begin() + n / 2);  // a middle node
    const Placement a = Placement::build(s);
    const Placement b = Placement::build(t);
    const DiffResult d = diff(a, assignAll(a, keys), b, assignAll(b, keys), keys);
    return {d.movedFraction(), d.idealFraction};
}

QString describe(const Moved& m) {
    return QStringLiteral("moved %1, ideal %2").arg(m.fraction).arg(m.ideal);
}

}  // namespace

class TestProperties : public QObject {
    Q_OBJECT
private slots:
    void addOneNode_data() {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<double>("tolerance");  // absolute, on the fraction of keys
        QTest::newRow("ring V=256, 4->5") << int(Algorithm::Ring) << 4 << 0.02;
        QTest::newRow("ring V=256, 9->10") << int(Algorithm::Ring) << 9 << 0.015;
        QTest::newRow("rendezvous 4->5") << int(Algorithm::Rendezvous) << 4 << 0.01;
        QTest::newRow("rendezvous 9->10") << int(Algorithm::Rendezvous) << 9 << 0.01;
        QTest::newRow("jump 4->5") << int(Algorithm::Jump) << 4 << 0.01;
        QTest::newRow("jump 9->10") << int(Algorithm::Jump) << 9 << 0.01;
    }
    void addOneNode() {
        QFETCH(int, algorithm);
        QFETCH(int, nodes);
        QFETCH(double, tolerance);
        const Moved m = addOne(Algorithm(algorithm), nodes);
        QCOMPARE(m.ideal, 1.0 / (nodes + 1));
        QVERIFY2(std::abs(m.fraction - m.ideal) < tolerance, qPrintable(describe(m)));
    }

    void removeOneNode_data() {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("ring V=256, 5->4") << int(Algorithm::Ring) << 5 << 0.02;
        QTest::newRow("rendezvous 5->4") << int(Algorithm::Rendezvous) << 5 << 0.01;
        QTest::newRow("rendezvous 10->9") << int(Algorithm::Rendezvous) << 10 << 0.01;
    }
    void removeOneNode() {
        QFETCH(int, algorithm);
        QFETCH(int, nodes);
        QFETCH(double, tolerance);
        const Moved m = removeOne(Algorithm(algorithm), nodes);
        QCOMPARE(m.ideal, 1.0 / nodes);
        QVERIFY2(std::abs(m.fraction - m.ideal) < tolerance, qPrintable(describe(m)));
    }

    void modNMovesAlmostEverything() {
        for (int n : {3, 5, 10}) {
            const Moved m = addOne(Algorithm::ModN, n);
            const double expected = double(n) / (n + 1);
            QVERIFY2(std::abs(m.fraction - expected) < 0.01, qPrintable(describe(m)));
            QVERIFY(m.fraction > 3 * m.ideal);
        }
    }

    void ringSpreadFallsLikeInverseSqrtV() {
        // std-dev/mean of keys per node for V vnodes: roughly c / sqrt(V). Fit c on V=16
        // and check the larger V within a factor (the curve falls, and at the 1/sqrt rate).
        const KeySet keys = patternKeys("key-{i}", 200000);
        std::vector<double> spread;
        const std::vector<int64_t> vs = {4, 16, 64, 256, 1024};
        for (int64_t v : vs) {
            // Average over several node-name sets to tame the noise of one ring.
            double sum = 0;
            for (int trial = 0; trial < 4; ++trial) {
                Scenario s = vnodeRing(10, v);
                for (auto& n : s.nodes) {
                    n.id += "-t" + std::to_string(trial);
                }
                const Placement p = Placement::build(s);
                sum += computeStats(p, assignAll(p, keys), keys).keys.stddevOverMean;
            }
            spread.push_back(sum / 4);
        }
        for (size_t i = 1; i < vs.size(); ++i) {
            QVERIFY2(spread[i] < spread[i - 1], qPrintable(QString::number(spread[i])));
            const double predicted = spread[0] * std::sqrt(double(vs[0]) / double(vs[i]));
            QVERIFY2(spread[i] > predicted / 2 && spread[i] < predicted * 2,
                     qPrintable(QStringLiteral("V=%1: %2 vs predicted %3")
                                    .arg(vs[i])
                                    .arg(spread[i])
                                    .arg(predicted)));
        }
    }
};

QTEST_GUILESS_MAIN(TestProperties)
#include "tst_properties.moc"
