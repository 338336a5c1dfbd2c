#include "verdicttable.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

#include "comparedalgorithm.h"
#include "numberformat.h"

namespace ringscope::verdict {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("ringscope::verdict", text);
}

QString id(const std::string& s) {
    return QString::fromStdString(s);
}

constexpr double kNone = std::numeric_limits<double>::infinity();

const VerdictMoves& movesOf(const VerdictRow& row, Column column) {
    switch (column) {
        case Column::Add:
            return row.add;
        case Column::RemoveLast:
            return row.removeLast;
        default:
            return row.removeMiddle;
    }
}

QString yesNo(std::optional<bool> value) {
    return !value ? QStringLiteral("—") : *value ? tr("yes") : tr("no");
}

// "9,120 keys (9.1 %)".
QString keysOf(size_t count, size_t keys) {
    return tr("%1 keys (%2)").arg(format::count(count), format::percentOf(count, keys));
}

// Why `name` could not remove `node` (empty: there was no node in the middle to remove).
QString removalRefused(const QString& name, const std::string& node, const QString& why) {
    return node.empty() ? tr("%1 has no node in the middle to remove: %2").arg(name, why)
                        : tr("%1 cannot remove %2 here: %3").arg(name, id(node), why);
}

}  // namespace

QString header(const Verdict& v, Column column, bool nodes) {
    if (!nodes) {
        switch (column) {
            case Column::Add:
                return tr("Add");
            case Column::RemoveLast:
                return tr("Remove last");
            case Column::RemoveMiddle:
                return tr("Remove middle");
            default:
                break;
        }
    }
    switch (column) {
        case Column::Algorithm:
            return tr("Algorithm");
        case Column::Lookup:
            return tr("Lookup");
        case Column::Memory:
            return tr("Memory");
        case Column::Balance:
            return tr("Balance");
        case Column::Add: {
            // The node's name when every algorithm added the same one.
            std::string added;
            for (const VerdictRow& row : v.rows) {
                if (row.error.isEmpty() && row.add.error.isEmpty()) {
                    if (!added.empty() && added != row.add.node) {
                        return tr("Add a node");
                    }
                    added = row.add.node;
                }
            }
            return added.empty() ? tr("Add a node") : tr("Add %1").arg(id(added));
        }
        case Column::RemoveLast:
            return tr("Remove %1 (last)").arg(id(v.last));
        case Column::RemoveMiddle:
            return v.middle.empty() ? tr("Remove a middle node")
                                    : tr("Remove %1 (middle)").arg(id(v.middle));
        case Column::Weights:
            return tr("Weights");
        case Column::Names:
            return tr("Names");
        case Column::AnyRemoval:
            return tr("Any removal");
        case Column::Monotone:
            return tr("Monotone");
    }
    return {};
}

QString headerTip(const Verdict& v, Column column) {
    switch (column) {
        case Column::Algorithm:
            return tr("Every algorithm placing this scenario's nodes and keys.");
        case Column::Lookup:
            return tr("The time to find one key's nodes, its hash computed beforehand: the "
                      "median of %1 runs on this machine, now.")
                .arg(v.repeats);
        case Column::Memory:
            return tr(
                "The bytes of the structure the algorithm looks keys up in, beyond the "
                "node list every algorithm keeps.");
        case Column::Balance:
            return tr(
                "The busiest node's keys over its fair share (the mean, or w/Σw with "
                "unequal weights): 1.00 is perfect.");
        case Column::Add:
        case Column::RemoveLast:
        case Column::RemoveMiddle:
            return tr("%1: the keys whose node changes, and how many times the fewest any scheme "
                      "could move (1.00× is ideal).")
                .arg(header(v, column));
        case Column::Weights:
            return tr("Whether node weights change where keys go.");
        case Column::Names:
            return tr(
                "Whether a node's id decides where its keys go (any names, in any order), "
                "or its place in the list (buckets 0…N−1).");
        case Column::AnyRemoval:
            return tr(
                "Whether removing a node from the middle moves only its own keys, as "
                "measured here.");
        case Column::Monotone:
            return tr("Whether adding a node moves keys only to the new node, as measured here.");
    }
    return {};
}

