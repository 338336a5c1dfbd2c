#pragma once
// The verdict as a table: its columns, each cell's text, what the cell says in full (a tool tip)
// and the value it sorts by. The one wording of the Compare view and `ringscope-cli compare`.

#include <QString>

#include "verdict.h"

namespace ringscope::verdict {

enum class Column {
    Algorithm,
    Lookup,
    Memory,
    Balance,
    Add,
    RemoveLast,
    RemoveMiddle,
    Weights,
    Names,
    AnyRemoval,
    Monotone
};
inline constexpr int kColumns = int(Column::Monotone) + 1;

// The heading: "Add node-13", "Remove node-6 (middle)"; without `nodes`, "Add", "Remove
// middle" (a table whose heading tips name the nodes).
QString header(const Verdict& verdict, Column column, bool nodes = true);
// What the column measures, for the heading's tool tip.
QString headerTip(const Verdict& verdict, Column column);
// The cell's short text ("38.2 ns", "9,120 · 1.00×", "yes"); "—" where the row has no value.
QString cell(const Verdict& verdict, const VerdictRow& row, Column column);
// The cell explained in a sentence that holds for the case shown.
QString tip(const Verdict& verdict, const VerdictRow& row, Column column);
// What the column sorts by: the number, a count over its ideal, 1 for yes and 0 for no; rows
// without a value are +inf (after the others in ascending order, first in descending).
double sortValue(const Verdict& verdict, const VerdictRow& row, Column column);
// The line above the table: the nodes and keys compared, how the lookups were timed.
QString summary(const Verdict& verdict);

}  // namespace ringscope::verdict
