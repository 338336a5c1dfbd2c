// The Replay view: every line is the core's replay of the window's change (or, with none, of one
// node added), its sentence states the numbers of the lines it names, it follows edits, undo and
// the baseline, and a long run can be cancelled.
#include <QApplication>
#include <QComboBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include "membershipchange.h"
#include "numberformat.h"
#include "placed.h"
#include "replaypanel.h"
#include "ringscope/keychange.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

// Ten caches "cache-N:11211" under `algorithm`, 20,000 keys at Zipf 0.9.
Scenario cacheFleet(Algorithm algorithm) {
    Scenario s = viewtest::hashedScenario(10, algorithm == Algorithm::Ring ? 160 : 1, 20'000);
    s.algorithm = algorithm;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        s.nodes[n].id = "cache-" + std::to_string(n) + ":11211";
    }
    s.keys.popularity.kind = PopularitySpec::Kind::Zipf;
    s.keys.popularity.s = 0.9;
    return s;
}

// The line's replay, run again by the core on the scenarios it says it compared.
ReplayOutcome replayedAgain(const ReplayStudy& study, const Scenario& before, const Scenario& after,
                            const KeySet& keys) {
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(before));
    const Placed x = placeKeys(asAlgorithm(before, before.algorithm), keys, hashed);
    const Placed y = placeKeys(asAlgorithm(after, after.algorithm), keys, hashed);
    const std::vector<Fleet> fleets{
        {x.placement, x.assignment},
        {y.placement, y.assignment, study.at, nodeMatch(before, after)}};
    return replayFleet(keys, before.keys.seed,
                       ReplayRequest{study.requests, study.interval, 0,
                                     CacheSpec{study.cacheEntries, 0, 0, false}, true},
                       fleets);
}

const ReplayLine* lineOf(const ReplayStudy& study, Algorithm algorithm) {
    for (const ReplayLine& line : study.lines) {
        if (line.algorithm && line.algorithm->algorithm == algorithm &&
            !line.algorithm->boundedLoadPercent) {
            return &line;
        }
    }
    return nullptr;
}

}  // namespace

class TestReplayView : public QObject {
    Q_OBJECT
private slots:
    // Nothing changed: one node added as the window adds it. mod-N's hit ratio collapses right
    // after it, the ring's barely dips, and the sentence says the numbers the table holds.
    void whatIfOneNodeMore() {
        Document doc;
        QVERIFY(doc.replaceScenario(cacheFleet(Algorithm::ModN), {}, false));
        doc.waitForIdle();
        ReplayPanel panel(&doc);
        panel.show();  // a hidden panel replays nothing
        panel.waitForIdle();
        const ReplayStudy& study = panel.study();
        QVERIFY2(study.error.isEmpty(), qPrintable(study.error));
        QVERIFY(study.whatIf);
        QCOMPARE(study.change, QStringLiteral("added cache-10:11211"));
        QCOMPARE(study.cacheEntries, uint64_t{1000});  // 20,000 keys over 2 · 10 nodes
        // mod-N is the scenario itself: no second mod-N line.
        QVERIFY(study.lines.front().own);
        QVERIFY(!lineOf(study, Algorithm::ModN));
        const ReplayLine* ring = lineOf(study, Algorithm::Ring);
        QVERIFY(ring && ring->outcome);
        const ReplayLine& own = study.lines.front();
        QVERIFY(own.outcome);
        const ReplaySummary& m = own.outcome->summary;
        const ReplaySummary& r = ring->outcome->summary;
        qInfo(
            "mod-N: steady %.3f, right after %.3f, extra %lld; ring: steady %.3f, right after "
            "%.3f, extra %lld",
            m.steady, own.firstAfter(), (long long)m.extraOrigin, r.steady, ring->firstAfter(),
            (long long)r.extraOrigin);
        QVERIFY(own.firstAfter() <= 0.5 * m.steady);
        QVERIFY(ring->firstAfter() >= 0.85 * r.steady);
        QVERIFY(m.extraOrigin >= 5 * r.extraOrigin);
        // The own line is the core's replay of the same change.
        Scenario grown = doc.scenario();
        NodeSpec added;
        added.id = "cache-10:11211";
        grown.nodes.push_back(added);
        const ReplayOutcome again = replayedAgain(study, doc.scenario(), grown, doc.keys());
        QCOMPARE(again.summary.extraOrigin, m.extraOrigin);
        QCOMPARE(again.run.intervals.size(), own.outcome->run.intervals.size());
        for (size_t i = 0; i < again.run.intervals.size(); ++i) {
            QCOMPARE(again.run.intervals[i].hits, own.outcome->run.intervals[i].hits);
        }
        // The sentence names what the lines say.
        const QString note = panel.note();
        QVERIFY2(note.contains(QStringLiteral("cache-10:11211")), qPrintable(note));
        QVERIFY2(note.contains(format::percent(own.firstAfter())), qPrintable(note));
        QVERIFY2(note.contains(format::count(uint64_t(m.extraOrigin))), qPrintable(note));
        QVERIFY2(
            note.contains(ring->label + QStringLiteral(": ") + format::percent(ring->firstAfter())),
            qPrintable(note));
        // One chart line per placed algorithm, the change marked at its request.
        const LineChartData& data = panel.chartData();
        size_t placed = 0;
        for (const ReplayLine& line : study.lines) {
            placed += line.outcome ? 1 : 0;
        }
        QCOMPARE(data.series.size(), placed);
        QVERIFY(placed >= 6);
        QVERIFY(data.mark);
        QCOMPARE(data.mark->at.x(), double(study.at));
        QCOMPARE(panel.table()->rowCount(), int(study.lines.size()));
        viewtest::keepShot(viewtest::grabAt(panel, QSize(1200, 420)),
                           QStringLiteral("views-replay"));
        // Origin requests: the same lines, each point the misses of whole intervals summed.
        panel.showBox()->setCurrentIndex(1);
        const auto& intervals = own.outcome->run.intervals;
        const QList<QPointF>& points = panel.chartData().series.front().points;
        QVERIFY(points.size() <= 250);
        const size_t step = intervals.size() / size_t(points.size());
        uint64_t misses = 0;
        for (size_t i = step; i < 2 * step; ++i) {
            misses += intervals[i].misses();
        }
        QCOMPARE(points[1], QPointF(double(intervals[2 * step - 1].end), double(misses)));
        QVERIFY(panel.chartData().yTitle.contains(format::count(step * study.interval)));
    }

