// The ring widget: a token dragged with real mouse events (model, undo stack, moved keys), and
// what is drawn: seed 000 after adding D@40 shows exactly keys 21..40 highlighted.
#include <QApplication>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QUndoStack>

#include <memory>
#include <sstream>

#include "document.h"
#include "render.h"
#include "ringcolors.h"
#include "ringwidget.h"
#include "scenariojson.h"

using namespace ringscope;

namespace {

constexpr int kSize = 800;

QString preset(const char* name) {
    return QStringLiteral(RINGSCOPE_SOURCE_DIR "/resources/presets/") + QLatin1String(name);
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

// Seed 000 after adding D@40, in a ring widget shown at kSize x kSize (palette optional).
std::unique_ptr<RingWidget> seedWithD(Document& doc, const QPalette* palette = nullptr) {
    NodeSpec d;
    d.id = "D";
    d.tokens = {40};
    if (!doc.addNode(d)) {
        return nullptr;
    }
    auto widget = std::make_unique<RingWidget>(&doc);
    if (palette) {
        widget->setPalette(*palette);
    }
    widget->resize(kSize, kSize);
    widget->show();
    return QTest::qWaitForWindowExposed(widget.get()) ? std::move(widget) : nullptr;
}

}  // namespace

class TestRingWidget : public QObject {
    Q_OBJECT
private slots:
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

        doc.undoStack()->undo();  // moved back: the same keys light up again, against D@40
        QCOMPARE(highlightedKeys(widget.grab().toImage(), widget.widgetGeometry(), colors),
                 range(21, 40));
        doc.pinBaseline();  // nothing differs from a baseline pinned here
        QCOMPARE(highlightedKeys(widget.grab().toImage(), widget.widgetGeometry(), colors),
                 std::vector<uint32_t>{});
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
