#pragma once
// Closed sets spelled in files and on the command line: one table per enum gives the names, the
// parser and the "one of: …" list of an error message. A table is indexed by the enum's value
// (checked at compile time), so a name can never drift from the value it stands for. A row is a
// NamedValue, or any struct with `value` and a `name` member or `name()` function (a table may
// carry more columns; the registry's rows take the name from their module).

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ringscope/error.h"

namespace ringscope {

template <typename Enum>
struct NamedValue {
    Enum value;
    std::string_view name;
};

// The enum a row type names.
template <typename Row>
using RowValue = decltype(Row::value);

// True when row i of the table holds the enumerator whose value is i.
template <typename Row, size_t N>
constexpr bool indexedByValue(const Row (&table)[N]) {
    for (size_t i = 0; i < N; ++i) {
        if (static_cast<size_t>(table[i].value) != i) {
            return false;
        }
    }
    return true;
}

// A row's name: its `name`, or its `name()`.
template <typename Row>
constexpr std::string_view rowName(const Row& row) {
    if constexpr (requires { row.name(); }) {
        return row.name();
    } else {
        return row.name;
    }
}

// The row of a value (the table must be indexedByValue).
template <typename Row, size_t N>
constexpr const Row& rowOf(const Row (&table)[N], RowValue<Row> value) {
    return table[static_cast<size_t>(value)];
}

template <typename Row, size_t N>
constexpr std::string_view nameIn(const Row (&table)[N], RowValue<Row> value) {
    return rowName(rowOf(table, value));
}

template <typename Row, size_t N>
constexpr std::optional<RowValue<Row>> valueIn(const Row (&table)[N], std::string_view name) {
    for (const Row& row : table) {
        if (rowName(row) == name) {
            return row.value;
        }
    }
    return std::nullopt;
}

// Every value of the table, in table order.
template <typename Row, size_t N>
constexpr std::array<RowValue<Row>, N> valuesIn(const Row (&table)[N]) {
    std::array<RowValue<Row>, N> values{};
    for (size_t i = 0; i < N; ++i) {
        values[i] = table[i].value;
    }
    return values;
}

// "a, b, c": the names for an error message.
template <typename Row, size_t N>
std::string choicesIn(const Row (&table)[N]) {
    std::string out;
    for (const Row& row : table) {
        if (!out.empty()) {
            out += ", ";
        }
        out += rowName(row);
    }
    return out;
}

// The message for a name the table does not hold: unknown value "x" (one of: a, b, c).
template <typename Row, size_t N>
std::string unknownNameMessage(std::string_view name, const Row (&table)[N]) {
    return "unknown value " + quotedText(name) + " (one of: " + choicesIn(table) + ")";
}

// Edits (insertions, deletions, substitutions and swaps of two neighbours, case ignored) that
// turn `a` into `b`: the optimal string alignment distance. O(|a| x |b|).
size_t editDistance(std::string_view a, std::string_view b);

// The name among `known` that `name` most likely misspells ("wieght" -> "weight", "replica" ->
// "replicas"): the nearest by edit distance (insertions, deletions, substitutions and swaps of
// two neighbours, case ignored), if it is within a third of that name's length (at least one
// edit). Ties go to the earlier name. O(|known| x |name| x longest).
std::optional<std::string_view> nearestName(std::string_view name,
                                            std::span<const std::string_view> known);

// The refusal of a member `key` that a reader does not know, in the object at `where`: a
// misspelt "wieght" would leave the weight at 1 and a "replica" the replicas at 1 without a word.
// Names "where.key" ("key" when `where` is empty): unknown field; did you mean "weight"? (known:
// id, tokens, …). The scenario reader and the lesson reader both refuse with it.
InputError unknownFieldError(std::string_view key, std::span<const std::string_view> known,
                             const std::string& where);

}  // namespace ringscope
