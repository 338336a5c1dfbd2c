#pragma once
// Failure is not removal. A down node (NodeSpec::down) keeps its tokens, slots and table entries
// but serves nothing; each key is served by the first R live nodes of its preference order, the
// order in which its algorithm would try nodes:
//   ring      the clockwise walk from the key's token, on past down nodes' tokens, with the same
//             distinct-node and zone rules (Dynamo's preference list: the first R healthy nodes
//             serve the key, a sloppy quorum; Ring::replicasFrom). Cassandra differs: it keeps
//             the replica set and serves from the replicas still up (hinted handoff);
//   HRW       the nodes by score: a down node's keys go to their next-highest score (hrwTop);
//   jump, mod-N  the algorithm gives no order beyond its bucket and the following buckets (its
//             replicas), so a down bucket's keys go to the next live bucket; the hash is not rerun
//             over fewer buckets, which would be removing the node (and moves keys between live
//             nodes too);
//   Maglev    Envoy's retry walk (chooseHost(hash, attempt), attempts 0, 1, 2, …) passing over
//             the down host, as a retry does until health checking rebuilds the table without
//             it (rebuilding is removing the node: remove it to see that table);
//   Redis Cluster  the down master's own replica is promoted and takes over exactly its slots; no
//             slot moves to another master. A master in a scenario stands for itself and its
//             replicas (a slot lives on one master, so replicas is 1). When the master comes back
//             it rejoins as a replica of the promoted one and the slots stay (no hand-back unless
//             an operator runs CLUSTER FAILOVER).
// Placement::route and assign() already give the serving owners; this header classifies what a
// change of down nodes did to each key, on top of KeyChange (keychange.h), which still says
// whether the key moved. diff() counts both (DiffResult::failover).

#include <cstdint>
#include <span>
#include <vector>

#include "ringscope/registry.h"

namespace ringscope {

class Placement;

// The algorithm's rule (a trait of its module: FailoverRule in module.h).
FailoverRule failoverRule(Algorithm algorithm);

// What a change of down nodes did to one key. The key's copies are where the "before" side
// served it (re-replication there had finished).
enum class Failover : uint8_t {
    None,         // no node of the key went down or came back as its primary
    TakenOver,    // its primary went down; the new primary (a live copy or the next live node)
    NoReplica,    // every node that held it went down: unavailable until one comes back
    Promoted,     // Redis Cluster: its master went down; the master's replica was promoted
    ReplicaLost,  // its primary stayed up, a node holding a replica went down
    HandedBack    // its primary came back up and serves it again
};

// Which nodes are down before and after, in one node numbering (the one the owners compared are
// written in), and the after side's rule.
struct DownSides {
    std::vector<uint8_t> before;
    std::vector<uint8_t> after;
    FailoverRule rule = FailoverRule::NextLive;
    bool wasDown(uint32_t n) const { return n < before.size() && before[n]; }
    bool isDown(uint32_t n) const { return n < after.size() && after[n]; }
};
// `beforeTo` and `afterTo` map each side's nodes into the common numbering (empty: the side's
// own, e.g. nodeRenumbering(after, before) for diff's before numbering). O(N).
DownSides downSides(const Placement& before, std::span<const uint32_t> beforeTo,
                    const Placement& after, std::span<const uint32_t> afterTo);

// One key's owners before (x) and after (y, in x's numbering). O(R²).
Failover classifyFailover(std::span<const uint32_t> x, std::span<const uint32_t> y,
                          const DownSides& down);

// The failover of a whole key set, summed a key at a time.
struct FailoverCounts {
    size_t primaryLost = 0;      // TakenOver + NoReplica + Promoted
    size_t takenOver = 0;        // served by another live node
    size_t takenOverByCopy = 0;  // of those, by a node that held a replica (nothing to fetch)
    size_t noReplica = 0;
    size_t promoted = 0;
    size_t replicaLost = 0;
    size_t handedBack = 0;
    uint64_t bytesToReplicate = 0;  // copies to make on live nodes to restore R copies per key
    uint64_t bytesWithoutCopy = 0;  // bytes of the keys with no live copy
    uint64_t bytesHandedBack = 0;   // bytes of the keys whose primary came back
    bool bytesSaturated = false;    // a byte total stopped at 2^64 - 1 (the true one is larger)
    // Per node (before numbering): the lost primaries it now serves (taken over or, with no live
    // copy, served empty).
    std::vector<uint64_t> newPrimaries;

    bool any() const { return primaryLost + replicaLost + handedBack > 0; }
    // Counts one key and returns what happened to it.
    Failover count(std::span<const uint32_t> x, std::span<const uint32_t> y, const DownSides& down,
                   uint64_t bytes);
    void add(const FailoverCounts& other);

private:
    void countNewPrimary(uint32_t node);
};

}  // namespace ringscope
