#pragma once
// Consistent hashing with bounded loads (Mirrokni, Thorup, Zadimoghaddam, "Consistent Hashing
// with Bounded Loads", SODA 2018, arXiv:1608.01350), over any preference walk: a ring's
// clockwise walk or Maglev's retry walk.
//
// Keys arrive in key-set order, each with a weight (its requests; 1 without popularity). With
// `placed` the total weight placed so far including the arriving key, node n's capacity is
//     ceil(c · placed · w_n / Σw)        (unweighted nodes: the paper's ceil(c · m / N)),
// and a node takes the key while its load plus the key's weight stays within its capacity;
// otherwise the key walks on to the next node of its walk with room.
//
// Which production rules this follows, and why:
//   * The factor is an integer percent c·100 ≥ 100, as Envoy's hash_balance_factor and HAProxy's
//     hash-balance-factor are, so capacities come from exact integer arithmetic.
//   * Capacity is the paper's ceil(c·m/N) for every node, scaled by weight share (Envoy's
//     BoundedLoadHashingLoadBalancer: ceil(total_slots · weight)). HAProxy's
//     chash_server_is_eligible instead splits ceil(c·m) whole slots so some nodes get the floor.
//   * A node accepts while load + weight ≤ capacity: HAProxy's `served < slots` for unit weights.
//     Envoy accepts while the load before the request is ≤ slots, i.e. one request more.
//   * The walk goes to the next node on the ring (HAProxy, and the paper); Envoy instead probes
//     hosts in a random order seeded by the hash (arXiv:1908.08762) — not modelled here.
// With unit weights and c ≥ 1 some node always has room (Σ capacities ≥ c·m > m − 1), so every
// node ends at or below its capacity. With unequal key weights a heavy key may fit nowhere on its
// walk; it then goes to the walked node with the most room left and is listed in overCapacity.

#include <cstdint>
#include <span>
#include <vector>

#include "ringscope/keyset.h"
#include "ringscope/largearray.h"

namespace ringscope {

inline constexpr uint32_t kMinBalanceFactorPercent = 100;
// c = 10,000,000: far beyond any load, so every key stays with its first choice.
inline constexpr uint32_t kMaxBalanceFactorPercent = 1'000'000'000;

// The factor c of a scenario file ("boundedLoad": {"factor": 1.25}) as its percent c·100, the
// integer Envoy's hash_balance_factor and HAProxy's hash-balance-factor take. Throws
// InputError("boundedLoad.factor") for a factor below 1, above 10,000,000, or not in hundredths.
uint32_t balanceFactorPercent(double factor);
// The check every factor percent passes (the placement's, too); throws as above.
void checkBalanceFactorPercent(uint32_t percent);

struct BoundedLoadResult {
    LargeVector<uint32_t> owner;        // per key: the node it landed on
    LargeVector<uint32_t> firstChoice;  // per key: the first node of its walk
    LargeVector<uint32_t> probes;       // per key: distinct nodes it looked at (1 = first choice)
    std::vector<double> load;           // per node: weight placed on it
    std::vector<double> capacity;       // per node: capacity once every key is placed
    std::vector<uint32_t> displaced;    // keys that landed away from their first choice, in order
    // The overflow chain of displaced[i]: the full nodes it passed, first choice first, in
    // chainNodes[chainStart[i] .. chainStart[i + 1]).
    std::vector<uint32_t> chainStart;
    std::vector<uint32_t> chainNodes;
    std::vector<uint32_t> overCapacity;  // keys that found no node with room
    double placed = 0;                   // total weight
};

// The arrival weight of each key of a hashed key set: its requests, or 1 each. O(K).
std::vector<double> keyLoadWeights(const HashedKeys& keys);

// Places keys 0 … K−1 in order. walk(k, visit) must call visit(node) for key k's nodes in
// preference order until visit returns true (repeats are ignored); it should reach every node
// that can take keys. nodeWeights (> 0) has one entry per node; keyWeights (≥ 0) one per key.
// factorPercent ≥ 100 (c = factorPercent / 100). Cost O(K · P) for P nodes probed per key
// (expected O(1/ε²) for c = 1 + ε, the paper's bound) plus the walk's own cost.
template <typename Walk>
BoundedLoadResult boundedLoads(std::span<const double> nodeWeights,
                               std::span<const double> keyWeights, uint32_t factorPercent,
                               Walk&& walk);

// The same placement for a hashed key set, in key-set order, each key weighing its requests (1
// without popularity): what a ring or Maglev with "boundedLoad" assigns.
template <typename Walk>
BoundedLoadResult boundedLoads(std::span<const double> nodeWeights, const HashedKeys& keys,
                               uint32_t factorPercent, Walk&& walk) {
    return boundedLoads(nodeWeights, keyLoadWeights(keys), factorPercent, walk);
}

namespace detail {

// The placement state between keys; the template above drives it with a walk.
class BoundedLoadState {
public:
    BoundedLoadState(std::span<const double> nodeWeights, size_t keys, uint32_t factorPercent);
    void begin(uint32_t key, double weight);
    // Offers the key's next walked node; true when the key has landed.
    bool offer(uint32_t node);
    void finish();
    BoundedLoadResult take();

private:
    double capacityOf(uint32_t node) const;

    BoundedLoadResult m_result;
    std::vector<double> m_share;   // w_n · factorPercent
    double m_denominator = 0;      // 100 · Σw
    std::vector<uint32_t> m_seen;  // stamp per node: key + 1 when visited for that key
    uint32_t m_key = 0;
    double m_weight = 0;
    bool m_landed = false;
    uint32_t m_best = 0;  // walked node with the most room, for overCapacity
    double m_bestRoom = 0;
    uint32_t m_probes = 0;
    std::vector<uint32_t> m_chain;
};

}  // namespace detail

template <typename Walk>
BoundedLoadResult boundedLoads(std::span<const double> nodeWeights,
                               std::span<const double> keyWeights, uint32_t factorPercent,
                               Walk&& walk) {
    detail::BoundedLoadState state(nodeWeights, keyWeights.size(), factorPercent);
    for (size_t k = 0; k < keyWeights.size(); ++k) {
        state.begin(static_cast<uint32_t>(k), keyWeights[k]);
        walk(k, [&](uint32_t node) { return state.offer(node); });
        state.finish();
    }
    return state.take();
}

}  // namespace ringscope
