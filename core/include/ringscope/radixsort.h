#pragma once
// Sorting keys by position, split over the hardware threads (radix sorts, Knuth, TAOCP vol. 3,
// §5.2.5). In spaces up to 2^32: one stable counting scatter by the top 10 bits of the position
// straight into the outputs, then each of those 1,024 buckets sorted on the remaining bits by an
// LSD radix sort of packed position << 32 | index words, in the cache (a space of 100 is the
// scatter alone). Wider spaces: an LSD radix sort of (position, index) entries over the bits the
// space needs, 11 bits a pass.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace ringscope {

// Keys' positions in position order (ascending), read by rank: 4 bytes a key when every position
// fits in 32 bits (every space up to 2^32, where 100,000,000 keys save 400 MB), else 8. A sweep
// that reads millions of them takes the array at its own width with visit().
class SortedPositions {
public:
    SortedPositions() = default;
    // Narrow when every position fits in 32 bits.
    explicit SortedPositions(std::vector<uint64_t> positions);
    explicit SortedPositions(std::vector<uint32_t> positions)
        : m_narrow(std::move(positions)), m_isNarrow(true) {}

    size_t size() const { return m_isNarrow ? m_narrow.size() : m_wide.size(); }
    bool empty() const { return size() == 0; }
    bool isNarrow() const { return m_isNarrow; }
    uint64_t operator[](size_t rank) const { return m_isNarrow ? m_narrow[rank] : m_wide[rank]; }
    // fn(std::span<const uint32_t>) or fn(std::span<const uint64_t>): the positions at their width.
    template <typename Fn>
    decltype(auto) visit(Fn&& fn) const {
        return m_isNarrow ? fn(std::span<const uint32_t>(m_narrow))
                          : fn(std::span<const uint64_t>(m_wide));
    }
    // The first rank in [first, last) whose position is past `at` (last if none). O(log range).
    size_t upperBound(size_t first, size_t last, uint64_t at) const {
        return visit([&](auto sorted) {
            return size_t(std::upper_bound(sorted.begin() + ptrdiff_t(first),
                                           sorted.begin() + ptrdiff_t(last), at) -
                          sorted.begin());
        });
    }
    // The first rank in [first, last) whose position is at or past `at`. O(log range).
    size_t lowerBound(size_t first, size_t last, uint64_t at) const {
        return visit([&](auto sorted) {
            return size_t(std::lower_bound(sorted.begin() + ptrdiff_t(first),
                                           sorted.begin() + ptrdiff_t(last), at) -
                          sorted.begin());
        });
    }
    // The bytes the positions take.
    size_t bytes() const {
        return m_isNarrow ? m_narrow.size() * sizeof(uint32_t) : m_wide.size() * sizeof(uint64_t);
    }

private:
    std::vector<uint32_t> m_narrow;
    std::vector<uint64_t> m_wide;
    bool m_isNarrow = true;
};

// Keys in position order: the sorted positions and, per slot, the key's index. Equal positions
// keep their keys in index order (the sort is stable).
struct PositionOrder {
    SortedPositions positions;
    std::vector<uint32_t> keys;
};

// Sorts the keys 0…n−1 by position reduceToSpace(values[k], space). O(K · passes) for the bits of
// space − 1: in spaces up to 2^32 one scatter by the top 10 bits (11 where that saves a pass),
// then ceil(rest / 11) passes over each bucket on its own, holding little besides the outputs;
// wider spaces ceil(bits / 11) passes over the whole array. At most 2^32 keys.
PositionOrder sortByPosition(std::span<const uint64_t> values, uint64_t space);
// The same for positions already in a space up to 2^32 (not 2^64), one per key.
PositionOrder sortByPosition(std::span<const uint32_t> positions, uint64_t space);

}  // namespace ringscope
