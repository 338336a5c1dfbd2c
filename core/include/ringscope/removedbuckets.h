#pragma once
// Buckets removed in place: AnchorHash, MementoHash and DxHash remove any bucket at constant
// cost. A removed node keeps its place in the scenario's node order, and so its bucket index; the
// algorithm stops giving it keys, and a node added later takes the bucket removed last (the
// reference implementations pop it from their stacks). The file lists the removed nodes' ids in
// the order they were removed ("anchor": {"removed": ["node-3", "node-7"]}); a scenario holds
// their indices, so that renaming a node needs nothing here.
//
// What the three share lives here: the list's reading, writing and checks, the edits (removing
// marks the node, adding fills the bucket removed last), and the placement rule around the
// algorithm's own lookup (replicas and failover go on to the following working buckets, and the
// fair share of a working bucket is 1/W).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/json.h"
#include "ringscope/module.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

// The removed buckets, in the order they were removed.
using RemovedOrder = std::vector<uint32_t>;

namespace removed {

// "removed": [ids] at `where` ("anchor.removed"), against the nodes read already. Throws
// InputError: not an array, an id that is no node's, an id twice.
RemovedOrder read(const json::Value& value, const Scenario& scenario, const std::string& where);
json::Array write(const RemovedOrder& order, const Scenario& scenario);
// node -> 1 when removed, for `nodes` nodes.
std::vector<uint8_t> mask(const RemovedOrder& order, size_t nodes);
// The nodes neither removed (`isRemoved`: node -> 1) nor down.
size_t workingUp(const Scenario& scenario, std::span<const uint8_t> isRemoved);
// `table` (an algorithm's state with remove(bucket)) after the removals, in order.
template <typename Table>
Table afterRemovals(Table table, const RemovedOrder& order) {
    for (const uint32_t b : order) {
        table.remove(b);
    }
    return table;
}
// Checks the list against the scenario: each bucket a node's, none twice, enough working nodes
// up for the replicas. Throws InputError at `where`.
void validate(const Scenario& scenario, const RemovedOrder& order, const std::string& where);
// After node `index` was erased from the scenario's nodes: it leaves the list, the later
// buckets are renumbered.
void erased(RemovedOrder& order, size_t index);

// Capacity: the buckets an algorithm with a fixed-size table has room for (AnchorHash's a,
// DxHash's capacity), the scenario's own or twice the nodes.
uint32_t capacityOr(const std::optional<uint32_t>& capacity, size_t nodes);
// Reads a capacity at `where` (1 … 2^31−1). Throws InputError.
uint32_t readCapacity(const json::Value& value, const std::string& where);
// Checks a capacity (given or 2N) against the nodes. Throws InputError at `where`.
void validateCapacity(const std::optional<uint32_t>& capacity, size_t nodes,
                      const std::string& where);
// Throws InputError at "<algorithm>.capacity" when a table of `capacity` buckets holds `nodes`
// already (a new node needs a removed bucket or a larger table).
void checkRoom(uint32_t capacity, size_t nodes, const std::string& algorithm);

// The scenario without the nodes its algorithm removed in place (the nodes that take part):
// how a change between two scenarios is told ("removed node-3"). O(N).
Scenario presentNodes(const Scenario& scenario);

}  // namespace removed

// The placement around an algorithm that removes buckets in place: the algorithm gives a key's
// bucket among the working ones (bucketOf), the replicas and a down node's keys go on to the
// following buckets that are neither removed nor down (detail::followingBuckets), and a working
// bucket's fair share is 1/W of the W working ones (weights play no part).
class RemovedBucketsPlacement : public PlacementState {
public:
    RemovedBucketsPlacement(const RemovedOrder& order, const PlacementNodes& nodes);
    // The key's bucket: a working one.
    virtual uint32_t bucketOf(uint64_t key) const = 0;
    const RemovedOrder& removedOrder() const { return m_order; }
    bool isRemoved(uint32_t bucket) const { return m_removed[bucket] != 0; }
    size_t working() const { return m_removed.size() - m_order.size(); }

    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const final;
    std::vector<double> ownShares(const PlacementNodes& nodes) const final;
    std::optional<SpaceShares> spaceShares(const Placement& placement) const final;

private:
    RemovedOrder m_order;
    std::vector<uint8_t> m_removed;  // bucket -> 1 when removed
    std::vector<uint8_t> m_skipped;  // bucket -> 1 when removed or down
};

namespace detail {
// Marks node `index` removed (RemovesInPlace). Throws InputError when it is already, or when no
// other working node would be left.
void retireBucket(Scenario& s, RemovedOrder& order, size_t index);
// Puts `spec` into the bucket removed last, or after the last node.
void refillBucket(Scenario& s, RemovedOrder& order, NodeSpec spec);
}  // namespace detail

