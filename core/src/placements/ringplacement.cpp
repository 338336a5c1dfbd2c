#include "ringscope/placements/ringplacement.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ringscope/envoy_ring.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/limits.h"

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

// max(1, round(V * w)), saturating (a weight of 1e300 is valid input; the tokens limit refuses
// the count).
uint64_t vnodeCount(const NodeSpec& node) {
    const double count = vnodeTokenCount(*node.vnodes, node.weight);
    return count < 0x1p64 ? static_cast<uint64_t>(count) : UINT64_MAX;
}

// libmemcached computes ketama's weight shares in single precision; so do we, to place the same
// points. Weights beyond single precision (1e39 is a valid double) make the share inf or NaN.
uint64_t ketamaDigests(const Scenario& s, size_t n, double totalWeight) {
    const float liveServers = static_cast<float>(s.nodes.size());
    const float pct = static_cast<float>(s.nodes[n].weight) / static_cast<float>(totalWeight);
    const float points = std::floor(pct * float(kKetamaPointsPerServer) /
                                        float(kKetamaPointsPerDigest) * liveServers +
                                    0.0000000001f);
    if (!std::isfinite(points) || points < 0 || points >= 0x1p62f) {
        throw nodeError(s, n, "weight",
                        "ketama computes weight shares in single precision: the weights and "
                        "their sum must stay below about 3.4e38");
    }
    return static_cast<uint64_t>(points);
}

double totalWeight(const Scenario& s) {
    double total = 0;
    for (const NodeSpec& node : s.nodes) {
        total += node.weight;
    }
    return total;
}

// At most the hashes Envoy's ring gives node n: ceil(scale · w/Σw) + 1, scale at most
// maxRingSize (envoy_ring.h; the ring's own checks refuse bad sizes).
uint64_t envoyHashes(const Scenario& s, size_t n) {
    double totalWeight = 0;  // of the nodes on Envoy's ring (the others have explicit tokens)
    double minWeight = INFINITY;
    for (const NodeSpec& node : s.nodes) {
        if (node.tokens.empty()) {
            totalWeight += node.weight;
            minWeight = std::min(minWeight, node.weight);
        }
    }
    minWeight /= totalWeight;
    const auto maxSize = static_cast<double>(s.envoyRing.maxRingSize);
    const double scale = std::min(
        std::ceil(minWeight * static_cast<double>(s.envoyRing.minRingSize)) / minWeight, maxSize);
    const double hashes = std::ceil(scale * s.nodes[n].weight / totalWeight) + 1;
    return hashes >= 0 && hashes < maxSize + 2 ? static_cast<uint64_t>(hashes)
                                               : s.envoyRing.maxRingSize + 1;
}

// +1 probing without walking whole clusters: every taken position points at a later position
// to look at (union-find with path compression), so the first free position at or after a
// hash is found in near-constant amortised time even when the space is nearly full (walking
// one position at a time took O(T^2): minutes for 2 million tokens in a space of 2 million).
class FreePositions {
public:
    explicit FreePositions(uint64_t space) : m_space(space) {}
    void reserve(uint64_t count) {
        size_t slots = 16;
        while (slots < count + count / 2 + 1) {  // at most two thirds full
            slots *= 2;
        }
        if (slots <= m_slots.size()) {
            return;
        }
        std::vector<Slot> old = std::exchange(m_slots, std::vector<Slot>(slots, Slot{kEmpty, 0}));
        m_mask = slots - 1;
        m_count = 0;
        for (const Slot& slot : old) {
            if (slot.position != kEmpty) {
                next(slot.position) = slot.next;
            }
        }
    }
    void take(uint64_t position) { next(position) = reduceToSpace(position + 1, m_space); }
    // The first free position at or after `position`, wrapping; one must exist.
    uint64_t firstFreeFrom(uint64_t position) {
        uint64_t free = position;
        for (const uint64_t* at = find(free); at; at = find(free)) {
            free = *at;
        }
        for (uint64_t* at = find(position); at && *at != free; at = find(position)) {
            position = std::exchange(*at, free);  // compress the path walked
        }
        return free;
    }

private:
    // An open-addressing table (linear probing) from a taken position to where to look next:
    // one cache line per lookup, where std::unordered_map's nodes cost two misses and an
    // allocation each (10 million tokens took 9 s, half of it there). The one position the
    // empty mark cannot hold, 2^64 - 1, has a slot of its own.
    struct Slot {
        uint64_t position;
        uint64_t next;
    };
    static constexpr uint64_t kEmpty = UINT64_MAX;

