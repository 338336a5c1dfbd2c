#include "spymemcached.h"

#include <charconv>

#include "algorithms/ring/ringplacement.h"
#include "ringscope/error.h"
#include "ringscope/json.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"
#include "tokenschemes/ketama/ketama.h"

namespace ringscope {

namespace {

// DefaultKetamaNodeLocatorConfiguration.getNodeRepetitions: 160 points, 40 digests of four.
constexpr uint64_t kSpymemcachedDigests = kKetamaPointsPerServer / kKetamaPointsPerDigest;
constexpr unsigned kMemcachedPort = 11211;

constexpr NamedValue<SpymemcachedNodeKeys> kNodeKeyNames[] = {
    {SpymemcachedNodeKeys::Spymemcached, "spymemcached"},
    {SpymemcachedNodeKeys::Libmemcached, "libmemcached"},
};
static_assert(indexedByValue(kNodeKeyNames));

// Four decimal numbers up to 255, dot-separated: what InetAddress takes as a literal.
bool isIpv4(std::string_view text) {
    int parts = 0;
    while (parts < 4) {
        unsigned value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        const size_t digits = size_t(end - text.data());
        if (error != std::errc() || digits == 0 || digits > 3 || value > 255) {
            return false;
        }
        text.remove_prefix(digits);
        if (++parts < 4) {
            if (!text.starts_with('.')) {
                return false;
            }
            text.remove_prefix(1);
        }
    }
    return text.empty();
}

}  // namespace

std::string spymemcachedNodeKey(std::string_view id, SpymemcachedNodeKeys format,
                                const std::string& where) {
    std::string_view host = id;
    unsigned port = kMemcachedPort;
    if (const size_t colon = id.rfind(':'); colon != std::string_view::npos) {
        host = id.substr(0, colon);
        const std::string_view digits = id.substr(colon + 1);
        const auto [end, error] =
            std::from_chars(digits.data(), digits.data() + digits.size(), port);
        if (error != std::errc() || end != digits.data() + digits.size() || port > 65535) {
            throw InputError(where,
                             "\"" + std::string(id) + "\": the port is not a number up to 65535");
        }
    }
    const size_t slash = host.find('/');
    const std::string_view name = slash == std::string_view::npos ? "" : host.substr(0, slash);
    const std::string_view address =
        slash == std::string_view::npos ? host : host.substr(slash + 1);
    if (!isIpv4(address)) {
        throw InputError(where, "\"" + std::string(id) +
                                    "\": spymemcached names a node by the IPv4 address its host "
                                    "name resolved to; write the node as NAME/ADDRESS:PORT "
                                    "(cache-a/10.0.1.1:11211) or ADDRESS:PORT");
    }
    switch (format) {
        case SpymemcachedNodeKeys::Spymemcached:
            // InetSocketAddress.toString(): "name/address:port", "/address:port" without a name
            // (the '/' dropped).
            return (name.empty() ? std::string() : std::string(name) + "/") + std::string(address) +
                   ":" + std::to_string(port);
        case SpymemcachedNodeKeys::Libmemcached:
            // getHostName() (the name, else the address: no reverse lookup), the port unless 11211.
            return std::string(name.empty() ? address : name) +
                   (port == kMemcachedPort ? std::string() : ":" + std::to_string(port));
    }
    return {};
}

namespace {

const SpymemcachedParams& paramsOf(const Scenario& s) {
    return s.params.get<SpymemcachedParams>();
}

std::vector<TokenSchemeModule::NodePoints> spymemcachedNodePoints(const Scenario& s) {
    std::vector<TokenSchemeModule::NodePoints> out;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty()) {
            out.push_back({n, kKetamaPointsPerServer,
                           indexedNameBytes(kSpymemcachedDigests, s.nodes[n].id.size() + 20)});
        }
    }
    return out;
}

}  // namespace

std::vector<RingToken> spymemcachedTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    const size_t explicitCount = tokens.size();
    for (const auto& p : spymemcachedNodePoints(s)) {
        const std::string key = spymemcachedNodeKey(s.nodes[p.node].id, paramsOf(s).nodeKeys,
                                                    "nodes[" + std::to_string(p.node) + "].id");
        for (uint64_t i = 0; i < kSpymemcachedDigests; ++i) {
            const auto points = ketamaDigestPoints(key + "-" + std::to_string(i));
            for (uint32_t h = 0; h < kKetamaPointsPerDigest; ++h) {
                tokens.push_back({reduceToSpace(points[h], s.space), static_cast<uint32_t>(p.node),
                                  static_cast<uint32_t>(i * kKetamaPointsPerDigest + h)});
            }
        }
    }
    // newNodeMap.put(position, node) for each node in order: the node put last keeps a point.
    keepLastWrittenOfEqualPoints(tokens, explicitCount);
    return tokens;
}

namespace {

class SpymemcachedTokens final : public TokenSchemeModule {
public:
    SpymemcachedTokens()
        : TokenSchemeModule(TokenScheme::Spymemcached, "spymemcached",
                            QT_TRANSLATE_NOOP("TokenScheme", "ketama (spymemcached)"),
                            {.points = PointWord::Points,
                             .keyHash = HashKind::Md5,
                             .weights = {.integer = true,
                                         .max = 1,
                                         .hint = "spymemcached's ketama gives every server 160 "
                                                 "points: weights are not modelled"},
                             .role = NodeRole::Cache}) {}  // a memcached client's pool

    void readParams(const json::Object& t, Scenario& s) const override {
        if (t.contains("nodeKeys")) {
            s.params.edit<SpymemcachedParams>().nodeKeys =
                json::named(t["nodeKeys"], "tokens.nodeKeys", kNodeKeyNames);
        }
    }
    void writeParams(const Scenario& s, json::Object& t) const override {
        if (paramsOf(s).nodeKeys != SpymemcachedNodeKeys::Spymemcached) {
            t.set("nodeKeys", nameIn(kNodeKeyNames, paramsOf(s).nodeKeys));
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kTokens[] = {"nodeKeys"};
        return {.tokens = kTokens};
    }
    // Every node it places (no explicit tokens) is an address spymemcached could name.
    void validate(const Scenario& s) const override {
        if (!algorithmOf(s).traits().ring) {
            return;
        }
        for (const auto& p : spymemcachedNodePoints(s)) {
            spymemcachedNodeKey(s.nodes[p.node].id, paramsOf(s).nodeKeys,
                                "nodes[" + std::to_string(p.node) + "].id");
        }
    }
    std::vector<NodePoints> nodePoints(const Scenario& s) const override {
        return spymemcachedNodePoints(s);
    }
    std::vector<RingToken> tokens(const Scenario& s) const override {
        return spymemcachedTokens(s);
    }
    std::string_view vnodeRefusal() const override {
        return QT_TRANSLATE_NOOP("ScenarioEdits",
                                 "spymemcached gives every server 160 points (40 digests of four)");
    }
};

}  // namespace

const TokenSchemeModule& modules::spymemcachedTokens() {
    static const SpymemcachedTokens module;
    return module;
}

}  // namespace ringscope
