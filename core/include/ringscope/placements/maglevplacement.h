#pragma once
// Maglev placement (SPEC §6 "Envoy Maglev"): Envoy's OriginalMaglevTable over the scenario's
// nodes (maglev.h). A key goes to table[h mod M] with h its full 64-bit key hash, never reduced
// by the space; replicas follow Envoy's retry walk; with "boundedLoad" the keys are placed
// together, in key-set order, each walking on to the next node with room (bounded_load.h).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "ringscope/bounded_load.h"
#include "ringscope/keyset.h"
#include "ringscope/maglev.h"
#include "ringscope/placements/common.h"
#include "ringscope/scenario.h"

namespace ringscope {

class MaglevPlacement {
public:
    // Envoy's table of size scenario.maglevTableSize over the nodes (ids as Envoy hashes them,
    // weights). Throws InputError for a table size that is not prime (Envoy's message), and when
    // fewer nodes hold table entries than there are replicas. O(M log M).
    static MaglevPlacement build(const Scenario& scenario, const PlacementNodes& nodes);

    const MaglevTable& table() const { return m_table; }
    uint64_t tableSize() const { return m_table.size(); }
    std::optional<uint32_t> boundedLoadPercent() const { return m_boundedLoad; }
    // Without bounded loads assignAll is route key by key (see ringplacement.h).
    bool assignAllIsRoute() const { return !m_boundedLoad; }

    // Every step of the fill (round, node, entry, entries skipped), for a view that replays it.
    // Rebuilds the table once: O(M log M).
    std::vector<MaglevFillStep> fillSteps(const PlacementNodes& nodes) const;

    // O(R) expected: table[h mod M], then the retry walk for replicas. This is a key's first
    // choice; with bounded loads, where it lands depends on the keys before it (assignAll).
    void route(const PlacementNodes& nodes, const KeyPoint& key, std::span<uint32_t> out) const;
    size_t routeCost(const PlacementNodes&) const { return 1; }
    // Every key: table lookups, or with bounded loads the keys in key-set order, O(K · probes).
    void assignAll(const PlacementNodes& nodes, const HashedKeys& keys,
                   std::span<uint32_t> owners) const;
    // The bounded placement in full (capacities, displaced keys, overflow chains). Requires
    // boundedLoadPercent(). O(K · probes).
    BoundedLoadResult boundedLoads(const PlacementNodes& nodes, const HashedKeys& keys) const;

private:
    MaglevTable m_table;
    std::optional<uint32_t> m_boundedLoad;
};

}  // namespace ringscope
