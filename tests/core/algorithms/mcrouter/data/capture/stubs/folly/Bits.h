// Capture stub for folly/Bits.h: findLastSet alone, which mcrouter/lib/fbi/WeightedFurcHash.cpp
// reads (the 1-based index of the highest set bit, 0 for 0). The standard headers below are
// ones that file gets through the real folly/Bits.h (std::array, std::numeric_limits).
#pragma once

#include <array>
#include <cstdint>
#include <limits>

namespace folly {

inline constexpr unsigned findLastSet(uint32_t v) {
    return v == 0 ? 0 : 32 - static_cast<unsigned>(__builtin_clz(v));
}

}  // namespace folly
