#include "computed.h"

#include "scenariojson.h"

namespace ringscope {

bool sameKeySet(const Scenario& a, const Scenario& b) {
    return a.keys == b.keys;
}

bool sameKeyPositions(const Scenario& a, const Scenario& b) {
    return sameKeySet(a, b) && keyHashingOf(a) == keyHashingOf(b);
}

uint64_t computeCost(const Scenario& scenario, const Computed* previous) {
    uint64_t tokens = 0;
    for (const NodeSpec& node : scenario.nodes) {
        tokens += node.tokens.size() + static_cast<uint64_t>(node.vnodes.value_or(0));
    }
    if (scenario.tokenScheme == TokenScheme::Ketama) {
        tokens += kKetamaPointsPerServer * scenario.nodes.size();
    }
    if (scenario.tokenScheme == TokenScheme::Envoy) {
        tokens += scenario.envoyRing.minRingSize;
    }
    if (scenario.algorithm == Algorithm::Maglev) {
        tokens += scenario.maglevTableSize;
    }
    const KeySetSpec& k = scenario.keys;
    uint64_t keys = k.kind == KeySetSpec::Kind::List ? k.list.size() : k.count;
    if (k.kind == KeySetSpec::Kind::File) {
        keys = 1'000'000;  // unknown until read: assume large
    }
    const bool reuse = previous && sameKeyPositions(previous->scenario, scenario);
    uint64_t perKey = reuse ? 1 : 8;
    if (isRendezvous(scenario.algorithm)) {
        perKey += 20 * scenario.nodes.size();
    }
    return tokens * 2 +
           keys * perKey * static_cast<uint64_t>(std::max<int64_t>(1, scenario.replicas));
}

ComputedPtr compute(const Scenario& scenario, const ComputedPtr& previous,
                    const ProgressFn& progress, const Limits& limits) {
    const auto step = [&](int percent) { return !progress || progress(percent); };
    auto c = std::make_shared<Computed>();
    c->scenario = scenario;
    c->placement = Placement::build(scenario, limits);
    if (!step(10)) {
        return nullptr;
    }
    if (previous && sameKeySet(previous->scenario, scenario)) {
        checkKeyWork(scenario, previous->keys->size(), limits);  // replicas may have grown
        c->keys = previous->keys;
    } else {
        c->keys = std::make_shared<const KeySet>(scenarioKeys(scenario, limits));
    }
    if (!step(45)) {
        return nullptr;
    }
    if (previous && sameKeyPositions(previous->scenario, scenario)) {
        c->hashed = previous->hashed;
    } else {
        c->hashed =
            std::make_shared<const HashedKeys>(hashKeys(*c->keys, c->placement.keyHashing()));
    }
    if (!step(75)) {
        return nullptr;
    }
    // One rendezvous node added or removed: reuse the previous owners (far fewer digests).
    std::optional<Assignment> quick;
    if (previous && c->keys == previous->keys) {
        quick = reassignRendezvous(previous->placement, previous->assignment, c->placement,
                                   c->keys->names);
    }
    c->assignment = quick ? std::move(*quick) : assign(c->placement, c->keys->names, *c->hashed);
    if (!step(100)) {
        return nullptr;
    }
    return c;
}

}  // namespace ringscope
