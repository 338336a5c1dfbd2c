#pragma once
// The one conversion from the core's UTF-8 strings to QString used across the Qt side.

#include <QString>

#include <string_view>

namespace ringscope {

inline QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace ringscope
