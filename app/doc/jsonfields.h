#pragma once
// The fields a JSON object in a scenario or lesson file may hold. A field the reader does not
// know is refused, never skipped: a misspelt "wieght" would leave the weight at 1 and a
// "replica" the replicas at 1 without a word. The scenario and lesson readers both check here.

#include <QJsonObject>

#include <initializer_list>
#include <string>
#include <string_view>

namespace ringscope {

// Throws InputError naming the first field of `object` that is not among `known` ("where.name",
// or "name" when `where` is empty): unknown field; did you mean "weight"? (known: id, tokens, …).
void allowOnlyFields(const QJsonObject& object, std::initializer_list<std::string_view> known,
                     const std::string& where);

}  // namespace ringscope
