#include "ringcolors.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include "keyhashes/fnv1a/fnv1a.h"
#include "nodenames.h"

namespace ringscope {

namespace {

// Okabe-Ito without vermillion (kept for "moved"), then Paul Tol's muted set.
constexpr QRgb kSafe[] = {0x0072B2, 0xE69F00, 0x009E73, 0x56B4E9, 0xCC79A7, 0x999933,
                          0x332288, 0x44AA99, 0x882255, 0xDDCC77, 0x117733, 0xAA4499};
constexpr size_t kSafeCount = std::size(kSafe);
constexpr QRgb kMovedRed = 0xE61E1E;
// QColor::lighter factor of a bounded-load variant against its plain algorithm.
constexpr int kBoundedLighter = 160;

// The candidates the palette is picked from: an sRGB grid, mid lightness, some chroma.
constexpr int kGridStep = 17;  // 16 levels per channel
constexpr double kMinLightness = 38;
constexpr double kMinChroma = 25;
constexpr double kMaxLightness = 82;
// No node colour within this of the "moved" red (ΔE00): a node's arc must never read as moved
// keys.
constexpr double kMinMovedDistance = 20;
// The order of the picks: entries this close in the palette (either way round, cyclically)
// should differ by at least kSpreadTarget, and the hosts of one small pool (entries up to
// kPoolWindow apart) by kPoolTarget. Ids of one pool ask for entries a few apart, the next field
// of an address 13 further (idNumber's base), so the window covers both.
constexpr size_t kSpreadWindow = 18;
constexpr double kSpreadTarget = 16;
constexpr size_t kPoolWindow = 6;
constexpr double kPoolTarget = 18;
constexpr int kMaxOrderPasses = 20;

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

// CIEDE2000 (Sharma, Wu and Dalal 2005, equations 1-22).
double distance(const Lab& one, const Lab& two) {
    constexpr double kPi = 3.14159265358979323846;
    const auto rad = [&](double degrees) { return degrees * kPi / 180.0; };
    const auto deg = [&](double radians) { return radians * 180.0 / kPi; };
    const auto pow7 = [](double v) { return std::pow(v, 7.0); };
    const double c1 = std::hypot(one[1], one[2]);
    const double c2 = std::hypot(two[1], two[2]);
    const double cMean = (c1 + c2) / 2.0;
    const double g = 0.5 * (1.0 - std::sqrt(pow7(cMean) / (pow7(cMean) + pow7(25.0))));
    const double a1 = (1.0 + g) * one[1];
    const double a2 = (1.0 + g) * two[1];
    const double cp1 = std::hypot(a1, one[2]);
    const double cp2 = std::hypot(a2, two[2]);
    const auto hue = [&](double b, double a) {
        const double h = deg(std::atan2(b, a));
        return h < 0 ? h + 360.0 : h;
    };
    const double h1 = (cp1 == 0.0) ? 0.0 : hue(one[2], a1);
    const double h2 = (cp2 == 0.0) ? 0.0 : hue(two[2], a2);
    const bool grey = cp1 * cp2 == 0.0;
    double dh = h2 - h1;
    if (grey) {
        dh = 0.0;
    } else if (dh > 180.0) {
        dh -= 360.0;
    } else if (dh < -180.0) {
        dh += 360.0;
    }
    const double dL = two[0] - one[0];
    const double dC = cp2 - cp1;
    const double dH = 2.0 * std::sqrt(cp1 * cp2) * std::sin(rad(dh / 2.0));
    const double lMean = (one[0] + two[0]) / 2.0;
    const double cpMean = (cp1 + cp2) / 2.0;
    double hMean = h1 + h2;
    if (!grey) {
        hMean = std::abs(h1 - h2) <= 180.0 ? hMean / 2.0
                : hMean < 360.0            ? (hMean + 360.0) / 2.0
                                           : (hMean - 360.0) / 2.0;
    }
    const double t = 1.0 - 0.17 * std::cos(rad(hMean - 30.0)) + 0.24 * std::cos(rad(2.0 * hMean)) +
                     0.32 * std::cos(rad(3.0 * hMean + 6.0)) -
                     0.20 * std::cos(rad(4.0 * hMean - 63.0));
    const double dTheta = 30.0 * std::exp(-std::pow((hMean - 275.0) / 25.0, 2.0));
    const double rc = 2.0 * std::sqrt(pow7(cpMean) / (pow7(cpMean) + pow7(25.0)));
    const double sl =
        1.0 + 0.015 * std::pow(lMean - 50.0, 2.0) / std::sqrt(20.0 + std::pow(lMean - 50.0, 2.0));
    const double sc = 1.0 + 0.045 * cpMean;
    const double sh = 1.0 + 0.015 * cpMean * t;
    const double rt = -std::sin(rad(2.0 * dTheta)) * rc;
    return std::sqrt(std::pow(dL / sl, 2.0) + std::pow(dC / sc, 2.0) + std::pow(dH / sh, 2.0) +
                     rt * (dC / sc) * (dH / sh));
}

// The colours past the safe ones: picked one at a time from the candidates, each as far as
// possible from every colour taken before it.
std::vector<QColor> pickColors() {
    std::vector<Lab> taken;
    for (const QRgb rgb : kSafe) {
        taken.push_back(labOf(QColor::fromRgb(rgb)));
    }
    const Lab red = labOf(QColor::fromRgb(kMovedRed));
    taken.push_back(red);
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
                    distance(lab, red) >= kMinMovedDistance) {
                    double nearest = 1e9;
                    for (const Lab& t : taken) {
                        nearest = std::min(nearest, distance(lab, t));
                    }
                    candidates.push_back({color, lab, nearest});
                }
            }
        }
    }
    std::vector<QColor> picks;
    while (kSafeCount + picks.size() < kNodePaletteSize) {
        const Candidate pick = *std::max_element(
            candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.nearest < b.nearest; });
        picks.push_back(pick.color);
        for (Candidate& c : candidates) {
            c.nearest = std::min(c.nearest, distance(c.lab, pick.lab));
        }
    }
    return picks;
}

