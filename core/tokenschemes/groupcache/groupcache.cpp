#include "groupcache.h"

#include <algorithm>

#include "algorithms/ring/ringplacement.h"
#include "keyhashes/crc32/crc32.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"

namespace ringscope {

uint32_t groupcachePoint(std::string_view id, uint64_t replica) {
    return crc32Update(crc32(std::to_string(replica)), id);
}

namespace {

uint64_t replicasOf(const NodeSpec& node) {
    return static_cast<uint64_t>(node.vnodes.value_or(kGroupcacheReplicas));
}

}  // namespace

std::vector<RingToken> groupcacheTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    const size_t explicitCount = tokens.size();
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        const NodeSpec& node = s.nodes[n];
        if (!node.tokens.empty()) {
            continue;
        }
        const uint64_t replicas = replicasOf(node);
        for (uint64_t i = 0; i < replicas; ++i) {
            tokens.push_back({reduceToSpace(groupcachePoint(node.id, i), s.space),
                              static_cast<uint32_t>(n), static_cast<uint32_t>(i)});
        }
    }
    // Sorted by point, and of equal points the last written (the node added last, its last
    // replica) is the one hashMap keeps.
    const auto own = tokens.begin() + static_cast<std::ptrdiff_t>(explicitCount);
    std::stable_sort(own, tokens.end(), [](const RingToken& a, const RingToken& b) {
        return a.position < b.position;
    });
    auto out = own;
    for (auto it = own; it != tokens.end(); ++it) {
        if (out != own && std::prev(out)->position == it->position) {
            *std::prev(out) = *it;
        } else {
            *out++ = *it;
        }
    }
    tokens.erase(out, tokens.end());
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

    // `vnodes` points per node, each the CRC-32 of up to 20 digits and the node's id.
    Cost cost(const Scenario& s) const override {
        Cost cost;
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            if (!s.nodes[n].tokens.empty()) {
                continue;
            }
            const uint64_t points = replicasOf(s.nodes[n]);
            cost.tokens = saturatingAdd(cost.tokens, points);
            if (points > cost.largestTokens) {
                cost.largestTokens = points;
                cost.largestNode = n;
            }
            cost.nameBytes = saturatingAdd(
                cost.nameBytes, saturatingMul(points, saturatingAdd(s.nodes[n].id.size(), 20)));
        }
        return cost;
    }
    std::vector<RingToken> tokens(const Scenario& s) const override { return groupcacheTokens(s); }
};

}  // namespace

const TokenSchemeModule& modules::groupcacheTokens() {
    static const GroupcacheTokens module;
    return module;
}

}  // namespace ringscope
