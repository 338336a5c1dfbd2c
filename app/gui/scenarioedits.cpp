#include "scenarioedits.h"

#include <algorithm>

#include "nodenames.h"
#include "ringscope/error.h"

namespace ringscope::edits {

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
            width = space == 0 ? q - p : space - p + q;
        }
        if (ring.size() == 1) {
            width = space == 0 ? ~uint64_t{0} : space;
        }
        if (width > bestWidth) {
            best = t;
            bestWidth = width;
        }
    }
    const uint64_t start = ring.position(ring.predecessor(best));
    const uint64_t mid = start + bestWidth / 2;  // wraps modulo 2^64
    return space == 0 ? mid : mid % space;
}

NodeSpec suggestedNode(const Scenario& scenario, const Placement& placement) {
    NodeSpec node;
    node.id = nextNodeId(scenario);
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
    const auto& origins = placement.tokenOrigins();
    std::vector<std::pair<uint32_t, uint64_t>> found;
    for (size_t t = 0; t < origins.size(); ++t) {
        if (origins[t].node == node) {
            found.emplace_back(origins[t].index, placement.ring().position(t));
        }
    }
    std::sort(found.begin(), found.end());
    std::vector<uint64_t> positions;
    for (const auto& f : found) {
        positions.push_back(f.second);
    }
    return positions;
}

void setNodeTokens(Scenario& scenario, size_t node, std::vector<uint64_t> nodePositions) {
    NodeSpec& spec = scenario.nodes.at(node);
    spec.vnodes.reset();
    spec.tokens = std::move(nodePositions);
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
            throw InputError(nodeWhere(scenario, node) + ".vnodes",
                             "a node keeps at least one vnode; remove the node instead");
        }
        spec.vnodes = *spec.vnodes - 1;
        return;
    }
    if (spec.tokens.size() <= 1) {
        throw InputError(nodeWhere(scenario, node) + ".tokens",
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
        throw InputError(nodeWhere(scenario, origin.node) + ".tokens",
                         "a node keeps at least one token; remove the node instead");
    }
    positions.erase(positions.begin() + origin.index);
    setNodeTokens(scenario, origin.node, std::move(positions));
}

}  // namespace ringscope::edits
