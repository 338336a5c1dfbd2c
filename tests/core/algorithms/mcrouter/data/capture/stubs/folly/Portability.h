// Capture stub for folly/Portability.h: only what folly/hash/SpookyHashV2.{h,cpp} use.
// Real folly sets kHasUnalignedAccess from FOLLY_HAVE_UNALIGNED_ACCESS, which its CMake
// check sets on x86-64. It only selects between unaligned reads and an aligning copy, so
// it cannot change a hash value.
#pragma once

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "capture assumes little-endian");
static_assert(__cplusplus >= 201703L, "__cplusplus >= 201703L");

namespace folly {
constexpr bool kHasUnalignedAccess = true;
}  // namespace folly
