#pragma once
// The verdict: every algorithm side by side on the scenario's own nodes and keys, with the numbers
// a design review chooses by. What a lookup costs (measured here and now), what the structure it
// looks up in holds, how evenly it spreads the keys, and how many keys adding a node, removing the
// last and removing one in the middle move against the fewest any scheme could move; and what it
// can do (weights, names, any removal, monotonicity). The Compare view (verdictpanel) and
// `ringscope-cli compare` show it.

#include <QString>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"
#include "ringscope/scenario.h"

namespace ringscope {

// The core's work units (work.h) the verdict's placements may take before it counts the first
// keys alone: about three seconds on one core, as the comparison's.
inline constexpr uint64_t kVerdictWork = 64'000'000;
// Fewer keys than this say nothing of any removal or monotonicity: a handful of keys may all stay.
inline constexpr size_t kVerdictMinKeys = 100;

struct VerdictInput {
    Scenario scenario;
    std::shared_ptr<const KeySet> keys;
    uint64_t maxWork = kVerdictWork;
    Limits limits;  // the document's or the command line's
    // Set from another thread to stop early (the view's scenario changed, or it closes): the
    // verdict returned is then marked cancelled and incomplete.
    const std::atomic<bool>* cancel = nullptr;
    // Lookup timing: the median of `repeats` runs, each over as many keys as take about
    // `runTime` (at least one pass over 64 keys, at most every counted key).
    int repeats = 5;
    std::chrono::nanoseconds runTime = std::chrono::milliseconds(20);
};

// One membership change as an algorithm follows it.
struct VerdictMoves {
    QString error;  // non-empty: the change cannot be made (a Redis master that owns slots)
    std::string node;
    size_t moved = 0;           // keys whose primary changed
    size_t movedElsewhere = 0;  // of them, not to the node added / not from the node removed
    double ideal = 0;           // the share of the keys an ideal scheme moves
    // moved over the ideal count; 0 when the ideal is 0.
    double overIdeal(size_t keys) const;
};

struct VerdictRow {
    Algorithm algorithm{};
    QString error;         // non-empty: the algorithm cannot place this scenario; the rest is unset
    double lookupNs = 0;   // the median over the runs, per key
    size_t timedKeys = 0;  // keys per run
    size_t lookupBytes = 0;  // Placement::lookupBytes
    double balance = 0;      // the busiest node's keys over its fair share of them
    std::string busiest;
    VerdictMoves add, removeLast, removeMiddle;
    bool weights = false;  // node weights change where keys go (its traits)
    // What decides where a node's keys go: its id (any names, in any order), its place in the
    // list (buckets 0…N−1), or the slots it owns (Redis Cluster).
    enum class Names : uint8_t { Id, Place, Slots };
    Names names = Names::Id;
    // Measured on this scenario: removing the middle node moved no other node's keys; adding a
    // node moved keys to it alone. nullopt when that change could not be made, or with fewer
    // than kVerdictMinKeys keys.
    std::optional<bool> anyRemoval;
    std::optional<bool> monotone;
};

struct Verdict {
    Algorithm own{};   // the scenario's algorithm
    size_t nodes = 0;  // the nodes that take keys (not removed in place)
    size_t keysUsed = 0;
    size_t keysTotal = 0;
    int repeats = 0;
    // The nodes removed (upNodePicks, placed.h), as the scenario names them; empty when none is.
    std::string last, middle;
    std::vector<VerdictRow> rows;
    bool cancelled = false;  // stopped early (VerdictInput::cancel): not to be shown
    bool sampled() const { return keysUsed < keysTotal; }
};

// Every algorithm but the lesson-only ones, in registry order.
std::vector<Algorithm> verdictAlgorithms();

// The verdict over the first keys within input.maxWork. Every algorithm plain (one replica, no
// bounded loads; equal weights where it ignores them); the scenario's own with its removed
// buckets, the others on the nodes that take keys. Places the keys four times per algorithm (as
// it is, a node added, the last and the middle node up removed) and times the lookups on the
// calling thread in rounds, each algorithm once a round.
Verdict computeVerdict(const VerdictInput& input);

}  // namespace ringscope
