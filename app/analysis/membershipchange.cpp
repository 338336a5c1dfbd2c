#include "membershipchange.h"

#include <QObject>
#include <QStringList>

#include <string_view>
#include <unordered_map>

#include "computed.h"
#include "qstrings.h"
#include "ringscope/error.h"
#include "ringscope/keychange.h"
#include "ringscope/registry.h"
#include "ringscope/removedbuckets.h"

namespace ringscope {

namespace {

QString describeNodes(const Scenario& before, const Scenario& after) {
    QStringList parts;
    if (nodeMatch(before, after) == NodeMatch::ByIndex) {
        for (size_t n = 0; n < after.nodes.size(); ++n) {
            if (before.nodes[n].id != after.nodes[n].id) {
                parts << QObject::tr("renamed %1 to %2")
                             .arg(qs(before.nodes[n].id), qs(after.nodes[n].id));
            }
        }
        return parts.join(QStringLiteral(", "));
    }
    // By id through a hash map: O(N), where a search per node was O(N²) (40,000 nodes, 1.6e9
    // comparisons on every edit).
    const auto index = [](const Scenario& s) {
        std::unordered_map<std::string_view, const NodeSpec*> byId;
        byId.reserve(s.nodes.size());
        for (const NodeSpec& n : s.nodes) {
            byId.emplace(n.id, &n);
        }
        return byId;
    };
    const auto beforeById = index(before);
    const auto afterById = index(after);
    const auto find = [](const auto& byId, const std::string& id) -> const NodeSpec* {
        const auto it = byId.find(id);
        return it == byId.end() ? nullptr : it->second;
    };
    for (const NodeSpec& n : after.nodes) {
        const NodeSpec* old = find(beforeById, n.id);
        if (!old) {
            parts << QObject::tr("added %1").arg(qs(n.id));
        } else if (old->weight != n.weight) {
            parts
                << QObject::tr("weight of %1 %2 → %3").arg(qs(n.id)).arg(old->weight).arg(n.weight);
        } else if (old->tokens != n.tokens || old->vnodes != n.vnodes) {
            parts << QObject::tr("tokens of %1").arg(qs(n.id));
        } else if (old->down != n.down) {
            parts << (n.down ? QObject::tr("%1 marked down") : QObject::tr("%1 brought up"))
                         .arg(qs(n.id));
        }
    }
    for (const NodeSpec& n : before.nodes) {
        if (!find(afterById, n.id)) {
            parts << QObject::tr("removed %1").arg(qs(n.id));
        }
    }
    return parts.join(QStringLiteral(", "));
}

}  // namespace

QString describeChange(const Scenario& before, const Scenario& after) {
    // A node removed in place (AnchorHash, MementoHash, DxHash) takes no part: told as removed,
    // and the node that fills its bucket as added.
    if (!algorithmOf(before).removedInPlace(before).empty() ||
        !algorithmOf(after).removedInPlace(after).empty()) {
        return describeNodes(removed::presentNodes(before), removed::presentNodes(after));
    }
    return describeNodes(before, after);
}

std::optional<MembershipChange> membershipChange(const Scenario& before, const Scenario& after) {
    if (!sameKeyPositions(before, after)) {
        return std::nullopt;
    }
    const bool added = after.nodes.size() == before.nodes.size() + 1;
    if (!added && before.nodes.size() != after.nodes.size() + 1) {
        return std::nullopt;
    }
    const std::vector<NodeSpec>& longer = added ? after.nodes : before.nodes;
    const std::vector<NodeSpec>& shorter = added ? before.nodes : after.nodes;
    // The first place the ids differ is the node that came or went; the rest must line up.
    size_t at = 0;
    while (at < shorter.size() && shorter[at].id == longer[at].id) {
        ++at;
    }
    for (size_t i = at; i < shorter.size(); ++i) {
        if (shorter[i].id != longer[i + 1].id) {
            return std::nullopt;
        }
    }
    using Kind = MembershipChange::Kind;
    return MembershipChange{added ? Kind::Added : Kind::Removed, at, longer[at].id};
}

QString answerWithheldNote() {
    return QObject::tr("Predict first: this is shown once you have answered the question.");
}

QString noMembershipChangeNote() {
    return QObject::tr(" The last change added or removed no node, so this is a what-if.");
}

Scenario withoutNode(const Scenario& s, size_t node, const std::optional<RemovalMode>& how) {
    if (s.nodes.size() < 2) {
        throw InputError("node", "the last node cannot be removed");
    }
    const AlgorithmModule& own = algorithmOf(s);
    if (how && how->algorithm != s.algorithm) {
        const std::string by(algorithmName(how->algorithm));
        throw InputError(by, "only a " + by + " placement removes a node by \"" + how->mode +
                                 "\"; this one is \"" + std::string(algorithmName(s.algorithm)) +
                                 "\"");
    }
    Scenario out = s;
    // An algorithm that removes buckets in place keeps the node, marked removed.
    if (!how && own.removeInPlace(out, node)) {
        validate(out);
        return out;
    }
    out.nodes.erase(out.nodes.begin() + static_cast<std::ptrdiff_t>(node));
    for (const auto& row : kAlgorithms) {  // the modules' node lists follow (removed lists)
        row.module().nodeRemoved(out, node);
    }
    own.nodeErased(s, out, node, how ? std::string_view(how->mode) : std::string_view());
    validate(out);
    return out;
}

}  // namespace ringscope
