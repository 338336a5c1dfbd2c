#pragma once
// Elasticsearch placement: the nodes are the index's shards 0…N−1 in order (elasticsearch.h);
// replicas are the following shards, and a down node's shard is passed over (its documents go
// to the next shard's node). Its parameter: "elasticsearch": {"routingShards": R}, R a multiple
// of the shard count (absent: Elasticsearch 7's default for the shard count).

#include <cstdint>

#include "elasticsearch.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct ElasticsearchParams {
    uint32_t routingShards = 0;  // 0: esDefaultRoutingShards(the shard count)
    bool operator==(const ElasticsearchParams&) const = default;
};

// The routing shards a scenario's index routes by: its own, or the default for its node count.
uint32_t routingShardsOf(const Scenario& scenario);

class ElasticsearchPlacement final : public PlacementState {
public:
    explicit ElasticsearchPlacement(uint32_t routingShards) : m_routingShards(routingShards) {}
    uint32_t routingShards() const { return m_routingShards; }
    // O(1): the key's hash is its Murmur3HashFunction value (es-murmur3), its low 32 bits a Java
    // int.
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // Nothing: a document's shard comes from its routing and two numbers.
    size_t lookupBytes() const override { return 0; }
    // With a node down, its shard's documents go on to the next live shard's node.
    std::optional<SpaceShares> spaceShares(const Placement& placement) const override {
        return detail::bucketSpaceShares(placement);
    }

private:
    uint32_t m_routingShards;
};

}  // namespace ringscope
