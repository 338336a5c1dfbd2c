#pragma once
// What the views of the algorithms that remove buckets in place (AnchorHash, MementoHash, DxHash:
// removedbucketspanel.h) are checked for, each suite calling these with its algorithm: the path
// drawn ends at the document's owner of the key, the counts stated are the keys a removal and an
// addition really move (the window's own edits), nothing is counted while a question is open,
// another algorithm's scenario says so, and removing a middle node in the window keeps it
// listed as removed, undo bringing it back.
#include <QTest>
#include <QUndoStack>

#include <memory>

#include "document.h"
#include "lessoncore.h"
#include "numberformat.h"
#include "placed.h"
#include "removedbucketspanel.h"
#include "ringcolors.h"
#include "ringscope/removedbuckets.h"
#include "scenarioedits.h"
#include "scenariojson.h"
#include "viewregistry.h"
#include "viewtest.h"

namespace viewtest {

using namespace ringscope;  // NOLINT: the tests' own header

// 12 host:port nodes under `algorithm`, 5,000 keys with non-ASCII bytes, nodes 5 then 2 removed.
inline Scenario removedBucketsScenario(Algorithm algorithm) {
    Scenario s = hashedScenario(12, 0, 5000);
    s = withAlgorithm(s, algorithm);
    s.keys.pattern = "セッション-{i}";
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        s.nodes[n].vnodes.reset();
        s.nodes[n].id = "10.0.0." + std::to_string(n + 1) + ":11211";
    }
    moduleOf(algorithm).removeInPlace(s, 5);
    moduleOf(algorithm).removeInPlace(s, 2);
    return s;
}

// The algorithm's registered view over `doc`.
inline std::unique_ptr<RemovedBucketsPanel> removedBucketsPanel(Document& doc,
                                                                std::string_view view) {
    using ringscope::ViewContext;
    const ViewEntry* entry = registeredView(view);
    if (!entry) {
        return nullptr;
    }
    return std::unique_ptr<RemovedBucketsPanel>(
        dynamic_cast<RemovedBucketsPanel*>(entry->make(ViewContext{&doc, nullptr, nullptr})));
}

inline void checkRemovedBucketsView(Algorithm algorithm, const QString& shot) {
    const std::string_view view = moduleOf(algorithm).traits().view;
    Document doc;
    QVERIFY(doc.replaceScenario(removedBucketsScenario(algorithm), {}, false));
    doc.waitForIdle();
    const auto panel = removedBucketsPanel(doc, view);
    QVERIFY(panel);
    panel->waitForIdle();
    const Scenario& s = doc.scenario();
    for (const size_t key : {size_t{0}, size_t{7}, size_t{4321}}) {
        doc.setSelectedKey(key);
        panel->waitForIdle();
        const BucketsPicture& p = panel->pathView().picture();
        QCOMPARE(p.value, keyHashes(doc)[key]);
        QVERIFY(!p.path.empty());
        QCOMPARE(p.path.back().bucket, doc.assignment().primary(key));
        QVERIFY(p.path.back().bucket != 5 && p.path.back().bucket != 2);
        QCOMPARE(p.removedAt[5], 1u);
        QCOMPARE(p.removedAt[2], 2u);
        const QString id = QString::fromStdString(s.nodes[p.path.back().bucket].id);
        QVERIFY2(panel->summary().contains(
                     QStringLiteral("bucket %1 (%2)").arg(p.path.back().bucket).arg(id)),
                 qPrintable(panel->summary()));
        const QStringList rows = panel->pathView().rowTexts();
        QCOMPARE(size_t(rows.size()), std::min(p.path.size(), BucketsPathView::kMaxRows + 1));
        QVERIFY(rows.back().contains(id));
    }

    // The counts: node 6 (the working node nearest the middle) removed moves its keys alone; a
    // node added then restores every key; a node added now takes bucket 2 (removed last).
    size_t onSix = 0;
    for (size_t k = 0; k < doc.keys().size(); ++k) {
        onSix += doc.assignment().primary(k) == 6 ? 1 : 0;
    }
    Scenario grown = s;
    NodeSpec joined;
    joined.id = "10.0.9.9:11211";
    edits::addNode(grown, joined);
    const HashedKeys hashed = hashKeys(doc.keys(), keyHashingOf(s));
    const Placed more = placeKeys(grown, doc.keys(), hashed);
    size_t added = 0;
    for (size_t k = 0; k < doc.keys().size(); ++k) {
        if (doc.assignment().primary(k) != more.assignment.primary(k)) {
            QCOMPARE(more.assignment.primary(k), 2u);
            ++added;
        }
    }
    const QString text = panel->summary();
    QVERIFY2(text.contains(QStringLiteral("Removing 10.0.0.7:11211 (bucket 6, in the middle) "
                                          "would move %1 keys (%2), only its own")
                               .arg(format::count(onSix), format::percentOf(onSix, 5000))),
             qPrintable(text));
    QVERIFY(text.contains(u"every key goes where it went before"));
    QVERIFY2(text.contains(QStringLiteral("Adding a node now (bucket 2) would move %1 keys (%2), "
                                          "every one into it")
                               .arg(format::count(added), format::percentOf(added, 5000))),
             qPrintable(text));

    // A key whose path passes a removed bucket, drawn: crossed out there, its node's colour at
    // the end.
    size_t shown = doc.keys().size();
    for (size_t k = 0; k < doc.keys().size() && shown == doc.keys().size(); ++k) {
        doc.setSelectedKey(k);
        const auto& path = panel->pathView().picture().path;
        shown = path.size() >= 2 && path.size() <= BucketsPathView::kMaxRows ? k : shown;
    }
    QVERIFY(shown < doc.keys().size());
    doc.setSelectedKey(shown);
    panel->waitForIdle();
    const QImage image = grabAt(*panel, QSize(720, 420));
    keepShot(image, shot);
    const auto& path = panel->pathView().picture().path;
    const QPoint end = panel->pathView().mapTo(
        panel.get(), panel->pathView().stepCentre(path.size() - 1).toPoint());
    const QColor node = nodeColors(s.nodes)[path.back().bucket];
    QVERIFY2(distance(image.pixelColor(end), node) < 40,
             qPrintable(image.pixelColor(end).name() + QLatin1Char(' ') + node.name()));
    const QPoint first =
        panel->pathView().mapTo(panel.get(), panel->pathView().stepCentre(0).toPoint());
    const QColor moved = RingColors::from(panel->palette()).moved;
    QVERIFY(countColor(image, moved, 40, QRect(first - QPoint(5, 5), QSize(11, 11))) >= 4);

    // While a question is open the counts wait; the path is drawn.
    doc.setQuestionOpen(true);
    panel->waitForIdle();
    QVERIFY(!panel->summary().contains(u"would move"));
    QVERIFY(!panel->pathView().picture().path.empty());
    doc.setQuestionOpen(false);
    panel->waitForIdle();
    QVERIFY(panel->summary().contains(u"would move"));

    // The window's Remove node keeps the node, listed removed; undo brings it back.
    const Scenario before = doc.scenario();
    QVERIFY(doc.removeNode(8));
    doc.waitForIdle();
    QCOMPARE(doc.scenario().nodes.size(), size_t{12});
    const auto order = moduleOf(algorithm).removedInPlace(doc.scenario());
    QCOMPARE(order.size(), size_t{3});
    QCOMPARE(order.back(), 8u);
    for (size_t k = 0; k < doc.keys().size(); ++k) {
        QVERIFY(doc.assignment().primary(k) != 8);
    }
    doc.undoStack()->undo();
    doc.waitForIdle();
    QCOMPARE(doc.scenario(), before);
    // Removing a removed node is refused, the scenario unchanged.
    QVERIFY(!doc.removeNode(5));
    QCOMPARE(doc.scenario(), before);
}

