#include "ringscope/placements/ringplacement.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_set>

#include "ringscope/envoy_ring.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"

namespace ringscope {

namespace {

// The tokens every node lists explicitly, each checked against the others.
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

// max(1, round(V * w)), checked before it becomes an integer (a weight of 1e300 is valid input).
uint64_t vnodeCount(const Scenario& s, size_t n) {
    const NodeSpec& node = s.nodes[n];
    const double count = vnodeTokenCount(*node.vnodes, node.weight);
    if (!(count <= static_cast<double>(kMaxTokens))) {
        throw nodeError(s, n, "",
                        "vnodes x weight is " + std::to_string(count) + " tokens, more than the " +
                            std::to_string(kMaxTokens) + " supported");
    }
    return static_cast<uint64_t>(count);
}

}  // namespace

double vnodeTokenCount(int64_t vnodes, double weight) {
    return std::max(1.0, std::round(static_cast<double>(vnodes) * weight));
}

std::string tokenName(std::string_view pattern, std::string_view node, uint64_t i) {
    std::string out;
    for (size_t at = 0; at < pattern.size();) {
        if (pattern.compare(at, 6, "{node}") == 0) {
            out.append(node);
            at += 6;
        } else if (pattern.compare(at, kIndexPlaceholder.size(), kIndexPlaceholder) == 0) {
            out.append(std::to_string(i));
            at += kIndexPlaceholder.size();
        } else {
            out.push_back(pattern[at++]);
        }
    }
    return out;
}

std::vector<RingToken> namedTokens(const Scenario& s) {
    if (s.tokenHash == HashKind::Identity) {
        throw InputError("tokens.hash",
                         "\"identity\" cannot hash token names; use fnv1a32, md5, ...");
    }
    std::vector<RingToken> tokens = explicitTokens(s);
    uint64_t total = tokens.size();
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        total += s.nodes[n].vnodes ? vnodeCount(s, n) : 0;
    }
    if (total > kMaxTokens) {
        throw InputError("nodes", std::to_string(total) + " tokens in all is more than the " +
                                      std::to_string(kMaxTokens) + " supported; lower vnodes");
    }
    if (!isFullSpace(s.space) && total > s.space) {
        throw InputError("nodes", std::to_string(total) + " tokens do not fit in a space of " +
                                      spaceName(s.space));
    }
    std::unordered_set<uint64_t> used;
    used.reserve(total * 2);
    for (const RingToken& t : tokens) {
        used.insert(t.position);
    }
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const NodeSpec& node = s.nodes[n];
        if (!node.vnodes) {
            continue;
        }
        const uint64_t count = vnodeCount(s, n);
        for (uint64_t i = 0; i < count; ++i) {
            uint64_t position =
                reduceToSpace(*hashKey(s.tokenHash, tokenName(s.tokenName, node.id, i)), s.space);
            while (!used.insert(position).second) {  // +1 probing, as seed 003
                position = reduceToSpace(position + 1, s.space);
            }
            tokens.push_back({position, static_cast<uint32_t>(n), static_cast<uint32_t>(i)});
        }
    }
    return tokens;
}

std::vector<RingToken> ketamaTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    double totalWeight = 0;
    for (const NodeSpec& node : s.nodes) {
        totalWeight += node.weight;
    }
    // libmemcached computes this in single precision; so do we, to place the same points.
    const float liveServers = static_cast<float>(s.nodes.size());
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const NodeSpec& node = s.nodes[n];
        if (!node.tokens.empty()) {
            continue;
        }
        const float pct = static_cast<float>(node.weight) / static_cast<float>(totalWeight);
        const float points = std::floor(pct * float(kKetamaPointsPerServer) /
                                            float(kKetamaPointsPerDigest) * liveServers +
                                        0.0000000001f);
        // Weights beyond single precision (1e39 is a valid double) make pct inf or NaN.
        if (!std::isfinite(points) ||
            points * kKetamaPointsPerDigest > float(kMaxTokens - tokens.size())) {
            throw nodeError(s, n, "weight",
                            "ketama computes weight shares in single precision: the weights and "
                            "their sum must stay below about 3.4e38");
        }
        const auto digests = static_cast<uint64_t>(points);
        for (uint64_t i = 0; i < digests; ++i) {
            const auto d = md5Digest(node.id + "-" + std::to_string(i));
            for (uint32_t h = 0; h < kKetamaPointsPerDigest; ++h) {
                const uint64_t position = uint64_t{d[3 + h * 4]} << 24 |
                                          uint64_t{d[2 + h * 4]} << 16 |
                                          uint64_t{d[1 + h * 4]} << 8 | d[h * 4];
                tokens.push_back({reduceToSpace(position, s.space), static_cast<uint32_t>(n),
                                  static_cast<uint32_t>(i * kKetamaPointsPerDigest + h)});
            }
        }
    }
    return tokens;
}

