#pragma once
// HAProxy's key hashes (`hash-type consistent FUNCTION [avalanche]`; SPEC §6), as src/hash.c and
// include/haproxy/intops.h define them: sdbm (HAProxy's default), djb2, wt6 and crc32 (the IEEE
// CRC-32, keyhashes/crc32), each also through full_hash (`avalanche`: "sdbm-avalanche", ...).
// Key hashes "sdbm", "djb2", "wt6", "sdbm-avalanche", "djb2-avalanche", "wt6-avalanche",
// "crc32-avalanche". Tested against HAProxy 2.6.12's own converters (sdbm, sdbm(1), ...) on
// 2,000 keys (tests/core/tokenschemes/haproxy/data/hashes.tsv).

#include <cstdint>
#include <string_view>

namespace ringscope {

uint32_t sdbm32(std::string_view bytes);
uint32_t djb2(std::string_view bytes);
uint32_t wt6(std::string_view bytes);
// Bob Jenkins' 32-bit integer avalanche, times 3221225473 (HAProxy's __full_hash): how
// HAProxy spreads a server's points and, with `avalanche`, a key's hash.
uint32_t haproxyFullHash(uint32_t value);

}  // namespace ringscope
