#pragma once
// spymemcached's ketama (net.spy.memcached.KetamaNodeLocator with the KETAMA_HASH default and no
// weights; tokens.scheme "spymemcached"): each node gets 160 points, the four little-endian words
// of MD5("{node key}-{i}") for i = 0 … 39 (ketamaDigestPoints), put into a TreeMap in node order,
// so of equal points the node put last keeps it; keys hash with md5 and go to the first point ≥
// their hash, wrapping (ArrayBasedCeilRing). The node key is KetamaNodeKeyFormatter's:
//   spymemcached (the default)  the node's InetSocketAddress as Java prints it, its leading '/'
//                               dropped: "10.0.1.1:11211", or "cache-a/10.0.1.1:11211" for a node
//                               given by host name (the address it resolved to after the '/');
//   libmemcached                the host name (the address when there is none), ":port" unless
//                               the port is 11211: libmemcached's own naming.
// A node's id is its address as the client is given it: "host[:port]" (11211 by default), the host
// an IPv4 address or "name/address". Ringscope makes no DNS lookup: a bare host name is refused
// with what to write instead.
//
// Tested against Debian 12's libspymemcached-java 2.12.3 itself
// (tests/core/tokenschemes/spymemcached).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

// KetamaNodeKeyFormatter.Format: tokens.nodeKeys.
enum class SpymemcachedNodeKeys : uint8_t { Spymemcached, Libmemcached };

struct SpymemcachedParams {
    SpymemcachedNodeKeys nodeKeys = SpymemcachedNodeKeys::Spymemcached;
    bool operator==(const SpymemcachedParams&) const = default;
};

// The key spymemcached hashes for a node of this id (before "-{i}"). Throws InputError(`where`)
// for an id that is not an address spymemcached could name without a lookup.
std::string spymemcachedNodeKey(std::string_view id, SpymemcachedNodeKeys format,
                                const std::string& where);

// Every token: the explicit ones, then each node's 160 points, an equal point owned by the node
// put last.
std::vector<RingToken> spymemcachedTokens(const Scenario& scenario);

}  // namespace ringscope
