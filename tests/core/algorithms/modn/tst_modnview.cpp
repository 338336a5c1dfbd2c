// The mod-N view: bucket counts and moved keys are the core's (checked against hash mod N), the
// ringed cells are exactly the keys that change bucket, and clicking a cell selects the key.
#include <QApplication>
#include <QTest>

#include "modnpanel.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

// Keys whose node differs between two node lists under hash % N, counted directly; `changes`
// gets one flag per key.
size_t movedBetween(const Document& doc, const std::vector<NodeSpec>& before,
                    const std::vector<NodeSpec>& after, std::vector<bool>* changes = nullptr) {
    size_t moved = 0;
    for (const uint64_t h : viewtest::keyHashes(doc)) {
        const bool moves = before[h % before.size()].id != after[h % after.size()].id;
        moved += moves ? 1 : 0;
        if (changes) {
            changes->push_back(moves);
        }
    }
    return moved;
}

// The grid cells drawn ringed, in key order.
std::vector<bool> ringedCells(ModNPanel& panel) {
    const QImage image = viewtest::grabAt(panel, QSize(560, 460));
    const ModNGrid& grid = panel.grid();
    const QColor moved = RingColors::from(grid.palette()).moved;
    const QPoint origin = grid.mapTo(&panel, QPoint(0, 0));
    std::vector<bool> ringed;
    for (size_t k = 0; k < grid.explanation().gridBucket.size(); ++k) {
        const QRect cell = grid.cellRect(k).toAlignedRect().translated(origin);
        ringed.push_back(viewtest::countColor(image, moved, 40, cell) > 8);
    }
    return ringed;
}

}  // namespace

