// The AnchorHash view (removedbucketspanel.h, anchorpanel.cpp): the path drawn is the core's
// (its hash, rehashes into A[b] and steps along K) and ends at the key's owner; the what-ifs it
// states are what the window's edits move (removedbucketsviewtest.h).
#include <QApplication>
#include <QTest>

#include "algorithms/anchor/anchorplacement.h"
#include "removedbucketsviewtest.h"
#include "testpaths.h"

using namespace ringscope;

class TestAnchorView : public QObject {
    Q_OBJECT
private slots:
    void pathCountsAndEdits() {
        viewtest::checkRemovedBucketsView(Algorithm::Anchor, QStringLiteral("views-anchor"));
    }
    void lessonEditsAndSwitches() { viewtest::checkLessonEditsAndSwitches(Algorithm::Anchor); }
    void otherAlgorithmSaysSo() {
        viewtest::checkRemovedBucketsViewOfAnotherAlgorithm(Algorithm::Anchor);
    }

    // The path is AnchorTable::path, step for step; A[b] is written under each removed bucket.
    void pathIsTheTables() {
        Document doc;
        QVERIFY(
            doc.replaceScenario(viewtest::removedBucketsScenario(Algorithm::Anchor), {}, false));
        doc.waitForIdle();
        const auto panel = viewtest::removedBucketsPanel(doc, "anchor");
        const AnchorTable& table = doc.placement().stateAs<AnchorPlacement>()->table();
        QCOMPARE(panel->pathView().picture().cells, 24u);  // a = 2N, pinned by the removals
        QCOMPARE(panel->pathView().picture().notes[5], QStringLiteral("11"));
        QCOMPARE(panel->pathView().picture().notes[2], QStringLiteral("10"));
        QVERIFY(panel->pathView().picture().notes[0].isEmpty());
        for (size_t key = 0; key < 200; ++key) {
            doc.setSelectedKey(key);
            const auto& path = panel->pathView().picture().path;
            const std::vector<AnchorStep> steps = table.path(viewtest::keyHashes(doc)[key]);
            QCOMPARE(path.size(), steps.size());
            for (size_t i = 0; i < steps.size(); ++i) {
                QCOMPARE(path[i].bucket, steps[i].bucket);
            }
        }
    }
};

QTEST_MAIN(TestAnchorView)
#include "tst_anchorview.moc"
