#pragma once
// The hash functions the modules build on, each bit-exact with its published definition: MD5
// and SHA-256 from OpenSSL's libcrypto, xxHash from libxxhash. The key hashes themselves are
// modules (keyhashes/; hashKey() in registry.h applies one by its enumerator).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ringscope {

// Parses a plain decimal unsigned 64-bit integer ("0", "42"); no sign, spaces or overflow.
std::optional<uint64_t> parseDecimalU64(std::string_view text);

// Full digests. One EVP_MD is fetched per process and one context reused per thread.
std::array<uint8_t, 16> md5Digest(std::string_view data);
std::array<uint8_t, 32> sha256Digest(std::string_view data);

// xxHash64 (Yann Collet), seed 0 unless given.
uint64_t xxh64(std::string_view data, uint64_t seed = 0);

}  // namespace ringscope
