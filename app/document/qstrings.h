#pragma once
// The one conversion from the core's UTF-8 strings to QString used across the Qt side.

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <string>
#include <string_view>

#include "ringscope/space.h"

namespace ringscope {

inline QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// A node id as a label shows it: one longer than kMaxShownIdChars (a 300-character name) with its
// middle elided, so a legend row, a token label or a table cell stays readable; tool tips give
// the id whole.
inline constexpr qsizetype kMaxShownIdChars = 32;
inline QString shownId(const QString& id) {
    if (id.size() <= kMaxShownIdChars) {
        return id;
    }
    qsizetype head = (kMaxShownIdChars - 1) / 2;
    qsizetype tail = kMaxShownIdChars - 1 - head;
    // Never half of a character outside the Basic Multilingual Plane (an emoji).
    if (id.at(head - 1).isHighSurrogate()) {
        --head;
    }
    if (id.at(id.size() - tail).isLowSurrogate()) {
        --tail;
    }
    return id.left(head) + QChar(0x2026) + id.right(tail);
}

// A scenario's title or description as the window shows it: a preset's in the window's language
// (the presets' texts are translated as the program's own are, in the "Preset" context, which
// lupdate reads from the file CMakeLists.txt writes from resources/presets), any other as
// written. Files keep what was written.
inline QString shownText(const std::string& text) {
    return text.empty() ? QString() : QCoreApplication::translate("Preset", text.c_str());
}

// A position as the space writes it (formatPosition: signed tokens in signed64).
inline QString positionText(uint64_t position, uint64_t space) {
    return qs(formatPosition(position, space));
}

}  // namespace ringscope
