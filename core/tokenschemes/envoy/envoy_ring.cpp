#include "envoy_ring.h"

#include <cmath>

#include "algorithms/ring/ringplacement.h"
#include "ringscope/envoy_weights.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"

namespace ringscope {

EnvoyRingBuild envoyRingTokensNormalized(std::span<const std::string> ids,
                                         std::span<const double> normalizedWeights,
                                         double minNormalizedWeight, EnvoyRingSizes sizes) {
    if (sizes.minRingSize > sizes.maxRingSize) {
        // RingHashLoadBalancer's constructor check, word for word.
        throw InputError("tokens.minRingSize",
                         "ring hash: minimum_ring_size (" + std::to_string(sizes.minRingSize) +
                             ") > maximum_ring_size (" + std::to_string(sizes.maxRingSize) + ")");
    }
    if (sizes.minRingSize == 0 || sizes.maxRingSize > kEnvoyRingSizeLimit) {
        throw InputError("tokens.minRingSize",
                         "ring sizes must be between 1 and " + std::to_string(kEnvoyRingSizeLimit));
    }
    if (normalizedWeights.size() != ids.size() ||
        !(std::isfinite(minNormalizedWeight) && minNormalizedWeight > 0)) {
        throw InputError("nodes", "every node needs a normalised weight above 0");
    }
    EnvoyRingBuild out;
    out.hashesPerNode.assign(ids.size(), 0);
    if (ids.empty()) {
        return out;
    }
    out.scale = std::min(std::ceil(minNormalizedWeight * static_cast<double>(sizes.minRingSize)) /
                             minNormalizedWeight,
                         static_cast<double>(sizes.maxRingSize));
    out.ringSize = static_cast<uint64_t>(std::ceil(out.scale));
    out.tokens.reserve(out.ringSize);

    std::string key;
    double current = 0.0;
    double target = 0.0;
    for (size_t n = 0; n < ids.size(); ++n) {
        key.assign(ids[n]);
        key.push_back('_');
        const size_t prefix = key.size();
        // Envoy's running sums: the node's tokens are those that bring current up to target.
        target += out.scale * normalizedWeights[n];
        uint64_t i = 0;
        while (current < target) {
            key.resize(prefix);
            key += std::to_string(i);
            out.tokens.push_back({xxh64(key), static_cast<uint32_t>(n)});
            ++i;
            ++current;
        }
        out.hashesPerNode[n] = i;
    }
    return out;
}

EnvoyRingBuild envoyRingTokens(std::span<const std::string> ids, std::span<const double> weights,
                               EnvoyRingSizes sizes) {
    const EnvoyNormalizedWeights normalized = envoyNormalizeWeights(ids, weights);
    return envoyRingTokensNormalized(ids, normalized.weights, normalized.min, sizes);
}

Ring envoyRing(const EnvoyRingBuild& build) {
    return Ring(0, build.tokens);
}

namespace {

// "{id}_{i}" per hash, at most ceil(scale · w/Σw) + 1 hashes for node n, scale at most
// maxRingSize (envoy_ring.h; the ring's own checks refuse bad sizes), for the nodes on Envoy's
// ring (the others have explicit tokens).
std::vector<TokenSchemeModule::NodePoints> envoyNodePoints(const Scenario& s) {
    const EnvoyRingSizes& sizes = s.params.get<EnvoyRingSizes>();
    double totalWeight = 0;
    double minWeight = INFINITY;
    for (const NodeSpec& node : s.nodes) {
        if (node.tokens.empty()) {
            totalWeight += node.weight;
            minWeight = std::min(minWeight, node.weight);
        }
    }
    minWeight /= totalWeight;
    const auto maxSize = static_cast<double>(sizes.maxRingSize);
    const double scale = std::min(
        std::ceil(minWeight * static_cast<double>(sizes.minRingSize)) / minWeight, maxSize);
    std::vector<TokenSchemeModule::NodePoints> out;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty()) {
            const double bound = std::ceil(scale * s.nodes[n].weight / totalWeight) + 1;
            const uint64_t hashes = bound >= 0 && bound < maxSize + 2 ? static_cast<uint64_t>(bound)
                                                                      : sizes.maxRingSize + 1;
            out.push_back({n, hashes, indexedNameBytes(hashes, s.nodes[n].id.size() + 1)});
        }
    }
    return out;
}

}  // namespace

std::vector<RingToken> envoyTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    std::vector<std::string> ids;
    std::vector<double> weights;
    std::vector<uint32_t> nodeOf;  // Envoy's host index -> scenario node
    for (const auto& p : envoyNodePoints(s)) {
        ids.push_back(s.nodes[p.node].id);
        weights.push_back(s.nodes[p.node].weight);
        nodeOf.push_back(static_cast<uint32_t>(p.node));
    }
    if (ids.empty()) {
        return tokens;
    }
    const EnvoyRingBuild build = envoyRingTokens(ids, weights, s.params.get<EnvoyRingSizes>());
    std::vector<uint32_t> next(ids.size(), 0);  // token i of each node, in generation order
    for (const RingToken& t : build.tokens) {
        tokens.push_back({reduceToSpace(t.position, s.space), nodeOf[t.node], next[t.node]++});
    }
    return tokens;
}

namespace {

class EnvoyTokens final : public TokenSchemeModule {
public:
    EnvoyTokens()
        : TokenSchemeModule(TokenScheme::Envoy, "envoy",
                            QT_TRANSLATE_NOOP("TokenScheme", "envoy (ring hash)"),
                            {.points = PointWord::Tokens, .role = NodeRole::Cache}) {
    }  // a load balancer's hosts

    void readParams(const json::Object& t, Scenario& s) const override {
        if (t.contains("minRingSize")) {
            s.params.edit<EnvoyRingSizes>().minRingSize =
                json::unsignedInt(t["minRingSize"], "tokens.minRingSize");
        }
        if (t.contains("maxRingSize")) {
            s.params.edit<EnvoyRingSizes>().maxRingSize =
                json::unsignedInt(t["maxRingSize"], "tokens.maxRingSize");
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kTokens[] = {"minRingSize", "maxRingSize"};
        return {.tokens = kTokens};
    }
    void writeParams(const Scenario& s, json::Object& t) const override {
        const EnvoyRingSizes& sizes = s.params.get<EnvoyRingSizes>();
        if (s.tokenScheme == id() || sizes != EnvoyRingSizes{}) {
            t.set("minRingSize", json::Value::count(sizes.minRingSize));
            t.set("maxRingSize", json::Value::count(sizes.maxRingSize));
        }
    }
    std::vector<NodePoints> nodePoints(const Scenario& s) const override {
        return envoyNodePoints(s);
    }
    std::vector<RingToken> tokens(const Scenario& s) const override { return envoyTokens(s); }
    std::string_view vnodeRefusal() const override {
        return QT_TRANSLATE_NOOP("ScenarioEdits",
                                 "Envoy's ring gives each host its share of the ring size by "
                                 "weight; change the weight or the ring sizes instead");
    }
};

}  // namespace

const TokenSchemeModule& modules::envoyTokens() {
    static const EnvoyTokens module;
    return module;
}

}  // namespace ringscope