    // The window's change is the one replayed: a node added, then undone.
    void followsEditsAndUndo() {
        Document doc;
        QVERIFY(doc.replaceScenario(cacheFleet(Algorithm::Ring), {}, false));
        doc.waitForIdle();
        ReplayPanel panel(&doc);
        panel.show();  // a hidden panel replays nothing
        panel.waitForIdle();
        QVERIFY(panel.study().whatIf);
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        panel.waitForIdle();
        QVERIFY(!panel.study().whatIf);
        QVERIFY2(panel.study().change.startsWith(QStringLiteral("added ")),
                 qPrintable(panel.study().change));
        QVERIFY(panel.note().startsWith(QStringLiteral("The change since the baseline")));
        doc.undoStack()->undo();
        doc.waitForIdle();
        panel.waitForIdle();
        QVERIFY(panel.study().whatIf);
    }

    // Each undo step in order, evenly through the run: the own line is the core's replay of the
    // states the undo stack walks through.
    void undoStepsInOrder() {
        Document doc;
        QVERIFY(doc.replaceScenario(cacheFleet(Algorithm::Ring), {}, false));
        doc.waitForIdle();
        std::vector<Scenario> states{doc.scenario()};
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        states.push_back(doc.scenario());
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        states.push_back(doc.scenario());
        QVERIFY(doc.removeNode(2));
        doc.waitForIdle();
        states.push_back(doc.scenario());
        ReplayPanel panel(&doc);
        panel.show();
        panel.changeBox()->setCurrentIndex(1);
        panel.waitForIdle();
        const ReplayStudy& study = panel.study();
        QVERIFY2(study.error.isEmpty(), qPrintable(study.error));
        QCOMPARE(study.steps, size_t{3});
        QCOMPARE(study.changes, (std::vector<uint64_t>{study.requests / 4, study.requests / 2,
                                                       study.requests * 3 / 4}));
        QCOMPARE(study.change.count(QStringLiteral("; ")), 2);
        QVERIFY2(panel.note().startsWith(QStringLiteral("3 undo steps")), qPrintable(panel.note()));
        const KeySet& keys = doc.keys();
        const HashedKeys hashed = hashKeys(keys, keyHashingOf(states.front()));
        std::vector<Placed> placed;
        for (const Scenario& s : states) {
            placed.push_back(placeKeys(asAlgorithm(s, s.algorithm), keys, hashed));
        }
        std::vector<Fleet> fleets;
        for (size_t i = 0; i < states.size(); ++i) {
            fleets.emplace_back(placed[i].placement, placed[i].assignment,
                                i ? study.changes[i - 1] : 0,
                                i ? nodeMatch(states[i - 1], states[i]) : NodeMatch::ById);
        }
        const ReplayOutcome again =
            replayFleet(keys, states.front().keys.seed,
                        ReplayRequest{study.requests, study.interval, 0,
                                      CacheSpec{study.cacheEntries, 0, 0, false}, false},
                        fleets);
        const ReplayOutcome& own = *study.lines.front().outcome;
        QCOMPARE(own.changes, study.changes);
        QCOMPARE(again.summary.extraOrigin, own.summary.extraOrigin);
        for (size_t i = 0; i < again.run.intervals.size(); ++i) {
            QCOMPARE(again.run.intervals[i].hits, own.run.intervals[i].hits);
        }
    }

