#pragma once
// How the spread of keys over a ring's nodes shrinks as each node gets more virtual nodes
// (Karger et al. 1997; DeCandia et al. 2007, §6.2): the core's stats at V = 1 … 1000.

#include <QString>

#include <optional>
#include <vector>

#include "ringscope/hash.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

inline constexpr int64_t kStudyVnodes[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
inline constexpr size_t kStudyKeys = 100'000;

// The standard error of the load of a ring with k points per node, as published: Lamping and
// Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm" (2014), Table 1, for Karger et al.'s
// ring (close to 1/√k).
struct PublishedSpread {
    int64_t vnodes;
    double standardError;
};
inline constexpr PublishedSpread kPublishedSpread[] = {{10, 0.3152}, {100, 0.0997}, {1000, 0.0316}};
// The published value at `vnodes`, if the table has one.
std::optional<double> publishedSpread(int64_t vnodes);

struct VnodePoint {
    int64_t vnodes = 0;
    double stddevOverMean = 0;
    double maxOverMean = 0;
};

struct VnodeStudy {
    std::vector<VnodePoint> points;  // with the scenario's token hash
    // With xxh64 token names, when the scenario uses another token hash: similar token names
    // ("A#1", "A#2", ...) cluster under FNV-1a, which the second curve makes visible.
    std::vector<VnodePoint> xxhPoints;
    HashKind tokenHash = HashKind::Fnv1a32;
    // The scenario's own V (ring tokens per node, rounded) and its numbers as it is: its own
    // tokens, space and key hash, beside the study's hash-named vnodes.
    int64_t currentVnodes = 0;
    std::optional<VnodePoint> current;
    size_t keys = 0;
    bool widenedSpace = false;  // the scenario's space was too small for 1000 vnodes per node
    QString error;
};

// The scenario as a ring of hash-named tokens, V per node (weights kept), for every V of
// kStudyVnodes; the core's stats of each. O(|V| · (N·V log(N·V) + K)).
Scenario studyScenario(const Scenario& scenario, int64_t vnodes, bool* widened = nullptr);
std::vector<VnodePoint> studyCurve(const Scenario& scenario, const KeySet& keys,
                                   const HashedKeys& hashed);
// `currentVnodes` > 0 adds the scenario's own numbers, at its V.
VnodeStudy runVnodeStudy(const Scenario& scenario, const KeySet& keys, int64_t currentVnodes = 0);

}  // namespace ringscope
