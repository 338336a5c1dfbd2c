// The bounded-loads view: loads, capacities and displaced keys are the core's bounded placement
// (Placement::boundedLoads), no node ends above its capacity, the listed chains are the core's,
// a huge factor equals plain placement, and the price of a membership change is the core's diff
// with and without bounding.
#include <QApplication>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QTableWidget>
#include <QTest>

#include "boundedloadpanel.h"
#include "numberformat.h"
#include "placed.h"
#include "ringscope/bounded_load.h"
#include "ringscope/diff.h"
#include "scenarioedits.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

Scenario withFactor(Scenario s, uint32_t percent) {
    s.boundedLoadPercent = percent;
    s.replicas = 1;
    s.zoneAware = false;
    return s;
}

}  // namespace

class TestBoundedLoadView : public QObject {
    Q_OBJECT
private slots:
    void placementIsTheCores_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("factor");
        QTest::newRow("Maglev, Zipf requests, c = 1.25") << "envoy-maglev.json" << 1.25;
        QTest::newRow("Envoy ring, weights, c = 1.10") << "envoy-ring-hash-weighted.json" << 1.10;
        QTest::newRow("Envoy ring, weights, c = 1.50") << "envoy-ring-hash-weighted.json" << 1.50;
    }
    void placementIsTheCores() {
        QFETCH(QString, preset);
        QFETCH(double, factor);
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset(preset.toLatin1().constData())));
        doc.waitForIdle();
        BoundedLoadPanel panel(&doc);
        panel.setFactor(factor);
        panel.waitForIdle();
        const auto percent = uint32_t(std::lround(factor * 100));
        const Scenario s = withFactor(doc.scenario(), percent);
        const Placement placement = Placement::build(s);
        const HashedKeys hashed = hashKeys(doc.keys(), keyHashingOf(s));
        const BoundedLoadResult r = *placement.boundedLoads(hashed);
        const BoundedExplanation& e = panel.explanation();
        QCOMPARE(e.factorPercent, percent);
        QCOMPARE(e.load, r.load);
        QCOMPARE(e.capacity, r.capacity);
        QCOMPARE(e.displacedCount, r.displaced.size());
        QVERIFY(e.displacedCount > 0);
        for (size_t n = 0; n < e.load.size(); ++n) {
            QVERIFY(e.load[n] <= e.capacity[n] || !r.overCapacity.empty());
        }
        // The list: the first displaced keys, each with its chain of full nodes.
        const QTableWidget& list = panel.displacedTable();
        QCOMPARE(size_t(list.rowCount()), std::min(r.displaced.size(), kBoundedListedKeys));
        for (int row = 0; row < std::min(list.rowCount(), 20); ++row) {
            const uint32_t k = r.displaced[size_t(row)];
            QCOMPARE(list.item(row, 0)->text(), QString::fromStdString(doc.keys().names[k]));
            QCOMPARE(list.item(row, 2)->text(),
                     QString::fromStdString(s.nodes[r.firstChoice[k]].id));
            QCOMPARE(list.item(row, 3)->text(), QString::fromStdString(s.nodes[r.owner[k]].id));
            QStringList chain;
            for (uint32_t i = r.chainStart[size_t(row)]; i < r.chainStart[size_t(row) + 1]; ++i) {
                chain << QString::fromStdString(s.nodes[r.chainNodes[i]].id);
            }
            QCOMPARE(list.item(row, 4)->text(), chain.join(QStringLiteral(" → ")));
        }
        QVERIFY(panel.summary().contains(format::count(r.displaced.size())));
        // Without the cap the same keys sit on their first choices.
        Scenario unbounded = s;
        unbounded.boundedLoadPercent.reset();
        const Placed p = placeKeys(unbounded, doc.keys(), hashed);
        const std::vector<double> weights = keyLoadWeights(hashed);
        std::vector<double> first(e.load.size(), 0);
        for (size_t k = 0; k < doc.keys().size(); ++k) {
            first[p.assignment.primary(k)] += weights[k];
        }
        QCOMPARE(e.plainLoad, first);
    }

    // c → ∞: nothing is displaced and the loads are the plain placement's.
    void hugeFactorIsPlainPlacement() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("envoy-maglev.json")));
        doc.waitForIdle();
        BoundedLoadPanel panel(&doc);
        panel.setFactor(10.0);
        panel.waitForIdle();
        QCOMPARE(panel.explanation().displacedCount, size_t(0));
        QCOMPARE(panel.explanation().load, panel.explanation().plainLoad);
        QCOMPARE(panel.displacedTable().rowCount(), 0);
    }

    // The price of removing a node and of adding one: the core's diff with and without the cap.
    void priceIsTheCoresDiff_data() {
        QTest::addColumn<bool>("add");
        QTest::addColumn<int>("node");
        QTest::newRow("remove the second host") << false << 1;
        QTest::newRow("add a host") << true << 0;
    }
    void priceIsTheCoresDiff() {
        QFETCH(bool, add);
        QFETCH(int, node);
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("envoy-maglev.json")));
        doc.waitForIdle();
        BoundedLoadPanel panel(&doc);
        panel.setChange({add, size_t(node)});
        panel.waitForIdle();
        const auto moved = [&](const Scenario& before) {
            Scenario after = before;
            if (add) {
                after.nodes.push_back(edits::suggestedNode(after, Placement::build(after)));
            } else {
                edits::removeNode(after, size_t(node));
            }
            const HashedKeys hashed = hashKeys(doc.keys(), keyHashingOf(before));
            const Placed a = placeKeys(before, doc.keys(), hashed);
            const Placed b = placeKeys(after, doc.keys(), hashed);
            return diff(a.placement, a.assignment, b.placement, b.assignment, doc.keys())
                .primaryMoved;
        };
        Scenario plain = withFactor(doc.scenario(), kBoundedDefaultPercent);
        const size_t bounded = moved(plain);
        plain.boundedLoadPercent.reset();
        const size_t unbounded = moved(plain);
        const BoundedExplanation& e = panel.explanation();
        QCOMPARE(e.movedBounded, bounded);
        QCOMPARE(e.movedPlain, unbounded);
        // Bounding costs extra moves: the cap reshuffles keys that never touched the change.
        QVERIFY(bounded > unbounded);
        QVERIFY(panel.priceText().contains(format::count(bounded)));
        QVERIFY(panel.priceText().contains(format::count(unbounded)));
    }

    // A scenario with its own bounded loads is shown with its factor, which the view keeps.
    void scenariosOwnFactor() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("envoy-maglev.json")));
        doc.waitForIdle();
        QVERIFY(doc.edit(QStringLiteral("bound"), [](Scenario& s) { s.boundedLoadPercent = 115; }));
        doc.waitForIdle();
        BoundedLoadPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(panel.explanation().ownFactor);
        QCOMPARE(panel.explanation().factorPercent, 115u);
        QVERIFY(panel.summary().contains(QStringLiteral("scenario's bounded loads")));
    }

    // Picture: each bar's top is at or below its capacity line.
    void barsStayUnderTheCapacityLine() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("envoy-ring-hash-weighted.json")));
        doc.waitForIdle();
        BoundedLoadPanel panel(&doc);
        panel.resize(1200, 320);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.waitForIdle();
        const BoundedExplanation& e = panel.explanation();
        for (size_t n = 0; n < e.load.size(); ++n) {
            QVERIFY(panel.chart().barRect(n).height() > 5);
            QVERIFY(panel.chart().barRect(n).top() >= panel.chart().capacityY(n) - 0.5);
        }
        viewtest::keepShot(const_cast<BoundedLoadPanel&>(panel).grab().toImage(),
                           QStringLiteral("bounded-loads"));
    }

    // host:port nodes at the dock's size: each id under its own bar, without the part they all
    // share when they do not fit whole ("10.0….:8080" ran into its neighbours), and the key
    // list shows where each key landed without scrolling.
    void hostPortLabelsAndWhereKeysLanded() {
        Scenario s = viewtest::hashedScenario(10, 64, 4000);
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            s.nodes[n].id = "10.0.0." + std::to_string(10 + n) + ":8080";
        }
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        BoundedLoadPanel panel(&doc);
        panel.resize(1000, 260);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.waitForIdle();
        const QStringList labels = panel.chart().shownLabels();
        QCOMPARE(labels.size(), qsizetype(10));
        const QFontMetricsF metrics(panel.chart().font());
        const double slot =
            panel.chart().barRect(1).center().x() - panel.chart().barRect(0).center().x();
        for (qsizetype n = 0; n < labels.size(); ++n) {
            QVERIFY2(labels[n].contains(QString::number(10 + n)), qPrintable(labels.join(u'|')));
            QVERIFY2(metrics.horizontalAdvance(labels[n]) <= slot - 2, qPrintable(labels[n]));
        }
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), qsizetype(10));
        const QTableWidget& table = panel.displacedTable();
        QVERIFY(table.rowCount() > 0);
        const QHeaderView* header = table.horizontalHeader();
        int landed = -1;
        for (int c = 0; c < table.columnCount(); ++c) {
            if (table.horizontalHeaderItem(c)->text() == QStringLiteral("Landed on")) {
                landed = c;
            }
        }
        QVERIFY(landed >= 0);
        QVERIFY2(header->sectionViewportPosition(landed) + header->sectionSize(landed) <=
                     table.viewport()->width(),
                 qPrintable(QStringLiteral("%1 + %2 > %3")
                                .arg(header->sectionViewportPosition(landed))
                                .arg(header->sectionSize(landed))
                                .arg(table.viewport()->width())));
        viewtest::keepShot(panel.grab().toImage(), QStringLiteral("bounded-loads-hostport"));
    }
};

QTEST_MAIN(TestBoundedLoadView)
#include "tst_boundedloadview.moc"
