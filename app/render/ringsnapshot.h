#pragma once
// What the ring picture is drawn from: one moment of a scenario, its live ring, what moved
// against the baseline, and the selection. A view over state its maker owns (the document, or
// `ringscope-cli render`): build the scene from it at once, do not keep it.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "baseline.h"
#include "computed.h"
#include "tokendrag.h"

namespace ringscope {

struct RingSnapshot {
    const Scenario* scenario = nullptr;
    const Placement* placement = nullptr;
    const HashedKeys* hashed = nullptr;
    const LiveRing* live = nullptr;          // the ring right now, keys in position order
    const ChangeTracker* changes = nullptr;  // every key's KeyChange against the baseline
    const Computed* baseline = nullptr;      // what "moved" compares with (where keys came from)
    MoveSummary moved;
    std::vector<uint64_t> keysPerNode;  // primaries per node right now
    std::optional<size_t> selectedKey;
    std::optional<size_t> selectedNode;  // its arcs are outlined, its legend row bold
    const ReplicaWalk* walk = nullptr;   // the selected key's walk (may be empty)
    std::optional<size_t> dragged;       // the token being dragged
    std::span<const KeyRange> lastRanges;
    // A question waits for its guess: the legend names the nodes without their key counts
    // (which would tell how many keys a leaving node takes along).
    bool withholdCounts = false;
    // A second client over the same keys (clients.h): its ring is drawn inside this one, with
    // the keys on whose primary the two disagree (key indices) marked on both.
    const Computed* clientB = nullptr;
    std::span<const size_t> disagreeing;

    // A ring drawn with its arcs (a ring with bounded loads is drawn as its keys' owners).
    bool isRing() const { return placement->drawsRingArcs(); }
    size_t keyCount() const { return hashed->size(); }
};

// The snapshot of a computed scenario with its live ring and baseline (no selection, no drag).
RingSnapshot ringSnapshot(const Computed& current, const TokenDragSession& drag,
                          const BaselineTracker& baseline);

}  // namespace ringscope
