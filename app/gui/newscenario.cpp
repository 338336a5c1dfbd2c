#include "newscenario.h"

#include <QCoreApplication>

#include <algorithm>
#include <string>

#include "nodenames.h"
#include "ringscope/registry.h"
#include "ringscope/scenario.h"
#include "tokenschemes/named/named.h"

namespace ringscope {

namespace {

// Teaching: a space of 100 shows every position; more nodes than that cannot each hold one.
// Cassandra's num_tokens and the racks a new cluster spreads over (zone "dc1/rackN").
constexpr int64_t kCassandraTokens = 16;
constexpr size_t kCassandraRacks = 3;
constexpr int64_t kCassandraReplicas = 3;
// Plenty for a design review; Maglev's table and HRW's digests keep this many quick.
constexpr size_t kMaxNodes = 1000;

constexpr BlankProfileRow kBlankProfiles[] = {
    {BlankProfile::TeachingRing,
     QT_TRANSLATE_NOOP("BlankScenario", "Teaching ring: 0–99, one token per node"), "{A}", 0,
     kTeachingSpace / 2,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Keys 0–99 sit at their own positions; each node gets one token, evenly "
                       "spaced. Drag them, or add vnodes, to see what moves.")},
    {BlankProfile::Ring, QT_TRANSLATE_NOOP("BlankScenario", "Ring with vnodes"), "node-{n}", 1,
     kMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Each node's vnodes are hashed names (\"node-1#0\", \"node-1#1\", …) on "
                       "a 2^32 ring; more vnodes even the shares out.")},
    {BlankProfile::Ketama, QT_TRANSLATE_NOOP("BlankScenario", "Ketama: a memcached pool"),
     "10.0.1.{n}", 1, 254,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Servers are named as libmemcached hashes them: the host alone on port "
                       "11211, host:port on any other. Each gets 40 points per unit of weight; "
                       "set weights in the node table.")},
    {BlankProfile::EnvoyRing, QT_TRANSLATE_NOOP("BlankScenario", "Envoy ring hash"),
     "10.0.0.{n}:8080", 1, 254,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Hosts are named by their address host:port, as Envoy hashes them; a "
                       "host's load_balancing_weight (the node's weight) scales its tokens.")},
    {BlankProfile::Maglev, QT_TRANSLATE_NOOP("BlankScenario", "Envoy Maglev"), "10.0.0.{n}:8080", 1,
     254,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Hosts are named by their address host:port, as Envoy hashes them, and "
                       "fill a lookup table of 65,537 entries; removing one moves few entries.")},
    {BlankProfile::Rendezvous, QT_TRANSLATE_NOOP("BlankScenario", "Rendezvous (HRW)"), "node-{n}",
     1, kMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "No ring: each key scores every node and the highest score wins, so only "
                       "the keys a changed node wins or held move.")},
    {BlankProfile::WeightedRendezvous, QT_TRANSLATE_NOOP("BlankScenario", "Weighted rendezvous"),
     "node-{n}", 1, kMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Rendezvous with each score scaled by the node's weight (−w / ln h): set "
                       "weights in the node table and a node's share follows.")},
    {BlankProfile::Jump, QT_TRANSLATE_NOOP("BlankScenario", "Jump hash"), "node-{n}", 1, kMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Nodes are buckets 0 … N−1 in the table's order: a new node moves only "
                       "the keys it takes; removing one from the middle renumbers those after "
                       "it.")},
    {BlankProfile::ModN, QT_TRANSLATE_NOOP("BlankScenario", "hash % N"), "node-{n}", 1, kMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Bucket hash % N: add a node and see nearly every key change bucket.")},
    {BlankProfile::RedisCluster, QT_TRANSLATE_NOOP("BlankScenario", "Redis Cluster"),
     "127.0.0.1:{n}", 7000, 100,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Masters on 127.0.0.1:7000, 7001, … share the 16,384 slots as redis-cli "
                       "--cluster create splits them; keys with one {hash tag} share a slot.")},
    {BlankProfile::Cassandra, QT_TRANSLATE_NOOP("BlankScenario", "Cassandra (Murmur3Partitioner)"),
     "10.0.0.{n}", 1, 254,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Nodes take 16 random signed 64-bit tokens each and spread over three "
                       "racks (zones); RF 3 puts a key's replicas in three racks.")},
};
static_assert(indexedByValue(kBlankProfiles));

