#include "ringscope/placement.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_set>

#include "ringscope/error.h"
#include "ringscope/jump.h"

namespace ringscope {

namespace {

uint64_t reduce(uint64_t hash, uint64_t space) {
    return space == 0 ? hash : hash % space;
}

// The tokens every node lists explicitly, each checked against the others.
std::vector<RingToken> explicitTokens(const Scenario& s, std::vector<TokenOrigin>* origins) {
    std::vector<RingToken> tokens;
    std::map<uint64_t, size_t> owner;  // position -> node index
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const auto& list = s.nodes[n].tokens;
        for (size_t t = 0; t < list.size(); ++t) {
            const auto [it, fresh] = owner.emplace(list[t], n);
            if (!fresh) {
                throw InputError(nodeWhere(s, n) + ".tokens[" + std::to_string(t) + "]",
                                 "token " + std::to_string(list[t]) + " of node \"" +
                                     s.nodes[n].id + "\" collides with node \"" +
                                     s.nodes[it->second].id + "\" at the same position");
            }
            tokens.push_back({list[t], static_cast<uint32_t>(n)});
            if (origins) {
                origins->push_back({static_cast<uint32_t>(n), static_cast<uint32_t>(t)});
            }
        }
    }
    return tokens;
}

// max(1, round(V * w)), checked before it becomes an integer (a weight of 1e300 is valid input).
uint64_t vnodeCount(const Scenario& s, size_t n) {
    const NodeSpec& node = s.nodes[n];
    const double count = vnodeTokenCount(*node.vnodes, node.weight);
    if (!(count <= static_cast<double>(kMaxTokens))) {
        throw InputError(nodeWhere(s, n), "vnodes x weight is " + std::to_string(count) +
                                              " tokens, more than the " +
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
        } else if (pattern.compare(at, 3, "{i}") == 0) {
            out.append(std::to_string(i));
            at += 3;
        } else {
            out.push_back(pattern[at++]);
        }
    }
    return out;
}

std::vector<RingToken> namedTokens(const Scenario& s, std::vector<TokenOrigin>* origins) {
    if (s.tokenHash == HashKind::Identity) {
        throw InputError("tokens.hash",
                         "\"identity\" cannot hash token names; use fnv1a32, md5, ...");
    }
    std::vector<RingToken> tokens = explicitTokens(s, origins);
    uint64_t total = tokens.size();
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        total += s.nodes[n].vnodes ? vnodeCount(s, n) : 0;
    }
    if (total > kMaxTokens) {
        throw InputError("nodes", std::to_string(total) + " tokens in all is more than the " +
                                      std::to_string(kMaxTokens) + " supported; lower vnodes");
    }
    if (s.space != 0 && total > s.space) {
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
                reduce(*hashKey(s.tokenHash, tokenName(s.tokenName, node.id, i)), s.space);
            while (!used.insert(position).second) {  // +1 probing, as seed 003
                position = reduce(position + 1, s.space);
            }
            tokens.push_back({position, static_cast<uint32_t>(n)});
            if (origins) {
                origins->push_back({static_cast<uint32_t>(n), static_cast<uint32_t>(i)});
            }
        }
    }
    return tokens;
}

std::vector<RingToken> ketamaTokens(const Scenario& s, std::vector<TokenOrigin>* origins) {
    std::vector<RingToken> tokens = explicitTokens(s, origins);
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
        const float points = std::floor(pct * 160.0f / 4.0f * liveServers + 0.0000000001f);
        // Weights beyond single precision (1e39 is a valid double) make pct inf or NaN.
        if (!std::isfinite(points) || points * 4 > float(kMaxTokens - tokens.size())) {
            throw InputError(nodeWhere(s, n) + ".weight",
                             "ketama computes weight shares in single precision: the weights and "
                             "their sum must stay below about 3.4e38");
        }
        const auto digests = static_cast<uint64_t>(points);
        for (uint64_t i = 0; i < digests; ++i) {
            const auto d = md5Digest(node.id + "-" + std::to_string(i));
            for (uint32_t h = 0; h < 4; ++h) {
                const uint64_t position = uint64_t{d[3 + h * 4]} << 24 |
                                          uint64_t{d[2 + h * 4]} << 16 |
                                          uint64_t{d[1 + h * 4]} << 8 | d[h * 4];
                tokens.push_back({reduce(position, s.space), static_cast<uint32_t>(n)});
                if (origins) {
                    origins->push_back(
                        {static_cast<uint32_t>(n), static_cast<uint32_t>(i * 4 + h)});
                }
            }
        }
    }
    return tokens;
}

HrwVariant hrwVariantOf(Algorithm algorithm) {
    switch (algorithm) {
        case Algorithm::WeightedRendezvous:
            return HrwVariant::Weighted;
        case Algorithm::NaiveDivRendezvous:
            return HrwVariant::NaiveDivide;
        case Algorithm::NaiveMulRendezvous:
            return HrwVariant::NaiveMultiply;
        default:
            return HrwVariant::Plain;
    }
}

