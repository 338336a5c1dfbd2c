#pragma once
// JSON values as the core reads and writes them: the scenario file's fields, and each module's
// own object of it ("maglev": {...}, "tokens": {...}, a node's "slots"). The app parses and prints
// the text (Qt's JSON classes); the core sees only these values, so a module reads its parameters
// without Qt, and every reader names the field it is at in its messages, as the scenario file's
// errors always have ("nodes[1] (B).weight: expected a number, got a string").
//
// A number keeps what the parser knew of it: its double value, and its exact integer when the
// text was a whole number that fits 64 bits signed (so 9007199254740993 is not rounded).

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringscope/error.h"
#include "ringscope/names.h"

namespace ringscope::json {

class Value;
using Array = std::vector<Value>;

// Members in the order they were read or set; a key is held once (set() replaces).
class Object {
public:
    Object() = default;
    Object(std::initializer_list<std::pair<std::string, Value>> members);

    bool contains(std::string_view key) const { return find(key) != nullptr; }
    // The member, or nullptr.
    const Value* find(std::string_view key) const;
    // The member, or an undefined value (which readers call "nothing").
    const Value& operator[](std::string_view key) const;
    void set(std::string key, Value value);
    void remove(std::string_view key);
    bool empty() const;
    size_t size() const;
    const std::vector<std::pair<std::string, Value>>& members() const { return m_members; }
    bool operator==(const Object&) const;

private:
    std::vector<std::pair<std::string, Value>> m_members;
};

class Value {
public:
    enum class Type : uint8_t { Undefined, Null, Bool, Number, String, Array, Object };

    Value() = default;  // undefined: what an absent member reads as
    static Value null();
    Value(bool value);
    Value(double value);
    Value(int value) : Value(static_cast<int64_t>(value)) {}
    Value(int64_t value);
    // A whole number as a JSON number while doubles hold it exactly (below 2^53), else as a
    // decimal string, so nothing is rounded (what scenario files do for large positions).
    static Value count(uint64_t value);
    // A number read by a parser: its double, and its exact value when the text was an integer.
    static Value number(double value, std::optional<int64_t> integer);
    Value(std::string value);
    Value(const char* value) : Value(std::string(value)) {}
    Value(std::string_view value) : Value(std::string(value)) {}
    Value(json::Array value);
    Value(json::Object value);

    Type type() const { return m_type; }
    bool isUndefined() const { return m_type == Type::Undefined; }
    bool isNull() const { return m_type == Type::Null; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isNumber() const { return m_type == Type::Number; }
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }
    bool isObject() const { return m_type == Type::Object; }

    bool toBool() const { return m_bool; }
    double toDouble() const { return m_number; }
    // The exact integer of a number: as written, or its double when that is a whole number
    // within 64 bits signed; nullopt otherwise (Qt's QJsonValue::toInteger).
    std::optional<int64_t> toInteger() const;
    // True for a number written or made as an integer (it is printed as one).
    bool isExactInteger() const { return m_type == Type::Number && m_exact; }
    const std::string& toString() const { return m_string; }
    const json::Array& toArray() const { return m_array; }
    const json::Object& toObject() const { return m_object; }

    bool operator==(const Value&) const;

private:
    Type m_type = Type::Undefined;
    bool m_bool = false;
    bool m_exact = false;  // m_integer holds the number as written
    double m_number = 0;
    int64_t m_integer = 0;
    std::string m_string;
    json::Array m_array;
    json::Object m_object;
};

inline bool Object::empty() const {
    return m_members.empty();
}
inline size_t Object::size() const {
    return m_members.size();
}

// "a string", "an object", "nothing", ... (for messages).
const char* typeName(const Value& value);

// Readers: each names `where` (the field path) in the InputError it throws for a value of the
// wrong type or range: "expected a number, got a string".
[[noreturn]] void wrongType(const std::string& where, const char* expected, const Value& value);
const Object& object(const Value& value, const std::string& where);
const Array& array(const Value& value, const std::string& where);
std::string string(const Value& value, const std::string& where);
bool boolean(const Value& value, const std::string& where);
double number(const Value& value, const std::string& where);
// A whole number >= 0, as a JSON number or (for values above 2^53) a decimal string.
uint64_t unsignedInt(const Value& value, const std::string& where);
// A whole number within +-2^53.
int64_t signedInt(const Value& value, const std::string& where);

// Refuses the first member of `object` (at `where`) that is not among `known`, naming the one
// it most likely misspells (unknownFieldError, names.h). O(members x known).
void allowOnly(const Object& object, std::span<const std::string_view> known,
               const std::string& where);
inline void allowOnly(const Object& object, std::initializer_list<std::string_view> known,
                      const std::string& where) {
    allowOnly(object, std::span<const std::string_view>(known.begin(), known.size()), where);
}

// A value of a closed set, by its name in the set's table (names.h): "unknown value "x" (one
// of: a, b, c)" otherwise.
template <typename Row, size_t N>
RowValue<Row> named(const Value& value, const std::string& where, const Row (&table)[N]) {
    const std::string name = string(value, where);
    const auto found = valueIn(table, name);
    if (!found) {
        throw InputError(where, unknownNameMessage(name, table));
    }
    return *found;
}

// "1.5", "1e+20": a double as messages write it, with `digits` significant digits.
std::string shortNumber(double value, int digits = 6);

}  // namespace ringscope::json
