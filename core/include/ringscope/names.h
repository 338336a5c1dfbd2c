#pragma once
// Closed sets spelled in files and on the command line: one table per enum gives the names, the
// parser and the "one of: …" list of an error message. A table is indexed by the enum's value
// (checked at compile time), so a name can never drift from the value it stands for.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ringscope {

template <typename Enum>
struct NamedValue {
    Enum value;
    std::string_view name;
};

// True when row i of the table holds the enumerator whose value is i.
template <typename Enum, size_t N>
constexpr bool indexedByValue(const NamedValue<Enum> (&table)[N]) {
    for (size_t i = 0; i < N; ++i) {
        if (static_cast<size_t>(table[i].value) != i) {
            return false;
        }
    }
    return true;
}

template <typename Enum, size_t N>
constexpr std::string_view nameIn(const NamedValue<Enum> (&table)[N], Enum value) {
    const auto i = static_cast<size_t>(value);
    return i < N ? table[i].name : std::string_view("?");
}

template <typename Enum, size_t N>
constexpr std::optional<Enum> valueIn(const NamedValue<Enum> (&table)[N], std::string_view name) {
    for (const NamedValue<Enum>& row : table) {
        if (row.name == name) {
            return row.value;
        }
    }
    return std::nullopt;
}

// Every value of the table, in table order.
template <typename Enum, size_t N>
constexpr std::array<Enum, N> valuesIn(const NamedValue<Enum> (&table)[N]) {
    std::array<Enum, N> values{};
    for (size_t i = 0; i < N; ++i) {
        values[i] = table[i].value;
    }
    return values;
}

// "a, b, c": the names for an error message.
template <typename Enum, size_t N>
std::string choicesIn(const NamedValue<Enum> (&table)[N]) {
    std::string out;
    for (const NamedValue<Enum>& row : table) {
        if (!out.empty()) {
            out += ", ";
        }
        out += row.name;
    }
    return out;
}

}  // namespace ringscope
