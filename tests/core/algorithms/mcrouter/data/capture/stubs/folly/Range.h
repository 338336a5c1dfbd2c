// Capture stub for folly/Range.h: a minimal folly::Range / folly::StringPiece.
// Plumbing only: a (begin, end) pair with data(), size() and operator[]. The mcrouter
// files only read key bytes and weights through it.
// The standard headers below are ones the mcrouter .cpp files get through the real
// folly headers (memcpy, std::numeric_limits, std::string, assert, std::logic_error).
#pragma once

#include <cassert>
#include <cstddef>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <folly/Likely.h>

namespace folly {

template <class Iter>
class Range {
public:
    constexpr Range() : b_(), e_() {}
    constexpr Range(Iter start, size_t size) : b_(start), e_(start + size) {}
    constexpr Range(Iter start, Iter end) : b_(start), e_(end) {}

    // StringPiece from a NUL-terminated string (e.g. a literal).
    template <class T = Iter, std::enable_if_t<std::is_same_v<T, const char*>, int> = 0>
    Range(const char* s) : b_(s), e_(s + std::strlen(s)) {}

    // From a contiguous container: std::string -> StringPiece,
    // std::vector<double> -> Range<const double*>.
    template <class C, class D = decltype(std::declval<const C&>().data()),
              std::enable_if_t<std::is_convertible_v<D, Iter>, int> = 0>
    Range(const C& c) : b_(c.data()), e_(c.data() + c.size()) {}

    constexpr Iter data() const { return b_; }
    constexpr Iter begin() const { return b_; }
    constexpr Iter end() const { return e_; }
    constexpr size_t size() const { return static_cast<size_t>(e_ - b_); }
    constexpr bool empty() const { return b_ == e_; }
    constexpr decltype(auto) operator[](size_t i) const {
        assert(i < size());
        return b_[i];
    }
    std::string str() const { return std::string(b_, e_); }

private:
    Iter b_;
    Iter e_;
};

using StringPiece = Range<const char*>;

}  // namespace folly
