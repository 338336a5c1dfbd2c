#pragma once
// FNV-1a (Fowler/Noll/Vo), 32 and 64 bit: offset bases 0x811c9dc5 / 0xcbf29ce484222325, primes
// 0x01000193 / 0x100000001b3; key hashes "fnv1a32" and "fnv1a64". Tested against the vectors of
// the FNV reference (isthe.com/chongo/tech/comp/fnv, test_fnv.c).

#include <cstdint>
#include <string_view>

namespace ringscope {

uint32_t fnv1a32(std::string_view data);
uint64_t fnv1a64(std::string_view data);

}  // namespace ringscope
