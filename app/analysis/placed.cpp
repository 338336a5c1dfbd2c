#include "placed.h"

#include <algorithm>

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

}  // namespace ringscope
