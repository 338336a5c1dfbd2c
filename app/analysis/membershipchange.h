#pragma once
// What a change between two scenarios is, as the views, the lessons and the CLI name it, and the
// one edit that takes a node away (its bucket table repaired when the placement has one).

#include <QString>

#include <optional>
#include <string>

#include "ringscope/module.h"
#include "ringscope/scenario.h"

namespace ringscope {

// "added D", "removed B", "weight of A 1 → 2", "tokens of C", "renamed B to E", "B marked down",
// "B brought up", or empty when only other things (or nothing) changed. O(N²) over N nodes.
QString describeChange(const Scenario& before, const Scenario& after);

// One node added to or removed from an otherwise unchanged list of node ids, over the same keys
// on the same positions: the last change (baseline -> current) as the analyses that number their
// buckets by node order (jump, mod-N) replay it.
struct MembershipChange {
    enum class Kind { Added, Removed };
    Kind kind = Kind::Added;
    size_t node = 0;  // in the scenario that has it: `after` when added, `before` when removed
    std::string id;
};
// nullopt for any other change (a weight, tokens, two nodes, other keys) or none. O(N).
std::optional<MembershipChange> membershipChange(const Scenario& before, const Scenario& after);
// What a view replaying membership changes adds to a what-if it shows because there is none.
QString noMembershipChangeNote();
// What a view says in place of what it keeps back while a question waits for its guess.
QString answerWithheldNote();

// The scenario once node `node` leaves: by its algorithm's default, or as `how` names one of the
// algorithm's removal modes (jump's bucket table repaired by moving the last bucket into the gap);
// `how` naming another algorithm is refused. Throws InputError (the last node, a mode of another
// algorithm or none of its own, an invalid result). O(N).
Scenario withoutNode(const Scenario& scenario, size_t node, const std::optional<RemovalMode>& how);

}  // namespace ringscope
