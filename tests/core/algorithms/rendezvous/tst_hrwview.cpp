// The HRW view: the bars are the core's scores and order for the selected key, the winner bar is
// visibly marked, and the naive toggle shows the core's shares for score/w and score·w.
#include <QApplication>
#include <QTest>

#include "algorithms/rendezvous/rendezvous.h"
#include "algorithms/rendezvous/rendezvousplacement.h"
#include "comparisonmodel.h"
#include "hrwpanel.h"
#include "ringcolors.h"
#include "ringscope/assign.h"
#include "ringscope/placement.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

Scenario weightedHrw() {
    Scenario s = viewtest::hashedScenario(5, 0, 3000);
    s.algorithm = Algorithm::WeightedRendezvous;
    const double weights[] = {1, 2, 1, 3, 1};
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        s.nodes[n].vnodes.reset();
        s.nodes[n].weight = weights[n];
    }
    return s;
}

}  // namespace

class TestHrwView : public QObject {
    Q_OBJECT
private slots:
    void barsAreCoreScores_data() {
        QTest::addColumn<bool>("weighted");
        QTest::addColumn<int>("key");
        QTest::newRow("plain key 0") << false << 0;
        QTest::newRow("plain key 17") << false << 17;
        QTest::newRow("weighted key 0") << true << 0;
        QTest::newRow("weighted key 2999") << true << 2999;
    }
    void barsAreCoreScores() {
        QFETCH(bool, weighted);
        QFETCH(int, key);
        Document doc;
        Scenario s = weightedHrw();
        s.algorithm = weighted ? Algorithm::WeightedRendezvous : Algorithm::Rendezvous;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        doc.setSelectedKey(size_t(key));
        const HrwExplanation e =
            explainHrw(doc.scenario(), doc.placement(), doc.keys().names[size_t(key)], weighted);
        const std::string& name = doc.keys().names[size_t(key)];
        QCOMPARE(e.bars.size(), s.nodes.size());
        for (size_t n = 0; n < e.bars.size(); ++n) {
            const Digest256 d = hrwScore(name, s.nodes[n].id);
            QCOMPARE(e.bars[n].score, hrwUniform(d));
            QCOMPARE(e.bars[n].time, hrwWeightedTime(d, s.nodes[n].weight));
        }
        // The winner bar is the document's (the core's) primary for that key.
        const auto winner =
            std::find_if(e.bars.begin(), e.bars.end(), [](const HrwBar& b) { return b.rank == 0; });
        QCOMPARE(size_t(winner - e.bars.begin()), size_t(doc.assignment().primary(size_t(key))));
    }

    // Grab at a fixed size: the winner's row carries the selection-coloured frame, no other row.
    void winnerBarIsMarked() {
        Document doc;
        QVERIFY(doc.replaceScenario(weightedHrw(), {}, false));
        doc.waitForIdle();
        doc.setSelectedKey(size_t{42});
        ComparisonModel model(&doc, {Algorithm::WeightedRendezvous});
        HrwPanel panel(&doc, &model);
        panel.setWeighted(true);
        const QImage image = viewtest::grabAt(panel, QSize(560, 300));
        viewtest::keepShot(image, QStringLiteral("views-hrw"));
        const HrwBars& bars = panel.bars();
        const QColor mark = RingColors::from(bars.palette()).selection;
        const QPoint origin = bars.mapTo(&panel, QPoint(0, 0));
        const uint32_t primary = doc.assignment().primary(42);
        for (size_t n = 0; n < bars.explanation().bars.size(); ++n) {
            const QRect row = bars.rowRect(n).translated(origin);
            const int marked = viewtest::countColor(image, mark, 30, row);
            if (n == primary) {
                QVERIFY2(marked > 100, qPrintable(QString::number(marked)));
            } else {
                QVERIFY2(marked < 5, qPrintable(QStringLiteral("row %1: %2").arg(n).arg(marked)));
            }
        }
    }

    // host:port node names are whole beside their bars at the dock's size (a fixed label width
    // cut "10.0.0.11:8080" to ".0.0.11:8080"), weighted ones with their weight too.
    void hostPortNamesAreWhole() {
        Scenario s = weightedHrw();
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            s.nodes[n].id = "10.0.0." + std::to_string(10 + n) + ":8080";
        }
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        doc.setSelectedKey(size_t{42});
        ComparisonModel model(&doc, {Algorithm::WeightedRendezvous});
        HrwPanel panel(&doc, &model);
        panel.setWeighted(true);
        viewtest::grabAt(panel, QSize(560, 300));
        const QStringList texts = panel.bars().texts();
        for (const NodeSpec& node : s.nodes) {
            QVERIFY2(texts.filter(QStringLiteral("%1 (w ").arg(QString::fromStdString(node.id)))
                             .size() == 1,
                     qPrintable(texts.join(u'|')));
        }
    }

    void naiveSharesAreCoreShares() {
        Document doc;
        QVERIFY(doc.replaceScenario(weightedHrw(), {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::WeightedRendezvous});
        HrwPanel panel(&doc, &model);
        panel.setShowNaive(true);
        panel.naiveModel()->waitForIdle();
        const BarChartData& data = panel.naiveChartData();
        QCOMPARE(data.sets.size(), size_t{4});
        QCOMPARE(data.sets[0].values[3], 3.0 / 8.0 * 100);  // w/Σw of n3
        Scenario s = doc.scenario();
        s.algorithm = Algorithm::NaiveDivRendezvous;
        const Placement p = Placement::build(s);
        const Stats stats =
            computeStats(p, assign(p, doc.keys().names, doc.hashedKeys()), doc.keys());
        for (size_t n = 0; n < stats.nodes.size(); ++n) {
            QCOMPARE(data.sets[2].values[qsizetype(n)], stats.nodes[n].share * 100);
        }
        viewtest::keepShot(viewtest::grabAt(panel, QSize(560, 560)),
                           QStringLiteral("views-hrw-naive"));
    }

    void addingNodeMovesOnlyItsWins() {
        Document doc;
        Scenario s = weightedHrw();
        s.algorithm = Algorithm::Rendezvous;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::Rendezvous});
        HrwPanel panel(&doc, &model);
        NodeSpec added;
        added.id = "n5";
        QVERIFY(doc.addNode(added));
        doc.waitForIdle();
        model.waitForIdle();
        const AlgorithmResult* r = model.result().find(Algorithm::Rendezvous);
        QVERIFY(r->diff->primaryMoved > 0);
        QCOMPARE(r->movedToNew, r->diff->primaryMoved);
        QVERIFY2(panel.moveNote().contains(u"only keys it wins move"),
                 qPrintable(panel.moveNote()));
    }
};

QTEST_MAIN(TestHrwView)
#include "tst_hrwview.moc"
