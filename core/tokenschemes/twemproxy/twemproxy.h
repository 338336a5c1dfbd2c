#pragma once
// twemproxy's ketama (nutcracker 0.5.0, `distribution: ketama`; tokens.scheme "twemproxy"; SPEC
// §6), as ketama_update and ketama_dispatch in src/hashkit/nc_ketama.c compute it. A node's id is
// the name twemproxy hashes (conf_add_server in src/nc_conf.c): the server's name when the line
// gives one ("127.0.0.1:22122:1 cache-a"), else the host alone when the port is 11211, else
// `host:port` (a unix socket `/path:1` hashes "/path:"); an optional "address" keeps the
// server line as written. A server of weight w among N gets
//   floorf((float)((float)(w/Σw) · 160 / 4 · N + 1e-10)) · 4
// points, computed in float as the C code does: the four little-endian words of the MD5 of
// "{name}-{i}" (the string cut to 272 bytes, KETAMA_MAX_HOSTLEN − 1), as libmemcached's ketama.
// A key (the pool's `hash` of it) goes to the first point ≥ its hash, wrapping. Of equal points
// the first in twemproxy's server order wins: conf_validate_server sorts the servers by name
// (shorter first, then bytewise). A down node keeps its points and its keys go to the next
// live point; twemproxy's auto_eject_hosts instead rebuilds the continuum without the server,
// which is what removing the node shows.
//
// Tested against nutcracker 0.5.0 itself (Debian 12) on 17 pools × 2,000 keys, one per hash
// function (tests/core/tokenschemes/twemproxy/data).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/importpart.h"
#include "ringscope/module.h"
#include "ringscope/scenario.h"

namespace ringscope {

inline constexpr size_t kTwemproxyMaxPointName = 272;  // KETAMA_MAX_HOSTLEN - 1

// A node's server line as written in nutcracker.yml ("address" in the file), when it differs
// from the name twemproxy hashes.
struct TwemproxyAddress {
    std::string address;
    bool operator==(const TwemproxyAddress&) const = default;
};

// The points twemproxy gives a server of `weight` among `servers` whose weights sum to `total`.
uint64_t twemproxyPoints(double weight, double total, size_t servers);

// Every token: the explicit ones, then each node's points, in twemproxy's server order.
std::vector<RingToken> twemproxyTokens(const Scenario& scenario);

// ---- nutcracker.yml -----------------------------------------------------------------------

struct TwemproxyServer {
    std::string line;  // as written: "127.0.0.1:11211:1 cache-a"
    std::string name;  // what twemproxy hashes
    int64_t weight = 1;
    uint32_t lineNumber = 0;
};

struct TwemproxyPool {
    std::string name;
    uint32_t line = 0;
    std::string hash = "fnv1a_64";        // twemproxy's default
    std::string distribution = "ketama";  // twemproxy's default
    std::string hashTag;
    bool autoEject = false;
    std::vector<TwemproxyServer> servers;
};

// The pools of a nutcracker YAML configuration, in file order. Throws
// InputError("source:line", ...) for text twemproxy would not read.
std::vector<TwemproxyPool> parseTwemproxyConfig(std::string_view text, const std::string& source);

// The key hash of twemproxy's `hash:` name ("fnv1a_64" → twemproxy-fnv1a_64, "md5" → md5).
std::optional<HashKind> twemproxyHash(std::string_view name);

inline constexpr ImportParts kTwemproxyParts{"pool", "pools", "`distribution: ketama`", "--pool"};

// The scenario of one ketama pool (`part` names it; empty: the only one).
// `nodeLines` as for nginxScenario.
Scenario twemproxyScenario(const std::vector<TwemproxyPool>& pools, std::string_view part,
                           const std::string& source, const std::string& name,
                           std::vector<uint32_t>* nodeLines = nullptr);

}  // namespace ringscope
