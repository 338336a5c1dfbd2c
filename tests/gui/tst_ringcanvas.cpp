// The ring picture kept between frames (RingCanvas): after every live change it repaints only
// what the scene says changed, and the pixels it keeps are those a whole repaint draws. Checked
// on drags over a density band (25,600 tokens sampled per bin), over key dots and token handles
// with host:port ids, with a selected key's walk, replicas and a node down; on glide frames; and
// in the window's widget, whose backing store is read back after real mouse drags.
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QScreen>
#include <QTest>

#include <memory>

#include "document.h"
#include "ringcanvas.h"
#include "ringscene.h"
#include "ringwidget.h"
#include "scenariojson.h"
#include "testpaths.h"

Q_DECLARE_METATYPE(ringscope::Scenario)

using namespace ringscope;

namespace {

constexpr QRectF kPicture(0, 0, 700, 700);
// A repaint event's clip is the region asked for, many rectangles; under it Qt antialiases an
// edge pixel up to this much apart (the sum of three channels, of 765) from under one rectangle.
// A shape missed or drawn stale differs by hundreds.
constexpr int kClipShade = 12;

QImage blank() {
    QImage image(kPicture.size().toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::magenta);  // anything not painted over shows
    return image;
}

// The scene painted whole into a fresh image, with a clip as the canvas paints: with a clip on,
// Qt's raster engine shades a few edge pixels a little differently (up to 6 of 765 levels).
QImage whole(const RingScene& scene) {
    QImage image = blank();
    QPainter p(&image);
    p.setClipRect(kPicture);
    scene.paintInto(p, kPicture);
    return image;
}

// How many pixels differ, and by how much at most (the sum of the three channels).
struct Difference {
    qsizetype pixels = 0;
    int most = 0;
};
Difference difference(const QImage& a, const QImage& b) {
    Difference d;
    for (int y = 0; y < a.height(); ++y) {
        const auto* pa = reinterpret_cast<const QRgb*>(a.constScanLine(y));
        const auto* pb = reinterpret_cast<const QRgb*>(b.constScanLine(y));
        for (int x = 0; x < a.width(); ++x) {
            if (pa[x] != pb[x]) {
                ++d.pixels;
                d.most = std::max(d.most, std::abs(qRed(pa[x]) - qRed(pb[x])) +
                                              std::abs(qGreen(pa[x]) - qGreen(pb[x])) +
                                              std::abs(qBlue(pa[x]) - qBlue(pb[x])));
            }
        }
    }
    return d;
}

// The share of the picture the canvas painted last.
double paintedShare(const RingCanvas& canvas) {
    double area = 0;
    for (const QRect& r : canvas.lastRects()) {
        area += double(r.width()) * double(r.height());
    }
    return area / (kPicture.width() * kPicture.height());
}

// `nodes` nodes named host:port with `vnodes` each, over `keys` pattern keys in 2^32.
Scenario hostPorts(int nodes, int vnodes, uint64_t keys) {
    Scenario s;
    s.space = kSpace32;
    for (int n = 0; n < nodes; ++n) {
        NodeSpec node;
        node.id = "10.0.0." + std::to_string(n + 1) + ":11211";
        node.vnodes = vnodes;
        s.nodes.push_back(node);
    }
    s.keys.pattern = "user:{i}:profile";
    s.keys.count = keys;
    return s;
}

// A drag's frames through a canvas, each compared with the picture painted whole.
struct Drag {
    Document doc;
    RingScene scene;
    RingCanvas canvas;
    QImage kept = blank();

    bool load(const Scenario& s) {
        if (!doc.replaceScenario(s, QString(), false)) {
            return false;
        }
        doc.waitForIdle();
        scene.rebuild(doc.ringSnapshot());
        frame();
        return true;
    }
    // One frame: the scene refreshed from the document, what it changed painted.
    void frame(bool live = true) {
        if (live) {
            scene.refreshLive(doc.ringSnapshot(), false);
        }
        const RingScene::Frame f = scene.pictureFrame(kPicture);
        QPainter p(&kept);
        canvas.paint(p, scene, f, canvas.damage(scene, f));
    }
};

}  // namespace

