#pragma once
// groupcache's consistent hash (github.com/golang/groupcache, consistenthash/consistenthash.go;
// tokens.scheme "groupcache"; SPEC §6): Map.Add gives each peer `replicas` points (a node's
// "vnodes", 50 by default as groupcache's HTTPPool sets it), point i at
// crc32.ChecksumIEEE(strconv.Itoa(i) + id); Map.Get sends a key (the crc32 of its bytes) to the
// first point ≥ its hash, wrapping. On equal points the peer added last owns them (Add writes
// hashMap[hash] = key for every point, so a later peer overwrites an earlier one's entry):
// nodes are added in scenario order. groupcache has no weights.
//
// Tested against groupcache's own code (Go 1.19, Debian 12's
// golang-github-golang-groupcache-dev) on five peer sets × 2,000 keys, a colliding point among
// them (tests/core/tokenschemes/groupcache/data).

#include <cstdint>
#include <string_view>
#include <vector>

#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

// groupcache's HTTPPool: defaultReplicas = 50.
inline constexpr int64_t kGroupcacheReplicas = 50;

// The point groupcache gives replica i of a peer: crc32(itoa(i) + id).
uint32_t groupcachePoint(std::string_view id, uint64_t replica);

// Every token: the explicit ones, then each node's points, an equal point owned by the node
// added last.
std::vector<RingToken> groupcacheTokens(const Scenario& scenario);

}  // namespace ringscope
