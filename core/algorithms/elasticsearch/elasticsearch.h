#pragma once
// Elasticsearch's document routing (and OpenSearch's, forked from Elasticsearch 7.10), as
// elastic/elasticsearch computes it:
//   hash  = Murmur3HashFunction.hash(routing): the routing string's UTF-16 code units, each
//           little-endian, through MurmurHash3_x86_32 with seed 0 (Lucene's
//           StringHelper.murmurhash3_x86_32), read as a Java int;
//   shard = IndexRouting.hashToShardId(hash): Math.floorMod(hash, routingNumShards) /
//           routingFactor, where routingFactor = routingNumShards / number_of_shards.
// The routing is the document's _routing, or its _id when it has none. routingNumShards
// (index.number_of_routing_shards) is fixed when the index is created: by default, for an index
// created by 7.0 or later, the shard count doubled while it stays at most 1,024, at least once
// (MetadataCreateIndexService.calculateNumRoutingShards); before 7.0 the shard count itself.
// An index may later be split into a number of shards that divides it, or shrunk into a divisor
// of its shard count; either keeps it, so each document stays within its shard's children.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace ringscope {

// Murmur3HashFunction.hash of UTF-8 text; nullopt when the bytes are not UTF-8 (a routing value
// is a JSON string). O(length).
std::optional<int32_t> esMurmur3(std::string_view utf8);

// The number of routing shards an index of `shards` shards gets by default when created by
// Elasticsearch 7.0 or later (or OpenSearch): shards · 2^k with k = max(1, 10 − ⌈log2 shards⌉).
uint32_t esDefaultRoutingShards(uint32_t shards);

// One document's way to its shard.
struct EsRoute {
    int32_t hash = 0;     // Murmur3HashFunction.hash
    uint32_t slot = 0;    // Math.floorMod(hash, routingShards)
    uint32_t factor = 0;  // routingShards / shards
    uint32_t shard = 0;   // slot / factor
};
// `routingShards` a multiple of `shards`, both ≥ 1.
EsRoute esRoute(int32_t hash, uint32_t routingShards, uint32_t shards);

// The split nearest above `shards` an index with these routing shards allows: the least
// multiple of `shards` above it that divides `routingShards`; nullopt when there is none (the
// routing shards are used up).
std::optional<uint32_t> esNextSplit(uint32_t shards, uint32_t routingShards);
// The divisors of `routingShards` in increasing order, at most `most` of them: the shard counts an
// index with these routing shards may have. O(√routingShards).
std::vector<uint32_t> esDivisors(uint32_t routingShards, size_t most);

}  // namespace ringscope
