#pragma once
// A placement: the scenario's nodes turned into the structure its algorithm routes with
// (a ring of tokens, a jump bucket table, or just the node list for HRW and mod-N).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/rendezvous.h"
#include "ringscope/ring.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct NodeInfo {
    std::string id;
    double weight = 1.0;
    std::string zone;
    uint32_t zoneIndex = 0;
};

// Where each ring token came from: its node and its index within the node (vnode i / digest).
struct TokenOrigin {
    uint32_t node = 0;
    uint32_t index = 0;
    bool operator==(const TokenOrigin&) const = default;
};

// The token name of vnode i of `node` under a pattern such as "{node}#{i}".
std::string tokenName(std::string_view pattern, std::string_view node, uint64_t i);

// The tokens of a hash-named node with `vnodes` per unit weight: max(1, round(V * w)), as a
// double so that absurd products can be refused before they become integers.
double vnodeTokenCount(int64_t vnodes, double weight);

// Hash-named tokens of SPEC §2, nodes in order, tokens in index order, +1 probing on collision.
// A node of weight w gets max(1, round(V * w)) tokens. O(T log T).
std::vector<RingToken> namedTokens(const Scenario& scenario, std::vector<TokenOrigin>* origins);

// libmemcached's weighted ketama: D = floor(w / sum(w) * 40 * N + 1e-10) MD5 digests of
// "{node}-{i}" per node, four little-endian positions per digest.
std::vector<RingToken> ketamaTokens(const Scenario& scenario, std::vector<TokenOrigin>* origins);

class Placement {
public:
    Placement() = default;
    // Validates the scenario and builds its structure. Throws InputError naming the field/node.
    static Placement build(const Scenario& scenario);

    Algorithm algorithm() const { return m_algorithm; }
    HashKind keyHash() const { return m_keyHash; }
    uint64_t space() const { return m_space; }
    size_t replicas() const { return m_replicas; }
    const std::vector<NodeInfo>& nodes() const { return m_nodes; }
    std::span<const std::string> nodeIds() const { return m_ids; }
    std::span<const double> weights() const { return m_weights; }
    std::optional<uint32_t> nodeIndex(std::string_view id) const;

    const Ring& ring() const { return m_ring; }
    // Per ring token, where it came from (same order as ring()).
    const std::vector<TokenOrigin>& tokenOrigins() const { return m_origins; }
    // Node -> zone index when zone-aware placement is on, else empty.
    std::span<const uint32_t> zoneOf() const { return m_zoneOf; }
    // Jump: bucket -> node index.
    const std::vector<uint32_t>& jumpTable() const { return m_jumpTable; }

    // Owners of one key, primary first, replicas() of them. The caller hashed the key.
    // Ring O(1) expected + walk; HRW O(N) digests; jump O(log N); mod-N O(1).
    void route(std::string_view key, uint64_t hash64, uint64_t position,
               std::span<uint32_t> out) const;

    // Per ring token, its replica set (replicas() nodes), precomputed: O(T·R) walk.
    const std::vector<uint32_t>& tokenReplicaTable() const { return m_tokenReplicas; }

    // Replaces the ring (live edits) and refreshes the per-token replica table.
    void setRing(Ring ring, std::vector<TokenOrigin> origins);

private:
    void refreshReplicaTable();

    Algorithm m_algorithm = Algorithm::Ring;
    HashKind m_keyHash = HashKind::Fnv1a32;
    uint64_t m_space = kSpace32;
    size_t m_replicas = 1;
    std::vector<NodeInfo> m_nodes;
    std::vector<std::string> m_ids;
    std::vector<double> m_weights;
    Ring m_ring;
    std::vector<TokenOrigin> m_origins;
    std::vector<uint32_t> m_zoneOf;
    std::vector<uint32_t> m_jumpTable;
    std::vector<uint32_t> m_tokenReplicas;
};

HrwVariant hrwVariantOf(Algorithm algorithm);
bool isRendezvous(Algorithm algorithm);

}  // namespace ringscope
