#include "ringscope/space.h"

#include "ringscope/hash.h"
#include "ringscope/key_encoding.h"

namespace ringscope {

std::string spaceName(uint64_t space) {
    switch (space) {
        case kSpace64:
            return "2^64";
        case kSpaceSigned64:
            return "signed64";
        case kSpace32:
            return "2^32";
        default:
            return std::to_string(space);
    }
}

std::optional<uint64_t> parseSpace(std::string_view text) {
    if (text == "2^32") {
        return kSpace32;
    }
    if (text == "2^64") {
        return kSpace64;
    }
    if (text == "signed64") {
        return kSpaceSigned64;
    }
    const auto value = parseDecimalU64(text);
    if (!value || *value < 2) {
        return std::nullopt;
    }
    return value;
}

std::string formatPosition(uint64_t position, uint64_t space) {
    return space == kSpaceSigned64 ? std::to_string(positionToSigned64(position))
                                   : std::to_string(position);
}

std::optional<uint64_t> parsePosition(std::string_view text, uint64_t space) {
    if (space == kSpaceSigned64) {
        const auto token = parseDecimalI64(text);
        return token ? std::optional<uint64_t>(signed64ToPosition(*token)) : std::nullopt;
    }
    const auto position = parseDecimalU64(text);
    return position && inSpace(*position, space) ? position : std::nullopt;
}

std::string positionRule(uint64_t space) {
    if (space == kSpaceSigned64) {
        return "a signed 64-bit token (-9223372036854775808 to 9223372036854775807)";
    }
    return "a whole number in [0, " + spaceName(space) + ")";
}

}  // namespace ringscope
