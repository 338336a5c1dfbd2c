#include "ringcolors.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "keyhashes/fnv1a/fnv1a.h"
#include "nodenames.h"

namespace ringscope {

namespace {

// Okabe-Ito without vermillion (kept for "moved"), then Paul Tol's muted set.
constexpr QRgb kSafe[] = {0x0072B2, 0xE69F00, 0x009E73, 0x56B4E9, 0xCC79A7, 0x999933,
                          0x332288, 0x44AA99, 0x882255, 0xDDCC77, 0x117733, 0xAA4499};
constexpr size_t kSafeCount = std::size(kSafe);
constexpr QRgb kMovedRed = 0xE61E1E;
// Past the safe colours, each palette entry is as far as possible from this many before it.
constexpr size_t kNeighbours = 5;
// QColor::lighter factor of a bounded-load variant against its plain algorithm.
constexpr int kBoundedLighter = 160;

// The candidates the palette is picked from: an sRGB grid, mid lightness, some chroma.
constexpr int kGridStep = 17;  // 16 levels per channel
constexpr double kMinLightness = 38;
constexpr double kMaxLightness = 82;
constexpr double kMinChroma = 25;
// No node colour within this of the "moved" red (ΔE*ab): a node's arc must never read as moved
// keys.
constexpr double kMinMovedDistance = 30;

using Lab = std::array<double, 3>;

double linear(double channel) {
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

// sRGB (D65) to CIELAB.
Lab labOf(const QColor& color) {
    const double r = linear(color.redF());
    const double g = linear(color.greenF());
    const double b = linear(color.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) {
        return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
    };
    return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

double distance(const Lab& a, const Lab& b) {
    return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

std::vector<QColor> buildPalette() {
    std::vector<QColor> palette;
    std::vector<Lab> taken;
    for (const QRgb rgb : kSafe) {
        palette.push_back(QColor::fromRgb(rgb));
        taken.push_back(labOf(palette.back()));
    }
    taken.push_back(labOf(QColor::fromRgb(kMovedRed)));
    struct Candidate {
        QColor color;
        Lab lab;
        double nearest;  // distance to the closest colour taken so far
    };
    std::vector<Candidate> candidates;
    for (int r = 0; r < 256; r += kGridStep) {
        for (int g = 0; g < 256; g += kGridStep) {
            for (int b = 0; b < 256; b += kGridStep) {
                const QColor color(r, g, b);
                const Lab lab = labOf(color);
                if (lab[0] >= kMinLightness && lab[0] <= kMaxLightness &&
                    std::hypot(lab[1], lab[2]) >= kMinChroma &&
                    distance(lab, labOf(QColor::fromRgb(kMovedRed))) >= kMinMovedDistance) {
                    double nearest = 1e9;
                    for (const Lab& t : taken) {
                        nearest = std::min(nearest, distance(lab, t));
                    }
                    candidates.push_back({color, lab, nearest});
                }
            }
        }
    }
    while (palette.size() < kNodePaletteSize) {
        const auto best = std::max_element(
            candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.nearest < b.nearest; });
        const Candidate pick = *best;
        palette.push_back(pick.color);
        for (Candidate& c : candidates) {
            c.nearest = std::min(c.nearest, distance(c.lab, pick.lab));
        }
    }
    // Then the picks in the order that puts neighbours far apart, each as far as possible from
    // the kNeighbours entries before it: ids of one pool ask for neighbouring entries.
    std::vector<QColor> picked(palette.begin() + kSafeCount, palette.end());
    palette.resize(kSafeCount);
    while (!picked.empty()) {
        const auto spread = [&](const QColor& c) {
            double nearest = 1e9;
            for (size_t back = 1; back <= kNeighbours && back <= palette.size(); ++back) {
                nearest = std::min(nearest, colorDistance(c, palette[palette.size() - back]));
            }
            return nearest;
        };
        const auto next = std::max_element(
            picked.begin(), picked.end(),
            [&](const QColor& a, const QColor& b) { return spread(a) < spread(b); });
        palette.push_back(*next);
        picked.erase(next);
    }
    return palette;
}

// The palette entry a node asks for: the numbers of its id, else a hash among the safe colours.
size_t preferredEntry(const std::string& id) {
    if (const auto number = idNumber(id, kNodePaletteSize)) {
        return size_t(*number);
    }
    return fnv1a32(id) % kSafeCount;
}

// WCAG 2 relative luminance.
double luminance(const QColor& c) {
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

}  // namespace

std::span<const QColor> nodePalette() {
    static const std::vector<QColor> palette = buildPalette();
    return palette;
}

double colorDistance(const QColor& a, const QColor& b) {
    return distance(labOf(a), labOf(b));
}

std::vector<QColor> nodeColors(std::span<const NodeSpec> nodes) {
    const std::span<const QColor> palette = nodePalette();
    std::vector<QColor> colors;
    colors.reserve(nodes.size());
    std::vector<bool> used(palette.size(), false);
    size_t free = palette.size();
    for (const NodeSpec& node : nodes) {
        if (node.color) {
            colors.push_back(QColor::fromRgb(QRgb(*node.color)));
            continue;
        }
        size_t entry = preferredEntry(node.id);
        if (free == 0) {  // more nodes than colours: share
            colors.push_back(palette[entry]);
            continue;
        }
        while (used[entry]) {
            entry = (entry + 1) % palette.size();
        }
        used[entry] = true;
        --free;
        colors.push_back(palette[entry]);
    }
    return colors;
}

std::vector<QColor> nodeColors(std::span<const std::string> ids) {
    std::vector<NodeSpec> nodes(ids.size());
    for (size_t n = 0; n < ids.size(); ++n) {
        nodes[n].id = ids[n];
    }
    return nodeColors(nodes);
}

QColor algorithmColor(Algorithm algorithm, bool bounded) {
    const QColor plain = algorithmColor(algorithm);
    return bounded ? plain.lighter(kBoundedLighter) : plain;
}

QColor algorithmColor(Algorithm algorithm) {
    return QColor::fromRgb(moduleOf(algorithm).traits().color);  // the module's, from its name row
}

QColor contrastingText(const QColor& fill) {
    // Contrast ratios (L1 + 0.05) / (L2 + 0.05) against white (L = 1) and black (L = 0).
    const double l = luminance(fill);
    const double onWhite = 1.05 / (l + 0.05);
    const double onBlack = (l + 0.05) / 0.05;
    return onBlack >= onWhite ? QColor(Qt::black) : QColor(Qt::white);
}

RingColors RingColors::from(const QPalette& palette) {
    RingColors c;
    c.background = palette.color(QPalette::Base);
    c.text = palette.color(QPalette::Text);
    const bool dark = c.background.lightnessF() < 0.5;
    c.faintText = c.text;
    c.faintText.setAlphaF(0.55f);
    c.outline = dark ? QColor(0xE0, 0xE0, 0xE0) : QColor(0x20, 0x20, 0x20);
    c.key = dark ? QColor(0x9A, 0x9A, 0x9A) : QColor(0x70, 0x70, 0x70);
    c.moved = QColor::fromRgb(kMovedRed);  // paired with a larger, ringed mark
    c.replicaOnly = dark ? QColor(0xFF, 0xD7, 0x00) : QColor(0xB8, 0x86, 0x00);
    c.density = dark ? QColor(0x80, 0x80, 0x80) : QColor(0xA8, 0xA8, 0xA8);
    c.walk = dark ? QColor(0xFF, 0xFF, 0xFF) : QColor(0x10, 0x10, 0x10);
    c.down = dark ? QColor(0x3A, 0x3A, 0x3A) : QColor(0xD4, 0xD4, 0xD4);
    c.selection = palette.color(QPalette::Highlight);
    return c;
}

RingColors RingColors::highContrast() {
    RingColors c;
    c.background = QColor(Qt::white);
    c.text = QColor(Qt::black);
    c.faintText = QColor(0x30, 0x30, 0x30);
    c.outline = QColor(Qt::black);
    c.key = QColor(0x40, 0x40, 0x40);
    c.moved = QColor::fromRgb(kMovedRed);
    c.replicaOnly = QColor(0x8A, 0x60, 0x00);
    c.density = QColor(0x70, 0x70, 0x70);
    c.walk = QColor(Qt::black);
    c.selection = QColor(0x00, 0x47, 0xAB);
    return c;
}

}  // namespace ringscope
