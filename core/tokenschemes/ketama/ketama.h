#pragma once
// libmemcached's weighted ketama (tokens.scheme "ketama"; SPEC §2): for node n with weight w,
// D = floor(w/Σw · 40 · N + 1e-10) MD5 digests of "{node}-{i}" (i = 0 … D−1), computed in single
// precision as libmemcached's update_continuum does; each digest gives 4 positions, bytes
// [4h .. 4h+3] read little-endian. Keys use md5. Equal positions keep both tokens in a stable
// order. Name nodes as libmemcached hashes them: the host alone on the default port 11211,
// host:port otherwise.
//
// Tested against Debian's libmemcached 1.1.4 itself on four weighted pools x 50,000 keys, and
// libmemcached's published key-hash/continuum vectors (tests/core/tokenschemes/ketama).

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Points per server in libmemcached's ketama (MEMCACHED_POINTS_PER_SERVER_KETAMA): 40 MD5
// digests of four positions each, scaled by the server's weight share.
inline constexpr unsigned kKetamaPointsPerServer = 160;
inline constexpr unsigned kKetamaPointsPerDigest = 4;

// The four points of one digest: the MD5 of the point's name ("{node}-{i}"), bytes [4h .. 4h+3]
// read little-endian for h = 0 … 3 (libmemcached's ketama_server_hash, and every ketama client's).
std::array<uint32_t, kKetamaPointsPerDigest> ketamaDigestPoints(std::string_view pointName);

// Every token: the explicit ones, then the points of each node without explicit tokens. Throws
// InputError for weights beyond single precision.
std::vector<RingToken> ketamaTokens(const Scenario& scenario);

}  // namespace ringscope