    static uint64_t mix(uint64_t x) {  // SplitMix64's finaliser
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    }
    uint64_t* find(uint64_t position) {
        if (position == kEmpty) {
            return m_lastTaken ? &m_last : nullptr;
        }
        for (size_t i = mix(position) & m_mask;; i = (i + 1) & m_mask) {
            if (m_slots[i].position == position) {
                return &m_slots[i].next;
            }
            if (m_slots[i].position == kEmpty) {
                return nullptr;
            }
        }
    }
    uint64_t& next(uint64_t position) {
        if (position == kEmpty) {
            m_lastTaken = true;
            return m_last;
        }
        if ((m_count + 1) * 3 > m_slots.size() * 2) {
            reserve(m_slots.size());  // doubles it
        }
        size_t i = mix(position) & m_mask;
        for (; m_slots[i].position != kEmpty && m_slots[i].position != position;
             i = (i + 1) & m_mask) {
        }
        if (m_slots[i].position == kEmpty) {
            m_slots[i].position = position;
            ++m_count;
        }
        return m_slots[i].next;
    }

    uint64_t m_space;
    std::vector<Slot> m_slots;
    size_t m_mask = 0;
    size_t m_count = 0;  // positions held in m_slots
    bool m_lastTaken = false;
    uint64_t m_last = 0;
};

constexpr std::string_view kNodePlaceholder = "{node}";

// Walks a token name pattern left to right: literal characters, "{node}" and "{i}".
template <typename Literal, typename NodeRef, typename IndexRef>
void walkPattern(std::string_view pattern, Literal literal, NodeRef nodeRef, IndexRef indexRef) {
    for (size_t at = 0; at < pattern.size();) {
        if (pattern.compare(at, kNodePlaceholder.size(), kNodePlaceholder) == 0) {
            nodeRef();
            at += kNodePlaceholder.size();
        } else if (pattern.compare(at, kIndexPlaceholder.size(), kIndexPlaceholder) == 0) {
            indexRef();
            at += kIndexPlaceholder.size();
        } else {
            literal(pattern[at++]);
        }
    }
}

// A node's token names: `fixedBytes` in every name, plus `indexes` copies of the index.
struct PatternShape {
    uint64_t fixedBytes = 0;
    uint64_t indexes = 0;
};
PatternShape patternShape(std::string_view pattern, std::string_view node) {
    PatternShape shape;
    walkPattern(
        pattern, [&](char) { ++shape.fixedBytes; },
        [&] { shape.fixedBytes = saturatingAdd(shape.fixedBytes, node.size()); },
        [&] { ++shape.indexes; });
    return shape;
}

// The sum of the decimal lengths of 0, 1, ..., count - 1. O(20).
uint64_t indexDigits(uint64_t count) {
    uint64_t sum = 0;
    uint64_t low = 0;  // the first number with `digits` digits (0 counts as one digit)
    for (uint64_t digits = 1, high = 10; low < count; ++digits) {
        const uint64_t last = std::min(count, high);
        sum = saturatingAdd(sum, saturatingMul(last - low, digits));
        low = high;
        high = high > UINT64_MAX / 10 ? UINT64_MAX : high * 10;
    }
    return sum;
}

}  // namespace

double vnodeTokenCount(int64_t vnodes, double weight) {
    return std::max(1.0, std::round(static_cast<double>(vnodes) * weight));
}

