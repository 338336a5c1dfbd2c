#include "ringscope/keychange.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <string_view>
#include <utility>

#include "ringscope/assign.h"
#include "ringscope/limits.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

KeyChange classifyKeyChange(std::span<const uint32_t> before, std::span<const uint32_t> after) {
    if (before.empty() || after.empty() || before[0] != after[0]) {
        return KeyChange::Primary;
    }
    if (before.size() != after.size()) {
        return KeyChange::ReplicaOnly;
    }
    for (const uint32_t node : after) {
        if (std::find(before.begin(), before.end(), node) == before.end()) {
            return KeyChange::ReplicaOnly;
        }
    }
    return KeyChange::None;
}

NodeMatch nodeMatch(const Scenario& before, const Scenario& after) {
    if (before.nodes.size() != after.nodes.size()) {
        return NodeMatch::ById;
    }
    // A renamed node takes an id `before` does not have: the same ids in another order are a
    // reordering (seed 003's nodes added the other way round), matched by id.
    std::set<std::string_view> ids;
    for (const NodeSpec& node : before.nodes) {
        ids.insert(node.id);
    }
    bool renamed = false;
    for (size_t n = 0; n < before.nodes.size(); ++n) {
        NodeSpec same = after.nodes[n];
        same.id = before.nodes[n].id;
        same.color = before.nodes[n].color;  // a colour places no key (one kept over a rename)
        const bool newId = after.nodes[n].id != before.nodes[n].id;
        if (!(same == before.nodes[n]) || (newId && ids.count(after.nodes[n].id))) {
            return NodeMatch::ById;
        }
        renamed = renamed || newId;
    }
    return renamed ? NodeMatch::ByIndex : NodeMatch::ById;
}

std::vector<uint32_t> nodeRenumbering(const Placement& from, const Placement& to, NodeMatch match) {
    if (match == NodeMatch::ByIndex && from.nodes().size() == to.nodes().size()) {
        std::vector<uint32_t> map(from.nodes().size());
        std::iota(map.begin(), map.end(), uint32_t{0});
        return map;
    }
    std::map<std::string_view, uint32_t> ids;
    for (uint32_t n = 0; n < to.nodes().size(); ++n) {
        ids.emplace(to.nodes()[n].id, n);
    }
    std::vector<uint32_t> map(from.nodes().size());
    for (uint32_t n = 0; n < map.size(); ++n) {
        map[n] = ids.emplace(from.nodes()[n].id, static_cast<uint32_t>(ids.size())).first->second;
    }
    return map;
}

std::vector<std::string> commonNodeIds(const Placement& before, const Placement& after,
                                       NodeMatch match) {
    const std::vector<uint32_t> map = nodeRenumbering(after, before, match);
    std::vector<std::string> ids(before.nodeIds().begin(), before.nodeIds().end());
    for (uint32_t n = 0; n < map.size(); ++n) {
        if (map[n] >= ids.size()) {
            ids.resize(map[n] + 1);
            ids[map[n]] = after.nodeIds()[n];
        }
    }
    return ids;
}

ChangeTracker::ChangeTracker(LargeVector<uint32_t> baseline, size_t baselineReplicas,
                             std::span<const uint32_t> current, size_t replicas)
    : ChangeTracker(std::make_shared<const LargeVector<uint32_t>>(std::move(baseline)),
                    baselineReplicas, current, replicas) {}

ChangeTracker::ChangeTracker(std::shared_ptr<const LargeVector<uint32_t>> baseline,
                             size_t baselineReplicas, std::span<const uint32_t> current,
                             size_t replicas, const ChangedRanks* within)
    : m_baseline(std::move(baseline)), m_baselineReplicas(baselineReplicas) {
    const size_t keys = baselineReplicas ? m_baseline->size() / baselineReplicas : 0;
    m_keys = keys;
    const uint32_t* was = m_baseline->data();
    const uint32_t* now = current.data();
    // Most keys keep their owners: only the others need classifying.
    const bool single = replicas == 1 && baselineReplicas == 1;
    const auto compare = [&](size_t k) {
        if (single ? now[k] != was[k]
                   : replicas != baselineReplicas ||
                         !std::equal(now + k * replicas, now + (k + 1) * replicas,
                                     was + k * replicas)) {
            classify(k, current.subspan(k * replicas, replicas));
        }
    };
    if (within) {
        for (const KeyRange& range : within->ranks) {
            for (size_t rank = range.first; rank < range.last; ++rank) {
                compare(within->byRank[rank]);
            }
        }
        m_within.assign(within->ranks.begin(), within->ranks.end());
        m_withinKnown = true;
        return;
    }
    for (size_t k = 0; k < keys; ++k) {
        compare(k);
    }
}

