#pragma once
// twemproxy's key hashes (nutcracker 0.5.0, `hash:` of a pool; src/hashkit/; SPEC §6) that no
// other module computes: "twemproxy-one_at_a_time", "twemproxy-fnv1_64", "twemproxy-fnv1a_64"
// (its 64-bit names are 32-bit functions: fnv1a_64 runs FNV-1a with the 64-bit offset basis and
// prime cut to 32 bits), "twemproxy-fnv1_32", "twemproxy-crc16" (a CRC-16/XMODEM table step in a
// 32-bit register that is never masked), "twemproxy-crc32" (libmemcached's form: bits 16–30 of
// the IEEE CRC-32), "twemproxy-hsieh", "twemproxy-murmur" (MurmurHash2, seed 0xdeadbeef ×
// length) and "twemproxy-jenkins" (lookup3's hashlittle). twemproxy's md5, fnv1a_32 and crc32a
// are Ringscope's md5, fnv1a32 and crc32.
//
// twemproxy took these functions from libmemcached's libhashkit, which computes them here
// (checked equal to twemproxy's src/hashkit/*.c on 200,000 random byte strings); libhashkit in
// Debian is built without hsieh, whose few lines are written below from nc_hsieh.c, and crc16
// steps the table of keyhashes/redis-slot. Tested with twemproxy's src/test_all.c values and
// nutcracker 0.5.0's own routes for each (tests/core/tokenschemes/twemproxy/data).

#include <cstdint>
#include <string_view>

namespace ringscope {

uint32_t twemproxyCrc16(std::string_view bytes);
uint32_t twemproxyHsieh(std::string_view bytes);

}  // namespace ringscope
