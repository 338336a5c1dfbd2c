#include "reshard.h"

#include <algorithm>

#include "redisclusterplacement.h"
#include "ringscope/error.h"

namespace ringscope {

namespace {

// The owner of every slot, checked: each slot exactly once.
std::vector<uint32_t> slotOwners(const Scenario& s) {
    std::vector<std::string> ids;
    for (const NodeSpec& node : s.nodes) {
        ids.push_back(node.id);
    }
    const RedisSlotMap map(ids, redisSlotRanges(s));
    return {map.owners().begin(), map.owners().end()};
}

void writeSlots(Scenario& s, const std::vector<uint32_t>& owners) {
    const auto ranges = slotRangesByNode(owners, s.nodes.size());
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        s.nodes[n].params.edit<RedisSlots>().ranges = ranges[n];
    }
}

uint32_t before(uint32_t slot) {
    return slot == 0 ? kRedisSlots - 1 : slot - 1;
}

// Slots from `from` up to, not including, `to`, going round past 16383.
uint32_t distance(uint32_t from, uint32_t to) {
    return (to + kRedisSlots - from) % kRedisSlots;
}

}  // namespace

std::vector<uint32_t> slotBoundaries(const Scenario& scenario) {
    const std::vector<uint32_t> owners = slotOwners(scenario);
    std::vector<uint32_t> out;
    for (uint32_t s = 0; s < kRedisSlots; ++s) {
        if (owners[before(s)] != owners[s]) {
            out.push_back(s);
        }
    }
    return out;
}

void moveSlots(Scenario& scenario, SlotRange range, size_t to) {
    if (range.first > range.last || range.last >= kRedisSlots) {
        throw InputError("slots", "slot range " + std::to_string(range.first) + "-" +
                                      std::to_string(range.last) +
                                      " must run upwards within 0-16383");
    }
    if (to >= scenario.nodes.size()) {
        throw InputError("slots", "there is no node " + std::to_string(to) + " to move slots to");
    }
    std::vector<uint32_t> owners = slotOwners(scenario);
    std::fill(owners.begin() + range.first, owners.begin() + range.last + 1,
              static_cast<uint32_t>(to));
    writeSlots(scenario, owners);
}

SlotBoundaryMove slotBoundaryMove(std::span<const uint32_t> owners,
                                  std::span<const uint32_t> boundaries, uint32_t boundary,
                                  uint32_t to) {
    const auto at = std::find(boundaries.begin(), boundaries.end(), boundary);
    if (at == boundaries.end()) {
        throw InputError("slots", "no range of one node ends where another's begins at slot " +
                                      std::to_string(boundary));
    }
    if (to >= kRedisSlots) {
        throw InputError("slots", "slot " + std::to_string(to) + " is outside 0-16383");
    }
    const uint32_t previous = at == boundaries.begin() ? boundaries.back() : *(at - 1);
    const uint32_t next = at + 1 == boundaries.end() ? boundaries.front() : *(at + 1);
    // `to` must stay strictly inside (previous, next), going round past 16383.
    const uint32_t span = distance(previous, next) == 0 ? kRedisSlots : distance(previous, next);
    if (to != boundary && (distance(previous, to) == 0 || distance(previous, to) >= span)) {
        throw InputError("slots", "the boundary at slot " + std::to_string(boundary) +
                                      " can move between slots " + std::to_string(previous) +
                                      " and " + std::to_string(next) +
                                      " (its neighbours), not to " + std::to_string(to));
    }
    const bool back = distance(previous, to) < distance(previous, boundary);
    SlotBoundaryMove move;
    move.first = back ? to : boundary;
    move.count = back ? distance(to, boundary) : distance(boundary, to);
    move.from = back ? owners[before(boundary)] : owners[boundary];
    move.to = back ? owners[boundary] : owners[before(boundary)];
    return move;
}

void moveSlotBoundary(Scenario& scenario, uint32_t boundary, uint32_t to) {
    std::vector<uint32_t> owners = slotOwners(scenario);
    const SlotBoundaryMove move = slotBoundaryMove(owners, slotBoundaries(scenario), boundary, to);
    for (uint32_t i = 0; i < move.count; ++i) {
        owners[(move.first + i) % kRedisSlots] = move.to;
    }
    writeSlots(scenario, owners);
}

}  // namespace ringscope
