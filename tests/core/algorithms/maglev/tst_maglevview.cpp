// The Maglev view: entries per node, ideals and the stepped fill are the core's table (built here
// directly with MaglevTable), the entries and keys a membership change moves are
// maglevEntriesMoved and the core's diff for Maglev and the ring, a non-prime M shows Envoy's
// error and changes nothing, and the grid shows each entry in its node's colour.
#include <QApplication>
#include <QLabel>
#include <QTableWidget>
#include <QTest>

#include <future>

#include "algorithms/maglev/maglevplacement.h"
#include "analysispanel.h"
#include "comparedalgorithm.h"
#include "document.h"
#include "maglevpanel.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "placed.h"
#include "ringcolors.h"
#include "ringscope/diff.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

// A panel whose work waits for the test's word: what every analysis panel shows while its work
// for the newest document is still running.
class SlowPanel : public AnalysisPanel {
public:
    SlowPanel(Document* document, std::shared_future<void> gate)
        : AnalysisPanel(document, nullptr) {
        setWork<int>(
            0, [gate] { return std::function<int()>([gate] { return gate.wait(), 1; }); },
            [this](int) { ++shown; });
    }
    using AnalysisPanel::scheduleWork;
    int shown = 0;
};

// Columns of the node table, as the panel lays them out.
constexpr int kNow = 1, kEntries = 2, kIdeal = 3, kOffset = 4, kSkip = 5;

// Envoy's maglev_lb_test.cc hosts 127.0.0.1:90 … 95 with the keys of a small key set.
Scenario envoyBasic(uint64_t tableSize, const std::vector<double>& weights) {
    Scenario s;
    s.algorithm = Algorithm::Maglev;
    s.space = 0;  // 2^64
    s.keyHash = HashKind::Xxh64;
    s.params.edit<MaglevParams>().tableSize = tableSize;
    for (size_t i = 0; i < weights.size(); ++i) {
        NodeSpec n;
        n.id = "127.0.0.1:" + std::to_string(90 + i);
        n.weight = weights[i];
        s.nodes.push_back(n);
    }
    s.keys.pattern = "user-{i}";
    s.keys.count = 3000;
    return s;
}

MaglevTable directTable(const Scenario& s) {
    std::vector<std::string> ids;
    std::vector<double> weights;
    for (const NodeSpec& n : s.nodes) {
        ids.push_back(n.id);
        weights.push_back(n.weight);
    }
    return MaglevTable(ids, weights, s.params.get<MaglevParams>().tableSize);
}

QString cell(const QTableWidget& table, int row, int column) {
    return table.item(row, column)->text();
}

}  // namespace

