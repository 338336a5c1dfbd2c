#include "placed.h"

#include <algorithm>
#include <limits>

#include "nodenames.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/keychange.h"
#include "ringscope/removedbuckets.h"
#include "scenarioedits.h"

namespace ringscope {

Placed placeKeys(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed) {
    Placed p;
    p.placement = Placement::build(scenario);
    p.assignment = assign(p.placement, keys.names, hashed);
    return p;
}

KeySet firstKeys(const KeySet& keys, size_t count) {
    KeySet out;
    count = std::min(count, keys.size());
    out.names = keys.names.first(count);
    const auto head = [count](const auto& v) {
        return std::decay_t<decltype(v)>(v.begin(),
                                         v.begin() + ptrdiff_t(std::min(count, v.size())));
    };
    out.sizes = head(keys.sizes);
    out.requests = head(keys.requests);
    out.lines = keys.lines.first(count);
    out.source = keys.source;
    out.hasSizes = keys.hasSizes;
    out.hasPopularity = keys.hasPopularity;
    out.evenRequests = keys.evenRequests;
    return out;
}

std::shared_ptr<const KeySet> sampleKeys(const std::shared_ptr<const KeySet>& keys, size_t cap) {
    if (!keys || keys->size() <= cap) {
        return keys;
    }
    return std::make_shared<const KeySet>(firstKeys(*keys, cap));
}

NodeMoves nodeAddedMoves(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed,
                         const Placed& placed) {
    Scenario grown = scenario;
    const NodeSpec added = edits::suggestedNode(scenario, placed.placement);
    edits::addNode(grown, added);
    const Placed more = placeKeys(grown, keys, hashed);
    const DiffResult d =
        diff(placed.placement, placed.assignment, more.placement, more.assignment, keys);
    NodeMoves out{d.primaryMoved, 0, d.idealFraction, 0, added.id};
    // After the last node, or in the bucket removed last (removedbuckets.h).
    const auto newNode =
        static_cast<uint32_t>(std::find_if(grown.nodes.begin(), grown.nodes.end(),
                                           [&](const NodeSpec& n) { return n.id == added.id; }) -
                              grown.nodes.begin());
    out.node = newNode;
    for (size_t k = 0; k < keys.size(); ++k) {
        const uint32_t was = placed.assignment.primary(k);
        const uint32_t is = more.assignment.primary(k);
        out.movedElsewhere += was != is && is != newNode ? 1 : 0;
    }
    return out;
}

NodeMoves nodeRemovedMoves(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed,
                           const Placed& placed, size_t node) {
    Scenario shrunk = scenario;
    edits::removeNode(shrunk, node);
    const Placed fewer = placeKeys(shrunk, keys, hashed);
    const DiffResult d =
        diff(placed.placement, placed.assignment, fewer.placement, fewer.assignment, keys);
    NodeMoves out{d.primaryMoved, 0, d.idealFraction, node, scenario.nodes[node].id};
    // The keys that moved from another node: by id, since an erased node renumbers the later ones.
    for (size_t i = 0; i < d.changed.size(); ++i) {
        if (d.changes[i] == KeyChange::Primary &&
            placed.assignment.primary(d.changed[i]) != static_cast<uint32_t>(node)) {
            ++out.movedElsewhere;
        }
    }
    return out;
}

std::optional<NodeMoves> addedNodeMoves(const Scenario& scenario, const KeySet& keys,
                                        const HashedKeys& hashed, const Placed& placed,
                                        uint64_t maxNodes) {
    // At the node limit only a node that fills a bucket removed in place still fits.
    if (scenario.nodes.size() >= maxNodes &&
        algorithmOf(scenario).removedInPlace(scenario).empty()) {
        return std::nullopt;
    }
    try {
        return nodeAddedMoves(scenario, keys, hashed, placed);
    } catch (const InputError&) {
        return std::nullopt;
    }
}

size_t keysWithinWork(const std::function<uint64_t(uint64_t keys)>& work, uint64_t maxWork,
                      size_t total) {
    const uint64_t fixed = work(0);
    const uint64_t perKey = work(1) - fixed;
    if (perKey == 0 || maxWork == std::numeric_limits<uint64_t>::max()) {
        return total;
    }
    const uint64_t room = maxWork > fixed ? maxWork - fixed : 0;
    return static_cast<size_t>(std::clamp<uint64_t>(room / perKey, 1, std::max<size_t>(1, total)));
}

NodePicks upNodePicks(const Scenario& scenario) {
    const std::span<const uint32_t> order = algorithmOf(scenario).removedInPlace(scenario);
    const std::vector<uint8_t> gone =
        removed::mask(RemovedOrder(order.begin(), order.end()), scenario.nodes.size());
    std::vector<size_t> up;
    for (size_t n = 0; n < scenario.nodes.size(); ++n) {
        if (!gone[n] && !scenario.nodes[n].down) {
            up.push_back(n);
        }
    }
    NodePicks picks;
    if (!up.empty()) {
        picks.last = up.back();
    }
    if (up.size() >= 3) {
        const size_t mid = scenario.nodes.size() / 2;
        const auto distance = [mid](size_t i) { return i > mid ? i - mid : mid - i; };
        for (size_t i = 0; i + 1 < up.size(); ++i) {
            if (!picks.middle || distance(up[i]) < distance(*picks.middle)) {
                picks.middle = up[i];
            }
        }
    }
    return picks;
}

const HashedKeys& HashingsOf::operator()(const Scenario& scenario) {
    const KeyHashing hashing = keyHashingOf(scenario);
    for (const auto& [known, hashed] : m_hashed) {
        if (known == hashing) {
            return *hashed;
        }
    }
    m_hashed.emplace_back(hashing, std::make_unique<const HashedKeys>(hashKeys(m_keys, hashing)));
    return *m_hashed.back().second;
}

std::optional<size_t> servingBucket(const Scenario& scenario, size_t bucket) {
    const size_t n = scenario.nodes.size();
    if (bucket >= n || !scenario.nodes[bucket].down) {
        return std::nullopt;
    }
    for (size_t i = 1; i < n; ++i) {
        if (!scenario.nodes[(bucket + i) % n].down) {
            return (bucket + i) % n;
        }
    }
    return std::nullopt;
}

}  // namespace ringscope
