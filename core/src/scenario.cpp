#include "ringscope/scenario.h"

#include <cmath>
#include <cstdio>
#include <set>

#include "ringscope/error.h"

namespace ringscope {

namespace {
std::string shortNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}
}  // namespace

std::string_view algorithmName(Algorithm algorithm) {
    switch (algorithm) {
        case Algorithm::Ring:
            return "ring";
        case Algorithm::Rendezvous:
            return "rendezvous";
        case Algorithm::WeightedRendezvous:
            return "weighted-rendezvous";
        case Algorithm::NaiveDivRendezvous:
            return "naive-divide-rendezvous";
        case Algorithm::NaiveMulRendezvous:
            return "naive-multiply-rendezvous";
        case Algorithm::Jump:
            return "jump";
        case Algorithm::ModN:
            return "modn";
    }
    return "?";
}

std::optional<Algorithm> algorithmFromName(std::string_view name) {
    for (Algorithm algorithm : kAllAlgorithms) {
        if (algorithmName(algorithm) == name) {
            return algorithm;
        }
    }
    return std::nullopt;
}

std::string spaceName(uint64_t space) {
    if (space == kSpace64) {
        return "2^64";
    }
    if (space == kSpace32) {
        return "2^32";
    }
    return std::to_string(space);
}

std::string nodeWhere(const Scenario& scenario, size_t index) {
    std::string where = "nodes[" + std::to_string(index) + "]";
    if (index < scenario.nodes.size() && !scenario.nodes[index].id.empty()) {
        where += " (" + scenario.nodes[index].id + ")";
    }
    return where;
}

void validate(const Scenario& s) {
    if (s.space == 1) {
        throw InputError("space", "must be at least 2 (or \"2^32\", \"2^64\")");
    }
    if (s.nodes.empty()) {
        throw InputError("nodes", "the node list is empty; add at least one node");
    }
    if (s.nodes.size() > kMaxNodes) {
        throw InputError("nodes", std::to_string(s.nodes.size()) + " nodes is more than the " +
                                      std::to_string(kMaxNodes) + " supported");
    }
    std::set<std::string_view> ids;
    std::set<std::string_view> zones;
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        const NodeSpec& node = s.nodes[i];
        const std::string where = nodeWhere(s, i);
        if (node.id.empty()) {
            throw InputError(where + ".id", "the node id is empty");
        }
        if (!ids.insert(node.id).second) {
            throw InputError(where + ".id", "duplicate node id \"" + node.id + "\"");
        }
        if (!std::isfinite(node.weight) || node.weight <= 0) {
            throw InputError(
                where + ".weight",
                "weight must be a finite number greater than 0, not " + shortNumber(node.weight));
        }
        zones.insert(node.zone);
        if (node.vnodes && (*node.vnodes < 1 || *node.vnodes > kMaxVnodes)) {
            throw InputError(where + ".vnodes", "vnodes must be between 1 and " +
                                                    std::to_string(kMaxVnodes) + ", not " +
                                                    std::to_string(*node.vnodes));
        }
        if (!node.tokens.empty() && node.vnodes) {
            throw InputError(where,
                             "give either explicit \"tokens\" or a \"vnodes\" count, not both");
        }
        if (s.algorithm == Algorithm::Ring) {
            for (size_t t = 0; t < node.tokens.size(); ++t) {
                if (s.space != kSpace64 && node.tokens[t] >= s.space) {
                    throw InputError(where + ".tokens[" + std::to_string(t) + "]",
                                     "token " + std::to_string(node.tokens[t]) +
                                         " is outside the hash space [0, " + spaceName(s.space) +
                                         ")");
                }
            }
        }
    }
    if (s.replicas < 1) {
        throw InputError("replicas", "must be at least 1, not " + std::to_string(s.replicas));
    }
    if (static_cast<uint64_t>(s.replicas) > s.nodes.size()) {
        throw InputError("replicas", "replicas " + std::to_string(s.replicas) +
                                         " is more than the " + std::to_string(s.nodes.size()) +
                                         " nodes");
    }
    if (s.algorithm == Algorithm::Jump && !s.jumpBuckets.empty()) {
        std::set<uint32_t> seen;
        for (size_t b = 0; b < s.jumpBuckets.size(); ++b) {
            const uint32_t n = s.jumpBuckets[b];
            if (n >= s.nodes.size() || !seen.insert(n).second) {
                throw InputError("jump.buckets[" + std::to_string(b) + "]",
                                 "must name each node exactly once");
            }
        }
        if (seen.size() != s.nodes.size()) {
            throw InputError("jump.buckets", "must list every node exactly once");
        }
    }
    if (s.tokenScheme == TokenScheme::Named && s.tokenName.find("{i}") == std::string::npos) {
        throw InputError("tokens.name", "the token name pattern must contain {i}");
    }
}

}  // namespace ringscope