QString cell(const Verdict& v, const VerdictRow& row, Column column) {
    if (column == Column::Algorithm) {
        return algorithmLabel(row.algorithm);
    }
    if (column == Column::Weights) {
        return yesNo(row.weights);
    }
    if (column == Column::Names) {
        return yesNo(row.names == VerdictRow::Names::Id);
    }
    if (!row.error.isEmpty()) {
        return QStringLiteral("—");
    }
    switch (column) {
        case Column::Lookup:
            return row.timedKeys == 0 ? QStringLiteral("—")
                                      : tr("%1 ns").arg(format::significant(row.lookupNs, 3));
        case Column::Memory:
            return format::bytes(row.lookupBytes, 1);
        case Column::Balance:
            return format::fixed(row.balance, 3);
        case Column::Add:
        case Column::RemoveLast:
        case Column::RemoveMiddle: {
            const VerdictMoves& m = movesOf(row, column);
            if (!m.error.isEmpty()) {
                return QStringLiteral("—");
            }
            return tr("%1 · %2×")
                .arg(format::count(m.moved), format::fixed(m.overIdeal(v.keysUsed), 2));
        }
        case Column::AnyRemoval:
            return yesNo(row.anyRemoval);
        case Column::Monotone:
            return yesNo(row.monotone);
        default:
            return {};
    }
}

// Over 80 lines: one case per column, each one sentence about the case shown.
QString tip(const Verdict& v, const VerdictRow& row, Column column) {
    const QString name = algorithmLabel(row.algorithm);
    switch (column) {
        case Column::Weights:
            if (row.names == VerdictRow::Names::Slots) {
                return tr("%1: a master's slots decide its share; weights play no part.").arg(name);
            }
            return row.weights
                       ? tr("%1: node weights change where keys go.").arg(name)
                       : tr("%1: every node takes an equal share; weights play no part.").arg(name);
        case Column::Names:
            switch (row.names) {
                case VerdictRow::Names::Id:
                    return tr("%1: a node's id decides where its keys go; nodes may have any "
                              "names, in any order.")
                        .arg(name);
                case VerdictRow::Names::Place:
                    return tr("%1: nodes are buckets 0…N−1 in list order; a name is a label, and "
                              "a node's place in the list decides its keys.")
                        .arg(name);
                case VerdictRow::Names::Slots:
                    return tr("%1: the slots a master owns decide its keys, not its name "
                              "(redis-cli's split gives them by the masters' order).")
                        .arg(name);
            }
            break;
        default:
            break;
    }
    if (!row.error.isEmpty()) {
        return tr("%1 cannot place this scenario: %2").arg(name, row.error);
    }
    switch (column) {
        case Column::Algorithm:
            return name;
        case Column::Lookup:
            if (row.timedKeys == 0) {
                return tr("%1: no keys to time.").arg(name);
            }
            return tr("%1: %2 ns per key, the median of %3 runs, each finding the nodes of the "
                      "first %4 keys one after another on this machine (their hashes computed "
                      "beforehand). Measured now: a busy machine gives other numbers.")
                .arg(name, format::significant(row.lookupNs, 3))
                .arg(v.repeats)
                .arg(format::count(row.timedKeys));
        case Column::Memory:
            return row.lookupBytes == 0
                       ? tr("%1 keeps no structure beyond the node list: a key's node comes "
                            "from the key and the nodes alone.")
                             .arg(name)
                       : tr("%1 looks keys up in %2 (%3 bytes) beyond the node list.")
                             .arg(name, format::bytes(row.lookupBytes, 1),
                                  format::count(row.lookupBytes));
        case Column::Balance:
            return tr("%1: the busiest node, %2, holds %3 times its fair share of the %4 keys.")
                .arg(name, id(row.busiest), format::fixed(row.balance, 3),
                     format::count(v.keysUsed));
        case Column::Add:
        case Column::RemoveLast:
        case Column::RemoveMiddle: {
            const VerdictMoves& m = movesOf(row, column);
            if (!m.error.isEmpty()) {
                if (column == Column::Add) {
                    return tr("%1 cannot add a node here: %2").arg(name, m.error);
                }
                return removalRefused(name, column == Column::RemoveLast ? v.last : v.middle,
                                      m.error);
            }
            const auto ideal = size_t(std::llround(m.ideal * double(v.keysUsed)));
            QString text = column == Column::Add
                               ? tr("%1: adding %2 moves %3; an ideal scheme moves %4.")
                               : tr("%1: removing %2 moves %3; an ideal scheme moves %4.");
            text =
                text.arg(name, id(m.node), keysOf(m.moved, v.keysUsed), keysOf(ideal, v.keysUsed));
            if (m.movedElsewhere > 0) {
                text += QLatin1Char(' ') +
                        (column == Column::Add
                             ? tr("%1 of them move between the nodes that were there.")
                             : tr("%1 of them move from nodes that stay."))
                            .arg(format::count(m.movedElsewhere));
            }
            return text;
        }
        case Column::AnyRemoval:
            if (!row.anyRemoval) {
                return removalRefused(name, v.middle, row.removeMiddle.error);
            }
            return *row.anyRemoval
                       ? tr("%1: removing %2 from the middle moves its own keys alone.")
                             .arg(name, id(v.middle))
                       : tr("%1: removing %2 from the middle also moves %3 keys between nodes "
                            "that stay.")
                             .arg(name, id(v.middle),
                                  format::count(row.removeMiddle.movedElsewhere));
        case Column::Monotone:
            if (!row.monotone) {
                return tr("%1 cannot add a node here: %2").arg(name, row.add.error);
            }
            return *row.monotone
                       ? tr("%1: adding %2 moves keys to it alone.").arg(name, id(row.add.node))
                       : tr("%1: adding %2 also moves %3 keys between the nodes that were there.")
                             .arg(name, id(row.add.node), format::count(row.add.movedElsewhere));
        default:
            return {};
    }
}

