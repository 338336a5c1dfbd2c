// One frame of a token drag at scale: 1,000,000 keys (10,000,000 and 100,000,000 for
// BM_DragFrame/10M and /100M) on 100 nodes x 256 vnodes (25,600 tokens) in 2^32. A frame is the
// document's live update (LiveRing), the scene's refresh and a paint of what it changed into an
// offscreen 900 x 900 image that keeps the frame before (RingCanvas), as the widget does on
// every mouse move into its backing store.
// And one frame of the migration animation: the gliding keys placed, then painted over the kept
// picture under them, for growing numbers of moved keys.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QTableView>
#include <QTemporaryDir>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "barchart.h"
#include "document.h"
#include "mainwindow.h"
#include "movedkeyspanel.h"
#include "ringcanvas.h"
#include "ringcolors.h"
#include "ringscene.h"
#include "scenariojson.h"

using namespace ringscope;

namespace {

Scenario bigScenario(uint64_t keys) {
    Scenario s;
    s.title = "100 nodes x 256 vnodes, " + std::to_string(keys) + " keys";
    s.space = kSpace32;
    s.keyHash = HashKind::Fnv1a32;
    for (int n = 0; n < 100; ++n) {
        NodeSpec node;
        node.id = "node-" + std::to_string(n);
        node.vnodes = 256;
        s.nodes.push_back(node);
    }
    s.keys.pattern = "session-{i}";
    s.keys.count = keys;
    return s;
}

// The same backend as HAProxy places it: 100 servers of weight 16 (256 points each), each key
// to the nearer point.
Scenario haproxyScenario(uint64_t keys) {
    Scenario s = bigScenario(keys);
    s.title = "HAProxy, 100 servers x 256 points, " + std::to_string(keys) + " keys";
    s.tokenScheme = TokenScheme::Haproxy;
    for (NodeSpec& node : s.nodes) {
        node.vnodes.reset();
        node.weight = 16;
    }
    return s;
}

// The limits raised to fit `keys` pattern keys, as the window's confirmation raises them.
ReadOptions raisedFor(uint64_t keys) {
    ReadOptions options;
    options.limits.set(Limit::Keys, std::max(keys, defaultLimit(Limit::Keys)));
    options.limits.set(Limit::KeyBytes, std::max(keys * 32, defaultLimit(Limit::KeyBytes)));
    return options;
}

constexpr QRectF kPicture(0, 0, 900, 900);

// Paints what `scene` changed into `image` through `canvas`: the share of the picture painted.
double paintChanged(RingCanvas& canvas, const RingScene& scene, QImage& image) {
    const RingScene::Frame frame = scene.pictureFrame(kPicture);
    QPainter painter(&image);
    canvas.paint(painter, scene, frame, canvas.damage(scene, frame));
    double area = 0;
    for (const QRect& r : canvas.lastRects()) {
        area += double(r.width()) * double(r.height());
    }
    return area / (kPicture.width() * kPicture.height());
}

struct Fixture {
    Document document;
    RingScene scene;
    RingCanvas canvas;
    QImage image{900, 900, QImage::Format_ARGB32_Premultiplied};
    explicit Fixture(uint64_t keys) {
        document.replaceScenario(bigScenario(keys), QString(), false, raisedFor(keys));
        document.waitForIdle();
        scene.rebuild(document.ringSnapshot());
        paintChanged(canvas, scene, image);
    }
};

constexpr uint64_t kMillion = 1'000'000;
constexpr uint64_t kTenMillion = 10'000'000;
constexpr uint64_t kHundredMillion = 100'000'000;

// One fixture per key count, made on first use (the 10M one only when its benchmark runs).
Fixture& fixture(uint64_t keys) {
    static std::map<uint64_t, std::unique_ptr<Fixture>> fixtures;
    auto& f = fixtures[keys];
    if (!f) {
        f = std::make_unique<Fixture>(keys);
    }
    return *f;
}

// `step` positions per frame, back and forth over `frames` frames.
void dragFrames(benchmark::State& state, uint64_t step, bool paint, uint64_t keys = kMillion) {
    Fixture& f = fixture(keys);
    if (f.document.keys().size() != keys || f.document.liveRing().ring().size() != 25'600) {
        state.SkipWithError("the scenario did not load");
        return;
    }
    const size_t token = 12'345;
    if (!f.document.beginTokenDrag(token)) {
        state.SkipWithError("cannot drag");
        return;
    }
    const uint64_t start = f.document.liveRing().ring().position(token);
    int64_t offset = 0;
    int64_t direction = 1;
    size_t touched = 0;
    double painted = 0;
    for (auto _ : state) {
        offset += direction;
        if (offset == 40 || offset == -40) {
            direction = -direction;
        }
        f.document.dragTokenTo((start + uint64_t(offset) * step) % kSpace32);
        for (const KeyRange& r : f.document.lastLiveRanges()) {
            touched += r.last - r.first;
        }
        f.scene.refreshLive(f.document.ringSnapshot(), false);
        if (paint) {
            painted += paintChanged(f.canvas, f.scene, f.image);
        }
        benchmark::DoNotOptimize(f.image.constBits());
    }
    f.document.cancelTokenDrag();
    state.counters["keys"] = double(f.document.keys().size());
    state.counters["tokens"] = double(f.document.liveRing().ring().size());
    state.counters["keysRecomputedPerFrame"] =
        benchmark::Counter(double(touched), benchmark::Counter::kAvgIterations);
    state.counters["paintedShare"] =
        benchmark::Counter(painted, benchmark::Counter::kAvgIterations);
    // The drag's end and the frame after it: the picture as it was.
    f.scene.refreshLive(f.document.ringSnapshot(), false);
    paintChanged(f.canvas, f.scene, f.image);
}

// Small moves, mostly between the token's neighbours (about 168k positions apart on average).
void BM_DragFrame(benchmark::State& state) {
    dragFrames(state, 4'000, true);
}
// The same scene painted whole again with nothing moved: what painting the picture costs (a
// resize, an export, a frame without a kept picture).
void BM_StaticFrame(benchmark::State& state) {
    Fixture& f = fixture(kMillion);
    if (f.document.keys().size() != kMillion) {
        state.SkipWithError("the scenario did not load");
        return;
    }
    for (auto _ : state) {
        QPainter painter(&f.image);
        f.scene.paintInto(painter, QRectF(0, 0, 900, 900));
        painter.end();
        benchmark::DoNotOptimize(f.image.constBits());
    }
}
// Large moves that cross several tokens per frame (erase + insert in the ring).
void BM_DragFrameCrossing(benchmark::State& state) {
    dragFrames(state, 1'000'000, true);
}
// The update alone, without painting.
void BM_DragUpdateOnly(benchmark::State& state) {
    dragFrames(state, 1'000'000, false);
}
// The small moves over ten million keys.
void BM_DragFrame10M(benchmark::State& state) {
    dragFrames(state, 4'000, true, kTenMillion);
}
void BM_DragFrameCrossing10M(benchmark::State& state) {
    dragFrames(state, 1'000'000, true, kTenMillion);
}
// The small moves over a hundred million keys (about 2.5 GB: run it on its own).
void BM_DragFrame100M(benchmark::State& state) {
    dragFrames(state, 4'000, true, kHundredMillion);
}

// A glide frame after `state.range(0)` of the 100 nodes left a ring of 100,000 keys (each takes
// about 1,000 keys with it): the glides placed, and the 900 x 900 picture painted as the widget
// paints a glide frame (RingCanvas: the picture under the glides kept, the glides over it).
void BM_GlideFrame(benchmark::State& state) {
    const Scenario before = bigScenario(100'000);
    Scenario after = before;
    after.nodes.erase(after.nodes.begin(), after.nodes.begin() + state.range(0));
    Document document;
    document.replaceScenario(before, QString(), false);
    document.waitForIdle();
    document.showScenario(after, before);
    document.waitForIdle();
    RingScene scene;
    scene.rebuild(document.ringSnapshot());
    const size_t moved = document.moveSummary().primaryMoved;
    if (!scene.prepareMigration(document.ringSnapshot())) {
        state.SkipWithError("nothing to glide (none moved, or more than kMaxGlidingKeys)");
        return;
    }
    QImage image(900, 900, QImage::Format_ARGB32_Premultiplied);
    RingCanvas canvas;
    const RingScene::Frame frame = scene.pictureFrame(kPicture);
    double t = 0;
    for (auto _ : state) {
        t = t >= 1.0 ? 0.0 : t + 1.0 / 36;  // 600 ms at 60 frames a second
        scene.setMigrationProgress(t);
        QPainter painter(&image);  // the widget repaints all of itself on each glide frame
        canvas.paint(painter, scene, frame, kPicture.toRect());
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["gliding"] = double(moved);
}

// The whole window (1280 x 800) on the 10M scenario, computed and drawn.
struct TenMillionWindow {
    QTemporaryDir autosave;
    MainWindow window{autosave.path()};
    Document& document = *window.document();
    explicit TenMillionWindow(const Scenario& scenario = bigScenario(kTenMillion)) {
        window.resize(1280, 800);
        window.show();
        document.replaceScenario(scenario, QString(), false);
        settle();
    }
    void settle() {
        document.waitForIdle();
        QCoreApplication::processEvents();
    }
    // Ends a timed step once the window is free again, and undoes it untimed.
    void settleAndUndo(benchmark::State& state) {
        settle();
        state.PauseTiming();
        document.undoStack()->undo();
        settle();
        state.ResumeTiming();
    }
};

// The whole window answering Add Node (the toolbar's: the suggested node with the ring's vnodes)
// on 10,000,000 keys over 100 nodes x 256 vnodes: the edit, its computation and every view's
// update, until the event loop is free again. Undo (not timed) takes it back.
// Arg 1: the HAProxy backend instead (haproxyScenario), its keys to the nearer point.
void BM_WindowAddNode10M(benchmark::State& state) {
    TenMillionWindow big(state.range(0) ? haproxyScenario(kTenMillion) : bigScenario(kTenMillion));
    Document& document = big.document;
    if (document.keys().size() != kTenMillion) {
        state.SkipWithError("the scenario did not load");
        return;
    }
    for (auto _ : state) {
        if (!document.addNode()) {
            state.SkipWithError("Add Node refused");
            return;
        }
        big.settleAndUndo(state);
    }
    state.counters["nodes"] = double(document.scenario().nodes.size() + 1);
}

// The same window taking that Add Node back (Undo): the state below worked out from the one shown,
// its moved keys classified from the same arcs, every view, until the event loop is free. Redo
// (not timed) makes the edit again.
void BM_WindowUndoAddNode10M(benchmark::State& state) {
    TenMillionWindow big;
    Document& document = big.document;
    if (document.keys().size() != kTenMillion || !document.addNode()) {
        state.SkipWithError("the scenario did not load");
        return;
    }
    big.settle();
    for (auto _ : state) {
        document.undoStack()->undo();
        big.settle();
        state.PauseTiming();
        document.undoStack()->redo();
        big.settle();
        state.ResumeTiming();
    }
}

// The whole window committing a drag on the same 10M keys: a token dragged across a few keys
// (not timed), then released: the step, its computation and every view, until the event loop is
// free. Undo (not timed) takes it back.
void BM_WindowDragRelease10M(benchmark::State& state) {
    TenMillionWindow big;
    Document& document = big.document;
    if (document.keys().size() != kTenMillion || document.liveRing().ring().size() < 2) {
        state.SkipWithError("the scenario did not load");
        return;
    }
    for (auto _ : state) {
        state.PauseTiming();
        const Ring& ring = document.liveRing().ring();
        const uint64_t from = ring.position(0);
        const uint64_t to = from + (ring.position(1) - from) / 2;
        if (!document.beginTokenDrag(0)) {
            state.SkipWithError("the drag did not begin");
            return;
        }
        for (int step = 1; step <= 8; ++step) {
            document.dragTokenTo(from + (to - from) * uint64_t(step) / 8);
            QCoreApplication::processEvents();
        }
        state.ResumeTiming();
        if (!document.endTokenDrag()) {
            state.SkipWithError("the drag changed nothing");
            return;
        }
        big.settleAndUndo(state);
    }
}

// The process's resident memory now, MiB (/proc/self/statm).
double residentMiB() {
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly)) {
        return 0;
    }
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1
               ? fields[1].toDouble() * double(sysconf(_SC_PAGESIZE)) / double(1 << 20)
               : 0;
}

// Times `open` in `window` until every view is drawn and the event loop is free, `keys` keys
// loaded; between iterations (untimed) the window goes back to a new document. Counters: the
// resident memory once open and the process's high-water mark, MiB.
template <typename Open>
void timeOpens(benchmark::State& state, MainWindow& window, uint64_t keys, Open&& open) {
    Document& document = *window.document();
    for (auto _ : state) {
        if (!open()) {
            state.SkipWithError("the open was refused");
            return;
        }
        document.waitForIdle();
        QCoreApplication::processEvents();
        state.PauseTiming();
        if (document.keys().size() != keys) {
            state.SkipWithError("the keys did not load");
            return;
        }
        state.counters["openRSS_MiB"] = residentMiB();
        document.newDocument();
        document.waitForIdle();
        QCoreApplication::processEvents();
        state.ResumeTiming();
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    state.counters["peakRSS_MiB"] = double(usage.ru_maxrss) / 1024.0;
}

// The whole window (1280 x 800) opening a scenario of `state.range(0)` pattern keys on 100 nodes
// x 256 vnodes, the keys limit raised to fit (as the window's confirmation does): from the
// request until every view is drawn and the event loop is free. Run it alone for its peakRSS
// counter (the process's high-water mark, MiB), which counts whatever ran before it.
void BM_OpenScenario(benchmark::State& state) {
    const uint64_t keys = uint64_t(state.range(0));
    QTemporaryDir autosave;
    MainWindow window{autosave.path()};
    window.resize(1280, 800);
    window.show();
    QCoreApplication::processEvents();
    timeOpens(state, window, keys, [&] {
        return window.document()->replaceScenario(bigScenario(keys), QString(), false,
                                                  raisedFor(keys));
    });
}

// A scenario file of the 10M preset's nodes whose keys are a 10,000,000-line key file
// ("user:{i}:profile", 209 MB), written once into a temporary folder: its path.
QString keyFileScenario() {
    static QTemporaryDir dir;
    static const QString path = [] {
        QFile keys(dir.filePath(QStringLiteral("keys.txt")));
        if (!keys.open(QIODevice::WriteOnly)) {
            return QString();
        }
        std::string block;
        for (uint64_t i = 0; i < kTenMillion; ++i) {
            block += "user:" + std::to_string(i) + ":profile\n";
            if (block.size() > (1 << 20)) {
                keys.write(block.data(), qint64(block.size()));
                block.clear();
            }
        }
        keys.write(block.data(), qint64(block.size()));
        Scenario s = bigScenario(0);
        s.title = "100 nodes x 256 vnodes, a 10,000,000-line key file";
        s.keys = KeySetSpec{};
        s.keys.kind = KeySetSpec::Kind::File;
        s.keys.file = "keys.txt";
        const QString json = dir.filePath(QStringLiteral("keyfile.json"));
        saveScenarioFile(s, json);
        return json;
    }();
    return path;
}

// The whole window (1280 x 800) opening that scenario file as File > Open does (its limits
// raised when it asks): from the request until every view is drawn and the event loop is free.
// Compare with `ringscope-cli stats` on the same file (tests/bench/readme_table.py times both).
void BM_OpenKeyFile(benchmark::State& state) {
    const QString path = keyFileScenario();
    QTemporaryDir autosave;
    MainWindow window{autosave.path()};
    window.setUnattended(true);
    window.resize(1280, 800);
    window.show();
    QCoreApplication::processEvents();
    timeOpens(state, window, kTenMillion, [&] { return window.openFile(path); });
}

// The baseline of BM_OpenKeyFile, in the same run: `ringscope-cli stats` on the same scenario
// file, the whole process from start to exit.
void BM_CliStatsKeyFile(benchmark::State& state) {
    const QString path = keyFileScenario();
    for (auto _ : state) {
        QProcess stats;
        stats.start(QStringLiteral(RINGSCOPE_CLI), {QStringLiteral("stats"), path});
        if (!stats.waitForFinished(120'000) || stats.exitCode() != 0) {
            state.SkipWithError("ringscope-cli stats failed");
            return;
        }
    }
}

// The load histogram's chart for 100 or 101 nodes, each its own colour (stacked data: one set per
// node filling its own category), drawn in a 1200 x 300 window: Add Node and its undo, one after
// the other (inPlace:0); a live update of every value (inPlace:1); a drag step's update, two
// nodes trading keys (inPlace:2).
BarChartData perNodeBars(int nodes, double offset, double traded = 0) {
    static const std::vector<QColor> colors =
        nodeColors(std::vector<std::string>(size_t(101), "n"));
    BarChartData d;
    d.stacked = true;
    for (int i = 0; i < nodes; ++i) {
        d.categories << QStringLiteral("node-%1").arg(i);
        const double delta = i == 40 ? traded : i == 41 ? -traded : 0;
        d.sets.push_back({d.categories.back(), colors[size_t(i)],
                          QList<qreal>{10'000 + 37 * (i % 11) + offset + delta}});
    }
    return d;
}

void BM_StackedChart(benchmark::State& state) {
    BarChart chart;
    chart.resize(1200, 300);
    chart.show();
    int flip = 0;
    for (auto _ : state) {
        flip ^= 1;
        switch (state.range(0)) {
            case 0:
                chart.setData(perNodeBars(100 + flip, 0));
                break;
            case 1:
                chart.setData(perNodeBars(100, flip));
                break;
            default:
                chart.setData(perNodeBars(100, 0, 25.0 * flip));
                break;
        }
        QCoreApplication::processEvents();
    }
}

// The moved-key list (the window's Moved keys dock) after a drag step on the million keys: the
// model told the rows that changed and the table laid out, as its live refresh does.
void BM_MovedKeysStep(benchmark::State& state) {
    Fixture& f = fixture(kMillion);
    MovedKeysModel model(&f.document);
    QTableView view;
    view.setModel(&model);
    view.resize(600, 400);
    view.show();
    const size_t token = 12'345;
    if (!f.document.beginTokenDrag(token)) {
        state.SkipWithError("cannot drag");
        return;
    }
    const uint64_t start = f.document.liveRing().ring().position(token);
    int64_t offset = 0;
    int64_t direction = 1;
    for (auto _ : state) {
        offset += direction;
        if (offset == 40 || offset == -40) {
            direction = -direction;
        }
        f.document.dragTokenTo((start + uint64_t(offset) * 4'000) % kSpace32);
        model.refresh();
        QCoreApplication::processEvents();
    }
    state.counters["rows"] = double(model.rowCount());
    f.document.cancelTokenDrag();
    f.scene.refreshLive(f.document.ringSnapshot(), false);
    paintChanged(f.canvas, f.scene, f.image);
}

}  // namespace

BENCHMARK(BM_MovedKeysStep)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_DragFrame)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_StaticFrame)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_DragFrameCrossing)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_DragUpdateOnly)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_DragFrame10M)->Name("BM_DragFrame/10M")->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_DragFrame100M)->Name("BM_DragFrame/100M")->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_DragFrameCrossing10M)
    ->Name("BM_DragFrameCrossing/10M")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);
BENCHMARK(BM_StackedChart)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("inPlace")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK(BM_WindowAddNode10M)
    ->Name("BM_WindowAddNode/10M")
    ->ArgName("haproxy")
    ->Arg(0)
    ->Arg(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
BENCHMARK(BM_WindowUndoAddNode10M)
    ->Name("BM_WindowUndoAddNode/10M")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
BENCHMARK(BM_WindowDragRelease10M)
    ->Name("BM_WindowDragRelease/10M")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
BENCHMARK(BM_OpenScenario)
    ->Arg(10'000'000)
    ->Arg(100'000'000)
    ->ArgName("keys")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_OpenKeyFile)
    ->Name("BM_OpenKeyFile/10M")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK(BM_CliStatsKeyFile)
    ->Name("BM_CliStatsKeyFile/10M")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK(BM_GlideFrame)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
