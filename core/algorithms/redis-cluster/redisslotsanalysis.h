#pragma once
// Redis Cluster's slot map for the scenario: each master's slots, keys and bytes per slot range,
// what the last change moved, and what dragging a slot boundary would move (redis-cli reshard).

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "computed.h"
#include "redisclusterplacement.h"

namespace ringscope {

// Slots whose master changed between two slot maps, as ranges, with the masters' ids.
struct SlotMove {
    SlotRange range;
    QString from;
    QString to;
};

struct RedisSlotsExplanation {
    bool isRedis = false;
    QString algorithm;  // the scenario's, as the comparison labels it
    QStringList ids;
    std::vector<NodeSpec> nodes;       // the scenario's, for what draws them (their colours)
    std::vector<uint32_t> owners;      // per slot
    std::vector<uint32_t> boundaries;  // reshard.h slotBoundaries
    bool defaultSplit = false;         // redis-cli's split, not the nodes' own ranges
    // Keys and bytes in slots below s: keysBelow[s] (16,385 entries), for range sums.
    std::vector<uint64_t> keysBelow;
    std::vector<uint64_t> bytesBelow;
    std::vector<uint64_t> nodeKeys;  // per node
    std::vector<uint64_t> nodeBytes;
    // Against the baseline (the document's "before the last change").
    std::vector<SlotMove> moves;
    size_t keys = 0;
    size_t keysMoved = 0;  // the core's diff, primaries
    uint64_t bytesMoved = 0;
    uint64_t totalBytes = 0;
    double bytesMovedFraction = 0;  // right when the totals stopped at 2^64 - 1
    bool hasSizes = false;
    QString error;

    // Keys and bytes in the slots first … last, wrapping past 16383.
    uint64_t keysIn(uint32_t first, uint32_t last) const;
    uint64_t bytesIn(uint32_t first, uint32_t last) const;
};

// The slot map of the current scenario, its keys per slot, and what the change from `baseline`
// moved (slots by owner, keys and bytes by the core's diff). Pure; O(16384 + K).
RedisSlotsExplanation explainRedisSlots(const ComputedPtr& current, const Scenario& baseline);

// A boundary dragged to a slot: the slots that change master and the master that takes them.
struct ReshardPreview {
    uint32_t boundary = 0;
    uint32_t to = 0;
    SlotRange moved;
    uint32_t from = 0;  // node
    uint32_t gainer = 0;
    uint64_t keys = 0;
    uint64_t bytes = 0;
};
// What moving `boundary` to `to` would do (to must lie strictly between its neighbours; else
// nullopt, as for to == boundary). O(1) given the sums.
std::optional<ReshardPreview> previewReshard(const RedisSlotsExplanation& e, uint32_t boundary,
                                             uint32_t to);

}  // namespace ringscope