class TestModNView : public QObject {
    Q_OBJECT
private slots:
    void countsMatchHashModN_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<bool>("grow");
        QTest::newRow("3 -> 4") << 3 << true;
        QTest::newRow("4 -> 3") << 4 << false;
        QTest::newRow("10 -> 11") << 10 << true;
    }
    void countsMatchHashModN() {
        QFETCH(int, nodes);
        QFETCH(bool, grow);
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(nodes, 10, 4000), {}, false));
        doc.waitForIdle();
        const ModNExplanation e = explainModN(doc.scenario(), doc.keys(), grow);
        const uint64_t n = uint64_t(nodes);
        const uint64_t m = grow ? n + 1 : n - 1;
        std::vector<uint64_t> buckets(n, 0);
        size_t moved = 0;
        for (const uint64_t h : viewtest::keyHashes(doc)) {
            ++buckets[h % n];
            moved += h % n != h % m ? 1 : 0;
        }
        QCOMPARE(e.bucketKeys, buckets);
        QCOMPARE(e.moved, moved);
        QVERIFY(double(e.moved) / 4000 > 0.6);  // ≈ N/(N+1), the outlier
    }

    void movedCellsAreRingedAndClickSelects() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 10, 1000), {}, false));
        doc.waitForIdle();
        ModNPanel panel(&doc);
        panel.waitForIdle();
        const QImage image = viewtest::grabAt(panel, QSize(560, 460));
        viewtest::keepShot(image, QStringLiteral("views-modn"));
        const ModNGrid& grid = panel.grid();
        const QColor moved = RingColors::from(grid.palette()).moved;
        const QPoint origin = grid.mapTo(&panel, QPoint(0, 0));
        const ModNExplanation& e = grid.explanation();
        QCOMPARE(e.gridBucket.size(), kModNGridKeys);
        const std::vector<uint64_t> hashes = viewtest::keyHashes(doc);
        for (size_t k = 0; k < e.gridBucket.size(); ++k) {
            const QRect cell = grid.cellRect(k).toAlignedRect().translated(origin);
            const bool ringed = viewtest::countColor(image, moved, 40, cell) > 8;
            const bool changes = hashes[k] % 4 != hashes[k] % 5;
            QVERIFY2(ringed == changes, qPrintable(QStringLiteral("key %1").arg(k)));
        }
        const QPoint at = grid.cellRect(30).center().toPoint();
        QTest::mouseClick(const_cast<ModNGrid*>(&grid), Qt::LeftButton, {}, at);
        QCOMPARE(doc.selectedKey(), std::optional<size_t>(30));
        QCOMPARE(grid.explanation().selected, std::optional<size_t>(30));
    }

    // The grid takes as many columns as make its cells largest: in a wide, short dock (the
    // bottom dock at 1440x900) every cell is inside the view and the cells are larger than the
    // fixed 24 columns gave; a few keys stay cells of a bounded size.
    void gridFitsAWideShortDock() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 10, 1000), {}, false));
        doc.waitForIdle();
        ModNPanel panel(&doc);
        panel.waitForIdle();
        viewtest::grabAt(panel, QSize(1400, 330));
        const ModNGrid& grid = panel.grid();
        QCOMPARE(grid.explanation().gridBucket.size(), kModNGridKeys);
        const QRectF inside = QRectF(grid.rect());
        qreal right = 0;
        for (size_t k = 0; k < kModNGridKeys; ++k) {
            const QRectF cell = grid.cellRect(k);
            QVERIFY2(inside.contains(cell), qPrintable(QStringLiteral("key %1").arg(k)));
            right = std::max(right, cell.right());
        }
        const qreal fixedColumns = (grid.width() - 16) / 24.0;
        const qreal rowsLeft = grid.height() - grid.cellRect(0).top();
        QVERIFY2(grid.cellRect(0).width() + 2 > std::min(fixedColumns, rowsLeft / 10.0),
                 qPrintable(QString::number(grid.cellRect(0).width())));
        QVERIFY2(right > grid.width() / 2.0, qPrintable(QString::number(right)));
        QVERIFY(grid.cellRect(0).width() <= 28);
    }

    // After a node is removed the view shows that removal, N -> N-1 with the node actually
    // removed: the counts and the ringed cells are hash % N's, counted directly.
    void removalShowsNMinusOne_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("node");
        QTest::newRow("4 nodes, n1") << 4 << 1;
        QTest::newRow("4 nodes, n3 (last)") << 4 << 3;
        QTest::newRow("5 nodes, n0") << 5 << 0;
    }
    void removalShowsNMinusOne() {
        QFETCH(int, nodes);
        QFETCH(int, node);
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(nodes, 10, 1000), {}, false));
        doc.waitForIdle();
        ModNPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(!panel.showsLastChange());
        const std::vector<NodeSpec> before = doc.scenario().nodes;
        QVERIFY(doc.removeNode(size_t(node)));
        panel.waitForIdle();
        QVERIFY(panel.showsLastChange());
        const ModNExplanation& e = panel.grid().explanation();
        QCOMPARE(e.nodesBefore, size_t(nodes));
        QCOMPARE(e.nodesAfter, size_t(nodes - 1));
        QCOMPARE(e.ids.size(), qsizetype(nodes - 1));  // the buckets now
        QVERIFY(!e.ids.contains(QStringLiteral("n%1").arg(node)));
        std::vector<bool> changes;
        const size_t moved = movedBetween(doc, before, doc.scenario().nodes, &changes);
        QCOMPARE(e.moved, moved);
        changes.resize(e.gridBucket.size());
        QCOMPARE(ringedCells(panel), changes);
        const QString text = panel.summary();
        QVERIFY2(text.startsWith(QStringLiteral("Last change: n%1 removed, N = %2 → %3: <b>%4 of")
                                     .arg(node)
                                     .arg(nodes)
                                     .arg(nodes - 1)
                                     .arg(format::count(moved))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("1/%1)").arg(nodes)), qPrintable(text));
    }

    void additionShowsNPlusOne() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 10, 1000), {}, false));
        doc.waitForIdle();
        ModNPanel panel(&doc);
        panel.setGrow(false);  // a what-if of the other kind first
        QVERIFY(doc.addNode());
        panel.waitForIdle();
        QVERIFY(panel.showsLastChange());
        const ModNExplanation& e = panel.grid().explanation();
        QCOMPARE(e.nodesBefore, size_t{4});
        QCOMPARE(e.nodesAfter, size_t{5});
        QCOMPARE(e.bucketKeys.size(), size_t{5});
        std::vector<bool> changes;
        const size_t moved =
            movedBetween(doc, doc.baselineScenario().nodes, doc.scenario().nodes, &changes);
        QCOMPARE(e.moved, moved);
        changes.resize(e.gridBucket.size());
        QCOMPARE(ringedCells(panel), changes);
        QVERIFY2(
            panel.summary().startsWith(
                QStringLiteral("Last change: %1 added, N = 4 → 5: <b>%2 of 1,000 keys")
                    .arg(QString::fromStdString(doc.scenario().nodes[4].id), format::count(moved))),
            qPrintable(panel.summary()));
    }

    // After a change that adds or removes no node the view shows the what-if chosen last and
    // says it is one; undo back to the removal shows the removal again.
    void otherChangesShowTheWhatIf() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 10, 1000), {}, false));
        doc.waitForIdle();
        ModNPanel panel(&doc);
        panel.setGrow(false);
        QVERIFY(doc.removeNode(1));
        panel.waitForIdle();
        QVERIFY(panel.showsLastChange());
        QVERIFY(doc.setNodeWeight(0, 3.0));
        panel.waitForIdle();
        QVERIFY(!panel.showsLastChange());
        QString text = panel.summary();
        QVERIFY2(text.startsWith(u"What if N = 3 → 2: <b>"), qPrintable(text));
        QVERIFY2(text.contains(u"The last change added or removed no node, so this is a what-if"),
                 qPrintable(text));
        QCOMPARE(panel.grid().explanation().ids.size(), qsizetype{3});
        panel.setGrow(true);
        panel.waitForIdle();
        QVERIFY(panel.summary().startsWith(u"What if N = 3 → 4: <b>"));
        doc.undoStack()->undo();  // the removal, shown as it was made
        panel.waitForIdle();
        QVERIFY(panel.showsLastChange());
        QVERIFY(panel.summary().startsWith(u"Last change: n1 removed, N = 4 → 3"));
        panel.setGrow(true);  // a what-if can still be asked for
        panel.waitForIdle();
        QVERIFY(!panel.showsLastChange());
        QVERIFY(panel.summary().startsWith(u"What if N = 3 → 4: <b>"));
        QVERIFY(!panel.summary().contains(u"so this is a what-if"));
        panel.showLastChange();
        panel.waitForIdle();
        QVERIFY(panel.summary().startsWith(u"Last change: n1 removed"));
    }
};

QTEST_MAIN(TestModNView)
#include "tst_modnview.moc"
