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
constexpr uint64_t kTeachingSpace = 100;
// Cassandra's num_tokens and the racks a new cluster spreads over (zone "dc1/rackN").
constexpr int64_t kCassandraTokens = 16;
constexpr size_t kCassandraRacks = 3;
constexpr int64_t kCassandraReplicas = 3;
// Plenty for a design review; Maglev's table and HRW's digests keep this many quick.
constexpr size_t kMaxNodes = 1000;

constexpr BlankProfileRow kBlankProfiles[] = {
    {BlankProfile::TeachingRing,
     QT_TRANSLATE_NOOP("BlankScenario", "Teaching ring: 0–99, one token per node"), "{A}", 0,
     kTeachingSpace / 2},
    {BlankProfile::Ring, QT_TRANSLATE_NOOP("BlankScenario", "Ring with vnodes"), "node-{n}", 1,
     kMaxNodes},
    {BlankProfile::Ketama, QT_TRANSLATE_NOOP("BlankScenario", "Ketama: a memcached pool"),
     "10.0.1.{n}", 1, 254},
    {BlankProfile::EnvoyRing, QT_TRANSLATE_NOOP("BlankScenario", "Envoy ring hash"),
     "10.0.0.{n}:8080", 1, 254},
    {BlankProfile::Maglev, QT_TRANSLATE_NOOP("BlankScenario", "Envoy Maglev"), "10.0.0.{n}:8080", 1,
     254},
    {BlankProfile::Rendezvous, QT_TRANSLATE_NOOP("BlankScenario", "Rendezvous (HRW)"), "node-{n}",
     1, kMaxNodes},
    {BlankProfile::WeightedRendezvous, QT_TRANSLATE_NOOP("BlankScenario", "Weighted rendezvous"),
     "node-{n}", 1, kMaxNodes},
    {BlankProfile::Jump, QT_TRANSLATE_NOOP("BlankScenario", "Jump hash"), "node-{n}", 1, kMaxNodes},
    {BlankProfile::ModN, QT_TRANSLATE_NOOP("BlankScenario", "hash % N"), "node-{n}", 1, kMaxNodes},
    {BlankProfile::RedisCluster, QT_TRANSLATE_NOOP("BlankScenario", "Redis Cluster"),
     "127.0.0.1:{n}", 7000, 100},
    {BlankProfile::Cassandra, QT_TRANSLATE_NOOP("BlankScenario", "Cassandra (Murmur3Partitioner)"),
     "10.0.0.{n}", 1, 254},
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
