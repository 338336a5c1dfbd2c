#pragma once
// Reads an Elasticsearch (or OpenSearch) index's settings as the cluster returns them:
//   GET INDEX/_settings          {"INDEX": {"settings": {"index": {"number_of_shards": "8", …}}}}
//                                (nested, or flat with ?flat_settings=true:
//                                "index.number_of_shards")
//   GET _cluster/state/metadata  {"metadata": {"indices": {"INDEX": {"settings": {…},
//                                 "routing_num_shards": 1024, …}}}}
//   the body of PUT INDEX        {"settings": {"number_of_shards": 8, …}, "mappings": …}
// Values may be strings ("8", as the cluster writes them) or numbers (as a request gives them).
//
// The import (`ringscope-cli import elasticsearch-settings FILE [--index NAME]`) is the index's
// shards as the "elasticsearch" algorithm routes documents to them: INDEX[0] … INDEX[N-1], the
// routing shards the cluster state gives, else index.number_of_routing_shards, else the default
// of the version that created the index (index.version.created): the shard count before 7.0,
// esDefaultRoutingShards since.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ringscope/json.h"
#include "ringscope/module.h"

namespace ringscope {

struct EsIndexSettings {
    std::string name;
    uint64_t shards = 0;
    std::optional<uint64_t> routingShards;   // given (cluster state or the setting)
    std::string routingShardsFrom;           // which of the two gave it
    std::optional<uint64_t> versionCreated;  // index.version.created
    uint64_t routingPartitionSize = 1;       // index.routing_partition_size
    bool routingPath = false;                // index.routing_path (a time series index)
    std::string resizedFrom;                 // index.resize.source.name (shrunk or split)
};

// The indices of the document, in name order (the order the JSON reader keeps). `source` names it
// in messages. Throws InputError(source, "PATH: …") for a shape that is none of the three, a
// setting that is not a whole number, or no number_of_shards.
std::vector<EsIndexSettings> parseEsSettings(const json::Value& root, const std::string& source,
                                             const std::string& fileName);

extern const Importer kElasticsearchImporters[1];

}  // namespace ringscope
