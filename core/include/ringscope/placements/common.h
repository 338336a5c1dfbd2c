#pragma once
// What every placement state type shares: the key it routes and the nodes it routes to.
// A placement state type (RingPlacement, RendezvousPlacement, ...) offers
//   static T build(const Scenario&, const PlacementNodes&);   throws InputError
//   void route(const PlacementNodes&, const KeyPoint&, std::span<uint32_t> out) const;
//   size_t routeCost(const PlacementNodes&) const;             work units per key
// and, when a whole key set goes faster than key by key (the ring's merge sweep) or must be
// placed together (bounded loads), optionally
//   void assignAll(const PlacementNodes&, const HashedKeys&, std::span<uint32_t> owners) const;
// which assign() then uses. A state whose assignAll is only a faster way to the answers route
// gives key by key (the ring's sweep) also declares
//   bool assignAllIsRoute() const;  // true when it is (the ring's sweep without bounded loads)
// so that keys may be streamed through route a batch at a time (Placement::routesKeysAlone);
// without it, assignAll is taken to place the key set together (bounded loads), and the whole
// key set is held. Placement holds one state in its variant.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ringscope {

// One key as the router sees it: its name (HRW hashes it with each node), its 64-bit key hash
// (jump, mod-N) and its position in the hash space (rings).
struct KeyPoint {
    std::string_view name;
    uint64_t hash64 = 0;
    uint64_t position = 0;
};

struct NodeInfo {
    std::string id;
    double weight = 1.0;
    std::string zone;
    uint32_t zoneIndex = 0;
    bool down = false;
};

// The scenario's nodes in scenario order, and how many owners each key gets.
struct PlacementNodes {
    std::vector<NodeInfo> nodes;
    std::vector<std::string> ids;
    std::vector<double> weights;
    std::vector<uint32_t> zoneOf;  // node -> zone index when zone-aware, else empty
    std::vector<uint8_t> down;     // node -> 1 when down; empty when every node is up
    size_t replicas = 1;
    size_t size() const { return nodes.size(); }
};

namespace detail {
// Owners under a bucket scheme: bucket `first`, then the following buckets (mod n), each mapped
// to its node by nodeOf(bucket). That is the scheme's whole preference order: a down node's
// bucket is passed over (`down`: node -> 1 when down, or empty) and the walk goes on to the next
// bucket, the way the replicas already do; the hash is not rerun over fewer buckets (that would
// be removing the node, which moves keys between live nodes too).
template <typename NodeOf>
void followingBuckets(size_t first, size_t n, std::span<uint32_t> out, NodeOf nodeOf,
                      std::span<const uint8_t> down = {}) {
    size_t filled = 0;
    for (size_t i = 0; i < n && filled < out.size(); ++i) {
        const uint32_t node = nodeOf((first + i) % n);
        if (down.empty() || !down[node]) {
            out[filled++] = node;
        }
    }
}
}  // namespace detail

}  // namespace ringscope
