#include "named.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "algorithms/ring/ringplacement.h"
#include "ringscope/error.h"
#include "ringscope/flatmap64.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

// max(1, round(V * w)), saturating (a weight of 1e300 is valid input; the tokens limit refuses
// the count).
uint64_t vnodeCount(const NodeSpec& node) {
    const double count = vnodeTokenCount(*node.vnodes, node.weight);
    return count < 0x1p64 ? static_cast<uint64_t>(count) : UINT64_MAX;
}

// +1 probing without walking whole clusters: every taken position points at a later position
// to look at (union-find with path compression), so the first free position at or after a
// hash is found in near-constant amortised time even when the space is nearly full (walking
// one position at a time took O(T^2): minutes for 2 million tokens in a space of 2 million).
class FreePositions {
public:
    explicit FreePositions(uint64_t space) : m_space(space) {}
    void reserve(uint64_t count) { m_next.reserve(count); }
    void take(uint64_t position) { m_next[position] = reduceToSpace(position + 1, m_space); }
    // The first free position at or after `position`, wrapping; one must exist.
    uint64_t firstFreeFrom(uint64_t position) {
        uint64_t free = position;
        for (const uint64_t* at = m_next.find(free); at; at = m_next.find(free)) {
            free = *at;
        }
        for (uint64_t* at = m_next.find(position); at && *at != free; at = m_next.find(position)) {
            position = std::exchange(*at, free);  // compress the path walked
        }
        return free;
    }

private:
    uint64_t m_space;
    FlatMap64<uint64_t> m_next;  // a taken position -> where to look next
};

constexpr std::string_view kNodePlaceholder = "{node}";

// Walks a token name pattern left to right: literal characters, "{node}" and "{i}".
template <typename Literal, typename NodeRef, typename IndexRef>
void walkPattern(std::string_view pattern, Literal literal, NodeRef nodeRef, IndexRef indexRef) {
    for (size_t at = 0; at < pattern.size();) {
        if (pattern.compare(at, kNodePlaceholder.size(), kNodePlaceholder) == 0) {
            nodeRef();
            at += kNodePlaceholder.size();
        } else if (pattern.compare(at, kIndexPlaceholder.size(), kIndexPlaceholder) == 0) {
            indexRef();
            at += kIndexPlaceholder.size();
        } else {
            literal(pattern[at++]);
        }
    }
}

// A node's token names: `fixedBytes` in every name, plus `indexes` copies of the index.
struct PatternShape {
    uint64_t fixedBytes = 0;
    uint64_t indexes = 0;
};
PatternShape patternShape(std::string_view pattern, std::string_view node) {
    PatternShape shape;
    walkPattern(
        pattern, [&](char) { ++shape.fixedBytes; },
        [&] { shape.fixedBytes = saturatingAdd(shape.fixedBytes, node.size()); },
        [&] { ++shape.indexes; });
    return shape;
}

// `vnodes` × weight tokens per node that has a vnode count, each the hash of its name.
std::vector<TokenSchemeModule::NodePoints> namedNodePoints(const Scenario& s) {
    std::vector<TokenSchemeModule::NodePoints> out;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].vnodes) {
            const uint64_t count = vnodeCount(s.nodes[n]);
            const auto shape = patternShape(s.params.get<NamedTokenParams>().name, s.nodes[n].id);
            out.push_back({n, count, indexedNameBytes(count, shape.fixedBytes, shape.indexes)});
        }
    }
    return out;
}

}  // namespace

double vnodeTokenCount(int64_t vnodes, double weight) {
    return std::max(1.0, std::round(static_cast<double>(vnodes) * weight));
}

std::string tokenName(std::string_view pattern, std::string_view node, uint64_t i) {
    std::string out;
    walkPattern(
        pattern, [&](char c) { out.push_back(c); }, [&] { out.append(node); },
        [&] { out.append(std::to_string(i)); });
    return out;
}

std::vector<RingToken> namedTokens(const Scenario& s) {
    const NamedTokenParams& params = s.params.get<NamedTokenParams>();
    const KeyHashModule& hash = moduleOf(params.hash);
    if (hash.traits().keysArePositions) {
        throw InputError("tokens.hash", "\"" + std::string(hash.name()) +
                                            "\" cannot hash token names; use fnv1a32, md5, ...");
    }
    std::vector<RingToken> tokens = explicitTokens(s);
    const std::vector<TokenSchemeModule::NodePoints> points = namedNodePoints(s);
    uint64_t total = tokens.size();
    for (const auto& p : points) {
        total = saturatingAdd(total, p.tokens);
    }
    // +1 probing never ends when the space has fewer free positions than tokens.
    if (!isFullSpace(s.space) && total > s.space) {
        throw InputError("nodes", std::to_string(total) + " tokens do not fit in a space of " +
                                      spaceName(s.space));
    }
    FreePositions free(s.space);
    free.reserve(total);
    for (const RingToken& t : tokens) {
        free.take(t.position);
    }
    for (const auto& p : points) {
        for (uint64_t i = 0; i < p.tokens; ++i) {
            const uint64_t hashed =
                reduceToSpace(*hash.hash(tokenName(params.name, s.nodes[p.node].id, i)), s.space);
            const uint64_t position = free.firstFreeFrom(hashed);  // +1 probing, as seed 003
            free.take(position);
            tokens.push_back({position, static_cast<uint32_t>(p.node), static_cast<uint32_t>(i)});
        }
    }
    return tokens;
}

namespace {

const NamedTokenParams& paramsOf(const Scenario& s) {
    return s.params.get<NamedTokenParams>();
}

class NamedTokens final : public TokenSchemeModule {
public:
    NamedTokens()
        : TokenSchemeModule(
              TokenScheme::Named, "named", QT_TRANSLATE_NOOP("TokenScheme", "named ({node}#{i})"),
              {.points = PointWord::Vnodes, .vnodes = true, .placesEveryNode = false}) {}

    void readParams(const json::Object& t, Scenario& s) const override {
        if (t.contains("hash")) {
            s.params.edit<NamedTokenParams>().hash =
                json::named(t["hash"], "tokens.hash", kKeyHashes);
        }
        if (t.contains("name")) {
            s.params.edit<NamedTokenParams>().name = json::string(t["name"], "tokens.name");
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kTokens[] = {"hash", "name"};
        return {.tokens = kTokens};
    }
    // Written whichever scheme is chosen, as a scenario file has always carried them.
    void writeParams(const Scenario& s, json::Object& t) const override {
        t.set("hash", hashName(paramsOf(s).hash));
        t.set("name", paramsOf(s).name);
    }
    void validate(const Scenario& s) const override {
        if (paramsOf(s).name.find(kIndexPlaceholder) == std::string::npos) {
            throw InputError("tokens.name", "the token name pattern must contain " +
                                                std::string(kIndexPlaceholder));
        }
    }
    std::vector<NodePoints> nodePoints(const Scenario& s) const override {
        return namedNodePoints(s);
    }
    std::vector<RingToken> tokens(const Scenario& s) const override { return namedTokens(s); }
    // Nodes without tokens or a vnode count get kDefaultVnodes vnodes.
    void adopt(Scenario& s) const override {
        for (NodeSpec& node : s.nodes) {
            if (node.tokens.empty() && !node.vnodes) {
                node.vnodes = kDefaultVnodes;
            }
        }
    }
};

}  // namespace

const TokenSchemeModule& modules::namedTokens() {
    static const NamedTokens module;
    return module;
}

}  // namespace ringscope
