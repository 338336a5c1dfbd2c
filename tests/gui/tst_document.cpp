// The document: edits as undo steps, the moved-key set against the baseline, replica walks,
// bad input (a message, nothing changed) and the file round trip.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "algorithms/redis-cluster/redisclusterplacement.h"
#include "algorithms/redis-cluster/reshard.h"
#include "document.h"
#include "newscenario.h"
#include "nodetablemodel.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "scenariojson.h"
#include "testpaths.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;

Q_DECLARE_METATYPE(ringscope::Scenario)

namespace {

QString preset(const char* name) {
    return ringscope::test::sourcePath("/resources/presets/") + QLatin1String(name);
}

NodeSpec explicitNode(const char* id, std::vector<uint64_t> tokens, const char* zone = "") {
    NodeSpec n;
    n.id = id;
    n.tokens = std::move(tokens);
    n.zone = zone;
    return n;
}

// What the highlight shows: every key's change against the baseline, the summary and the
// baseline's owners.
struct Shown {
    std::vector<uint32_t> changed;
    std::vector<KeyChange> changes;
    size_t primaryMoved = 0;
    size_t replicaOnly = 0;
    double ideal = 0;
    QStringList baselineOwners;
    bool operator==(const Shown&) const = default;
};

Shown shown(const Document& doc) {
    Shown s;
    s.changed = doc.changedKeys();
    for (size_t k = 0; k < doc.keys().size(); ++k) {
        s.changes.push_back(doc.keyChange(k));
        s.baselineOwners << doc.baselineOwnersText(k);
    }
    const MoveSummary m = doc.moveSummary();
    s.primaryMoved = m.primaryMoved;
    s.replicaOnly = m.replicaOnly;
    s.ideal = m.ideal;
    return s;
}

QString describe(const Document& doc, int step) {
    const MoveSummary m = doc.moveSummary();
    return QStringLiteral("expected step %1's change; shown: %2 primary, %3 replica-only")
        .arg(step)
        .arg(m.primaryMoved)
        .arg(m.replicaOnly);
}

// 300,000 session keys: rehashing them is background work, assigning them is not.
Scenario manyKeys(HashKind hash) {
    Scenario s = Document::defaultScenario();
    s.space = uint64_t{1} << 32;
    s.keyHash = hash;
    s.keys.pattern = "session-{i}";
    s.keys.count = 300'000;
    for (NodeSpec& n : s.nodes) {
        n.tokens.clear();
        n.vnodes = 16;
    }
    return s;
}

std::vector<uint32_t> range(uint32_t first, uint32_t last) {
    std::vector<uint32_t> out;
    for (uint32_t k = first; k <= last; ++k) {
        out.push_back(k);
    }
    return out;
}

}  // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void replicaOnlyIsLiveDuringDrag() {
        // Seed 000 with R = 2. Dragging B from 60 past C to 95 reorders the walk: key 10 keeps
        // primary A but its replicas go from {A, B} to {A, C} while the drag is still going on.
        Document doc;
        QVERIFY(doc.setReplicas(2));
        doc.waitForIdle();
        doc.pinBaseline();
        QCOMPARE(doc.keyChange(10), KeyChange::None);
        QVERIFY(doc.beginTokenDrag(1));  // B@60
        doc.dragTokenTo(75);             // between neighbours: no reordering yet
        QCOMPARE(doc.keyChange(10), KeyChange::None);
        QCOMPARE(doc.keyChange(70), KeyChange::Primary);  // (60, 75] C -> B
        doc.dragTokenTo(95);                              // past C@90
        QCOMPARE(doc.keyChange(10), KeyChange::ReplicaOnly);
        QCOMPARE(doc.keyChange(92), KeyChange::Primary);  // (90, 95] A -> B
        const size_t live = doc.moveSummary().replicaOnly;
        QVERIFY(live > 0);
        QVERIFY(doc.endTokenDrag());
        doc.waitForIdle();
        // The committed state agrees with what the drag showed.
        QCOMPARE(doc.keyChange(10), KeyChange::ReplicaOnly);
        QCOMPARE(doc.moveSummary().replicaOnly, live);
    }

    void startsWithSeed000() {
        Document doc;
        QCOMPARE(doc.scenario().nodes.size(), size_t{3});
        QCOMPARE(doc.keys().size(), size_t{100});
        QCOMPARE(doc.keyCountsPerNode(), (std::vector<uint64_t>{30, 40, 30}));
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{0});
        QVERIFY(!doc.isModified());
    }

    void addingD40MovesKeys21To40() {
        Document doc;
        QSignalSpy changed(&doc, &Document::scenarioChanged);
        QSignalSpy baseline(&doc, &Document::baselineChanged);
        const ComputedPtr shown = doc.computed();
        QVERIFY(doc.addNode(explicitNode("D", {40})));
        // Measured against the state that was shown, not a computation of it made anew.
        QCOMPARE(doc.baselineComputed().get(), shown.get());
        QCOMPARE(changed.count(), 1);
        // The baseline arrived with the scenario: one signal, so every view refreshes once.
        QCOMPARE(baseline.count(), 0);
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(doc.isModified());
        QCOMPARE(doc.changedKeys(), range(21, 40));
        const MoveSummary s = doc.moveSummary();
        QCOMPARE(s.primaryMoved, size_t{20});
        QCOMPARE(s.ideal, 0.25);  // adding a 4th node: 1/(N+1)
        QCOMPARE(doc.baselineOwnersText(30), QStringLiteral("B"));
        QCOMPARE(doc.ownersText(30), QStringLiteral("D"));

        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().nodes.size(), size_t{3});
        // Back to the initial ring, which no step produced: nothing moved.
        QCOMPARE(doc.changedKeys(), std::vector<uint32_t>{});
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{0});
        QCOMPARE(doc.baselineOwnersText(30), QStringLiteral("B"));
        QCOMPARE(doc.ownersText(30), QStringLiteral("B"));
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(doc.scenario().nodes.back().id, std::string("D"));
        QCOMPARE(doc.changedKeys(), range(21, 40));  // the redone step, as when it was made
        QCOMPARE(doc.moveSummary().ideal, 0.25);
        QCOMPARE(doc.baselineOwnersText(30), QStringLiteral("B"));
    }

    // Undo and redo show the step that produced the state they reach, exactly as that step
    // showed it when it was made: the moved keys, their kinds, the summary and the baseline.
    void undoShowsTheStepBelow() {
        Document doc;
        std::vector<Shown> made{shown(doc)};  // made[i]: what undo index i showed when made
        QVERIFY(doc.setReplicas(2));          // so that replica-only changes take part too
        made.push_back(shown(doc));
        QVERIFY(doc.addNode(explicitNode("D", {40})));
        made.push_back(shown(doc));
        QVERIFY(doc.addNode(explicitNode("E", {75})));
        made.push_back(shown(doc));
        QVERIFY(doc.removeNode(0));  // A@20: (90, 20] goes to D
        made.push_back(shown(doc));
        QVERIFY(doc.beginTokenDrag(1));  // B@60 (tokens: D@40, B@60, E@75, C@90)
        doc.dragTokenTo(68);
        QVERIFY(doc.endTokenDrag());
        made.push_back(shown(doc));
        QCOMPARE(doc.undoStack()->count(), 5);
        QCOMPARE(made[0].changed, std::vector<uint32_t>{});
        QCOMPARE(made[1].primaryMoved, size_t{0});   // R = 2 moved no primary...
        QCOMPARE(made[1].replicaOnly, size_t{100});  // ...but set every second owner
        QCOMPARE(made[3].primaryMoved, size_t{15});  // 61..75 from C to E
        QCOMPARE(made[4].primaryMoved, size_t{30});  // 91..99 and 0..20 from A to D
        QCOMPARE(made[5].primaryMoved, size_t{8});   // the drag took (60, 68] from E
        QCOMPARE(made[5].changes[65], KeyChange::Primary);

        for (int index = 4; index >= 0; --index) {
            doc.undoStack()->undo();
            QVERIFY2(shown(doc) == made[size_t(index)], qPrintable(describe(doc, index)));
        }
        QCOMPARE(doc.changedKeys(), std::vector<uint32_t>{});  // no step before the start
        for (int index = 1; index <= 5; ++index) {
            doc.undoStack()->redo();
            QVERIFY2(shown(doc) == made[size_t(index)], qPrintable(describe(doc, index)));
        }
        // Several steps at once (the undo view's click): the step below the one reached.
        doc.undoStack()->setIndex(2);
        QVERIFY2(shown(doc) == made[2], qPrintable(describe(doc, 2)));
        doc.undoStack()->setIndex(4);
        QVERIFY2(shown(doc) == made[4], qPrintable(describe(doc, 4)));
    }

    // A pinned baseline keeps its meaning through undo and redo; a step that changed the key set
    // has nothing to compare, after an undo as when it was made.
    void undoKeepsPinnedBaselineAndKeySetSteps() {
        Document doc;
        doc.pinBaseline();
        QVERIFY(doc.addNode(explicitNode("D", {40})));
        QVERIFY(doc.addNode(explicitNode("E", {75})));
        doc.undoStack()->undo();
        QVERIFY(doc.isBaselinePinned());
        QCOMPARE(doc.changedKeys(), range(21, 40));  // against the pinned start
        doc.undoStack()->redo();
        QCOMPARE(doc.changedKeys().size(), size_t{35});
        doc.unpinBaseline();

        QVERIFY(doc.edit(QStringLiteral("fewer keys"), [](Scenario& s) { s.keys.count = 50; }));
        QCOMPARE(doc.changedKeys(), std::vector<uint32_t>{});
        QVERIFY(doc.removeNode(3));  // D: (20, 40] back to B
        QCOMPARE(doc.changedKeys(), range(21, 40));
        doc.undoStack()->undo();
        QCOMPARE(doc.changedKeys(), std::vector<uint32_t>{});  // the key-set step
        doc.undoStack()->undo();
        QCOMPARE(doc.changedKeys(), range(61, 75));  // adding E, against the same 100 keys
    }

    // File → New builds a scenario from scratch for every profile: its nodes, named as that
    // system names hosts, its key set and title, and it places (not seed 000's copy).
    void blankScenarios_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<int>("nodes");
        for (const BlankProfileRow& row : blankProfiles()) {
            for (const int nodes : {1, 4, 12}) {
                QTest::newRow(qPrintable(
                    QStringLiteral("%1, %2 nodes").arg(QString::fromLatin1(row.label)).arg(nodes)))
                    << QString::fromLatin1(row.name) << nodes;
            }
        }
    }
    void blankScenarios() {
        QFETCH(QString, profile);
        QFETCH(int, nodes);
        BlankScenarioSpec spec;
        spec.profile = profile.toStdString();
        spec.nodes = size_t(nodes);
        spec.title = "Our pool";
        spec.keys = 500;
        const Scenario s = blankScenario(spec);
        QCOMPARE(s.title, std::string("Our pool"));
        QCOMPARE(s.nodes.size(), size_t(nodes));
        QVERIFY(s.description.empty());
        Document doc;
        QVERIFY(doc.replaceScenario(s, QString(), false));
        doc.waitForIdle();
        QCOMPARE(doc.scenario(), s);  // it placed
        QVERIFY(doc.scenario() != Document::defaultScenario());
        const bool teaching = spec.profile == kTeachingProfile;
        QCOMPARE(doc.keys().size(), teaching ? size_t{100} : size_t{500});
        for (size_t n = 0; n < s.nodes.size(); ++n) {  // ids as the system names its hosts
            QCOMPARE(QString::fromStdString(s.nodes[n].id),
                     QString::fromLatin1(blankProfile(spec.profile).idPattern)
                         .replace(QStringLiteral("{n}"),
                                  QString::number(blankProfile(spec.profile).firstNumber + int(n)))
                         .replace(QStringLiteral("{A}"), QString(QChar(u'A' + int(n)))));
        }
        if (nodes > 1) {  // every node holds keys
            for (const uint64_t keys : doc.keyCountsPerNode()) {
                QVERIFY(keys > 0);
            }
        }
    }

    // Opening, a preset or a new document start over: nothing moved, nothing to undo.
    void replacedDocumentStartsOver() {
        Document doc;
        QVERIFY(doc.addNode(explicitNode("D", {40})));
        QVERIFY(doc.replaceScenario(loadScenarioFile(preset("seed000-ring-d40.json")), {}, false));
        doc.waitForIdle();
        QCOMPARE(doc.changedKeys(), std::vector<uint32_t>{});
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(doc.removeNode(3));
        doc.newDocument();
        QCOMPARE(doc.changedKeys(), std::vector<uint32_t>{});
        QVERIFY(!doc.isBaselinePinned());
    }

    // A drag measures against its start while it runs; one that changes nothing (Escape, or a
    // click on a token) leaves the last step's highlight as it was.
    void dragThatChangesNothingKeepsTheStep() {
        Document doc;
        QVERIFY(doc.addNode(explicitNode("D", {40})));
        QVERIFY(doc.beginTokenDrag(0));  // A@20
        QCOMPARE(doc.changedKeys(), std::vector<uint32_t>{});
        doc.dragTokenTo(30);
        QCOMPARE(doc.changedKeys(), range(21, 30));  // D loses (20, 30] to A, live
        doc.cancelTokenDrag();
        QCOMPARE(doc.changedKeys(), range(21, 40));
        QCOMPARE(doc.baselineOwnersText(30), QStringLiteral("B"));
        QVERIFY(doc.beginTokenDrag(0));
        QVERIFY(!doc.endTokenDrag());  // released where it began
        QCOMPARE(doc.changedKeys(), range(21, 40));
        QCOMPARE(doc.undoStack()->count(), 1);
    }

    // A ring's document keeps each key's position alone (4 bytes, not the 8-byte hash): 12 bytes
    // a key with its sorted position and key index. An algorithm that reads the whole hash
    // (bounded loads, jump, Maglev) hashes the keys again; one that does not reuses what is
    // there, and keeps positions alone again once the keys are hashed anew (another key hash).
    // Every owner is what a computation from nothing gives.
    void ringKeysKeepPositionsAlone() {
        Document doc;
        QVERIFY(doc.replaceScenario(manyKeys(HashKind::Xxh64), {}, false));
        doc.waitForIdle();
        const size_t n = doc.keys().size();
        QCOMPARE(n, size_t{300'000});
        QVERIFY(!doc.hashedKeys().hasHashes());
        QCOMPARE(doc.hashedKeys().bytes(), n * 12);
        struct Step {
            Algorithm algorithm;
            std::optional<uint32_t> bounded;
            HashKind keyHash;
            bool hashes;
        };
        const Step steps[] = {
            {Algorithm::Rendezvous, {}, HashKind::Xxh64, false},
            {Algorithm::Ring, 125, HashKind::Xxh64, true},
            {Algorithm::Ring, {}, HashKind::Xxh64, true},  // the hashes are there: reused
            {Algorithm::Jump, {}, HashKind::Xxh64, true},
            {Algorithm::Maglev, {}, HashKind::Xxh64, true},
            {Algorithm::Ring, {}, HashKind::Fnv1a64, false},
            {Algorithm::Jump, {}, HashKind::Fnv1a64, true},
        };
        for (const Step& step : steps) {
            QVERIFY(doc.edit(QStringLiteral("algorithm"), [&](Scenario& s) {
                s.algorithm = step.algorithm;
                s.boundedLoadPercent = step.bounded;
                s.keyHash = step.keyHash;
            }));
            doc.waitForIdle();
            const QByteArray what = QByteArray::number(int(step.algorithm)) + " bounded " +
                                    QByteArray::number(step.bounded.value_or(0));
            QVERIFY2(doc.scenario().algorithm == step.algorithm, what.constData());
            QVERIFY2(doc.hashedKeys().hasHashes() == step.hashes, what.constData());
            QCOMPARE(doc.hashedKeys().size(), n);
            const ComputedPtr fresh = compute(doc.scenario(), nullptr);
            QVERIFY(fresh);
            for (size_t k = 0; k < n; k += 997) {
                QCOMPARE(doc.hashedKeys().positionOf(k), fresh->hashed->positionOf(k));
                QCOMPARE(doc.hashedKeys().rankOf(k), fresh->hashed->rankOf(k));
                QCOMPARE(doc.assignment().primary(k), fresh->assignment.primary(k));
            }
        }
    }

    // Across a key hash change over many keys both the state and its baseline are worked out
    // in the background; the highlight is the step's once they are in.
    void undoComputesTheBaselineInTheBackground() {
        Document doc;
        QVERIFY(doc.replaceScenario(manyKeys(HashKind::Fnv1a32), {}, false));
        doc.waitForIdle();
        QVERIFY(
            doc.edit(QStringLiteral("rehash"), [](Scenario& s) { s.keyHash = HashKind::Xxh64; }));
        doc.waitForIdle();
        const std::vector<uint32_t> rehashed = doc.changedKeys();
        QVERIFY(rehashed.size() > 100'000);  // most keys land elsewhere
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        const size_t added = doc.moveSummary().primaryMoved;
        QVERIFY(added > 0 && added < 100'000);
        doc.undoStack()->undo();  // back to the rehash; its start uses the other hash
        QVERIFY(doc.isBusy());
        doc.waitForIdle();
        QCOMPARE(doc.changedKeys(), rehashed);
        doc.undoStack()->redo();
        doc.waitForIdle();
        QCOMPARE(doc.moveSummary().primaryMoved, added);
    }

    void pinnedBaselineAccumulates() {
        Document doc;
        doc.pinBaseline();
        QVERIFY(doc.addNode(explicitNode("D", {40})));
        QVERIFY(doc.addNode(explicitNode("E", {75})));
        // Against the pinned start: 21..40 went to D, 61..75 to E.
        std::vector<uint32_t> expected = range(21, 40);
        const auto more = range(61, 75);
        expected.insert(expected.end(), more.begin(), more.end());
        QCOMPARE(doc.changedKeys(), expected);
        doc.unpinBaseline();
        QVERIFY(doc.removeNode(4));
        QCOMPARE(doc.changedKeys(), range(61, 75));  // only the last change again
    }

    // A lesson step is shown, not edited: no undo step, nothing to save, "moved" against the
    // step it came from — and the learner's next edit measures against the step again.
    void showScenarioIsNotAnEdit() {
        Document doc;
        QVERIFY(doc.addNode(explicitNode("E", {5})));  // work of the user's, then a lesson
        const Scenario seed = loadScenarioFile(preset("seed000-ring.json"));
        const Scenario d40 = loadScenarioFile(preset("seed000-ring-d40.json"));
        QSignalSpy modified(&doc, &Document::modifiedChanged);
        QVERIFY(doc.showScenario(d40, seed));
        QCOMPARE(doc.scenario(), d40);
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());
        QVERIFY(doc.filePath().isEmpty());
        QCOMPARE(doc.changedKeys(), range(21, 40));
        QVERIFY(!doc.isBaselinePinned());
        QVERIFY(doc.addNode(explicitNode("E", {95})));  // a poke: against the step, not the seed
        QCOMPARE(doc.changedKeys(), range(91, 95));
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario(), d40);
        QVERIFY(!doc.isModified());

        // A baseline whose keys differ is refused with a message; nothing changes.
        Scenario otherKeys = seed;
        otherKeys.keys.count = 50;
        QSignalSpy rejected(&doc, &Document::inputRejected);
        QVERIFY(!doc.showScenario(seed, otherKeys));
        QCOMPARE(rejected.count(), 1);
        QVERIFY(rejected.first().first().toString().contains(QStringLiteral("key set")));
        QCOMPARE(doc.scenario(), d40);
        QVERIFY(modified.count() >= 1);
    }

    void replicaWalkSkipsSameNodeAndZone() {
        Document doc;
        QVERIFY(doc.edit(QStringLiteral("zones"), [](Scenario& s) {
            s.nodes = {explicitNode("A", {20}, "z1"), explicitNode("B", {60}, "z1"),
                       explicitNode("C", {90}, "z2"), explicitNode("A2", {40}, "z1")};
            s.replicas = 2;
        }));
        doc.setSelectedKey(10);  // owned by A@20, then A2@40, B@60, C@90
        QCOMPARE(doc.selectedWalk().visited, (std::vector<size_t>{0, 1}));
        QCOMPARE(doc.selectedWalk().chosen, (std::vector<bool>{true, true}));
        QVERIFY(doc.setZoneAware(true));
        // Zone-aware: A2 and B share A's zone and are skipped until C in z2.
        QCOMPARE(doc.selectedWalk().visited, (std::vector<size_t>{0, 1, 2, 3}));
        QCOMPARE(doc.selectedWalk().chosen, (std::vector<bool>{true, false, false, true}));
        QCOMPARE(doc.ownersText(10), QStringLiteral("A,C"));
    }

    void replicaOnlyChangesAreSeparate() {
        Document doc;
        QVERIFY(doc.setReplicas(2));
        QVERIFY(doc.addNode(explicitNode("D", {70})));
        // 61..70 changed primary (C -> D); 21..60 kept B but their second replica C became D.
        QCOMPARE(doc.keyChange(65), KeyChange::Primary);
        QCOMPARE(doc.keyChange(35), KeyChange::ReplicaOnly);
        QCOMPARE(doc.keyChange(80), KeyChange::None);
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{10});
        QCOMPARE(doc.moveSummary().replicaOnly, size_t{40});
    }

    void dragIsOneUndoStep() {
        Document doc;
        QVERIFY(doc.beginTokenDrag(0));  // A@20
        for (uint64_t p = 21; p <= 45; ++p) {
            doc.dragTokenTo(p);
        }
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{25});  // 21..45 from B to A, live
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(doc.endTokenDrag());
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.scenario().nodes[0].tokens, (std::vector<uint64_t>{45}));
        QCOMPARE(doc.changedKeys(), range(21, 45));
        // The live ring the drag left is the committed ring: kept, it equals a fresh one.
        doc.waitForIdle();
        const LiveRing fresh(doc.placement().ring(), *doc.liveRing().hashedKeys());
        QVERIFY(std::ranges::equal(doc.liveRing().ring().positions(), fresh.ring().positions()));
        QVERIFY(std::ranges::equal(doc.liveRing().sortedOwners(), fresh.sortedOwners()));
        QVERIFY(std::ranges::equal(doc.liveRing().keysPerNode(), fresh.keysPerNode()));
        for (size_t t = 0; t < fresh.ring().size(); ++t) {
            QVERIFY(doc.liveRing().ring().origin(t) == fresh.ring().origin(t));
        }
    }

    void dragAcrossNeighboursAndOntoOne() {
        Document doc;
        QVERIFY(doc.beginTokenDrag(0));
        doc.dragTokenTo(60);  // occupied by B: the token waits
        QCOMPARE(doc.liveRing().ring().position(*doc.draggedToken()), uint64_t{20});
        doc.dragTokenTo(70);  // past B: A now owns (60, 70]
        QCOMPARE(doc.liveRing().ring().position(*doc.draggedToken()), uint64_t{70});
        QCOMPARE(doc.primaryOf(65), uint32_t{0});
        QCOMPARE(doc.primaryOf(10), uint32_t{1});  // B@60 now owns (90, 60], across the wrap
        QCOMPARE(doc.primaryOf(95), uint32_t{1});
        QVERIFY(doc.endTokenDrag());
        QCOMPARE(doc.scenario().nodes[0].tokens, (std::vector<uint64_t>{70}));
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().nodes[0].tokens, (std::vector<uint64_t>{20}));
    }

    void dragOfHashedVnodeWritesTokensOut() {
        Document doc;
        QVERIFY(doc.edit(QStringLiteral("vnodes"), [](Scenario& s) {
            s.params.edit<NamedTokenParams>().hash = HashKind::Fnv1a32;
            for (NodeSpec& n : s.nodes) {
                n.tokens.clear();
                n.vnodes = 3;
            }
        }));
        const Ring& ring = doc.liveRing().ring();
        const size_t token = 0;
        const uint32_t node = ring.node(token);
        const uint64_t from = ring.position(token);
        const uint64_t to = (from + ring.position(1)) / 2;
        QVERIFY(to != from);
        QVERIFY(doc.beginTokenDrag(token));
        doc.dragTokenTo(to);
        QVERIFY(doc.endTokenDrag());
        const NodeSpec& spec = doc.scenario().nodes[node];
        QVERIFY(!spec.vnodes);
        QCOMPARE(spec.tokens.size(), size_t{3});
        QVERIFY(std::find(spec.tokens.begin(), spec.tokens.end(), to) != spec.tokens.end());
    }

    void badEditChangesNothing_data() {
        QTest::addColumn<int>("edit");
        QTest::addColumn<QString>("message");
        QTest::newRow("duplicate token position")
            << 0 << QStringLiteral("collides with node \"A\"");
        QTest::newRow("duplicate id") << 1 << QStringLiteral("duplicate node id \"A\"");
        QTest::newRow("empty id") << 2 << QStringLiteral("the node id is empty");
        QTest::newRow("negative weight") << 3 << QStringLiteral("weight must be");
        QTest::newRow("token outside the space") << 4 << QStringLiteral("outside the hash space");
        QTest::newRow("unparsable tokens") << 5 << QStringLiteral("\"x\" is not a position");
        QTest::newRow("last node") << 6 << QStringLiteral("cannot be removed");
        QTest::newRow("too many replicas") << 7 << QStringLiteral("replicas 4 is more than");
    }
    void badEditChangesNothing() {
        QFETCH(int, edit);
        QFETCH(QString, message);
        Document doc;
        if (edit == 6) {
            QVERIFY(doc.edit(QStringLiteral("one node"), [](Scenario& s) { s.nodes.resize(1); }));
        }
        const Scenario before = doc.scenario();
        const int steps = doc.undoStack()->count();
        QSignalSpy rejected(&doc, &Document::inputRejected);
        bool ok = true;
        switch (edit) {
            case 0:
                ok = doc.addToken(1, 20);
                break;
            case 1:
                ok = doc.renameNode(1, QStringLiteral("A"));
                break;
            case 2:
                ok = doc.renameNode(1, QStringLiteral("  "));
                break;
            case 3:
                ok = doc.setNodeWeight(2, -1.0);
                break;
            case 4:
                ok = doc.addToken(0, 100);
                break;
            case 5:
                ok = doc.setNodeTokensText(0, QStringLiteral("20, x"));
                break;
            case 6:
                ok = doc.removeNode(0);
                break;
            case 7:
                ok = doc.setReplicas(4);
                break;
        }
        QVERIFY(!ok);
        QCOMPARE(rejected.count(), 1);
        const QString text = rejected.at(0).at(0).toString();
        QVERIFY2(text.contains(message), qPrintable(text));
        QCOMPARE(doc.scenario(), before);
        QCOMPARE(doc.undoStack()->count(), steps);
    }

    void fileRoundTrip() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ring.json"));
        Document doc;
        QVERIFY(doc.addNode(explicitNode("D", {40})));
        QVERIFY(doc.setNodeWeight(1, 2.5));
        QVERIFY(doc.setNodeZone(2, QStringLiteral("az-2")));
        QVERIFY(doc.isModified());
        QSignalSpy pathSpy(&doc, &Document::filePathChanged);
        QVERIFY(doc.saveFile(path));
        QVERIFY(!doc.isModified());
        QCOMPARE(pathSpy.count(), 1);

        Document other;
        QVERIFY(other.openFile(path));
        QCOMPARE(other.scenario(), doc.scenario());
        QCOMPARE(other.filePath(), path);
        QVERIFY(!other.isModified());
        QCOMPARE(other.undoStack()->count(), 0);
    }

    void brokenFileKeepsDocument() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "ringscope/1", "space": 100, "nodes": [{"id": "A", "tokens": [5, )");
        f.close();
        Document doc;
        QVERIFY(doc.addNode(explicitNode("D", {40})));
        const Scenario before = doc.scenario();
        QSignalSpy rejected(&doc, &Document::inputRejected);
        QVERIFY(!doc.openFile(path));
        QCOMPARE(rejected.count(), 1);
        QVERIFY2(rejected.at(0).at(0).toString().contains(QStringLiteral("broken.json")),
                 qPrintable(rejected.at(0).at(0).toString()));
        QCOMPARE(doc.scenario(), before);
        QCOMPARE(doc.undoStack()->count(), 1);
    }

    // A file over a limit, or with a key file outside its folder, is opened only if the window's
    // question says yes; the raised limit then holds for the document's edits too.
    void openingAsksBeforeGoingPastALimit() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "ringscope/1", "algorithm": "modn", "replicas": 2,
                      "nodes": [{"id": "A"}, {"id": "B"}],
                      "keys": {"pattern": "k{i}", "count": 60000000}})");
        file.close();
        Document doc;
        QSignalSpy rejected(&doc, &Document::inputRejected);
        std::vector<std::string> asked;
        QVERIFY(!doc.openFile(path, [&](const InputError& e) {
            asked.push_back(e.what());
            return false;
        }));
        QCOMPARE(asked.size(), size_t{1});
        QCOMPARE(asked[0], path.toStdString() +
                               ": keys.count: needs 60000000 keys, more than the limit keys = "
                               "10000000");
        QCOMPARE(rejected.size(), 1);
        QVERIFY(rejected[0][0].toString().startsWith(path));
        QCOMPARE(doc.scenario(), Document::defaultScenario());
        // Yes to each question: the keys limit, then keys x replicas; the file opens (the keys
        // are generated in the background; the test cancels that, so the document shown stays,
        // with its own limits: raised ones hold from when the file is shown, as
        // aKeyFilePastALimitAsksWhenRead checks).
        asked.clear();
        QVERIFY(doc.openFile(path, [&](const InputError& e) {
            asked.push_back(e.what());
            return true;
        }));
        doc.cancelComputation();
        QCOMPARE(asked.size(), size_t{2});
        QVERIFY(
            asked[1].starts_with(path.toStdString() + ": replicas: needs 120000000 owner entries"));
        QCOMPARE(doc.scenario(), Document::defaultScenario());
        QCOMPARE(doc.limits()[Limit::Keys], defaultLimit(Limit::Keys));
        QCOMPARE(doc.limits()[Limit::KeyReplicas], defaultLimit(Limit::KeyReplicas));
    }

    void openingAsksBeforeReadingOutsideTheFolder() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("scenarios")));
        const QString keys = dir.filePath(QStringLiteral("keys.txt"));
        QFile keyFile(keys);
        QVERIFY(keyFile.open(QIODevice::WriteOnly));
        keyFile.write("1\n2\n3\n");
        keyFile.close();
        const QString path = dir.filePath(QStringLiteral("scenarios/s.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "ringscope/1", "space": 100, "keyHash": "identity",
                      "nodes": [{"id": "A", "tokens": [20]}], "keys": {"file": "../keys.txt"}})");
        file.close();
        Document doc;
        QString question;
        QVERIFY(!doc.openFile(path, [&](const InputError& e) {
            question = QString::fromStdString(e.waiver()->file);
            return false;
        }));
        QCOMPARE(question, QFileInfo(keys).canonicalFilePath());
        QVERIFY(doc.openFile(path, [](const InputError&) { return true; }));
        doc.waitForIdle();
        QCOMPARE(doc.keys().size(), size_t{3});
    }

    // A scenario's key file is read once, by the computation: what it refuses that the user may
    // lift (here a line past string-bytes) is asked about when it is read, and yes opens the
    // file with the limit raised.
    void aKeyFilePastALimitAsksWhenRead() {
        QTemporaryDir dir;
        QFile keyFile(dir.filePath(QStringLiteral("keys.txt")));
        QVERIFY(keyFile.open(QIODevice::WriteOnly));
        keyFile.write("10.0.0.1:11211\n" + QByteArray(70'000, 'x') + "\n");
        keyFile.close();
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            R"({"format": "ringscope/1", "nodes": [{"id": "A", "vnodes": 4}, {"id": "B", "vnodes": 4}],
                      "keys": {"file": "keys.txt"}})");
        file.close();
        const auto idle = [](Document& doc) { doc.waitForIdle(); };  // a yes computes again
        Document doc;
        QSignalSpy rejected(&doc, &Document::inputRejected);
        std::vector<std::string> asked;
        doc.openFile(path, [&](const InputError& e) {
            asked.push_back(e.what());
            return false;
        });
        idle(doc);
        QVERIFY2(asked.size() == 1, qPrintable(doc.lastRejection().text));
        QVERIFY2(asked[0].find("keys.txt:2") != std::string::npos &&
                     asked[0].find("string-bytes") != std::string::npos,
                 asked[0].c_str());
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(doc.scenario(), Document::defaultScenario());
        QCOMPARE(doc.limits()[Limit::StringBytes], defaultLimit(Limit::StringBytes));
        asked.clear();
        doc.openFile(path, [&](const InputError& e) {
            asked.push_back(e.what());
            return true;
        });
        idle(doc);
        QCOMPARE(asked.size(), size_t{1});
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(doc.keys().size(), size_t{2});
        QCOMPARE(doc.keys().names[1], std::string(70'000, 'x'));
        QCOMPARE(doc.limits()[Limit::StringBytes], uint64_t{70'000});
        QCOMPARE(doc.filePath(), path);
        // A second file past its limit, declined: the first stays, with the limits it was opened
        // with (the refusal comes from the background, after the open was asked for).
        QFile longer(dir.filePath(QStringLiteral("longer.txt")));
        QVERIFY(longer.open(QIODevice::WriteOnly));
        longer.write(QByteArray(80'000, 'y') + "\n");
        longer.close();
        const QString other = dir.filePath(QStringLiteral("other.json"));
        QFile otherFile(other);
        QVERIFY(otherFile.open(QIODevice::WriteOnly));
        otherFile.write(R"({"format": "ringscope/1", "nodes": [{"id": "C", "vnodes": 4}],
                           "keys": {"file": "longer.txt"}})");
        otherFile.close();
        const Scenario shown = doc.scenario();
        bool opened = false;
        doc.openFile(
            other, [](const InputError&) { return false; }, [&opened] { opened = true; });
        idle(doc);
        QVERIFY(!opened);
        QCOMPARE(rejected.size(), 2);
        QCOMPARE(doc.scenario(), shown);
        QCOMPARE(doc.limits()[Limit::StringBytes], uint64_t{70'000});
        QCOMPARE(doc.filePath(), path);
    }

    // Edits keep to the limits: 50 million keys is refused with a message naming the limit.
    void editsKeepToTheLimits() {
        Document doc;
        QSignalSpy rejected(&doc, &Document::inputRejected);
        QVERIFY(!doc.edit(QStringLiteral("many keys"), [](Scenario& s) {
            s.keys.pattern = "k{i}";
            s.keyHash = HashKind::Xxh64;
            s.keys.count = 50'000'000;
        }));
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(rejected[0][0].toString(),
                 QStringLiteral("keys.count: needs 50000000 keys, more than the limit keys = "
                                "10000000"));
        QCOMPARE(doc.scenario(), Document::defaultScenario());
    }

    void presetsLoad_data() {
        QTest::addColumn<QString>("name");
        const QStringList names =
            QDir(ringscope::test::sourcePath("/resources/presets"))
                .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        // The seed presets and every production profile, at least.
        for (const char* name :
             {"seed000-ring.json", "seed000-ring-d40.json", "seed003-3nodes.json",
              "seed003-4nodes.json", "ketama-memcached-pool.json", "vnode-lesson.json",
              "replicas-zones.json", "scale-100x256-1M.json", "envoy-maglev.json",
              "envoy-ring-hash-weighted.json", "redis-cluster-resharding.json",
              "cassandra-6x16-rf3.json"}) {
            QVERIFY2(names.contains(QLatin1String(name)), name);
        }
        for (const QString& name : names) {
            QTest::newRow(qPrintable(name)) << name;
        }
    }
    void presetsLoad() {
        QFETCH(QString, name);
        Document doc;
        QSignalSpy rejected(&doc, &Document::inputRejected);
        if (name == QStringLiteral("scale-100x256-100M.json")) {
            // Past the default limits: refused unless asked (the window asks, saying what it
            // costs; ringscope_gui_bench BM_OpenScenario opens it), before any key is made.
            QVERIFY(!doc.openFile(preset(name.toLatin1().constData())));
            QCOMPARE(rejected.count(), 1);
            QVERIFY(doc.lastRejection().text.contains(QStringLiteral("limit keys")));
            QCOMPARE(doc.scenario(), Document::defaultScenario());
            return;
        }
        QVERIFY(doc.openFile(preset(name.toLatin1().constData())));
        doc.waitForIdle();
        QCOMPARE(rejected.count(), 0);
        QCOMPARE(doc.scenario(), loadScenarioFile(preset(name.toLatin1().constData())));
        QVERIFY(!doc.scenario().title.empty());
        QVERIFY(!doc.scenario().description.empty());
        QVERIFY(doc.keys().size() > 0);
    }

    // A ring with bounded loads is not a live ring: its owners, counts and moved keys are the
    // bounded placement's, not the tokens' first choices; nothing can be dragged.
    void boundedRingOwnsByLoad() {
        Document doc;
        QVERIFY(doc.openFile(preset("envoy-ring-hash-weighted.json")));
        doc.waitForIdle();
        QVERIFY(doc.isRing());
        doc.pinBaseline();
        QVERIFY(
            doc.edit(QStringLiteral("bounded"), [](Scenario& s) { s.boundedLoadPercent = 110; }));
        doc.waitForIdle();
        QVERIFY(!doc.isRing());
        QVERIFY(!doc.beginTokenDrag(0));
        const auto bounded = doc.placement().boundedLoads(doc.hashedKeys());
        QVERIFY(bounded && !bounded->displaced.empty());
        std::vector<uint64_t> counts(doc.placement().nodes().size(), 0);
        for (size_t k = 0; k < doc.keys().size(); ++k) {
            QCOMPARE(doc.primaryOf(k), bounded->owner[k]);
            ++counts[bounded->owner[k]];
        }
        QCOMPARE(doc.keyCountsPerNode(), counts);
        QCOMPARE(doc.moveSummary().primaryMoved, bounded->displaced.size());
    }

    // Resharding is an undoable edit: the boundary at slot 500 of the mid-reshard preset moves
    // on to 1000, finishing the move of 0-999, and exactly the keys of slots 500-999 move.
    void reshardIsAnEdit() {
        Document doc;
        QVERIFY(doc.openFile(preset("redis-cluster-resharding.json")));
        doc.waitForIdle();
        const Scenario before = doc.scenario();
        doc.pinBaseline();
        QVERIFY(doc.edit(QStringLiteral("reshard"),
                         [](Scenario& s) { moveSlotBoundary(s, 500, 1000); }));
        doc.waitForIdle();
        QCOMPARE(doc.scenario().nodes[0].params.get<RedisSlots>().ranges,
                 (std::vector<SlotRange>{{1000, 5460}}));
        size_t expected = 0;
        for (const std::string& key : doc.keys().names) {
            const uint32_t slot = redisSlot(key);
            expected += slot >= 500 && slot < 1000 ? 1 : 0;
        }
        QVERIFY(expected > 0);
        QCOMPARE(doc.moveSummary().primaryMoved, expected);
        doc.undoStack()->undo();
        doc.waitForIdle();
        QCOMPARE(doc.scenario(), before);
        // A boundary that is not one changes nothing and says why.
        QSignalSpy rejected(&doc, &Document::inputRejected);
        QVERIFY(!doc.edit(QStringLiteral("reshard"),
                          [](Scenario& s) { moveSlotBoundary(s, 501, 900); }));
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(doc.scenario(), before);
        // A master with slots does not leave (its slots would be owned by no node): the refusal
        // names it and says how; a new master, without slots, joins and leaves freely.
        QVERIFY(!doc.removeNode(0));
        QCOMPARE(rejected.count(), 2);
        const QString why = rejected.back().at(0).toString();
        QVERIFY2(why.contains(u"127.0.0.1:7000") && why.contains(u"resharded"), qPrintable(why));
        QCOMPARE(doc.scenario(), before);
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        QVERIFY(doc.removeNode(3));
        doc.waitForIdle();
        QCOMPARE(doc.scenario(), before);
    }

    // Seed 003: adding api-d to three 128-vnode nodes moves about 1/4 of 1000 keys, all to it.
    void seed003AddingANode() {
        Document doc;
        QVERIFY(doc.openFile(preset("seed003-4nodes.json")));
        doc.pinBaselineScenario(loadScenarioFile(preset("seed003-3nodes.json")));
        const MoveSummary s = doc.moveSummary();
        QCOMPARE(s.keys, size_t{1000});
        QCOMPARE(s.ideal, 0.25);
        QVERIFY2(s.primaryMoved > 150 && s.primaryMoved < 350,
                 qPrintable(QString::number(s.primaryMoved)));
        for (const uint32_t k : doc.changedKeys()) {
            QCOMPARE(doc.ownersText(k), QStringLiteral("api-d"));
        }
    }

    // The selected node follows its node through edits: by id when nodes come and go, in place
    // through a rename and its undo; it clears when its node goes or another document opens.
    void selectedNodeFollowsEdits() {
        Document doc;
        QSignalSpy changed(&doc, &Document::selectedNodeChanged);
        QCOMPARE(doc.selectedNode(), std::nullopt);
        doc.setSelectedNode(1);  // B
        QCOMPARE(changed.count(), 1);
        doc.setSelectedNode(7);  // no such node: nothing selected
        QCOMPARE(doc.selectedNode(), std::nullopt);
        doc.setSelectedNode(1);
        QVERIFY(doc.removeNode(0));  // A goes: B is now node 0
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(0));
        QVERIFY(doc.renameNode(0, QStringLiteral("X")));
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(0));
        doc.undoStack()->undo();  // the rename
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(0));
        QCOMPARE(doc.scenario().nodes[0].id, std::string("B"));
        doc.undoStack()->undo();  // A is back in front of B
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(1));
        QVERIFY(doc.removeNode(1));  // the selected node itself
        QCOMPARE(doc.selectedNode(), std::nullopt);
        // A new node is selected: the next "+ vnode" is meant for it.
        QVERIFY(doc.addNode());
        QCOMPARE(doc.scenario().nodes[*doc.selectedNode()].id, std::string("D"));
        doc.newDocument();
        QCOMPARE(doc.selectedNode(), std::nullopt);
    }

    // Adding a vnode places it where it changes ownership, and the moved keys show what it took.
    void addVnodeTakesKeysFromAnotherNode_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<uint64_t>("position");
        QTest::addColumn<uint32_t>("firstMoved");
        QTest::addColumn<uint32_t>("lastMoved");
        Scenario seed = Document::defaultScenario();
        QTest::newRow("seed 000: in B's arc (20, 60]")
            << seed << uint64_t{40} << uint32_t{21} << uint32_t{40};
        // A owns the largest arc, (40, 20]: a token there would move nothing. The largest arc of
        // another node is B's (20, 30] (ties go to the first token clockwise).
        Scenario crowded = seed;
        crowded.nodes[1].tokens = {30};
        crowded.nodes[2].tokens = {40};
        QTest::newRow("not in its own largest arc")
            << crowded << uint64_t{25} << uint32_t{21} << uint32_t{25};
    }
    void addVnodeTakesKeysFromAnotherNode() {
        QFETCH(Scenario, scenario);
        QFETCH(uint64_t, position);
        QFETCH(uint32_t, firstMoved);
        QFETCH(uint32_t, lastMoved);
        Document doc;
        QVERIFY(doc.replaceScenario(scenario, QString(), false));
        QVERIFY(doc.addVnode(0));
        QCOMPARE(doc.scenario().nodes[0].tokens, (std::vector<uint64_t>{20, position}));
        QCOMPARE(doc.changedKeys(), range(firstMoved, lastMoved));
        for (const uint32_t k : doc.changedKeys()) {
            QCOMPARE(doc.ownersText(k), QStringLiteral("A"));
        }
        QCOMPARE(doc.moveSummary().primaryMoved, size_t(lastMoved - firstMoved + 1));
    }

    // A hash-named node gets its next vnode, {node}#{i}: one more token, by name.
    void addVnodeByHashName() {
        Document doc;
        QVERIFY(doc.openFile(preset("vnode-lesson.json")));
        const size_t before = doc.placement().ring().size();
        QVERIFY(doc.addVnode(0));
        QCOMPARE(doc.scenario().nodes[0].vnodes, std::optional<int64_t>(5));
        const Ring& ring = doc.placement().ring();
        QCOMPARE(ring.size(), before + 1);
        // Token A#4 is the new one; every key that moved went to A.
        bool found = false;
        for (size_t t = 0; t < ring.size(); ++t) {
            found = found || ring.origin(t) == TokenOrigin{0, 4};
        }
        QVERIFY(found);
        for (const uint32_t k : doc.changedKeys()) {
            QCOMPARE(doc.ownersText(k), QStringLiteral("A"));
        }
        // With weight 0.5, V = 2 gives one token: V grows to 3 for a second one.
        QVERIFY(doc.setNodeWeight(1, 0.5));
        QVERIFY(doc.setNodeVnodes(1, 2));
        QVERIFY(doc.addVnode(1));
        QCOMPARE(doc.scenario().nodes[1].vnodes, std::optional<int64_t>(3));
        QVERIFY(doc.removeVnode(1));
        QCOMPARE(doc.scenario().nodes[1].vnodes, std::optional<int64_t>(2));
    }

    // Where vnodes do not exist, the edit says why and changes nothing.
    void addVnodeRefused_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("algorithm");
        QTest::addColumn<QString>("message");
        QTest::newRow("ketama") << QStringLiteral("ketama-memcached-pool.json") << QString()
                                << QStringLiteral("ketama gives each server points by its weight");
        QTest::newRow("rendezvous")
            << QStringLiteral("seed000-ring.json") << QStringLiteral("rendezvous")
            << QStringLiteral("rendezvous places keys without tokens");
    }
    void addVnodeRefused() {
        QFETCH(QString, file);
        QFETCH(QString, algorithm);
        QFETCH(QString, message);
        Document doc;
        QVERIFY(doc.openFile(preset(file.toLatin1().constData())));
        doc.waitForIdle();
        if (!algorithm.isEmpty()) {
            QVERIFY(doc.edit(QStringLiteral("algorithm"), [&](Scenario& s) {
                s.algorithm = *algorithmFromName(algorithm.toStdString());
            }));
        }
        const Scenario before = doc.scenario();
        QSignalSpy rejected(&doc, &Document::inputRejected);
        QVERIFY(!doc.addVnode(0));
        QCOMPARE(rejected.count(), 1);
        QVERIFY2(rejected.front().front().toString().contains(message),
                 qPrintable(rejected.front().front().toString()));
        QVERIFY(rejected.front().front().toString().startsWith(QStringLiteral("nodes[0]")));
        QCOMPARE(doc.scenario(), before);
    }

    // "+ vnode" on the selected node, again and again: each click one more token.
    void repeatedAddVnodeOnTheSelectedNode() {
        Document doc;
        doc.setSelectedNode(0);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(doc.addVnode(*doc.selectedNode()));
            QVERIFY(doc.moveSummary().primaryMoved > 0);  // each one took keys over
        }
        QCOMPARE(doc.scenario().nodes[0].tokens.size(), size_t{4});
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(0));
        QCOMPARE(doc.undoStack()->count(), 3);
    }

    // A colour picked for a node is one undo step and is saved with the scenario.
    void pickedColourIsSaved() {
        Document doc;
        QVERIFY(doc.setNodeColor(1, 0x123456));
        QCOMPARE(doc.scenario().nodes[1].color, std::optional<uint32_t>(0x123456));
        QCOMPARE(doc.undoStack()->text(0), QStringLiteral("Colour B"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("coloured.json"));
        QVERIFY(doc.saveFile(path));
        QCOMPARE(loadScenarioFile(path).nodes[1].color, std::optional<uint32_t>(0x123456));
        QVERIFY(doc.setNodeColor(1, std::nullopt));  // back to the palette's
        QCOMPARE(doc.scenario().nodes[1].color, std::optional<uint32_t>());
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().nodes[1].color, std::optional<uint32_t>(0x123456));
    }

    // File → New → Redis Cluster lists no "slots" on its masters (redis-cli's split applies):
    // the node table still gives each master its ranges, as the placement owns them, as the
    // preset's masters listing theirs do.
    void redisMastersListTheirSlots() {
        BlankScenarioSpec spec;
        spec.profile = "redis-cluster";
        spec.nodes = 4;
        Document doc;
        QVERIFY(doc.replaceScenario(blankScenario(spec), {}, false));
        doc.waitForIdle();
        NodeTableModel table(&doc);
        const QStringList expected{QStringLiteral("0–4095 (4,096 slots)"),
                                   QStringLiteral("4096–8191 (4,096 slots)"),
                                   QStringLiteral("8192–12287 (4,096 slots)"),
                                   QStringLiteral("12288–16383 (4,096 slots)")};
        for (int n = 0; n < 4; ++n) {
            QCOMPARE(table.index(n, NodeTableModel::Tokens).data().toString(), expected[n]);
        }
        QCOMPARE(
            table.headerData(NodeTableModel::Tokens, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("Slots"));
    }

    // No edit recolours a node it did not touch: D renamed "Dee", then C removed, gave Dee C's
    // colour (colours probe past the ones nodes before took). Ids without digits, renamed,
    // colliding: each removal in turn leaves every other node its colour, and undo restores.
    void noEditRecoloursAnotherNode() {
        Document doc;  // seed 000: A, B, C
        QVERIFY(doc.addNode(NodeSpec{"D", 1.0, {}, {95}, {}}));
        doc.waitForIdle();
        const auto colorOf = [&doc](const std::string& id) {
            const auto colors = nodeColors(doc.scenario().nodes);
            for (size_t n = 0; n < doc.scenario().nodes.size(); ++n) {
                if (doc.scenario().nodes[n].id == id) {
                    return colors[n];
                }
            }
            return QColor();
        };
        const QColor d = colorOf("D");
        QVERIFY(doc.renameNode(3, QStringLiteral("Dee")));
        doc.waitForIdle();
        QCOMPARE(colorOf("Dee"), d);
        const QColor a = colorOf("A"), b = colorOf("B");
        QVERIFY(doc.removeNode(2));  // C
        doc.waitForIdle();
        QCOMPARE(colorOf("Dee"), d);
        QCOMPARE(colorOf("A"), a);
        QCOMPARE(colorOf("B"), b);
        doc.undoStack()->undo();
        doc.waitForIdle();
        QCOMPARE(colorOf("Dee"), d);

        // Ten ids without digits whose preferred colours collide: removing any one leaves the
        // other nine as they were.
        Scenario many = doc.scenario();
        many.nodes.clear();
        for (const char* id : {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf",
                               "hotel", "india", "juliet"}) {
            NodeSpec n;
            n.id = id;
            n.vnodes = 4;
            many.nodes.push_back(n);
        }
        many.tokenScheme = TokenScheme::Named;
        for (size_t gone = 0; gone < many.nodes.size(); ++gone) {
            QVERIFY(doc.replaceScenario(many, {}, false));
            doc.waitForIdle();
            const std::vector<QColor> before = nodeColors(doc.scenario().nodes);
            QVERIFY(doc.removeNode(gone));
            doc.waitForIdle();
            const std::vector<QColor> after = nodeColors(doc.scenario().nodes);
            for (size_t n = 0, m = 0; n < before.size(); ++n) {
                if (n == gone) {
                    continue;
                }
                QCOMPARE(after[m++], before[n]);
            }
        }
    }

    // Membership edits of a ring over more keys than a change computed at once may have are
    // followed arc by arc on the spot (no background run), and give what assigning every key
    // anew gives, with "moved" counted against the state before: a node added, a node removed
    // from the middle (the nodes after it renumbered), a vnode, a weight, and undo. The same for
    // an HAProxy backend, whose keys go to the nearer point. Each node's key count is carried
    // over as well, and equals counting the keys anew.
    void ringEditsAtScaleFollowAtOnce_data() {
        QTest::addColumn<bool>("haproxy");
        QTest::newRow("vnodes") << false;
        QTest::newRow("haproxy") << true;
    }
    void ringEditsAtScaleFollowAtOnce() {
        QFETCH(bool, haproxy);
        Scenario s;
        s.space = uint64_t{1} << 32;
        s.keyHash = HashKind::Xxh64;
        s.keys.pattern = "user:{i}:profile";
        s.keys.count = 2'000'000;
        if (haproxy) {
            s.tokenScheme = TokenScheme::Haproxy;
        }
        for (int n = 0; n < 20; ++n) {
            NodeSpec node;
            node.id = "10.0.0." + std::to_string(n + 1) + (haproxy ? ":80" : ":11211");
            if (haproxy) {
                node.weight = 4;  // 64 points
            } else {
                node.vnodes = 64;
            }
            s.nodes.push_back(node);
        }
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        QCOMPARE(doc.keys().size(), size_t{2'000'000});
        QVERIFY(!ComputeRunner::isCheap(s, nullptr));  // assigning them all is background work
        const auto check = [&doc](const char* what, const Assignment& before) {
            QVERIFY2(!doc.isBusy(), what);
            const Assignment fresh = assign(doc.placement(), doc.keys().names, doc.hashedKeys());
            QVERIFY2(doc.assignment().owners == fresh.owners, what);
            std::vector<uint64_t> counted(doc.placement().nodes().size(), 0);
            for (size_t k = 0; k < fresh.size(); ++k) {
                ++counted[fresh.primary(k)];
            }
            QVERIFY2(doc.keyCountsPerNode() == counted, what);
            size_t moved = 0;
            for (size_t k = 0; k < fresh.size(); ++k) {
                moved += doc.placement().nodeIds()[fresh.primary(k)] !=
                         doc.baselinePlacement().nodeIds()[before.primary(k)];
            }
            QVERIFY2(moved > 0, what);
            QCOMPARE(doc.moveSummary().primaryMoved, moved);
            // Classified where the arcs changed hands only, and as comparing every key gives.
            QVERIFY2(doc.keyChanges().changedRanks() != nullptr, what);
            const ChangeTracker every(doc.baselinePlacement(), doc.baselineAssignment(),
                                      doc.placement(), doc.assignment());
            QCOMPARE(doc.keyChanges().replicaOnly(), every.replicaOnly());
            for (size_t k = 0; k < fresh.size(); ++k) {
                QVERIFY2(doc.keyChange(k) == every.change(k), what);
            }
        };
        const Assignment original = doc.assignment();
        const ComputedPtr shown = doc.computed();
        QVERIFY(doc.addNode());
        // A node like the others: the next host on their port, their weight or vnodes.
        const NodeSpec& added = doc.scenario().nodes.back();
        QCOMPARE(added.id, std::string(haproxy ? "10.0.0.21:80" : "10.0.0.21:11211"));
        QCOMPARE(added.weight, haproxy ? 4.0 : 1.0);
        QCOMPARE(added.vnodes, haproxy ? std::optional<int64_t>() : std::optional<int64_t>(64));
        QCOMPARE(doc.baselineComputed().get(), shown.get());  // the state shown, not made anew
        check("add a node", original);
        Assignment before = doc.assignment();
        QVERIFY(doc.removeNode(7));
        check("remove a middle node", before);
        before = doc.assignment();
        QVERIFY(haproxy ? doc.setNodeWeight(3, 5.0) : doc.addVnode(3));  // 16 points more
        check("a vnode more", before);
        before = doc.assignment();
        QVERIFY(doc.setNodeWeight(4, haproxy ? 7.0 : 2.0));
        check("a weight", before);
        for (int i = 0; i < 4; ++i) {
            doc.undoStack()->undo();
            QVERIFY(!doc.isBusy());
            // An undo is measured against the state it left, whose owners were carried over
            // from the one it reached: the same arcs, the other way round.
            if (i < 3) {
                QVERIFY(doc.keyChanges().changedRanks() != nullptr);
                QVERIFY(doc.moveSummary().primaryMoved > 0);
                const ChangeTracker every(doc.baselinePlacement(), doc.baselineAssignment(),
                                          doc.placement(), doc.assignment());
                QCOMPARE(doc.moveSummary().primaryMoved, every.primaryMoved());
                QCOMPARE(doc.keyChanges().replicaOnly(), every.replicaOnly());
                for (size_t k = 0; k < doc.keys().size(); ++k) {
                    QVERIFY(doc.keyChange(k) == every.change(k));
                }
            }
        }
        QVERIFY(doc.assignment().owners == original.owners);
    }

    // A weight on a ring of written-out tokens places nothing: the edit says why no key moved.
    void weightOnWrittenTokensSaysWhyNothingMoves() {
        Document doc;
        QVERIFY(doc.replaceScenario(loadScenarioFile(preset("seed000-ring.json")), {}, false));
        doc.waitForIdle();
        QSignalSpy notices(&doc, &Document::notice);
        QVERIFY(doc.setNodeWeight(1, 3.0));
        doc.waitForIdle();
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{0});
        QCOMPARE(notices.count(), 1);
        const QString notice = notices.at(0).at(0).toString();
        QVERIFY2(notice.contains(u"B's tokens are written out") && notice.contains(u"no key moves"),
                 qPrintable(notice));
        // Where the weight places tokens (vnodes named and hashed), nothing needs saying.
        QVERIFY(
            doc.replaceScenario(loadScenarioFile(preset("ketama-memcached-pool.json")), {}, false));
        doc.waitForIdle();
        notices.clear();
        QVERIFY(doc.setNodeWeight(0, 3.0));
        doc.waitForIdle();
        QVERIFY(doc.moveSummary().primaryMoved > 0);
        QCOMPARE(notices.count(), 0);
    }

    // A key selected in one document is not selected in the next (its replica walk was drawn
    // on the next scenario, for whatever key has that number there).
    void openingAnotherDocumentDropsTheSelectedKey() {
        Document doc;
        QVERIFY(doc.replaceScenario(loadScenarioFile(preset("seed000-ring.json")), {}, false));
        doc.waitForIdle();
        doc.setSelectedKey(size_t{10});
        QCOMPARE(doc.selectedKey(), std::optional<size_t>(10));
        QVERIFY(!doc.selectedWalk().chosen.empty());
        QSignalSpy changed(&doc, &Document::selectedKeyChanged);
        QVERIFY(doc.replaceScenario(loadScenarioFile(preset("replicas-zones.json")), {}, false));
        doc.waitForIdle();
        QCOMPARE(doc.selectedKey(), std::nullopt);
        QVERIFY(doc.selectedWalk().chosen.empty());
        QCOMPARE(changed.count(), 1);
        // An edit keeps it.
        doc.setSelectedKey(size_t{3});
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        QCOMPARE(doc.selectedKey(), std::optional<size_t>(3));
    }

    // A key-set change over many keys runs in the background and can be cancelled.
    void largeRecomputeIsAsyncAndCancellable() {
        Document doc;
        QSignalSpy busy(&doc, &Document::busyChanged);
        QVERIFY(doc.edit(QStringLiteral("many keys"), [](Scenario& s) {
            s.keyHash = HashKind::Fnv1a32;
            s.keys.pattern = "session-{i}";
            s.keys.count = 3'000'000;
        }));
        QVERIFY(doc.isBusy());
        QCOMPARE(doc.keys().size(), size_t{100});  // still the old state
        doc.cancelComputation();
        QVERIFY(!doc.isBusy());
        QCOMPARE(doc.keys().size(), size_t{100});
        QCOMPARE(doc.undoStack()->index(), 0);  // the edit stepped back

        doc.undoStack()->redo();
        QVERIFY(doc.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!doc.isBusy(), 60000);
        QCOMPARE(doc.keys().size(), size_t{3'000'000});
        QVERIFY(busy.count() >= 4);
    }
};

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
