#include "modnanalysis.h"

#include <QObject>

#include <algorithm>

#include "comparedalgorithm.h"
#include "placed.h"
#include "qstrings.h"
#include "ringscope/diff.h"
#include "ringscope/stats.h"

namespace ringscope {

ModNExplanation explainModNChange(const Scenario& before, const Scenario& after, bool showAfter,
                                  const KeySet& keys) {
    ModNExplanation e;
    e.keys = keys.size();
    e.nodesBefore = before.nodes.size();
    e.nodesAfter = after.nodes.size();
    const Scenario from = asAlgorithm(before, Algorithm::ModN);
    const Scenario to = asAlgorithm(after, Algorithm::ModN);
    const Scenario& shown = showAfter ? to : from;
    for (const NodeSpec& n : shown.nodes) {
        e.ids << qs(n.id);
    }
    e.nodes = shown.nodes;
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(shown));
    const std::optional<Placed> was =
        from.nodes.empty() ? std::nullopt : std::optional(placeKeys(from, keys, hashed));
    const std::optional<Placed> now =
        to.nodes.empty() ? std::nullopt : std::optional(placeKeys(to, keys, hashed));
    const std::optional<Placed>& drawn = showAfter ? now : was;
    const size_t grid = std::min(kModNGridKeys, keys.size());
    e.gridMoved.assign(grid, 0);
    if (!drawn) {
        e.gridMoved.clear();
        return e;
    }
    const Stats stats = computeStats(drawn->placement, drawn->assignment, keys);
    for (const NodeLoad& load : stats.nodes) {
        e.bucketKeys.push_back(load.keys);
    }
    for (size_t k = 0; k < grid; ++k) {
        e.gridBucket.push_back(drawn->assignment.primary(k));
    }
    if (!was || !now) {
        return e;
    }
    const DiffResult d =
        diff(was->placement, was->assignment, now->placement, now->assignment, keys);
    e.moved = d.primaryMoved;
    e.ideal = d.idealFraction;
    for (const size_t k : d.changed) {
        if (k >= grid) {
            break;
        }
        e.gridMoved[k] = 1;
    }
    return e;
}

ModNExplanation explainModN(const Scenario& scenario, const KeySet& keys, bool grow) {
    Scenario next = scenario;
    if (grow) {
        NodeSpec added;
        added.id = "+1";
        next.nodes.push_back(added);
    } else if (!next.nodes.empty()) {
        next.nodes.pop_back();
    }
    ModNExplanation e = explainModNChange(scenario, next, false, keys);
    e.ringed = QObject::tr("would change bucket on N → N%1 (what-if)")
                   .arg(grow ? QStringLiteral("+1") : QStringLiteral("−1"));
    return e;
}

ModNExplanation explainModNChange(const Scenario& before, const Scenario& after,
                                  const MembershipChange& change, const KeySet& keys) {
    ModNExplanation e = explainModNChange(before, after, true, keys);
    const QString move = change.kind == MembershipChange::Kind::Added
                             ? QObject::tr("changed bucket when %1 was added (%2 → %3)")
                             : QObject::tr("changed bucket when %1 was removed (%2 → %3)");
    e.ringed = move.arg(qs(change.id)).arg(before.nodes.size()).arg(after.nodes.size());
    return e;
}

}  // namespace ringscope
