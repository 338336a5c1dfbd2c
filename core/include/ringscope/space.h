#pragma once
// The hash space: positions are unsigned integers in [0, space). `space` is any integer >= 2, or
// 2^32, or 2^64 (stored as 0, since it does not fit in 64 bits), or "signed64": Cassandra's
// signed 64-bit tokens in [-2^63, 2^63), ordered as signed (stored as 1, which no integer space
// can be).
//
// A signed64 space holds the same 2^64 positions as 2^64. A signed token t sits at the unsigned
// position t + 2^63 (its bits with the sign bit flipped), which keeps the signed order, so the
// ordinary ring owns (previous token, token] exactly as Cassandra does; only reading and writing
// positions differs (formatPosition, parsePosition).

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace ringscope {

inline constexpr uint64_t kSpace32 = uint64_t{1} << 32;
inline constexpr uint64_t kSpace64 = 0;
inline constexpr uint64_t kSpaceSigned64 = 1;
// 2^64 as a floating-point number (exact), for fractions of the full 64-bit space.
inline constexpr double kTwoTo64 = 18446744073709551616.0;

// The signed token t <-> its unsigned ring position t + 2^63 (the sign bit flipped).
inline constexpr uint64_t kSignBit = uint64_t{1} << 63;
constexpr uint64_t signed64ToPosition(int64_t token) {
    return static_cast<uint64_t>(token) ^ kSignBit;
}
constexpr int64_t positionToSigned64(uint64_t position) {
    return static_cast<int64_t>(position ^ kSignBit);
}
static_assert(signed64ToPosition(std::numeric_limits<int64_t>::min()) == 0);
static_assert(positionToSigned64(~uint64_t{0}) == std::numeric_limits<int64_t>::max());

// True for the spaces of all 2^64 positions: "2^64" and "signed64".
constexpr bool isFullSpace(uint64_t space) {
    return space == kSpace64 || space == kSpaceSigned64;
}

// The number of positions as a floating-point value: 2^64 for the full spaces.
constexpr double spaceSize(uint64_t space) {
    return isFullSpace(space) ? kTwoTo64 : static_cast<double>(space);
}

// The same in extended precision, where positions near 2^64 must stay distinct (drawing).
constexpr long double spaceSizeLong(uint64_t space) {
    return isFullSpace(space) ? static_cast<long double>(kTwoTo64)
                              : static_cast<long double>(space);
}

// The largest position of the space.
constexpr uint64_t lastPosition(uint64_t space) {
    return isFullSpace(space) ? ~uint64_t{0} : space - 1;
}

// True when every position of the space fits in 32 bits (spaces up to 2^32).
constexpr bool positionsFit32(uint64_t space) {
    return lastPosition(space) <= UINT32_MAX;
}

// True if the position lies in [0, space).
constexpr bool inSpace(uint64_t position, uint64_t space) {
    return isFullSpace(space) || position < space;
}

// A 64-bit hash value reduced into the space: h mod space; in signed64 the value read as a
// signed token (its two's-complement bits), placed at its unsigned position.
constexpr uint64_t reduceToSpace(uint64_t hash, uint64_t space) {
    switch (space) {
        case kSpace64:
            return hash;
        case kSpaceSigned64:
            return hash ^ kSignBit;
        default:  // a mask for powers of two, which most spaces are
            return (space & (space - 1)) == 0 ? hash & (space - 1) : hash % space;
    }
}

// "100", "2^32", "2^64", "signed64".
std::string spaceName(uint64_t space);

// The inverse of spaceName: "2^32", "2^64", "signed64" or a decimal integer of at least 2.
// Anything else (including 0 and 1) is nullopt; kSpaceRule says what is accepted, for messages.
std::optional<uint64_t> parseSpace(std::string_view text);
inline constexpr char kSpaceRule[] = "must be at least 2 (or \"2^32\", \"2^64\", \"signed64\")";

// A position as people write it for this space: a signed token in signed64 ("-42"), else the
// unsigned decimal ("42"). The one way positions are printed: files, the command line, the ring
// picture and the desktop program's tooltips.
std::string formatPosition(uint64_t position, uint64_t space);
// The inverse: a signed decimal in signed64, an unsigned decimal below `space` otherwise.
// nullopt for anything else. O(length).
std::optional<uint64_t> parsePosition(std::string_view text, uint64_t space);
// What parsePosition accepts, for messages: "a signed 64-bit token", "a position in [0, 100)".
std::string positionRule(uint64_t space);

}  // namespace ringscope
