// Capture stub for folly/lang/CString.h: only what folly/hash/SpookyHashV2.h uses
// (the __builtin_memcpy branch of the real definition, the one GCC takes).
#pragma once

#include <cstring>

#define FOLLY_BUILTIN_MEMCPY(dest, src, size) void(__builtin_memcpy((dest), (src), (size)))
