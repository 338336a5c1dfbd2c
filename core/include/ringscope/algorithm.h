#pragma once
// The placement algorithms: a closed set. Each one has its placement state type in
// ringscope/placements/ and one alternative in Placement's variant; the name table below is the
// only place its file spelling is written.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ringscope/names.h"

namespace ringscope {

enum class Algorithm : uint8_t {
    Ring,
    Rendezvous,
    WeightedRendezvous,
    NaiveDivRendezvous,
    NaiveMulRendezvous,
    Jump,
    ModN,
    Maglev,
    RedisCluster
};

struct AlgorithmRow {
    Algorithm value;
    std::string_view name;   // in scenario files and messages
    std::string_view label;  // in the desktop program's views (translated there)
};

inline constexpr AlgorithmRow kAlgorithmNames[] = {
    {Algorithm::Ring, "ring", "Ring"},
    {Algorithm::Rendezvous, "rendezvous", "HRW"},
    {Algorithm::WeightedRendezvous, "weighted-rendezvous", "Weighted HRW"},
    {Algorithm::NaiveDivRendezvous, "naive-divide-rendezvous", "HRW score/w"},
    {Algorithm::NaiveMulRendezvous, "naive-multiply-rendezvous", "HRW score·w"},
    {Algorithm::Jump, "jump", "Jump"},
    {Algorithm::ModN, "modn", "mod-N"},
    {Algorithm::Maglev, "maglev", "Maglev"},
    {Algorithm::RedisCluster, "redis-cluster", "Redis Cluster"},
};
static_assert(indexedByValue(kAlgorithmNames));

inline constexpr auto kAllAlgorithms = valuesIn(kAlgorithmNames);

// "ring", "weighted-rendezvous", ... (choicesIn(kAlgorithmNames) lists them all).
constexpr std::string_view algorithmName(Algorithm algorithm) {
    return nameIn(kAlgorithmNames, algorithm);
}
constexpr std::optional<Algorithm> algorithmFromName(std::string_view name) {
    return valueIn(kAlgorithmNames, name);
}
// "Ring", "Weighted HRW", ... (UTF-8).
constexpr std::string_view algorithmLabelText(Algorithm algorithm) {
    return rowOf(kAlgorithmNames, algorithm).label;
}

// How ring tokens are placed when a node has no explicit positions: hash-named vnodes,
// libmemcached's weighted ketama, or Envoy's ring hash (envoy_ring.h).
enum class TokenScheme : uint8_t { Named, Ketama, Envoy };

inline constexpr NamedValue<TokenScheme> kTokenSchemeNames[] = {
    {TokenScheme::Named, "named"},
    {TokenScheme::Ketama, "ketama"},
    {TokenScheme::Envoy, "envoy"},
};
static_assert(indexedByValue(kTokenSchemeNames));

constexpr std::string_view tokenSchemeName(TokenScheme scheme) {
    return nameIn(kTokenSchemeNames, scheme);
}

}  // namespace ringscope
