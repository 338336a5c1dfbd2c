#pragma once
// Jump placement (SPEC §2 "Jump"): jump hash over buckets 0…N−1, and a bucket -> node table so
// that a removed middle node can be shown renumbered or replaced by the last node. The table is
// jump's parameter ("jump": {"buckets": [node ids…]}).

#include <cstdint>
#include <span>
#include <vector>

#include "ringscope/module.h"
#include "ringscope/names.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

// Jump's parameters: the bucket -> node table as node indices; empty means node i in bucket i.
struct JumpParams {
    std::vector<uint32_t> buckets;
    bool operator==(const JumpParams&) const = default;
};

// How jump hash maps its buckets to nodes after a middle node is removed: Renumber drops its
// bucket and shifts the later ones down (most keys move: the classic pitfall); MoveLast puts the
// last bucket's node into the freed bucket (only the removed and last buckets' keys move).
enum class JumpRemoval : uint8_t { Renumber, MoveLast };
inline constexpr NamedValue<JumpRemoval> kJumpRemovalNames[] = {
    {JumpRemoval::Renumber, "renumber"},
    {JumpRemoval::MoveLast, "move-last"},
};
static_assert(indexedByValue(kJumpRemovalNames));
constexpr std::string_view jumpRemovalName(JumpRemoval mode) {  // "renumber", "move-last"
    return nameIn(kJumpRemovalNames, mode);
}
constexpr std::optional<JumpRemoval> jumpRemovalFromName(std::string_view name) {
    return valueIn(kJumpRemovalNames, name);
}
// As withoutNode and a lesson's remove edit name it.
inline RemovalMode jumpRemovalMode(JumpRemoval mode) {
    return RemovalMode{Algorithm::Jump, std::string(jumpRemovalName(mode))};
}

// The one jump-table rule: the scenario's bucket table when jump places it and it has one, else
// node i in bucket i. O(N).
std::vector<uint32_t> jumpTable(const Scenario& scenario);
// The bucket of `node` in that table (the node count when it has none). O(N).
size_t jumpBucketOf(const Scenario& scenario, size_t node);
// The table once `node` leaves, repaired as `mode` says, in the numbering of the nodes that stay
// (the later nodes one lower); empty when that is node i in bucket i. O(N).
std::vector<uint32_t> jumpTableWithout(const Scenario& scenario, size_t node, JumpRemoval mode);

class JumpPlacement final : public PlacementState {
public:
    explicit JumpPlacement(std::vector<uint32_t> table)
        : m_table(std::move(table)), m_kept(!isIdentity(m_table)) {}
    const std::vector<uint32_t>& table() const { return m_table; }

    // O(log N) for the bucket; replicas are the following buckets in order. A down node's bucket
    // is passed over: its keys go to the next bucket's node, which held their first replica.
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override;
    // The bucket table when the scenario keeps one (jump.buckets), else nothing.
    size_t lookupBytes() const override { return m_kept ? m_table.size() * sizeof(uint32_t) : 0; }
    // One node removed (every node up, the others in the same order): a key whose bucket was
    // below the last keeps its bucket (jump hash moves only the last bucket's keys when a bucket
    // goes), so only the last bucket's keys are hashed again; every other key's owners come
    // from its bucket through the new table (renumbered, or the last node moved in). O(K) and
    // O(K/N) jump hashes, where assigning anew is O(K log N) hashes. Adding a node has no such
    // shortcut: any key may jump to the new bucket, which only its whole chain tells.
    std::optional<Assignment> reassign(const Placement& before, const Assignment& a,
                                       const Placement& after, const KeyNames& names,
                                       const HashedKeys& keys, ChangedKeys* changed) const override;
    // With a node down, its bucket's keys go on to the next live bucket's node.
    std::optional<SpaceShares> spaceShares(const Placement& placement) const override {
        return detail::bucketSpaceShares(placement, m_table);
    }

private:
    std::vector<uint32_t> m_table;  // bucket -> node index
    bool m_kept;  // the table is the scenario's own (node i in bucket i needs none)
    static bool isIdentity(const std::vector<uint32_t>& table) {
        for (size_t b = 0; b < table.size(); ++b) {
            if (table[b] != b) {
                return false;
            }
        }
        return true;
    }
};

}  // namespace ringscope
