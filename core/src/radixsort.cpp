#include "ringscope/radixsort.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "ringscope/largearray.h"
#include "ringscope/parallel.h"
#include "ringscope/space.h"

namespace ringscope {

namespace {

// Digit width: 2^11 counters per thread stay in the L1 cache, and 32 bits take three passes.
constexpr unsigned kRadixBits = 11;
// The first scatter's digit in spaces up to 2^32: 1,024 buckets, so each thread writes 2,048
// streams (keys and positions) where 2,048 buckets wrote 4,096, half the pages its TLB must
// hold, and a bucket of the 22 bits left still takes two passes of the LSD sort, its words in the
// L2 cache. BM_SortPositions/10000000: 101–108 ms against 115–123 with 11 bits (paired runs).
constexpr unsigned kTopBits = 10;

// One stable counting pass per digit of `bits` bits from bit `low` up (digits of up to
// kRadixBits bits, fewer for a short array), ping-ponging between a and b; the result ends in
// a. digitOf(element, shift) gives the element's bits from `shift` up.
template <typename T, typename DigitOf>
void lsdSort(std::vector<T>& a, std::vector<T>& b, unsigned low, unsigned bits, DigitOf digitOf,
             size_t chunks) {
    const size_t n = a.size();
    if (n < 2 || bits == 0) {
        return;
    }
    // Digits no wider than the elements need: a few hundred elements (a bucket of sortNarrow)
    // would spend their passes clearing and summing 2048 counts.
    const unsigned most = std::clamp(static_cast<unsigned>(std::bit_width(n)), 4u, kRadixBits);
    const unsigned passes = (bits + most - 1) / most;
    const unsigned width = (bits + passes - 1) / passes;
    const size_t buckets = size_t{1} << width;
    const uint64_t mask = buckets - 1;
    std::vector<size_t> counts(chunks * buckets);
    for (unsigned pass = 0; pass < passes; ++pass) {
        const unsigned shift = low + pass * width;
        std::fill(counts.begin(), counts.end(), 0);
        forChunks(n, chunks, [&](size_t c, size_t first, size_t last) {
            size_t* count = counts.data() + c * buckets;
            for (size_t i = first; i < last; ++i) {
                ++count[digitOf(a[i], shift) & mask];
            }
        });
        // Offsets: digit-major, chunk-minor, so equal digits keep their chunk (index) order.
        size_t running = 0;
        bool oneBucket = false;
        for (size_t d = 0; d < buckets; ++d) {
            size_t inDigit = 0;
            for (size_t c = 0; c < chunks; ++c) {
                const size_t here = counts[c * buckets + d];
                counts[c * buckets + d] = running;
                running += here;
                inDigit += here;
            }
            oneBucket = oneBucket || inDigit == n;
        }
        if (oneBucket) {
            continue;  // every element has this digit: the pass would not move anything
        }
        forChunks(n, chunks, [&](size_t c, size_t first, size_t last) {
            size_t* next = counts.data() + c * buckets;
            T* out = b.data();
            for (size_t i = first; i < last; ++i) {
                out[next[digitOf(a[i], shift) & mask]++] = a[i];
            }
        });
        std::swap(a, b);
    }
}

unsigned positionBits(uint64_t space) {
    return isFullSpace(space) ? 64u : static_cast<unsigned>(std::bit_width(space - 1));
}

// Positions below 2^32 (`bits` of them), positionOf(k) for key k: one stable scatter of the keys
// by their top digit straight into the outputs, then each digit's keys sorted on the remaining
// bits on their own (an LSD sort of about K / 1024 keys, in the cache), the buckets split over
// the threads. Besides the outputs (8 bytes a key) it holds one bucket's words per thread, where
// a sort of the whole array would hold 16 bytes a key more: 1.6 GB at 100,000,000 keys.
template <typename PositionOf>
PositionOrder sortNarrow(size_t n, unsigned bits, PositionOf positionOf) {
    PositionOrder out;
    resizeFaulted(out.keys, n);
    std::vector<uint32_t> positions;
    resizeFaulted(positions, n);
    // 10 bits, or 11 where the bits left then need one LSD pass fewer (a space of 2^11 or 2^22).
    const auto lsdPasses = [](unsigned b) { return (b + kRadixBits - 1) / kRadixBits; };
    const unsigned widest = std::min(bits, kRadixBits);
    const unsigned topBits = lsdPasses(bits - std::min(bits, kTopBits)) > lsdPasses(bits - widest)
                                 ? widest
                                 : std::min(bits, kTopBits);
    const unsigned rest = bits - topBits;
    const size_t buckets = size_t{1} << topBits;
    const size_t chunks = chunksFor(n, 4);
    std::vector<size_t> counts(chunks * buckets);
    forChunks(n, chunks, [&](size_t c, size_t first, size_t last) {
        size_t* count = counts.data() + c * buckets;
        for (size_t k = first; k < last; ++k) {
            ++count[positionOf(k) >> rest];
        }
    });
    // Offsets: digit-major, chunk-minor, so each digit's keys stay in index order.
    std::vector<size_t> start(buckets + 1);
    size_t running = 0;
    for (size_t d = 0; d < buckets; ++d) {
        start[d] = running;
        for (size_t c = 0; c < chunks; ++c) {
            running += std::exchange(counts[c * buckets + d], running);
        }
    }
    start[buckets] = n;
    forChunks(n, chunks, [&](size_t c, size_t first, size_t last) {
        size_t* next = counts.data() + c * buckets;
        for (size_t k = first; k < last; ++k) {
            const uint64_t x = positionOf(k);
            const size_t slot = next[x >> rest]++;
            out.keys[slot] = static_cast<uint32_t>(k);
            positions[slot] = static_cast<uint32_t>(x);
        }
    });
    if (rest > 0) {
        parallelChunks(buckets, n / buckets + 1, [&](size_t first, size_t last) {
            std::vector<uint64_t> a, b;  // position << 32 | key: ties stay in index order
            for (size_t d = first; d < last; ++d) {
                const size_t from = start[d];
                const size_t size = start[d + 1] - from;
                if (size < 2) {
                    continue;
                }
                a.resize(size);
                b.resize(size);
                for (size_t i = 0; i < size; ++i) {
                    a[i] = uint64_t(positions[from + i]) << 32 | out.keys[from + i];
                }
                lsdSort(
                    a, b, 32, rest, [](uint64_t x, unsigned shift) { return x >> shift; }, 1);
                for (size_t i = 0; i < size; ++i) {
                    out.keys[from + i] = static_cast<uint32_t>(a[i]);
                    positions[from + i] = static_cast<uint32_t>(a[i] >> 32);
                }
            }
        });
    }
    out.positions = SortedPositions(std::move(positions));
    return out;
}

}  // namespace

SortedPositions::SortedPositions(std::vector<uint64_t> positions) {
    const bool fits =
        std::all_of(positions.begin(), positions.end(), [](uint64_t x) { return x <= UINT32_MAX; });
    if (fits) {
        m_narrow.assign(positions.begin(), positions.end());
    } else {
        m_wide = std::move(positions);
        m_isNarrow = false;
    }
}

PositionOrder sortByPosition(std::span<const uint64_t> values, uint64_t space) {
    const size_t n = values.size();
    const unsigned bits = positionBits(space);
    PositionOrder out;
    if (positionsFit32(space)) {
        return sortNarrow(n, bits, [&](size_t k) { return reduceToSpace(values[k], space); });
    }
    struct Entry {
        uint64_t position;
        uint32_t key;
    };
    std::vector<Entry> a(n), b(n);
    parallelChunks(n, 2, [&](size_t first, size_t last) {
        for (size_t k = first; k < last; ++k) {
            a[k] = {reduceToSpace(values[k], space), static_cast<uint32_t>(k)};
        }
    });
    lsdSort(
        a, b, 0, bits, [](const Entry& e, unsigned shift) { return e.position >> shift; },
        chunksFor(n, 4));
    b = std::vector<Entry>();
    out.keys.resize(n);
    std::vector<uint64_t> positions(n);
    parallelChunks(n, 2, [&](size_t first, size_t last) {
        for (size_t r = first; r < last; ++r) {
            positions[r] = a[r].position;
            out.keys[r] = a[r].key;
        }
    });
    out.positions = SortedPositions(std::move(positions));
    return out;
}

PositionOrder sortByPosition(std::span<const uint32_t> positions, uint64_t space) {
    return sortNarrow(positions.size(), positionBits(space),
                      [&](size_t k) { return positions[k]; });
}

}  // namespace ringscope
