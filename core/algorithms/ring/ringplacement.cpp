#include "algorithms/ring/ringplacement.h"

#include <algorithm>
#include <map>
#include <utility>

#include "ringscope/error.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"

namespace ringscope {

std::vector<RingToken> explicitTokens(const Scenario& s) {
    std::vector<RingToken> tokens;
    std::map<uint64_t, size_t> owner;  // position -> node index
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const auto& list = s.nodes[n].tokens;
        for (size_t t = 0; t < list.size(); ++t) {
            const auto [it, fresh] = owner.emplace(list[t], n);
            if (!fresh) {
                throw nodeError(s, n, "tokens[" + std::to_string(t) + "]",
                                "token " + std::to_string(list[t]) + " of node \"" + s.nodes[n].id +
                                    "\" collides with node \"" + s.nodes[it->second].id +
                                    "\" at the same position");
            }
            tokens.push_back({list[t], static_cast<uint32_t>(n), static_cast<uint32_t>(t)});
        }
    }
    return tokens;
}

double totalWeight(const Scenario& s) {
    double total = 0;
    for (const NodeSpec& node : s.nodes) {
        total += node.weight;
    }
    return total;
}

RingCost ringCost(const Scenario& s) {
    RingCost cost;
    uint64_t most = 0;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const uint64_t tokens = s.nodes[n].tokens.size();
        cost.tokens = saturatingAdd(cost.tokens, tokens);
        if (tokens > most) {
            most = tokens;
            cost.largestNode = n;
        }
    }
    const TokenSchemeModule::Cost scheme = tokenSchemeOf(s).cost(s);
    cost.tokens = saturatingAdd(cost.tokens, scheme.tokens);
    cost.nameBytes = scheme.nameBytes;
    if (scheme.largestTokens > most) {
        cost.largestNode = scheme.largestNode;
    }
    return cost;
}

RingPlacement::RingPlacement(const Scenario& s, const PlacementNodes& nodes)
    : m_rule(tokenSchemeOf(s).traits().lookup),
      m_replicas(nodes.replicas),
      m_boundedLoad(s.boundedLoadPercent) {
    const TokenSchemeModule& scheme = tokenSchemeOf(s);
    if (!scheme.traits().placesEveryNode) {
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            const NodeSpec& node = s.nodes[n];
            if (node.tokens.empty() && !node.vnodes) {
                throw nodeError(s, n, "",
                                "a ring node needs explicit \"tokens\" or a \"vnodes\" count");
            }
        }
    }
    std::vector<RingToken> tokens = scheme.tokens(s);
    std::vector<bool> present(s.nodes.size(), false);
    for (const RingToken& t : tokens) {
        present[t.node] = !s.nodes[t.node].down;
    }
    const auto onRing = static_cast<size_t>(std::count(present.begin(), present.end(), true));
    if (onRing < nodes.replicas) {
        throw InputError("replicas", "replicas " + std::to_string(nodes.replicas) +
                                         " is more than the " + std::to_string(onRing) +
                                         (nodes.down.empty() ? " nodes" : " live nodes") +
                                         " that have tokens on the ring");
    }
    m_ring = Ring(s.space, std::move(tokens));  // sorts stably: equal positions keep their order
    const size_t r = m_replicas;
    m_replicaTable.assign(m_ring.size() * r, 0);
    for (size_t t = 0; t < m_ring.size(); ++t) {
        if (r == 1 && nodes.down.empty()) {
            m_replicaTable[t] = m_ring.node(t);
        } else {
            m_ring.replicasFrom(t, {m_replicaTable.data() + t * r, r}, nodes.zoneOf, nodes.down);
        }
    }
}

void RingPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                          std::span<uint32_t> out) const {
    // The nearer rule's preference order depends on where the key lies between two tokens.
    if (m_rule == LookupRule::Nearer && (m_replicas > 1 || !nodes.down.empty())) {
        m_ring.nearestFrom(key.position, out.first(std::min(out.size(), m_replicas)), nodes.zoneOf,
                           nodes.down);
        return;
    }
    const uint32_t* row = m_replicaTable.data() + m_ring.lookup(key.position, m_rule) * m_replicas;
    std::copy(row, row + std::min(out.size(), m_replicas), out.begin());
}

bool RingPlacement::assignAll(const PlacementNodes& nodes, const HashedKeys& keys,
                              std::span<uint32_t> owners) const {
    if (m_boundedLoad) {
        const BoundedLoadResult bounded = *boundedLoads(nodes, keys);
        std::copy(bounded.owner.begin(), bounded.owner.end(), owners.begin());
        return true;
    }
    if (m_rule != LookupRule::Successor) {
        return false;  // the sweep finds successors only
    }
    const size_t r = m_replicas;
    const auto positions = m_ring.positions();
    const uint32_t* table = m_replicaTable.data();
    size_t t = 0;
    for (size_t rank = 0; rank < keys.size(); ++rank) {
        const uint32_t k = keys.byPosition[rank];
        const uint64_t x = keys.sortedPositions[rank];
        while (t < positions.size() && positions[t] < x) {
            ++t;
        }
        const uint32_t* row = table + (t == positions.size() ? 0 : t) * r;
        std::copy(row, row + r, owners.begin() + static_cast<std::ptrdiff_t>(k * r));
    }
    return true;
}

std::optional<BoundedLoadResult> RingPlacement::boundedLoads(const PlacementNodes& nodes,
                                                             const HashedKeys& keys) const {
    return ringscope::boundedLoads(nodes.weights, keys, m_boundedLoad.value_or(0),
                                   RingWalk{m_ring, keys.hash64, keys.space, m_rule});
}

namespace {

class RingModule final : public AlgorithmModule {
public:
    RingModule()
        : AlgorithmModule(Algorithm::Ring, "ring", QT_TRANSLATE_NOOP("Algorithm", "Ring"),
                          {.ring = true,
                           .boundedLoads = true,
                           .compared = Compared::Plain,
                           .view = "ring",
                           .color = 0x0072B2}) {}  // blue (Okabe–Ito)

    // Explicit positions must lie in the space.
    void validateNode(const Scenario& s, size_t i) const override {
        const NodeSpec& node = s.nodes[i];
        for (size_t t = 0; t < node.tokens.size(); ++t) {
            if (!inSpace(node.tokens[t], s.space)) {
                throw nodeError(s, i, "tokens[" + std::to_string(t) + "]",
                                "token " + std::to_string(node.tokens[t]) +
                                    " is outside the hash space [0, " + spaceName(s.space) + ")");
            }
        }
    }
    // The tokens (explicit and the scheme's), the bytes of their names, the replica table.
    void countWork(const Scenario& s, Work& work) const override {
        const RingCost cost = ringCost(s);
        work.build.push_back(
            {Limit::Tokens, cost.tokens, "", "ring tokens in all", cost.largestNode});
        work.build.push_back({Limit::TokenNameBytes, cost.nameBytes,
                              tokenSchemeOf(s).traits().vnodes ? "tokens.name" : "nodes",
                              "bytes of token names to hash"});
        const auto replicas = static_cast<uint64_t>(std::max<int64_t>(1, s.replicas));
        work.build.push_back({Limit::TokenReplicas, saturatingMul(cost.tokens, replicas),
                              "replicas", "replica table entries (ring tokens x replicas)"});
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes& nodes) const override {
        return std::make_shared<RingPlacement>(s, nodes);
    }
    // Nodes that come from an algorithm without tokens get the token scheme's.
    void adopt(Scenario& s, Algorithm) const override { tokenSchemeOf(s).adopt(s); }
};

}  // namespace

const AlgorithmModule& modules::ringAlgorithm() {
    static const RingModule module;
    return module;
}

}  // namespace ringscope
