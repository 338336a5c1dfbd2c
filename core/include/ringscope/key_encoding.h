#pragma once
// How a key's text becomes the bytes a byte-oriented key hash reads (SPEC §6 keyEncoding):
//   utf8   the text's own bytes (the default);
//   int32  a signed decimal, written as 4 bytes big-endian (CQL int);
//   int64  a signed decimal, written as 8 bytes big-endian (CQL bigint);
//   hex    pairs of hex digits, with or without a leading 0x (CQL blob literal).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ringscope/names.h"

namespace ringscope {

enum class KeyEncoding : uint8_t { Utf8, Int32, Int64, Hex };

// The scenario-file and command-line spelling of each encoding: the only place it is written.
inline constexpr NamedValue<KeyEncoding> kKeyEncodingNames[] = {
    {KeyEncoding::Utf8, "utf8"},
    {KeyEncoding::Int32, "int32"},
    {KeyEncoding::Int64, "int64"},
    {KeyEncoding::Hex, "hex"},
};
static_assert(indexedByValue(kKeyEncodingNames));

inline constexpr auto kAllKeyEncodings = valuesIn(kKeyEncodingNames);

// "utf8", "int32", "int64", "hex".
constexpr std::string_view keyEncodingName(KeyEncoding encoding) {
    return nameIn(kKeyEncodingNames, encoding);
}
constexpr std::optional<KeyEncoding> keyEncodingFromName(std::string_view name) {
    return valueIn(kKeyEncodingNames, name);
}
// "utf8, int32, int64, hex": for "one of: …" messages.
inline std::string keyEncodingNames() {
    return choicesIn(kKeyEncodingNames);
}

// What a key must look like under the encoding, for messages: "a decimal int32 (…)".
std::string_view keyEncodingExpects(KeyEncoding encoding);

// Parses a signed decimal (optional '-', digits only) within int64. O(n).
std::optional<int64_t> parseDecimalI64(std::string_view text);

// The key's bytes under the encoding, or nullopt when the text does not parse as that encoding.
// O(n).
std::optional<std::string> encodeKey(KeyEncoding encoding, std::string_view key);

// The same, but a key that does not parse throws InputError(where, message naming the key and
// what was expected), e.g. keys.txt:3: key "12x" is not a decimal int32.
std::string encodeKeyOrThrow(KeyEncoding encoding, std::string_view key, const std::string& where);

}  // namespace ringscope
