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
    ModN
};

inline constexpr NamedValue<Algorithm> kAlgorithmNames[] = {
    {Algorithm::Ring, "ring"},
    {Algorithm::Rendezvous, "rendezvous"},
    {Algorithm::WeightedRendezvous, "weighted-rendezvous"},
    {Algorithm::NaiveDivRendezvous, "naive-divide-rendezvous"},
    {Algorithm::NaiveMulRendezvous, "naive-multiply-rendezvous"},
    {Algorithm::Jump, "jump"},
    {Algorithm::ModN, "modn"},
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

// How ring tokens are placed when a node has no explicit positions.
enum class TokenScheme : uint8_t { Named, Ketama };

inline constexpr NamedValue<TokenScheme> kTokenSchemeNames[] = {
    {TokenScheme::Named, "named"},
    {TokenScheme::Ketama, "ketama"},
};
static_assert(indexedByValue(kTokenSchemeNames));

constexpr std::string_view tokenSchemeName(TokenScheme scheme) {
    return nameIn(kTokenSchemeNames, scheme);
}

}  // namespace ringscope