double sortValue(const Verdict& v, const VerdictRow& row, Column column) {
    const auto flag = [](std::optional<bool> b) { return !b ? kNone : *b ? 1.0 : 0.0; };
    switch (column) {
        case Column::Algorithm:
            return 0;  // the view sorts names as text
        case Column::Weights:
            return row.weights ? 1 : 0;
        case Column::Names:
            return row.names == VerdictRow::Names::Id ? 1 : 0;
        default:
            break;
    }
    if (!row.error.isEmpty()) {
        return kNone;
    }
    switch (column) {
        case Column::Lookup:
            return row.timedKeys == 0 ? kNone : row.lookupNs;
        case Column::Memory:
            return double(row.lookupBytes);
        case Column::Balance:
            return row.balance;
        case Column::Add:
        case Column::RemoveLast:
        case Column::RemoveMiddle: {
            const VerdictMoves& m = movesOf(row, column);
            return m.error.isEmpty() ? m.overIdeal(v.keysUsed) : kNone;
        }
        case Column::AnyRemoval:
            return flag(row.anyRemoval);
        case Column::Monotone:
            return flag(row.monotone);
        default:
            return kNone;
    }
}

QString summary(const Verdict& v) {
    QString text = tr("Every algorithm on this scenario's %1 and %2: lookups timed on this "
                      "machine (median of %3 runs), keys moved against the ideal.")
                       .arg(format::nodes(v.nodes), format::keys(v.keysUsed))
                       .arg(v.repeats);
    if (v.sampled()) {
        text += QLatin1Char(' ') + tr("(the first %1 of %2 keys)")
                                       .arg(format::count(v.keysUsed), format::count(v.keysTotal));
    }
    return text;
}

}  // namespace ringscope::verdict
