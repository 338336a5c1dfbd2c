#include "ringscope/scenario.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "ringscope/bounded_load.h"
#include "ringscope/error.h"

namespace ringscope {

namespace {
std::string shortNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}
}  // namespace

void giveRingNodesTokens(Scenario& scenario) {
    if (scenario.algorithm != Algorithm::Ring || scenario.tokenScheme != TokenScheme::Named) {
        return;
    }
    for (NodeSpec& node : scenario.nodes) {
        if (node.tokens.empty() && !node.vnodes) {
            node.vnodes = kDefaultVnodes;
        }
    }
}

void useTokenScheme(Scenario& scenario, TokenScheme scheme) {
    scenario.tokenScheme = scheme;
    switch (scheme) {
        case TokenScheme::Ketama:
        case TokenScheme::Envoy:
            for (NodeSpec& node : scenario.nodes) {
                node.tokens.clear();
                node.vnodes.reset();
            }
            break;
        case TokenScheme::Named:
            giveRingNodesTokens(scenario);
            break;
    }
}

KeyHashing keyHashingOf(const Scenario& scenario) {
    if (scenario.algorithm == Algorithm::RedisCluster) {
        return {HashKind::RedisSlot, kRedisSlots, scenario.keyEncoding};
    }
    // Maglev looks a key up by its full 64-bit hash, never reduced to the space.
    return {scenario.keyHash, scenario.space, scenario.keyEncoding,
            scenario.algorithm == Algorithm::Maglev};
}

bool takesBoundedLoad(Algorithm algorithm) {
    return algorithm == Algorithm::Ring || algorithm == Algorithm::Maglev;
}

void checkIdentityKeys(const Scenario& scenario) {
    const KeySetSpec& k = scenario.keys;
    if (scenario.keyHash == HashKind::Identity && k.kind == KeySetSpec::Kind::Pattern &&
        k.pattern != kIndexPlaceholder) {
        throw InputError("keyHash",
                         "identity uses each key as its position, so the key pattern must be \"" +
                             std::string(kIndexPlaceholder) + "\", not \"" + k.pattern + "\"");
    }
}

std::string nodeWhere(const Scenario& scenario, size_t index) {
    return nodeError(scenario, index, "", "").where();
}

InputError nodeError(const Scenario& scenario, size_t index, std::string field,
                     std::string message) {
    InputError error(std::move(field), std::move(message));
    error.forNode(index, index < scenario.nodes.size() ? scenario.nodes[index].id : "");
    return error;
}

bool hasControlCharacter(std::string_view text) {
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const bool c1 = c == 0xC2 && i + 1 < text.size() &&
                        static_cast<unsigned char>(text[i + 1]) < 0xA0;  // U+0080-U+009F
        if (c < 0x20 || c == 0x7F || c1) {
            return true;
        }
    }
    return false;
}

void validate(const Scenario& s) {
    if (s.nodes.empty()) {
        throw InputError("nodes", "the node list is empty; add at least one node");
    }
    std::set<std::string_view> ids;
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        const NodeSpec& node = s.nodes[i];
        if (node.id.empty()) {
            throw nodeError(s, i, "id", "the node id is empty");
        }
        if (hasControlCharacter(node.id)) {
            throw nodeError(s, i, "id",
                            "the node id " + quotedText(node.id) + " holds a control character");
        }
        if (hasControlCharacter(node.zone)) {
            throw nodeError(s, i, "zone",
                            "the zone " + quotedText(node.zone) + " holds a control character");
        }
        if (!ids.insert(node.id).second) {
            throw nodeError(s, i, "id", "duplicate node id " + quotedText(node.id, kQuotedIdBytes));
        }
        if (!std::isfinite(node.weight) || node.weight <= 0) {
            throw nodeError(
                s, i, "weight",
                "weight must be a finite number greater than 0, not " + shortNumber(node.weight));
        }
        if (node.vnodes && (*node.vnodes < 1 || *node.vnodes > kMaxVnodes)) {
            throw nodeError(s, i, "vnodes",
                            "vnodes must be between 1 and " + std::to_string(kMaxVnodes) +
                                ", not " + std::to_string(*node.vnodes));
        }
        if (!node.tokens.empty() && node.vnodes) {
            throw nodeError(s, i, "",
                            "give either explicit \"tokens\" or a \"vnodes\" count, not both");
        }
        if (s.algorithm == Algorithm::Ring) {
            for (size_t t = 0; t < node.tokens.size(); ++t) {
                if (!inSpace(node.tokens[t], s.space)) {
                    throw nodeError(s, i, "tokens[" + std::to_string(t) + "]",
                                    "token " + std::to_string(node.tokens[t]) +
                                        " is outside the hash space [0, " + spaceName(s.space) +
                                        ")");
                }
            }
        }
    }
    if (s.replicas < kMinReplicas) {
        throw InputError("replicas", "must be at least " + std::to_string(kMinReplicas) + ", not " +
                                         std::to_string(s.replicas));
    }
    if (s.replicas > maxReplicas(s)) {
        throw InputError("replicas", "replicas " + std::to_string(s.replicas) +
                                         " is more than the " + std::to_string(s.nodes.size()) +
                                         " nodes");
    }
    const auto up = static_cast<int64_t>(
        std::count_if(s.nodes.begin(), s.nodes.end(), [](const NodeSpec& n) { return !n.down; }));
    if (s.replicas > up) {
        throw InputError("replicas", "replicas " + std::to_string(s.replicas) +
                                         " is more than the " + std::to_string(up) +
                                         " nodes that are up; bring a node up or lower replicas");
    }
    if (s.boundedLoadPercent && up < maxReplicas(s)) {
        throw InputError("boundedLoad",
                         "a down node under bounded loads is not modelled (the capacities would "
                         "change with it); bring the node up or turn bounded loads off");
    }
    if (s.algorithm == Algorithm::Maglev) {
        checkMaglevTableSize(s.maglevTableSize);
    }
    if (s.algorithm == Algorithm::RedisCluster && s.replicas != 1) {
        throw InputError("replicas",
                         "a Redis Cluster slot lives on one master (its replicas copy that "
                         "master, they own no slots); set replicas to 1, not " +
                             std::to_string(s.replicas));
    }
    if (s.boundedLoadPercent) {
        if (!takesBoundedLoad(s.algorithm)) {
            throw InputError("boundedLoad",
                             "bounded loads apply to \"ring\" and \"maglev\", not \"" +
                                 std::string(algorithmName(s.algorithm)) + "\"");
        }
        checkBalanceFactorPercent(*s.boundedLoadPercent);
        if (s.replicas != 1) {
            throw InputError("boundedLoad",
                             "bounded loads choose one node per key; set replicas to 1, not " +
                                 std::to_string(s.replicas));
        }
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
    checkKeyDecoration(s.keys);  // a key set that cannot be generated is refused on reading
    if (s.tokenScheme == TokenScheme::Named &&
        s.tokenName.find(kIndexPlaceholder) == std::string::npos) {
        throw InputError("tokens.name",
                         "the token name pattern must contain " + std::string(kIndexPlaceholder));
    }
}

}  // namespace ringscope