// The module side: the parameters' object, named as the algorithm ("anchor": {"capacity": a,
// "removed": [ids]}), read, written and checked; removing a node marks its bucket removed, adding
// one fills the bucket removed last (or appends), erasing a node (under another algorithm) drops
// it from the list, and the list is forgotten when the scenario turns to another algorithm.
// `Params` is the algorithm's parameter struct with a `removed` member (RemovedOrder) and
// optionally a `capacity` (std::optional<uint32_t>), pinned to 2N by the first edit so that the
// table keeps its size. Keys are read as whole 64-bit values, as for jump.
template <typename Params>
class RemovesInPlace : public AlgorithmModule {
public:
    using AlgorithmModule::AlgorithmModule;
    static constexpr bool kHasCapacity = requires(Params p) { p.capacity; };

    void fixKeyHashing(KeyHashing& hashing) const override { hashing.rawValues = true; }
    void readParams(const json::Object& root, Scenario& s) const override {
        const std::string key(name());
        if (!root.contains(key)) {
            return;
        }
        const json::Object& o = json::object(root[key], key);
        Params& p = s.params.edit<Params>();
        if constexpr (kHasCapacity) {
            json::allowOnly(o, {"capacity", "removed"}, key);
            if (o.contains("capacity")) {
                p.capacity = removed::readCapacity(o["capacity"], key + ".capacity");
            }
        } else {
            json::allowOnly(o, {"removed"}, key);
        }
        if (o.contains("removed")) {
            p.removed = removed::read(o["removed"], s, key + ".removed");
        }
    }
    FileFields fileFields() const override {
        static const std::string key(name());
        static const std::string_view root[] = {key};
        return {.root = root};
    }
    void writeParams(const Scenario& s, json::Object& root) const override {
        const Params& p = s.params.get<Params>();
        if (p == Params{}) {
            return;
        }
        json::Object o;
        if constexpr (kHasCapacity) {
            if (p.capacity) {
                o.set("capacity", json::Value::count(*p.capacity));
            }
        }
        o.set("removed", removed::write(p.removed, s));
        root.set(std::string(name()), std::move(o));
    }
    // A table of `capacity` buckets is built: counted as nodes.
    void countWork(const Scenario& s, Work& work) const override {
        if constexpr (kHasCapacity) {
            const std::optional<uint32_t>& capacity = s.params.get<Params>().capacity;
            work.build.push_back(
                {.limit = Limit::Nodes,
                 .amount = removed::capacityOr(capacity, s.nodes.size()),
                 .field = capacity ? std::string(name()) + ".capacity" : std::string("nodes"),
                 .what = capacity ? "buckets of the table (its capacity)"
                                  : "buckets of the table (twice the nodes, unless capacity says)",
                 .units = 2});
        }
    }
    void validate(const Scenario& s) const override {
        const Params& p = s.params.get<Params>();
        if constexpr (kHasCapacity) {
            removed::validateCapacity(p.capacity, s.nodes.size(),
                                      std::string(name()) + ".capacity");
        }
        removed::validate(s, p.removed, std::string(name()) + ".removed");
    }

    bool removeInPlace(Scenario& s, size_t index) const override {
        Params& p = s.params.edit<Params>();
        pinCapacity(p, s.nodes.size());
        detail::retireBucket(s, p.removed, index);
        return true;
    }
    void addNode(Scenario& s, NodeSpec spec) const override {
        Params& p = s.params.edit<Params>();
        pinCapacity(p, s.nodes.size());
        if constexpr (kHasCapacity) {
            if (p.removed.empty()) {
                removed::checkRoom(*p.capacity, s.nodes.size(), std::string(name()));
            }
        }
        detail::refillBucket(s, p.removed, std::move(spec));
    }
    std::span<const uint32_t> removedInPlace(const Scenario& s) const override {
        return s.params.get<Params>().removed;
    }
    void nodeRemoved(Scenario& s, size_t index) const override {
        if (!s.params.get<Params>().removed.empty()) {
            removed::erased(s.params.edit<Params>().removed, index);
        }
    }
    void switched(Scenario& s, Algorithm from, Algorithm to) const override {
        if (from == id() && to != id()) {
            s.params.reset<Params>();
        }
    }

private:
    static void pinCapacity(Params& p, size_t nodes) {
        if constexpr (kHasCapacity) {
            p.capacity = removed::capacityOr(p.capacity, nodes);
        }
    }
};
}  // namespace ringscope
