// Capture stub for folly/json/dynamic.h: just enough of folly::dynamic to carry
// {"weights": [w0, w1, ...]} into mcrouter's constructors. Numbers are doubles and
// asDouble() returns them unchanged, as the real folly::dynamic does for a double.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <folly/Range.h>

namespace folly {

struct dynamic {
    enum class Type { Null, Double, Array, Object };

    static dynamic number(double d) {
        dynamic r;
        r.type_ = Type::Double;
        r.number_ = d;
        return r;
    }
    static dynamic array(const std::vector<double>& values) {
        dynamic r;
        r.type_ = Type::Array;
        for (double v : values) {
            r.items_.push_back(number(v));
        }
        return r;
    }
    static dynamic object() {
        dynamic r;
        r.type_ = Type::Object;
        return r;
    }
    void insert(std::string key, dynamic value) {
        keys_.push_back(std::move(key));
        items_.push_back(std::move(value));
    }

    bool isObject() const { return type_ == Type::Object; }
    bool isArray() const { return type_ == Type::Array; }
    size_t size() const { return items_.size(); }
    size_t count(StringPiece key) const {
        size_t c = 0;
        for (const auto& k : keys_) {
            c += (k == key.str());
        }
        return c;
    }
    const dynamic& operator[](StringPiece key) const {
        for (size_t i = 0; i < keys_.size(); ++i) {
            if (keys_[i] == key.str()) {
                return items_[i];
            }
        }
        throw std::out_of_range("dynamic stub: no key " + key.str());
    }
    const dynamic& operator[](size_t i) const { return items_.at(i); }
    double asDouble() const {
        if (type_ != Type::Double) {
            throw std::logic_error("dynamic stub: asDouble on a non-number");
        }
        return number_;
    }

private:
    Type type_ = Type::Null;
    double number_ = 0;
    std::vector<dynamic> items_;     // array elements, or object values
    std::vector<std::string> keys_;  // object keys
};

}  // namespace folly
