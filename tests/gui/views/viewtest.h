#pragma once
// Helpers shared by the analysis view tests: scenarios, edits and pixel checks.

#include <QColor>
#include <QImage>
#include <QWidget>

#include <cstdlib>
#include <functional>

#include "document.h"
#include "ringscope/scenario.h"
#include "testpaths.h"

namespace viewtest {

// A preset scenario file of the source tree.
inline QString preset(const char* name) {
    return ringscope::test::sourcePath("/resources/presets/") + QLatin1String(name);
}

inline ringscope::NodeSpec explicitNode(const char* id, std::vector<uint64_t> tokens) {
    ringscope::NodeSpec node;
    node.id = id;
    node.tokens = std::move(tokens);
    return node;
}

// `nodes` nodes n0.. with `vnodes` hash-named tokens each, `keys` keys session-{i} under fnv1a64.
inline ringscope::Scenario hashedScenario(int nodes, int64_t vnodes, uint64_t keys) {
    ringscope::Scenario s;
    s.keyHash = ringscope::HashKind::Fnv1a64;
    for (int n = 0; n < nodes; ++n) {
        ringscope::NodeSpec node;
        node.id = "n" + std::to_string(n);
        node.vnodes = vnodes;
        s.nodes.push_back(node);
    }
    s.keys.pattern = "session-{i}";
    s.keys.count = keys;
    return s;
}

// Every key's 64-bit hash, hashed afresh as the document's placement hashes keys (a ring's
// document keeps positions alone; jump and mod-N read the whole hash).
inline std::vector<uint64_t> keyHashes(const ringscope::Document& doc) {
    return ringscope::hashKeys(doc.keys(), doc.placement().keyHashing()).hash64;
}

inline int distance(QColor a, QColor b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
           std::abs(a.blue() - b.blue());
}

// Grabs a widget at a fixed size and device pixel ratio 1.
inline QImage grabAt(QWidget& widget, QSize size) {
    widget.resize(size);
    widget.show();
    widget.ensurePolished();
    QImage image = widget.grab().toImage().convertToFormat(QImage::Format_RGB32);
    image.setDevicePixelRatio(1.0);
    return image;
}

// Saves a picture test's image when RINGSCOPE_VIEW_SHOTS names a directory (README screenshots).
inline void keepShot(const QImage& image, const QString& name) {
    const QString dir = qEnvironmentVariable("RINGSCOPE_VIEW_SHOTS");
    if (!dir.isEmpty()) {
        image.save(dir + u'/' + name + QStringLiteral(".png"));
    }
}

// Pixels within `tolerance` of `color` inside `area` (the whole image if empty).
inline int countColor(const QImage& image, QColor color, int tolerance = 24, QRect area = {}) {
    if (area.isEmpty()) {
        area = image.rect();
    }
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            count += distance(image.pixelColor(x, y), color) <= tolerance ? 1 : 0;
        }
    }
    return count;
}

// Lines (rows, or columns) holding at least `minRun` pixels of `color`: how tall (or how long) a
// bar drawn in that colour is.
inline int colorExtent(const QImage& image, QColor color, Qt::Orientation lines, int minRun,
                       int tolerance) {
    const bool rows = lines == Qt::Horizontal;
    const int count = rows ? image.height() : image.width();
    const int length = rows ? image.width() : image.height();
    int hits = 0;
    for (int line = 0; line < count; ++line) {
        int run = 0;
        for (int at = 0; at < length; ++at) {
            const QColor c = rows ? image.pixelColor(at, line) : image.pixelColor(line, at);
            run += distance(c, color) <= tolerance ? 1 : 0;
        }
        hits += run >= minRun ? 1 : 0;
    }
    return hits;
}

// The height of an upright bar in that colour.
inline int colorHeight(const QImage& image, QColor color, int minRun = 3, int tolerance = 24) {
    return colorExtent(image, color, Qt::Horizontal, minRun, tolerance);
}

// The length of a sideways bar in that colour.
inline int colorWidth(const QImage& image, QColor color, int minRun = 3, int tolerance = 24) {
    return colorExtent(image, color, Qt::Vertical, minRun, tolerance);
}

}  // namespace viewtest

Q_DECLARE_METATYPE(ringscope::Scenario)
