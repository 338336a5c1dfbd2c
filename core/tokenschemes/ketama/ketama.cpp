#include "ketama.h"

#include <cmath>

#include "algorithms/ring/ringplacement.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

// libmemcached computes ketama's weight shares in single precision; so do we, to place the same
// points. Weights beyond single precision (1e39 is a valid double) make the share inf or NaN.
uint64_t ketamaDigests(const Scenario& s, size_t n, double totalWeight) {
    const float liveServers = static_cast<float>(s.nodes.size());
    const float pct = static_cast<float>(s.nodes[n].weight) / static_cast<float>(totalWeight);
    const float points = std::floor(pct * float(kKetamaPointsPerServer) /
                                        float(kKetamaPointsPerDigest) * liveServers +
                                    0.0000000001f);
    if (!std::isfinite(points) || points < 0 || points >= 0x1p62f) {
        throw nodeError(s, n, "weight",
                        "ketama computes weight shares in single precision: the weights and "
                        "their sum must stay below about 3.4e38");
    }
    return static_cast<uint64_t>(points);
}

}  // namespace

std::array<uint32_t, kKetamaPointsPerDigest> ketamaDigestPoints(std::string_view pointName) {
    const auto d = md5Digest(pointName);
    std::array<uint32_t, kKetamaPointsPerDigest> points{};
    for (uint32_t h = 0; h < kKetamaPointsPerDigest; ++h) {
        points[h] = uint32_t{d[3 + h * 4]} << 24 | uint32_t{d[2 + h * 4]} << 16 |
                    uint32_t{d[1 + h * 4]} << 8 | d[h * 4];
    }
    return points;
}

namespace {

// "{node}-{i}" per digest, four points each, for the nodes without explicit tokens.
std::vector<TokenSchemeModule::NodePoints> ketamaNodePoints(const Scenario& s) {
    std::vector<TokenSchemeModule::NodePoints> out;
    const double total = totalWeight(s);
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty()) {
            const uint64_t digests = ketamaDigests(s, n, total);
            out.push_back({n, saturatingMul(digests, kKetamaPointsPerDigest),
                           indexedNameBytes(digests, s.nodes[n].id.size() + 1)});
        }
    }
    return out;
}

}  // namespace

std::vector<RingToken> ketamaTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    for (const auto& p : ketamaNodePoints(s)) {
        for (uint64_t i = 0; i < p.tokens / kKetamaPointsPerDigest; ++i) {
            const auto points = ketamaDigestPoints(s.nodes[p.node].id + "-" + std::to_string(i));
            for (uint32_t h = 0; h < kKetamaPointsPerDigest; ++h) {
                tokens.push_back({reduceToSpace(points[h], s.space), static_cast<uint32_t>(p.node),
                                  static_cast<uint32_t>(i * kKetamaPointsPerDigest + h)});
            }
        }
    }
    return tokens;
}

namespace {

class KetamaTokens final : public TokenSchemeModule {
public:
    KetamaTokens()
        : TokenSchemeModule(
              TokenScheme::Ketama, "ketama",
              QT_TRANSLATE_NOOP("TokenScheme", "ketama (libmemcached)"),
              {.points = PointWord::Points, .keyHash = HashKind::Md5, .role = NodeRole::Cache}) {
    }  // a memcached client's pool

    std::vector<NodePoints> nodePoints(const Scenario& s) const override {
        return ketamaNodePoints(s);
    }
    std::vector<RingToken> tokens(const Scenario& s) const override { return ketamaTokens(s); }
    std::string_view vnodeRefusal() const override {
        return QT_TRANSLATE_NOOP("ScenarioEdits",
                                 "ketama gives each server points by its weight (floor(w/Σw·40·N) "
                                 "digests of four points); change the weight instead");
    }
};

}  // namespace

const TokenSchemeModule& modules::ketamaTokens() {
    static const KetamaTokens module;
    return module;
}

}  // namespace ringscope