bool isRendezvous(Algorithm algorithm) {
    return algorithm == Algorithm::Rendezvous || algorithm == Algorithm::WeightedRendezvous ||
           algorithm == Algorithm::NaiveDivRendezvous || algorithm == Algorithm::NaiveMulRendezvous;
}

Placement Placement::build(const Scenario& s) {
    validate(s);
    Placement p;
    p.m_algorithm = s.algorithm;
    p.m_keyHash = s.keyHash;
    p.m_space = s.space;
    p.m_replicas = static_cast<size_t>(s.replicas);
    std::map<std::string, uint32_t> zones;
    for (const NodeSpec& node : s.nodes) {
        const auto zone = zones.emplace(node.zone, static_cast<uint32_t>(zones.size())).first;
        p.m_nodes.push_back({node.id, node.weight, node.zone, zone->second});
        p.m_ids.push_back(node.id);
        p.m_weights.push_back(node.weight);
    }
    if (s.zoneAware) {
        for (const NodeInfo& node : p.m_nodes) {
            p.m_zoneOf.push_back(node.zoneIndex);
        }
    }
    if (s.algorithm == Algorithm::Ring) {
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            const NodeSpec& node = s.nodes[n];
            if (node.tokens.empty() && !node.vnodes && s.tokenScheme == TokenScheme::Named) {
                throw InputError(nodeWhere(s, n),
                                 "a ring node needs explicit \"tokens\" or a \"vnodes\" count");
            }
        }
        std::vector<TokenOrigin> origins;
        std::vector<RingToken> tokens = s.tokenScheme == TokenScheme::Ketama
                                            ? ketamaTokens(s, &origins)
                                            : namedTokens(s, &origins);
        // Sort origins together with the tokens (Ring sorts stably by position).
        std::vector<size_t> order(tokens.size());
        for (size_t i = 0; i < order.size(); ++i) {
            order[i] = i;
        }
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
            return tokens[a].position < tokens[b].position;
        });
        std::vector<TokenOrigin> sortedOrigins;
        sortedOrigins.reserve(order.size());
        for (size_t i : order) {
            sortedOrigins.push_back(origins[i]);
        }
        std::vector<bool> present(s.nodes.size(), false);
        for (const RingToken& t : tokens) {
            present[t.node] = true;
        }
        const auto onRing = static_cast<size_t>(std::count(present.begin(), present.end(), true));
        if (onRing < p.m_replicas) {
            throw InputError("replicas", "replicas " + std::to_string(p.m_replicas) +
                                             " is more than the " + std::to_string(onRing) +
                                             " nodes that have tokens on the ring");
        }
        p.setRing(Ring(s.space, std::move(tokens)), std::move(sortedOrigins));
    } else if (s.algorithm == Algorithm::Jump) {
        if (s.jumpBuckets.empty()) {
            for (uint32_t n = 0; n < s.nodes.size(); ++n) {
                p.m_jumpTable.push_back(n);
            }
        } else {
            p.m_jumpTable = s.jumpBuckets;
        }
    }
    return p;
}

void Placement::setRing(Ring ring, std::vector<TokenOrigin> origins) {
    m_ring = std::move(ring);
    m_origins = std::move(origins);
    refreshReplicaTable();
}

void Placement::refreshReplicaTable() {
    m_tokenReplicas.assign(m_ring.size() * m_replicas, 0);
    for (size_t t = 0; t < m_ring.size(); ++t) {
        if (m_replicas == 1) {
            m_tokenReplicas[t] = m_ring.node(t);
        } else {
            m_ring.replicasFrom(t, {m_tokenReplicas.data() + t * m_replicas, m_replicas}, m_zoneOf);
        }
    }
}

std::optional<uint32_t> Placement::nodeIndex(std::string_view id) const {
    for (uint32_t n = 0; n < m_ids.size(); ++n) {
        if (m_ids[n] == id) {
            return n;
        }
    }
    return std::nullopt;
}

void Placement::route(std::string_view key, uint64_t hash64, uint64_t position,
                      std::span<uint32_t> out) const {
    const size_t r = std::min(out.size(), m_replicas);
    switch (m_algorithm) {
        case Algorithm::Ring: {
            const uint32_t* row = m_tokenReplicas.data() + m_ring.successor(position) * m_replicas;
            std::copy(row, row + r, out.begin());
            return;
        }
        case Algorithm::Jump:
        case Algorithm::ModN: {
            // Replicas of bucket schemes: the following buckets in order.
            const size_t n = m_algorithm == Algorithm::Jump ? m_jumpTable.size() : m_ids.size();
            const size_t b = m_algorithm == Algorithm::Jump
                                 ? static_cast<size_t>(jumpHash(hash64, static_cast<int32_t>(n)))
                                 : static_cast<size_t>(hash64 % n);
            for (size_t i = 0; i < r; ++i) {
                const size_t bucket = (b + i) % n;
                out[i] = m_algorithm == Algorithm::Jump ? m_jumpTable[bucket]
                                                        : static_cast<uint32_t>(bucket);
            }
            return;
        }
        default:
            hrwTop(key, m_ids, m_weights, hrwVariantOf(m_algorithm), out.first(r));
            return;
    }
}

}  // namespace ringscope
