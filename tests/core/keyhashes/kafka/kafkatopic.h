#pragma once
// A Kafka topic as Ringscope models it: mod-N over the partitions in order ("partition-0", …),
// the producer's key hash, and the keys given (each key's partition: primariesOf, testutil.h).
#include <string>
#include <vector>

#include "ringscope/registry.h"
#include "testutil.h"

namespace ringscope::test {

inline Scenario kafkaTopic(int partitions, HashKind keyHash, std::vector<std::string> keys) {
    Scenario s = namedBuckets(Algorithm::ModN, "partition-", partitions, std::move(keys));
    s.keyHash = keyHash;
    return s;
}

}  // namespace ringscope::test