class TestRingCanvas : public QObject {
    Q_OBJECT
private slots:
    void dragFramesEqualWholePictures_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<double>("mostPainted");  // the largest share one small step repaints
        // 100 x 256 tokens: arcs sampled per bin, aliased; 20,000 keys: the density band.
        QTest::newRow("density band, 25,600 tokens") << hostPorts(100, 256, 20'000) << 0.05;
        // Exact arcs with separating lines, token handles, key dots.
        QTest::newRow("key dots, host:port, 6 x 8") << hostPorts(6, 8, 600) << 0.25;
        Scenario replicas = hostPorts(5, 4, 300);
        replicas.replicas = 3;
        QTest::newRow("3 replicas") << replicas << 0.25;
        Scenario seed = loadScenarioFile(test::sourcePath("/resources/presets/seed000-ring.json"));
        QTest::newRow("seed 000: token labels") << seed << 1.0;
    }
    void dragFramesEqualWholePictures() {
        QFETCH(Scenario, scenario);
        QFETCH(double, mostPainted);
        Drag drag;
        QVERIFY(drag.load(scenario));
        const Ring& ring = drag.doc.liveRing().ring();
        QVERIFY(ring.size() >= 3);
        const size_t token = ring.size() / 2;
        drag.doc.setSelectedKey(size_t{7});  // its walk and replica ranks are redrawn too
        drag.frame();
        QVERIFY(drag.doc.beginTokenDrag(token));
        drag.frame();
        const uint64_t start = ring.position(token);
        const uint64_t gap = ring.position(ring.next(token)) - start;
        const uint64_t space = drag.doc.placement().space();
        // Small steps within its neighbours, then across several of them, then back.
        std::vector<uint64_t> steps;
        for (int i = 1; i <= 6; ++i) {
            steps.push_back(start + gap * uint64_t(i) / 8);
        }
        for (int i = 1; i <= 4; ++i) {
            steps.push_back(start + gap * uint64_t(3 * i));
        }
        steps.push_back(start);
        for (const uint64_t to : steps) {
            drag.doc.dragTokenTo(space ? to % space : to);
            drag.frame();
            const Difference d = difference(drag.kept, whole(drag.scene));
            QVERIFY2(d.pixels == 0, qPrintable(QStringLiteral("%1 pixels differ, by up to %2 at %3")
                                                   .arg(d.pixels)
                                                   .arg(d.most)
                                                   .arg(to)));
            if (to == steps[3] || to == steps[4] || to == steps[5]) {
                // A step between neighbours, once keys have moved (the legend's "keys moved" row
                // is there), repaints a small part of the picture.
                QVERIFY2(paintedShare(drag.canvas) <= mostPainted,
                         qPrintable(QString::number(paintedShare(drag.canvas))));
            }
        }
        drag.doc.endTokenDrag();
        drag.doc.waitForIdle();
        drag.frame();
        QCOMPARE(difference(drag.kept, whole(drag.scene)).pixels, qsizetype(0));
    }

    // 257 arcs are filled aliased without separating lines, 255 outlined: a drag step that
    // merges arcs across that line changes how every arc is drawn, so all of it is repainted.
    void arcStyleChangeRepaintsAll() {
        Scenario s;
        s.space = 1'000'000;
        for (const char* id : {"A", "B"}) {
            NodeSpec node;
            node.id = id;
            s.nodes.push_back(node);
        }
        for (uint64_t t = 0; t < 257; ++t) {  // A at 0, 20, 40, ...; B at 10, 30, 50, ...
            s.nodes[t % 2].tokens.push_back(t * 10);
        }
        s.keys.pattern = "k{i}";
        s.keys.count = 400;
        Drag drag;
        QVERIFY(drag.load(s));
        const Ring& ring = drag.doc.liveRing().ring();
        QCOMPARE(ring.position(2), uint64_t{20});
        QVERIFY(drag.doc.beginTokenDrag(2));
        drag.frame();
        drag.doc.dragTokenTo(35);  // past B@30: B's two arcs and A's two arcs merge
        drag.frame();
        QCOMPARE(difference(drag.kept, whole(drag.scene)).pixels, qsizetype(0));
        QCOMPARE(paintedShare(drag.canvas), 1.0);
        drag.doc.dragTokenTo(20);
        drag.frame();
        QCOMPARE(difference(drag.kept, whole(drag.scene)).pixels, qsizetype(0));
    }

