#pragma once
// Arrays of one entry per key (owners, classifications) at ten million keys are tens of
// megabytes that an edit allocates and fills anew. malloc maps such a size afresh each time (above
// its largest mmap threshold, 32 MiB on 64-bit glibc), and the kernel zeroes every page of it on
// first touch: 10,000 page faults for 40 MB, most of a ring edit's time. LargeVector takes
// allocations of at least kLargeArrayBytes straight from the kernel, 2 MiB aligned, and keeps the
// mappings let go last for the next array of their length (the state an edit replaces), so an edit
// writes its owners into memory already faulted in. Smaller ones come from operator new as before:
// malloc's heap hands them back already faulted in, which a fresh mapping cannot beat.
//
// They are not advised for transparent huge pages (MADV_HUGEPAGE), measured both ways on the
// project's 2-core virtual machine: huge pages made a reused array's random writes faster
// (BM_FullReassign/10000000 39 against 48 ms, BM_AddNode/10000000 8.1 against 9.3), but a fresh
// huge page now and then costs the host's first touch (40 MB in 5 ms one time, 100 the next, where
// 4 KiB pages take 11–15 ms), and opening a 10M-line key file in the window took 508–542 ms
// with them against 437–493 without (paired runs).

#include <cstddef>
#include <iterator>
#include <new>
#include <span>
#include <vector>

#include "ringscope/parallel.h"

namespace ringscope {

// The size of a transparent huge page on x86-64 and arm64 with 4 KiB pages: large arrays are
// aligned to it, so a kernel that backs every aligned stretch with a huge page (THP "always") can.
inline constexpr size_t kHugePageBytes = size_t{2} << 20;
// Allocations from this size up are mapped by LargeVector: glibc's DEFAULT_MMAP_THRESHOLD_MAX, the
// size from which malloc maps every allocation afresh too.
inline constexpr size_t kLargeArrayBytes = size_t{32} << 20;

namespace detail {
// `bytes` (≥ kLargeArrayBytes) mapped anonymously, 2 MiB aligned; throws
// std::bad_alloc when the kernel refuses. One mmap and at most two munmaps (the alignment slack),
// or none: a mapping of the same length let go before, kept (its old contents: the vector writes
// every entry anyway).
void* mapLarge(size_t bytes);
// Gives back what mapLarge(bytes) mapped: kept for the next mapLarge of its length (at most two,
// 256 MiB together), else unmapped.
void unmapLarge(void* p, size_t bytes) noexcept;
// True when mapLarge serves allocations of `bytes` (false under AddressSanitizer, whose redzones
// need its own allocator).
bool mapsLarge(size_t bytes);
}  // namespace detail

// Faults in the whole pages of [p, p + bytes) writable at once (MADV_POPULATE_WRITE): the kernel
// zeroes them in one call, about half the cost of a page fault per page, and on the thread that
// calls it, so a thread with nothing else to do can fault in what another is about to write.
// Contents are unchanged. Advice: where the kernel lacks it (before Linux 5.14) nothing happens.
void prefault(void* p, size_t bytes) noexcept;
// From this size up resizeFaulted faults pages in on every hardware thread.
inline constexpr size_t kParallelPrefaultBytes = size_t{8} << 20;

// `v` resized to n entries, zero, with the pages of a fresh buffer faulted in over the hardware
// threads first: a resize alone faults 40 MB in on one thread, a few tens of milliseconds at ten
// million keys, before the threads that fill the array start.
template <typename Vector>
void resizeFaulted(Vector& v, size_t n);

// std::allocator, except that large arrays are mapped, and their mappings kept (above). Stateless:
// any two compare equal, so LargeVectors move and swap as std::vectors do.
template <typename T>
struct LargeArrayAllocator {
    using value_type = T;

    LargeArrayAllocator() = default;
    template <typename U>
    LargeArrayAllocator(const LargeArrayAllocator<U>&) noexcept {}

    T* allocate(size_t n) {
        if (n > size_t(-1) / sizeof(T)) {
            throw std::bad_array_new_length();
        }
        const size_t bytes = n * sizeof(T);
        if (detail::mapsLarge(bytes)) {
            return static_cast<T*>(detail::mapLarge(bytes));
        }
        return static_cast<T*>(::operator new(bytes, std::align_val_t(alignof(T))));
    }
    void deallocate(T* p, size_t n) noexcept {
        const size_t bytes = n * sizeof(T);
        if (detail::mapsLarge(bytes)) {
            detail::unmapLarge(p, bytes);
        } else {
            // Unsized: sized deallocation is not declared where the compiler leaves it off (clang).
            ::operator delete(p, std::align_val_t(alignof(T)));
        }
    }
    template <typename U>
    bool operator==(const LargeArrayAllocator<U>&) const noexcept {
        return true;
    }
};

// A std::vector whose large buffers are mapped, and their mappings kept (above).
template <typename T>
using LargeVector = std::vector<T, LargeArrayAllocator<T>>;

namespace detail {
// f(*p) as a random-access iterator over `p`, for building a vector in one pass.
template <typename T, typename F>
struct MappedIterator {
    using iterator_category = std::random_access_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = T;
    const T* p;
    const F* f;
    T operator*() const { return (*f)(*p); }
    T operator[](difference_type d) const { return (*f)(p[d]); }
    MappedIterator& operator++() {
        ++p;
        return *this;
    }
    MappedIterator operator++(int) { return {p++, f}; }
    MappedIterator& operator--() {
        --p;
        return *this;
    }
    MappedIterator& operator+=(difference_type d) {
        p += d;
        return *this;
    }
    MappedIterator operator+(difference_type d) const { return {p + d, f}; }
    difference_type operator-(const MappedIterator& o) const { return p - o.p; }
    bool operator==(const MappedIterator& o) const { return p == o.p; }
    auto operator<=>(const MappedIterator& o) const { return p <=> o.p; }
};
}  // namespace detail

// f(x) for every x of `from`, in order, each entry written once: resize() and a transform would
// zero every page first (a second pass over a fresh 40 MB at ten million keys). O(n).
template <typename T, typename F>
LargeVector<T> mappedCopy(std::span<const T> from, const F& f) {
    using It = detail::MappedIterator<T, F>;
    return LargeVector<T>(It{from.data(), &f}, It{from.data() + from.size(), &f});
}

template <typename Vector>
void resizeFaulted(Vector& v, size_t n) {
    if (n > v.size()) {
        v.reserve(n);
        using T = typename Vector::value_type;
        auto* from = reinterpret_cast<char*>(v.data() + v.size());
        const size_t bytes = (n - v.size()) * sizeof(T);
        forChunks(
            bytes, bytes < kParallelPrefaultBytes ? 1 : workerThreads(),
            [from](size_t, size_t first, size_t last) { prefault(from + first, last - first); });
    }
    v.resize(n);
}

}  // namespace ringscope
