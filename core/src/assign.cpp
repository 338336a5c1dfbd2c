#include "ringscope/assign.h"

#include "ringscope/largearray.h"
#include "ringscope/parallel.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <thread>

namespace ringscope {

namespace {

constexpr uint32_t kNoNode = kNoNodeIndex;

}  // namespace

namespace {

// Every key routed on its own, split over the hardware threads; `out` holds K x R owners.
void routeEach(const Placement& placement, const KeyNames& names, const HashedKeys& keys,
               Assignment& out) {
    const size_t r = out.replicas;
    const bool hashes = keys.hasHashes();
    parallelChunks(keys.size(), placement.routeCost(), [&](size_t first, size_t last) {
        names.forEach(first, last, [&](size_t k, std::string_view name) {
            placement.route(name, hashes ? keys.hash64[k] : 0, keys.positionOf(k),
                            {out.owners.data() + k * r, r});
        });
    });
}

Assignment sized(const Placement& placement, const HashedKeys& keys) {
    if (!placement.canPlace(keys)) {
        throw std::logic_error("the keys were hashed without the hashes this placement reads");
    }
    Assignment out;
    out.replicas = placement.replicas();
    resizeFaulted(out.owners, keys.size() * out.replicas);  // before the threads write
    return out;
}

}  // namespace

Assignment assign(const Placement& placement, const KeyNames& names, const HashedKeys& keys) {
    // A state that assigns a whole key set faster than key by key (the ring's sweep) does so.
    Assignment out = sized(placement, keys);
    if (!placement.state().assignAll(placement.nodeSet(), keys, out.owners)) {
        routeEach(placement, names, keys, out);
    }
    return out;
}

Assignment assignPerKey(const Placement& placement, const KeyNames& names, const HashedKeys& keys) {
    Assignment out = sized(placement, keys);
    routeEach(placement, names, keys, out);
    return out;
}

void routeBatch(const Placement& placement, const KeyBatch& batch, const KeySource& source,
                std::span<uint32_t> owners) {
    const size_t n = batch.size();
    const size_t r = placement.replicas();
    const KeyHashing& hashing = placement.keyHashing();
    const uint64_t space = hashing.space;
    const KeyHashModule& hash = moduleOf(hashing.hash);
    const size_t chunks = chunksFor(n, placement.routeCost() + 8);
    std::vector<size_t> rejected(chunks, n);
    forChunks(n, chunks, [&](size_t c, size_t first, size_t last) {
        for (size_t i = first; i < last; ++i) {
            const std::string_view name = batch.key(i);
            const auto value = hash.hashText(name, hashing);
            if (!value) {
                rejected[c] = std::min(rejected[c], i);
                continue;
            }
            placement.route(name, *value, reduceToSpace(*value, space), owners.subspan(i * r, r));
        }
    });
    const size_t bad = *std::min_element(rejected.begin(), rejected.end());
    if (bad < n) {
        throw rejectedKey(batch.key(bad), hashing, source,
                          batch.lines.empty() ? std::nullopt : std::optional(batch.lines[bad]),
                          static_cast<size_t>(batch.first + bad));
    }
}

// ---------------------------------------------------------------------------------------------
// LiveRing

LiveRing::LiveRing(Ring ring, std::shared_ptr<const HashedKeys> keys)
    : m_ring(std::move(ring)), m_keys(std::move(keys)) {
    m_owner = NodeIndices(m_keys ? m_keys->size() : 0, kNoNode, largestRingNode());
    recomputeAll();
}

LiveRing::LiveRing(Ring ring, const HashedKeys& keys)
    : LiveRing(std::move(ring), std::make_shared<const HashedKeys>(keys)) {}

LiveRing LiveRing::drawnOnly(Ring ring, std::shared_ptr<const HashedKeys> keys) {
    LiveRing live;
    live.m_ring = std::move(ring);
    live.m_keys = std::move(keys);
    return live;
}

void LiveRing::recomputeAll() {
    // One sweep over the tokens; each token's keys are one run of the sorted keys, found by a
    // galloping search and written with a fill: O(T log(K/T) + K), branch-light.
    const size_t n = m_owner.size();
    m_count.assign(m_count.size(), 0);
    if (m_ring.empty()) {
        m_owner.fill(0, n, kNoNode);
    } else {
        const auto positions = m_ring.positions();
        const SortedPositions& keys = sortedPositions();
        size_t r = 0;
        for (size_t t = 0; t < positions.size() && r < n; ++t) {
            const size_t end = firstRankAfter(keys, r, positions[t]);
            m_owner.fill(r, end, m_ring.node(t));
            count(m_ring.node(t), static_cast<int64_t>(end - r));
            r = end;
        }
        m_owner.fill(r, n, m_ring.node(0));
        count(m_ring.node(0), static_cast<int64_t>(n - r));
    }
}

void LiveRing::follow(Ring ring, std::span<const uint32_t> renumber,
                      std::span<const KeyRange> ranges, std::span<const uint32_t> rows,
                      size_t replicas) {
    m_ring = std::move(ring);
    m_owner.fit(largestRingNode());
    if (!renumber.empty()) {
        const auto to = [&](uint32_t n) { return n < renumber.size() ? renumber[n] : kNoNode; };
        for (const uint32_t n : renumber) {
            m_owner.fit(n);
        }
        m_owner.visitMutable([&](auto owners) {
            using T = typename decltype(owners)::value_type;
            parallelChunks(owners.size(), 1, [&](size_t first, size_t last) {
                for (size_t r = first; r < last; ++r) {
                    owners[r] = NodeIndices::narrowed<T>(to(NodeIndices::widened(owners[r])));
                }
            });
        });
        std::vector<uint64_t> counts(m_count.size(), 0);
        for (size_t n = 0; n < m_count.size(); ++n) {
            const uint32_t now = to(static_cast<uint32_t>(n));
            if (now != kNoNode) {
                counts.resize(std::max<size_t>(counts.size(), now + 1), 0);
                counts[now] += m_count[n];
            }
        }
        m_count = std::move(counts);
    }
    for (size_t c = 0; c < ranges.size(); ++c) {
        const uint32_t node = rows[c * replicas];
        for (size_t r = ranges[c].first; r < ranges[c].last; ++r) {
            count(m_owner[r], -1);
            count(node, 1);
        }
        m_owner.fill(ranges[c].first, ranges[c].last, node);
    }
}

void LiveRing::count(uint32_t node, int64_t delta) {
    if (node == kNoNode) {
        return;
    }
    if (node >= m_count.size()) {
        m_count.resize(node + 1, 0);
    }
    m_count[node] = static_cast<uint64_t>(static_cast<int64_t>(m_count[node]) + delta);
}

uint32_t LiveRing::largestRingNode() const {
    uint32_t largest = 0;
    for (size_t t = 0; t < m_ring.size(); ++t) {
        largest = std::max(largest, m_ring.node(t));
    }
    return largest;
}

void LiveRing::refreshLinear(size_t first, size_t last, std::vector<KeyRange>& out) {
    if (first >= last) {
        return;
    }
    out.push_back({first, last});
    const auto positions = m_ring.positions();
    // A merge sweep from the first key's owner: O(keys + tokens in the range).
    sortedPositions().visit([&](auto sorted) {
        m_owner.visitMutable([&](auto owners) {
            using T = typename decltype(owners)::value_type;
            size_t t = m_ring.empty() ? 0 : m_ring.lowerBound(sorted[first]);
            for (size_t r = first; r < last; ++r) {
                uint32_t owner = kNoNode;
                if (!m_ring.empty()) {
                    while (t < positions.size() && positions[t] < sorted[r]) {
                        ++t;
                    }
                    owner = m_ring.node(t == positions.size() ? 0 : t);
                }
                const uint32_t was = NodeIndices::widened(owners[r]);
                if (owner != was) {
                    count(was, -1);
                    count(owner, 1);
                }
                owners[r] = NodeIndices::narrowed<T>(owner);
            }
        });
    });
}

void LiveRing::refresh(uint64_t from, uint64_t to, std::vector<KeyRange>& out) {
    const SortedPositions& sorted = sortedPositions();
    const auto after = [&](uint64_t x) { return sorted.upperBound(0, sorted.size(), x); };
    if (from < to) {
        refreshLinear(after(from), after(to), out);
    } else {  // (from, end of space) and [0, to]; from == to is the whole ring
        refreshLinear(after(from), m_owner.size(), out);
        refreshLinear(0, from == to ? after(from) : after(to), out);
    }
}

namespace {

// The arc (p, q] that token t owns, as refresh() takes it: p == q is the whole ring (t is the
// first of tokens that all share one position, or the only token); nullopt is an empty arc (an
// earlier token at the same position owns those keys).
std::optional<std::pair<uint64_t, uint64_t>> arcOf(const Ring& ring, size_t t) {
    const size_t before = ring.predecessor(t);
    const uint64_t p = ring.position(before);
    const uint64_t q = ring.position(t);
    if (p == q && before < t) {
        return std::nullopt;
    }
    return std::pair{p, q};
}

}  // namespace

void LiveRing::refreshArcOf(size_t token, std::vector<KeyRange>& out) {
    if (const auto arc = arcOf(m_ring, token)) {
        refresh(arc->first, arc->second, out);
    }
}

std::vector<KeyRange> LiveRing::moveToken(size_t token, uint64_t position, size_t* newIndex) {
    std::vector<KeyRange> out;
    if (newIndex) {
        *newIndex = token;
    }
    const uint64_t old = m_ring.position(token);
    if (old == position) {
        return out;
    }
    if (m_ring.moveWithinNeighbours(token, position)) {
        refresh(std::min(old, position), std::max(old, position), out);
        return out;
    }
    if (m_ring.size() == 1 || !inSpace(position, m_ring.space())) {
        RingToken moved = m_ring.token(token);  // keeps its node and origin index
        moved.position = position;
        out = eraseToken(token);
        const size_t at = m_ring.insert(moved);
        refreshArcOf(at, out);
        if (newIndex) {
            *newIndex = at;
        }
        return out;
    }
    // Across other tokens: the keys of its old arc go to the token after it, those of its new
    // arc come to it.
    const auto arc = arcOf(m_ring, token);
    const size_t at = m_ring.move(token, position);
    if (arc) {
        refresh(arc->first, arc->second, out);
    }
    refreshArcOf(at, out);
    if (newIndex) {
        *newIndex = at;
    }
    return out;
}

std::vector<KeyRange> LiveRing::insertToken(RingToken token) {
    std::vector<KeyRange> out;
    m_owner.fit(token.node);
    refreshArcOf(m_ring.insert(token), out);
    return out;
}

std::vector<KeyRange> LiveRing::eraseToken(size_t token) {
    std::vector<KeyRange> out;
    if (m_ring.size() == 1) {
        m_ring.erase(token);
        refreshLinear(0, m_owner.size(), out);
        return out;
    }
    const auto arc = arcOf(m_ring, token);
    m_ring.erase(token);
    if (arc) {
        refresh(arc->first, arc->second, out);
    }
    return out;
}

std::vector<KeyRange> LiveRing::addNode(uint32_t node, std::span<const uint64_t> positions) {
    std::vector<RingToken> tokens;
    tokens.reserve(positions.size());
    for (size_t i = 0; i < positions.size(); ++i) {
        tokens.push_back({positions[i], node, static_cast<uint32_t>(i)});
    }
    std::vector<KeyRange> out;
    m_owner.fit(node);
    for (const size_t t : m_ring.insertMany(std::move(tokens))) {
        refreshArcOf(t, out);
    }
    return out;
}

std::vector<KeyRange> LiveRing::removeNode(uint32_t node) {
    // The keys that change owner are exactly those in the removed tokens' arcs of the old ring.
    std::vector<std::pair<uint64_t, uint64_t>> arcs;
    const bool single = m_ring.size() == 1;
    bool owned = false;
    for (size_t t = 0; t < m_ring.size(); ++t) {
        if (m_ring.node(t) == node) {
            owned = true;
            if (const auto arc = arcOf(m_ring, t)) {
                arcs.push_back(*arc);
            }
        }
    }
    std::vector<KeyRange> out;
    if (!owned) {
        return out;
    }
    m_ring.eraseNode(node);
    if (m_ring.empty() || single) {
        refreshLinear(0, m_owner.size(), out);
        return out;
    }
    for (const auto& [p, q] : arcs) {
        refresh(p, q, out);
    }
    return out;
}

}  // namespace ringscope
