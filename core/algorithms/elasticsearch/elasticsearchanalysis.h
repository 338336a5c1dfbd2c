#pragma once
// What Elasticsearch's view explains beside a document's route: the two ways an index grows,
// counted with the core. An index cannot gain one shard in place; it is split into the next
// divisor of its routing shards (each document then goes to a child of its shard), or its
// documents are reindexed into a new index of one shard more (whose routing shards are that
// index's default).

#include <cstdint>
#include <optional>

#include "placed.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Keys used to count what a change moves.
inline constexpr size_t kElasticsearchSampleKeys = 100'000;

struct EsSplit {
    uint32_t shards = 0;  // the split index's shards
    size_t moved = 0;     // documents on another shard number than before
    // Documents on a shard that is not a child of their shard (shard / (shards / N) differs
    // from their shard): none, as _split promises; counted, not assumed.
    size_t outsideChildren = 0;
};

struct EsReindex {
    uint32_t routingShards = 0;  // the new index's default
    size_t moved = 0;
    double ideal = 0;  // what an ideal scheme moves for one node more
};

struct ElasticsearchWhatIf {
    size_t shards = 0;
    uint32_t routingShards = 0;
    bool routingShardsOwn = false;  // the scenario sets them; else the default for its shards
    size_t keys = 0;
    // The next split the routing shards allow, and what it moves while within the node limit.
    std::optional<uint32_t> nextSplit;  // nullopt: no split is left
    std::optional<EsSplit> split;       // nullopt: none left, or it passes the node limit
    std::optional<EsReindex> reindex;   // nullopt at the node limit
};

// The scenario placed by Elasticsearch: its nodes as shards in order. O(N).
Scenario asElasticsearch(const Scenario& scenario);
// Both what-ifs over `keys` (at most `maxNodes` shards), with the core's placement and diff, every
// shard up: they are about where the documents are stored. O(K + N log N). Throws InputError.
ElasticsearchWhatIf elasticsearchWhatIf(const Scenario& scenario, const KeySet& keys,
                                        uint64_t maxNodes);

}  // namespace ringscope
