#pragma once
// The baseline that "moved" is measured against: where the step that produced the current state
// started, unless pinned, and every key's KeyChange against it (a ChangeTracker, the core's one
// definition of moved).
// Plain C++ over computed scenarios, so the desktop program and `ringscope-cli render` share it.

#include <QString>

#include <cstddef>
#include <cstdint>

#include "computed.h"
#include "ringscope/failover.h"
#include "ringscope/keychange.h"

namespace ringscope {

// What "moved" is measured against, which every figure of it names.
enum class MovedSince : uint8_t {
    Opening,       // the scenario as opened (or undone back to it): nothing moved
    LastChange,    // where the last edit, drag, undo or redo started
    Baseline,      // a baseline the user pinned (or a file given as the baseline)
    StepBefore,    // the scenario a lesson step starts from
    KeySetChanged  // the last change changed the keys: none can be followed across it
};

// "since the last change", ...: what a figure of moved keys compares, translated.
QString movedSinceText(MovedSince since);
// "Last change", "Since the baseline", ...: the same as a heading of what a view shows of it.
QString changeHeading(MovedSince since);

struct MoveSummary {
    MovedSince since = MovedSince::Opening;
    size_t keys = 0;
    size_t primaryMoved = 0;  // primary owner differs from the baseline
    size_t replicaOnly = 0;   // same primary, different replica set
    double ideal = 0;         // what an ideal scheme moves for this change (0..1)
    // With key sizes: the bytes of the keys whose primary moved, of all bytes (diff()'s).
    bool hasSizes = false;
    uint64_t bytesMoved = 0;
    uint64_t totalBytes = 0;
    bool bytesSaturated = false;
    // When the baseline or the scenario has down nodes: what going down or coming back did.
    bool hasDown = false;
    FailoverCounts failover;
    double movedFraction() const { return keys ? double(primaryMoved) / double(keys) : 0.0; }
};

class BaselineTracker {
public:
    // How a new current scenario came in: a step (an edit, a drag, an undo or a redo) is
    // measured against where it started, unless pinned; a replacement (open, preset, new) starts
    // over, unpinned.
    enum class Arrival { Step, Replace };

    const ComputedPtr& baseline() const { return m_base; }
    bool isPinned() const { return m_pinned; }

    // Whether a step from `from` to `current` is measured against `from`: not while pinned, and
    // only over the same keys (owners of different key sets cannot be compared key by key).
    bool measures(const Scenario& from, const Scenario& current) const;
    // A new current scenario was installed. A step that started from `from` makes that the
    // baseline (unless pinned); with none (undone to the start, or not measured) nothing moved.
    void arrive(const ComputedPtr& from, const ComputedPtr& current, Arrival arrival);
    // Makes `current` the baseline unless pinned (a drag measures against its start) and keeps
    // the one it replaces for resume(). Returns true if the baseline changed.
    bool startFrom(const ComputedPtr& current);
    // After a drag that changed nothing (cancelled, released where it began, or refused): the
    // baseline from before startFrom() again, every key reclassified against the committed
    // `current`. Returns true if the baseline changed.
    bool resume(const ComputedPtr& current);
    void pin(const ComputedPtr& current);
    // Pins another scenario as the baseline; throws InputError if its key set differs.
    void pinScenario(const Scenario& baseline, const ComputedPtr& current,
                     const Limits& limits = Limits());
    // Measures `current` against another scenario without pinning it, so the next edit measures
    // against the state before it again (a lesson step shown with what it changed). Throws
    // InputError if the key sets differ.
    void compareWith(const Scenario& baseline, const ComputedPtr& current,
                     const Limits& limits = Limits());
    void unpin() { m_pinned = false; }

    // Every key's classification, kept current by the live drag through tracker().
    const ChangeTracker& changes() const { return m_changes; }
    ChangeTracker& tracker() { return m_changes; }
    KeyChange change(size_t key) const { return m_changes.change(key); }
    MoveSummary summary() const;
    // What a change of down nodes did to the key, given its owners now (Failover::None when
    // neither side has down nodes). O(R²).
    Failover failover(size_t key, std::span<const uint32_t> owners) const;

private:
    void reclassify(const ComputedPtr& current);

    ComputedPtr m_base;
    ComputedPtr m_beforeDrag;  // the baseline startFrom() replaced
    bool m_pinned = false;
    MovedSince m_since = MovedSince::Opening;
    MovedSince m_sinceBeforeDrag = MovedSince::Opening;
    ChangeTracker m_changes;
    double m_ideal = 0;
    std::optional<DownSides> m_down;  // in the current numbering, as the tracker's owners
    FailoverCounts m_failover;
};

}  // namespace ringscope
