#pragma once
// What "moved" means: the one classification of a key's owners before and after a change, used by
// diff(), the desktop program's baseline, the live drag and every view.

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ringscope/keyset.h"
#include "ringscope/largearray.h"

namespace ringscope {

class Placement;
struct Assignment;
struct Scenario;

enum class KeyChange : uint8_t {
    None,        // same primary, same replica set (a mere reordering moves no data)
    Primary,     // the primary owner changed
    ReplicaOnly  // same primary, but the replica set changed
};

// `before` and `after` are one key's owners, primary first, in one node numbering. O(R²).
KeyChange classifyKeyChange(std::span<const uint32_t> before, std::span<const uint32_t> after);

// How the nodes of two states correspond: by id, or by their place in the list when the second
// state only renamed nodes of the first, so that a renamed node is the same node and the keys
// that stay with it did not move.
enum class NodeMatch : uint8_t { ById, ByIndex };
// ByIndex when `after` lists the same nodes as `before`, in the same order and equal but for
// some ids (a rename); ById otherwise. O(N).
NodeMatch nodeMatch(const Scenario& before, const Scenario& after);

// Node index of `from` -> node index of `to`, matched by id (ids that `to` lacks get numbers
// from to.nodes().size() up, one per node, so they never equal an owner of `to`), or by index.
// O(N log N).
std::vector<uint32_t> nodeRenumbering(const Placement& from, const Placement& to,
                                      NodeMatch match = NodeMatch::ById);
// The ids of that common numbering of two placements: `before`'s, then those only `after` has
// (nodeRenumbering(after, before, match) numbers them). O(N log N).
std::vector<std::string> commonNodeIds(const Placement& before, const Placement& after,
                                       NodeMatch match = NodeMatch::ById);

// Where the keys that changed between two assignments can be, when that is known (a ring edit
// followed arc by arc, PlacementState::reassign): ranges of ranks in position order, with each
// rank's key (HashedKeys::byPosition). Every key outside them kept its owners.
struct ChangedRanks {
    std::span<const KeyRange> ranks;
    std::span<const uint32_t> byRank;
};

// Every key's KeyChange against a baseline, with the counts, kept current one key at a time
// (a live drag reclassifies only the keys it touched).
class ChangeTracker {
public:
    ChangeTracker() = default;
    // The baseline's owners (K x baselineReplicas) and the current ones (K x replicas), in one
    // node numbering. O(K·R²).
    ChangeTracker(LargeVector<uint32_t> baseline, size_t baselineReplicas,
                  std::span<const uint32_t> current, size_t replicas);
    // The same for two placements of one key set; the baseline is renumbered onto `current`'s
    // nodes (nodeRenumbering).
    ChangeTracker(const Placement& baseline, const Assignment& baselineOwners,
                  const Placement& current, const Assignment& currentOwners,
                  NodeMatch match = NodeMatch::ById);
    // The same, sharing the baseline's owners instead of copying them when no node is
    // renumbered (the tracker keeps them alive). With `within`, only the keys it names are
    // compared: O(keys within) then, besides setting every key to None.
    ChangeTracker(const Placement& baseline, std::shared_ptr<const Assignment> baselineOwners,
                  const Placement& current, const Assignment& currentOwners,
                  NodeMatch match = NodeMatch::ById, const ChangedRanks* within = nullptr);

    size_t size() const { return m_keys; }
    KeyChange change(size_t key) const {
        return m_change.empty() ? KeyChange::None : m_change[key];
    }
    // Calls fn(key, change) for each key whose change is not None, in key order. Eight
    // classifications are read at a time, so a few changed keys among millions cost one pass
    // over a byte a key. O(K).
    template <typename F>
    void forEachChanged(F&& fn) const;
    size_t primaryMoved() const { return m_primaryMoved; }
    size_t replicaOnly() const { return m_replicaOnly; }

    // Counts bytes too, as diff() does: each key's size (`sizes`, one per key, which must outlive
    // the tracker's updates), the total and the bytes of the keys whose primary moved. O(K).
    void countBytes(std::span<const uint64_t> sizes);
    bool countsBytes() const { return !m_sizes.empty(); }
    uint64_t bytesMoved() const { return m_bytesMoved; }
    uint64_t totalBytes() const { return m_totalBytes; }
    // A byte total reached 2^64 - 1 and stopped there.
    bool bytesSaturated() const { return m_bytesSaturated; }
    // The key's baseline owners, in the current numbering.
    std::span<const uint32_t> baselineOwners(size_t key) const {
        return {m_baseline->data() + key * m_baselineReplicas, m_baselineReplicas};
    }

    // Reclassifies one key from its owners now (primary first, current numbering). O(R²).
    void update(size_t key, std::span<const uint32_t> owners);

    // The ranks (position order) outside which no key changed, when the tracker was built from
    // them (ChangedRanks) and no key was updated since; nullptr otherwise.
    const std::vector<KeyRange>* changedRanks() const {
        return m_withinKnown ? &m_within : nullptr;
    }

private:
    // Shared with the baseline's assignment when no node was renumbered.
    ChangeTracker(std::shared_ptr<const LargeVector<uint32_t>> baseline, size_t baselineReplicas,
                  std::span<const uint32_t> current, size_t replicas,
                  const ChangedRanks* within = nullptr);
    void classify(size_t key, std::span<const uint32_t> owners);

    std::shared_ptr<const LargeVector<uint32_t>> m_baseline =
        std::make_shared<const LargeVector<uint32_t>>();
    size_t m_baselineReplicas = 1;
    size_t m_keys = 0;
    // A byte a key, allocated when the first key changes: an opened document, where nothing has
    // moved yet, holds none (10 MB at ten million keys).
    LargeVector<KeyChange> m_change;
    size_t m_primaryMoved = 0;
    size_t m_replicaOnly = 0;
    std::span<const uint64_t> m_sizes;
    uint64_t m_bytesMoved = 0;
    uint64_t m_totalBytes = 0;
    bool m_bytesSaturated = false;
    std::vector<KeyRange> m_within;
    bool m_withinKnown = false;
};

template <typename F>
void ChangeTracker::forEachChanged(F&& fn) const {
    static_assert(static_cast<uint8_t>(KeyChange::None) == 0 && sizeof(KeyChange) == 1);
    const KeyChange* c = m_change.data();
    const size_t n = m_change.size();
    size_t k = 0;
    for (uint64_t eight = 0; k + sizeof eight <= n; k += sizeof eight) {
        std::memcpy(&eight, c + k, sizeof eight);
        if (eight == 0) {
            continue;
        }
        for (size_t i = k; i < k + sizeof eight; ++i) {
            if (c[i] != KeyChange::None) {
                fn(i, c[i]);
            }
        }
    }
    for (; k < n; ++k) {
        if (c[k] != KeyChange::None) {
            fn(k, c[k]);
        }
    }
}

}  // namespace ringscope
