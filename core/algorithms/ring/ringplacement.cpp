#include "ringplacement.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>

#include "ringscope/error.h"
#include "ringscope/limits.h"
#include "ringscope/parallel.h"
#include "ringscope/registry.h"

namespace ringscope {

void keepLastWrittenOfEqualPoints(std::vector<RingToken>& tokens, size_t first) {
    const auto own = tokens.begin() + static_cast<std::ptrdiff_t>(first);
    std::stable_sort(own, tokens.end(), [](const RingToken& a, const RingToken& b) {
        return a.position < b.position;
    });
    auto out = own;
    for (auto it = own; it != tokens.end(); ++it) {
        if (out != own && std::prev(out)->position == it->position) {
            *std::prev(out) = *it;
        } else {
            *out++ = *it;
        }
    }
    tokens.erase(out, tokens.end());
}

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
    // Each thread sweeps its own run of ranks, from the first token at or past the run's first
    // key (a binary search); keys of different ranks are different keys, so the writes are apart.
    const auto sweep = [&](auto sorted, auto writeRow) {
        parallelChunks(sorted.size(), 2, [&](size_t first, size_t last) {
            size_t t = first == last ? 0
                                     : size_t(std::lower_bound(positions.begin(), positions.end(),
                                                               uint64_t(sorted[first])) -
                                              positions.begin());
            for (size_t rank = first; rank < last; ++rank) {
                const uint32_t k = keys.byPosition[rank];
                const uint64_t x = sorted[rank];
                while (t < positions.size() && positions[t] < x) {
                    ++t;
                }
                writeRow(k, t == positions.size() ? 0 : t);
            }
        });
    };
    // One replica writes one owner a key: a store, where copying a row of runtime length called
    // memmove for every key (a quarter of the time of assigning 10M keys).
    keys.sortedPositions.visit([&](auto sorted) {
        if (r == 1) {
            sweep(sorted, [&](uint32_t k, size_t t) { owners[k] = table[t]; });
        } else {
            sweep(sorted, [&](uint32_t k, size_t t) {
                std::copy_n(table + t * r, r, owners.begin() + static_cast<std::ptrdiff_t>(k * r));
            });
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

// The one rule: no bounded loads carry keys on, the replica count stays, and on each side a key's
// owners are the same all over each piece of the space its tokens cut (successorPieces,
// nearerPieces): under the successor rule always, under the nearer rule with one replica (with
// more, the preference order changes between any two tokens' midpoints). The placements
// (ringChange) and the cost model (the scenarios, before anything is built) both ask it.
bool followsArcByArc(const FollowTraits& before, const FollowTraits& after) {
    const auto follows = [](const FollowTraits& t) {
        return !t.boundedLoads && (t.lookup == LookupRule::Successor || t.replicas == 1);
    };
    return follows(before) && follows(after) && before.replicas == after.replicas;
}

FollowTraits followTraits(const RingPlacement& ring) {
    return {ring.lookupRule(), ring.boundedLoadPercent().has_value(), ring.replicas()};
}

// A stretch of the space over which one ring gives every key the same owners: from past the end
// of the piece before (from 0 for the first) up to and including `end`; `row` is those owners
// (the ring's replicas). A ring's pieces are in position order and the last ends at the space's
// last position.
struct Piece {
    uint64_t end;
    const uint32_t* row;
};

// Under the successor rule a key takes the first token at or after it: a piece ends at each
// position, owned by the first of the tokens there, and past the last one keys wrap to token 0.
std::vector<Piece> successorPieces(const RingPlacement& ring, uint64_t space) {
    const auto p = ring.ringTokens().positions();
    const size_t r = ring.replicas();
    const uint32_t* table = ring.replicaTable().data();
    std::vector<Piece> pieces;
    pieces.reserve(p.size() + 1);
    for (size_t t = 0; t < p.size(); ++t) {
        if (t == 0 || p[t] != p[t - 1]) {
            pieces.push_back({p[t], table + t * r});
        }
    }
    if (p.back() != lastPosition(space)) {
        pieces.push_back({lastPosition(space), table});
    }
    return pieces;
}

// Under the nearer rule a key takes the nearer of the token before it and the token at or after
// it, the one before on a tie (Ring::nearer): between neighbouring positions a < b the keys up to
// a + (b - a) / 2 take a's last token and the others b's first, a key at a position takes the
// first token there. So a piece ends at each position and at each gap's midpoint, the gap past the
// last position running round to the first. A lone position's gap is the whole circle, where the
// position itself ties (0 both ways) and goes to the token before: a piece ends just before it
// too. Only live nodes' tokens count (a down node's points leave the tree, Ring::nearestFrom). Each
// piece's owner is what routing gives its end, kept in `owners` (one replica).
std::vector<Piece> nearerPieces(const Placement& placement, const RingPlacement& ring,
                                std::vector<uint32_t>& owners) {
    const Ring& tokens = ring.ringTokens();
    const std::span<const uint8_t> down = placement.down();
    const uint64_t space = placement.space();
    const uint64_t last = lastPosition(space);
    std::vector<uint64_t> live;  // distinct positions of live tokens
    for (size_t t = 0; t < tokens.size(); ++t) {
        const uint32_t node = tokens.node(t);
        const uint64_t x = tokens.positions()[t];
        if ((node >= down.size() || !down[node]) && (live.empty() || live.back() != x)) {
            live.push_back(x);
        }
    }
    std::vector<uint64_t> ends;
    ends.reserve(2 * live.size() + 3);
    for (size_t i = 0; i < live.size(); ++i) {
        ends.push_back(live[i]);
        if (i + 1 < live.size()) {
            ends.push_back(live[i] + (live[i + 1] - live[i]) / 2);
        }
    }
    const uint64_t first = live.front();
    const uint64_t end = live.back();
    uint64_t half = 0;  // half the gap from the last position round to the first
    if (live.size() == 1) {
        half = isFullSpace(space) ? uint64_t{1} << 63 : space / 2;
        ends.push_back(first == 0 ? last : first - 1);
    } else {  // the gap's length, modulo the space (2^64 wraps by itself)
        half = (isFullSpace(space) ? first - end : first + (space - end)) / 2;
    }
    ends.push_back(half <= last - end ? end + half : half - (last - end) - 1);
    ends.push_back(last);
    std::sort(ends.begin(), ends.end());
    ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
    owners.resize(ends.size());
    std::vector<Piece> pieces(ends.size());
    for (size_t i = 0; i < ends.size(); ++i) {
        placement.route({}, ends[i], ends[i], {&owners[i], 1});
        pieces[i] = {ends[i], &owners[i]};
    }
    return pieces;
}

// One side's pieces, as its lookup rule cuts them.
std::vector<Piece> pieces(const Placement& placement, const RingPlacement& ring,
                          std::vector<uint32_t>& owners) {
    return ring.lookupRule() == LookupRule::Successor ? successorPieces(ring, placement.space())
                                                      : nearerPieces(placement, ring, owners);
}

}  // namespace

std::optional<SpaceShares> RingPlacement::spaceShares(const Placement& placement) const {
    if (m_boundedLoad || m_ring.empty()) {
        return std::nullopt;
    }
    std::vector<uint32_t> owners;
    const std::vector<Piece> cut = pieces(placement, *this, owners);
    // A piece runs from past the end of the one before (from 0 for the first) to its own end.
    const double space = spaceSize(placement.space());
    std::vector<double> shares(placement.nodes().size(), 0.0);
    uint64_t start = 0;
    for (const Piece& piece : cut) {
        shares[piece.row[0]] += (double(piece.end - start) + 1.0) / space;
        start = piece.end + 1;  // past the last position it wraps to 0, unused
    }
    return SpaceShares{std::move(shares), QT_TRANSLATE_NOOP("Structure", "the arcs"), "arcs"};
}

// Over 80 lines: one walk over both rings' pieces in order, with the state that walk keeps.
std::optional<RingChange> ringChange(const Placement& before, const Placement& after,
                                     const HashedKeys& keys) {
    const auto* was = before.stateAs<RingPlacement>();
    const auto* now = after.stateAs<RingPlacement>();
    if (!was || !now || !followsArcByArc(followTraits(*was), followTraits(*now)) ||
        was->ringTokens().empty() || now->ringTokens().empty() ||
        before.keyHashing() != after.keyHashing() || before.space() != after.space() ||
        keys.space != after.space() || keys.sortedPositions.size() != keys.size()) {
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
    const auto rowsDiffer = [&](const uint32_t* x, const uint32_t* y) {
        for (size_t i = 0; i < r; ++i) {
            if (renumber[x[i]] != y[i]) {
                return true;
            }
        }
        return false;
    };
    // Walk both rings' pieces in order: each step ends a stretch (prev, at] that lies in one
    // piece of each ring. The stretches whose rows differ are kept, neighbours taking the same
    // row as one; their keys are found afterwards, so an edit touches no key outside them.
    struct Arc {
        uint64_t after;  // keys past this position (none: from 0)
        uint64_t last;   // up to and including this one
        bool fromStart;
        const uint32_t* row;
    };
    std::vector<Arc> arcs;
    std::vector<uint32_t> wasOwners;
    std::vector<uint32_t> nowOwners;
    const std::vector<Piece> p = pieces(before, *was, wasOwners);
    const std::vector<Piece> q = pieces(after, *now, nowOwners);
    size_t i = 0;
    size_t j = 0;
    uint64_t prev = 0;
    bool first = true;
    while (i < p.size() && j < q.size()) {  // both end at the space's last position
        const uint64_t at = std::min(p[i].end, q[j].end);
        if (rowsDiffer(p[i].row, q[j].row)) {
            if (!first && !arcs.empty() && arcs.back().last == prev &&
                std::equal(q[j].row, q[j].row + r, arcs.back().row)) {
                arcs.back().last = at;
            } else {
                arcs.push_back({prev, at, first, q[j].row});
            }
        }
        prev = at;
        first = false;
        i += p[i].end == at ? 1 : 0;
        j += q[j].end == at ? 1 : 0;
    }
    const SortedPositions& sorted = keys.sortedPositions;
    size_t from = 0;
    for (const Arc& a : arcs) {
        const size_t begin = a.fromStart ? 0 : firstRankAfter(sorted, from, a.after);
        const size_t end = firstRankAfter(sorted, begin, a.last);
        if (end > begin) {
            change.ranges.push_back({begin, end});
            change.rows.insert(change.rows.end(), a.row, a.row + r);
        }
        from = end;
    }
    change.replicas = r;
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
    const size_t r = out.replicas;
    for (size_t c = 0; c < change->ranges.size(); ++c) {
        const uint32_t* row = change->rows.data() + c * r;
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
        work.build.push_back({.limit = Limit::Tokens,
                              .amount = cost.tokens,
                              .field = "",
                              .what = "ring tokens in all",
                              .node = cost.largestNode,
                              .units = 2});
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
    // reassignRing's conditions, read off the scenarios: the merge walk over both rings' pieces
    // (one a token under the successor rule; two under the nearer rule, each routed), then a copy
    // of the owners (a sixteenth of a sweep's work per entry).
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
        const auto walk = [](const Scenario& s) {
            const bool nearer = tokenSchemeOf(s).traits().lookup == LookupRule::Nearer;
            return saturatingMul(ringCost(s).tokens, nearer ? 6 : 2);
        };
        const auto replicas = static_cast<uint64_t>(std::max<int64_t>(1, after.replicas));
        return saturatingAdd(saturatingAdd(walk(before), walk(after)),
                             saturatingMul(keys, replicas) / 16);
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
