#include "redisslotsanalysis.h"

#include "comparedalgorithm.h"
#include "placed.h"
#include "qstrings.h"
#include "reshard.h"
#include "ringscope/diff.h"

namespace ringscope {

uint64_t RedisSlotsExplanation::keysIn(uint32_t first, uint32_t last) const {
    if (keysBelow.empty()) {
        return 0;
    }
    return first <= last ? keysBelow[last + 1] - keysBelow[first]
                         : keysBelow[kRedisSlots] - keysBelow[first] + keysBelow[last + 1];
}

uint64_t RedisSlotsExplanation::bytesIn(uint32_t first, uint32_t last) const {
    if (bytesBelow.empty()) {
        return 0;
    }
    return first <= last ? bytesBelow[last + 1] - bytesBelow[first]
                         : bytesBelow[kRedisSlots] - bytesBelow[first] + bytesBelow[last + 1];
}

RedisSlotsExplanation explainRedisSlots(const ComputedPtr& current, const Scenario& baseline) {
    RedisSlotsExplanation e;
    const Scenario& s = current->scenario;
    const auto* redis = current->placement.stateAs<RedisClusterPlacement>();
    e.isRedis = redis != nullptr;
    e.algorithm = algorithmLabel(s.algorithm);
    for (const NodeSpec& n : s.nodes) {
        e.ids << qs(n.id);
    }
    e.nodes = s.nodes;
    if (!redis) {
        return e;
    }
    try {
        const auto owners = redis->slotMap().owners();
        e.owners.assign(owners.begin(), owners.end());
        e.boundaries = slotBoundaries(s);
        e.defaultSplit = redis->defaultSplit();
        const KeySet& keys = *current->keys;
        const HashedKeys& hashed = *current->hashed;
        e.hasSizes = keys.hasSizes;
        std::vector<uint64_t> keysAt(kRedisSlots, 0), bytesAt(kRedisSlots, 0);
        e.nodeKeys.assign(s.nodes.size(), 0);
        e.nodeBytes.assign(s.nodes.size(), 0);
        for (size_t k = 0; k < hashed.size(); ++k) {
            const auto slot = uint32_t(hashed.positionOf(k));  // the key's redis-slot
            ++keysAt[slot];
            bytesAt[slot] += keys.sizeOf(k);
            ++e.nodeKeys[e.owners[slot]];
            e.nodeBytes[e.owners[slot]] += keys.sizeOf(k);
        }
        e.keysBelow.assign(kRedisSlots + 1, 0);
        e.bytesBelow.assign(kRedisSlots + 1, 0);
        for (uint32_t slot = 0; slot < kRedisSlots; ++slot) {
            e.keysBelow[slot + 1] = e.keysBelow[slot] + keysAt[slot];
            e.bytesBelow[slot + 1] = e.bytesBelow[slot] + bytesAt[slot];
        }
        e.keys = keys.size();
        if (baseline.algorithm != s.algorithm || !sameKeyPositions(baseline, s) || baseline == s) {
            return e;
        }
        // What moved since the baseline: slots by owner id, keys and bytes by the core's diff.
        const Placed before = placeKeys(baseline, keys, hashed);
        const auto* old = before.placement.stateAs<RedisClusterPlacement>();
        for (uint32_t slot = 0; slot < kRedisSlots;) {
            const std::string& from = before.placement.nodeIds()[old->slotMap().owner(slot)];
            const std::string& to = s.nodes[e.owners[slot]].id;
            uint32_t last = slot;
            while (last + 1 < kRedisSlots &&
                   before.placement.nodeIds()[old->slotMap().owner(last + 1)] == from &&
                   e.owners[last + 1] == e.owners[slot]) {
                ++last;
            }
            if (from != to) {
                e.moves.push_back({{slot, last}, qs(from), qs(to)});
            }
            slot = last + 1;
        }
        const DiffResult d = diff(before.placement, before.assignment, current->placement,
                                  current->assignment, keys);
        e.keysMoved = d.primaryMoved;
        e.bytesMoved = d.bytesMoved;
        e.totalBytes = d.totalBytes;
        e.bytesMovedFraction = d.bytesMovedFraction();
    } catch (const std::exception& error) {
        e.error = QString::fromUtf8(error.what());
    }
    return e;
}

std::optional<ReshardPreview> previewReshard(const RedisSlotsExplanation& e, uint32_t boundary,
                                             uint32_t to) {
    if (e.owners.empty()) {
        return std::nullopt;
    }
    try {
        const SlotBoundaryMove move = slotBoundaryMove(e.owners, e.boundaries, boundary, to);
        if (move.count == 0) {
            return std::nullopt;
        }
        ReshardPreview p;
        p.boundary = boundary;
        p.to = to;
        p.moved = {move.first, (move.first + move.count - 1) % kRedisSlots};
        p.from = move.from;
        p.gainer = move.to;
        p.keys = e.keysIn(p.moved.first, p.moved.last);
        p.bytes = e.bytesIn(p.moved.first, p.moved.last);
        return p;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace ringscope
