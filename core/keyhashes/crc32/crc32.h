#pragma once
// Key hash "crc32": the IEEE CRC-32 (polynomial 0xEDB88320 reflected, initial and final
// 0xFFFFFFFF) from zlib — nginx's ngx_crc32_long and Go's crc32.ChecksumIEEE.

#include <cstdint>
#include <string_view>

namespace ringscope {

// The CRC-32 of `bytes`.
uint32_t crc32(std::string_view bytes);
// The CRC-32 of what `crc` was computed over followed by `bytes` (zlib's running form: start
// from crc32({}) = 0).
uint32_t crc32Update(uint32_t crc, std::string_view bytes);

}  // namespace ringscope
