#include "ringcolors.h"

#include "ringscope/hash.h"

namespace ringscope {

namespace {

// Okabe-Ito without vermillion (kept for "moved"), then Paul Tol's muted set.
constexpr QRgb kSafe[] = {0x0072B2, 0xE69F00, 0x009E73, 0x56B4E9, 0xCC79A7, 0x999933,
                          0x332288, 0x44AA99, 0x882255, 0xDDCC77, 0x117733, 0xAA4499};
constexpr size_t kSafeCount = std::size(kSafe);

}  // namespace

std::vector<QColor> nodeColors(std::span<const std::string> ids) {
    std::vector<QColor> colors;
    colors.reserve(ids.size());
    std::vector<bool> used(kSafeCount, false);
    for (const std::string& id : ids) {
        const uint32_t h = fnv1a32(id);
        if (ids.size() > kSafeCount) {
            // Many nodes: hues by the golden angle from the id, alternating lightness.
            const double hue = std::fmod(double(h) * 0.618033988749895, 1.0);
            colors.push_back(QColor::fromHslF(float(hue), 0.65f, (h & 1) ? 0.42f : 0.55f));
            continue;
        }
        size_t slot = h % kSafeCount;
        while (used[slot]) {
            slot = (slot + 1) % kSafeCount;
        }
        used[slot] = true;
        colors.push_back(QColor::fromRgb(kSafe[slot]));
    }
    return colors;
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
    c.moved = QColor(0xE6, 0x1E, 0x1E);  // vermillion-red, paired with a larger, ringed mark
    c.replicaOnly = dark ? QColor(0xFF, 0xD7, 0x00) : QColor(0xB8, 0x86, 0x00);
    c.density = dark ? QColor(0x80, 0x80, 0x80) : QColor(0xA8, 0xA8, 0xA8);
    c.walk = dark ? QColor(0xFF, 0xFF, 0xFF) : QColor(0x10, 0x10, 0x10);
    c.selection = palette.color(QPalette::Highlight);
    return c;
}

}  // namespace ringscope
