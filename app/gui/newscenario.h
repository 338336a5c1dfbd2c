#pragma once
// File → New: a scenario built from scratch — an algorithm or a production profile, a number of
// nodes named as that system names its hosts, and a key set — rather than a copy of a preset.
// Plain functions on values; the New Scenario dialog asks for the spec.

#include <QString>

#include <cstdint>
#include <span>
#include <string_view>

#include "ringscope/scenario.h"

namespace ringscope {

// The teaching ring's space, 0-99: its keys are its positions, all 100 of them.
inline constexpr uint64_t kTeachingSpace = 100;

// What a new scenario starts as. Each profile is one row of kBlankProfiles.
enum class BlankProfile : uint8_t {
    TeachingRing,  // 0-99, identity keys, one explicit token per node: every position visible
    Ring,          // hash-named vnodes in 2^32
    Ketama,        // libmemcached's weighted ketama (md5 keys)
    EnvoyRing,     // Envoy's ring hash
    Maglev,        // Envoy's Maglev
    Rendezvous,
    WeightedRendezvous,
    Jump,
    ModN,
    RedisCluster,  // 16,384 slots split as redis-cli --cluster create splits them
    Cassandra      // Murmur3Partitioner, racks as zones, RF 3 rack-aware
};

struct BlankProfileRow {
    BlankProfile value;
    const char* label;      // for the dialog, translated there (context "BlankScenario")
    const char* idPattern;  // node ids: "node-{n}", "10.0.1.{n}", "127.0.0.1:{n}"; "{A}": A, B, …
    int firstNumber;        // {n} of the first node
    size_t maxNodes;        // nodes the profile takes at most
    const char* hint;       // what the system does and names, for the dialog (translated there)
};

std::span<const BlankProfileRow> blankProfiles();
const BlankProfileRow& blankProfile(BlankProfile profile);
// The profile's label in the user's language.
QString blankProfileLabel(BlankProfile profile);
// What the profile makes, in the user's language: how it names its nodes and what to try.
QString blankProfileHint(BlankProfile profile);

struct BlankScenarioSpec {
    BlankProfile profile = BlankProfile::Ring;
    size_t nodes = 4;
    std::string title;
    std::string keyPattern = "key-{i}";  // the teaching ring's keys are always "{i}"
    uint64_t keys = 10'000;
};

// The scenario: `nodes` nodes of the profile (clamped to 1 … maxNodes), the key set, the title.
// Every profile's scenario places without error. O(N).
Scenario blankScenario(const BlankScenarioSpec& spec);

}  // namespace ringscope