// A lesson's remove-node and add-node edit as the window does (the node stays, marked removed; a
// new node fills the bucket removed last), and erasing a node under another algorithm, or turning
// to another, leaves no stale list behind.
inline void checkLessonEditsAndSwitches(Algorithm algorithm) {
    const std::string name(moduleOf(algorithm).name());
    const Scenario s = removedBucketsScenario(algorithm);  // 5, then 2 removed
    lesson::Edit remove;
    remove.op = lesson::EditOp::RemoveNode;
    remove.node = s.nodes[8].id;
    const Scenario fewer = lesson::applyEdit(s, remove);
    QCOMPARE(fewer.nodes.size(), s.nodes.size());
    auto order = moduleOf(algorithm).removedInPlace(fewer);
    QCOMPARE(std::vector<uint32_t>(order.begin(), order.end()), (std::vector<uint32_t>{5, 2, 8}));
    lesson::Edit add;
    add.op = lesson::EditOp::AddNode;
    add.fields = QJsonObject{{QStringLiteral("id"), QStringLiteral("10.0.9.1:11211")}};
    const Scenario more = lesson::applyEdit(fewer, add);
    QCOMPARE(more.nodes.size(), s.nodes.size());
    QCOMPARE(more.nodes[8].id, std::string("10.0.9.1:11211"));
    order = moduleOf(algorithm).removedInPlace(more);
    QCOMPARE(std::vector<uint32_t>(order.begin(), order.end()), (std::vector<uint32_t>{5, 2}));

    // Under rendezvous, a list left in the scenario follows an erased node (renumbered) and the
    // file still reads; turning to rendezvous forgets it.
    Scenario other = s;
    other.algorithm = Algorithm::Rendezvous;
    lesson::Edit erase;
    erase.op = lesson::EditOp::RemoveNode;
    erase.node = s.nodes[3].id;
    const Scenario erased = lesson::applyEdit(other, erase);
    QCOMPARE(erased.nodes.size(), s.nodes.size() - 1);
    order = moduleOf(algorithm).removedInPlace(erased);
    QCOMPARE(std::vector<uint32_t>(order.begin(), order.end()), (std::vector<uint32_t>{4, 2}));
    QCOMPARE(scenarioFromJson(scenarioToJson(erased)), erased);
    Scenario turned = s;
    turnTo(turned, Algorithm::Rendezvous);
    QVERIFY(moduleOf(algorithm).removedInPlace(turned).empty());
    QVERIFY(!scenarioToJson(turned).contains(name));
}

// Another algorithm's scenario: the view says what it shows.
inline void checkRemovedBucketsViewOfAnotherAlgorithm(Algorithm algorithm) {
    Document doc;
    QVERIFY(doc.replaceScenario(hashedScenario(6, 10, 2000), {}, false));
    doc.waitForIdle();
    const auto panel = removedBucketsPanel(doc, moduleOf(algorithm).traits().view);
    QVERIFY(panel);
    panel->waitForIdle();
    QVERIFY2(panel->summary().startsWith(u"This scenario uses Ring"), qPrintable(panel->summary()));
    const Placement p = Placement::build(asAlgorithm(doc.scenario(), algorithm));
    uint32_t owner = 0;
    p.route({}, keyHashes(doc)[0], 0, std::span(&owner, 1));
    QCOMPARE(panel->pathView().picture().path.back().bucket, owner);
}

}  // namespace viewtest