namespace {
LargeVector<uint32_t> renumbered(std::span<const uint32_t> map, const Assignment& owners) {
    return mappedCopy(std::span<const uint32_t>(owners.owners),
                      [map](uint32_t n) { return map[n]; });
}
}  // namespace

ChangeTracker::ChangeTracker(const Placement& baseline, const Assignment& baselineOwners,
                             const Placement& current, const Assignment& currentOwners,
                             NodeMatch match)
    : ChangeTracker(renumbered(nodeRenumbering(baseline, current, match), baselineOwners),
                    baselineOwners.replicas, currentOwners.owners, currentOwners.replicas) {}

namespace {
// `owners` as they are when no node is renumbered, else renumbered (a copy).
std::shared_ptr<const LargeVector<uint32_t>> sharedOrRenumbered(
    const Placement& baseline, const std::shared_ptr<const Assignment>& owners,
    const Placement& current, NodeMatch match) {
    const std::vector<uint32_t> map = nodeRenumbering(baseline, current, match);
    bool same = true;
    for (size_t n = 0; n < map.size() && same; ++n) {
        same = map[n] == n;
    }
    if (same) {
        return {owners, &owners->owners};
    }
    return std::make_shared<const LargeVector<uint32_t>>(renumbered(map, *owners));
}
}  // namespace

ChangeTracker::ChangeTracker(const Placement& baseline,
                             std::shared_ptr<const Assignment> baselineOwners,
                             const Placement& current, const Assignment& currentOwners,
                             NodeMatch match, const ChangedRanks* within)
    : ChangeTracker(sharedOrRenumbered(baseline, baselineOwners, current, match),
                    baselineOwners->replicas, currentOwners.owners, currentOwners.replicas,
                    within) {}

void ChangeTracker::update(size_t key, std::span<const uint32_t> owners) {
    m_withinKnown = false;
    classify(key, owners);
}

void ChangeTracker::classify(size_t key, std::span<const uint32_t> owners) {
    const KeyChange now = classifyKeyChange(baselineOwners(key), owners);
    if (m_change.empty()) {
        if (now == KeyChange::None) {
            return;  // every key is None still
        }
        m_change.assign(m_keys, KeyChange::None);
    }
    const KeyChange was = std::exchange(m_change[key], now);
    m_primaryMoved += (now == KeyChange::Primary) - (was == KeyChange::Primary);
    m_replicaOnly += (now == KeyChange::ReplicaOnly) - (was == KeyChange::ReplicaOnly);
    if (m_sizes.empty() || (now == KeyChange::Primary) == (was == KeyChange::Primary)) {
        return;
    }
    if (now == KeyChange::Primary) {
        addSaturating(m_bytesMoved, m_sizes[key], m_bytesSaturated);
    } else if (!m_bytesSaturated) {
        m_bytesMoved -= m_sizes[key];
    } else {
        countBytes(m_sizes);  // a saturated sum cannot be taken apart: count again
    }
}

void ChangeTracker::countBytes(std::span<const uint64_t> sizes) {
    m_sizes = sizes.size() == m_keys ? sizes : std::span<const uint64_t>();
    m_bytesMoved = m_totalBytes = 0;
    m_bytesSaturated = false;
    for (size_t k = 0; k < m_sizes.size(); ++k) {
        addSaturating(m_totalBytes, m_sizes[k], m_bytesSaturated);
        if (change(k) == KeyChange::Primary) {
            addSaturating(m_bytesMoved, m_sizes[k], m_bytesSaturated);
        }
    }
}

}  // namespace ringscope
