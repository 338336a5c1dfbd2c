#pragma once
// nginx's consistent hash (`hash KEY consistent;` in an upstream block; tokens.scheme "nginx";
// SPEC §6), as ngx_http_upstream_update_chash and ngx_http_upstream_get_chash_peer in
// src/http/modules/ngx_http_upstream_hash_module.c compute it (the stream module's is the same):
// a server, named by its address exactly as written (`10.0.0.1:8080`, `backend.example.com`,
// `unix:/path`), gets 160 × weight points; point j is the CRC-32 of HOST "\0" PORT followed by
// point j−1's four bytes little-endian (point −1 = 0), where PORT is what follows the last ':'
// when only digits follow it (else nothing) and a `unix:` name's HOST is its path. Equal points
// keep one, the first server's. A key (crc32 of its text) goes to the first point ≥ its hash,
// wrapping; a down server's keys to the next point of a live one (`hash++`). (nginx gives up
// after 20 such steps and falls back to round robin; Ringscope keeps walking.)
//
// Tested against nginx 1.22.1 itself on five upstreams × 2,000 keys
// (tests/core/tokenschemes/nginx/data).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/importpart.h"
#include "ringscope/module.h"
#include "ringscope/scenario.h"

namespace ringscope {

inline constexpr unsigned kNginxPointsPerWeight = 160;

// What nginx hashes of a server's address: the host, and the port when one is written.
struct NginxHostPort {
    std::string_view host;
    std::string_view port;
};
NginxHostPort nginxHostPort(std::string_view server);

// Every token: the explicit ones, then each node's points (equal points after the first
// dropped). Throws InputError for a weight that is not a whole number ≥ 1.
std::vector<RingToken> nginxTokens(const Scenario& scenario);

// ---- nginx.conf ---------------------------------------------------------------------------

struct NginxServer {
    std::string address;  // as written
    int64_t weight = 1;
    bool down = false;
    bool backup = false;
    std::vector<std::string> unmodelled;  // max_fails=3, slow_start=30s, ...
    uint32_t line = 0;
};

struct NginxUpstream {
    std::string name;
    uint32_t line = 0;
    std::string method;   // "hash $request_uri consistent", "least_conn", "" (round robin)
    std::string hashKey;  // the hash directive's key, when there is one
    bool consistent = false;
    std::vector<NginxServer> servers;
};

// The upstream blocks of an nginx configuration (http or stream, at any depth), in file order.
// `include` is not followed (the file that holds the upstream is the one to read). Throws
// InputError("source:line", ...) for text nginx would not read.
std::vector<NginxUpstream> parseNginxUpstreams(std::string_view text, const std::string& source);

// An nginx configuration's parts: its upstreams, those with `hash … consistent` importable.
inline constexpr ImportParts kNginxParts{"upstream", "upstreams", "`hash KEY consistent`",
                                         "--upstream"};

// The scenario of one upstream with `hash … consistent` (`part` names it; empty: the only
// one). Throws InputError naming the upstreams to choose from.
// `nodeLines`, if given, receives the line of each node's server, in node order.
// `nodeLines`, if given, receives the line of each node's server, in node order (for messages
// about a node).
Scenario nginxScenario(const std::vector<NginxUpstream>& upstreams, std::string_view part,
                       const std::string& source, const std::string& name,
                       std::vector<uint32_t>* nodeLines = nullptr);

}  // namespace ringscope
