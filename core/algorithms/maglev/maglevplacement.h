#pragma once
// Maglev placement (SPEC §6 "Envoy Maglev"): Envoy's OriginalMaglevTable over the scenario's
// nodes (maglev.h). A key goes to table[h mod M] with h its full 64-bit key hash, never reduced
// by the space; replicas follow Envoy's retry walk; with "boundedLoad" the keys are placed
// together, in key-set order, each walking on to the next node with room (bounded_load.h).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "maglev.h"
#include "ringscope/bounded_load.h"
#include "ringscope/placement.h"

namespace ringscope {

// Maglev's parameters ("maglev": {"tableSize": 65537}): the table size M, prime.
struct MaglevParams {
    uint64_t tableSize = kMaglevDefaultTableSize;
    bool operator==(const MaglevParams&) const = default;
};

// Maglev's retry walk (attempts 0, 1, …, until it has covered the table) for each key's hash:
// the preference walk of bounded loads.
struct MaglevWalk {
    const MaglevTable& table;
    std::span<const uint64_t> hashes;
    template <typename Visit>
    void operator()(size_t key, Visit&& visit) const {
        for (uint64_t a = 0; a <= table.retryAttemptsToCoverTable(); ++a) {
            if (visit(table.retry(hashes[key], a))) {
                return;
            }
        }
    }
};

class MaglevPlacement final : public PlacementState {
public:
    // Envoy's table of the scenario's size over the nodes (ids as Envoy hashes them, weights).
    // Throws InputError for a table size that is not prime (Envoy's message), and when fewer
    // nodes hold table entries than there are replicas. O(M log M).
    MaglevPlacement(const Scenario& scenario, const PlacementNodes& nodes);

    const MaglevTable& table() const { return m_table; }
    uint64_t tableSize() const { return m_table.size(); }

    // Every step of the fill (round, node, entry, entries skipped), for a view that replays it.
    // Rebuilds the table once: O(M log M).
    std::vector<MaglevFillStep> fillSteps(const PlacementNodes& nodes) const;

    // O(R) expected: table[h mod M], then the retry walk for replicas. This is a key's first
    // choice; with bounded loads, where it lands depends on the keys before it (assignAll).
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // The lookup table, M entries of 4 bytes (the permutations are kept for the view).
    size_t lookupBytes() const override { return m_table.entries().size_bytes(); }
    // Every key: table lookups, or with bounded loads the keys in key-set order, O(K · probes).
    bool assignAll(const PlacementNodes& nodes, const HashedKeys& keys,
                   std::span<uint32_t> owners) const override;
    // Without bounded loads assignAll is route key by key.
    bool routesKeysAlone() const override { return !m_boundedLoad; }
    std::optional<uint32_t> boundedLoadPercent() const override { return m_boundedLoad; }
    std::optional<BoundedLoadResult> boundedLoads(const PlacementNodes& nodes,
                                                  const HashedKeys& keys) const override;
    // Each node's entries against M·w/Σw.
    PlacementFacts facts(const PlacementNodes& nodes) const override;
    // Each node's entries over M, with every node up and no bounded loads (a down host's keys
    // take the retry walk, which depends on each key's hash, not its entry). O(N).
    std::optional<SpaceShares> spaceShares(const Placement& placement) const override;

private:
    MaglevTable m_table;
    std::optional<uint32_t> m_boundedLoad;
};

}  // namespace ringscope
