#include "ringscope/removedbuckets.h"

#include <algorithm>
#include <limits>
#include <string_view>
#include <unordered_map>

#include "ringscope/error.h"
#include "ringscope/registry.h"

namespace ringscope {

void AlgorithmModule::addNode(Scenario& scenario, NodeSpec spec) const {
    scenario.nodes.push_back(std::move(spec));
}

namespace removed {

namespace {

constexpr uint32_t kMaxCapacity = std::numeric_limits<int32_t>::max();  // Java's int arrays

}  // namespace

size_t workingUp(const Scenario& s, std::span<const uint8_t> isRemoved) {
    size_t up = 0;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        up += !isRemoved[n] && !s.nodes[n].down ? 1 : 0;
    }
    return up;
}

RemovedOrder read(const json::Value& value, const Scenario& scenario, const std::string& where) {
    RemovedOrder order;
    std::vector<uint8_t> seen(scenario.nodes.size(), 0);
    const json::Array& ids = json::array(value, where);
    // Ids to indices through a map: a search per id was O(N²) (99,999 of 100,000 removed: 20 s).
    std::unordered_map<std::string_view, uint32_t> indexOf;
    if (!ids.empty()) {
        indexOf.reserve(scenario.nodes.size());
        for (uint32_t n = 0; n < scenario.nodes.size(); ++n) {
            indexOf.emplace(scenario.nodes[n].id, n);
        }
    }
    for (size_t i = 0; i < ids.size(); ++i) {
        const std::string at = where + "[" + std::to_string(i) + "]";
        const std::string id = json::string(ids[i], at);
        const auto node = indexOf.find(id);
        if (node == indexOf.end()) {
            throw InputError(at, "\"" + id + "\" is no node's id");
        }
        const uint32_t index = node->second;
        if (seen[index]) {
            throw InputError(at, "\"" + id + "\" is listed twice");
        }
        seen[index] = 1;
        order.push_back(index);
    }
    return order;
}

json::Array write(const RemovedOrder& order, const Scenario& scenario) {
    json::Array ids;
    for (const uint32_t b : order) {
        ids.push_back(json::Value(scenario.nodes.at(b).id));
    }
    return ids;
}

std::vector<uint8_t> mask(const RemovedOrder& order, size_t nodes) {
    std::vector<uint8_t> m(nodes, 0);
    for (const uint32_t b : order) {
        if (b < nodes) {
            m[b] = 1;
        }
    }
    return m;
}

void validate(const Scenario& s, const RemovedOrder& order, const std::string& where) {
    std::vector<uint8_t> seen(s.nodes.size(), 0);
    for (const uint32_t b : order) {
        if (b >= s.nodes.size() || seen[b]) {
            throw InputError(where, "lists bucket " + std::to_string(b) + ", which is " +
                                        (b >= s.nodes.size() ? "no node's" : "listed twice"));
        }
        seen[b] = 1;
    }
    const size_t up = workingUp(s, seen);
    if (up < static_cast<size_t>(std::max<int64_t>(1, s.replicas))) {
        throw InputError(where, std::to_string(up) + " working nodes are up, fewer than the " +
                                    std::to_string(std::max<int64_t>(1, s.replicas)) +
                                    " the replicas need; bring a node back or lower replicas");
    }
}

void erased(RemovedOrder& order, size_t index) {
    std::erase(order, static_cast<uint32_t>(index));
    for (uint32_t& b : order) {
        b -= b > index ? 1 : 0;
    }
}

uint32_t capacityOr(const std::optional<uint32_t>& capacity, size_t nodes) {
    return capacity ? *capacity : static_cast<uint32_t>(std::min<size_t>(2 * nodes, kMaxCapacity));
}

uint32_t readCapacity(const json::Value& value, const std::string& where) {
    const uint64_t a = json::unsignedInt(value, where);
    if (a < 1 || a > kMaxCapacity) {
        throw InputError(
            where, "must be 1 to " + std::to_string(kMaxCapacity) + ", not " + std::to_string(a));
    }
    return static_cast<uint32_t>(a);
}

void validateCapacity(const std::optional<uint32_t>& capacity, size_t nodes,
                      const std::string& where) {
    if (capacityOr(capacity, nodes) < nodes) {
        throw InputError(where, "capacity " + std::to_string(*capacity) + " is less than the " +
                                    std::to_string(nodes) + " nodes (removed ones count)");
    }
}

void checkRoom(uint32_t capacity, size_t nodes, const std::string& algorithm) {
    if (nodes >= capacity) {
        throw InputError(algorithm + ".capacity",
                         "all " + std::to_string(capacity) +
                             " buckets hold a node and none is removed: a new node needs a "
                             "larger capacity (which moves keys) or a removed bucket");
    }
}

Scenario presentNodes(const Scenario& scenario) {
    Scenario s = scenario;
    const std::vector<uint8_t> gone =
        mask(RemovedOrder(algorithmOf(scenario).removedInPlace(scenario).begin(),
                          algorithmOf(scenario).removedInPlace(scenario).end()),
             scenario.nodes.size());
    size_t kept = 0;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (!gone[n]) {
            if (kept != n) {  // a self-move would empty the id
                s.nodes[kept] = std::move(s.nodes[n]);
            }
            ++kept;
        }
    }
    s.nodes.resize(kept);
    return s;
}

}  // namespace removed

namespace detail {

void retireBucket(Scenario& s, RemovedOrder& order, size_t index) {
    if (std::find(order.begin(), order.end(), index) != order.end()) {
        throw nodeError(s, index, "", "is removed already");
    }
    order.push_back(static_cast<uint32_t>(index));
    const size_t up = removed::workingUp(s, removed::mask(order, s.nodes.size()));
    if (up == 0) {
        order.pop_back();
        throw nodeError(s, index, "", "is the last working node up: it cannot be removed");
    }
    s.replicas = std::min(s.replicas, static_cast<int64_t>(up));
}

void refillBucket(Scenario& s, RemovedOrder& order, NodeSpec spec) {
    if (order.empty()) {
        s.nodes.push_back(std::move(spec));
        return;
    }
    s.nodes.at(order.back()) = std::move(spec);
    order.pop_back();
}

}  // namespace detail

RemovedBucketsPlacement::RemovedBucketsPlacement(const RemovedOrder& order,
                                                 const PlacementNodes& nodes)
    : m_order(order), m_removed(removed::mask(order, nodes.size())), m_skipped(m_removed) {
    for (size_t n = 0; n < nodes.down.size(); ++n) {
        m_skipped[n] |= nodes.down[n];
    }
}

void RemovedBucketsPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                                    std::span<uint32_t> out) const {
    detail::followingBuckets(
        bucketOf(key.hash64), nodes.size(), out, [](size_t b) { return static_cast<uint32_t>(b); },
        m_skipped);
}

std::vector<double> RemovedBucketsPlacement::ownShares(const PlacementNodes& nodes) const {
    size_t live = 0;
    for (size_t n = 0; n < nodes.size(); ++n) {
        live += m_skipped[n] ? 0 : 1;
    }
    std::vector<double> shares(nodes.size(), 0.0);
    for (size_t n = 0; n < nodes.size(); ++n) {
        shares[n] = m_skipped[n] || live == 0 ? 0.0 : 1.0 / double(live);
    }
    return shares;
}

std::optional<SpaceShares> RemovedBucketsPlacement::spaceShares(const Placement& placement) const {
    return detail::bucketSpaceShares(placement, {}, m_removed);
}

}  // namespace ringscope
