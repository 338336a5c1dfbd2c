#include "ringscope/work.h"

#include <algorithm>

#include "ringscope/keyset.h"

namespace ringscope {

namespace {

void check(const WorkItem& item, uint64_t amount, const Scenario& s, const Limits& limits) {
    if (amount <= limits[item.limit]) {
        return;
    }
    const InputError error = limitError(limits, item.limit, amount, item.field, item.what);
    if (item.node) {  // the node that asks for the most
        throw nodeError(s, *item.node, "", error.message()).waivableAs(error);
    }
    throw error;
}

uint64_t replicasOf(const Scenario& s) {
    return static_cast<uint64_t>(std::max<int64_t>(1, s.replicas));
}

}  // namespace

Work workOf(const Scenario& s) {
    Work work;
    work.build.push_back({Limit::Nodes, s.nodes.size(), "nodes", "nodes"});
    work.perKey.push_back(
        {Limit::KeyReplicas, replicasOf(s), "replicas", "owner entries (keys x replicas)"});
    algorithmOf(s).countWork(s, work);
    if (s.boundedLoadPercent) {
        work.perKey.push_back({Limit::BoundedLoadWork, s.nodes.size(), "boundedLoad",
                               "steps of bounded-load walks at worst (keys x nodes)"});
    }
    return work;
}

void checkPlacementWork(const Scenario& s, const Limits& limits) {
    // The node count first: what the modules count is O(N).
    checkLimit(limits, Limit::Nodes, s.nodes.size(), "nodes", "nodes");
    for (const WorkItem& item : workOf(s).build) {
        check(item, item.amount, s, limits);
    }
}

void checkKeyWork(const Scenario& s, const KeyVolume& keys, const Limits& limits) {
    for (const WorkItem& item : workOf(s).perKey) {
        check(item,
              saturatingAdd(saturatingMul(keys.keys, item.amount),
                            saturatingMul(keys.bytes, item.perKeyByte)),
              s, limits);
    }
}

void checkWork(const Scenario& s, const Limits& limits) {
    const KeyVolume volume = keyVolume(s.keys);
    switch (s.keys.kind) {
        case KeySetSpec::Kind::Pattern:
            checkKeyVolume(volume, limits, "keys.count", "keys.pattern");
            break;
        case KeySetSpec::Kind::List:
            checkKeyVolume(volume, limits, "keys.list", "keys.list");
            break;
        case KeySetSpec::Kind::File:
            break;  // its reader checks it
    }
    checkPlacementWork(s, limits);
    checkKeyWork(s, volume, limits);
}

uint64_t workUnits(const Scenario& s, uint64_t keys, bool keysHashed) {
    const Work work = workOf(s);
    uint64_t units = 0;
    for (const WorkItem& item : work.build) {
        units = saturatingAdd(units, saturatingMul(item.amount, item.units));
    }
    uint64_t perKey = saturatingMul(keysHashed ? 1 : 8, replicasOf(s));
    for (const WorkItem& item : work.perKey) {
        perKey = saturatingAdd(perKey, saturatingMul(item.amount, item.units));
    }
    return saturatingAdd(units, saturatingMul(keys, perKey));
}

}  // namespace ringscope