std::string nodeId(const BlankProfileRow& row, size_t index) {
    std::string pattern = row.idPattern;
    if (pattern == "{A}") {
        return nodeIdOf({"", NodeNumber::Kind::Upper, uint64_t(index), 1, false});
    }
    const size_t at = pattern.find("{n}");
    return pattern.replace(at, 3, std::to_string(uint64_t(row.firstNumber) + index));
}

}  // namespace

std::span<const BlankProfileRow> blankProfiles() {
    return kBlankProfiles;
}

const BlankProfileRow& blankProfile(BlankProfile profile) {
    return rowOf(kBlankProfiles, profile);
}

QString blankProfileHint(BlankProfile profile) {
    return QCoreApplication::translate("BlankScenario", blankProfile(profile).hint);
}

QString blankProfileLabel(BlankProfile profile) {
    return QCoreApplication::translate("BlankScenario", blankProfile(profile).label);
}

Scenario blankScenario(const BlankScenarioSpec& spec) {
    const BlankProfileRow& row = blankProfile(spec.profile);
    const size_t count = std::clamp<size_t>(spec.nodes, 1, row.maxNodes);
    Scenario s;
    s.title = spec.title;
    s.keys.pattern = spec.keyPattern;
    s.keys.count = spec.keys;
    for (size_t i = 0; i < count; ++i) {
        NodeSpec node;
        node.id = nodeId(row, i);
        s.nodes.push_back(node);
    }
    switch (spec.profile) {
        case BlankProfile::TeachingRing:
            s.space = kTeachingSpace;
            s.keyHash = HashKind::Identity;
            s.keys.pattern = "{i}";
            s.keys.count = kTeachingSpace;
            for (size_t i = 0; i < count; ++i) {  // evenly spaced, each in the middle of its share
                s.nodes[i].tokens = {(2 * i + 1) * kTeachingSpace / (2 * count)};
            }
            break;
        case BlankProfile::Ring:
            giveRingNodesTokens(s);
            break;
        case BlankProfile::Ketama:
            s.keyHash = HashKind::Md5;  // ketama's keys, as libmemcached hashes them
            useTokenScheme(s, TokenScheme::Ketama);
            break;
        case BlankProfile::EnvoyRing:
            useTokenScheme(s, TokenScheme::Envoy);
            break;
        case BlankProfile::Maglev:
            s.algorithm = Algorithm::Maglev;
            break;
        case BlankProfile::Rendezvous:
            s.algorithm = Algorithm::Rendezvous;
            break;
        case BlankProfile::WeightedRendezvous:
            s.algorithm = Algorithm::WeightedRendezvous;
            break;
        case BlankProfile::Jump:
            s.algorithm = Algorithm::Jump;
            break;
        case BlankProfile::ModN:
            s.algorithm = Algorithm::ModN;
            break;
        case BlankProfile::RedisCluster:
            s.algorithm = Algorithm::RedisCluster;  // no slots: redis-cli's split for N masters
            break;
        case BlankProfile::Cassandra:
            s.space = kSpaceSigned64;
            s.keyHash = HashKind::Murmur3Cassandra;
            s.params.edit<NamedTokenParams>().hash = HashKind::Murmur3Cassandra;
            s.replicas = std::min<int64_t>(kCassandraReplicas, int64_t(count));
            s.zoneAware = true;
            for (size_t i = 0; i < count; ++i) {
                s.nodes[i].vnodes = kCassandraTokens;
                s.nodes[i].zone = "dc1/rack" + std::to_string(i % kCassandraRacks + 1);
            }
            break;
    }
    return s;
}

}  // namespace ringscope
