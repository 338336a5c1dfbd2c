#pragma once
// Splitting per-key work over the hardware threads: one contiguous chunk of keys per thread, so
// each thread writes its own part of the output and the result does not depend on the split.

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace ringscope {

// Below this many work units (keys × cost per key) one thread does it all: starting threads
// costs more than it saves.
inline constexpr size_t kParallelWorkUnits = 200'000;

// The threads work is split over: the hardware's, at least one.
inline size_t workerThreads() {
    return std::max<size_t>(1, std::thread::hardware_concurrency());
}

// Runs body(chunk, first, last) over [0, n) in `chunks` contiguous pieces (chunk 0 first), one
// thread each; on the calling thread alone when there is one chunk. Exceptions must not escape
// `body` (catch them per chunk and rethrow after, as hashKeys does).
template <typename Body>
void forChunks(size_t n, size_t chunks, Body&& body) {
    chunks = std::max<size_t>(1, std::min(chunks, n));
    if (chunks == 1) {
        body(size_t{0}, size_t{0}, n);
        return;
    }
    std::vector<std::thread> pool;
    const size_t step = (n + chunks - 1) / chunks;
    for (size_t c = 0; c < chunks; ++c) {
        const size_t first = std::min(n, c * step);
        const size_t last = std::min(n, first + step);
        pool.emplace_back([&body, c, first, last] { body(c, first, last); });
    }
    for (auto& t : pool) {
        t.join();
    }
}

// How many chunks work of n keys at costPerKey units each is worth splitting into.
inline size_t chunksFor(size_t n, size_t costPerKey) {
    return n * costPerKey < kParallelWorkUnits ? 1 : workerThreads();
}

// Runs body(first, last) over [0, n), split over the hardware threads when the work is large.
template <typename Body>
void parallelChunks(size_t n, size_t costPerKey, Body&& body) {
    forChunks(n, chunksFor(n, costPerKey),
              [&body](size_t, size_t first, size_t last) { body(first, last); });
}

}  // namespace ringscope
