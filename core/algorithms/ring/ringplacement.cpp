#include "algorithms/ring/ringplacement.h"

#include <algorithm>
#include <map>
#include <unordered_map>
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
    keys.sortedPositions.visit([&](auto sorted) {
        size_t t = 0;
        for (size_t rank = 0; rank < sorted.size(); ++rank) {
            const uint32_t k = keys.byPosition[rank];
            const uint64_t x = sorted[rank];
            while (t < positions.size() && positions[t] < x) {
                ++t;
            }
            const uint32_t* row = table + (t == positions.size() ? 0 : t) * r;
            std::copy(row, row + r, owners.begin() + static_cast<std::ptrdiff_t>(k * r));
        }
    });
    return true;
}

std::optional<BoundedLoadResult> RingPlacement::boundedLoads(const PlacementNodes& nodes,
                                                             const HashedKeys& keys) const {
    return ringscope::boundedLoads(nodes.weights, keys, m_boundedLoad.value_or(0),
                                   RingWalk{m_ring, keys.hash64, keys.space, m_rule});
}

std::optional<Assignment> RingPlacement::reassign(const Placement& before, const Assignment& a,
                                                  const Placement& after, const KeyNames&,
                                                  const HashedKeys& keys,
                                                  ChangedKeys* changed) const {
    RingChange change;
    std::optional<Assignment> out = reassignRing(before, a, after, keys, &change);
    if (out && changed) {
        *changed = std::move(change.ranges);
    }
    return out;
}

namespace {

// What decides whether a ring's owners can follow an edit arc by arc, on either side of it.
struct FollowTraits {
    LookupRule lookup;
    bool boundedLoads;
    uint64_t replicas;
};

// The one rule: keys take the first token at or after them on both rings, no bounded loads carry
// them on, and the replica count stays. The placements (ringChange) and the cost model (the
// scenarios, before anything is built) both ask it.
bool followsArcByArc(const FollowTraits& before, const FollowTraits& after) {
    const auto successor = [](const FollowTraits& t) {
        return t.lookup == LookupRule::Successor && !t.boundedLoads;
    };
    return successor(before) && successor(after) && before.replicas == after.replicas;
}

FollowTraits followTraits(const RingPlacement& ring) {
    return {ring.lookupRule(), ring.boundedLoadPercent().has_value(), ring.replicas()};
}

}  // namespace

std::optional<RingChange> ringChange(const Placement& before, const Placement& after,
                                     const HashedKeys& keys) {
    const auto* was = before.stateAs<RingPlacement>();
    const auto* now = after.stateAs<RingPlacement>();
    if (!was || !now || !followsArcByArc(followTraits(*was), followTraits(*now)) ||
        was->ringTokens().empty() || now->ringTokens().empty() ||
        before.keyHashing() != after.keyHashing() || keys.space != after.space() ||
        keys.sortedPositions.size() != keys.size()) {
        return std::nullopt;
    }
    RingChange change;
    // Nodes by id: a node keeps its keys across a renumbering (one removed before it).
    std::unordered_map<std::string_view, uint32_t> index;
    const auto ids = after.nodeIds();
    for (size_t n = 0; n < ids.size(); ++n) {
        index.emplace(ids[n], static_cast<uint32_t>(n));
    }
    const auto oldIds = before.nodeIds();
    std::vector<uint32_t> renumber(oldIds.size(), RingChange::kNoNode);
    bool renumbered = false;
    for (size_t n = 0; n < oldIds.size(); ++n) {
        const auto it = index.find(oldIds[n]);
        renumber[n] = it == index.end() ? RingChange::kNoNode : it->second;
        renumbered = renumbered || renumber[n] != n;
    }
    const size_t r = now->replicas();
    const auto rowsDiffer = [&](size_t a, size_t b) {
        const uint32_t* x = was->replicaTable().data() + a * r;
        const uint32_t* y = now->replicaTable().data() + b * r;
        for (size_t i = 0; i < r; ++i) {
            if (renumber[x[i]] != y[i]) {
                return true;
            }
        }
        return false;
    };
    // Walk both rings' positions in order: each step ends an arc (prev, at] over which the first
    // token at or after a key is `i` on one ring and `j` on the other (token 0 past the last).
    // The arcs whose rows differ are kept, neighbours taking the same row as one; their keys are
    // found afterwards, so an edit touches no key outside them.
    struct Arc {
        uint64_t after;  // keys past this position (none: from 0)
        uint64_t last;   // up to and including this one (none: to the end)
        bool fromStart;
        bool toEnd;
        size_t token;
    };
    std::vector<Arc> arcs;
    const auto p = was->ringTokens().positions();
    const auto q = now->ringTokens().positions();
    size_t i = 0;
    size_t j = 0;
    uint64_t prev = 0;
    bool first = true;
    const auto arc = [&](size_t a, size_t b, uint64_t at, bool toEnd) {
        if (rowsDiffer(a, b)) {
            if (!arcs.empty() && !arcs.back().toEnd && arcs.back().last == prev &&
                arcs.back().token == b && !first) {
                arcs.back().last = at;
                arcs.back().toEnd = toEnd;
            } else {
                arcs.push_back({prev, at, first, toEnd, b});
            }
        }
        prev = at;
        first = false;
    };
    while (i < p.size() || j < q.size()) {
        const uint64_t at =
            std::min(i < p.size() ? p[i] : ~uint64_t{0}, j < q.size() ? q[j] : ~uint64_t{0});
        arc(i < p.size() ? i : 0, j < q.size() ? j : 0, at, false);
        while (i < p.size() && p[i] == at) {
            ++i;
        }
        while (j < q.size() && q[j] == at) {
            ++j;
        }
    }
    arc(0, 0, prev, true);  // past the last token: token 0 on both
    const SortedPositions& sorted = keys.sortedPositions;
    size_t from = 0;
    for (const Arc& a : arcs) {
        const size_t begin = a.fromStart ? 0 : firstRankAfter(sorted, from, a.after);
        const size_t end = a.toEnd ? sorted.size() : firstRankAfter(sorted, begin, a.last);
        if (end > begin) {
            change.ranges.push_back({begin, end});
            change.tokens.push_back(a.token);
        }
        from = end;
    }
    if (renumbered) {
        change.renumber = std::move(renumber);
    }
    return change;
}

