// The algorithm comparison: every number in the model is the core's (placement, assignment,
// diff and stats computed here straight from the core), and the panel draws mod-N as the outlier.
#include <QApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QThread>

#include "algorithms/jump/jumpplacement.h"
#include "comparisonmodel.h"
#include "comparisonpanel.h"
#include "ringcolors.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/placement.h"
#include "viewtest.h"

using namespace ringscope;
using viewtest::explicitNode;

namespace {

using Edit = std::function<bool(Document&)>;

struct CoreRun {
    Placement placement;
    Assignment assignment;
};

// The core's answer, built without the view code: the scenario under `algorithm` (with its
// bounded loads, if any), primaries only.
CoreRun coreRun(Scenario s, const ComparedAlgorithm& algorithm, const KeySet& keys) {
    s.algorithm = algorithm.algorithm;
    s.boundedLoadPercent = algorithm.boundedLoadPercent;
    s.replicas = 1;
    s.zoneAware = false;
    s.params.edit<JumpParams>().buckets.clear();
    CoreRun r;
    r.placement = Placement::build(s);
    r.assignment = assign(r.placement, keys.names, hashKeys(keys, keyHashingOf(s)));
    return r;
}

// The node the panel's tests add to hashedScenario(4, 100, ...): 4 → 5 nodes, ideal 1/5.
NodeSpec fifthNode() {
    NodeSpec n;
    n.id = "n4";
    n.vnodes = 100;
    return n;
}

}  // namespace

Q_DECLARE_METATYPE(Edit)

