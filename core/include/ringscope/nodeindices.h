#pragma once
// One node index per key at the narrowest width that holds every node: 1 byte for fewer than 255
// nodes, 2 for fewer than 65,535, else 4. The live ring keeps its keys' owners this way, so
// 100,000,000 keys on 100 nodes take 100 MB instead of 400. The all-ones value of each width is
// kNoNodeIndex (no owner).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

namespace ringscope {

inline constexpr uint32_t kNoNodeIndex = ~uint32_t{0};

class NodeIndices {
public:
    NodeIndices() = default;

    // fn(std::span<const T>) for the entries at their width (T = uint8_t, uint16_t or uint32_t;
    // the all-ones T is kNoNodeIndex).
    template <typename Fn>
    decltype(auto) visit(Fn&& fn) const {
        switch (m_width) {
            case 1:
                return fn(std::span<const uint8_t>(m_u8));
            case 2:
                return fn(std::span<const uint16_t>(m_u16));
            default:
                return fn(std::span<const uint32_t>(m_u32));
        }
    }
    template <typename Fn>
    decltype(auto) visitMutable(Fn&& fn) {
        switch (m_width) {
            case 1:
                return fn(std::span<uint8_t>(m_u8));
            case 2:
                return fn(std::span<uint16_t>(m_u16));
            default:
                return fn(std::span<uint32_t>(m_u32));
        }
    }

    // n entries of `node`, wide enough for node indices up to `largest` (and `node`).
    NodeIndices(size_t n, uint32_t node, uint32_t largest) {
        m_width = widthFor(std::max(node == kNoNodeIndex ? 0 : node, largest));
        resizeWidth(n, node);
    }

    size_t size() const {
        return visit([](auto s) { return s.size(); });
    }
    bool empty() const { return size() == 0; }
    // Bytes an entry takes: 1, 2 or 4.
    size_t width() const { return m_width; }
    size_t bytes() const { return size() * m_width; }

    uint32_t operator[](size_t i) const {
        switch (m_width) {
            case 1:
                return widened(m_u8[i]);
            case 2:
                return widened(m_u16[i]);
            default:
                return m_u32[i];
        }
    }
    // Makes room for node indices up to `largest` (O(size) once, when the width grows).
    void fit(uint32_t largest) {
        const size_t w = widthFor(largest == kNoNodeIndex ? 0 : largest);
        if (w <= m_width) {
            return;
        }
        NodeIndices wider;
        wider.m_width = w;
        wider.resizeWidth(size(), kNoNodeIndex);
        visit([&](auto from) {
            wider.visitMutable([&](auto to) {
                using T = typename decltype(to)::value_type;
                for (size_t i = 0; i < from.size(); ++i) {
                    to[i] = narrowed<T>(widened(from[i]));
                }
            });
        });
        *this = std::move(wider);
    }
    void set(size_t i, uint32_t node) {
        fit(node);
        visitMutable([&](auto s) { s[i] = narrowed<typename decltype(s)::value_type>(node); });
    }
    // Entries [first, last) become `node`.
    void fill(size_t first, size_t last, uint32_t node) {
        fit(node);
        visitMutable([&](auto s) {
            std::fill(s.begin() + ptrdiff_t(first), s.begin() + ptrdiff_t(last),
                      narrowed<typename decltype(s)::value_type>(node));
        });
    }

    // The entries as uint32_t values, for range-for and the standard algorithms.
    class const_iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using iterator_concept = std::forward_iterator_tag;
        using value_type = uint32_t;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = uint32_t;

        const_iterator() = default;
        const_iterator(const NodeIndices* of, size_t at) : m_of(of), m_at(at) {}
        uint32_t operator*() const { return (*m_of)[m_at]; }
        const_iterator& operator++() {
            ++m_at;
            return *this;
        }
        const_iterator operator++(int) {
            const_iterator was = *this;
            ++m_at;
            return was;
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) {
            return a.m_at == b.m_at;
        }

    private:
        const NodeIndices* m_of = nullptr;
        size_t m_at = 0;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

    std::vector<uint32_t> toVector() const {
        std::vector<uint32_t> out(size());
        for (size_t i = 0; i < out.size(); ++i) {
            out[i] = (*this)[i];
        }
        return out;
    }
    // Equal entries, whatever the widths.
    friend bool operator==(const NodeIndices& a, const NodeIndices& b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (size_t i = 0; i < a.size(); ++i) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    // The all-ones T read as kNoNodeIndex, and back.
    template <typename T>
    static uint32_t widened(T v) {
        return v == T(~T{0}) ? kNoNodeIndex : v;
    }
    template <typename T>
    static T narrowed(uint32_t node) {
        return node == kNoNodeIndex ? T(~T{0}) : T(node);
    }

private:
    static size_t widthFor(uint32_t largest) {
        return largest < 0xFF ? 1 : largest < 0xFFFF ? 2 : 4;
    }
    void resizeWidth(size_t n, uint32_t node) {
        switch (m_width) {
            case 1:
                m_u8.assign(n, narrowed<uint8_t>(node));
                break;
            case 2:
                m_u16.assign(n, narrowed<uint16_t>(node));
                break;
            default:
                m_u32.assign(n, node);
                break;
        }
    }

    std::vector<uint8_t> m_u8;
    std::vector<uint16_t> m_u16;
    std::vector<uint32_t> m_u32;
    size_t m_width = 1;
};

}  // namespace ringscope
