#pragma once
// Sorting keys by position: a least-significant-digit radix sort over only the bits the hash
// space needs (Knuth, TAOCP vol. 3, §5.2.5), split over the hardware threads. For spaces up to
// 2^32 a position and its key index travel packed in one 64-bit word; 2^32 takes three passes
// of 11 bits, a space of 100 one pass of 7.

#include <cstdint>
#include <span>
#include <vector>

namespace ringscope {

// Keys in position order: the sorted positions and, per slot, the key's index. Equal positions
// keep their keys in index order (the sort is stable).
struct PositionOrder {
    std::vector<uint64_t> positions;
    std::vector<uint32_t> keys;
};

// Sorts the keys 0…n−1 by position reduceToSpace(values[k], space). O(K · passes); the passes are
// ceil(bits / 11) for the bits of space − 1. At most 2^32 keys.
PositionOrder sortByPosition(std::span<const uint64_t> values, uint64_t space);

}  // namespace ringscope
