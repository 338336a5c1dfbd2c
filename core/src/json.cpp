#include "ringscope/json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ringscope/hash.h"

namespace ringscope::json {

namespace {
constexpr double kMaxExactDouble = 9007199254740992.0;  // 2^53
}  // namespace

Object::Object(std::initializer_list<std::pair<std::string, Value>> members) {
    for (const auto& [key, value] : members) {
        set(key, value);
    }
}

const Value* Object::find(std::string_view key) const {
    const auto it = std::find_if(m_members.begin(), m_members.end(),
                                 [key](const auto& member) { return member.first == key; });
    return it == m_members.end() ? nullptr : &it->second;
}

const Value& Object::operator[](std::string_view key) const {
    static const Value kUndefined;
    const Value* value = find(key);
    return value ? *value : kUndefined;
}

void Object::set(std::string key, Value value) {
    for (auto& member : m_members) {
        if (member.first == key) {
            member.second = std::move(value);
            return;
        }
    }
    m_members.emplace_back(std::move(key), std::move(value));
}

void Object::remove(std::string_view key) {
    std::erase_if(m_members, [key](const auto& member) { return member.first == key; });
}

bool Object::operator==(const Object& other) const {
    if (m_members.size() != other.m_members.size()) {
        return false;
    }
    return std::all_of(m_members.begin(), m_members.end(), [&other](const auto& member) {
        const Value* theirs = other.find(member.first);
        return theirs && *theirs == member.second;
    });
}

Value Value::null() {
    Value v;
    v.m_type = Type::Null;
    return v;
}

Value::Value(bool value) : m_type(Type::Bool), m_bool(value) {}

Value::Value(double value) : m_type(Type::Number), m_number(value) {}

Value::Value(int64_t value)
    : m_type(Type::Number), m_exact(true), m_number(static_cast<double>(value)), m_integer(value) {}

Value Value::count(uint64_t value) {
    if (static_cast<double>(value) < kMaxExactDouble) {
        return Value(static_cast<int64_t>(value));
    }
    return Value(std::to_string(value));
}

Value Value::number(double value, std::optional<int64_t> integer) {
    Value v(value);
    if (integer) {
        v.m_exact = true;
        v.m_integer = *integer;
    }
    return v;
}

Value::Value(std::string value) : m_type(Type::String), m_string(std::move(value)) {}

Value::Value(json::Array value) : m_type(Type::Array), m_array(std::move(value)) {}

Value::Value(json::Object value) : m_type(Type::Object), m_object(std::move(value)) {}

std::optional<int64_t> Value::toInteger() const {
    if (m_type != Type::Number) {
        return std::nullopt;
    }
    if (m_exact) {
        return m_integer;
    }
    // A whole double within int64 (2^63 itself is not).
    if (std::isfinite(m_number) && m_number == std::floor(m_number) && m_number >= -0x1p63 &&
        m_number < 0x1p63) {
        return static_cast<int64_t>(m_number);
    }
    return std::nullopt;
}

bool Value::operator==(const Value& other) const {
    if (m_type != other.m_type) {
        return false;
    }
    switch (m_type) {
        case Type::Undefined:
        case Type::Null:
            return true;
        case Type::Bool:
            return m_bool == other.m_bool;
        case Type::Number:
            return m_exact && other.m_exact ? m_integer == other.m_integer
                                            : m_number == other.m_number;
        case Type::String:
            return m_string == other.m_string;
        case Type::Array:
            return m_array == other.m_array;
        case Type::Object:
            return m_object == other.m_object;
    }
    return false;
}

const char* typeName(const Value& v) {
    switch (v.type()) {
        case Value::Type::Null:
            return "null";
        case Value::Type::Bool:
            return "a boolean";
        case Value::Type::Number:
            return "a number";
        case Value::Type::String:
            return "a string";
        case Value::Type::Array:
            return "an array";
        case Value::Type::Object:
            return "an object";
        case Value::Type::Undefined:
            return "nothing";
    }
    return "?";
}

std::string shortNumber(double value, int digits) {
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    return text;
}

void wrongType(const std::string& where, const char* expected, const Value& v) {
    throw InputError(where, std::string("expected ") + expected + ", got " + typeName(v));
}

const Object& object(const Value& v, const std::string& where) {
    if (!v.isObject()) {
        wrongType(where, "an object", v);
    }
    return v.toObject();
}

const Array& array(const Value& v, const std::string& where) {
    if (!v.isArray()) {
        wrongType(where, "an array", v);
    }
    return v.toArray();
}

std::string string(const Value& v, const std::string& where) {
    if (!v.isString()) {
        wrongType(where, "a string", v);
    }
    return v.toString();
}

bool boolean(const Value& v, const std::string& where) {
    if (!v.isBool()) {
        wrongType(where, "true or false", v);
    }
    return v.toBool();
}

double number(const Value& v, const std::string& where) {
    if (!v.isNumber()) {
        wrongType(where, "a number", v);
    }
    return v.toDouble();
}

uint64_t unsignedInt(const Value& v, const std::string& where) {
    if (v.isString()) {
        if (const auto parsed = parseDecimalU64(v.toString())) {
            return *parsed;
        }
        throw InputError(where, "expected a whole number >= 0, got " + quotedText(v.toString()));
    }
    if (!v.isNumber()) {
        wrongType(where, "a whole number", v);
    }
    const std::optional<int64_t> i = v.toInteger();
    if (i && *i >= 0 && static_cast<double>(*i) == v.toDouble()) {
        return static_cast<uint64_t>(*i);
    }
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < 0 || d != std::floor(d)) {
        throw InputError(where, "expected a whole number >= 0, got " + shortNumber(d));
    }
    if (d >= kMaxExactDouble) {  // JSON numbers are doubles: this one may have been rounded
        throw InputError(where,
                         "whole numbers of 2^53 and above must be written as decimal strings "
                         "(\"18446744073709551615\"), not " +
                             shortNumber(d, 17));
    }
    return static_cast<uint64_t>(d);
}

int64_t signedInt(const Value& v, const std::string& where) {
    if (!v.isNumber()) {
        wrongType(where, "a whole number", v);
    }
    const double d = v.toDouble();
    if (!std::isfinite(d) || d != std::floor(d)) {
        throw InputError(where, "expected a whole number, got " + shortNumber(d));
    }
    if (std::fabs(d) > kMaxExactDouble) {  // a JSON number this large may have been rounded
        throw InputError(where, "expected a whole number of at most 2^53 = 9007199254740992, got " +
                                    shortNumber(d, 17));
    }
    return static_cast<int64_t>(d);
}

void allowOnly(const Object& object, std::span<const std::string_view> known,
               const std::string& where) {
    for (const auto& [key, value] : object.members()) {
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            throw unknownFieldError(key, known, where);
        }
    }
}

}  // namespace ringscope::json