class TestMaglevView : public QObject {
    Q_OBJECT
private slots:
    // A panel whose result is older than the document greys out once kStaleAfterMs have passed,
    // and comes back with the new result: the Maglev view, opened under load, said "This
    // scenario uses Ring" over the old four nodes under a six-host Maglev title. A quick result
    // never greys it.
    void stalePanelGreysOut() {
        Document doc;
        std::promise<void> go;
        SlowPanel panel(&doc, go.get_future().share());
        panel.show();  // a hidden panel puts its work off (below)
        panel.scheduleWork();
        QTest::qWait(kStaleAfterMs / 2);
        QVERIFY(panel.isBusy() && !panel.isStale() && panel.isEnabled());
        QTRY_VERIFY(panel.isStale());
        QVERIFY(!panel.isEnabled());
        go.set_value();
        panel.waitForIdle();
        QCOMPARE(panel.shown, 1);
        QVERIFY(!panel.isStale() && panel.isEnabled());
        panel.scheduleWork();  // the gate is open: done at once
        panel.waitForIdle();
        QTest::qWait(kStaleAfterMs + 50);
        QVERIFY(!panel.isStale() && panel.isEnabled());
        QCOMPARE(panel.shown, 2);
    }
    // A hidden panel (its dock closed, or its tab behind another) computes nothing at a change:
    // at every lesson step the closed views' what-ifs ran. Shown, it is greyed at once (what it
    // shows is older than the document) until the new result is in; asked to wait for its
    // result (tests, screenshots), it works it out hidden.
    void hiddenPanelPutsItsWorkOff() {
        Document doc;
        std::promise<void> go;
        go.set_value();
        SlowPanel panel(&doc, go.get_future().share());
        panel.scheduleWork();
        QTest::qWait(kStaleAfterMs + 50);
        QVERIFY(!panel.isBusy() && !panel.isStale());
        QCOMPARE(panel.shown, 0);
        panel.show();
        QVERIFY(panel.isBusy() && panel.isStale() && !panel.isEnabled());
        panel.waitForIdle();
        QCOMPARE(panel.shown, 1);
        QVERIFY(!panel.isStale() && panel.isEnabled());
        panel.hide();
        panel.scheduleWork();
        QVERIFY(!panel.isBusy());
        panel.waitForIdle();
        QCOMPARE(panel.shown, 2);
    }
    void entriesPerNodeAreTheCores_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::newRow("Basic, M = 17") << envoyBasic(17, {1, 1, 1, 1, 1, 1});
        QTest::newRow("Weighted, M = 17") << envoyBasic(17, {1, 2, 3, 4, 5, 6});
        QTest::newRow("six hosts, M = 65537") << envoyBasic(65537, {1, 1, 1, 1, 1, 1});
        QTest::newRow("weighted, M = 4099") << envoyBasic(4099, {1, 1, 2, 4, 1, 3});
    }
    void entriesPerNodeAreTheCores() {
        QFETCH(Scenario, scenario);
        Document doc;
        QVERIFY(doc.replaceScenario(scenario, {}, false));
        doc.waitForIdle();
        MaglevPanel panel(&doc);
        panel.waitForIdle();
        const MaglevTable table = directTable(scenario);
        const MaglevExplanation& e = panel.explanation();
        QVERIFY(e.ownTable);
        QCOMPARE(e.tableSize, scenario.params.get<MaglevParams>().tableSize);
        QCOMPARE(e.entries, std::vector<uint32_t>(table.entries().begin(), table.entries().end()));
        const QTableWidget& nodes = panel.nodeTable();
        QCOMPARE(nodes.rowCount(), int(scenario.nodes.size()));
        for (uint32_t n = 0; n < scenario.nodes.size(); ++n) {
            QCOMPARE(cell(nodes, int(n), kEntries), format::count(table.entryCount(n)));
            QCOMPARE(cell(nodes, int(n), kNow), format::count(table.entryCount(n)));
            QCOMPARE(cell(nodes, int(n), kIdeal), format::number(table.idealEntries(n), 2));
            QCOMPARE(cell(nodes, int(n), kOffset), format::count(table.permutation(n).offset));
            QCOMPARE(cell(nodes, int(n), kSkip), format::count(table.permutation(n).skip));
            QCOMPARE(
                table.idealEntries(n), double(scenario.params.get<MaglevParams>().tableSize) *
                                           scenario.nodes[n].weight / [&] {
                                               double sum = 0;
                                               for (const NodeSpec& s : scenario.nodes) {
                                                   sum += s.weight;
                                               }
                                               return sum;
                                           }());
        }
        // The finished table is shown: the last round, every entry filled.
        QCOMPARE(panel.round(), e.rounds());
        QCOMPARE(panel.tableView().filledSteps(),
                 size_t(scenario.params.get<MaglevParams>().tableSize));
    }

    // Stepping round by round replays the core's fill: after round r, each node holds the entries
    // its steps of rounds 1 … r took, and round 1 (equal weights) gives every node one entry.
    void roundsReplayTheFill() {
        const Scenario s = envoyBasic(251, {1, 1, 1, 1, 1, 1});
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        MaglevPanel panel(&doc);
        panel.waitForIdle();
        std::vector<MaglevFillStep> fill;
        std::vector<std::string> ids;
        for (const NodeSpec& n : s.nodes) {
            ids.push_back(n.id);
        }
        const MaglevTable table(ids, std::vector<double>(6, 1.0), 251, &fill);
        QCOMPARE(panel.explanation().steps, fill);
        QCOMPARE(panel.explanation().rounds(), size_t(fill.back().round));
        for (const size_t round : {size_t(0), size_t(1), size_t(2), size_t(17), size_t(42)}) {
            panel.showRound(round);
            std::vector<uint64_t> held(6, 0);
            size_t steps = 0;
            for (const MaglevFillStep& step : fill) {
                if (step.round <= round) {
                    ++held[step.node];
                    ++steps;
                }
            }
            QCOMPARE(panel.tableView().filledSteps(), steps);
            for (int n = 0; n < 6; ++n) {
                QCOMPARE(cell(panel.nodeTable(), n, kNow), format::count(held[size_t(n)]));
            }
            if (round == 1) {
                QCOMPARE(steps, size_t(6));
            }
        }
    }

    // The picker: a prime is an undoable edit of the scenario; anything else shows Envoy's error
    // and changes nothing.
    void tableSizePicker() {
        Document doc;
        QVERIFY(doc.replaceScenario(envoyBasic(17, {1, 1, 1, 1, 1, 1}), {}, false));
        doc.waitForIdle();
        MaglevPanel panel(&doc);
        panel.waitForIdle();
        panel.pickTableSize(QStringLiteral("8"));
        QCOMPARE(panel.errorText(),
                 QStringLiteral("maglev.tableSize: The table size of maglev must be prime number"));
        QCOMPARE(doc.scenario().params.get<MaglevParams>().tableSize, uint64_t{17});
        QCOMPARE(doc.undoStack()->count(), 0);
        panel.pickTableSize(QStringLiteral("lots"));
        QVERIFY(panel.errorText().contains(QStringLiteral("not a whole number")));
        QCOMPARE(doc.undoStack()->count(), 0);
        panel.pickTableSize(QStringLiteral("509"));
        doc.waitForIdle();
        panel.waitForIdle();
        QCOMPARE(panel.errorText(), QString());
        QCOMPARE(doc.scenario().params.get<MaglevParams>().tableSize, uint64_t{509});
        QCOMPARE(panel.explanation().tableSize, uint64_t{509});
        QCOMPARE(panel.explanation().entries.size(), size_t(509));
        doc.undoStack()->undo();
        doc.waitForIdle();
        panel.waitForIdle();
        QCOMPARE(panel.explanation().tableSize, uint64_t{17});
    }

    // The Envoy preset (M = 65537, Zipf keys) down to M = 251 and back by undo.
    void presetTableSize() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("envoy-maglev.json")));
        doc.waitForIdle();
        MaglevPanel panel(&doc);
        panel.resize(900, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.waitForIdle();
        QCOMPARE(panel.explanation().tableSize, uint64_t{65537});
        // On a table this large the round's entries are small blue rings: the label says so.
        const QLabel* marks = panel.findChild<QLabel*>(QStringLiteral("maglevMarks"));
        QVERIFY2(marks->isVisible() &&
                     marks->text().contains(u"Blue rings: the entries this round took"),
                 qPrintable(marks->text()));
        panel.pickTableSize(QStringLiteral("251"));
        QTRY_COMPARE(panel.explanation().tableSize, uint64_t{251});
        QCOMPARE(panel.round(), panel.explanation().rounds());
        QTRY_COMPARE(panel.tableView().filledSteps(), size_t(251));
    }

    // Removing or adding a node: the entries moved are the entry-by-entry difference of the two
    // tables, the keys moved are the core's diff under Maglev and under the ring.
    void membershipChangeCountsEntriesAndKeys_data() {
        QTest::addColumn<bool>("add");
        QTest::newRow("remove 127.0.0.1:92") << false;
        QTest::newRow("add a node") << true;
    }
    void membershipChangeCountsEntriesAndKeys() {
        QFETCH(bool, add);
        const Scenario before = envoyBasic(4099, {1, 1, 1, 1, 1, 1});
        Document doc;
        QVERIFY(doc.replaceScenario(before, {}, false));
        doc.waitForIdle();
        MaglevPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(!panel.explanation().change);
        QVERIFY(add ? doc.addNode() : doc.removeNode(2));
        doc.waitForIdle();
        panel.waitForIdle();
        const Scenario after = doc.scenario();
        const auto& change = panel.explanation().change;
        QVERIFY(change);
        const MaglevTable a = directTable(before);
        const MaglevTable b = directTable(after);
        uint64_t entries = 0;
        for (uint64_t i = 0; i < 4099; ++i) {
            entries += before.nodes[a.entry(i)].id != after.nodes[b.entry(i)].id ? 1 : 0;
        }
        QCOMPARE(change->entriesMoved, std::optional<uint64_t>(entries));
        QCOMPARE(change->movedEntries.size(), size_t(entries));
        // Maglev moves about 1/N of the entries (Eisenbud et al.), never fewer than the entries
        // of the node that left or joined.
        QVERIFY(entries >= (add ? b.entryCount(6) : a.entryCount(2)));
        QVERIFY(entries < 4099 / 3);
        const auto moved = [&](Algorithm algorithm) {
            const Scenario x = asAlgorithm(before, algorithm), y = asAlgorithm(after, algorithm);
            const HashedKeys hashed = hashKeys(doc.keys(), keyHashingOf(x));
            const Placed p = placeKeys(x, doc.keys(), hashed);
            const Placed q = placeKeys(y, doc.keys(), hashed);
            return diff(p.placement, p.assignment, q.placement, q.assignment, doc.keys())
                .primaryMoved;
        };
        QCOMPARE(change->maglevMoved, moved(Algorithm::Maglev));
        QCOMPARE(change->ringMoved, moved(Algorithm::Ring));
        QCOMPARE(change->keys, doc.keys().size());
        QVERIFY(panel.changeText().contains(format::count(entries)));
        QVERIFY(panel.changeText().contains(format::count(change->maglevMoved)));
        QVERIFY(panel.changeText().contains(format::count(change->ringMoved)));
    }

    // Picture: after a host is removed, exactly the entries that changed node carry the red
    // corner.
    void movedEntriesAreMarked() {
        const Scenario s = envoyBasic(17, {1, 1, 1, 1, 1, 1});
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        MaglevPanel panel(&doc);
        panel.resize(1200, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(doc.removeNode(2));
        doc.waitForIdle();
        panel.waitForIdle();
        const auto& change = panel.explanation().change;
        QVERIFY(change && !change->movedEntries.empty());
        QWidget& view = const_cast<MaglevTableView&>(panel.tableView());
        QImage image = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
        image.setDevicePixelRatio(1.0);
        const QColor red = RingColors::from(view.palette()).moved;
        for (uint64_t i = 0; i < 17; ++i) {
            const QRectF r = panel.tableView().entryRect(i);
            const QPoint corner = (r.topRight() + QPointF(-4, 4)).toPoint();
            const bool moved =
                std::binary_search(change->movedEntries.begin(), change->movedEntries.end(), i);
            QVERIFY2((viewtest::distance(image.pixelColor(corner), red) < 40) == moved,
                     qPrintable(QStringLiteral("entry %1").arg(i)));
        }
    }

    // Any scenario's nodes get the table Maglev would build for them, and say so.
    void otherAlgorithmsShowTheirNodesTable() {
        Document doc;  // seed 000's ring
        MaglevPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(!panel.explanation().ownTable);
        QCOMPARE(panel.explanation().tableSize, kMaglevDefaultTableSize);
        QCOMPARE(panel.explanation().ids.size(), qsizetype(doc.scenario().nodes.size()));
        QVERIFY(panel.summary().contains(QStringLiteral("Maglev would build")));
    }

    // Picture: Envoy's Basic table (M = 17) with every cell in its node's colour; before the first
    // round every cell is empty.
    void gridCellsWearTheirNodesColours() {
        const Scenario s = envoyBasic(17, {1, 1, 1, 1, 1, 1});
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        MaglevPanel panel(&doc);
        panel.waitForIdle();
        panel.resize(1200, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const MaglevTable table = directTable(s);
        const std::vector<QColor> colors = nodeColors(s.nodes);
        const auto grabGrid = [&] {
            QWidget& view = const_cast<MaglevTableView&>(panel.tableView());
            QImage image = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
            image.setDevicePixelRatio(1.0);
            return image;
        };
        QImage full = grabGrid();
        viewtest::keepShot(full, QStringLiteral("maglev-grid-17"));
        for (uint64_t i = 0; i < 17; ++i) {
            const QRectF r = panel.tableView().entryRect(i);
            QVERIFY(r.width() >= 20);
            // Sample off the centre label: the cell's lower left quarter.
            const QPoint at = (r.topLeft() + QPointF(r.width() * 0.2, r.height() * 0.8)).toPoint();
            QVERIFY2(viewtest::distance(full.pixelColor(at), colors[table.entry(i)]) < 30,
                     qPrintable(QStringLiteral("entry %1").arg(i)));
        }
        panel.showRound(0);
        QImage empty = grabGrid();
        for (uint64_t i = 0; i < 17; ++i) {
            const QRectF r = panel.tableView().entryRect(i);
            const QPoint at = (r.topLeft() + QPointF(r.width() * 0.2, r.height() * 0.8)).toPoint();
            QVERIFY(viewtest::distance(empty.pixelColor(at), colors[table.entry(i)]) > 30);
        }
    }
};

QTEST_MAIN(TestMaglevView)
#include "tst_maglevview.moc"
