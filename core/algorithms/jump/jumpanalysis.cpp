#include "jumpanalysis.h"

#include "comparedalgorithm.h"
#include "jump.h"
#include "jumpplacement.h"
#include "membershipchange.h"
#include "placed.h"
#include "ringscope/diff.h"

namespace ringscope {

Scenario asJump(const Scenario& scenario) {
    Scenario s = asAlgorithm(scenario, Algorithm::Jump);
    s.params.set(JumpParams{jumpTable(scenario)});
    return s;
}

JumpRemovalResult jumpRemoval(const Scenario& scenario, const KeySet& keys, size_t bucket) {
    JumpRemovalResult r;
    const Scenario before = asJump(scenario);
    const std::vector<uint32_t>& table = before.params.get<JumpParams>().buckets;
    if (bucket >= table.size() || table.size() < 2) {
        return r;
    }
    r.bucket = bucket;
    r.keys = keys.size();
    r.renumber = jumpRemoveRenumber(table, bucket);
    r.moveLast = jumpRemoveMoveLast(table, bucket);
    const uint32_t removed = table[bucket];
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(before));
    const Placed now = placeKeys(before, keys, hashed);
    const auto movedBy = [&](JumpRemoval mode) {
        const Placed then =
            placeKeys(withoutNode(before, removed, jumpRemovalMode(mode)), keys, hashed);
        const DiffResult d =
            diff(now.placement, now.assignment, then.placement, then.assignment, keys);
        r.ideal = d.idealFraction;
        return d.primaryMoved;
    };
    r.movedRenumber = movedBy(JumpRemoval::Renumber);
    r.movedMoveLast = movedBy(JumpRemoval::MoveLast);
    return r;
}

JumpAdditionResult jumpAddition(const Scenario& before, const Scenario& after, size_t node,
                                const KeySet& keys) {
    JumpAdditionResult r;
    const Scenario from = asJump(before);
    const Scenario to = asJump(after);
    r.bucket = jumpBucketOf(to, node);
    r.keys = keys.size();
    for (const uint32_t n : from.params.get<JumpParams>().buckets) {
        r.before.push_back(n >= node ? n + 1 : n);  // the later nodes sit one further on after
    }
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(to));
    const Placed was = placeKeys(from, keys, hashed);
    const Placed now = placeKeys(to, keys, hashed);
    const DiffResult d = diff(was.placement, was.assignment, now.placement, now.assignment, keys);
    r.moved = d.primaryMoved;
    r.ideal = d.idealFraction;
    return r;
}

}  // namespace ringscope
