// Capture stub for folly/CPortability.h: only what folly/hash/SpookyHashV2.h uses
// (the GCC branch of the real definition).
#pragma once

#define FOLLY_ALWAYS_INLINE inline __attribute__((__always_inline__))
