#include "scenarioedits.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>

#include "ringscope/error.h"

namespace ringscope::edits {

std::string freeNodeId(const Scenario& scenario) {
    const auto taken = [&](const std::string& id) {
        return std::any_of(scenario.nodes.begin(), scenario.nodes.end(),
                           [&](const NodeSpec& n) { return n.id == id; });
    };
    for (char c = 'A'; c <= 'Z'; ++c) {
        if (!taken(std::string(1, c))) {
            return std::string(1, c);
        }
    }
    for (size_t i = scenario.nodes.size() + 1;; ++i) {
        std::string id = "node-" + std::to_string(i);
        if (!taken(id)) {
            return id;
        }
    }
}

uint64_t largestArcMidpoint(const Ring& ring) {
    if (ring.empty()) {
        return 0;
    }
    // Widths are computed modulo 2^64 and then within the space, so wrap-around arcs count too.
    const uint64_t space = ring.space();
    size_t best = 0;
    uint64_t bestWidth = 0;
    for (size_t t = 0; t < ring.size(); ++t) {
        const uint64_t p = ring.position(ring.predecessor(t));
        const uint64_t q = ring.position(t);
        uint64_t width = q - p;
        if (q <= p) {
            width = isFullSpace(space) ? q - p : space - p + q;
        }
        if (ring.size() == 1) {
            width = isFullSpace(space) ? ~uint64_t{0} : space;
        }
        if (width > bestWidth) {
            best = t;
            bestWidth = width;
        }
    }
    const uint64_t start = ring.position(ring.predecessor(best));
    const uint64_t mid = start + bestWidth / 2;  // wraps modulo 2^64
    return isFullSpace(space) ? mid : mid % space;
}

NodeSpec suggestedNode(const Scenario& scenario, const Placement& placement) {
    NodeSpec node;
    node.id = freeNodeId(scenario);
    const auto withVnodes = std::find_if(scenario.nodes.begin(), scenario.nodes.end(),
                                         [](const NodeSpec& n) { return n.vnodes.has_value(); });
    if (withVnodes != scenario.nodes.end()) {
        node.vnodes = withVnodes->vnodes;
    } else if (scenario.algorithm == Algorithm::Ring &&
               scenario.tokenScheme == TokenScheme::Named) {
        node.tokens = {largestArcMidpoint(placement.ring())};
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
        throw nodeError(scenario, node, "", "the last node cannot be removed");
    }
    scenario.nodes.erase(scenario.nodes.begin() + static_cast<std::ptrdiff_t>(node));
    scenario.jumpBuckets.clear();
    scenario.replicas = std::min(scenario.replicas, maxReplicas(scenario));
}

void addVnode(Scenario& scenario, const Placement& placement, size_t node) {
    NodeSpec& spec = scenario.nodes.at(node);
    if (spec.vnodes) {
        spec.vnodes = *spec.vnodes + 1;
        return;
    }
    addToken(scenario, placement, node, largestArcMidpoint(placement.ring()));
}

void removeVnode(Scenario& scenario, size_t node) {
    NodeSpec& spec = scenario.nodes.at(node);
    if (spec.vnodes) {
        if (*spec.vnodes <= 1) {
            throw nodeError(scenario, node, "vnodes",
                            "a node keeps at least one vnode; remove the node instead");
        }
        spec.vnodes = *spec.vnodes - 1;
        return;
    }
    if (spec.tokens.size() <= 1) {
        throw nodeError(scenario, node, "tokens",
                        "a node keeps at least one token; remove the node instead");
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
        throw nodeError(scenario, origin.node, "tokens",
                        "a node keeps at least one token; remove the node instead");
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
            throw nodeError(scenario, node, "tokens",
                            "\"" + part + "\" is not a " +
                                (vnodes ? std::string("vnode count")
                                        : "position (" + positionRule(scenario.space) + ")"));
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
                        "give at least one token position or a vnode count");
    }
    if (!vnodes) {
        setNodeTokens(scenario, node, std::move(values));
        return;
    }
    if (values.size() != 1) {
        throw nodeError(scenario, node, "tokens", "give one vnode count");
    }
    NodeSpec& spec = scenario.nodes[node];
    spec.tokens.clear();
    spec.vnodes = static_cast<int64_t>(
        std::min<uint64_t>(values[0], uint64_t(std::numeric_limits<int64_t>::max())));
}

}  // namespace ringscope::edits
