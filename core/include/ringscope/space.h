#pragma once
// The hash space: positions are unsigned integers in [0, space). `space` is any integer >= 2, or
// 2^32, or 2^64 (stored as 0, since it does not fit in 64 bits).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ringscope {

inline constexpr uint64_t kSpace32 = uint64_t{1} << 32;
inline constexpr uint64_t kSpace64 = 0;
// 2^64 as a floating-point number (exact), for fractions of the full 64-bit space.
inline constexpr double kTwoTo64 = 18446744073709551616.0;

// The number of positions as a floating-point value: 2^64 for kSpace64.
constexpr double spaceSize(uint64_t space) {
    return space == kSpace64 ? kTwoTo64 : static_cast<double>(space);
}

// The same in extended precision, where positions near 2^64 must stay distinct (drawing).
constexpr long double spaceSizeLong(uint64_t space) {
    return space == kSpace64 ? static_cast<long double>(kTwoTo64) : static_cast<long double>(space);
}

// A hash value reduced into the space (a mask for powers of two, which most spaces are).
constexpr uint64_t reduceToSpace(uint64_t hash, uint64_t space) {
    if (space == kSpace64) {
        return hash;
    }
    return (space & (space - 1)) == 0 ? hash & (space - 1) : hash % space;
}

// "100", "2^32", "2^64".
std::string spaceName(uint64_t space);

// The inverse of spaceName: "2^32", "2^64" or a decimal integer of at least 2. Anything else
// (including 0 and 1) is nullopt; kSpaceRule says what is accepted, for messages.
std::optional<uint64_t> parseSpace(std::string_view text);
inline constexpr char kSpaceRule[] = "must be at least 2 (or \"2^32\", \"2^64\")";

}  // namespace ringscope