std::vector<RingToken> envoyTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    std::vector<std::string> ids;
    std::vector<double> weights;
    std::vector<uint32_t> nodeOf;  // Envoy's host index -> scenario node
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty()) {
            ids.push_back(s.nodes[n].id);
            weights.push_back(s.nodes[n].weight);
            nodeOf.push_back(static_cast<uint32_t>(n));
        }
    }
    if (ids.empty()) {
        return tokens;
    }
    const EnvoyRingBuild build = envoyRingTokens(ids, weights, s.envoyRing);
    std::vector<uint32_t> next(ids.size(), 0);  // token i of each node, in generation order
    for (const RingToken& t : build.tokens) {
        tokens.push_back({reduceToSpace(t.position, s.space), nodeOf[t.node], next[t.node]++});
    }
    return tokens;
}

RingPlacement RingPlacement::build(const Scenario& s, const PlacementNodes& nodes) {
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const NodeSpec& node = s.nodes[n];
        if (node.tokens.empty() && !node.vnodes && s.tokenScheme == TokenScheme::Named) {
            throw nodeError(s, n, "",
                            "a ring node needs explicit \"tokens\" or a \"vnodes\" count");
        }
    }
    std::vector<RingToken> tokens;
    switch (s.tokenScheme) {
        case TokenScheme::Named:
            tokens = namedTokens(s);
            break;
        case TokenScheme::Ketama:
            tokens = ketamaTokens(s);
            break;
        case TokenScheme::Envoy:
            tokens = envoyTokens(s);
            break;
    }
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
    RingPlacement p;
    p.m_ring = Ring(s.space, std::move(tokens));  // sorts stably: equal positions keep their order
    p.m_replicas = nodes.replicas;
    p.m_boundedLoad = s.boundedLoadPercent;
    const size_t r = p.m_replicas;
    p.m_replicaTable.assign(p.m_ring.size() * r, 0);
    for (size_t t = 0; t < p.m_ring.size(); ++t) {
        if (r == 1 && nodes.down.empty()) {
            p.m_replicaTable[t] = p.m_ring.node(t);
        } else {
            p.m_ring.replicasFrom(t, {p.m_replicaTable.data() + t * r, r}, nodes.zoneOf,
                                  nodes.down);
        }
    }
    return p;
}

void RingPlacement::route(const PlacementNodes&, const KeyPoint& key,
                          std::span<uint32_t> out) const {
    const uint32_t* row = m_replicaTable.data() + m_ring.successor(key.position) * m_replicas;
    std::copy(row, row + std::min(out.size(), m_replicas), out.begin());
}

void RingPlacement::assignAll(const PlacementNodes& nodes, const HashedKeys& keys,
                              std::span<uint32_t> owners) const {
    if (m_boundedLoad) {
        const BoundedLoadResult bounded = boundedLoads(nodes, keys);
        std::copy(bounded.owner.begin(), bounded.owner.end(), owners.begin());
        return;
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
}

BoundedLoadResult RingPlacement::boundedLoads(const PlacementNodes& nodes,
                                              const HashedKeys& keys) const {
    return ringscope::boundedLoads(nodes.weights, keys, m_boundedLoad.value_or(0),
                                   RingWalk{m_ring, keys.hash64, keys.space});
}

}  // namespace ringscope
