// The mod-N view: bucket counts and moved keys are the core's (checked against hash mod N), the
// ringed cells are exactly the keys that change bucket, and clicking a cell selects the key.
#include <QApplication>
#include <QTest>

#include "modnpanel.h"
#include "ringcolors.h"
#include "viewtest.h"

using namespace ringscope;

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
        for (const uint64_t h : doc.hashedKeys().hash64) {
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
        for (size_t k = 0; k < e.gridBucket.size(); ++k) {
            const QRect cell = grid.cellRect(k).toAlignedRect().translated(origin);
            const bool ringed = viewtest::countColor(image, moved, 40, cell) > 8;
            const bool changes = doc.hashedKeys().hash64[k] % 4 != doc.hashedKeys().hash64[k] % 5;
            QVERIFY2(ringed == changes, qPrintable(QStringLiteral("key %1").arg(k)));
        }
        const QPoint at = grid.cellRect(30).center().toPoint();
        QTest::mouseClick(const_cast<ModNGrid*>(&grid), Qt::LeftButton, {}, at);
        QCOMPARE(doc.selectedKey(), std::optional<size_t>(30));
        QCOMPARE(grid.explanation().selected, std::optional<size_t>(30));
    }
};

QTEST_MAIN(TestModNView)
#include "tst_modnview.moc"
