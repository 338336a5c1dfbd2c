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

    // A key that draws past the 10,000 listed: the view says so, names the key's bucket (the
    // lookup's own) and draws no answer it does not have.
    void pathCutIsSaid() {
        Scenario s = viewtest::hashedScenario(2, 0, 300);
        s = withAlgorithm(s, Algorithm::Dx);
        for (NodeSpec& n : s.nodes) {
            n.vnodes.reset();
        }
        s.params.edit<DxParams>().capacity = 100'000;
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        const auto panel = viewtest::removedBucketsPanel(doc, "dx");
        size_t cut = 0;
        for (size_t key = 0; key < doc.keys().size(); ++key) {
            doc.setSelectedKey(key);
            const BucketsPicture& p = panel->pathView().picture();
            QCOMPARE(p.bucket, doc.assignment().primary(key));
            if (p.pathCut) {
                ++cut;
                QVERIFY2(panel->summary().contains(
                             QStringLiteral("takes bucket %1 (%2); buckets looked at: more than")
                                 .arg(p.bucket)
                                 .arg(p.ids[qsizetype(p.bucket)])),
                         qPrintable(panel->summary()));
                QVERIFY(panel->pathView().rowTexts().back().contains(u"looks further"));
            }
        }
        QVERIFY(cut > 100);  // two active buckets of 100,000: most keys draw on past 10,000
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
