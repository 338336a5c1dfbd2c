#pragma once
// What a scenario costs, counted from its numbers before anything is generated or placed, and
// checked against the limits (limits.h): the nodes, what the algorithm's module counts for its
// placement (ring tokens and the bytes of their names, Maglev's table fill, …) and for each key
// (owner entries, rendezvous digests, bounded-load walks). The desktop program weighs the same
// counts to decide what to compute in the background and how far its progress has come
// (workUnits), so the limits and the progress never disagree about what a scenario costs.

#include <cstdint>

#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/module.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Everything the scenario asks for: the amounts that do not depend on the keys, and those per
// key. O(N).
Work workOf(const Scenario& scenario);

// nodes and what building the placement costs (tokens, token-name-bytes, token-replicas,
// maglev-work, ...). O(N). Throws the refusal of the first amount over its limit.
void checkPlacementWork(const Scenario& scenario, const Limits& limits);
// key-replicas and what routing keys costs (rendezvous-work and -bytes, bounded-load-work) for
// `keys`: how many, and the bytes of their names (the scenario's own, a key file's, --key).
void checkKeyWork(const Scenario& scenario, const KeyVolume& keys, const Limits& limits);
// Everything above for the scenario with its own key set, as the reader checks a file.
void checkWork(const Scenario& scenario, const Limits& limits);

// Rough work units of computing the scenario over `keys` keys, from the same counts: each token
// or table step weighs 2, each key 8 to generate and hash (1 when its hash is at hand) times the
// replicas, each rendezvous digest 20.
uint64_t workUnits(const Scenario& scenario, uint64_t keys, bool keysHashed);

}  // namespace ringscope
