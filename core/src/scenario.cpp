#include "ringscope/scenario.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "ringscope/bounded_load.h"
#include "ringscope/error.h"
#include "ringscope/module.h"

namespace ringscope {

namespace {

std::string shortNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

// A node's weight under the rule of what places it: finite and above 0 unless the rule says more.
void checkWeight(const Scenario& s, size_t i, const WeightRule& rule) {
    const double w = s.nodes[i].weight;
    const bool whole = std::isfinite(w) && w == std::floor(w);
    if (!std::isfinite(w) || w < 0 || (w == 0 && !rule.zeroAllowed)) {
        throw nodeError(s, i, "weight",
                        std::string(rule.zeroAllowed ? "weight must be a finite number of at "
                                                       "least 0, not "
                                                     : "weight must be a finite number greater "
                                                       "than 0, not ") +
                            shortNumber(w));
    }
    if ((rule.integer && !whole) || (rule.max > 0 && w > rule.max)) {
        throw nodeError(s, i, "weight",
                        std::string(rule.integer ? "weight must be a whole number" : "weight") +
                            (rule.max > 0 ? " of at most " + shortNumber(rule.max) : "") +
                            " under \"" + std::string(tokenSchemeOf(s).name()) + "\", not " +
                            shortNumber(w) +
                            (rule.hint.empty() ? "" : "; " + std::string(rule.hint)));
    }
}

}  // namespace

void giveRingNodesTokens(Scenario& scenario) {
    algorithmOf(scenario).adopt(scenario, scenario.algorithm);
}

void useTokenScheme(Scenario& scenario, TokenScheme scheme) {
    scenario.tokenScheme = scheme;
    if (moduleOf(scheme).traits().placesEveryNode) {
        for (NodeSpec& node : scenario.nodes) {
            node.tokens.clear();
            node.vnodes.reset();
        }
    }
    giveRingNodesTokens(scenario);
}

KeyHashing keyHashingOf(const Scenario& scenario) {
    KeyHashing hashing{scenario.keyHash, scenario.space, scenario.keyEncoding};
    algorithmOf(scenario).fixKeyHashing(hashing);
    return hashing;
}

void turnTo(Scenario& s, Algorithm algorithm) {
    const Algorithm from = s.algorithm;
    s.algorithm = algorithm;
    for (const auto& row : kAlgorithms) {
        row.module().switched(s, from, algorithm);
    }
}

Scenario withAlgorithm(const Scenario& scenario, Algorithm algorithm) {
    Scenario s = scenario;
    const Algorithm from = scenario.algorithm;
    turnTo(s, algorithm);
    if (!moduleOf(algorithm).traits().boundedLoads) {
        s.boundedLoadPercent.reset();
    }
    moduleOf(algorithm).adopt(s, from);
    return s;
}

Scenario asAlgorithm(const Scenario& scenario, Algorithm algorithm) {
    Scenario s = withAlgorithm(scenario, algorithm);
    s.replicas = 1;
    s.zoneAware = false;
    return s;
}

void checkIdentityKeys(const Scenario& scenario) {
    const KeySetSpec& k = scenario.keys;
    if (moduleOf(scenario.keyHash).traits().keysArePositions &&
        k.kind == KeySetSpec::Kind::Pattern && k.pattern != kIndexPlaceholder) {
        throw InputError("keyHash", std::string(hashName(scenario.keyHash)) +
                                        " uses each key as its position, so the key pattern "
                                        "must be \"" +
                                        std::string(kIndexPlaceholder) + "\", not \"" + k.pattern +
                                        "\"");
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

bool hasControlCharacter(std::string_view text, bool prose) {
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const bool c1 = c == 0xC2 && i + 1 < text.size() &&
                        static_cast<unsigned char>(text[i + 1]) < 0xA0;  // U+0080-U+009F
        const bool paragraph = prose && (c == '\n' || c == '\t');
        if ((c < 0x20 && !paragraph) || c == 0x7F || c1) {
            return true;
        }
    }
    return false;
}

std::string withControlsEscaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0xC2 && i + 1 < text.size() &&
            (static_cast<unsigned char>(text[i + 1]) & 0xE0) == 0x80) {
            out += "\\u00";  // a C1 control, U+0080-U+009F
            appendHexByte(out, static_cast<unsigned char>(text[++i]));
        } else if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
            out += "\\x";
            appendHexByte(out, c);
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

void checkProse(std::string_view text, const std::string& field) {
    if (hasControlCharacter(text, true)) {
        throw InputError(field, "the text " + quotedText(text) +
                                    " holds a control character (only line breaks and tabs may "
                                    "stand in a text)");
    }
}

void validate(const Scenario& s) {
    const AlgorithmModule& algorithm = algorithmOf(s);
    // The token scheme's rule for weights where it places the tokens.
    const WeightRule weights =
        algorithm.traits().ring ? tokenSchemeOf(s).traits().weights : WeightRule{};
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
        checkWeight(s, i, weights);
        if (node.vnodes && (*node.vnodes < 1 || *node.vnodes > kMaxVnodes)) {
            throw nodeError(s, i, "vnodes",
                            "vnodes must be between 1 and " + std::to_string(kMaxVnodes) +
                                ", not " + std::to_string(*node.vnodes));
        }
        if (!node.tokens.empty() && node.vnodes) {
            throw nodeError(s, i, "",
                            "give either explicit \"tokens\" or a \"vnodes\" count, not both");
        }
        algorithm.validateNode(s, i);
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
    algorithm.validate(s);
    if (s.boundedLoadPercent) {
        if (!algorithm.traits().boundedLoads) {
            throw InputError("boundedLoad",
                             "bounded loads apply to " +
                                 algorithmsWith([](const auto& t) { return t.boundedLoads; }) +
                                 ", not \"" + std::string(algorithm.name()) + "\"");
        }
        checkBalanceFactorPercent(*s.boundedLoadPercent);
        if (s.replicas != 1) {
            throw InputError("boundedLoad",
                             "bounded loads choose one node per key; set replicas to 1, not " +
                                 std::to_string(s.replicas));
        }
    }
    checkKeyDecoration(s.keys);  // a key set that cannot be generated is refused on reading
    tokenSchemeOf(s).validate(s);
}

}  // namespace ringscope
