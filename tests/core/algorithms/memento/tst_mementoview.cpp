// The MementoHash view (removedbucketspanel.h, mementopanel.cpp): the path drawn is the core's
// (jump hash, rehashes, steps along the replacement chain) and ends at the key's owner; the
// what-ifs it states are what the window's edits move (removedbucketsviewtest.h).
#include <QApplication>
#include <QTest>

#include "algorithms/memento/mementoplacement.h"
#include "removedbucketsviewtest.h"
#include "testpaths.h"

using namespace ringscope;

class TestMementoView : public QObject {
    Q_OBJECT
private slots:
    void pathCountsAndEdits() {
        viewtest::checkRemovedBucketsView(Algorithm::Memento, QStringLiteral("views-memento"));
    }
    void otherAlgorithmSaysSo() {
        viewtest::checkRemovedBucketsViewOfAnotherAlgorithm(Algorithm::Memento);
    }

    // The path is MementoTable::path, step for step; each removed bucket's replacer is written
    // under it.
    void pathIsTheTables() {
        Document doc;
        QVERIFY(
            doc.replaceScenario(viewtest::removedBucketsScenario(Algorithm::Memento), {}, false));
        doc.waitForIdle();
        const auto panel = viewtest::removedBucketsPanel(doc, "memento");
        const MementoTable& table = doc.placement().stateAs<MementoPlacement>()->table();
        QCOMPARE(panel->pathView().picture().cells, 12u);
        QCOMPARE(panel->pathView().picture().notes[5], QStringLiteral("11"));  // 11 working after
        QCOMPARE(panel->pathView().picture().notes[2], QStringLiteral("10"));
        QVERIFY(panel->pathView().picture().notes[0].isEmpty());
        for (size_t key = 0; key < 200; ++key) {
            doc.setSelectedKey(key);
            const auto& path = panel->pathView().picture().path;
            const std::vector<MementoStep> steps = table.path(viewtest::keyHashes(doc)[key]);
            QCOMPARE(path.size(), steps.size());
            for (size_t i = 0; i < steps.size(); ++i) {
                QCOMPARE(path[i].bucket, steps[i].bucket);
            }
        }
    }
};

QTEST_MAIN(TestMementoView)
#include "tst_mementoview.moc"
