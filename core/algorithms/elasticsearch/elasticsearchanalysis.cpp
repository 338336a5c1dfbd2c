#include "elasticsearchanalysis.h"

#include <set>
#include <string>

#include "elasticsearch.h"
#include "elasticsearchplacement.h"
#include "ringscope/diff.h"

namespace ringscope {

Scenario asElasticsearch(const Scenario& scenario) {
    return asAlgorithm(scenario, Algorithm::Elasticsearch);
}

namespace {

// `scenario` with shards appended up to `shards`, named "shard-N" on from its count (skipping an
// id it has): Elasticsearch routes by place, so only their number matters. O(N log N).
Scenario withShards(Scenario scenario, size_t shards) {
    std::set<std::string> taken;
    for (const NodeSpec& node : scenario.nodes) {
        taken.insert(node.id);
    }
    for (size_t n = scenario.nodes.size(); scenario.nodes.size() < shards; ++n) {
        NodeSpec node;
        node.id = "shard-" + std::to_string(n);
        if (taken.insert(node.id).second) {
            scenario.nodes.push_back(std::move(node));
        }
    }
    return scenario;
}

// `now` split into `target` shards, its routing shards kept: the documents on another shard
// number, and those on a shard that is not a child of theirs (none, if _split is modelled).
EsSplit countSplit(const Scenario& now, const KeySet& keys, const HashedKeys& hashed,
                   const Placed& placed, uint32_t routingShards, uint32_t target) {
    Scenario split = withShards(now, target);
    split.params.edit<ElasticsearchParams>().routingShards = routingShards;
    const Placed after = placeKeys(split, keys, hashed);
    EsSplit out;
    out.shards = target;
    const uint32_t children = target / static_cast<uint32_t>(now.nodes.size());
    for (size_t k = 0; k < keys.size(); ++k) {
        const uint32_t was = placed.assignment.primary(k);
        const uint32_t is = after.assignment.primary(k);
        out.moved += was != is ? 1 : 0;
        out.outsideChildren += is / children != was ? 1 : 0;
    }
    return out;
}

}  // namespace

ElasticsearchWhatIf elasticsearchWhatIf(const Scenario& scenario, const KeySet& keys,
                                        uint64_t maxNodes) {
    ElasticsearchWhatIf w;
    Scenario now = asElasticsearch(scenario);
    for (NodeSpec& node : now.nodes) {
        node.down = false;  // where documents are stored, not who serves them now
    }
    w.shards = now.nodes.size();
    w.keys = keys.size();
    if (now.nodes.empty()) {
        return w;
    }
    w.routingShards = routingShardsOf(now);
    w.routingShardsOwn = now.params.get<ElasticsearchParams>().routingShards != 0;
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(now));
    const Placed placed = placeKeys(now, keys, hashed);
    const auto shards = static_cast<uint32_t>(now.nodes.size());
    w.nextSplit = esNextSplit(shards, w.routingShards);
    if (w.nextSplit && *w.nextSplit <= maxNodes) {
        w.split = countSplit(now, keys, hashed, placed, w.routingShards, *w.nextSplit);
    }
    if (shards < maxNodes) {
        // A new index of one shard more, with the routing shards such an index gets.
        Scenario grown = withShards(now, now.nodes.size() + 1);
        grown.params.edit<ElasticsearchParams>().routingShards = 0;
        const Placed after = placeKeys(grown, keys, hashed);
        const DiffResult d =
            diff(placed.placement, placed.assignment, after.placement, after.assignment, keys);
        w.reindex = EsReindex{routingShardsOf(grown), d.primaryMoved, d.idealFraction};
    }
    return w;
}

}  // namespace ringscope
