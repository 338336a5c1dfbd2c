// The vnode study: each point is the core's std-dev/mean for V vnodes per node, the reference is
// 1/√V, and more vnodes visibly flatten the load.
#include <QApplication>
#include <QTest>

#include "comparisonmodel.h"
#include "viewtest.h"
#include "vnodestudypanel.h"

using namespace ringscope;

class TestVnodeStudy : public QObject {
    Q_OBJECT
private slots:
    void pointsAreCoreStats() {
        Document doc;
        Scenario fnv = viewtest::hashedScenario(8, 1, 50000);
        fnv.tokenHash = HashKind::Fnv1a32;  // FNV-1a token names, compared with an xxh64 curve
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
        QCOMPARE(data.series.size(), size_t{3});  // fnv1a32 tokens, 1/√V, xxh64 tokens
        QCOMPARE(study.xxhPoints.size(), study.points.size());
        QVERIFY(study.xxhPoints.back().stddevOverMean < 0.1);
        QVERIFY(data.logX);
        QCOMPARE(data.series[1].points.back().y(), 1.0 / std::sqrt(1000.0));
        viewtest::keepShot(viewtest::grabAt(panel, QSize(560, 400)),
                           QStringLiteral("views-vnodes"));
    }

    void teachingSpaceIsWidened() {
        Document doc;  // seed 000: space 0-99, identity keys
        VnodeStudyPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(panel.study().widenedSpace);
        QVERIFY(panel.study().error.isEmpty());
    }
};

QTEST_MAIN(TestVnodeStudy)
#include "tst_vnodestudy.moc"
