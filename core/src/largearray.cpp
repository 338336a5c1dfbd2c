#include "ringscope/largearray.h"

#include <sys/mman.h>

#include <array>
#include <cstdint>
#include <mutex>
#include <utility>

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

// The mappings let go last are kept for the next allocation of the same length: an edit at ten
// million keys frees the state before last as it makes the next one, whose arrays have the same
// sizes, and a kept mapping is written again without a page fault or the kernel zeroing it first
// (most of a ring edit's time at 10M keys). At most two, and no more than kKeptBytes together, so a
// hundred million keys' arrays are given back at once.
constexpr size_t kKeptMappings = 2;
constexpr size_t kKeptBytes = size_t{256} << 20;

struct Kept {
    void* p = nullptr;
    size_t length = 0;  // 0: an empty slot
    uint64_t age = 0;   // when it was let go
};

class KeptMappings {
public:
    // The kept mapping of exactly `length` bytes let go last, or nullptr.
    void* take(size_t length) {
        const std::lock_guard lock(m_mutex);
        Kept* youngest = nullptr;
        for (Kept& k : m_kept) {
            if (k.length == length && (!youngest || k.age > youngest->age)) {
                youngest = &k;
            }
        }
        if (!youngest) {
            return nullptr;
        }
        m_bytes -= length;
        return std::exchange(*youngest, Kept{}).p;
    }
    // Keeps the mapping, unmapping the oldest kept ones to make room; false when it is too large
    // to keep (the caller unmaps it).
    bool keep(void* p, size_t length) {
        if (length > kKeptBytes) {
            return false;
        }
        const std::lock_guard lock(m_mutex);
        Kept* slot = nullptr;
        while (!slot || m_bytes + length > kKeptBytes) {
            Kept* oldest = nullptr;
            slot = nullptr;
            for (Kept& k : m_kept) {
                if (k.length == 0) {
                    slot = &k;
                } else if (!oldest || k.age < oldest->age) {
                    oldest = &k;
                }
            }
            if (!slot || m_bytes + length > kKeptBytes) {
                ::munmap(oldest->p, oldest->length);
                m_bytes -= oldest->length;
                *oldest = Kept{};
            }
        }
        *slot = {p, length, ++m_age};
        m_bytes += length;
        return true;
    }

private:
    std::mutex m_mutex;
    std::array<Kept, kKeptMappings> m_kept{};
    size_t m_bytes = 0;
    uint64_t m_age = 0;
};

KeptMappings& keptMappings() {
    static KeptMappings* kept = new KeptMappings;  // never destroyed: freed arrays may outlive it
    return *kept;
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
    if (void* kept = keptMappings().take(length)) {
        return kept;
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
    // Not advised for huge pages (MADV_HUGEPAGE): in this virtual machine a fresh huge page now and
    // then costs its host's first touch, 40 MB in 5 ms or in 100, where 4 KiB pages take 11–15;
    // the window's first 10M-key open lost 45–100 ms to it. Where the kernel backs every aligned
    // 2 MiB stretch with a huge page (THP "always"), it still can.
    void* p = reinterpret_cast<void*>(aligned);
    return p;
}

void unmapLarge(void* p, size_t bytes) noexcept {
    const size_t length = roundUp(bytes, kHugePageBytes);
    if (!keptMappings().keep(p, length)) {
        ::munmap(p, length);
    }
}

}  // namespace ringscope::detail

namespace ringscope {

void prefault(void* p, size_t bytes) noexcept {
#ifdef MADV_POPULATE_WRITE
    constexpr size_t kPage = 4096;
    const auto begin = detail::roundUp(reinterpret_cast<uintptr_t>(p), kPage);
    const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) / kPage * kPage;
    if (end > begin) {
        ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE);
    }
#else
    (void)p;
    (void)bytes;
#endif
}

}  // namespace ringscope
