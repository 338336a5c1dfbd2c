// Capture stub for folly/Likely.h (same definitions as the real header on GCC).
#pragma once

#define FOLLY_LIKELY(...) (__builtin_expect(static_cast<bool>(__VA_ARGS__), 1))
#define FOLLY_UNLIKELY(...) (__builtin_expect(static_cast<bool>(__VA_ARGS__), 0))
