#include "redis_cluster.h"

#include <cmath>

#include "ringscope/error.h"
#include "ringscope/profile_nodes.h"

namespace ringscope {

namespace {

constexpr uint32_t kUnowned = ~uint32_t{0};

std::string unownedMessage(uint32_t first, uint32_t last) {
    return first == last ? "slot " + std::to_string(first) + " is owned by no node"
                         : "slots " + std::to_string(first) + "-" + std::to_string(last) +
                               " are owned by no node";
}

}  // namespace

std::vector<SlotRange> redisCliCreateSplit(size_t masters) {
    if (masters == 0 || masters > kRedisSlots) {
        throw InputError("nodes", "a Redis cluster needs between 1 and " +
                                      std::to_string(kRedisSlots) + " masters");
    }
    // redis-cli's float arithmetic, step by step (float, not double, as in redis-cli.c).
    const float slotsPerNode = static_cast<float>(kRedisSlots) / static_cast<float>(masters);
    long first = 0;
    float cursor = 0.0f;
    std::vector<SlotRange> out;
    for (size_t i = 0; i < masters; ++i) {
        const float end = cursor + slotsPerNode - 1;
        long last = std::lround(end);
        if (last > static_cast<long>(kRedisSlots) || i == masters - 1) {
            last = kRedisSlots - 1;
        }
        if (last < first) {
            last = first;
        }
        out.push_back({static_cast<uint32_t>(first), static_cast<uint32_t>(last)});
        first = last + 1;
        cursor += slotsPerNode;
    }
    return out;
}

RedisSlotMap::RedisSlotMap(std::span<const std::string> ids,
                           std::span<const std::vector<SlotRange>> ranges)
    : m_owner(kRedisSlots, kUnowned) {
    for (size_t n = 0; n < ranges.size(); ++n) {
        for (size_t r = 0; r < ranges[n].size(); ++r) {
            const SlotRange range = ranges[n][r];
            const std::string where =
                detail::profileNodeWhere(ids, n) + ".slots[" + std::to_string(r) + "]";
            if (range.first > range.last || range.last >= kRedisSlots) {
                throw InputError(where, "slot range " + std::to_string(range.first) + "-" +
                                            std::to_string(range.last) +
                                            " must run upwards within 0-16383");
            }
            for (uint32_t s = range.first; s <= range.last; ++s) {
                if (m_owner[s] != kUnowned) {
                    const uint32_t other = m_owner[s];
                    const std::string otherName =
                        other < ids.size() ? ids[other] : std::to_string(other);
                    const std::string thisName = n < ids.size() ? ids[n] : std::to_string(n);
                    throw InputError(where, "slot " + std::to_string(s) + " is owned by both \"" +
                                                otherName + "\" and \"" + thisName + "\"");
                }
                m_owner[s] = static_cast<uint32_t>(n);
            }
        }
    }
    for (uint32_t s = 0; s < kRedisSlots; ++s) {
        if (m_owner[s] == kUnowned) {
            uint32_t last = s;
            while (last + 1 < kRedisSlots && m_owner[last + 1] == kUnowned) {
                ++last;
            }
            throw InputError("slots", unownedMessage(s, last));
        }
    }
}

std::vector<std::vector<SlotRange>> slotRangesByNode(std::span<const uint32_t> owners,
                                                     size_t nodes) {
    std::vector<std::vector<SlotRange>> out(nodes);
    for (uint32_t s = 0; s < owners.size(); ++s) {
        if (owners[s] >= nodes) {
            continue;
        }
        std::vector<SlotRange>& ranges = out[owners[s]];
        if (!ranges.empty() && ranges.back().last + 1 == s) {
            ranges.back().last = s;
        } else {
            ranges.push_back({s, s});
        }
    }
    return out;
}

std::vector<SlotRange> RedisSlotMap::rangesOf(uint32_t node) const {
    return slotRangesByNode(m_owner, size_t{node} + 1)[node];
}

uint32_t RedisSlotMap::slotCount(uint32_t node) const {
    uint32_t count = 0;
    for (const uint32_t owner : m_owner) {
        count += owner == node ? 1 : 0;
    }
    return count;
}

}  // namespace ringscope
