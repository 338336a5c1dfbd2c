#include "tokendrag.h"

#include "algorithms/ring/ringplacement.h"

#include <algorithm>
#include <utility>

namespace ringscope {

ReplicaWalk replicaWalk(const Ring& ring, size_t key, uint64_t position, size_t replicas,
                        std::span<const uint32_t> zoneOf, std::span<const uint8_t> down) {
    ReplicaWalk walk;
    if (ring.empty()) {
        return walk;
    }
    walk.key = key;
    walk.position = position;
    ring.walk(ring.successor(position), replicas, zoneOf, walk.visited, walk.chosen, down);
    return walk;
}

std::vector<uint64_t> primaryCounts(const Computed& current, const LiveRing& live) {
    std::vector<uint64_t> counts(current.placement.nodes().size(), 0);
    if (current.placement.ownsByPosition()) {
        const auto counted = live.keysPerNode();  // kept current by every live edit
        std::copy_n(counted.begin(), std::min(counted.size(), counts.size()), counts.begin());
    } else {
        std::copy_n(current.keysPerNode.begin(),
                    std::min(current.keysPerNode.size(), counts.size()), counts.begin());
    }
    return counts;
}

namespace {
bool sameTokens(const Ring& a, const Ring& b) {
    return std::ranges::equal(a.positions(), b.positions()) &&
           std::ranges::equal(a.nodes(), b.nodes());
}
}  // namespace

void TokenDragSession::reset(const Computed& current, const Computed* previous) {
    m_drag.reset();
    m_lastRanges.clear();
    if (current.placement.ownsByPosition() && m_live.hashedKeys() == current.hashed.get() &&
        m_live.keepsOwners()) {
        // The ring the live ring already shows (a drag just committed): every key keeps its owner.
        if (sameTokens(m_live.ring(), current.placement.ring())) {
            m_live.follow(current.placement.ring(), {}, {}, {}, 1);
            return;
        }
        // An edit of the ring the live ring shows now, over the same keys: only the arcs that
        // changed hands are carried over (ringChange), as the computation's owners were.
        if (previous && previous->placement.ownsByPosition() &&
            previous->hashed == current.hashed &&
            sameTokens(m_live.ring(), previous->placement.ring())) {
            if (const std::optional<RingChange> change =
                    ringChange(previous->placement, current.placement, *current.hashed)) {
                m_live.follow(current.placement.ring(), change->renumber, change->ranges,
                              change->rows, change->replicas);
                return;
            }
        }
    }
    // A ring with down nodes, or under the nearer-token rule, is drawn from its tokens too (keys
    // in position order), though its owners come from the assignment and its tokens do not drag.
    if (current.placement.ownsByPosition()) {
        m_live = LiveRing(current.placement.ring(), current.hashed);
    } else if (current.placement.drawsRingArcs()) {
        m_live = LiveRing::drawnOnly(current.placement.ring(), current.hashed);
    } else {
        m_live = LiveRing();
    }
}

std::optional<size_t> TokenDragSession::token() const {
    return m_drag ? std::optional<size_t>(m_drag->token) : std::nullopt;
}

bool TokenDragSession::begin(size_t token) {
    if (m_drag || token >= m_live.ring().size()) {
        return false;
    }
    m_drag = Drag{token, m_live.ring().position(token)};
    m_lastRanges.clear();
    return true;
}

bool TokenDragSession::moveTo(uint64_t position, const Placement& placement,
                              ChangeTracker& changes) {
    if (!m_drag) {
        return false;
    }
    const Ring& ring = m_live.ring();
    const size_t token = m_drag->token;
    if (ring.position(token) == position || !inSpace(position, ring.space())) {
        return false;
    }
    // A position holds one token: the drag waits until it is past an occupied one.
    const size_t at = ring.lowerBound(position);
    if (at < ring.size() && ring.position(at) == position) {
        return false;
    }
    size_t now = token;
    m_lastRanges = m_live.moveToken(token, position, &now);
    m_drag->token = now;
    reclassify(now != token, placement, changes);
    return true;
}

void TokenDragSession::reclassify(bool crossed, const Placement& placement,
                                  ChangeTracker& changes) const {
    // A token's replica set depends only on the order of the tokens. A move between neighbours
    // changes the owning token of the swept keys only; a move past a neighbour reorders tokens,
    // so every key is checked (up to kLiveReplicaKeys).
    const size_t r = placement.replicas();
    const Ring& ring = m_live.ring();
    const auto zones = placement.zoneOf();
    const SortedPositions& positions = m_live.sortedPositions();
    const auto order = m_live.sortedKeys();
    const NodeIndices& primaries = m_live.sortedOwners();
    const bool everyKey = r > 1 && crossed && positions.size() <= kLiveReplicaKeys;
    std::vector<uint32_t> table(everyKey ? ring.size() * r : r);
    for (size_t t = 0; everyKey && t < ring.size(); ++t) {
        ring.replicasFrom(t, {table.data() + t * r, r}, zones);
    }
    const auto update = [&](size_t rank) {
        if (r == 1) {
            const uint32_t primary = primaries[rank];
            changes.update(order[rank], {&primary, 1});
            return;
        }
        const size_t t = ring.successor(positions[rank]);
        std::span<uint32_t> owners(table.data(), r);
        if (everyKey) {
            owners = {table.data() + t * r, r};
        } else {
            ring.replicasFrom(t, owners, zones);
        }
        changes.update(order[rank], owners);
    };
    if (everyKey) {
        for (size_t rank = 0; rank < positions.size(); ++rank) {
            update(rank);
        }
        return;
    }
    for (const KeyRange& range : m_lastRanges) {
        for (size_t rank = range.first; rank < range.last; ++rank) {
            update(rank);
        }
    }
}

std::optional<TokenDragSession::Release> TokenDragSession::end() {
    if (!m_drag) {
        return std::nullopt;
    }
    const Drag drag = *std::exchange(m_drag, std::nullopt);
    const Ring& ring = m_live.ring();
    const uint64_t position = ring.position(drag.token);
    if (position == drag.start) {
        return std::nullopt;
    }
    Release release;
    release.node = ring.node(drag.token);
    release.position = position;
    release.positions = ring.positionsOf(release.node);
    return release;
}

void TokenDragSession::cancel(const Placement& placement, ChangeTracker& changes) {
    if (!m_drag) {
        return;
    }
    moveTo(m_drag->start, placement, changes);
    m_drag.reset();
}

}  // namespace ringscope
