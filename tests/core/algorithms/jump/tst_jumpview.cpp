// The jump view: the drawn sequence is the core's, the removal counts equal a direct count with
// jumpHash, and the landing bucket is visibly outlined.
#include <QApplication>
#include <QTest>

#include "algorithms/jump/jump.h"
#include "algorithms/jump/jumpplacement.h"
#include "jumppanel.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "testpaths.h"
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

// Keys whose node differs between two bucket tables (bucket -> node id), by jumpHash directly.
size_t movedBetween(const Document& doc, const std::vector<std::string>& before,
                    const std::vector<std::string>& after) {
    size_t moved = 0;
    for (const uint64_t h : viewtest::keyHashes(doc)) {
        moved += before[size_t(jumpHash(h, int32_t(before.size())))] !=
                         after[size_t(jumpHash(h, int32_t(after.size())))]
                     ? 1
                     : 0;
    }
    return moved;
}

// A scenario's bucket table as node ids.
std::vector<std::string> bucketIds(const Scenario& s) {
    std::vector<std::string> ids;
    for (const uint32_t node : jumpTable(s)) {
        ids.push_back(s.nodes[node].id);
    }
    return ids;
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
        for (const uint64_t h : viewtest::keyHashes(doc)) {
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
            // An outline shows above and below its bucket, where no neighbour is (the middle
            // holds the antialiased label, which can come near the highlight colour).
            const QRect cell = panel.strip().bucketRect(0, b).toAlignedRect().translated(origin);
            const QRect above(cell.left() + 3, cell.top() - 4, cell.width() - 6, 4);
            const QRect below(cell.left() + 3, cell.bottom() + 1, cell.width() - 6, 4);
            const int marked = viewtest::countColor(image, mark, 30, above) +
                               viewtest::countColor(image, mark, 30, below);
            if (landing) {
                QVERIFY2(marked > 40, qPrintable(QString::number(marked)));
            } else {
                QVERIFY2(marked < 10,
                         qPrintable(QStringLiteral("bucket %1: %2").arg(b).arg(marked)));
            }
        }
    }

    // After a node is removed the view shows that removal — the node actually removed, in its
    // bucket, under both repairs — counted as jumpHash counts it directly.
    void removalShowsTheNodeRemoved_data() {
        QTest::addColumn<bool>("jump");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("node");
        QTest::addColumn<std::vector<uint32_t>>("table");
        QTest::newRow("ring, 5 nodes, n2") << false << 5 << 2 << std::vector<uint32_t>{};
        QTest::newRow("ring, 6 nodes, n0") << false << 6 << 0 << std::vector<uint32_t>{};
        QTest::newRow("ring, 6 nodes, n5 (last)") << false << 6 << 5 << std::vector<uint32_t>{};
        QTest::newRow("jump table, n4 in bucket 2")
            << true << 5 << 4 << std::vector<uint32_t>{3, 0, 4, 1, 2};
    }
    void removalShowsTheNodeRemoved() {
        QFETCH(bool, jump);
        QFETCH(int, nodes);
        QFETCH(int, node);
        QFETCH(std::vector<uint32_t>, table);
        Document doc;
        Scenario s = jump ? jumpScenario(nodes) : viewtest::hashedScenario(nodes, 10, 5000);
        s.params.edit<JumpParams>().buckets = table;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        JumpPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(!panel.showsLastChange());  // nothing changed yet: a what-if
        const Scenario before = doc.scenario();
        const std::vector<std::string> was = bucketIds(before);
        const size_t bucket = jumpBucketOf(before, size_t(node));
        QVERIFY(doc.removeNode(size_t(node)));
        panel.waitForIdle();
        QVERIFY(panel.showsLastChange());

        const JumpExplanation& e = panel.strip().explanation();
        QCOMPARE(e.rows.size(), size_t{3});
        QCOMPARE(e.rows[0].table.size(), size_t(nodes));  // N buckets before, one crossed out
        QCOMPARE(e.removedBucket, std::optional<size_t>(bucket));
        QCOMPARE(e.ids[qsizetype(e.rows[0].table[bucket])].toStdString(), before.nodes[node].id);
        // Renumbering drops the bucket; moving the last node puts it into the gap.
        std::vector<std::string> renumber = was;
        renumber.erase(renumber.begin() + ptrdiff_t(bucket));
        std::vector<std::string> moveLast = was;
        moveLast[bucket] = was.back();
        moveLast.pop_back();
        const size_t renumbered = movedBetween(doc, was, renumber);
        const size_t movedLast = movedBetween(doc, was, moveLast);
        const QString text = panel.summary();
        QVERIFY2(text.startsWith(QStringLiteral("Last change: n%1 removed from bucket %2 of %3")
                                     .arg(node)
                                     .arg(bucket)
                                     .arg(nodes)),
                 qPrintable(text));
        QVERIFY2(text.contains(
                     QStringLiteral("renumbering moves %1 keys").arg(format::count(renumbered))),
                 qPrintable(text));
        QVERIFY2(text.contains(
                     QStringLiteral("into its bucket moves %1 (").arg(format::count(movedLast))),
                 qPrintable(text));
        QVERIFY(movedLast <= renumbered);
        QVERIFY2(text.contains(QStringLiteral("ideal %1").arg(format::percent(1.0 / nodes))),
                 qPrintable(text));
    }

    // After a node is added the view shows the add: the new bucket and the keys it took.
    void additionShowsTheNewBucket() {
        Document doc;
        QVERIFY(doc.replaceScenario(jumpScenario(5), {}, false));
        doc.waitForIdle();
        JumpPanel panel(&doc);
        QVERIFY(doc.addNode());
        panel.waitForIdle();
        QVERIFY(panel.showsLastChange());
        const JumpExplanation& e = panel.strip().explanation();
        QCOMPARE(e.rows.size(), size_t{2});
        QCOMPARE(e.rows[0].table.size(), size_t{6});  // now
        QCOMPARE(e.rows[1].table.size(), size_t{5});  // before
        QCOMPARE(e.addedBucket, std::optional<size_t>(5));
        QVERIFY(!e.removedBucket);
        size_t moved = 0;
        for (const uint64_t h : viewtest::keyHashes(doc)) {
            moved += jumpHash(h, 6) == 5 ? 1 : 0;  // jump only ever moves keys to the new bucket
        }
        QCOMPARE(moved,
                 movedBetween(doc, bucketIds(doc.baselineScenario()), bucketIds(doc.scenario())));
        const QString text = panel.summary();
        QVERIFY2(text.startsWith(QStringLiteral("Last change: %1 added as bucket 5. %2 keys")
                                     .arg(QString::fromStdString(doc.scenario().nodes[5].id),
                                          format::count(moved))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("ideal %1").arg(format::percent(1.0 / 6))),
                 qPrintable(text));
    }

    // After a change that adds or removes no node the view keeps the what-if chosen last and
    // says it is one; undo and redo follow the step shown on the ring.
    void otherChangesKeepTheWhatIf() {
        Document doc;
        QVERIFY(doc.replaceScenario(jumpScenario(5), {}, false));
        doc.waitForIdle();
        JumpPanel panel(&doc);
        panel.setRemovedBucket(1);
        panel.waitForIdle();
        QVERIFY(panel.summary().startsWith(u"What if bucket 1 (node n1) were removed"));
        QVERIFY(doc.removeNode(3));
        panel.waitForIdle();
        QVERIFY(panel.showsLastChange());
        QVERIFY(panel.summary().startsWith(u"Last change: n3 removed"));

        QVERIFY(doc.setNodeWeight(0, 2.0));  // not a membership change
        panel.waitForIdle();
        QVERIFY(!panel.showsLastChange());
        QString text = panel.summary();
        QVERIFY2(text.startsWith(u"What if bucket 1 (node n1) were removed"), qPrintable(text));
        QVERIFY2(text.contains(u"The last change added or removed no node, so this is a what-if"),
                 qPrintable(text));
        QCOMPARE(panel.strip().explanation().rows[0].table.size(), size_t{4});

        doc.undoStack()->undo();  // the removal is the step shown again
        panel.waitForIdle();
        QVERIFY(panel.showsLastChange());
        QVERIFY(panel.summary().startsWith(u"Last change: n3 removed"));
        doc.undoStack()->undo();  // the start: no step
        panel.waitForIdle();
        QVERIFY(!panel.showsLastChange());
        QVERIFY(panel.summary().startsWith(u"What if bucket 1 (node n1) were removed"));

        // A pinned baseline two removals back is not one membership change.
        doc.pinBaseline();
        QVERIFY(doc.removeNode(4));
        QVERIFY(doc.removeNode(3));
        panel.waitForIdle();
        QVERIFY(!panel.showsLastChange());
        doc.unpinBaseline();
    }

    // The key's hash is written in its native form: under Cassandra's Murmur3Partitioner the
    // signed token, as the moved-key list and `ringscope-cli hash` write it.
    void signedSpaceWritesSignedHashes() {
        Document doc;
        QVERIFY(doc.openFile(
            ringscope::test::sourcePath("/resources/presets/cassandra-6x16-rf3.json")));
        doc.waitForIdle();
        doc.setSelectedKey(size_t{0});
        JumpPanel panel(&doc);
        panel.waitForIdle();
        const uint64_t hash = doc.hashedKeys().hash64[0];
        const QString text = panel.summary();
        QVERIFY2(text.contains(QStringLiteral("(hash %1)").arg(qint64(hash))), qPrintable(text));
    }
};

QTEST_MAIN(TestJumpView)
#include "tst_jumpview.moc"
