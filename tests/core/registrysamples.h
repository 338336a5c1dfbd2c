#pragma once
// A scenario for every registered module (registry.h), built only from the registry and the
// traits, so a new module gets its samples the day it is registered: every algorithm (a ring
// with each token scheme), with bounded loads where its traits take them, and a ring with each
// key hash. Five weighted host:port nodes and a few hundred keys: small enough to check key by
// key, large enough that every node owns keys.

#include <algorithm>
#include <string>
#include <vector>

#include "ringscope/registry.h"
#include "ringscope/scenario.h"

namespace ringscope::test {

struct Sample {
    std::string name;
    Scenario scenario;
};

// Five nodes with unequal weights, two replicas where the algorithm allows more than one.
inline Scenario sampleScenario(Algorithm algorithm, TokenScheme scheme, HashKind keyHash) {
    Scenario s;
    s.title = "registry sample";
    s.tokenScheme = scheme;
    s.keyHash = keyHash;
    const double weights[] = {1, 2, 1, 1, 3};
    // Within what the scheme takes, where its ring places the nodes (groupcache: weight 1).
    const WeightRule rule =
        moduleOf(algorithm).traits().ring ? moduleOf(scheme).traits().weights : WeightRule{};
    for (int i = 0; i < 5; ++i) {
        NodeSpec n;
        n.id = "10.0.0." + std::to_string(i + 1) + ":11211";
        n.weight = rule.max > 0 ? std::min(weights[i], rule.max) : weights[i];
        s.nodes.push_back(n);
    }
    s.keys.pattern = moduleOf(keyHash).traits().keysArePositions ? "{i}" : "session-{i}";
    s.keys.count = 400;
    s = withAlgorithm(s, algorithm);  // the algorithm readies the nodes (vnodes on a ring)
    s.replicas = 2;
    try {
        validate(s);
    } catch (const InputError&) {
        s.replicas = 1;  // one owner per key (Redis Cluster)
    }
    return s;
}

inline std::vector<Sample> registrySamples() {
    std::vector<Sample> out;
    for (const auto& algorithm : kAlgorithms) {
        const AlgorithmModule& module = algorithm.module();
        const std::string name(algorithm.name());
        if (module.traits().ring) {
            for (const auto& scheme : kTokenSchemes) {
                out.push_back({name + " " + std::string(scheme.name()),
                               sampleScenario(algorithm.value, scheme.value, HashKind::Xxh64)});
            }
        } else {
            out.push_back(
                {name, sampleScenario(algorithm.value, TokenScheme::Named, HashKind::Xxh64)});
        }
        if (module.traits().boundedLoads) {
            Scenario bounded = sampleScenario(algorithm.value, TokenScheme::Named, HashKind::Xxh64);
            bounded.replicas = 1;
            bounded.boundedLoadPercent = 125;
            out.push_back({name + " bounded", bounded});
        }
    }
    for (const auto& hash : kKeyHashes) {
        out.push_back({"ring keyHash " + std::string(hash.name()),
                       sampleScenario(Algorithm::Ring, TokenScheme::Named, hash.value)});
    }
    return out;
}

}  // namespace ringscope::test
