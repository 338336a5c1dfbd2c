#include "scenarioedits.h"

#include <QCoreApplication>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>

#include "nodenames.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "tokenschemes/named/named.h"

namespace ringscope::edits {

namespace {

// A message for the user in the program's language (English without a translator).
std::string message(const char* english) {
    return QCoreApplication::translate("ScenarioEdits", english).toStdString();
}

// A node whose scheme counts its tokens in vnodes of its own and that has no count yet: the count
// the scheme gives it, written down so that a vnode can be added or taken.
void adoptDefaultVnodes(const Scenario& scenario, NodeSpec& spec) {
    const int64_t v = tokenSchemeOf(scenario).traits().defaultVnodes;
    if (v > 0 && spec.tokens.empty() && !spec.vnodes) {
        spec.vnodes = v;
    }
}

}  // namespace

NodeSpec suggestedNode(const Scenario& scenario, const Placement& placement) {
    NodeSpec node;
    node.id = nextNodeId(scenario);
    // The weight most nodes have (of two as common, the one counted up first): an HAProxy backend
    // of weight-16 servers gets a server of weight 16, 256 points like the others, not 16.
    std::map<double, size_t> weights;
    size_t most = 0;
    for (const NodeSpec& n : scenario.nodes) {
        if (const size_t count = ++weights[n.weight]; count > most) {
            most = count;
            node.weight = n.weight;
        }
    }
    const auto withVnodes = std::find_if(scenario.nodes.begin(), scenario.nodes.end(),
                                         [](const NodeSpec& n) { return n.vnodes.has_value(); });
    if (withVnodes != scenario.nodes.end()) {
        node.vnodes = withVnodes->vnodes;
    } else if (algorithmOf(scenario).traits().ring && tokenSchemeOf(scenario).traits().vnodes) {
        const auto position = largestArcMidpoint(placement.ring());
        if (!position) {
            throw InputError("nodes", message(QT_TRANSLATE_NOOP(
                                          "ScenarioEdits",
                                          "every position of the space holds a token already")));
        }
        node.tokens = {*position};
    }
    return node;
}

std::vector<uint64_t> nodeTokenPositions(const Placement& placement, size_t node) {
    return placement.ring().positionsOf(static_cast<uint32_t>(node));
}

void setNodeTokens(Scenario& scenario, size_t node, std::vector<uint64_t> nodePositions) {
    NodeSpec& spec = scenario.nodes.at(node);
    spec.vnodes.reset();
    spec.tokens = std::move(nodePositions);
}

void removeNode(Scenario& scenario, size_t node) {
    if (scenario.nodes.size() == 1) {
        throw nodeError(
            scenario, node, "",
            message(QT_TRANSLATE_NOOP("ScenarioEdits", "the last node cannot be removed")));
    }
    algorithmOf(scenario).checkRemoval(scenario, node);
    if (algorithmOf(scenario).removeInPlace(scenario, node)) {
        return;
    }
    scenario.nodes.erase(scenario.nodes.begin() + static_cast<std::ptrdiff_t>(node));
    for (const auto& row : kAlgorithms) {
        row.module().nodeRemoved(scenario, node);
    }
    scenario.replicas = std::min(scenario.replicas, maxReplicas(scenario));
}

void addNode(Scenario& scenario, NodeSpec node) {
    algorithmOf(scenario).addNode(scenario, std::move(node));
}

std::string vnodeRefusal(const Scenario& scenario) {
    if (!algorithmOf(scenario).traits().ring) {
        return QCoreApplication::translate("ScenarioEdits",
                                           "%1 places keys without tokens; vnodes exist on a ring "
                                           "only")
            .arg(QString::fromUtf8(algorithmName(scenario.algorithm)))
            .toStdString();
    }
    // A scheme that places its tokens by weight says why (ketama, Envoy's ring).
    const std::string_view why = tokenSchemeOf(scenario).vnodeRefusal();
    return why.empty() ? std::string() : message(std::string(why).c_str());
}

std::optional<uint64_t> largestArcMidpoint(const Ring& ring, std::optional<size_t> except) {
    if (ring.empty()) {
        return std::nullopt;
    }
    const uint64_t space = ring.space();
    const bool skip = except && std::any_of(ring.nodes().begin(), ring.nodes().end(),
                                            [&](uint32_t n) { return n != *except; });
    std::optional<size_t> best;
    uint64_t bestWidth = 0;
    for (size_t t = 0; t < ring.size(); ++t) {
        if (skip && ring.node(t) == *except) {
            continue;
        }
        // Widths modulo 2^64 and then within the space, so the wrap-around arc counts too.
        const uint64_t p = ring.position(ring.predecessor(t));
        const uint64_t q = ring.position(t);
        uint64_t width = q - p;
        if (ring.size() == 1) {
            width = isFullSpace(space) ? ~uint64_t{0} : space;
        } else if (q <= p && !isFullSpace(space)) {
            width = space - p + q;
        }
        if (width > bestWidth) {
            best = t;
            bestWidth = width;
        }
    }
    if (!best || bestWidth < 2) {  // (p, p + 1]: no free position inside
        return std::nullopt;
    }
    const uint64_t mid = ring.position(ring.predecessor(*best)) + bestWidth / 2;  // wraps mod 2^64
    return isFullSpace(space) ? mid : mid % space;
}

namespace {

// The node whose vnodes an edit steps, its scheme's default count made its own (groupcache's
// 50); refused off a ring or where the scheme places tokens by weight.
NodeSpec& vnodeNode(Scenario& scenario, size_t node) {
    if (const std::string why = vnodeRefusal(scenario); !why.empty()) {
        throw nodeError(scenario, node, "", why);
    }
    NodeSpec& spec = scenario.nodes.at(node);
    adoptDefaultVnodes(scenario, spec);
    return spec;
}

// The vnode count `step` (+1 or −1) away from the node's that changes how many tokens it
// places (a weighted node's count may take several steps), or nullopt past 1 … kMaxVnodes.
std::optional<int64_t> steppedVnodes(const NodeSpec& spec, int step) {
    const double had = vnodeTokenCount(*spec.vnodes, spec.weight);
    const auto changed = [&](int64_t v) {
        const double tokens = vnodeTokenCount(v, spec.weight);
        return step > 0 ? tokens > had : tokens < had;
    };
    int64_t v = *spec.vnodes;
    while (!changed(v) && (step > 0 ? v < kMaxVnodes : v > 1)) {
        v += step;
    }
    return changed(v) ? std::optional(v) : std::nullopt;
}

}  // namespace

void addVnode(Scenario& scenario, const Placement& placement, size_t node) {
    NodeSpec& spec = vnodeNode(scenario, node);
    if (spec.vnodes) {
        const std::optional<int64_t> v = steppedVnodes(spec, +1);
        if (!v) {
            throw nodeError(scenario, node, "vnodes",
                            QCoreApplication::translate(
                                "ScenarioEdits", "already at the most vnodes a node can have (%1)")
                                .arg(kMaxVnodes)
                                .toStdString());
        }
        spec.vnodes = *v;
        return;
    }
    const auto position = largestArcMidpoint(placement.ring(), node);
    if (!position) {
        throw nodeError(
            scenario, node, "tokens",
            message(QT_TRANSLATE_NOOP(
                "ScenarioEdits", "no arc of another node has a free position for a new token")));
    }
    addToken(scenario, placement, node, *position);
}

void removeVnode(Scenario& scenario, size_t node) {
    NodeSpec& spec = vnodeNode(scenario, node);
    if (spec.vnodes) {
        const std::optional<int64_t> v = steppedVnodes(spec, -1);
        if (!v) {
            throw nodeError(
                scenario, node, "vnodes",
                message(QT_TRANSLATE_NOOP(
                    "ScenarioEdits", "a node keeps at least one vnode; remove the node instead")));
        }
        spec.vnodes = *v;
        return;
    }
    if (spec.tokens.size() <= 1) {
        throw nodeError(
            scenario, node, "tokens",
            message(QT_TRANSLATE_NOOP("ScenarioEdits",
                                      "a node keeps at least one token; remove the node instead")));
    }
    spec.tokens.pop_back();
}

void addToken(Scenario& scenario, const Placement& placement, size_t node, uint64_t position) {
    if (scenario.nodes.at(node).vnodes) {
        setNodeTokens(scenario, node, nodeTokenPositions(placement, node));
    }
    scenario.nodes[node].tokens.push_back(position);
}

void removeToken(Scenario& scenario, const Placement& placement, TokenOrigin origin) {
    std::vector<uint64_t> positions = nodeTokenPositions(placement, origin.node);
    if (positions.size() <= 1) {
        throw nodeError(
            scenario, origin.node, "tokens",
            message(QT_TRANSLATE_NOOP("ScenarioEdits",
                                      "a node keeps at least one token; remove the node instead")));
    }
    positions.erase(positions.begin() + origin.index);
    setNodeTokens(scenario, origin.node, std::move(positions));
}

void setNodeTokensText(Scenario& scenario, size_t node, std::string_view text) {
    std::string t(text);
    const bool vnodes = t.find("vnode") != std::string::npos ||
                        (scenario.nodes.at(node).vnodes && t.find(',') == std::string::npos);
    for (const std::string_view word : {"vnodes", "vnode"}) {
        for (size_t at = t.find(word); at != std::string::npos; at = t.find(word)) {
            t.erase(at, word.size());
        }
    }
    std::vector<uint64_t> values;
    std::string part;
    const auto flush = [&] {
        if (part.empty()) {
            return;
        }
        const auto value = vnodes ? parseDecimalU64(part) : parsePosition(part, scenario.space);
        if (!value) {
            throw nodeError(
                scenario, node, "tokens",
                (vnodes
                     ? QCoreApplication::translate("ScenarioEdits", "\"%1\" is not a vnode count")
                           .arg(QString::fromStdString(part))
                     : QCoreApplication::translate("ScenarioEdits", "\"%1\" is not a position (%2)")
                           .arg(QString::fromStdString(part),
                                QString::fromStdString(positionRule(scenario.space))))
                    .toStdString());
        }
        values.push_back(*value);
        part.clear();
    };
    for (const char c : t) {
        if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
            flush();
        } else {
            part.push_back(c);
        }
    }
    flush();
    if (values.empty()) {
        throw nodeError(scenario, node, "tokens",
                        message(QT_TRANSLATE_NOOP(
                            "ScenarioEdits", "give at least one token position or a vnode count")));
    }
    if (!vnodes) {
        setNodeTokens(scenario, node, std::move(values));
        return;
    }
    if (values.size() != 1) {
        throw nodeError(scenario, node, "tokens",
                        message(QT_TRANSLATE_NOOP("ScenarioEdits", "give one vnode count")));
    }
    NodeSpec& spec = scenario.nodes[node];
    spec.tokens.clear();
    spec.vnodes = static_cast<int64_t>(
        std::min<uint64_t>(values[0], uint64_t(std::numeric_limits<int64_t>::max())));
}

void useKeyFile(Scenario& scenario, const std::string& path, const std::string& scenarioFolder) {
    KeySetSpec& keys = scenario.keys;
    keys.kind = KeySetSpec::Kind::File;
    keys.fileBase = scenarioFolder;
    keys.file = path;
    if (!scenarioFolder.empty()) {
        const auto relative = std::filesystem::path(path).lexically_relative(scenarioFolder);
        if (!relative.empty() && *relative.begin() != "..") {
            keys.file = relative.string();
        }
    }
}

}  // namespace ringscope::edits
