#pragma once
// One scenario worked out: its placement, its key set and every key's owners. Immutable once
// built, so a worker thread can build it and the UI thread can share it with the views.

#include <functional>
#include <memory>
#include <span>

#include "ringscope/assign.h"
#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct Computed {
    Scenario scenario;
    Placement placement;
    std::shared_ptr<const KeySet> keys;
    std::shared_ptr<const HashedKeys> hashed;
    Assignment assignment;  // K x R, by key index
    // When the owners were carried over from another computation of the same keys and the
    // algorithm said where the keys with other owners can be (compute's reassignFrom): that
    // computation and those keys. Every other key kept its owners.
    std::weak_ptr<const Computed> followed;
    std::vector<KeyRange> changedRanks;
    // Each node's keys as their primary, by node index: carried over through changedRanks from
    // the computation followed, else counted.
    std::vector<uint64_t> keysPerNode;
};
using ComputedPtr = std::shared_ptr<const Computed>;

// True if both scenarios name the same keys (so owners can be compared key by key).
bool sameKeySet(const Scenario& a, const Scenario& b);
// True if the keys also land on the same positions (same key hashing: hash, space, encoding).
bool sameKeyPositions(const Scenario& a, const Scenario& b);

// Rough work units of computing `scenario` given what `previous` already holds: keys that must be
// generated and hashed weigh more than keys that only need assigning.
uint64_t computeCost(const Scenario& scenario, const Computed* previous);

// Reports progress in percent; returns false to cancel.
using ProgressFn = std::function<bool(int percent)>;

// Builds everything, reusing `previous`'s keys (and their hashes) when they are the same.
// O(K + T) when the keys are reused, plus key generation and an O(K log K) sort otherwise.
// What it would cost is checked against `limits` first (limits.h). Throws InputError on bad
// input; returns nullptr when `progress` asked to cancel.
ComputedPtr compute(const Scenario& scenario, const ComputedPtr& previous,
                    const ProgressFn& progress = {}, const Limits& limits = Limits());

// What the document shows: a scenario and, when the step that produced it is measured, the
// scenario that step started from (null otherwise).
struct ComputedStep {
    ComputedPtr current;
    ComputedPtr from;
};

// Work units of computeStep: nothing for a scenario `known` already holds.
uint64_t computeStepCost(const Scenario& scenario, const Scenario* from,
                         std::span<const ComputedPtr> known);
// Works out `scenario` and, if given, `from`: each taken from `known` (null entries allowed)
// when one of them is it, else computed reusing the keys of the known one (or of the other
// half) that shares the most, within `limits`. Throws InputError; both null when `progress`
// asked to cancel.
ComputedStep computeStep(const Scenario& scenario, const Scenario* from,
                         std::span<const ComputedPtr> known, const ProgressFn& progress = {},
                         const Limits& limits = Limits());

}  // namespace ringscope
