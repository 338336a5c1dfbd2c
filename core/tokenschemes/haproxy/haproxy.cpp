#include "haproxy.h"

#include <set>

#include "algorithms/ring/ringplacement.h"
#include "keyhashes/haproxy/haproxy_hashes.h"
#include "ringscope/error.h"
#include "ringscope/json.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"

namespace ringscope {

std::vector<uint32_t> haproxyServerIds(const Scenario& s) {
    std::set<uint32_t> used;
    for (const NodeSpec& node : s.nodes) {
        if (const auto id = node.params.get<HaproxyServerId>().id) {
            used.insert(*id);
        }
    }
    // cfgparse.c: next_id starts at 1 and steps with every server; a server without an id
    // takes the first free one from there.
    std::vector<uint32_t> ids;
    uint32_t next = 1;
    for (const NodeSpec& node : s.nodes) {
        if (const auto id = node.params.get<HaproxyServerId>().id) {
            ids.push_back(*id);
        } else {
            while (used.count(next)) {
                ++next;
            }
            used.insert(next);
            ids.push_back(next);
        }
        ++next;
    }
    return ids;
}

namespace {

// 16 points per unit of weight, one integer hashed for each.
std::vector<TokenSchemeModule::NodePoints> haproxyNodePoints(const Scenario& s) {
    std::vector<TokenSchemeModule::NodePoints> out;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty()) {
            const uint64_t points =
                static_cast<uint64_t>(std::clamp(s.nodes[n].weight, 0.0, kHaproxyMaxWeight)) *
                kHaproxyPointsPerWeight;
            out.push_back({n, points, saturatingMul(points, 4)});
        }
    }
    return out;
}

}  // namespace

std::vector<RingToken> haproxyTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    const std::vector<uint32_t> ids = haproxyServerIds(s);
    for (const auto& p : haproxyNodePoints(s)) {
        for (uint64_t j = 0; j < p.tokens; ++j) {
            tokens.push_back(
                {reduceToSpace(haproxyFullHash(ids[p.node] * kHaproxyIdStride + uint32_t(j)),
                               s.space),
                 static_cast<uint32_t>(p.node), static_cast<uint32_t>(j)});
        }
    }
    return tokens;
}

namespace {

Scenario importHaproxy(std::string_view text, const std::string& source, const std::string& name,
                       std::string_view part, std::vector<uint32_t>* nodeLines) {
    return haproxyScenario(parseHaproxyConfig(text, source), part, source, name, nodeLines);
}

// The sections with `hash-type consistent`, the ones `--backend` may name.
std::vector<std::string> consistentBackends(std::string_view text, const std::string& source) {
    return importableParts(
        parseHaproxyConfig(text, source), [](const HaproxyProxy& p) { return p.name; },
        haproxyHashes);
}

const Importer kHaproxyImporters[1] = {
    {"haproxy", "an HAProxy configuration's backend with `hash-type consistent`", importHaproxy,
     kHaproxyParts.option, consistentBackends,
     "an HAProxy configuration's backend or listen section with `hash-type consistent`\n"
     "(--backend NAME when there are several): token scheme haproxy, the key hash its\n"
     "hash-type names (sdbm, djb2, wt6, crc32, -avalanche), one node per server name with its\n"
     "weight and id; disabled servers marked down, hash-balance-factor as bounded loads.\n"}};

class HaproxyTokens final : public TokenSchemeModule {
public:
    HaproxyTokens()
        : TokenSchemeModule(
              TokenScheme::Haproxy, "haproxy",
              QT_TRANSLATE_NOOP("TokenScheme", "haproxy (hash-type consistent)"),
              {.lookup = LookupRule::Nearer,
               .points = PointWord::Points,
               .keyHash = HashKind::Sdbm,
               .weights = {.integer = true, .zeroAllowed = true, .max = kHaproxyMaxWeight},
               .role = NodeRole::Cache}) {}  // a proxy's backend servers

    // A server's HAProxy `id`: "serverId".
    void readNode(const json::Object& node, NodeSpec& spec) const override {
        if (node.contains("serverId")) {
            const uint64_t id = json::unsignedInt(node["serverId"], "serverId");
            if (id == 0 || id > 0x7fffffff) {
                throw InputError("serverId", "a HAProxy server id is between 1 and 2147483647");
            }
            spec.params.edit<HaproxyServerId>().id = static_cast<uint32_t>(id);
        }
    }
    void writeNode(const NodeSpec& spec, json::Object& node) const override {
        if (const auto id = spec.params.get<HaproxyServerId>().id) {
            node.set("serverId", json::Value::count(*id));
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kNode[] = {"serverId"};
        return {.node = kNode};
    }
    // Two servers of a backend never share an id (cfgparse.c refuses it).
    void validate(const Scenario& s) const override {
        std::set<uint32_t> seen;
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            if (const auto id = s.nodes[n].params.get<HaproxyServerId>().id;
                id && !seen.insert(*id).second) {
                throw nodeError(
                    s, n, "serverId",
                    "server id " + std::to_string(*id) + " is already used by another server");
            }
        }
    }
    std::vector<NodePoints> nodePoints(const Scenario& s) const override {
        return haproxyNodePoints(s);
    }
    std::vector<RingToken> tokens(const Scenario& s) const override { return haproxyTokens(s); }
    std::span<const Importer> importers() const override { return kHaproxyImporters; }
    // The id HAProxy gives the server (its `id`, or the one cfgparse.c numbers it with).
    std::optional<NodeNote> nodeNote(const Scenario& s, size_t n) const override {
        return NodeNote{QT_TRANSLATE_NOOP("NodeNote", "HAProxy server id"),
                        std::to_string(haproxyServerIds(s).at(n))};
    }
    std::string_view vnodeRefusal() const override {
        return QT_TRANSLATE_NOOP("ScenarioEdits",
                                 "HAProxy gives each server 16 points per unit of weight "
                                 "(0–256); change the weight instead");
    }
};

}  // namespace

const TokenSchemeModule& modules::haproxyTokens() {
    static const HaproxyTokens module;
    return module;
}

}  // namespace ringscope
