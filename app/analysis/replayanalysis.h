#pragma once
// What a fleet change costs the origin behind the caches, for each algorithm on one request
// stream: the window's change (from the baseline to the scenario) or, when there is none, one
// node added as the window adds it, replayed through a cache per node (ringscope/replay.h).

#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "comparedalgorithm.h"
#include "ringscope/keyset.h"
#include "ringscope/replay.h"
#include "ringscope/scenario.h"

namespace ringscope {

// The keys a replay study takes (the first of them when there are more), the requests it replays
// by default, and the intervals a run reports.
inline constexpr size_t kReplayKeys = 200'000;
inline constexpr uint64_t kReplayRequests = 2'000'000;
inline constexpr uint64_t kReplayIntervals = 2'000;
// Each cache's entries when the user has not chosen: half the keys spread over the nodes before
// the change.
uint64_t defaultReplayCache(size_t keys, size_t nodes);

struct ReplayStudyInput {
    Scenario before;  // the baseline
    Scenario after;   // the scenario
    std::shared_ptr<const KeySet> keys;
    // The undo history's states in order, ending with the scenario: with two or more, each step
    // is a change, evenly through the run, instead of the baseline to the scenario.
    std::vector<Scenario> steps = {};
    uint64_t requests = kReplayRequests;
    uint64_t cacheEntries = 0;  // 0: defaultReplayCache
    uint64_t seed = 0;
};

// One line of the study: an algorithm, or the scenario as it is.
struct ReplayLine {
    QString label;  // "This scenario (Ring)", "mod-N", "Ring, 160 vnodes", ...
    bool own = false;
    std::optional<ComparedAlgorithm> algorithm;  // none for the scenario as it is
    std::optional<ReplayOutcome> outcome;  // none when the algorithm cannot place the scenario
    QString error;                         // why not
    // The hit ratio of the interval right after the change.
    double firstAfter() const;
};

struct ReplayStudy {
    std::vector<ReplayLine> lines;
    QString change;       // what changed ("added cache-10:11211"; steps joined by "; ")
    bool whatIf = false;  // no change against the baseline: one node added instead
    size_t steps = 0;     // the undo steps replayed, when the input gave them
    uint64_t requests = 0;
    uint64_t at = 0;                // the first change's first request
    std::vector<uint64_t> changes;  // each change's first request: evenly through the run
    uint64_t interval = 0;
    uint64_t cacheEntries = 0;
    size_t keysUsed = 0, keysTotal = 0;
    bool cancelled = false;
    bool withheld = false;  // not run: a lesson's question waits for its guess
    QString error;
};

// How far a study running on another thread has come, and the wish to stop it.
struct ReplayStudyProgress {
    std::atomic<uint64_t> done{0};   // requests replayed so far
    std::atomic<uint64_t> total{0};  // requests to replay in all, once the lines are known
    std::atomic<bool> cancel{false};
    double fraction() const {
        const uint64_t t = total.load();
        return t ? double(done.load()) / double(t) : 0.0;
    }
};

// The compared lines (the scenario as it is, then mod-N, jump, rendezvous, a 160-vnode ring,
// Maglev and the ring with bounded loads at 1.25, each left out where it is the scenario as it is)
// over the same stream, changed halfway (or at each undo step, evenly through the run). O(lines ·
// (placing the keys + requests)).
ReplayStudy runReplayStudy(const ReplayStudyInput& input, ReplayStudyProgress* progress = nullptr);

}  // namespace ringscope
