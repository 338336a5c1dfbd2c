// Elasticsearch's lesson terms (moduleterms.h): a document's shard and the index's routing shards.
#include <bit>

#include "elasticsearch.h"
#include "elasticsearchplacement.h"
#include "moduleterms.h"

namespace ringscope::lesson {

namespace {

// {esShard:KEY}: the shard Elasticsearch routes the key to (the key as its _routing or _id), in
// a scenario placed by Elasticsearch.
const TermRegistration kEsShard{
    {"esShard", TermArg::Key, TermScope::State, false, [](const TermInput& in) {
         const Scenario& s = in.worked.scenario();
         // The key's Murmur3HashFunction value, as the scenario hashes it (es-murmur3).
         const auto hash = std::bit_cast<int32_t>(uint32_t(in.worked.hash64(in.key())));
         return countValue(esRoute(hash, routingShardsOf(s), uint32_t(s.nodes.size())).shard);
     }}};

// {esRoutingShards}: the routing shards the scenario's index routes by.
const TermRegistration kEsRoutingShards{
    {"esRoutingShards", TermArg::None, TermScope::State, false,
     [](const TermInput& in) { return countValue(routingShardsOf(in.worked.scenario())); }}};

}  // namespace

}  // namespace ringscope::lesson
