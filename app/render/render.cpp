#include "render.h"

#include <QBuffer>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <sstream>

#include <stdexcept>

#include "baseline.h"
#include "filewrite.h"
#include "ringscene.h"
#include "ringscope/error.h"
#include "ringsnapshot.h"
#include "scenariojson.h"
#include "tokendrag.h"

namespace ringscope {

namespace {

void ensureGuiApplication() {
    if (QCoreApplication::instance()) {
        if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
            throw std::runtime_error("drawing needs a QGuiApplication, not a QCoreApplication");
        }
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
    if (sizePx < kMinPictureSize || sizePx > kMaxPictureSize) {
        throw InputError("--size", "must be between " + std::to_string(kMinPictureSize) + " and " +
                                       std::to_string(kMaxPictureSize) + " pixels, not " +
                                       std::to_string(sizePx));
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QRectF target(0, 0, sizePx, sizePx);
    if (suffix == u"svg") {
        writeFileAtomically(path, [&](QIODevice& file) {
            QBuffer drawn;
            drawn.open(QIODevice::WriteOnly);
            QSvgGenerator svg;
            svg.setOutputDevice(&drawn);
            svg.setSize(QSize(sizePx, sizePx));
            svg.setViewBox(target);
            svg.setTitle(QStringLiteral("Ringscope"));
            QPainter painter;
            if (!painter.begin(&svg)) {
                return false;
            }
            scene.paintInto(painter, target);
            if (!painter.end()) {
                return false;
            }
            // XML has no room for control characters (a title's ESC made the file unreadable):
            // they are written as their escapes, as the command line writes them.
            std::stringbuf text;
            {
                ControlEscapingBuffer escaping(&text);
                escaping.sputn(drawn.data().constData(), drawn.data().size());
            }
            const std::string& bytes = text.str();
            return file.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
        });
        return;
    }
    if (suffix != u"png") {
        throw InputError(
            "", "unknown picture type \"." + suffix.toStdString() + "\" (use .png or .svg)")
            .inFile(where);
    }
    QImage image(sizePx, sizePx, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(1.0);
    {
        QPainter painter(&image);
        scene.paintInto(painter, target);
    }
    writeFileAtomically(path, [&](QIODevice& file) { return image.save(&file, "PNG"); });
}

int renderScenarioFile(const std::string& scenarioPath, const std::string& baselinePath,
                       const std::string& outputPath, int sizePx, std::ostream& err,
                       const ReadOptions& options) {
    ensureGuiApplication();
    ComputedPtr current;
    BaselineTracker baseline;
    try {
        current = compute(loadScenarioFile(QString::fromStdString(scenarioPath), options), nullptr,
                          {}, options.limits);
        baseline.arrive(nullptr, current, BaselineTracker::Arrival::Replace);
    } catch (InputError& e) {
        throw e.hasSource() ? e : e.inFile(scenarioPath);
    }
    if (!baselinePath.empty()) {
        try {
            baseline.pinScenario(loadScenarioFile(QString::fromStdString(baselinePath), options),
                                 current, options.limits);
        } catch (InputError& e) {
            throw e.inFile(baselinePath);
        }
    }
    TokenDragSession live;
    live.reset(*current);
    RingScene scene;
    scene.setColors(RingColors::from(QGuiApplication::palette()));
    scene.rebuild(ringSnapshot(*current, live, baseline));
    writeRingPicture(scene, QString::fromStdString(outputPath), sizePx);
    if (!baselinePath.empty()) {
        const MoveSummary moved = baseline.summary();
        err << moved.primaryMoved << " of " << moved.keys << " keys moved\n";
    }
    return 0;
}

}  // namespace ringscope
