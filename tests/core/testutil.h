#pragma once
// Small helpers shared by the core suites.

#include <QFile>
#include <QString>
#include <QTest>

#include <functional>
#include <string>
#include <vector>

#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/placement.h"
#include "testpaths.h"
#include "tokenschemes/named/named.h"

namespace ringscope::test {

// Seed 000's ring in 0–99: explicit tokens, identity keys.
inline Scenario explicitRing(std::vector<std::pair<std::string, std::vector<uint64_t>>> nodes,
                             int64_t replicas = 1) {
    Scenario s;
    s.space = 100;
    s.keyHash = HashKind::Identity;
    s.replicas = replicas;
    for (auto& [id, tokens] : nodes) {
        NodeSpec n;
        n.id = id;
        n.tokens = tokens;
        s.nodes.push_back(n);
    }
    return s;
}

// Owners of a raw position, as ids ("A,B").
inline std::string ownersAt(const Placement& p, uint64_t position) {
    std::vector<uint32_t> out(p.replicas());
    p.route(std::to_string(position), position, position, out);
    return ownerList(p, out);
}

// Scenario with N hash-named nodes "node-0".. of V vnodes each.
inline Scenario vnodeRing(int nodes, int64_t vnodes, Algorithm algorithm = Algorithm::Ring) {
    Scenario s;
    s.algorithm = algorithm;
    s.keyHash = HashKind::Xxh64;
    s.params.edit<NamedTokenParams>().hash = HashKind::Xxh64;
    for (int i = 0; i < nodes; ++i) {
        NodeSpec n;
        n.id = "node-" + std::to_string(i);
        if (algorithm == Algorithm::Ring) {
            n.vnodes = vnodes;
        }
        s.nodes.push_back(n);
    }
    return s;
}

inline KeySet patternKeys(const std::string& pattern, uint64_t count) {
    KeySetSpec spec;
    spec.pattern = pattern;
    spec.count = count;
    return generateKeys(spec);
}

// A scenario placed and its own key set generated, hashed and assigned, by direct core calls.
struct PlacedScenario {
    Placement placement;
    KeySet keys;
    HashedKeys hashed;
    Assignment assignment;
    explicit PlacedScenario(const Scenario& s)
        : placement(Placement::build(s)),
          keys(generateKeys(s.keys)),
          hashed(hashKeys(keys, placement.keyHashing())),
          assignment(assign(placement, keys.names, hashed)) {}
};

// `nodes` nodes named "{prefix}0", "{prefix}1", … in order under `algorithm`, over the keys given:
// a Kafka topic's partitions, an Elasticsearch index's shards.
inline Scenario namedBuckets(Algorithm algorithm, const std::string& prefix, int nodes,
                             std::vector<std::string> keys) {
    Scenario s;
    s.algorithm = algorithm;
    for (int n = 0; n < nodes; ++n) {
        NodeSpec node;
        node.id = prefix + std::to_string(n);
        s.nodes.push_back(node);
    }
    s.keys.kind = KeySetSpec::Kind::List;
    s.keys.list = std::move(keys);
    return s;
}

// Each key's primary node (its index) under a scenario with a listed key set, in key order.
inline std::vector<int> primariesOf(const Scenario& s) {
    const PlacedScenario placed(s);
    std::vector<int> out;
    for (size_t k = 0; k < s.keys.list.size(); ++k) {
        out.push_back(int(placed.assignment.primary(k)));
    }
    return out;
}

inline Assignment assignAll(const Placement& p, const KeySet& keys) {
    return assign(p, keys.names, hashKeys(keys, p.keyHashing()));
}

// A file of the source tree ("tests/core/data/ring.txt"), whole; empty when it cannot be read.
inline std::string readSourceFile(const QString& path) {
    QFile file(ringscope::test::sourcePath("/") + path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

// A captured routing table of the source tree (a header line, then KEY<TAB>NODE per line): the
// key and the node the real system sent it to, in file order.
inline std::vector<std::pair<std::string, std::string>> capturedRoutes(const QString& path) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const QString& line : QString::fromStdString(readSourceFile(path)).split(u'\n').mid(1)) {
        if (!line.isEmpty()) {
            out.emplace_back(line.section(u'\t', 0, 0).toStdString(),
                             line.section(u'\t', 1, 1).toStdString());
        }
    }
    return out;
}

// Runs f and returns the InputError message it threw ("" if none).
inline QString errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace ringscope::test
