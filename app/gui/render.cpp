#include "render.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include "document.h"
#include "ringscene.h"
#include "ringscope/error.h"
#include "scenariojson.h"

namespace ringscope {

namespace {

constexpr int kMinSize = 64;
constexpr int kMaxSize = 8192;

void ensureGuiApplication() {
    if (QCoreApplication::instance()) {
        return;
    }
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    static int argc = 1;
    static char name[] = "ringscope-render";
    static char* argv[] = {name, nullptr};
    static QGuiApplication app(argc, argv);  // lives until the process ends
}

}  // namespace

void writeRingPicture(const RingScene& scene, const QString& path, int sizePx) {
    const std::string where = path.toStdString();
    if (sizePx < kMinSize || sizePx > kMaxSize) {
        throw InputError("--size", "must be between " + std::to_string(kMinSize) + " and " +
                                       std::to_string(kMaxSize) + " pixels, not " +
                                       std::to_string(sizePx));
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QRectF target(0, 0, sizePx, sizePx);
    if (suffix == u"svg") {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(QSize(sizePx, sizePx));
        svg.setViewBox(target);
        svg.setTitle(QStringLiteral("Ringscope"));
        QPainter painter;
        if (!painter.begin(&svg)) {
            throw InputError(where, "cannot write the SVG file");
        }
        scene.paintInto(painter, target);
        painter.end();
        if (!QFileInfo::exists(path)) {
            throw InputError(where, "cannot write the SVG file");
        }
        return;
    }
    if (suffix != u"png") {
        throw InputError(
            where, "unknown picture type \"." + suffix.toStdString() + "\" (use .png or .svg)");
    }
    QImage image(sizePx, sizePx, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(1.0);
    {
        QPainter painter(&image);
        scene.paintInto(painter, target);
    }
    if (!image.save(path, "PNG")) {
        throw InputError(where, "cannot write the PNG file");
    }
}

int renderScenarioFile(const std::string& scenarioPath, const std::string& baselinePath,
                       const std::string& outputPath, int sizePx, std::ostream& err) {
    ensureGuiApplication();
    const QString path = QString::fromStdString(scenarioPath);
    const Scenario scenario = loadScenarioFile(path);
    Document document;
    QString problem;
    QObject::connect(&document, &Document::inputRejected,
                     [&problem](const QString& message) { problem = message; });
    document.replaceScenario(scenario, path, false);
    document.waitForIdle();
    if (document.scenario() != scenario) {
        throw InputError(scenarioPath, problem.isEmpty()
                                           ? std::string("cannot compute the scenario")
                                           : problem.toStdString());
    }
    if (!baselinePath.empty()) {
        const Scenario baseline = loadScenarioFile(QString::fromStdString(baselinePath));
        try {
            document.pinBaselineScenario(baseline);
        } catch (const InputError& e) {
            throw InputError(baselinePath, e.what());
        }
    }
    RingScene scene;
    scene.setColors(RingColors::from(QGuiApplication::palette()));
    scene.rebuild(document);
    writeRingPicture(scene, QString::fromStdString(outputPath), sizePx);
    const MoveSummary moved = document.moveSummary();
    if (!baselinePath.empty()) {
        err << moved.primaryMoved << " of " << moved.keys << " keys moved\n";
    }
    return 0;
}

}  // namespace ringscope
