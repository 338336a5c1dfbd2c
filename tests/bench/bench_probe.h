#pragma once
// Shared by the benchmark files: the next lookup's input mixed from the previous answer, so a
// loop measures the latency of one lookup of a random key, not overlapped independent lookups.

#include <cstdint>

inline uint64_t probeAfter(uint64_t x, uint32_t answer) {
    x = (x + answer + 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    return x ^ (x >> 31);
}
