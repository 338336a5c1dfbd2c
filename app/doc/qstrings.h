#pragma once
// The one conversion from the core's UTF-8 strings to QString used across the Qt side.

#include <QString>

#include <cstdint>
#include <string_view>

#include "ringscope/space.h"

namespace ringscope {

inline QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// A position as the space writes it (formatPosition: signed tokens in signed64).
inline QString positionText(uint64_t position, uint64_t space) {
    return qs(formatPosition(position, space));
}

}  // namespace ringscope
