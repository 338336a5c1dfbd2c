// The ring widget: a token dragged with real mouse events (model, undo stack, moved keys), and
// what is drawn: seed 000 after adding D@40 shows exactly keys 21..40 highlighted.
#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QRegion>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QUndoStack>

#include <limits>
#include <memory>
#include <numeric>
#include <sstream>

#include "document.h"
#include "movedkeyspanel.h"
#include "render.h"
#include "ringcolors.h"
#include "ringscene.h"
#include "ringwidget.h"
#include "scenariojson.h"
#include "testpaths.h"

Q_DECLARE_METATYPE(ringscope::Scenario)

using namespace ringscope;

namespace {

constexpr int kSize = 800;

QString preset(const char* name) {
    return ringscope::test::sourcePath("/resources/presets/") + QLatin1String(name);
}

std::vector<uint32_t> range(uint32_t first, uint32_t last) {
    std::vector<uint32_t> out;
    for (uint32_t k = first; k <= last; ++k) {
        out.push_back(k);
    }
    return out;
}

int distance(QColor a, QColor b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
           std::abs(a.blue() - b.blue());
}

// Keys 0..99 sit at positions 0..99; returns the keys whose mark is drawn in the moved colour.
std::vector<uint32_t> highlightedKeys(const QImage& image, const RingGeometry& g,
                                      const RingColors& colors) {
    std::vector<uint32_t> lit;
    for (uint32_t k = 0; k < 100; ++k) {
        const QPoint at = g.pointAt(k, g.keyRadius()).toPoint();
        const QColor c = image.pixelColor(at);
        if (distance(c, colors.moved) < 60) {
            lit.push_back(k);
        } else if (distance(c, colors.key) > 60) {
            qWarning() << "key" << k << "drawn in an unexpected colour" << c;
            return {};
        }
    }
    return lit;
}

// The document's ring in a widget shown at kSize x kSize (palette optional); nullptr if it never
// appears.
std::unique_ptr<RingWidget> shownRing(Document& doc, const QPalette* palette = nullptr) {
    auto widget = std::make_unique<RingWidget>(&doc);
    if (palette) {
        widget->setPalette(*palette);
    }
    widget->resize(kSize, kSize);
    widget->show();
    return QTest::qWaitForWindowExposed(widget.get()) ? std::move(widget) : nullptr;
}

// Seed 000 after adding D@40, in a ring widget shown at kSize x kSize (palette optional).
std::unique_ptr<RingWidget> seedWithD(Document& doc, const QPalette* palette = nullptr) {
    NodeSpec d;
    d.id = "D";
    d.tokens = {40};
    return doc.addNode(d) ? shownRing(doc, palette) : nullptr;
}

// `nodes` hash-named nodes node-00.. with 4 vnodes each over 2,000 keys.
Scenario manyNodes(int nodes) {
    Scenario s;
    for (int n = 0; n < nodes; ++n) {
        NodeSpec node;
        node.id = QStringLiteral("node-%1").arg(n, 2, 10, QLatin1Char('0')).toStdString();
        node.vnodes = 4;
        s.nodes.push_back(node);
    }
    s.keys.pattern = "key-{i}";
    s.keys.count = 2000;
    return s;
}

// The scene's picture in `size`: the ring alone (logical square centred), or with its legend.
QImage scenePicture(const RingScene& scene, QSize size, bool legend) {
    QImage image(size, QImage::Format_RGB32);
    image.setDevicePixelRatio(1.0);
    QPainter p(&image);
    p.fillRect(image.rect(), Qt::white);
    p.setTransform(RingScene::transformFor(QRectF(image.rect())));
    scene.paint(p);
    p.resetTransform();
    if (legend) {
        scene.paintLegend(p, QRectF(image.rect()));
    }
    return image;
}

// Where the legend drew: the pixels that differ from the ring alone.
QRegion legendPixels(const QImage& ring, const QImage& withLegend) {
    QRegion drawn;
    for (int y = 0; y < ring.height(); ++y) {
        for (int x = 0; x < ring.width(); ++x) {
            if (ring.pixel(x, y) != withLegend.pixel(x, y)) {
                drawn += QRect(x, y, 1, 1);
            }
        }
    }
    return drawn;
}

}  // namespace

class TestRingWidget : public QObject {
    Q_OBJECT
private slots:
    // A token under the pointer is drawn larger, with the hand cursor; when the pointer leaves
    // the ring the token is drawn as before and the cursor is an arrow again.
    void hoverEndsWhenThePointerLeaves() {
        Document doc;
        RingWidget widget(&doc);
        widget.resize(kSize, kSize);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        const RingGeometry g = widget.widgetGeometry();
        const QImage before = widget.grab().toImage();
        QTest::mouseMove(&widget, g.pointAt(20, g.radius).toPoint());
        QCOMPARE(widget.cursor().shape(), Qt::OpenHandCursor);
        QVERIFY(widget.grab().toImage() != before);
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(&widget, &leave);
        QCOMPARE(widget.cursor().shape(), Qt::ArrowCursor);
        QCOMPARE(widget.grab().toImage(), before);
    }

    void dragTokenWithMouse() {
        Document doc;
        RingWidget widget(&doc);
        widget.resize(kSize, kSize);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        const RingGeometry g = widget.widgetGeometry();
        const QPoint a20 = g.pointAt(20, g.radius).toPoint();

        QTest::mousePress(&widget, Qt::LeftButton, {}, a20);
        QVERIFY(doc.isDragging());
        for (uint64_t p = 22; p <= 40; p += 2) {
            QTest::mouseMove(&widget, g.pointAt(p, g.radius).toPoint());
        }
        // Live while dragging: A took (20, 40] from B, nothing committed yet.
        QCOMPARE(doc.liveRing().ring().position(*doc.draggedToken()), uint64_t{40});
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{20});
        QCOMPARE(doc.undoStack()->count(), 0);

