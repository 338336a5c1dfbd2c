#include "newscenario.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "nodenames.h"
#include "ringscope/registry.h"
#include "ringscope/scenario.h"
#include "ringscope/selfregistry.h"
#include "tokenschemes/named/named.h"

namespace ringscope {

namespace {

// Cassandra's num_tokens and the racks a new cluster spreads over (zone "dc1/rackN").
constexpr int64_t kCassandraTokens = 16;
constexpr size_t kCassandraRacks = 3;
constexpr int64_t kCassandraReplicas = 3;

using Profiles = SelfRegistry<BlankProfileRow>;

std::string nodeId(const BlankProfileRow& row, size_t index) {
    std::string pattern = row.idPattern;
    if (pattern == "{A}") {
        return nodeIdOf({"", NodeNumber::Kind::Upper, uint64_t(index), 1, false});
    }
    const size_t at = pattern.find("{n}");
    return pattern.replace(at, 3, std::to_string(uint64_t(row.firstNumber) + index));
}

// The ring's profiles and the token schemes', which no algorithm's folder holds alone.
// Teaching: a space of 100 shows every position; more nodes than half of it cannot each hold
// one in the middle of its share.
const BlankProfileRegistration kTeaching{
    {kTeachingProfile,
     QT_TRANSLATE_NOOP("BlankScenario", "Teaching ring: 0–99, one token per node"), "{A}", 0,
     kTeachingSpace / 2,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Keys 0–99 sit at their own positions; each node gets one token, evenly "
                       "spaced. Drag them, or add vnodes, to see what moves."),
     0, [](Scenario& s) {
         s.space = kTeachingSpace;
         s.keyHash = HashKind::Identity;
         s.keys.pattern = "{i}";
         s.keys.count = kTeachingSpace;
         const size_t count = s.nodes.size();
         for (size_t i = 0; i < count; ++i) {  // evenly spaced, each in the middle of its share
             s.nodes[i].tokens = {(2 * i + 1) * kTeachingSpace / (2 * count)};
         }
     }}};
const BlankProfileRegistration kRing{
    {"ring", QT_TRANSLATE_NOOP("BlankScenario", "Ring with vnodes"), "node-{n}", 1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Each node's vnodes are hashed names (\"node-1#0\", \"node-1#1\", …) on "
                       "a 2^32 ring; more vnodes even the shares out."),
     10, [](Scenario& s) { giveRingNodesTokens(s); }}};
const BlankProfileRegistration kKetama{
    {"ketama", QT_TRANSLATE_NOOP("BlankScenario", "Ketama: a memcached pool"), "10.0.1.{n}", 1, 254,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Servers are named as libmemcached hashes them: the host alone on port "
                       "11211, host:port on any other. Each gets 40 points per unit of weight; "
                       "set weights in the node table."),
     20, [](Scenario& s) {
         s.keyHash = HashKind::Md5;  // ketama's keys, as libmemcached hashes them
         useTokenScheme(s, TokenScheme::Ketama);
     }}};
const BlankProfileRegistration kEnvoyRing{
    {"envoy-ring", QT_TRANSLATE_NOOP("BlankScenario", "Envoy ring hash"), "10.0.0.{n}:8080", 1, 254,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Hosts are named by their address host:port, as Envoy hashes them; a "
                       "host's load_balancing_weight (the node's weight) scales its tokens."),
     30, [](Scenario& s) { useTokenScheme(s, TokenScheme::Envoy); }}};
const BlankProfileRegistration kCassandra{
    {"cassandra", QT_TRANSLATE_NOOP("BlankScenario", "Cassandra (Murmur3Partitioner)"),
     "10.0.0.{n}", 1, 254,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Nodes take 16 random signed 64-bit tokens each and spread over three "
                       "racks (zones); RF 3 puts a key's replicas in three racks."),
     100, [](Scenario& s) {
         const size_t count = s.nodes.size();
         s.space = kSpaceSigned64;
         s.keyHash = HashKind::Murmur3Cassandra;
         s.params.edit<NamedTokenParams>().hash = HashKind::Murmur3Cassandra;
         s.replicas = std::min<int64_t>(kCassandraReplicas, int64_t(count));
         s.zoneAware = true;
         for (size_t i = 0; i < count; ++i) {
             s.nodes[i].vnodes = kCassandraTokens;
             s.nodes[i].zone = "dc1/rack" + std::to_string(i % kCassandraRacks + 1);
         }
     }}};

}  // namespace

BlankProfileRegistration::BlankProfileRegistration(const BlankProfileRow& row) {
    Profiles::add(
        row, [](const BlankProfileRow& a, const BlankProfileRow& b) { return a.order < b.order; },
        [](const BlankProfileRow& a, const BlankProfileRow& b) { return a.name == b.name; },
        "new-scenario profile", row.name);
}

std::span<const BlankProfileRow> blankProfiles() {
    return Profiles::entries();
}

const BlankProfileRow& blankProfile(std::string_view name) {
    if (const BlankProfileRow* row =
            Profiles::find([&](const BlankProfileRow& r) { return r.name == name; })) {
        return *row;
    }
    std::fprintf(stderr, "ringscope: no new-scenario profile \"%.*s\"\n", int(name.size()),
                 name.data());
    std::abort();
}

QString blankProfileHint(const BlankProfileRow& row) {
    return QCoreApplication::translate("BlankScenario", row.hint);
}

QString blankProfileLabel(const BlankProfileRow& row) {
    return QCoreApplication::translate("BlankScenario", row.label);
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
    row.shape(s);
    return s;
}

}  // namespace ringscope
