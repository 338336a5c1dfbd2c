// The jump view: the drawn sequence is the core's, the removal counts equal a direct count with
// jumpHash, and the landing bucket is visibly outlined.
#include <QApplication>
#include <QTest>

#include "jumppanel.h"
#include "ringcolors.h"
#include "ringscope/jump.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

Scenario jumpScenario(int nodes) {
    Scenario s = viewtest::hashedScenario(nodes, 0, 5000);
    s.algorithm = Algorithm::Jump;
    for (NodeSpec& n : s.nodes) {
        n.vnodes.reset();
    }
    return s;
}

}  // namespace

class TestJumpView : public QObject {
    Q_OBJECT
private slots:
    void removalCountsMatchJumpHash_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("bucket");
        QTest::newRow("5 nodes, middle") << 5 << 2;
        QTest::newRow("8 nodes, first") << 8 << 0;
        QTest::newRow("8 nodes, last") << 8 << 7;
    }
    void removalCountsMatchJumpHash() {
        QFETCH(int, nodes);
        QFETCH(int, bucket);
        Document doc;
        QVERIFY(doc.replaceScenario(jumpScenario(nodes), {}, false));
        doc.waitForIdle();
        const JumpRemovalResult r = jumpRemoval(doc.scenario(), doc.keys(), size_t(bucket));
        // Direct count: a key moves when its node (via the bucket table) differs.
        size_t renumber = 0, moveLast = 0;
        for (const uint64_t h : doc.hashedKeys().hash64) {
            const uint32_t before = uint32_t(jumpHash(h, nodes));
            const uint32_t after = uint32_t(jumpHash(h, nodes - 1));
            renumber += (after >= uint32_t(bucket) ? after + 1 : after) != before ? 1 : 0;
            const uint32_t ml = after == uint32_t(bucket) ? uint32_t(nodes - 1) : after;
            moveLast += ml != before ? 1 : 0;
        }
        QCOMPARE(r.movedRenumber, renumber);
        QCOMPARE(r.movedMoveLast, moveLast);
        QVERIFY(r.movedMoveLast <= r.movedRenumber);
        QCOMPARE(r.ideal, 1.0 / nodes);
    }

    void sequenceIsDrawnAndLandingMarked() {
        Document doc;
        QVERIFY(doc.replaceScenario(jumpScenario(10), {}, false));
        doc.waitForIdle();
        doc.setSelectedKey(size_t{7});
        JumpPanel panel(&doc);
        panel.waitForIdle();
        const QImage image = viewtest::grabAt(panel, QSize(640, 360));
        viewtest::keepShot(image, QStringLiteral("views-jump"));
        const JumpExplanation& e = panel.strip().explanation();
        QCOMPARE(e.sequence, jumpSequence(doc.hashedKeys().hash64[7], 10));
        QCOMPARE(e.sequence.back(), int32_t(doc.assignment().primary(7)));
        QVERIFY(panel.summary().contains(u"renumbering moves"));
        const QColor mark = RingColors::from(panel.palette()).selection;
        const QPoint origin = panel.strip().mapTo(&panel, QPoint(0, 0));
        for (size_t b = 0; b < 10; ++b) {
            const bool landing = int32_t(b) == e.sequence.back();
            const QRect cell = panel.strip().bucketRect(0, b).toAlignedRect().adjusted(
                landing ? -4 : 3, landing ? -4 : 3, landing ? 4 : -3, landing ? 4 : -3);
            const int marked = viewtest::countColor(image, mark, 30, cell.translated(origin));
            if (landing) {
                QVERIFY2(marked > 40, qPrintable(QString::number(marked)));
            } else {
                QVERIFY2(marked < 10,
                         qPrintable(QStringLiteral("bucket %1: %2").arg(b).arg(marked)));
            }
        }
    }
};

QTEST_MAIN(TestJumpView)
#include "tst_jumpview.moc"
