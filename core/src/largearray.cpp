#include "ringscope/largearray.h"

#include <sys/mman.h>

#include <cstdint>

namespace ringscope::detail {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

size_t roundUp(size_t n, size_t to) {
    return (n + to - 1) / to * to;
}

}  // namespace

bool mapsLarge(size_t bytes) {
    return !kSanitized && bytes >= kLargeArrayBytes;
}

void* mapLarge(size_t bytes) {
    const size_t length = roundUp(bytes, kHugePageBytes);
    if (length < bytes || length + kHugePageBytes < length) {
        throw std::bad_alloc();
    }
    // Map one huge page more than needed and trim it to a 2 MiB boundary: mmap only promises
    // 4 KiB alignment, and the kernel backs only aligned 2 MiB stretches with huge pages.
    const size_t mapped = length + kHugePageBytes;
    void* raw = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) {
        throw std::bad_alloc();
    }
    const auto begin = reinterpret_cast<uintptr_t>(raw);
    const uintptr_t aligned = roundUp(begin, kHugePageBytes);
    if (aligned > begin) {
        ::munmap(raw, aligned - begin);
    }
    const uintptr_t end = begin + mapped;
    if (end > aligned + length) {
        ::munmap(reinterpret_cast<void*>(aligned + length), end - (aligned + length));
    }
    void* p = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
    ::madvise(p, length, MADV_HUGEPAGE);  // advice: an error leaves ordinary pages
#endif
    return p;
}

void unmapLarge(void* p, size_t bytes) noexcept {
    ::munmap(p, roundUp(bytes, kHugePageBytes));
}

}  // namespace ringscope::detail
