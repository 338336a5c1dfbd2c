#pragma once
// mcrouter placement: a HashRoute's hash function over its children, the nodes in order; a key's
// routing key (mcrouterRoutingKey) is hashed, not its hash64. Its parameter:
// "mcrouter": {"hashFunc": "Ch3" | "WeightedCh3" | "Rendezvous" | "WeightedRendezvous" |
// "WeightedCh4"}; the weighted functions read the node weights (WeightedCh3's and WeightedCh4's
// in [0, 1]), the rendezvous ones the node ids as their tags.
//
// Replicas and down nodes: the furc functions (Ch3, WeightedCh3, WeightedCh4) go on to the
// following servers, as jump does;
// the rendezvous functions to the next by score, as their RendezvousIterator walks (ties to the
// higher index).

#include <vector>

#include "mcrouter.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct McrouterParams {
    McrouterHashFunc hashFunc = McrouterHashFunc::Ch3;
    bool operator==(const McrouterParams&) const = default;
};

// The share of the keys each server's own hash gives it under a perfect hash: 1/N for Ch3 and
// Rendezvous; w/Σw for WeightedRendezvous (an exponential race); for WeightedCh3, w/Σw of the
// keys some try takes, and of the (1 − mean w)^32 that its 32 tries all refuse, which stay with
// the last try's server, (1 − w)/Σ(1 − w). O(N).
std::vector<double> mcrouterShares(McrouterHashFunc func, std::span<const double> weights);

class McrouterPlacement;
// The scenario's nodes under its own "mcrouter" parameters, whatever places it (none down). O(N).
McrouterPlacement mcrouterPlacementOf(const Scenario& scenario);
// The server the scenario's hash function gives `key` among all its nodes (down or not), its
// routing key hashed. O(N).
uint32_t mcrouterServer(const Scenario& scenario, std::string_view key);

class McrouterPlacement final : public PlacementState {
public:
    McrouterPlacement(McrouterHashFunc func, const PlacementNodes& nodes);
    McrouterHashFunc hashFunc() const { return m_func; }
    std::span<const double> weights() const { return m_weights; }
    // The server of a routing key among all N (down or not): the hash function itself.
    uint32_t server(std::string_view routingKey) const;
    // The rendezvous functions' order for a routing key, RendezvousIterator's: the function's
    // own server first, then by score (ties to the higher index); the first `count` of the
    // servers not `down`, each with its score. O(N log count).
    std::vector<std::pair<double, uint32_t>> byScore(std::string_view routingKey, size_t count,
                                                     std::span<const uint8_t> down = {}) const;

    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // Nothing but the servers' hashes (the rendezvous functions), a number a node.
    size_t lookupBytes() const override { return m_serverHashes.size() * sizeof(uint64_t); }
    size_t routeCost(const PlacementNodes& nodes) const override;
    // The routing key's bytes are hashed; the key's hash64 is never read.
    bool readsKeyHashes() const override { return false; }
    std::vector<double> ownShares(const PlacementNodes& nodes) const override;
    std::optional<SpaceShares> spaceShares(const Placement& placement) const override;

private:
    bool rendezvous() const { return isRendezvous(m_func); }

    McrouterHashFunc m_func;
    std::vector<uint64_t> m_serverHashes;  // rendezvous: MurmurHash64A of each tag (node id)
    std::vector<double> m_weights;
};

}  // namespace ringscope
