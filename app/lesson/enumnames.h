#pragma once
// A closed set's spellings come from one table: the enum's list of values and its name function.
// These turn that table into the parser and the "one of: ..." list of error messages.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ringscope::lesson {

template <typename Enum, size_t N, typename NameOf>
std::optional<Enum> enumFromName(const Enum (&all)[N], NameOf nameOf, std::string_view name) {
    for (const Enum value : all) {
        if (nameOf(value) == name) {
            return value;
        }
    }
    return std::nullopt;
}

template <typename Enum, size_t N, typename NameOf>
std::string enumNames(const Enum (&all)[N], NameOf nameOf) {
    std::string names;
    for (const Enum value : all) {
        names += (names.empty() ? "" : ", ") + std::string(nameOf(value));
    }
    return names;
}

}  // namespace ringscope::lesson
