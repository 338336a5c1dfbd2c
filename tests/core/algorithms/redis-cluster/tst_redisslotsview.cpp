// The Redis slots view: a boundary dragged with the mouse (QTest press, moves, release) previews
// the slots, keys and bytes of the move, then reshards through the document as one undoable
// edit; the keys and bytes shown afterwards are the core's diff, and equal the keys whose
// CRC16 slot lies in the moved range. A boundary cannot pass its neighbours.
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QStackedWidget>
#include <QTabBar>
#include <QTableWidget>
#include <QTest>

#include "algorithms/redis-cluster/redisclusterplacement.h"
#include "algorithms/redis-cluster/reshard.h"
#include "analysisviews.h"
#include "maglevpanel.h"
#include "numberformat.h"
#include "placed.h"
#include "redisslotspanel.h"
#include "ringscope/diff.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

// Keys and bytes whose slot (CRC16 of the hash tag) lies in first … last.
std::pair<uint64_t, uint64_t> keysInSlots(const KeySet& keys, uint32_t first, uint32_t last) {
    uint64_t count = 0, bytes = 0;
    for (size_t k = 0; k < keys.size(); ++k) {
        const uint32_t slot = redisSlot(keys.names[k]);
        if (slot >= first && slot <= last) {
            ++count;
            bytes += keys.sizeOf(k);
        }
    }
    return {count, bytes};
}

void drag(QWidget& widget, QPointF from, QPointF to) {
    QTest::mousePress(&widget, Qt::LeftButton, {}, from.toPoint());
    constexpr int kSteps = 8;
    for (int i = 1; i <= kSteps; ++i) {
        const QPointF at = from + (to - from) * (double(i) / kSteps);
        QTest::mouseMove(&widget, at.toPoint());
    }
}

}  // namespace

