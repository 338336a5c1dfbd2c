#pragma once
// The live ring and a token drag on it: begin records the token, each move updates the ring and
// reclassifies only the keys whose owners it recomputed, end hands back the node's new positions
// for one undoable edit. Plain C++ (the document wraps it in signals and undo).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "computed.h"
#include "ringscope/assign.h"
#include "ringscope/keychange.h"

namespace ringscope {

// The clockwise walk from a key to its R distinct physical nodes.
struct ReplicaWalk {
    size_t key = 0;
    uint64_t position = 0;
    std::vector<size_t> visited;  // ring token indices, in walk order
    std::vector<bool> chosen;     // per visited token: picked (else skipped)
};

// The walk of `key` (at `position`) on `ring`, past the `down` nodes; empty for an empty ring.
// O(T) worst case.
ReplicaWalk replicaWalk(const Ring& ring, size_t key, uint64_t position, size_t replicas,
                        std::span<const uint32_t> zoneOf, std::span<const uint8_t> down = {});

// Primaries per node right now: the live ring's counts for a ring, else the committed
// assignment's. O(N) for a ring, O(K) otherwise.
std::vector<uint64_t> primaryCounts(const Computed& current, const LiveRing& live);

class TokenDragSession {
public:
    // Past this many keys, a move that reorders tokens reclassifies replica sets only for the
    // keys whose primary it recomputed; the release recomputes everything.
    static constexpr size_t kLiveReplicaKeys = 250'000;

    // Starts over from `current`'s ring (empty for algorithms without one). O(K + T); when the
    // live ring is `previous`'s, edited into `current`'s, only the keys of the arcs that changed
    // hands are looked at.
    void reset(const Computed& current, const Computed* previous = nullptr);

    const LiveRing& live() const { return m_live; }
    bool isDragging() const { return m_drag.has_value(); }
    std::optional<size_t> token() const;
    // Key ranges (position order) whose primary the last move recomputed.
    std::span<const KeyRange> lastRanges() const { return m_lastRanges; }

    bool begin(size_t token);
    // Moves the dragged token; a position that holds a token, or lies outside the space, is
    // skipped. Reclassifies in `changes` the keys whose owners may have changed. Returns true if
    // the ring changed.
    bool moveTo(uint64_t position, const Placement& placement, ChangeTracker& changes);

    struct Release {
        uint32_t node = 0;
        uint64_t position = 0;            // where the dragged token ended
        std::vector<uint64_t> positions;  // the node's positions in origin order
    };
    // Ends the drag; nullopt when the token is back where it started.
    std::optional<Release> end();
    // Moves the token back and ends the drag.
    void cancel(const Placement& placement, ChangeTracker& changes);

private:
    struct Drag {
        size_t token;  // current index in the live ring
        uint64_t start;
    };
    void reclassify(bool crossed, const Placement& placement, ChangeTracker& changes) const;

    LiveRing m_live;
    std::optional<Drag> m_drag;
    std::vector<KeyRange> m_lastRanges;
};

}  // namespace ringscope