class TestComparison : public QObject {
    Q_OBJECT
private slots:
    void matchesCore_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<QString>("change");
        const Scenario seed = Document::defaultScenario();
        QTest::newRow("seed000 add D@40")
            << seed << Edit([](Document& d) { return d.addNode(explicitNode("D", {40})); })
            << QStringLiteral("added D");
        QTest::newRow("seed000 remove B")
            << seed << Edit([](Document& d) { return d.removeNode(1); })
            << QStringLiteral("removed B");
        QTest::newRow("seed000 weight A")
            << seed << Edit([](Document& d) { return d.setNodeWeight(0, 2.0); })
            << QStringLiteral("weight of A 1 → 2");
        QTest::newRow("hashed 6x50 add n6")
            << viewtest::hashedScenario(6, 50, 4000) << Edit([](Document& d) {
                   NodeSpec n;
                   n.id = "n6";
                   n.vnodes = 50;
                   return d.addNode(n);
               })
            << QStringLiteral("added n6");
        QTest::newRow("hashed 5x20 remove middle")
            << viewtest::hashedScenario(5, 20, 3000)
            << Edit([](Document& d) { return d.removeNode(2); }) << QStringLiteral("removed n2");
    }
    void matchesCore() {
        QFETCH(Scenario, scenario);
        QFETCH(Edit, edit);
        QFETCH(QString, change);
        Document doc;
        QVERIFY(doc.replaceScenario(scenario, {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, comparedAlgorithms());
        QVERIFY(edit(doc));
        doc.waitForIdle();
        model.waitForIdle();
        const ComparisonResult& result = model.result();
        QCOMPARE(result.change, change);
        QCOMPARE(result.keysUsed, doc.keys().size());
        QVERIFY(!result.sampled());
        QCOMPARE(result.algorithms.size(), comparedAlgorithms().size());
        const KeySet& keys = doc.keys();
        for (const AlgorithmResult& r : result.algorithms) {
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            const CoreRun before = coreRun(doc.baselineScenario(), r.compared(), keys);
            const CoreRun after = coreRun(doc.scenario(), r.compared(), keys);
            const DiffResult expected =
                diff(before.placement, before.assignment, after.placement, after.assignment, keys);
            const Stats stats = computeStats(after.placement, after.assignment, keys);
            QVERIFY(r.diff.has_value());
            QCOMPARE(r.diff->primaryMoved, expected.primaryMoved);
            QCOMPARE(r.diff->bytesMoved, expected.bytesMoved);
            QCOMPARE(r.diff->idealFraction, expected.idealFraction);
            QCOMPARE(r.diff->changed, expected.changed);
            QCOMPARE(r.stats.nodes.size(), stats.nodes.size());
            for (size_t n = 0; n < stats.nodes.size(); ++n) {
                QCOMPARE(r.stats.nodes[n].keys, stats.nodes[n].keys);
            }
            QCOMPARE(r.stats.keys.maxOverMean, stats.keys.maxOverMean);
            QCOMPARE(r.stats.keys.stddevOverMean, stats.keys.stddevOverMean);
        }
        // Maglev is compared, and its bounded variant keeps every node within its capacity
        // ceil(1.25 · K · w/Σw) (bounded_load.h), whatever the change.
        QVERIFY(result.find(Algorithm::Maglev));
        const AlgorithmResult* bounded =
            result.find({Algorithm::Maglev, kComparedBalanceFactorPercent});
        QVERIFY(bounded && bounded != result.find(Algorithm::Maglev));
        QCOMPARE(algorithmLabel(bounded->compared()), QStringLiteral("Maglev, bounded 1.25"));
        double totalWeight = 0;
        for (const NodeSpec& n : doc.scenario().nodes) {
            totalWeight += n.weight;
        }
        for (size_t n = 0; n < bounded->stats.nodes.size(); ++n) {
            const double capacity = std::ceil(1.25 * double(keys.size()) *
                                              doc.scenario().nodes[n].weight / totalWeight);
            QVERIFY(double(bounded->stats.nodes[n].keys) <= capacity);
        }
        // Rendezvous moves only what it must: on an add, every moved key went to the new node.
        const AlgorithmResult* hrw = result.find(Algorithm::Rendezvous);
        if (change.startsWith(u"added")) {
            QCOMPARE(hrw->movedToNew, hrw->diff->primaryMoved);
        }
        if (change.startsWith(u"removed")) {
            QCOMPARE(hrw->movedFromGone, hrw->diff->primaryMoved);
        }
    }

    // Destroying the model after its worker finished but before the continuation ran on this
    // thread must not wait for that continuation (it would never run: a deadlock on close).
    void destroyWithResultPending() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(8, 100, 100000), {}, false));
        doc.waitForIdle();
        auto* model =
            new ComparisonModel(&doc, {Algorithm::Ring, Algorithm::Rendezvous, Algorithm::ModN});
        QTest::qWait(200);      // the debounce fires and the worker starts
        QThread::msleep(3000);  // the worker finishes; its continuation waits in the queue
        QElapsedTimer timer;
        timer.start();
        delete model;
        QVERIFY(timer.elapsed() < 2000);
    }

    void sampledWhenHuge() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 10, 2000), {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::Rendezvous, Algorithm::ModN});
        ComparisonInput input;  // what the model compares: no change, the two placements
        input.before = doc.baselineScenario();
        input.after = doc.scenario();
        input.algorithms = {Algorithm::Rendezvous, Algorithm::ModN};
        model.setMaxWork(comparisonWork(input, 500));  // the core's units for the first 500
        model.waitForIdle();
        QVERIFY(model.result().sampled());
        QCOMPARE(model.result().keysUsed, size_t{500});
        QCOMPARE(model.result().keysTotal, size_t{2000});
        uint64_t total = 0;
        for (const NodeLoad& load : model.result().find(Algorithm::ModN)->stats.nodes) {
            total += load.keys;
        }
        QCOMPARE(total, uint64_t{500});
    }

    // Adding a fifth node to four: mod-N moves ~4/5 of the keys, far above the ideal 1/5. Each
    // algorithm has its own colour, and the panel outlines the mod-N bar (alone) in the "moved"
    // colour; the table beside the chart fits without scrolling and names the jump removal mode.
    void panelMarksModNOutlier() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 100, 4000), {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, comparedAlgorithms());
        ComparisonPanel panel(&doc, &model);
        QVERIFY(doc.addNode(fifthNode()));
        doc.waitForIdle();
        model.waitForIdle();
        const AlgorithmResult* modn = model.result().find(Algorithm::ModN);
        QVERIFY(modn->diff->movedFraction() > 0.7);
        QCOMPARE(modn->diff->idealFraction, 0.2);

        const BarChartData& data = panel.chartData();
        QCOMPARE(data.categories.size(), qsizetype(comparedAlgorithms().size()));
        const QColor moved = RingColors::from(panel.palette()).moved;
        QSet<QRgb> fills;
        for (const BarSetData& set : data.sets) {
            QCOMPARE(set.outline == moved, set.name == algorithmLabel(Algorithm::ModN));
            QVERIFY(colorDistance(set.color, moved) > 15);
            fills.insert(set.color.rgb());
        }
        QCOMPARE(fills.size(), qsizetype(comparedAlgorithms().size()));  // each its own
        QVERIFY(data.percentLabels);  // each bar labelled with its share
        // mod-N's row: the compared algorithms' order.
        const auto& compared = comparedAlgorithms();
        const int modnRow = int(std::find_if(compared.begin(), compared.end(),
                                             [](const ComparedAlgorithm& c) {
                                                 return c.algorithm == Algorithm::ModN;
                                             }) -
                                compared.begin());
        QCOMPARE(panel.table()->item(modnRow, ComparisonPanel::MovedPercent)->text(),
                 QStringLiteral("%1%").arg(modn->diff->movedFraction() * 100, 0, 'f', 1));
        QVERIFY(panel.table()->item(modnRow, ComparisonPanel::MovedPercent)->font().bold());
        QVERIFY(!panel.table()->item(0, ComparisonPanel::MovedPercent)->font().bold());

        QVERIFY(panel.notes().contains(QStringLiteral("renumbering")));
        QVERIFY(panel.table()->isColumnHidden(ComparisonPanel::BytesMoved));  // no sizes

        // Visible at the bottom dock's default size: the red outline runs along the mod-N bar,
        // the longest, and the whole table is on screen.
        const QImage image = viewtest::grabAt(panel, QSize(1000, 260));
        viewtest::keepShot(image, QStringLiteral("views-compare"));
        const int red = viewtest::colorWidth(image, moved);
        const int others = viewtest::colorWidth(image, algorithmColor(Algorithm::Ring));
        QVERIFY2(red > 2 * others && others > 10,
                 qPrintable(QStringLiteral("mod-N bar %1 px, ring %2 px").arg(red).arg(others)));
        QCOMPARE(panel.table()->horizontalScrollBar()->maximum(), 0);
        // Every algorithm's name is whole beside its bar; the bounded one is short there and
        // gives its factor in the table.
        QVERIFY(panel.chart().categoryLabelsFit());
        QVERIFY(data.categories.contains(QStringLiteral("Bounded Maglev")));
        QCOMPARE(panel.table()
                     ->item(int(data.categories.indexOf(u"Bounded Maglev")), ComparisonPanel::Name)
                     ->text(),
                 QStringLiteral("Maglev, bounded 1.25"));
        const QRect lastCell =
            panel.table()->visualItemRect(panel.table()->item(4, ComparisonPanel::StddevOverMean));
        QVERIFY(panel.table()->viewport()->rect().contains(lastCell));
    }

    // In a dock too narrow for the chart beside the whole table (the smallest window), the
    // table is shown alone at the panel's width, every column reachable; with room, both.
    void narrowPanelShowsTheTableWhole() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 100, 4000), {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, comparedAlgorithms());
        ComparisonPanel panel(&doc, &model);
        QVERIFY(doc.addNode(fifthNode()));
        doc.waitForIdle();
        model.waitForIdle();
        viewtest::keepShot(viewtest::grabAt(panel, QSize(380, 300)),
                           QStringLiteral("views-compare-narrow"));
        QVERIFY(!panel.chart().isVisibleTo(&panel));
        QVERIFY(panel.table()->geometry().right() < panel.width());
        QCOMPARE(panel.minimumSizeHint().width() <= 380, true);
        viewtest::grabAt(panel, QSize(1000, 260));
        QVERIFY(panel.chart().isVisibleTo(&panel));
        QCOMPARE(panel.table()->horizontalScrollBar()->maximum(), 0);
    }

    // With a baseline pinned, the numbers compare it with now, over more than one edit: the
    // headline and the chart's title say so, not "Last change" (which named only the last edit).
    void pinnedBaselineIsNamed() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 100, 4000), {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, comparedAlgorithms());
        ComparisonPanel panel(&doc, &model);
        QVERIFY(doc.addNode(fifthNode()));
        doc.waitForIdle();
        model.waitForIdle();
        QVERIFY2(panel.headline().startsWith(u"Last change: "), qPrintable(panel.headline()));
        QCOMPARE(panel.chartData().title, QStringLiteral("Keys moved since the last change"));

        doc.undoStack()->undo();
        doc.waitForIdle();
        doc.pinBaseline();
        QVERIFY(doc.addNode(fifthNode()));
        QVERIFY(doc.setNodeWeight(4, 2.0));
        doc.waitForIdle();
        model.waitForIdle();
        QCOMPARE(doc.moveSummary().since, MovedSince::Baseline);
        QVERIFY2(panel.headline().startsWith(u"Since the baseline: "),
                 qPrintable(panel.headline()));
        QVERIFY2(panel.headline().contains(u"4 → 5 nodes"), qPrintable(panel.headline()));
        QCOMPARE(panel.chartData().title, QStringLiteral("Keys moved since the baseline"));
    }
};

QTEST_MAIN(TestComparison)
#include "tst_comparison.moc"