std::string tokenName(std::string_view pattern, std::string_view node, uint64_t i) {
    std::string out;
    walkPattern(
        pattern, [&](char c) { out.push_back(c); }, [&] { out.append(node); },
        [&] { out.append(std::to_string(i)); });
    return out;
}

RingCost ringCost(const Scenario& s) {
    RingCost cost;
    uint64_t most = 0;
    const auto add = [&](size_t n, uint64_t tokens) {
        cost.tokens = saturatingAdd(cost.tokens, tokens);
        if (tokens > most) {
            most = tokens;
            cost.largestNode = n;
        }
    };
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        add(n, s.nodes[n].tokens.size());
    }
    const double total = totalWeight(s);
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const NodeSpec& node = s.nodes[n];
        switch (s.tokenScheme) {
            case TokenScheme::Named:
                if (node.vnodes) {
                    const uint64_t count = vnodeCount(node);
                    const auto shape = patternShape(s.tokenName, node.id);
                    add(n, count);
                    cost.nameBytes = saturatingAdd(
                        cost.nameBytes,
                        saturatingAdd(saturatingMul(count, shape.fixedBytes),
                                      saturatingMul(shape.indexes, indexDigits(count))));
                }
                break;
            case TokenScheme::Ketama:
                if (node.tokens.empty()) {  // "{node}-{i}" per digest, four tokens each
                    const uint64_t digests = ketamaDigests(s, n, total);
                    add(n, saturatingMul(digests, kKetamaPointsPerDigest));
                    cost.nameBytes = saturatingAdd(
                        cost.nameBytes, saturatingAdd(saturatingMul(digests, node.id.size() + 1),
                                                      indexDigits(digests)));
                }
                break;
            case TokenScheme::Envoy:
                if (node.tokens.empty()) {  // "{id}_{i}" per hash
                    const uint64_t hashes = envoyHashes(s, n);
                    add(n, hashes);
                    cost.nameBytes = saturatingAdd(
                        cost.nameBytes, saturatingAdd(saturatingMul(hashes, node.id.size() + 1),
                                                      indexDigits(hashes)));
                }
                break;
        }
    }
    return cost;
}

std::vector<RingToken> namedTokens(const Scenario& s) {
    if (s.tokenHash == HashKind::Identity) {
        throw InputError("tokens.hash",
                         "\"identity\" cannot hash token names; use fnv1a32, md5, ...");
    }
    std::vector<RingToken> tokens = explicitTokens(s);
    uint64_t total = tokens.size();
    for (const NodeSpec& node : s.nodes) {
        total = saturatingAdd(total, node.vnodes ? vnodeCount(node) : 0);
    }
    // +1 probing never ends when the space has fewer free positions than tokens.
    if (!isFullSpace(s.space) && total > s.space) {
        throw InputError("nodes", std::to_string(total) + " tokens do not fit in a space of " +
                                      spaceName(s.space));
    }
    FreePositions free(s.space);
    free.reserve(total);
    for (const RingToken& t : tokens) {
        free.take(t.position);
    }
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const NodeSpec& node = s.nodes[n];
        if (!node.vnodes) {
            continue;
        }
        const uint64_t count = vnodeCount(node);
        for (uint64_t i = 0; i < count; ++i) {
            const uint64_t hashed =
                reduceToSpace(*hashKey(s.tokenHash, tokenName(s.tokenName, node.id, i)), s.space);
            const uint64_t position = free.firstFreeFrom(hashed);  // +1 probing, as seed 003
            free.take(position);
            tokens.push_back({position, static_cast<uint32_t>(n), static_cast<uint32_t>(i)});
        }
    }
    return tokens;
}

std::vector<RingToken> ketamaTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    const double total = totalWeight(s);
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const NodeSpec& node = s.nodes[n];
        if (!node.tokens.empty()) {
            continue;
        }
        const uint64_t digests = ketamaDigests(s, n, total);
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