class TestRedisSlotsView : public QObject {
    Q_OBJECT
private slots:
    void dragReshardsThroughTheDocument() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("redis-cluster-resharding.json")));
        doc.waitForIdle();
        const Scenario before = doc.scenario();
        RedisSlotsPanel panel(&doc);
        panel.resize(1000, 420);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.waitForIdle();
        QCOMPARE(panel.explanation().boundaries, (std::vector<uint32_t>{500, 5461, 10923}));
        // No boundary at 0: 127.0.0.1:7002 owns 10923–16383 and, past the top, 0–499.
        QCOMPARE(panel.nodeTable().item(2, 1)->text(), format::count(500 + 5461));
        QCOMPARE(panel.nodeTable().item(2, 2)->text(), QStringLiteral("0–499, 10923–16383"));

        // Drag the boundary at 500 on towards slot 1000: 7002 takes 500 … to − 1 from 7000.
        RedisSlotRing& ring = panel.ring();
        drag(ring, ring.handlePoint(500), ring.slotPoint(1000));
        QVERIFY(ring.preview());
        const ReshardPreview preview = *ring.preview();
        QVERIFY2(preview.to > 950 && preview.to < 1050, qPrintable(QString::number(preview.to)));
        QCOMPARE(preview.moved.first, 500u);
        QCOMPARE(preview.moved.last, preview.to - 1);
        const auto [keys, bytes] = keysInSlots(doc.keys(), 500, preview.to - 1);
        QVERIFY(keys > 100);
        QCOMPARE(preview.keys, keys);
        QCOMPARE(preview.bytes, bytes);
        QVERIFY(panel.movedText().contains(format::count(keys)));
        QCOMPARE(doc.undoStack()->count(), 0);  // nothing is edited before the release

        QTest::mouseRelease(&ring, Qt::LeftButton, {}, ring.slotPoint(preview.to).toPoint());
        doc.waitForIdle();
        panel.waitForIdle();
        QCOMPARE(doc.undoStack()->count(), 1);
        Scenario expected = before;
        moveSlotBoundary(expected, 500, preview.to);
        QCOMPARE(doc.scenario(), expected);

        // Shown: the core's diff, which moves exactly the keys of the moved slots.
        const HashedKeys hashed = hashKeys(doc.keys(), keyHashingOf(before));
        const Placed a = placeKeys(before, doc.keys(), hashed);
        const Placed b = placeKeys(expected, doc.keys(), hashed);
        const DiffResult d = diff(a.placement, a.assignment, b.placement, b.assignment, doc.keys());
        const RedisSlotsExplanation& e = panel.explanation();
        QCOMPARE(e.keysMoved, d.primaryMoved);
        QCOMPARE(e.bytesMoved, d.bytesMoved);
        QCOMPARE(uint64_t(e.keysMoved), keys);
        QCOMPARE(e.bytesMoved, bytes);
        QCOMPARE(e.moves.size(), size_t(1));
        QCOMPARE(e.moves[0].range, (SlotRange{500, preview.to - 1}));
        QCOMPARE(e.moves[0].from, QStringLiteral("127.0.0.1:7000"));
        QCOMPARE(e.moves[0].to, QStringLiteral("127.0.0.1:7002"));
        QVERIFY(panel.movedText().contains(format::count(d.primaryMoved)));
        QVERIFY(panel.movedText().contains(format::bytes(d.bytesMoved)));
        QCOMPARE(panel.explanation().boundaries, (std::vector<uint32_t>{preview.to, 5461, 10923}));

        // One undo step brings the slots back.
        doc.undoStack()->undo();
        doc.waitForIdle();
        panel.waitForIdle();
        QCOMPARE(doc.scenario(), before);
        QCOMPARE(panel.explanation().boundaries, (std::vector<uint32_t>{500, 5461, 10923}));
    }

    // Dragging back gives the slots to the range that starts at the boundary; dragging past a
    // neighbour stops one slot short of it; Escape cancels.
    void dragBackAndClamp() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("redis-cluster-resharding.json")));
        doc.waitForIdle();
        RedisSlotsPanel panel(&doc);
        panel.resize(1000, 420);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.waitForIdle();
        RedisSlotRing& ring = panel.ring();
        drag(ring, ring.handlePoint(5461), ring.slotPoint(4000));
        QVERIFY(ring.preview());
        QCOMPARE(ring.preview()->moved.last, 5460u);
        QCOMPARE(panel.explanation().ids[qsizetype(ring.preview()->gainer)],
                 QStringLiteral("127.0.0.1:7001"));
        // On past the next boundary (10923): held at 10922.
        QTest::mouseMove(&ring, ring.slotPoint(8000).toPoint());
        QTest::mouseMove(&ring, ring.slotPoint(12000).toPoint());
        QVERIFY(ring.preview());
        QCOMPARE(ring.preview()->to, 10922u);
        QCOMPARE(ring.preview()->moved, (SlotRange{5461, 10921}));
        QTest::keyClick(&ring, Qt::Key_Escape);
        QVERIFY(!ring.preview());
        QTest::mouseRelease(&ring, Qt::LeftButton, {}, ring.slotPoint(12000).toPoint());
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    // Opening a Redis Cluster scenario brings this view to the front: into the middle of the
    // window, where a ring would be (its dock says so), with the load tab in front of the docks;
    // a Maglev scenario brings the Maglev view there instead.
    void openingRedisRaisesTheView() {
        QMainWindow window;
        auto* centre = new QStackedWidget(&window);
        centre->addWidget(new QWidget(centre));  // stands for the ring
        window.setCentralWidget(centre);
        Document doc;
        installAnalysisViews(&window, &doc, centre);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The tab of the dock in front of the tabified analysis docks.
        const auto front = [&] {
            for (const QTabBar* tabs : window.findChildren<QTabBar*>()) {
                for (int i = 0; i < tabs->count(); ++i) {
                    if (tabs->tabText(i) == QStringLiteral("Redis slots")) {
                        return tabs->tabText(tabs->currentIndex());
                    }
                }
            }
            return QString();
        };
        QCOMPARE(front(), QStringLiteral("Load"));
        QCOMPARE(centre->currentIndex(), 0);
        QVERIFY(doc.openFile(viewtest::preset("redis-cluster-resharding.json")));
        doc.waitForIdle();
        QTRY_VERIFY(qobject_cast<RedisSlotsPanel*>(centre->currentWidget()));
        QVERIFY(centre->currentWidget()->isVisible());
        QCOMPARE(front(), QStringLiteral("Load"));
        QVERIFY(isInCentre(window.findChild<QDockWidget*>(QStringLiteral("redisSlotsDock"))));
        QVERIFY(doc.openFile(viewtest::preset("envoy-maglev.json")));
        doc.waitForIdle();
        QTRY_VERIFY(qobject_cast<MaglevPanel*>(centre->currentWidget()));
        // The Redis view is back in its dock, the Maglev one in the middle.
        QVERIFY(!isInCentre(window.findChild<QDockWidget*>(QStringLiteral("redisSlotsDock"))));
        QVERIFY(qobject_cast<RedisSlotsPanel*>(
            window.findChild<QDockWidget*>(QStringLiteral("redisSlotsDock"))->widget()));
        QVERIFY(isInCentre(window.findChild<QDockWidget*>(QStringLiteral("maglevDock"))));
        QVERIFY(doc.openFile(viewtest::preset("cassandra-6x16-rf3.json")));
        doc.waitForIdle();
        QTRY_COMPARE(centre->currentIndex(), 0);  // a ring again
        QCOMPARE(front(), QStringLiteral("Load"));
    }

    void otherAlgorithmsSayWhy() {
        Document doc;  // seed 000's ring
        RedisSlotsPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(!panel.explanation().isRedis);
        QVERIFY(panel.summary().contains(QStringLiteral("hash slot")));
    }
};

QTEST_MAIN(TestRedisSlotsView)
#include "tst_redisslotsview.moc"
