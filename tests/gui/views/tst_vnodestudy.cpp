// The vnode study: each point is the core's std-dev/mean for V vnodes per node, the reference is
// 1/√V, and more vnodes visibly flatten the load.
#include <QApplication>
#include <QTest>

#include <QTableWidget>

#include "numberformat.h"
#include "placed.h"
#include "ringscope/stats.h"
#include "tokenschemes/named/named.h"
#include "viewtest.h"
#include "vnodestudypanel.h"

using namespace ringscope;

class TestVnodeStudy : public QObject {
    Q_OBJECT
private slots:
    void pointsAreCoreStats() {
        Document doc;
        Scenario fnv = viewtest::hashedScenario(8, 1, 50000);
        fnv.params.edit<NamedTokenParams>().hash =
            HashKind::Fnv1a32;  // FNV-1a token names, compared with an xxh64 curve
        QVERIFY(doc.replaceScenario(fnv, {}, false));
        doc.waitForIdle();
        VnodeStudyPanel panel(&doc);
        panel.waitForIdle();
        const VnodeStudy& study = panel.study();
        QVERIFY2(study.error.isEmpty(), qPrintable(study.error));
        QCOMPARE(study.points.size(), std::size(kStudyVnodes));
        for (const VnodePoint& p : study.points) {
            const Scenario s = studyScenario(doc.scenario(), p.vnodes);
            const Placed placed = placeKeys(s, doc.keys(), doc.hashedKeys());
            const Stats stats = computeStats(placed.placement, placed.assignment, doc.keys());
            QCOMPARE(p.stddevOverMean, stats.keys.stddevOverMean);
        }
        QVERIFY(study.points.back().stddevOverMean < study.points.front().stddevOverMean / 4);
        const LineChartData& data = panel.chartData();
        // fnv1a32 tokens, 1/√V, the published standard error, xxh64 tokens.
        QCOMPARE(data.series.size(), size_t{4});
        // Lamping and Veach (2014), Table 1: 0.3152 at 10 points per node, 0.0997 at 100,
        // 0.0316 at 1000.
        QCOMPARE(data.series[2].points,
                 (QList<QPointF>{{10, 0.3152}, {100, 0.0997}, {1000, 0.0316}}));
        QCOMPARE(publishedSpread(100), std::optional<double>(0.0997));
        QVERIFY(!publishedSpread(128));
        QCOMPARE(study.xxhPoints.size(), study.points.size());
        QVERIFY(study.xxhPoints.back().stddevOverMean < 0.1);
        QVERIFY(data.logX);
        QCOMPARE(data.series[1].points.back().y(), 1.0 / std::sqrt(1000.0));
        viewtest::keepShot(viewtest::grabAt(panel, QSize(1000, 260)),
                           QStringLiteral("views-vnodes"));
    }

    // The scenario's own V is marked on the chart and in the table with the ring's numbers as
    // it is (the live numbers); hovering a point shows its values.
    void currentVIsMarked() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(6, 128, 20000), {}, false));
        doc.waitForIdle();
        QCOMPARE(currentVnodes(doc), int64_t{128});
        VnodeStudyPanel panel(&doc);
        panel.waitForIdle();
        const VnodeStudy& study = panel.study();
        QVERIFY(study.current);
        QCOMPARE(study.current->vnodes, int64_t{128});
        const Stats stats = computeStats(doc.placement(), doc.assignment(), doc.keys());
        QCOMPARE(study.current->stddevOverMean, stats.keys.stddevOverMean);
        const LineChartData& data = panel.chartData();
        QVERIFY(data.mark);
        QCOMPARE(data.mark->at, QPointF(128, stats.keys.stddevOverMean));
        QVERIFY(data.mark->label.contains(QStringLiteral("128")));
        // The table: every V of the study and the current one, in order, the current in bold.
        QTableWidget* table = panel.table();
        QCOMPARE(table->rowCount(), int(std::size(kStudyVnodes)) + 1);
        int now = -1;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 0)->text().contains(QStringLiteral("this ring"))) {
                now = r;
            }
        }
        QCOMPARE(table->item(now, 0)->text(), QStringLiteral("128 (this ring)"));
        QVERIFY(table->item(now, 1)->font().bold());
        QCOMPARE(table->item(now - 1, 0)->text(), QStringLiteral("100"));
        QCOMPARE(table->item(now + 1, 0)->text(), QStringLiteral("200"));
        QCOMPARE(table->item(now, 1)->text(), format::significant(stats.keys.stddevOverMean, 3));
        // Hover: the nearest point of the curve, with both axes named.
        const QString hover = panel.chart()->pointText(0, 110);
        QVERIFY2(hover.contains(QStringLiteral("vnodes per node V: 100")), qPrintable(hover));
        QVERIFY(hover.contains(format::significant(study.points[6].stddevOverMean, 3)));
        // A palette switch (View -> Theme) redraws the curves in its colours.
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x21));
        dark.setColor(QPalette::Text, QColor(0xea, 0xea, 0xea));
        panel.setPalette(dark);
        QCOMPARE(panel.chartData().series[1].color, QColor(0xea, 0xea, 0xea));  // 1/√V
        QCOMPARE(panel.chartData().mark->color, QColor(0xea, 0xea, 0xea));
        // Off a ring there is no V to mark.
        QVERIFY(doc.edit(QStringLiteral("hrw"),
                         [](Scenario& sc) { sc.algorithm = Algorithm::Rendezvous; }));
        doc.waitForIdle();
        QCOMPARE(currentVnodes(doc), int64_t{0});
    }

    void teachingSpaceIsWidened() {
        Document doc;  // seed 000: space 0-99, identity keys
        VnodeStudyPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(panel.study().widenedSpace);
        QVERIFY(panel.study().error.isEmpty());
        // The ring's own row is the ring in 0-99, as the window's load numbers give it, not
        // the study's vnodes widened to 2^32 (which the "(now)" row showed).
        QVERIFY(panel.study().current);
        const Stats live = computeStats(doc.placement(), doc.assignment(), doc.keys());
        QCOMPARE(panel.study().current->stddevOverMean, live.keys.stddevOverMean);
        QCOMPARE(panel.study().current->maxOverMean, live.keys.maxOverMean);
        const auto atOne = std::find_if(panel.study().points.begin(), panel.study().points.end(),
                                        [](const VnodePoint& p) { return p.vnodes == 1; });
        QVERIFY(atOne != panel.study().points.end());
        QVERIFY(atOne->stddevOverMean != live.keys.stddevOverMean);
    }
};

QTEST_MAIN(TestVnodeStudy)
#include "tst_vnodestudy.moc"
