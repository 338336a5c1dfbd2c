#include "twemproxy.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "algorithms/ring/ringplacement.h"
#include "ringscope/error.h"
#include "ringscope/json.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"
#include "tokenschemes/ketama/ketama.h"

namespace ringscope {

uint64_t twemproxyPoints(double weight, double total, size_t servers) {
    // ketama_update: pct and every step in float; the 1e-10 is added in double and rounded back.
    const float pct = static_cast<float>(weight) / static_cast<float>(total);
    const float share = pct * static_cast<float>(kKetamaPointsPerServer) /
                        static_cast<float>(kKetamaPointsPerDigest) * static_cast<float>(servers);
    const float digests = std::floor(static_cast<float>(static_cast<double>(share) + 0.0000000001));
    return static_cast<uint64_t>(digests) * kKetamaPointsPerDigest;
}

namespace {

// The nodes twemproxy places, in its server order: by name, shorter names first
// (string_compare), then bytewise.
std::vector<size_t> serverOrder(const Scenario& s) {
    std::vector<size_t> order;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty()) {
            order.push_back(n);
        }
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const std::string& x = s.nodes[a].id;
        const std::string& y = s.nodes[b].id;
        return x.size() != y.size() ? x.size() < y.size() : x < y;
    });
    return order;
}

double placedWeight(const Scenario& s) {
    double total = 0;
    for (const NodeSpec& node : s.nodes) {
        total += node.tokens.empty() ? node.weight : 0;
    }
    return total;
}

void checkWeights(const Scenario& s) {
    const double total = placedWeight(s);
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty() &&
            !std::isfinite(static_cast<float>(s.nodes[n].weight) / static_cast<float>(total))) {
            throw nodeError(s, n, "weight",
                            "twemproxy computes weight shares in single precision: the weights "
                            "and their sum must stay below about 3.4e38");
        }
    }
}

}  // namespace

namespace {

// "{name}-{i}" per digest, four points each, in twemproxy's server order.
std::vector<TokenSchemeModule::NodePoints> twemproxyNodePoints(const Scenario& s) {
    checkWeights(s);
    std::vector<TokenSchemeModule::NodePoints> out;
    const std::vector<size_t> order = serverOrder(s);
    const double total = placedWeight(s);
    for (const size_t n : order) {
        const uint64_t points = twemproxyPoints(s.nodes[n].weight, total, order.size());
        out.push_back(
            {n, points,
             indexedNameBytes(points / kKetamaPointsPerDigest, s.nodes[n].id.size() + 1)});
    }
    return out;
}

}  // namespace

std::vector<RingToken> twemproxyTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    for (const auto& p : twemproxyNodePoints(s)) {
        for (uint64_t i = 0; i < p.tokens / kKetamaPointsPerDigest; ++i) {
            std::string name = s.nodes[p.node].id + "-" + std::to_string(i);
            name.resize(std::min(name.size(), kTwemproxyMaxPointName));
            const auto words = ketamaDigestPoints(name);
            for (uint32_t h = 0; h < kKetamaPointsPerDigest; ++h) {
                tokens.push_back({reduceToSpace(words[h], s.space), static_cast<uint32_t>(p.node),
                                  static_cast<uint32_t>(i * kKetamaPointsPerDigest + h)});
            }
        }
    }
    return tokens;
}

namespace {

Scenario importTwemproxy(std::string_view text, const std::string& source, const std::string& name,
                         std::string_view part, std::vector<uint32_t>* nodeLines) {
    return twemproxyScenario(parseTwemproxyConfig(text, source), part, source, name, nodeLines);
}

std::vector<std::string> ketamaPools(std::string_view text, const std::string& source) {
    return importableParts(
        parseTwemproxyConfig(text, source), [](const TwemproxyPool& p) { return p.name; },
        [](const TwemproxyPool& p) { return p.distribution == "ketama"; });
}

const Importer kTwemproxyImporters[1] = {
    {"twemproxy", "a twemproxy (nutcracker) YAML pool with `distribution: ketama`", importTwemproxy,
     kTwemproxyParts.option, ketamaPools,
     "a twemproxy (nutcracker) YAML pool with `distribution: ketama` (--pool NAME when there\n"
     "are several): token scheme twemproxy, the key hash its `hash:` names (md5, fnv1a32,\n"
     "crc32 for crc32a, else twemproxy-NAME), one node per server named as twemproxy hashes it\n"
     "(its name, else the host on port 11211, else host:port), the line kept as its address.\n"}};

class TwemproxyTokens final : public TokenSchemeModule {
public:
    TwemproxyTokens()
        : TokenSchemeModule(TokenScheme::Twemproxy, "twemproxy",
                            QT_TRANSLATE_NOOP("TokenScheme", "twemproxy (ketama)"),
                            {.points = PointWord::Points,
                             .keyHash = HashKind::TwemproxyFnv1a_64,
                             .weights = {.integer = true},
                             .role = NodeRole::Cache}) {}  // a memcached or Redis proxy

    // The server line as written: "address".
    void readNode(const json::Object& node, NodeSpec& spec) const override {
        if (node.contains("address")) {
            spec.params.edit<TwemproxyAddress>().address = json::string(node["address"], "address");
        }
    }
    void writeNode(const NodeSpec& spec, json::Object& node) const override {
        if (const std::string& a = spec.params.get<TwemproxyAddress>().address; !a.empty()) {
            node.set("address", a);
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kNode[] = {"address"};
        return {.node = kNode};
    }
    void validate(const Scenario& s) const override { checkWeights(s); }
    std::vector<NodePoints> nodePoints(const Scenario& s) const override {
        return twemproxyNodePoints(s);
    }
    std::vector<RingToken> tokens(const Scenario& s) const override { return twemproxyTokens(s); }
    std::string_view vnodeRefusal() const override {
        return QT_TRANSLATE_NOOP("ScenarioEdits",
                                 "twemproxy gives each server points by its weight "
                                 "(floorf(w/Σw·40·N) digests of four points); change the weight "
                                 "instead");
    }
    std::span<const Importer> importers() const override { return kTwemproxyImporters; }
    // The server line the node came from, when it is not the name hashed.
    std::optional<NodeNote> nodeNote(const Scenario& s, size_t n) const override {
        const std::string& address = s.nodes.at(n).params.get<TwemproxyAddress>().address;
        if (address.empty()) {
            return std::nullopt;
        }
        return NodeNote{QT_TRANSLATE_NOOP("NodeNote", "twemproxy server"), address};
    }
};

}  // namespace

const TokenSchemeModule& modules::twemproxyTokens() {
    static const TwemproxyTokens module;
    return module;
}

}  // namespace ringscope
