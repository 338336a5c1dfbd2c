#pragma once
// HAProxy's consistent hash (`hash-type consistent`, `hash-key id`, the default; tokens.scheme
// "haproxy"; SPEC §6), as src/lb_chash.c (chash_init_server_tree, chash_get_server_hash) and
// src/cfgparse.c build and search it in HAProxy 2.6: a server of weight w (0-256) gets 16·w
// points, point j = full_hash(id · 4096 + j) (keyhashes/haproxy), id being the server's `id`
// or, without one, what cfgparse.c's counter gives: it starts at 1, steps once per server and
// gives a server without an id the first free id from there (s1, s2, s3 `id 7`, s4 → 1, 2, 7, 4). A
// key goes to the nearer of the point before and the point after its hash, the one before on a tie
// (LookupRule::Nearer). A disabled (down) server's points leave the tree: its keys go to the
// nearest remaining point, the first live node of the nearer rule's preference order
// (Ring::nearestFrom).
//
// Tested against HAProxy 2.6.12 itself on one backend × 2,000 requests for each key hash, plain
// and with `avalanche`, and with a server disabled (tests/core/tokenschemes/haproxy/data).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ringscope/importpart.h"
#include "ringscope/module.h"
#include "ringscope/scenario.h"

namespace ringscope {

inline constexpr unsigned kHaproxyPointsPerWeight = 16;  // BE_WEIGHT_SCALE
inline constexpr uint32_t kHaproxyIdStride = 4096;       // SRV_EWGHT_RANGE
inline constexpr double kHaproxyMaxWeight = 256;         // SRV_UWGHT_MAX

// A node's HAProxy `id` ("serverId" in the file), when it is set.
struct HaproxyServerId {
    std::optional<uint32_t> id;
    bool operator==(const HaproxyServerId&) const = default;
};

// Every node's id as HAProxy numbers its servers.
std::vector<uint32_t> haproxyServerIds(const Scenario& scenario);

// Every token: the explicit ones, then each node's points.
std::vector<RingToken> haproxyTokens(const Scenario& scenario);

}  // namespace ringscope

namespace ringscope {

// ---- haproxy.cfg --------------------------------------------------------------------------

struct HaproxyServer {
    std::string name;
    std::string address;
    int64_t weight = 1;
    std::optional<uint32_t> id;
    bool disabled = false;
    bool backup = false;
    uint32_t line = 0;
};

// A backend or listen section, with what its defaults section gave it.
struct HaproxyProxy {
    std::string name;
    uint32_t line = 0;
    std::string balance;  // "hdr(X-Key)", "uri", "roundrobin" (the default), ...
    bool consistent = false;
    std::string function = "sdbm";
    bool avalanche = false;
    uint32_t balanceFactor = 0;  // hash-balance-factor, 0: off
    std::vector<HaproxyServer> servers;
};

// The backend and listen sections of an HAProxy configuration, in file order, each with the
// balance, hash-type, hash-balance-factor and default-server weight of the defaults section
// before it. Throws InputError("source:line", ...) for a line HAProxy would refuse among those
// it reads (an unknown hash function, a weight outside 0-256, a server id used twice).
std::vector<HaproxyProxy> parseHaproxyConfig(std::string_view text, const std::string& source);

// Whether a proxy sends a request where a consistent hash of it says: `hash-type consistent`
// and a `balance` that hashes (source, uri, url_param, hdr(), rdp-cookie, hash).
bool haproxyHashes(const HaproxyProxy& proxy);
inline constexpr ImportParts kHaproxyParts{"backend or listen section",
                                           "backend and listen sections", "`hash-type consistent`",
                                           "--backend"};

// The scenario of one proxy with `hash-type consistent` and a hashing `balance` (`part` names
// it; empty: the only one). Throws InputError naming the proxies to choose from.
// `nodeLines` as for nginxScenario.
Scenario haproxyScenario(const std::vector<HaproxyProxy>& proxies, std::string_view part,
                         const std::string& source, const std::string& name,
                         std::vector<uint32_t>* nodeLines = nullptr);

}  // namespace ringscope
