#include "nginx.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "algorithms/ring/ringplacement.h"
#include "keyhashes/crc32/crc32.h"
#include "ringscope/error.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"

namespace ringscope {

NginxHostPort nginxHostPort(std::string_view server) {
    constexpr std::string_view kUnix = "unix:";
    if (server.size() >= kUnix.size()) {
        const std::string_view prefix = server.substr(0, kUnix.size());
        if (std::equal(prefix.begin(), prefix.end(), kUnix.begin(),
                       [](char a, char b) { return (a >= 'A' && a <= 'Z' ? a + 32 : a) == b; })) {
            return {server.substr(kUnix.size()), {}};
        }
    }
    // From the end: digits, then ':' — the port; anything else first — no port.
    for (size_t j = 0; j < server.size(); ++j) {
        const char c = server[server.size() - j - 1];
        if (c == ':') {
            return {server.substr(0, server.size() - j - 1), server.substr(server.size() - j)};
        }
        if (c < '0' || c > '9') {
            break;
        }
    }
    return {server, {}};
}

namespace {

uint64_t nginxPoints(const Scenario& s, size_t n) {
    const double weight = s.nodes[n].weight;
    if (!(weight >= 1 && weight == std::floor(weight))) {
        throw nodeError(s, n, "weight", "nginx takes whole weights of 1 or more (weight=N)");
    }
    // 160 points per unit: a weight past 2^64 / 160 needs more points than can be counted, which
    // the tokens limit refuses as "2^64 or more".
    return weight >= 0x1p64 ? UINT64_MAX
                            : saturatingMul(static_cast<uint64_t>(weight), kNginxPointsPerWeight);
}

// 160 points per unit of weight, four bytes hashed after the node's address for each.
std::vector<TokenSchemeModule::NodePoints> nginxNodePoints(const Scenario& s) {
    std::vector<TokenSchemeModule::NodePoints> out;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].tokens.empty()) {
            const uint64_t points = nginxPoints(s, n);
            out.push_back({n, points, saturatingMul(points, 4)});
        }
    }
    return out;
}

}  // namespace

std::vector<RingToken> nginxTokens(const Scenario& s) {
    std::vector<RingToken> tokens = explicitTokens(s);
    const size_t explicitCount = tokens.size();
    for (const auto& p : nginxNodePoints(s)) {
        const size_t n = p.node;
        const uint64_t points = p.tokens;
        const auto [host, port] = nginxHostPort(s.nodes[n].id);
        const uint32_t base =
            crc32Update(crc32Update(crc32(host), std::string_view("\0", 1)), port);
        uint32_t previous = 0;
        for (uint64_t j = 0; j < points; ++j) {
            const std::array<char, 4> bytes{
                static_cast<char>(previous & 0xff), static_cast<char>(previous >> 8 & 0xff),
                static_cast<char>(previous >> 16 & 0xff), static_cast<char>(previous >> 24)};
            previous = crc32Update(base, std::string_view(bytes.data(), bytes.size()));
            tokens.push_back({reduceToSpace(previous, s.space), static_cast<uint32_t>(n),
                              static_cast<uint32_t>(j)});
        }
    }
    // nginx sorts its points (a stable sort: glibc's qsort merges) and keeps the first of equal
    // ones.
    const auto own = tokens.begin() + static_cast<std::ptrdiff_t>(explicitCount);
    std::stable_sort(own, tokens.end(), [](const RingToken& a, const RingToken& b) {
        return a.position < b.position;
    });
    tokens.erase(std::unique(own, tokens.end(),
                             [](const RingToken& a, const RingToken& b) {
                                 return a.position == b.position;
                             }),
                 tokens.end());
    return tokens;
}

namespace {

Scenario importNginx(std::string_view text, const std::string& source, const std::string& name,
                     std::string_view part, std::vector<uint32_t>* nodeLines) {
    return nginxScenario(parseNginxUpstreams(text, source), part, source, name, nodeLines);
}

// The upstreams with `hash … consistent`, the ones `--upstream` may name.
std::vector<std::string> consistentUpstreams(std::string_view text, const std::string& source) {
    return importableParts(
        parseNginxUpstreams(text, source), [](const NginxUpstream& up) { return up.name; },
        [](const NginxUpstream& up) { return up.consistent; });
}

const Importer kNginxImporters[1] = {
    {"nginx", "an nginx configuration's upstream block with `hash KEY consistent`", importNginx,
     kNginxParts.option, consistentUpstreams,
     "an nginx configuration's upstream block with `hash KEY consistent` (--upstream NAME when\n"
     "there are several): token scheme nginx, key hash crc32, one node per server as written\n"
     "with its weight; down servers marked down, backup servers noted.\n"}};

class NginxTokens final : public TokenSchemeModule {
public:
    NginxTokens()
        : TokenSchemeModule(TokenScheme::Nginx, "nginx",
                            QT_TRANSLATE_NOOP("TokenScheme", "nginx (hash … consistent)"),
                            {.points = PointWord::Points,
                             .keyHash = HashKind::Crc32,
                             .weights = {.integer = true},
                             .role = NodeRole::Cache}) {}  // a proxy's upstreams

    std::vector<NodePoints> nodePoints(const Scenario& s) const override {
        return nginxNodePoints(s);
    }
    std::vector<RingToken> tokens(const Scenario& s) const override { return nginxTokens(s); }
    std::string_view vnodeRefusal() const override {
        return QT_TRANSLATE_NOOP("ScenarioEdits",
                                 "nginx gives each server 160 points per unit of weight; change "
                                 "the weight instead");
    }
    std::span<const Importer> importers() const override { return kNginxImporters; }
};

}  // namespace

const TokenSchemeModule& modules::nginxTokens() {
    static const NginxTokens module;
    return module;
}

}  // namespace ringscope
