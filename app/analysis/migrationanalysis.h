#pragma once
// The migration plan of a change (ringscope/plan.h) over the document's keys, with what its view
// draws: the nodes of both sides in the plan's numbering, and the plan as CSV, which the view
// exports and `ringscope-cli plan --csv` writes.

#include <optional>
#include <string>
#include <vector>

#include "computed.h"
#include "ringscope/diff.h"
#include "ringscope/plan.h"

namespace ringscope {

struct MigrationExplanation {
    std::vector<std::string> ids;  // the plan's numbering: before's nodes, then after's new ones
    std::vector<NodeSpec> nodes;   // the same, as the scenario writes them (their colours)
    MigrationPlan plan;
    size_t keys = 0;
    bool sized = false;    // the keys have sizes (else each counts as one byte)
    bool changed = false;  // before and after differ
};

// Everything but the plan: the common numbering's ids and nodes (nodes matched by `match`), the
// key count, sizes and whether the scenarios differ. O(N log N).
MigrationExplanation planFrame(const Computed& before, const Computed& after, NodeMatch match);

// The plan from `before` to `after`, which hold the same keys, timed at `bandwidth` when given.
// O(K·R²).
MigrationExplanation explainMigration(const Computed& before, const Computed& after,
                                      std::optional<Bandwidth> bandwidth);

// Seconds as the plan's text and CSV write them: "%.3f".
std::string planSecondsText(double seconds);

// RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
std::string csvField(const std::string& text);
// The plan's transfers as CSV: `kind,from,to,keys,bytes,seconds`, one row each (from empty with
// no live holder, seconds empty without a bandwidth); ids quoted as RFC 4180 asks.
std::string planCsv(const MigrationPlan& plan, const std::vector<std::string>& ids);

}  // namespace ringscope