    // Glide frames: the kept picture under the glides and the glides over it, as the scene
    // paints everything at once.
    void glideFramesEqualWholePictures() {
        Drag drag;
        Scenario before = hostPorts(8, 16, 3000);
        QVERIFY(drag.load(before));
        Scenario after = before;
        after.nodes.erase(after.nodes.begin() + 3);
        QVERIFY(drag.doc.showScenario(after, before));
        drag.doc.waitForIdle();
        drag.scene.rebuild(drag.doc.ringSnapshot());
        QVERIFY(drag.scene.prepareMigration(drag.doc.ringSnapshot()));
        for (const double t : {0.0, 0.3, 0.7, 1.0}) {
            drag.scene.setMigrationProgress(t);
            const RingScene::Frame f = drag.scene.pictureFrame(kPicture);
            QPainter p(&drag.kept);
            drag.canvas.paint(p, drag.scene, f, kPicture.toRect());
            p.end();
            QCOMPARE(difference(drag.kept, whole(drag.scene)).pixels, qsizetype(0));
        }
        drag.scene.clearMigration();
        drag.frame(false);
        QCOMPARE(difference(drag.kept, whole(drag.scene)).pixels, qsizetype(0));
    }

    // The window's ring: after a hover, a press (its node selected) and a real mouse drag, what
    // its backing store holds (the screen's copy) is the picture painted whole.
    void widgetBackingStoreEqualsWholePicture() {
        Document doc;
        QVERIFY(doc.replaceScenario(hostPorts(6, 8, 600), QString(), false));
        doc.waitForIdle();
        RingWidget widget(&doc);
        widget.setAnimatesChanges(false);
        widget.resize(760, 700);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        const auto screenCopy = [&] {
            QCoreApplication::processEvents();
            return widget.screen()
                ->grabWindow(widget.winId())
                .toImage()
                .convertToFormat(QImage::Format_RGB32);
        };
        const auto repainted = [&] {
            return widget.grab().toImage().convertToFormat(QImage::Format_RGB32);
        };
        QCOMPARE(difference(screenCopy(), repainted()).pixels, qsizetype(0));
        const RingGeometry g = widget.widgetGeometry();
        const Ring& ring = doc.liveRing().ring();
        const size_t token = 0;
        const uint64_t start = ring.position(token);
        QTest::mouseMove(&widget, g.pointAt(start, g.radius).toPoint());  // hover: highlighted
        QVERIFY(difference(screenCopy(), repainted()).most <= kClipShade);
        QTest::mousePress(&widget, Qt::LeftButton, {}, g.pointAt(start, g.radius).toPoint());
        QVERIFY(doc.isDragging());
        for (int step = 1; step <= 12; ++step) {
            QTest::mouseMove(
                &widget, g.pointAt(start + uint64_t(step) * (kSpace32 / 90), g.radius).toPoint());
            const Difference d = difference(screenCopy(), repainted());
            QVERIFY2(d.most <= kClipShade,
                     qPrintable(QStringLiteral("step %1: %2 pixels differ, by up to %3")
                                    .arg(step)
                                    .arg(d.pixels)
                                    .arg(d.most)));
        }
        QTest::mouseRelease(&widget, Qt::LeftButton, {},
                            g.pointAt(start + 12 * (kSpace32 / 90), g.radius).toPoint());
        doc.waitForIdle();
        QVERIFY(difference(screenCopy(), repainted()).most <= kClipShade);
    }
};

QTEST_MAIN(TestRingCanvas)
#include "tst_ringcanvas.moc"
