// The JumpBack view: the walk drawn is the core's and ends at the key's owner, the counts it
// states equal a direct count with jumpBackHash, and none is shown while a question is open.
#include <QApplication>
#include <QTest>

#include <algorithm>

#include "algorithms/jumpback/jumpback.h"
#include "algorithms/jumpback/jumpbackplacement.h"
#include "jumpbackpanel.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "testpaths.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

// `nodes` host:port buckets under JumpBack, 5,000 keys with non-ASCII bytes.
Scenario jumpBackScenario(int nodes, JumpBackPrng prng = JumpBackPrng::SplitMix64) {
    Scenario s = viewtest::hashedScenario(nodes, 0, 5000);
    s.algorithm = Algorithm::JumpBack;
    s.params.edit<JumpBackParams>().prng = prng;
    s.keys.pattern = "セッション-{i}";
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        s.nodes[n].vnodes.reset();
        s.nodes[n].id = "10.0.0." + std::to_string(n + 1) + ":11211";
    }
    return s;
}

}  // namespace

class TestJumpBackView : public QObject {
    Q_OBJECT
private slots:
    void walkIsTheCoresAndEndsAtTheOwner_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("prng");
        QTest::newRow("10 nodes") << 10 << int(JumpBackPrng::SplitMix64);
        QTest::newRow("37 nodes, xorshift") << 37 << int(JumpBackPrng::XorshiftL7R9);
        QTest::newRow("1 node") << 1 << int(JumpBackPrng::SplitMix64);
    }
    void walkIsTheCoresAndEndsAtTheOwner() {
        QFETCH(int, nodes);
        QFETCH(int, prng);
        Document doc;
        QVERIFY(doc.replaceScenario(jumpBackScenario(nodes, JumpBackPrng(prng)), {}, false));
        doc.waitForIdle();
        JumpBackPanel panel(&doc);
        for (const size_t key : {size_t{0}, size_t{7}, size_t{4321}}) {
            doc.setSelectedKey(key);
            panel.waitForIdle();
            const JumpBackPicture& p = panel.walkView().picture();
            const uint64_t value = viewtest::keyHashes(doc)[key];
            QCOMPARE(p.value, value);
            QVERIFY(p.walk == jumpBackWalk(value, uint32_t(nodes), JumpBackPrng(prng)));
            QCOMPARE(p.walk.back().bucket, doc.assignment().primary(key));
            QVERIFY2(
                panel.summary().contains(QStringLiteral("bucket %1 (%2)")
                                             .arg(p.walk.back().bucket)
                                             .arg(QString::fromStdString(
                                                 doc.scenario().nodes[p.walk.back().bucket].id))),
                qPrintable(panel.summary()));
            // Every row the view draws names its step; the last, the owner.
            const QStringList rows = panel.walkView().rowTexts();
            QCOMPARE(size_t(rows.size()), std::min(p.walk.size(), JumpBackWalkView::kMaxRows + 1));
            QVERIFY(rows.back().contains(
                QString::fromStdString(doc.scenario().nodes[p.walk.back().bucket].id)));
        }
    }

    // What the summary says adding a node and removing the last would move is what
    // jumpBackHash moves, key by key.
    void countsAreJumpBackHashs() {
        const int nodes = 12;
        Document doc;
        QVERIFY(doc.replaceScenario(jumpBackScenario(nodes), {}, false));
        doc.waitForIdle();
        JumpBackPanel panel(&doc);
        panel.waitForIdle();
        size_t added = 0;
        size_t removed = 0;
        for (const uint64_t h : viewtest::keyHashes(doc)) {
            const uint32_t now = jumpBackHash(h, nodes, JumpBackPrng::SplitMix64);
            const uint32_t more = jumpBackHash(h, nodes + 1, JumpBackPrng::SplitMix64);
            QVERIFY(more == now || more == uint32_t(nodes));
            added += more != now ? 1 : 0;
            removed += jumpBackHash(h, nodes - 1, JumpBackPrng::SplitMix64) != now ? 1 : 0;
        }
        const QString text = panel.summary();
        QVERIFY2(text.contains(QStringLiteral("Adding a node as bucket 12 would move %1 keys (%2), "
                                              "every one into the new bucket")
                                   .arg(format::count(added), format::percentOf(added, 5000))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Removing the last node would move %1 keys (%2)")
                                   .arg(format::count(removed), format::percentOf(removed, 5000))),
                 qPrintable(text));
        QVERIFY(!text.contains(u"Counted over"));
        // A key whose walk draws again past N and leaves a range: every kind of row.
        const std::vector<uint64_t> hashes = viewtest::keyHashes(doc);
        size_t shown = 0;
        for (size_t k = 0; k < hashes.size(); ++k) {
            const auto walk = jumpBackWalk(hashes[k], nodes, JumpBackPrng::SplitMix64);
            const auto has = [&](JumpBackStep::Outcome o) {
                return std::any_of(walk.begin(), walk.end(),
                                   [o](const JumpBackStep& step) { return step.outcome == o; });
            };
            if (walk.size() <= JumpBackWalkView::kMaxRows && has(JumpBackStep::Outcome::Beyond) &&
                has(JumpBackStep::Outcome::BelowRange)) {
                shown = k;
                break;
            }
        }
        QVERIFY(shown > 0);
        doc.setSelectedKey(shown);
        panel.waitForIdle();
        const QImage image = viewtest::grabAt(panel, QSize(720, 420));
        viewtest::keepShot(image, QStringLiteral("views-jumpback"));
        // Each candidate where the walk view says: a taken one in its node's colour, one drawn
        // again (≥ N) crossed out in the "moved" colour.
        const auto& walk = panel.walkView().picture().walk;
        const QColor moved = RingColors::from(panel.palette()).moved;
        for (size_t step = 0; step < walk.size(); ++step) {
            const QPoint at =
                panel.walkView().mapTo(&panel, panel.walkView().candidateCentre(step).toPoint());
            if (walk[step].outcome == JumpBackStep::Outcome::Taken) {
                const QColor node = nodeColors(doc.scenario().nodes)[walk[step].bucket];
                QVERIFY2(viewtest::distance(image.pixelColor(at), node) < 40,
                         qPrintable(image.pixelColor(at).name() + QLatin1Char(' ') + node.name()));
            } else if (walk[step].outcome == JumpBackStep::Outcome::Beyond) {
                const QRect around(at - QPoint(4, 4), QSize(9, 9));
                QVERIFY(viewtest::countColor(image, moved, 40, around) >= 4);
            }
        }
    }

    // A key whose bucket's node is down: the view names the live node that serves it, the
    // document's owner.
    void downBucketNamesItsServer() {
        Scenario s = jumpBackScenario(10);
        for (const size_t n : {3, 4}) {
            s.nodes[n].down = true;
        }
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        JumpBackPanel panel(&doc);
        const std::vector<uint64_t> hashes = viewtest::keyHashes(doc);
        size_t shown = hashes.size();
        for (size_t k = 0; k < hashes.size() && shown == hashes.size(); ++k) {
            shown = jumpBackHash(hashes[k], 10, JumpBackPrng::SplitMix64) == 3 ? k : shown;
        }
        QVERIFY(shown < hashes.size());
        doc.setSelectedKey(shown);
        panel.waitForIdle();
        QCOMPARE(doc.assignment().primary(shown), 5u);  // 3 and 4 are down
        const QString text = panel.summary();
        QVERIFY2(text.contains(u"takes bucket 3 (10.0.0.4:11211, down: 10.0.0.6:11211 serves it)"),
                 qPrintable(text));
    }

    // While a predict question is open the counts are not shown, the walk is.
    void countsWithheldWhileAQuestionIsOpen() {
        Document doc;
        QVERIFY(doc.replaceScenario(jumpBackScenario(8), {}, false));
        doc.waitForIdle();
        doc.setQuestionOpen(true);
        JumpBackPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(!panel.summary().contains(u"would move"));
        QVERIFY(panel.summary().contains(answerWithheldNote()));
        QVERIFY(!panel.walkView().picture().walk.empty());
        doc.setQuestionOpen(false);
        panel.waitForIdle();
        QVERIFY(panel.summary().contains(u"would move"));
    }

    // Another algorithm's scenario: the view says it shows what JumpBack would do.
    void otherAlgorithmSaysSo() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(6, 10, 2000), {}, false));
        doc.waitForIdle();
        JumpBackPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY2(panel.summary().startsWith(u"This scenario uses Ring"),
                 qPrintable(panel.summary()));
        QCOMPARE(panel.walkView().picture().walk.back().bucket,
                 jumpBackHash(viewtest::keyHashes(doc)[0], 6, JumpBackPrng::SplitMix64));
    }
};

QTEST_MAIN(TestJumpBackView)
#include "tst_jumpbackview.moc"
