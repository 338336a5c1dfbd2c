// The DxHash view (removedbucketspanel.h, dxpanel.cpp): the path drawn is the core's (every draw
// until an active bucket) and ends at the key's owner; the what-ifs it states are what the
// window's edits move (removedbucketsviewtest.h).
#include <QApplication>
#include <QTest>

#include "algorithms/dx/dxplacement.h"
#include "removedbucketsviewtest.h"
#include "testpaths.h"

using namespace ringscope;

class TestDxView : public QObject {
    Q_OBJECT
private slots:
    void pathCountsAndEdits() {
        viewtest::checkRemovedBucketsView(Algorithm::Dx, QStringLiteral("views-dx"));
    }
    void otherAlgorithmSaysSo() {
        viewtest::checkRemovedBucketsViewOfAnotherAlgorithm(Algorithm::Dx);
    }

    // The path is DxTable::draws: every draw until an active bucket.
    void pathIsTheTables() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::removedBucketsScenario(Algorithm::Dx), {}, false));
        doc.waitForIdle();
        const auto panel = viewtest::removedBucketsPanel(doc, "dx");
        const DxTable& table = doc.placement().stateAs<DxPlacement>()->table();
        QCOMPARE(panel->pathView().picture().cells, 24u);  // 2N, pinned by the removals
        for (size_t key = 0; key < 200; ++key) {
            doc.setSelectedKey(key);
            const auto& path = panel->pathView().picture().path;
            const std::vector<uint32_t> draws = table.draws(viewtest::keyHashes(doc)[key], 10'000);
            QCOMPARE(path.size(), draws.size());
            for (size_t i = 0; i < draws.size(); ++i) {
                QCOMPARE(path[i].bucket, draws[i]);
            }
        }
    }
};

QTEST_MAIN(TestDxView)
#include "tst_dxview.moc"