// The safe colours, then the picks ordered so that entries close in the palette differ: swaps
// of two picks are kept while they lower the shortfall below the targets, summed (squared) over
// the pairs kSpreadWindow or fewer entries apart, until a pass changes nothing. Deterministic.
std::vector<QColor> buildPalette() {
    std::vector<QColor> palette;
    for (const QRgb rgb : kSafe) {
        palette.push_back(QColor::fromRgb(rgb));
    }
    const std::vector<QColor> picks = pickColors();
    palette.insert(palette.end(), picks.begin(), picks.end());
    const size_t n = palette.size();
    std::vector<Lab> labs;
    for (const QColor& c : palette) {
        labs.push_back(labOf(c));
    }
    std::vector<double> apart(n * n);
    for (size_t i = 0; i < n; ++i) {
        for (size_t j = 0; j < n; ++j) {
            apart[i * n + j] = distance(labs[i], labs[j]);
        }
    }
    std::vector<size_t> order(n);  // order[entry] = the colour at that entry
    std::iota(order.begin(), order.end(), size_t{0});
    const auto shortfall = [&](size_t entry) {
        double sum = 0;
        for (size_t k = 1; k <= kSpreadWindow; ++k) {
            for (const size_t other : {(entry + k) % n, (entry + n - k) % n}) {
                const double target = k <= kPoolWindow ? kPoolTarget : kSpreadTarget;
                const double d = apart[order[entry] * n + order[other]];
                sum += d < target ? (target - d) * (target - d) : 0.0;
            }
        }
        return sum;
    };
    for (int pass = 0; pass < kMaxOrderPasses; ++pass) {
        bool swapped = false;
        for (size_t a = kSafeCount; a < n; ++a) {
            for (size_t b = a + 1; b < n; ++b) {
                const double before = shortfall(a) + shortfall(b);
                std::swap(order[a], order[b]);
                if (shortfall(a) + shortfall(b) + 1e-9 < before) {
                    swapped = true;
                } else {
                    std::swap(order[a], order[b]);
                }
            }
        }
        if (!swapped) {
            break;
        }
    }
    std::vector<QColor> ordered;
    for (const size_t colour : order) {
        ordered.push_back(palette[colour]);
    }
    return ordered;
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
