#include "groupcache.h"

#include "algorithms/ring/ringplacement.h"
#include "keyhashes/crc32/crc32.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"

namespace ringscope {

uint32_t groupcachePoint(std::string_view id, uint64_t replica) {
    return crc32Update(crc32(std::to_string(replica)), id);
}

namespace {

// `vnodes` points per node, each the CRC-32 of up to 20 digits and the node's id.
std::vector<TokenSchemeModule::NodePoints> groupcacheNodePoints(const Scenario& s) {
    std::vector<TokenSchemeModule::NodePoints> out;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty()) {
            const auto points =
                static_cast<uint64_t>(s.nodes[n].vnodes.value_or(kGroupcacheReplicas));
            out.push_back(
                {n, points, saturatingMul(points, saturatingAdd(s.nodes[n].id.size(), 20))});
        }
    }
    return out;
}

}  // namespace

std::vector<RingToken> groupcacheTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    const size_t explicitCount = tokens.size();
    for (const auto& p : groupcacheNodePoints(s)) {
        for (uint64_t i = 0; i < p.tokens; ++i) {
            tokens.push_back({reduceToSpace(groupcachePoint(s.nodes[p.node].id, i), s.space),
                              static_cast<uint32_t>(p.node), static_cast<uint32_t>(i)});
        }
    }
    // Of equal points the last written (the node added last, its last replica) is the one
    // hashMap keeps.
    keepLastWrittenOfEqualPoints(tokens, explicitCount);
    return tokens;
}

namespace {

class GroupcacheTokens final : public TokenSchemeModule {
public:
    GroupcacheTokens()
        : TokenSchemeModule(TokenScheme::Groupcache, "groupcache",
                            QT_TRANSLATE_NOOP("TokenScheme", "groupcache (consistenthash)"),
                            {.points = PointWord::Points,
                             .defaultVnodes = kGroupcacheReplicas,
                             .keyHash = HashKind::Crc32,
                             .weights = {.integer = true,
                                         .max = 1,
                                         .hint = "groupcache has no weights (every peer gets "
                                                 "the same replicas): give the node more vnodes "
                                                 "instead"},
                             .role = NodeRole::Cache}) {}  // a cache filling from its getter

    std::vector<NodePoints> nodePoints(const Scenario& s) const override {
        return groupcacheNodePoints(s);
    }
    std::vector<RingToken> tokens(const Scenario& s) const override { return groupcacheTokens(s); }
};

}  // namespace

const TokenSchemeModule& modules::groupcacheTokens() {
    static const GroupcacheTokens module;
    return module;
}

}  // namespace ringscope