std::optional<Assignment> reassignRing(const Placement& before, const Assignment& a,
                                       const Placement& after, const HashedKeys& keys,
                                       RingChange* changed) {
    if (a.replicas != after.replicas() || a.size() != keys.size()) {
        return std::nullopt;
    }
    std::optional<RingChange> change = ringChange(before, after, keys);
    if (!change) {
        return std::nullopt;
    }
    Assignment out;
    out.replicas = a.replicas;
    const std::span<const uint32_t> renumber = change->renumber;
    if (renumber.empty()) {
        out.owners = a.owners;
    } else {
        // Renumbered while copied: one pass over the owners, not a copy and then a pass (a removed
        // node becomes kNoNode, only where its keys are rewritten below).
        out.owners = mappedCopy(std::span<const uint32_t>(a.owners),
                                [renumber](uint32_t n) { return renumber[n]; });
    }
    const auto* now = after.stateAs<RingPlacement>();
    const size_t r = out.replicas;
    for (size_t c = 0; c < change->ranges.size(); ++c) {
        const uint32_t* row = now->replicaTable().data() + change->tokens[c] * r;
        for (size_t rank = change->ranges[c].first; rank < change->ranges[c].last; ++rank) {
            std::copy(row, row + r, out.owners.begin() + ptrdiff_t(keys.byPosition[rank] * r));
        }
    }
    if (changed) {
        *changed = std::move(*change);
    }
    return out;
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
    // reassignRing's conditions, read off the scenarios: the merge walk over both rings' tokens,
    // then a copy of the owners (a sixteenth of a sweep's work per entry).
    std::optional<uint64_t> followUnits(const Scenario& before, const Scenario& after,
                                        uint64_t keys) const override {
        const auto traits = [](const Scenario& s) {
            return FollowTraits{tokenSchemeOf(s).traits().lookup, s.boundedLoadPercent.has_value(),
                                uint64_t(std::max<int64_t>(1, s.replicas))};
        };
        if (before.algorithm != Algorithm::Ring || after.algorithm != Algorithm::Ring ||
            !followsArcByArc(traits(before), traits(after))) {
            return std::nullopt;
        }
        const uint64_t tokens = saturatingAdd(ringCost(before).tokens, ringCost(after).tokens);
        const auto replicas = static_cast<uint64_t>(std::max<int64_t>(1, after.replicas));
        return saturatingAdd(saturatingMul(tokens, 2), saturatingMul(keys, replicas) / 16);
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
