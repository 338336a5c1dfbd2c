#include "ringscope/limits.h"

#include "ringscope/hash.h"

namespace ringscope {

namespace {

// "VALUE" or "VALUE" with a K, M or G suffix (2^10, 2^20, 2^30).
std::optional<uint64_t> parseAmount(std::string_view text) {
    uint64_t scale = 1;
    if (!text.empty()) {
        switch (text.back()) {
            case 'K':
            case 'k':
                scale = uint64_t{1} << 10;
                break;
            case 'M':
                scale = uint64_t{1} << 20;
                break;
            case 'G':
                scale = uint64_t{1} << 30;
                break;
        }
    }
    if (scale != 1) {
        text.remove_suffix(1);
    }
    const auto value = parseDecimalU64(text);
    if (!value || saturatingMul(*value, scale) == UINT64_MAX) {
        return std::nullopt;
    }
    return *value * scale;
}

}  // namespace

uint64_t decimalDigitsBetween(uint64_t first, uint64_t last) {
    uint64_t sum = 0;
    uint64_t low = 0;
    for (uint64_t digits = 1, high = 9; low <= last; ++digits) {  // [low, high] have `digits`
        const uint64_t from = std::max(low, first);
        const uint64_t to = std::min(high, last);
        if (from <= to) {
            sum = saturatingAdd(sum, saturatingMul(to - from + 1, digits));
        }
        if (high == UINT64_MAX) {
            break;
        }
        low = high + 1;
        high = high > UINT64_MAX / 10 ? UINT64_MAX : high * 10 + 9;
    }
    return sum;
}

void Limits::parse(std::string_view assignment, const std::string& option) {
    const size_t equals = assignment.find('=');
    const std::string_view name = assignment.substr(0, equals);
    const auto limit = valueIn(kLimitRows, name);
    if (!limit) {
        throw InputError(option, "unknown limit " + quotedText(name) +
                                     " (one of: " + choicesIn(kLimitRows) + ")");
    }
    const auto value = equals == std::string_view::npos
                           ? std::nullopt
                           : parseAmount(assignment.substr(equals + 1));
    if (!value) {
        throw InputError(option, "expected " + std::string(name) +
                                     "=VALUE, VALUE a whole number (K, M or G for 2^10, 2^20, "
                                     "2^30), not " +
                                     quotedText(assignment));
    }
    set(*limit, *value);
}

std::string saturatedTotalText(uint64_t total, bool saturated) {
    return (saturated && total == UINT64_MAX ? ">=" : "") + std::to_string(total);
}

InputError limitError(const Limits& limits, Limit limit, uint64_t amount, std::string field,
                      std::string_view what) {
    const std::string bound = std::string(limitName(limit)) + " = " + std::to_string(limits[limit]);
    if (amount == UINT64_MAX) {  // saturated: the true amount is not known, and no limit holds it
        return InputError(std::move(field), "needs 2^64 or more " + std::string(what) +
                                                ", more than any limit allows (" + bound + ")");
    }
    InputError error(std::move(field), "needs " + std::to_string(amount) + " " + std::string(what) +
                                           ", more than the limit " + bound);
    error.waivable({Waiver::Kind::RaiseLimit, limit, amount, {}});
    return error;
}

void checkLimit(const Limits& limits, Limit limit, uint64_t amount, std::string field,
                std::string_view what) {
    if (amount > limits[limit]) {
        throw limitError(limits, limit, amount, std::move(field), what);
    }
}

}  // namespace ringscope
