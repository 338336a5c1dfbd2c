#include "ringscope/key_encoding.h"

#include <charconv>
#include <limits>

#include "ringscope/error.h"

namespace ringscope {

namespace {

void appendBigEndian(std::string& out, uint64_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) {
        out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
    }
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

}  // namespace

std::string_view keyEncodingExpects(KeyEncoding encoding) {
    switch (encoding) {
        case KeyEncoding::Utf8:
            return "text";
        case KeyEncoding::Int32:
            return "a decimal int32 (-2147483648 to 2147483647)";
        case KeyEncoding::Int64:
            return "a decimal int64 (-9223372036854775808 to 9223372036854775807)";
        case KeyEncoding::Hex:
            return "hex bytes (pairs of 0-9a-f, optionally after 0x)";
    }
    return "?";
}

std::optional<int64_t> parseDecimalI64(std::string_view text) {
    const size_t digits = !text.empty() && text.front() == '-' ? 1 : 0;
    if (text.size() == digits || text[digits] < '0' || text[digits] > '9') {
        return std::nullopt;
    }
    int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

std::optional<std::string> encodeKey(KeyEncoding encoding, std::string_view key) {
    std::string out;
    switch (encoding) {
        case KeyEncoding::Utf8:
            return std::string(key);
        case KeyEncoding::Int32: {
            const auto value = parseDecimalI64(key);
            if (!value || *value < std::numeric_limits<int32_t>::min() ||
                *value > std::numeric_limits<int32_t>::max()) {
                return std::nullopt;
            }
            appendBigEndian(out, static_cast<uint32_t>(static_cast<int32_t>(*value)), 4);
            return out;
        }
        case KeyEncoding::Int64: {
            const auto value = parseDecimalI64(key);
            if (!value) {
                return std::nullopt;
            }
            appendBigEndian(out, static_cast<uint64_t>(*value), 8);
            return out;
        }
        case KeyEncoding::Hex: {
            if (key.size() >= 2 && key[0] == '0' && (key[1] == 'x' || key[1] == 'X')) {
                key.remove_prefix(2);
            }
            if (key.size() % 2 != 0) {
                return std::nullopt;
            }
            for (size_t i = 0; i < key.size(); i += 2) {
                const int hi = hexDigit(key[i]);
                const int lo = hexDigit(key[i + 1]);
                if (hi < 0 || lo < 0) {
                    return std::nullopt;
                }
                out.push_back(static_cast<char>(hi * 16 + lo));
            }
            return out;
        }
    }
    return std::nullopt;
}

std::string encodeKeyOrThrow(KeyEncoding encoding, std::string_view key, const std::string& where) {
    auto bytes = encodeKey(encoding, key);
    if (!bytes) {
        throw InputError(where, "key \"" + std::string(key) + "\" is not " +
                                    std::string(keyEncodingExpects(encoding)));
    }
    return std::move(*bytes);
}

}  // namespace ringscope