        QTest::mouseRelease(&widget, Qt::LeftButton, {}, g.pointAt(40, g.radius).toPoint());
        QVERIFY(!doc.isDragging());
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.undoStack()->text(0), QStringLiteral("Move token of A to 40"));
        QCOMPARE(doc.scenario().nodes[0].tokens, (std::vector<uint64_t>{40}));
        QCOMPARE(doc.changedKeys(), range(21, 40));

        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().nodes[0].tokens, (std::vector<uint64_t>{20}));
    }

    // The moved-key list follows a drag row by row: after each live step its rows are the
    // document's changed keys, told as rows removed and inserted (no reset), so a row the user
    // selected stays on its key.
    void movedKeysListFollowsADragRowByRow() {
        Document doc;
        MovedKeysModel model(&doc);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QVERIFY(doc.beginTokenDrag(0));  // A@20
        doc.dragTokenTo(30);
        model.refresh();
        QCOMPARE(model.rowCount(), 10);  // keys 21..30 moved to A
        const QPersistentModelIndex held = model.index(model.rowOf(25), 0);
        for (const uint64_t to : {35, 28, 40, 26, 33}) {
            doc.dragTokenTo(to);
            model.refresh();
            const std::vector<uint32_t> changed = doc.changedKeys();
            QCOMPARE(size_t(model.rowCount()), changed.size());
            for (int row = 0; row < model.rowCount(); ++row) {
                QCOMPARE(model.keyAt(row), changed[size_t(row)]);
            }
            QVERIFY(held.isValid());
            QCOMPARE(model.keyAt(held.row()), uint32_t{25});
        }
        QCOMPARE(resets.count(), 0);
        doc.cancelTokenDrag();
        model.refresh();
        QCOMPARE(model.rowCount(), 0);
    }

    // In a signed64 space the tooltips write signed tokens: a token, its arc and a key.
    void tooltipsShowSignedTokens() {
        Document doc;
        Scenario s;
        s.space = kSpaceSigned64;
        s.keyHash = HashKind::Identity;
        s.nodes = {NodeSpec{"A", 1.0, {}, {signed64ToPosition(-4611686018427387904LL)}, {}},
                   NodeSpec{"B", 1.0, {}, {signed64ToPosition(0)}, {}}};
        s.keys.kind = KeySetSpec::Kind::List;
        s.keys.list = {"-5000000000000000000"};
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        RingWidget widget(&doc);
        widget.resize(kSize, kSize);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        const RingGeometry g = widget.widgetGeometry();
        const auto tipAt = [&](QPointF at) {
            QHelpEvent help(QEvent::ToolTip, at.toPoint(), widget.mapToGlobal(at.toPoint()));
            QApplication::sendEvent(&widget, &help);
            return QToolTip::text();
        };
        const QString token =
            tipAt(g.pointAt(signed64ToPosition(-4611686018427387904LL), g.radius));
        QVERIFY2(token.contains(QStringLiteral("at -4611686018427387904")), qPrintable(token));
        QVERIFY2(token.contains(QStringLiteral("arc (0, -4611686018427387904]")),
                 qPrintable(token));
        const QString key =
            tipAt(g.pointAt(signed64ToPosition(-5000000000000000000LL), g.keyRadius()));
        QVERIFY2(key.contains(QStringLiteral("at -5000000000000000000")), qPrintable(key));
        QToolTip::hideText();
    }

    void pressOffTokenDoesNotDrag() {
        Document doc;
        RingWidget widget(&doc);
        widget.resize(kSize, kSize);
        const RingGeometry g = widget.widgetGeometry();
        QTest::mousePress(&widget, Qt::LeftButton, {}, g.pointAt(40, g.radius).toPoint());
        QVERIFY(!doc.isDragging());
        QTest::mouseMove(&widget, g.pointAt(50, g.radius).toPoint());
        QTest::mouseRelease(&widget, Qt::LeftButton, {}, g.pointAt(50, g.radius).toPoint());
        QCOMPARE(doc.undoStack()->count(), 0);
        // A click on a key mark selects the key.
        QTest::mouseClick(&widget, Qt::LeftButton, {}, g.pointAt(35, g.keyRadius()).toPoint());
        QCOMPARE(doc.selectedKey(), std::optional<size_t>(35));
    }

    void escapeCancelsDrag() {
        Document doc;
        RingWidget widget(&doc);
        widget.resize(kSize, kSize);
        const RingGeometry g = widget.widgetGeometry();
        QTest::mousePress(&widget, Qt::LeftButton, {}, g.pointAt(60, g.radius).toPoint());
        QTest::mouseMove(&widget, g.pointAt(75, g.radius).toPoint());
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{15});
        QTest::keyClick(&widget, Qt::Key_Escape);
        QVERIFY(!doc.isDragging());
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{0});
        QCOMPARE(doc.liveRing().ring().position(1), uint64_t{60});
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    void pictureShowsMovedKeys() {
        Document doc;
        const auto shown = seedWithD(doc);
        QVERIFY(shown);
        RingWidget& widget = *shown;
        const QImage image = widget.grab().toImage();
        QCOMPARE(image.devicePixelRatio(), 1.0);
        QCOMPARE(image.size(), QSize(kSize, kSize));
        const RingColors colors = RingColors::from(widget.palette());
        QCOMPARE(highlightedKeys(image, widget.widgetGeometry(), colors), range(21, 40));

        doc.undoStack()->undo();  // the initial ring: no step produced it, nothing is lit
        QTRY_VERIFY(!widget.isMigrating());
        QCOMPARE(highlightedKeys(widget.grab().toImage(), widget.widgetGeometry(), colors),
                 std::vector<uint32_t>{});
        doc.undoStack()->redo();             // adding D again, as when it was made
        QTRY_VERIFY(!widget.isMigrating());  // once they have glided to D
        QCOMPARE(highlightedKeys(widget.grab().toImage(), widget.widgetGeometry(), colors),
                 range(21, 40));
        doc.pinBaseline();  // nothing differs from a baseline pinned here
        QCOMPARE(highlightedKeys(widget.grab().toImage(), widget.widgetGeometry(), colors),
                 std::vector<uint32_t>{});
    }

    // After an undo the picture lights the keys of the step below, drawn as that step drew them
    // when it was made; a redo lights the redone step's keys.
    void pictureAfterUndoShowsTheStepBelow() {
        Document doc;
        const auto shown = seedWithD(doc);  // step 1: 21..40 from B to D
        QVERIFY(shown);
        RingWidget& widget = *shown;
        const RingColors colors = RingColors::from(widget.palette());
        // Both once the moved keys have glided to their places.
        // (A glide that never ends gives no keys and no picture.)
        const auto lit = [&] {
            if (!QTest::qWaitFor([&] { return !widget.isMigrating(); })) {
                return std::vector<uint32_t>{};
            }
            return highlightedKeys(widget.grab().toImage(), widget.widgetGeometry(), colors);
        };
        // The picture without a selected node (an added node is selected, a pressed one too).
        const auto picture = [&] {
            if (!QTest::qWaitFor([&] { return !widget.isMigrating(); })) {
                return QImage();
            }
            doc.setSelectedNode(std::nullopt);
            return widget.grab().toImage();
        };
        const QImage stepOne = picture();
        NodeSpec e;
        e.id = "E";
        e.tokens = {75};
        QVERIFY(doc.addNode(e));  // step 2: 61..75 from C to E
        QCOMPARE(lit(), range(61, 75));
        const QImage stepTwo = picture();
        const RingGeometry g = widget.widgetGeometry();
        QTest::mousePress(&widget, Qt::LeftButton, {}, g.pointAt(20, g.radius).toPoint());
        QTest::mouseMove(&widget, g.pointAt(30, g.radius).toPoint());
        QTest::mouseRelease(&widget, Qt::LeftButton, {}, g.pointAt(30, g.radius).toPoint());
        QCOMPARE(doc.undoStack()->count(), 3);  // step 3: A's token dragged to 30
        QCOMPARE(lit(), range(21, 30));
        QTest::mouseMove(&widget, QPoint(2, 2));  // no token under the pointer

        doc.undoStack()->undo();
        QCOMPARE(lit(), range(61, 75));
        QCOMPARE(picture(), stepTwo);  // the whole picture, as step 2 drew it
        doc.undoStack()->undo();
        QCOMPARE(lit(), range(21, 40));
        QCOMPARE(picture(), stepOne);
        doc.undoStack()->redo();
        QCOMPARE(lit(), range(61, 75));
        doc.undoStack()->redo();
        QCOMPARE(lit(), range(21, 30));
    }

    // On a dark palette the ring draws on the dark base, its labels in the light text colour, and
    // the moved keys are still exactly 21..40.
    void darkPalette() {
        Document doc;
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
        const auto shown = seedWithD(doc, &dark);
        QVERIFY(shown);
        RingWidget& widget = *shown;
        const QImage image = widget.grab().toImage();
        const RingColors colors = RingColors::from(widget.palette());
        QCOMPARE(colors.background, QColor(0x1e, 0x1e, 0x1e));
        QCOMPARE(image.pixelColor(3, kSize - 3), colors.background);
        QCOMPARE(highlightedKeys(image, widget.widgetGeometry(), colors), range(21, 40));
        // Text is drawn in the light colour (legend, counts), sampled on every other pixel.
        int light = 0;
        for (int y = 0; y < image.height(); y += 2) {
            for (int x = 0; x < image.width(); x += 2) {
                light += distance(image.pixelColor(x, y), colors.text) < 40;
            }
        }
        if (qEnvironmentVariableIsSet("RINGSCOPE_SHOTS")) {
            image.save(qEnvironmentVariable("RINGSCOPE_SHOTS") + QStringLiteral("/ring-dark.png"));
        }
        QVERIFY2(light > 50, qPrintable(QString::number(light)));  // ~100 at 800 px
    }

    // The legend never covers the ring: beside it when the picture is wide, in its free corners
    // when square; with many nodes a compact list that ends in "… and N more". Its swatches are
    // big enough to tell apart (at least 10 px).
    void legendClearsTheRing_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("beside");
        QTest::newRow("3 nodes, window") << 3 << QSize(880, 465) << true;
        QTest::newRow("3 nodes, square") << 3 << QSize(800, 800) << false;
        QTest::newRow("100 nodes, window") << 100 << QSize(880, 465) << true;
        QTest::newRow("100 nodes, square") << 100 << QSize(800, 800) << false;
        QTest::newRow("12 nodes, small square") << 12 << QSize(400, 400) << false;
    }
    void legendClearsTheRing() {
        QFETCH(int, nodes);
        QFETCH(QSize, size);
        QFETCH(bool, beside);
        Document doc;
        if (nodes != 3) {
            QVERIFY(doc.replaceScenario(manyNodes(nodes), {}, false));
            doc.waitForIdle();
        }
        RingScene scene;
        scene.rebuild(doc.ringSnapshot());
        const QImage ring = scenePicture(scene, size, false);
        const QRegion legend = legendPixels(ring, scenePicture(scene, size, true));
        QVERIFY(!legend.isEmpty());
        const double side = std::min(size.width(), size.height());
        const QPointF centre(size.width() / 2.0, size.height() / 2.0);
        const double clear = (scene.geometry().radius + 72) * side / RingScene::kLogicalSize;
        for (const QRect& r : legend) {
            // The corner of each drawn rectangle nearest the centre stays outside the labels.
            const double dx = std::max({0.0, r.left() - centre.x(), centre.x() - r.right()});
            const double dy = std::max({0.0, r.top() - centre.y(), centre.y() - r.bottom()});
            QVERIFY2(std::hypot(dx, dy) > clear,
                     qPrintable(QStringLiteral("legend pixels at %1,%2").arg(r.x()).arg(r.y())));
        }
        const double squareLeft = centre.x() - side / 2;
        QCOMPARE(legend.boundingRect().right() < squareLeft, beside);
        // node-00's swatch (or A's): a run of its colour at least 10 px tall.
        const QColor first = nodeColors(doc.scenario().nodes)[0];
        const QImage drawn = scenePicture(scene, size, true).copy(legend.boundingRect());
        int tallest = 0;
        for (int x = 0; x < drawn.width(); ++x) {
            int run = 0;
            for (int y = 0; y < drawn.height(); ++y) {
                run = drawn.pixelColor(x, y) == first ? run + 1 : 0;
                tallest = std::max(tallest, run);
            }
        }
        QVERIFY2(tallest >= 10, qPrintable(QString::number(tallest)));
    }

    // A node id is written inside its arc only where it fits: long ids (Cassandra's addresses,
    // 16 tokens each) never overlap each other, and the 0-99 lesson keeps every label.
    void arcLabelsNeverOverlap() {
        Document doc;
        RingScene scene;
        scene.rebuild(doc.ringSnapshot());
        QCOMPARE(scene.arcLabels().size(), size_t(3));  // A, B and C
        QVERIFY(doc.openFile(
            ringscope::test::sourcePath("/resources/presets/cassandra-6x16-rf3.json")));
        doc.waitForIdle();
        scene.rebuild(doc.ringSnapshot());
        const auto& labels = scene.arcLabels();
        QVERIFY(!labels.empty());
        for (size_t i = 0; i < labels.size(); ++i) {
            for (size_t j = i + 1; j < labels.size(); ++j) {
                QVERIFY2(!labels[i].second.intersects(labels[j].second),
                         qPrintable(labels[i].first + QStringLiteral(" and ") + labels[j].first));
            }
        }
    }

    // Token labels stand clear of the tick marks, the tick labels and each other, whatever the
    // ids (host:port labels at the sides, where a label is widest across the ring; neighbouring
    // tokens) and the space (signed64's quarter-turn labels), each token keeps its label, and
    // every label stays inside the picture (one too wide at the sides is its position alone).
    void tokenLabelsClearTheTicks_data() {
        QTest::addColumn<Scenario>("scenario");
        // Whether every label fits inside the square picture. Crowded neighbours near the
        // sides (the vnode lesson's 76-78) and signed64's 19-digit positions at the sides find
        // no clear place inside; they keep the place beside the ring they had (a wide window
        // shows them).
        QTest::addColumn<bool>("inside");
        QTest::newRow("seed 000") << Document::defaultScenario() << true;
        QTest::newRow("vnode lesson") << loadScenarioFile(preset("vnode-lesson.json")) << false;
        Scenario pool;
        pool.space = 100;
        pool.keyHash = HashKind::Identity;
        for (const auto& [host, token] :
             {std::pair{2, 25}, {3, 26}, {4, 75}, {5, 50}, {6, 0}, {7, 80}}) {
            NodeSpec node;
            node.id = "10.0.0." + std::to_string(host) + ":11211";
            node.tokens = {uint64_t(token)};
            pool.nodes.push_back(node);
        }
        pool.keys.pattern = "{i}";
        pool.keys.count = 100;
        QTest::newRow("host:port pool") << pool << true;
        Scenario wide;
        wide.space = kSpaceSigned64;
        wide.keyHash = HashKind::Identity;
        wide.nodes = {
            NodeSpec{"A", 1.0, {}, {signed64ToPosition(std::numeric_limits<int64_t>::min())}, {}},
            NodeSpec{"B", 1.0, {}, {signed64ToPosition(-4611686018427387904LL)}, {}},
            NodeSpec{"C", 1.0, {}, {signed64ToPosition(0)}, {}},
            NodeSpec{"D", 1.0, {}, {signed64ToPosition(4611686018427387904LL)}, {}}};
        wide.keys.pattern = "{i}";
        wide.keys.count = 10;
        QTest::newRow("signed64 quarter turns") << wide << false;
    }
    void tokenLabelsClearTheTicks() {
        QFETCH(Scenario, scenario);
        QFETCH(bool, inside);
        Document doc;
        QVERIFY(doc.replaceScenario(scenario, {}, false));
        doc.waitForIdle();
        for (const bool presenting : {false, true}) {
            RingScene scene;
            scene.setPresenting(presenting);
            scene.rebuild(doc.ringSnapshot());
            const auto ticks = scene.textBoxes(RingScene::TextRole::Tick);
            const auto labels = scene.textBoxes(RingScene::TextRole::TokenLabel);
            QVERIFY(!ticks.empty());
            QStringList drawn;
            for (const auto& [text, box] : labels) {
                drawn << QStringLiteral("%1 (%2,%3 %4x%5)")
                             .arg(text)
                             .arg(box.x())
                             .arg(box.y())
                             .arg(box.width())
                             .arg(box.height());
            }
            QVERIFY2(labels.size() == doc.liveRing().ring().size(), qPrintable(drawn.join(u' ')));
            const RingGeometry& g = scene.geometry();
            for (size_t i = 0; i < labels.size(); ++i) {
                const QRectF& box = labels[i].second;
                const double dx =
                    std::max({0.0, box.left() - g.center.x(), g.center.x() - box.right()});
                const double dy =
                    std::max({0.0, box.top() - g.center.y(), g.center.y() - box.bottom()});
                QVERIFY2(std::hypot(dx, dy) >= g.radius + 19,  // past the longest tick mark
                         qPrintable(labels[i].first));
                // Inside the picture: a square export cuts nothing off.
                QVERIFY2(!inside || QRectF(0, 0, RingScene::kLogicalSize, RingScene::kLogicalSize)
                                        .contains(box),
                         qPrintable(drawn.join(u' ')));
                for (const auto& [tick, tickBox] : ticks) {
                    QVERIFY2(!box.intersects(tickBox),
                             qPrintable(labels[i].first + QStringLiteral(" and tick ") + tick));
                }
                for (size_t j = i + 1; j < labels.size(); ++j) {
                    QVERIFY2(
                        !box.intersects(labels[j].second),
                        qPrintable(labels[i].first + QStringLiteral(" and ") + labels[j].first));
                }
            }
        }
    }

    // The ranks of a replica walk over neighbouring tokens and the names of ringed keys next to
    // each other (a lesson's highlight) never overlap one another.
    void walkRanksAndKeyNamesNeverOverlap() {
        Scenario s;
        s.space = 100;
        s.keyHash = HashKind::Identity;
        s.replicas = 3;
        for (const auto& [id, token] : {std::pair{"A", 10}, {"B", 11}, {"C", 12}, {"D", 60}}) {
            NodeSpec node;
            node.id = id;
            node.tokens = {uint64_t(token)};
            s.nodes.push_back(node);
        }
        s.keys.pattern = "{i}";
        s.keys.count = 100;
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        doc.setSelectedKey(size_t{9});  // key 9: A@10, B@11 and C@12 in turn
        doc.waitForIdle();
        RingScene scene;
        RingScene::Emphasis emphasis;
        emphasis.keys = {{8, QStringLiteral("8")},
                         {9, QStringLiteral("9")},
                         {10, QStringLiteral("10")},
                         {11, QStringLiteral("11")}};
        scene.setEmphasis(emphasis);
        scene.rebuild(doc.ringSnapshot());
        auto boxes = scene.textBoxes(RingScene::TextRole::WalkRank);
        QCOMPARE(boxes.size(), size_t(3));
        const auto names = scene.textBoxes(RingScene::TextRole::KeyName);
        QCOMPARE(names.size(), size_t(4));
        boxes.insert(boxes.end(), names.begin(), names.end());
        for (size_t i = 0; i < boxes.size(); ++i) {
            for (size_t j = i + 1; j < boxes.size(); ++j) {
                QVERIFY2(!boxes[i].second.intersects(boxes[j].second),
                         qPrintable(boxes[i].first + QStringLiteral(" and ") + boxes[j].first));
            }
        }
    }

    // The window shows the scenario's title above the ring, so the ring does not repeat it; an
    // exported picture, which has no window around it, carries it.
    void titleOnlyInPictures() {
        Document doc;
        RingWidget widget(&doc);
        widget.resize(880, 465);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        const RingColors colors = RingColors::from(widget.palette());
        const QRect topRight(880 - 300, 0, 300, 40);  // where a title would be drawn
        const auto inked = [&](const QImage& image, const QRect& area) {
            int count = 0;
            for (int y = area.top(); y <= area.bottom(); ++y) {
                for (int x = area.left(); x <= area.right(); ++x) {
                    count += image.pixelColor(x, y) != colors.background ? 1 : 0;
                }
            }
            return count;
        };
        QCOMPARE(inked(widget.grab().toImage(), topRight), 0);
        QImage picture(kSize, kSize, QImage::Format_RGB32);
        picture.setDevicePixelRatio(1.0);
        {
            QPainter p(&picture);
            widget.scene().paintInto(p, QRectF(picture.rect()));
        }
        QVERIFY(inked(picture, QRect(kSize - 400, 0, 400, 40)) > 100);
    }

    // Two keys on one position (a key file may repeat keys) draw one full dot, not a hollow ring.
    void repeatedKeysDrawFullDots() {
        Document doc;
        QVERIFY(doc.edit(QStringLiteral("keys"), [](Scenario& s) {
            s.keys.kind = KeySetSpec::Kind::List;
            s.keys.list = {"30", "30", "70"};
        }));
        RingWidget widget(&doc);
        widget.resize(kSize, kSize);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        const QImage image = widget.grab().toImage();
        const RingGeometry g = widget.widgetGeometry();
        const RingColors colors = RingColors::from(widget.palette());
        for (const uint64_t key : {30, 70}) {
            const QColor centre = image.pixelColor(g.pointAt(key, g.keyRadius()).toPoint());
            QVERIFY2(distance(centre, colors.key) < 60, qPrintable(centre.name()));
        }
    }

    // Migration you can watch: after a change the moved keys glide from their old owner's token
    // to their places, and the last frame is exactly the picture drawn with no animation at all.
    void migrationEndsWithThePictureOfNoMigration_data() {
        QTest::addColumn<Scenario>("before");
        QTest::addColumn<Scenario>("after");
        QTest::addColumn<size_t>("moved");
        const Scenario seed = loadScenarioFile(preset("seed000-ring.json"));
        QTest::newRow("D@40 joins seed 000")
            << seed << loadScenarioFile(preset("seed000-ring-d40.json")) << size_t{20};
        Scenario withoutB = seed;
        withoutB.nodes.erase(withoutB.nodes.begin() + 1);
        QTest::newRow("B leaves") << seed << withoutB << size_t{40};
        // 5,000 keys: drawn as a density band, the glides land on it.
        Scenario band = loadScenarioFile(preset("seed003-3nodes.json"));
        band.keys.count = 5000;
        Scenario bandPlus = band;
        bandPlus.nodes.push_back(band.nodes.back());
        bandPlus.nodes.back().id = "node-4";
        Document probe;
        QVERIFY(probe.replaceScenario(band, {}, false));
        probe.waitForIdle();
        QVERIFY(probe.showScenario(bandPlus, band));
        probe.waitForIdle();
        QTest::newRow("a node joins 5,000 keys")
            << band << bandPlus << probe.moveSummary().primaryMoved;
    }
    void migrationEndsWithThePictureOfNoMigration() {
        QFETCH(Scenario, before);
        QFETCH(Scenario, after);
        QFETCH(size_t, moved);
        Document still, gliding;
        RingWidget plain(&still), animated(&gliding);
        plain.setAnimatesChanges(false);
        for (RingWidget* w : {&plain, &animated}) {
            w->resize(kSize, kSize);
            w->show();
            QVERIFY(QTest::qWaitForWindowExposed(w));
        }
        for (Document* doc : {&still, &gliding}) {
            QVERIFY(doc->replaceScenario(before, {}, false));
            doc->waitForIdle();
            QVERIFY(doc->edit(QStringLiteral("change"), [&](Scenario& s) { s = after; }));
            doc->waitForIdle();
            QCOMPARE(doc->moveSummary().primaryMoved, moved);
        }
        QVERIFY(!plain.isMigrating());
        QVERIFY(animated.isMigrating());
        const QImage first = animated.grab().toImage();  // the keys still at their old tokens
        QTRY_VERIFY_WITH_TIMEOUT(!animated.isMigrating(), 5 * RingWidget::kGlideMs);
        const QImage last = animated.grab().toImage();
        const QImage none = plain.grab().toImage();
        QCOMPARE(last.size(), none.size());
        QVERIFY(last == none);
        QVERIFY(first != none);
        if (qEnvironmentVariableIsSet("RINGSCOPE_SHOTS")) {
            first.save(qEnvironmentVariable("RINGSCOPE_SHOTS") +
                       QStringLiteral("/glide-start.png"));
        }
    }

    // On seed 000 with D@40: the first frame has no moved key at its place yet (they start at
    // B@60, in B's colour); "play the change" replays it; a drag's commit, a pinned baseline and
    // the setting turned off show the change at once.
    void migrationStartsAtTheOldOwnersToken() {
        Document doc;
        const std::unique_ptr<RingWidget> shown = shownRing(doc);
        QVERIFY(shown);
        RingWidget& widget = *shown;
        const RingGeometry g = widget.widgetGeometry();
        const RingColors colors = RingColors::from(widget.palette());
        const auto at = [&](uint64_t position, double radius) {
            return widget.grab().toImage().pixelColor(g.pointAt(position, radius).toPoint());
        };
        NodeSpec d;
        d.id = "D";
        d.tokens = {40};
        QVERIFY(doc.addNode(d));
        QVERIFY(widget.isMigrating());
        QVERIFY(distance(at(30, g.keyRadius()), colors.background) < 30);  // not there yet
        // All 20 start on B's token, drawn over its handle in B's colour.
        const QColor b = nodeColors(doc.scenario().nodes)[1];
        QVERIFY2(distance(at(60, g.radius), b) < 60, qPrintable(at(60, g.radius).name()));
        QTRY_VERIFY(!widget.isMigrating());
        QVERIFY(distance(at(30, g.keyRadius()), colors.moved) < 60);

        QVERIFY(widget.canPlayChange());
        QVERIFY(widget.playChange());
        QVERIFY(distance(at(30, g.keyRadius()), colors.background) < 30);
        QTRY_VERIFY(!widget.isMigrating());

        // A drag showed its change live: its commit does not glide.
        QTest::mousePress(&widget, Qt::LeftButton, {}, g.pointAt(20, g.radius).toPoint());
        QVERIFY(doc.isDragging());
        QTest::mouseMove(&widget, g.pointAt(30, g.radius).toPoint());
        QTest::mouseRelease(&widget, Qt::LeftButton, {}, g.pointAt(30, g.radius).toPoint());
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{10});
        QVERIFY(!widget.isMigrating());
        doc.undoStack()->undo();  // an undo is a change like any other
        QVERIFY(widget.isMigrating());
        QTRY_VERIFY(!widget.isMigrating());

        doc.pinBaseline();
        QVERIFY(doc.removeNode(3));
        QVERIFY(!widget.isMigrating());  // against a pinned baseline the highlights add up
        doc.unpinBaseline();
        widget.setAnimatesChanges(false);
        doc.undoStack()->undo();
        QVERIFY(!widget.isMigrating());
        QVERIFY(widget.playChange());  // the button plays it whatever the setting
    }

    // Above kMaxGlidingKeys moved keys a frame would stutter: the change shows at once.
    // Past the dots, the ring draws how many keys moved in each of its density bins: counted
    // after an edit (all keys, placed by position) and kept by every drag step (the ranges it
    // recomputed), each bin what a count of its keys gives.
    void densityBinsCountTheMovedKeys() {
        Scenario s;
        s.space = kSpace32;
        s.keyHash = HashKind::Xxh64;
        s.replicas = 2;
        s.keys.pattern = "user:{i}";
        s.keys.count = 30'000;
        for (int n = 0; n < 6; ++n) {
            NodeSpec node;
            node.id = "10.0.0." + std::to_string(n + 1) + ":6379";
            node.vnodes = 12;
            s.nodes.push_back(node);
        }
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        RingScene scene;
        const auto expectBins = [&](const char* when, bool replicaOnly) {
            std::vector<uint32_t> moved(RingScene::kKeyBins), replica(RingScene::kKeyBins);
            for (size_t k = 0; k < doc.keys().size(); ++k) {
                const uint64_t x = doc.liveRing().positionOf(k);  // < 2^32: x · bins fits
                const auto b = size_t(x * RingScene::kKeyBins / kSpace32);
                moved[b] += doc.keyChange(k) == KeyChange::Primary;
                replica[b] += doc.keyChange(k) == KeyChange::ReplicaOnly;
            }
            QVERIFY2(std::accumulate(moved.begin(), moved.end(), size_t{0}) > 0, when);
            QVERIFY2(!replicaOnly || std::accumulate(replica.begin(), replica.end(), size_t{0}) > 0,
                     when);
            QVERIFY2(std::equal(moved.begin(), moved.end(), scene.movedPerBin().begin(),
                                scene.movedPerBin().end()),
                     when);
            QVERIFY2(std::equal(replica.begin(), replica.end(), scene.replicaOnlyPerBin().begin(),
                                scene.replicaOnlyPerBin().end()),
                     when);
        };
        // The edit was followed arc by arc: the bins count the keys of the arcs that changed.
        QVERIFY(doc.keyChanges().changedRanks() != nullptr);
        scene.rebuild(doc.ringSnapshot());
        expectBins("after Add Node", true);
        // A token whose clockwise neighbour is another node's, dragged into that one's arc.
        const Ring& ring = doc.liveRing().ring();
        size_t token = 1;
        while (ring.node(token) == ring.node(token + 1)) {
            ++token;
        }
        const uint64_t start = ring.position(token);
        const uint64_t step = (ring.position(token + 1) - start) / 7;
        QVERIFY(doc.beginTokenDrag(token));  // measured against its start, as the widget does
        scene.refreshLive(doc.ringSnapshot(), true);
        for (uint64_t i = 1; i <= 6; ++i) {
            doc.dragTokenTo(start + i * step);
            scene.refreshLive(doc.ringSnapshot(), false);
            expectBins("during the drag", false);
        }
        doc.cancelTokenDrag();
    }

    void noMigrationAboveTheLimit() {
        Scenario s = loadScenarioFile(preset("seed003-3nodes.json"));
        s.keys.count = 20000;
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        RingWidget widget(&doc);
        widget.resize(kSize, kSize);
        QVERIFY(doc.removeNode(0));
        doc.waitForIdle();
        QVERIFY(doc.moveSummary().primaryMoved > RingScene::kMaxGlidingKeys);
        QVERIFY(!widget.isMigrating());
        QVERIFY(!widget.canPlayChange());
        QVERIFY(!widget.playChange());
    }

    // With bounded loads a key may live past its first choice: it glides from the token of the
    // node that held it, not from its successor's. Keys 10, 11, 12 arrive in that order on
    // X@20, Y@50, Z@90 with c = 1: 10 stays on X, 11 walks on to Y and 12 to Z (X, then Y, full).
    // (A ring with bounded loads is drawn without its keys, so the change lifts the cap.) Without
    // it all three are X's: 11 and 12 glide from Y@50 and Z@90, not from X@20, their successor.
    void boundedLoadsGlideFromTheOwnersToken() {
        Scenario s;
        s.space = 100;
        s.keyHash = HashKind::Identity;
        s.keys.kind = KeySetSpec::Kind::List;
        s.keys.list = {"10", "11", "12"};
        s.boundedLoadPercent = 100;
        for (const auto& [id, token] : {std::pair{"X", 20}, {"Y", 50}, {"Z", 90}}) {
            NodeSpec node;
            node.id = id;
            node.tokens = {uint64_t(token)};
            s.nodes.push_back(node);
        }
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        const std::vector<QColor> was = nodeColors(s.nodes);
        QVERIFY(doc.edit(QStringLiteral("no cap"),
                         [](Scenario& sc) { sc.boundedLoadPercent.reset(); }));
        doc.waitForIdle();
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{2});

        // Three quarters of the way (between the arcs and the keys): key 11 from Y@50 down to 11,
        // in Y's colour turning red; key 12 from Z@90. From X@20 both would be near 13.
        constexpr double t = 0.75;
        RingScene scene;
        const RingColors colors = RingColors::from(QPalette());
        scene.setColors(colors);
        scene.rebuild(doc.ringSnapshot());
        QVERIFY(scene.prepareMigration(doc.ringSnapshot()));
        scene.setMigrationProgress(t);
        QImage image(int(RingScene::kLogicalSize), int(RingScene::kLogicalSize),
                     QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        scene.paintInto(painter, QRectF(0, 0, RingScene::kLogicalSize, RingScene::kLogicalSize));
        painter.end();
        const RingGeometry& g = scene.geometry();
        const auto gliding = [&](uint64_t from, uint64_t to) {
            const double angle = g.angleOf(to) + (g.angleOf(from) - g.angleOf(to)) * (1 - t);
            return image.pixelColor(
                g.pointAtAngle(angle, g.radius + (g.keyRadius() - g.radius) * t).toPoint());
        };
        const auto turning = [&](const QColor& a) {
            const QColor b = colors.moved;
            return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                                    float(a.greenF() + (b.greenF() - a.greenF()) * t),
                                    float(a.blueF() + (b.blueF() - a.blueF()) * t));
        };
        QVERIFY2(distance(gliding(50, 11), turning(was[1])) < 40,
                 qPrintable(gliding(50, 11).name()));
        QVERIFY2(distance(gliding(90, 12), turning(was[2])) < 40,
                 qPrintable(gliding(90, 12).name()));
        QVERIFY2(distance(gliding(20, 11), colors.background) < 30,
                 qPrintable(gliding(20, 11).name()));
    }

    // A lesson step's highlights: the named node's arcs outlined, its tokens ringed, the named
    // keys ringed, all in the selection colour.
    void emphasisIsDrawn() {
        Document doc;
        const std::unique_ptr<RingWidget> shown = shownRing(doc);
        QVERIFY(shown);
        RingWidget& widget = *shown;
        const RingGeometry g = widget.widgetGeometry();
        const RingColors colors = RingColors::from(widget.palette());
        const auto selectionNear = [&](QPointF centre, double radius) {
            const QImage image = widget.grab().toImage();
            int hits = 0;
            for (int a = 0; a < 360; a += 3) {
                const QPointF p =
                    centre + radius * QPointF(std::cos(a * M_PI / 180), std::sin(a * M_PI / 180));
                hits += distance(image.pixelColor(p.toPoint()), colors.selection) < 40;
            }
            return hits;
        };
        const QPointF key30 = g.pointAt(30, g.keyRadius());
        const double scale = g.radius / widget.scene().geometry().radius;  // pixels per unit
        const double keyRing = std::max(widget.scene().keyDotRadius() * 2.6, 9.0) * scale;
        QCOMPARE(selectionNear(key30, keyRing), 0);
        widget.setEmphasis({{}, {QStringLiteral("B")}, {{30, QStringLiteral("30")}}});
        QVERIFY2(selectionNear(key30, keyRing) > 20, "the key's ring");
        QVERIFY2(selectionNear(g.pointAt(60, g.radius), 15) > 0, "B's token ring");
        // B's arc (20, 60] outlined: the band's outer edge at 40 takes the selection colour.
        QCOMPARE(selectionNear(g.pointAt(40, g.radius), 2), 0);
        widget.setEmphasis({{QStringLiteral("B")}, {}, {}});
        QVERIFY(selectionNear(g.pointAt(40, g.radius), 2) > 0);
        QCOMPARE(selectionNear(key30, keyRing), 0);
    }

    // `ringscope-cli render` draws the same picture, baseline and all.
    void renderedFileShowsMovedKeys() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("ring.png"));
        std::ostringstream err;
        QCOMPARE(renderScenarioFile(preset("seed000-ring-d40.json").toStdString(),
                                    preset("seed000-ring.json").toStdString(), out.toStdString(),
                                    kSize, err),
                 0);
        QImage image(out);
        QCOMPARE(image.size(), QSize(kSize, kSize));
        RingGeometry g;  // the scene's logical geometry, mapped to the picture
        const QTransform t = RingScene::transformFor(QRectF(0, 0, kSize, kSize));
        RingScene scene;
        g = scene.geometry();
        g.space = 100;
        g.center = t.map(g.center);
        g.radius *= t.m11();
        QCOMPARE(highlightedKeys(image, g, RingColors::from(QGuiApplication::palette())),
                 range(21, 40));

        const QString svg = dir.filePath(QStringLiteral("ring.svg"));
        QCOMPARE(renderScenarioFile(preset("seed000-ring.json").toStdString(), {},
                                    svg.toStdString(), 400, err),
                 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("A@20"));
    }

    // One painter: the window's export and `ringscope-cli render` give the same pixels.
    void windowExportEqualsCommandLine() {
        QTemporaryDir dir;
        Document document;
        QVERIFY(document.openFile(preset("seed000-ring-d40.json")));
        document.pinBaselineScenario(loadScenarioFile(preset("seed000-ring.json")));
        RingWidget widget(&document);
        widget.resize(kSize, kSize);
        const QString fromWindow = dir.filePath(QStringLiteral("window.png"));
        writeRingPicture(widget.scene(), fromWindow, kSize);
        const QString fromCli = dir.filePath(QStringLiteral("cli.png"));
        std::ostringstream err;
        QCOMPARE(renderScenarioFile(preset("seed000-ring-d40.json").toStdString(),
                                    preset("seed000-ring.json").toStdString(),
                                    fromCli.toStdString(), kSize, err),
                 0);
        const QImage a(fromWindow);
        const QImage b(fromCli);
        QCOMPARE(a.size(), QSize(kSize, kSize));
        QVERIFY(a == b);
    }
};

QTEST_MAIN(TestRingWidget)
#include "tst_ringwidget.moc"
