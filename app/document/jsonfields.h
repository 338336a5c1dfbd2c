#pragma once
// The fields a JSON object in a lesson file may hold, checked on Qt's JSON objects. A field the
// reader does not know is refused, never skipped, with the scenario reader's message
// (json::allowOnly in the core; both call unknownFieldError, names.h).

#include <QJsonObject>

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace ringscope {

// Throws InputError naming the first field of `object` that is not among `known` ("where.name",
// or "name" when `where` is empty): unknown field; did you mean "weight"? (known: id, tokens, …).
void allowOnlyFields(const QJsonObject& object, std::span<const std::string_view> known,
                     const std::string& where);
inline void allowOnlyFields(const QJsonObject& object,
                            std::initializer_list<std::string_view> known,
                            const std::string& where) {
    allowOnlyFields(object, std::span<const std::string_view>(known.begin(), known.size()), where);
}

}  // namespace ringscope
