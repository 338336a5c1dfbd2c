#pragma once
// A Kafka topic as Ringscope models it: mod-N over the partitions in order ("partition-0", …),
// the producer's key hash, and the keys given; placed by direct core calls.
#include <string>
#include <vector>

#include "ringscope/registry.h"
#include "testutil.h"

namespace ringscope::test {

inline Scenario kafkaTopic(int partitions, HashKind keyHash, std::vector<std::string> keys) {
    Scenario s;
    s.algorithm = Algorithm::ModN;
    s.keyHash = keyHash;
    for (int p = 0; p < partitions; ++p) {
        NodeSpec n;
        n.id = "partition-" + std::to_string(p);
        s.nodes.push_back(n);
    }
    s.keys.kind = KeySetSpec::Kind::List;
    s.keys.list = std::move(keys);
    return s;
}

// Each key's partition under the topic, in key order.
inline std::vector<int> partitionsOf(const Scenario& topic) {
    const PlacedScenario placed(topic);
    std::vector<int> out;
    for (size_t k = 0; k < topic.keys.list.size(); ++k) {
        out.push_back(int(placed.assignment.primary(k)));
    }
    return out;
}

}  // namespace ringscope::test
