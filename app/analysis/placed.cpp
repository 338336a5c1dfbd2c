#include "placed.h"

#include <algorithm>

#include "nodenames.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
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

std::optional<AddedNodeMoves> addedNodeMoves(const Scenario& scenario, const KeySet& keys,
                                             const HashedKeys& hashed, const Placed& placed,
                                             uint64_t maxNodes) {
    // At the node limit only a node that fills a bucket removed in place still fits.
    if (scenario.nodes.size() >= maxNodes &&
        algorithmOf(scenario).removedInPlace(scenario).empty()) {
        return std::nullopt;
    }
    Scenario grown = scenario;
    NodeSpec added;
    added.id = nextNodeId(scenario);
    try {
        edits::addNode(grown, added);
    } catch (const InputError&) {
        return std::nullopt;
    }
    const Placed more = placeKeys(grown, keys, hashed);
    const DiffResult d =
        diff(placed.placement, placed.assignment, more.placement, more.assignment, keys);
    AddedNodeMoves out{d.primaryMoved, 0, d.idealFraction, 0};
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

}  // namespace ringscope
