#pragma once
// Assigning a whole key set, and keeping an assignment up to date under small edits.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ringscope/keyset.h"
#include "ringscope/nodeindices.h"
#include "ringscope/placement.h"

namespace ringscope {

// Assigns every key: by the placement state's assignAll when it has one (ring: one merge sweep,
// O(K + T)), else key by key split over the hardware threads (HRW O(K·N) digests; jump
// O(K log N); mod-N O(K)).
Assignment assign(const Placement& placement, const KeyNames& names, const HashedKeys& keys);

// The same, one lookup per key; the reference the sweep is tested against.
Assignment assignPerKey(const Placement& placement, const KeyNames& names, const HashedKeys& keys);

// Hashes and routes a batch of keys, split over the hardware threads: owners is batch.size() x R,
// primary first. For streaming key sets of any size through a placement that routesKeysAlone().
// Throws InputError for the first key the hash rejects, naming its line in `source` (or its
// index when the batch has no lines).
void routeBatch(const Placement& placement, const KeyBatch& batch, const KeySource& source,
                std::span<uint32_t> owners);

// A ring plus a key set, with each key's primary owner kept current under single-token and
// single-node edits at O(log K + keys affected) over keys (the flat token array itself is shifted
// by insert/erase, O(T) memmove). Each edit returns the key ranges it recomputed, so whoever
// classifies keys against a baseline (ChangeTracker) reclassifies only those. The keys' positions
// are shared with the HashedKeys they came from; per key the live ring adds only its owner, one
// byte a key below 255 nodes.
class LiveRing {
public:
    LiveRing() = default;
    // Full sweep, O(K + T), over the keys in position order.
    LiveRing(Ring ring, std::shared_ptr<const HashedKeys> keys);
    // The same over a copy of `keys`.
    LiveRing(Ring ring, const HashedKeys& keys);
    // The ring and its keys in position order without their owners, O(1) over keys: for a ring
    // drawn from its tokens whose owners come from the assignment (the nearer-token rule, down
    // nodes), which is neither dragged nor edited. sortedOwners() and keysPerNode() are empty.
    static LiveRing drawnOnly(Ring ring, std::shared_ptr<const HashedKeys> keys);
    // False for a drawnOnly ring (over some keys): it keeps no owners to follow an edit from.
    bool keepsOwners() const { return m_owner.size() == keyCount(); }

    const Ring& ring() const { return m_ring; }
    size_t keyCount() const { return m_keys ? m_keys->size() : 0; }
    // Keys in position order: their positions, key indices and current owners.
    const SortedPositions& sortedPositions() const {
        static const SortedPositions none;
        return m_keys ? m_keys->sortedPositions : none;
    }
    std::span<const uint32_t> sortedKeys() const {
        return m_keys ? std::span<const uint32_t>(m_keys->byPosition) : std::span<const uint32_t>();
    }
    // At the narrowest width the ring's nodes allow (nodeindices.h).
    const NodeIndices& sortedOwners() const { return m_owner; }
    // Index in position order of key k. O(log K).
    size_t rankOf(size_t key) const { return m_keys->rankOf(key); }
    // Key k's position. O(1).
    uint64_t positionOf(size_t key) const { return m_keys->positionOf(key); }
    uint32_t ownerOf(size_t key) const { return m_owner[rankOf(key)]; }

    // Keys per node index right now, kept current by every edit (O(1) per recomputed key).
    // Nodes past the end of the span have no keys.
    std::span<const uint64_t> keysPerNode() const { return m_count; }

    // Edits; each returns the ranges of keys (in position order) whose owner was recomputed.
    // moveToken accepts any position; `newIndex`, if given, receives the token's index after
    // the move (it changes when the token passes a neighbour).
    std::vector<KeyRange> moveToken(size_t token, uint64_t position, size_t* newIndex = nullptr);
    std::vector<KeyRange> insertToken(RingToken token);
    std::vector<KeyRange> eraseToken(size_t token);
    std::vector<KeyRange> addNode(uint32_t node, std::span<const uint64_t> positions);
    std::vector<KeyRange> removeNode(uint32_t node);

    // Carries the ring to `ring` after an edit of its tokens that a walk over both rings
    // described (ringChange, algorithms/ring): the keys of `ranges[c]` (position order) take
    // the first node of row c of `rows` (`replicas` nodes a row), the others keep theirs,
    // renumbered by `renumber` (node before -> node after, ~0 for a node that left; empty: none
    // renumbered). O(keys in the ranges), plus O(K) when nodes are renumbered, instead of a sweep
    // over every key.
    void follow(Ring ring, std::span<const uint32_t> renumber, std::span<const KeyRange> ranges,
                std::span<const uint32_t> rows, size_t replicas);
    // The keys it holds (shared with the computation they came from).
    const HashedKeys* hashedKeys() const { return m_keys.get(); }

    // Recomputes all owners from scratch (for tests and after wholesale changes).
    void recomputeAll();

private:
    // Recomputes owners of keys with position in the circular interval (from, to].
    void refresh(uint64_t from, uint64_t to, std::vector<KeyRange>& out);
    void refreshLinear(size_t first, size_t last, std::vector<KeyRange>& out);
    void refreshArcOf(size_t token, std::vector<KeyRange>& out);
    void count(uint32_t node, int64_t delta);
    // The largest node index of the ring's tokens (0 for an empty ring): the owners' width.
    uint32_t largestRingNode() const;

    Ring m_ring;
    std::shared_ptr<const HashedKeys> m_keys;
    NodeIndices m_owner;
    std::vector<uint64_t> m_count;
};

}  // namespace ringscope
