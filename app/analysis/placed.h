#pragma once
// A scenario's placement with its keys assigned, and the key samples the analyses count over.

#include <memory>

#include "ringscope/assign.h"
#include "ringscope/keyset.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct Placed {
    Placement placement;
    Assignment assignment;
};
// The core's placement of a scenario and its assignment of the keys. Throws InputError.
// O(build + K log T).
Placed placeKeys(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed);

// The first `count` keys of a key set, with their sizes and requests. O(count).
KeySet firstKeys(const KeySet& keys, size_t count);
// The analyses' one key sample: the key set itself when it has at most `cap` keys, else its
// first `cap` keys (each view says "counted over the first N of M keys").
std::shared_ptr<const KeySet> sampleKeys(const std::shared_ptr<const KeySet>& keys, size_t cap);

}  // namespace ringscope
