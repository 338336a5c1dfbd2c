#include "baseline.h"

#include <QCoreApplication>

#include "ringscope/diff.h"
#include "ringscope/error.h"

#include <utility>

namespace ringscope {

QString movedSinceText(MovedSince since) {
    switch (since) {
        case MovedSince::Opening:
            return QCoreApplication::translate("MovedSince", "since opening");
        case MovedSince::LastChange:
            return QCoreApplication::translate("MovedSince", "since the last change");
        case MovedSince::Baseline:
            return QCoreApplication::translate("MovedSince", "since the baseline");
        case MovedSince::StepBefore:
            return QCoreApplication::translate("MovedSince", "since the step before");
        case MovedSince::KeySetChanged:
            return QCoreApplication::translate("MovedSince", "since the key set changed");
    }
    return {};
}

QString changeHeading(MovedSince since) {
    switch (since) {
        case MovedSince::Opening:
            return QCoreApplication::translate("MovedSince", "Since opening");
        case MovedSince::LastChange:
            return QCoreApplication::translate("MovedSince", "Last change");
        case MovedSince::Baseline:
            return QCoreApplication::translate("MovedSince", "Since the baseline");
        case MovedSince::StepBefore:
            return QCoreApplication::translate("MovedSince", "This step");
        case MovedSince::KeySetChanged:
            return QCoreApplication::translate("MovedSince", "Since the key set changed");
    }
    return {};
}

bool BaselineTracker::measures(const Scenario& from, const Scenario& current) const {
    return !m_pinned && sameKeySet(from, current);
}

void BaselineTracker::arrive(const ComputedPtr& from, const ComputedPtr& current, Arrival arrival) {
    m_beforeDrag.reset();
    if (arrival == Arrival::Replace || !m_base) {
        m_base = current;
        m_pinned = false;
        m_since = MovedSince::Opening;
    } else if (!m_pinned) {
        const bool measured = from && measures(from->scenario, current->scenario);
        m_base = measured ? from : current;
        // Undone to the start there is nothing before it: the scenario as opened.
        m_since = measured ? MovedSince::LastChange
                  : from   ? MovedSince::KeySetChanged
                           : MovedSince::Opening;
    }
    if (!sameKeySet(m_base->scenario, current->scenario)) {
        m_base = current;  // a pinned baseline over other keys cannot be compared either
        m_since = MovedSince::KeySetChanged;
    }
    reclassify(current);
}

bool BaselineTracker::startFrom(const ComputedPtr& current) {
    if (m_pinned || m_base == current) {
        return false;
    }
    m_beforeDrag = std::exchange(m_base, current);
    m_sinceBeforeDrag = std::exchange(m_since, MovedSince::LastChange);
    reclassify(current);
    return true;
}

bool BaselineTracker::resume(const ComputedPtr& current) {
    const bool changed = m_beforeDrag != nullptr;
    if (changed) {
        m_base = std::exchange(m_beforeDrag, nullptr);
        m_since = m_sinceBeforeDrag;
    }
    reclassify(current);
    return changed;
}

void BaselineTracker::pin(const ComputedPtr& current) {
    m_beforeDrag.reset();
    m_base = current;
    m_pinned = true;
    m_since = MovedSince::Baseline;
    reclassify(current);
}

void BaselineTracker::pinScenario(const Scenario& baseline, const ComputedPtr& current,
                                  const Limits& limits) {
    compareWith(baseline, current, limits);
    m_pinned = true;
    m_since = MovedSince::Baseline;
}

void BaselineTracker::compareWith(const Scenario& baseline, const ComputedPtr& current,
                                  const Limits& limits) {
    if (!sameKeySet(baseline, current->scenario)) {
        throw InputError("baseline", "the baseline's key set differs from the scenario's");
    }
    m_base = compute(baseline, current, {}, limits);
    m_beforeDrag.reset();
    m_pinned = false;
    m_since = MovedSince::StepBefore;
    reclassify(current);
}

void BaselineTracker::reclassify(const ComputedPtr& current) {
    // A renamed node is the same node: its keys that stay with it did not move.
    const NodeMatch match = nodeMatch(m_base->scenario, current->scenario);
    // Against itself nothing changed; between a computation and the one its owners were carried
    // over from (a ring edit, either way round: an undo), only the keys of the arcs that changed
    // hands can have.
    std::optional<ChangedRanks> within;
    if (m_base == current) {
        within = ChangedRanks{};
    } else if (current->followed.lock() == m_base) {
        within = ChangedRanks{current->changedRanks, current->hashed->byPosition};
    } else if (m_base->followed.lock() == current) {
        within = ChangedRanks{m_base->changedRanks, m_base->hashed->byPosition};
    }
    m_changes = ChangeTracker(
        m_base->placement, std::shared_ptr<const Assignment>(m_base, &m_base->assignment),
        current->placement, current->assignment, match, within ? &*within : nullptr);
    if (current->keys->hasSizes) {
        m_changes.countBytes(current->keys->sizes);
    }
    m_ideal = idealMovedFraction(m_base->placement, current->placement, match);
    m_down.reset();
    m_failover = {};
    if (m_base->placement.anyDown() || current->placement.anyDown()) {
        m_down = downSides(m_base->placement,
                           nodeRenumbering(m_base->placement, current->placement, match),
                           current->placement, {});
        const KeySet& keys = *current->keys;
        for (size_t k = 0; k < m_changes.size(); ++k) {
            m_failover.count(m_changes.baselineOwners(k), current->assignment.ownersOf(k), *m_down,
                             keys.sizeOf(k));
        }
    }
}

Failover BaselineTracker::failover(size_t key, std::span<const uint32_t> owners) const {
    return m_down ? classifyFailover(m_changes.baselineOwners(key), owners, *m_down)
                  : Failover::None;
}

MoveSummary BaselineTracker::summary() const {
    MoveSummary s;
    s.since = m_since;
    s.keys = m_changes.size();
    s.primaryMoved = m_changes.primaryMoved();
    s.replicaOnly = m_changes.replicaOnly();
    s.ideal = m_ideal;
    s.hasSizes = m_changes.countsBytes();
    s.bytesMoved = m_changes.bytesMoved();
    s.totalBytes = m_changes.totalBytes();
    s.bytesSaturated = m_changes.bytesSaturated();
    s.hasDown = m_down.has_value();
    s.failover = m_failover;
    return s;
}

}  // namespace ringscope
