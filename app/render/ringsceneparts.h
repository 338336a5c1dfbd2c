#pragma once
// What the ring picture's files (ringscene.cpp, ringscenepaths.cpp, ringscenetexts.cpp) share:
// its measures in logical units and two small rules.

#include <QColor>
#include <QString>

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "numberformat.h"
#include "ringscene.h"
#include "ringscope/space.h"

namespace ringscope::ringscene {

inline constexpr double kCenter = RingScene::kLogicalSize / 2;
inline constexpr double kRadius = 360;
// Presenting, the larger legend and labels need the corners: the ring steps back a little.
inline constexpr double kPresentRadius = 325;
inline constexpr double kBandLabelMinDegrees = 9;
inline constexpr int kBandLabelPx = 22;
inline constexpr size_t kMaxTokenLabels = 24;
// The tick marks: from kTickGap outside the band, the longest kLongTick (logical units).
// The centre's lines keep within this share of the radius inside the key dots: clear of them.
inline constexpr double kCentreTextShare = 0.95;
inline constexpr double kTickGap = 5;
inline constexpr double kLongTick = 14;
inline constexpr double kTickReach = kTickGap + kLongTick;
// What the legend keeps clear of: the ring with its tick and token labels (logical units).
inline constexpr double kLegendClearRadius = kRadius + 95;
// The tokens at the quarter turns of a signed64 ring, clockwise from the top.
inline const QString kSigned64Quarters[] = {QStringLiteral("−2⁶³"), QStringLiteral("−2⁶²"),
                                            QStringLiteral("0"), QStringLiteral("2⁶²")};
inline constexpr size_t kMaxOutlinedArcs = 256;
// How far past a shape its pixels reach (logical units): the widest pen drawn on a shape (a
// lesson's arc outline presenting, 10.8) spills half its width past the outline, and a pixel
// of antialiasing. A change's repaint reaches this far past what changed, and a repaint draws
// the shapes this far outside its clip.
inline constexpr double kDamageMargin = 7;
inline constexpr RingTexts::Layer Fixed = RingTexts::Layer::Fixed;
inline constexpr RingTexts::Layer Live = RingTexts::Layer::Live;

// The node colour, darkened (or lightened) until it reads on the background.
inline QColor readableOn(QColor color, const QColor& background) {
    const bool darkBackground = background.lightnessF() < 0.5;
    for (int i = 0; i < 6; ++i) {
        const double contrast = std::abs(color.lightnessF() - background.lightnessF());
        if (contrast > 0.45) {
            break;
        }
        color = darkBackground ? color.lighter(125) : color.darker(125);
    }
    return color;
}

using format::percent;

// The first position of fraction b / bins of the space, monotone in b.
inline uint64_t binStart(uint64_t space, size_t b, size_t bins) {
    const long double size = spaceSizeLong(space);
    const long double x = size * static_cast<long double>(b) / static_cast<long double>(bins);
    return x >= size ? ~uint64_t{0} : static_cast<uint64_t>(std::ceil(x));
}

}  // namespace ringscope::ringscene