    // Same seed, same numbers; a user's cache size is kept and used.
    void sameNumbersAndTheUsersCache() {
        Document doc;
        QVERIFY(doc.replaceScenario(cacheFleet(Algorithm::Jump), {}, false));
        doc.waitForIdle();
        ReplayPanel a(&doc), b(&doc);
        a.show();
        b.show();
        a.waitForIdle();
        b.waitForIdle();
        QCOMPARE(a.note(), b.note());
        QCOMPARE(a.study().lines.front().outcome->run.intervals.back().hits,
                 b.study().lines.front().outcome->run.intervals.back().hits);
        a.cacheBox()->setValue(300);
        a.waitForIdle();
        QCOMPARE(a.study().cacheEntries, uint64_t{300});
        QVERIFY(a.study().lines.front().outcome->summary.steady <
                b.study().lines.front().outcome->summary.steady);
    }

    // While a lesson's question waits for its guess, nothing it asks for is shown.
    void withheldWhileAQuestionIsOpen() {
        Document doc;
        QVERIFY(doc.replaceScenario(cacheFleet(Algorithm::ModN), {}, false));
        doc.waitForIdle();
        ReplayPanel panel(&doc);
        panel.show();
        panel.waitForIdle();
        QVERIFY(!panel.study().lines.empty());
        doc.setQuestionOpen(true);
        panel.waitForIdle();
        QVERIFY(panel.study().withheld);
        QVERIFY(panel.study().lines.empty());
        QCOMPARE(panel.note(), answerWithheldNote());
        QVERIFY(panel.chartData().series.empty());
        QCOMPARE(panel.table()->rowCount(), 0);
        doc.setQuestionOpen(false);
        panel.waitForIdle();
        QVERIFY(!panel.study().lines.empty());
    }

    // Millions of requests are replayed only for a panel someone sees.
    void hiddenReplaysNothing() {
        Document doc;
        QVERIFY(doc.replaceScenario(cacheFleet(Algorithm::ModN), {}, false));
        doc.waitForIdle();
        ReplayPanel panel(&doc);
        QTest::qWait(kStudyDebounceMs + 50);  // past the debounce: nothing was started
        QVERIFY(!panel.isBusy());
        QVERIFY(panel.study().lines.empty());
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        QTest::qWait(kStudyDebounceMs + 50);
        QVERIFY(!panel.isBusy());
        QVERIFY(panel.study().lines.empty());
        panel.show();
        panel.waitForIdle();
        QVERIFY(!panel.study().whatIf);  // the edit made while hidden is the one replayed
        QVERIFY(!panel.study().lines.empty());
    }

    // A long run stops at Cancel and says so.
    void cancels() {
        Document doc;
        QVERIFY(doc.replaceScenario(cacheFleet(Algorithm::Rendezvous), {}, false));
        doc.waitForIdle();
        ReplayPanel panel(&doc);
        panel.show();  // a hidden panel replays nothing
        panel.waitForIdle();
        panel.requestsBox()->setCurrentIndex(panel.requestsBox()->count() - 1);  // 10,000,000
        QTRY_VERIFY(panel.cancelButton()->isVisibleTo(&panel));
        panel.cancelButton()->click();
        panel.waitForIdle();
        QVERIFY(panel.study().cancelled);
        QVERIFY(panel.note().startsWith(QStringLiteral("Cancelled")));
    }

    // Closing the view stops its replay where it is: the window's close waits for its work.
    void closingStopsTheReplay() {
        Document doc;
        QVERIFY(doc.replaceScenario(cacheFleet(Algorithm::Rendezvous), {}, false));
        doc.waitForIdle();
        std::shared_ptr<const ReplayStudyProgress> progress;
        {
            ReplayPanel panel(&doc);
            panel.show();
            panel.waitForIdle();
            panel.requestsBox()->setCurrentIndex(panel.requestsBox()->count() - 1);  // 10,000,000
            QTRY_VERIFY(panel.cancelButton()->isVisibleTo(&panel));
            progress = panel.running();
            QTRY_VERIFY(progress->done > 0);
        }
        QVERIFY(progress->cancel);
        QVERIFY2(progress->done < progress->total,
                 qPrintable(QStringLiteral("%1 of %2").arg(progress->done).arg(progress->total)));
    }
};

QTEST_MAIN(TestReplayView)
#include "tst_replayview.moc"
