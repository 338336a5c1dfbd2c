#include "ringscope/space.h"

#include "ringscope/hash.h"

namespace ringscope {

std::string spaceName(uint64_t space) {
    if (space == kSpace64) {
        return "2^64";
    }
    if (space == kSpace32) {
        return "2^32";
    }
    return std::to_string(space);
}

std::optional<uint64_t> parseSpace(std::string_view text) {
    if (text == "2^32") {
        return kSpace32;
    }
    if (text == "2^64") {
        return kSpace64;
    }
    const auto value = parseDecimalU64(text);
    if (!value || *value < 2) {
        return std::nullopt;
    }
    return value;
}

}  // namespace ringscope
