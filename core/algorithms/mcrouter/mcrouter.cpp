// mcrouter's pool hash functions (mcrouter.h) and the algorithm "mcrouter"
// (mcrouterplacement.h): WeightedCh3HashFunc (mcrouter/lib/WeightedCh3HashFunc.cpp),
// WeightedCh4HashFunc (mcrouter/lib/WeightedCh4HashFunc.cpp until its removal in 2025-02),
// RendezvousHashFunc and WeightedRendezvousHashFunc (mcrouter/lib/*RendezvousHashFunc.cpp) and
// the routing key (mcrouter/lib/carbon/Keys-inl.h).

#include "mcrouter.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mcrouterplacement.h"
#include "ringscope/error.h"
#include "ringscope/json.h"
#include "ringscope/registry.h"
#include "ringscope/stats.h"

namespace ringscope {

namespace {

constexpr uint32_t kSpookySeed = 0xface2014u;  // WeightedCh3HashFunc's kHashSeed
constexpr size_t kWeightedCh3Tries = 32;       // WeightedChHashFuncBase::kNumTries
constexpr uint32_t kServerSeed = 4193360111u;  // kRendezvousHashSeed
constexpr uint32_t kKeySeed = 2718281828u;     // kRendezvousExtraHashSeed

// WeightedCh3's walk: try i ≥ 1 hashes the key followed by the decimal digits of i − 1 in
// reverse ("0", …, "9", "01", "11", …), always salting the original key.
template <class Tried>
uint32_t weightedCh3Walk(std::string_view key, std::span<const double> weights, Tried tried) {
    const auto n = static_cast<uint32_t>(weights.size());
    std::string salted(key);
    std::string_view current = key;
    uint32_t server = 0;
    for (size_t i = 0; i < kWeightedCh3Tries; ++i) {
        server = furcHash(current, n);
        const uint32_t spooky = spookyHash32(current, kSpookySeed);
        // weight × 4294967295.0, truncated, as the double-to-uint64 conversion does; a weight
        // outside [0, 1] (another algorithm's scenario) is taken as its nearest bound.
        const auto threshold = static_cast<uint64_t>(std::clamp(weights[server], 0.0, 1.0) *
                                                     std::numeric_limits<uint32_t>::max());
        tried(WeightedTry{std::string(current.substr(key.size())), server, spooky, threshold});
        if (spooky < threshold) {
            return server;
        }
        salted.resize(key.size());
        for (size_t s = i;;) {
            salted += static_cast<char>('0' + s % 10);
            s /= 10;
            if (s == 0) {
                break;
            }
        }
        current = salted;
    }
    return server;
}

}  // namespace

uint32_t weightedCh3(std::string_view key, std::span<const double> weights) {
    if (weights.empty()) {
        return 0;
    }
    return weightedCh3Walk(key, weights, [](const WeightedTry&) {});
}

std::vector<WeightedTry> weightedCh3Tries(std::string_view key, std::span<const double> weights) {
    std::vector<WeightedTry> tries;
    if (weights.empty()) {
        return tries;
    }
    weightedCh3Walk(key, weights, [&](WeightedTry t) { tries.push_back(std::move(t)); });
    return tries;
}

uint64_t rendezvousServerHash(std::string_view tag) {
    return murmurHash64A(tag, kServerSeed);
}
uint64_t rendezvousKeyHash(std::string_view key) {
    return murmurHash64A(key, kKeySeed);
}

double rendezvousScore(uint64_t serverHash, uint64_t keyHash) {
    return static_cast<double>(hash128to64(serverHash, keyHash));
}

double weightedRendezvousScore(uint64_t serverHash, uint64_t keyHash, double weight) {
    // convertInt64ToDouble01: the low 53 bits over 2^53, in [0, 1); U = 0 scores 0.
    constexpr uint64_t kLow53 = (uint64_t{1} << 53) - 1;
    const double u = double(hash128to64(serverHash, keyHash) & kLow53) / double(uint64_t{1} << 53);
    return weight * (1.0 / -std::log(u));
}

std::string_view mcrouterRoutingKey(std::string_view key) {
    // A routing prefix: a key starting with '/' and holding two more.
    if (!key.empty() && key[0] == '/') {
        size_t at = 1;
        for (int i = 0; i < 2 && at != std::string_view::npos; ++i) {
            at = key.find('/', at);
            at = at == std::string_view::npos ? at : at + 1;
        }
        if (at != std::string_view::npos) {
            key.remove_prefix(at);
        }
    }
    if (const size_t stop = key.find("|#|"); stop != std::string_view::npos) {
        key = key.substr(0, stop);
    }
    return key;
}

std::vector<double> mcrouterShares(McrouterHashFunc func, std::span<const double> weights) {
    const size_t n = weights.size();
    std::vector<double> shares(n, n == 0 ? 0.0 : 1.0 / double(n));
    double total = 0;
    for (const double w : weights) {
        total += w;
    }
    if (n == 0 || total <= 0) {
        return shares;
    }
    switch (func) {
        case McrouterHashFunc::Ch3:
        case McrouterHashFunc::Rendezvous:
            break;
        case McrouterHashFunc::WeightedRendezvous:
            for (size_t i = 0; i < n; ++i) {
                shares[i] = weights[i] / total;
            }
            break;
        case McrouterHashFunc::WeightedCh3:
        case McrouterHashFunc::WeightedCh4: {
            // A try takes server i with chance w_i / N and refuses it with (1 − w_i) / N: the
            // keys every try refuses stay with the last try's server under WeightedCh3, i by
            // 1 − w_i; WeightedCh4 spreads them evenly (the last draw modulo N). For WeightedCh4
            // this is close, not exact: a retry reads its level bits from the refused draw's
            // own bits, which the refusal biases (far below what 200,000 keys can tell).
            const double refusedShare = 1.0 - total / double(n);
            const double refused = std::pow(refusedShare, double(kWeightedCh3Tries));
            const bool even = func == McrouterHashFunc::WeightedCh4;
            for (size_t i = 0; i < n; ++i) {
                const double rest = even ? refused / double(n)
                                    : refusedShare > 0
                                        ? refused * (1.0 - weights[i]) / (double(n) - total)
                                        : 0.0;
                shares[i] = weights[i] / total * (1.0 - refused) + rest;
            }
            break;
        }
    }
    return shares;
}

McrouterPlacement::McrouterPlacement(McrouterHashFunc func, const PlacementNodes& nodes)
    : m_func(func), m_weights(nodes.weights) {
    if (rendezvous()) {
        m_serverHashes.reserve(nodes.size());
        for (const std::string& id : nodes.ids) {
            m_serverHashes.push_back(rendezvousServerHash(id));
        }
    }
}

uint32_t McrouterPlacement::server(std::string_view routingKey) const {
    const auto n = static_cast<uint32_t>(m_weights.size());
    switch (m_func) {
        case McrouterHashFunc::Ch3:
            return furcHash(routingKey, n);
        case McrouterHashFunc::WeightedCh3:
            return weightedCh3(routingKey, m_weights);
        case McrouterHashFunc::WeightedCh4:
            return weightedFurcHash(routingKey, m_weights);
        case McrouterHashFunc::Rendezvous: {
            // The highest score; on equal doubles the higher index.
            const uint64_t keyHash = rendezvousKeyHash(routingKey);
            double best = -1;
            uint32_t at = 0;
            for (uint32_t i = 0; i < n; ++i) {
                const double score = rendezvousScore(m_serverHashes[i], keyHash);
                if (score >= best) {
                    best = score;
                    at = i;
                }
            }
            return at;
        }
        case McrouterHashFunc::WeightedRendezvous: {
            // The highest score above 0; on equal scores the lower index (operator() differs
            // from its iterator there).
            const uint64_t keyHash = rendezvousKeyHash(routingKey);
            double best = 0;
            uint32_t at = 0;
            for (uint32_t i = 0; i < n; ++i) {
                const double score =
                    weightedRendezvousScore(m_serverHashes[i], keyHash, m_weights[i]);
                if (score > best) {
                    best = score;
                    at = i;
                }
            }
            return at;
        }
    }
    return 0;
}

McrouterPlacement mcrouterPlacementOf(const Scenario& scenario) {
    PlacementNodes nodes;
    for (const NodeSpec& node : scenario.nodes) {
        nodes.ids.push_back(node.id);
        nodes.weights.push_back(node.weight);
    }
    return McrouterPlacement(scenario.params.get<McrouterParams>().hashFunc, nodes);
}

uint32_t mcrouterServer(const Scenario& scenario, std::string_view key) {
    return mcrouterPlacementOf(scenario).server(mcrouterRoutingKey(key));
}

std::vector<std::pair<double, uint32_t>> McrouterPlacement::byScore(
    std::string_view routingKey, size_t count, std::span<const uint8_t> down) const {
    const uint64_t keyHash = rendezvousKeyHash(routingKey);
    std::vector<std::pair<double, uint32_t>> ranked;
    ranked.reserve(m_serverHashes.size());
    for (uint32_t i = 0; i < m_serverHashes.size(); ++i) {
        if (down.empty() || !down[i]) {
            ranked.emplace_back(
                m_func == McrouterHashFunc::WeightedRendezvous
                    ? weightedRendezvousScore(m_serverHashes[i], keyHash, m_weights[i])
                    : rendezvousScore(m_serverHashes[i], keyHash),
                i);
        }
    }
    const size_t wanted = std::min(count, ranked.size());
    const uint32_t first = server(routingKey);
    const auto before = [first](const auto& x, const auto& y) {
        if ((x.second == first) != (y.second == first)) {
            return x.second == first;
        }
        return x.first != y.first ? x.first > y.first : x.second > y.second;
    };
    std::partial_sort(ranked.begin(), ranked.begin() + std::ptrdiff_t(wanted), ranked.end(),
                      before);
    ranked.resize(wanted);
    return ranked;
}

void McrouterPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                              std::span<uint32_t> out) const {
    const std::string_view routingKey = mcrouterRoutingKey(key.name);
    if (rendezvous() && (out.size() > 1 || !nodes.down.empty())) {
        const auto ranked = byScore(routingKey, out.size(), nodes.down);
        for (size_t i = 0; i < ranked.size(); ++i) {
            out[i] = ranked[i].second;
        }
        return;
    }
    detail::followingBuckets(
        server(routingKey), nodes.size(), out, [](size_t b) { return static_cast<uint32_t>(b); },
        nodes.down);
}

size_t McrouterPlacement::routeCost(const PlacementNodes& nodes) const {
    // A score is a multiplication or two; a furc walk about two MurmurHash64A.
    return rendezvous() ? std::max<size_t>(1, nodes.size() / 16) : 2;
}

std::vector<double> McrouterPlacement::ownShares(const PlacementNodes& nodes) const {
    if (nodes.down.empty()) {
        return mcrouterShares(m_func, m_weights);
    }
    switch (m_func) {
        case McrouterHashFunc::Ch3:
        case McrouterHashFunc::Rendezvous:
            return fairShares(nodes.size(), {}, nodes.down);
        case McrouterHashFunc::WeightedRendezvous:
            return fairShares(nodes.size(), m_weights, nodes.down);
        case McrouterHashFunc::WeightedCh3:
        case McrouterHashFunc::WeightedCh4:
            // Each live server's own share of what the live ones take.
            return fairShares(nodes.size(), mcrouterShares(m_func, m_weights), nodes.down);
    }
    return {};
}

std::optional<SpaceShares> McrouterPlacement::spaceShares(const Placement& placement) const {
    // The furc functions pass a down server's keys on to the next one; the rendezvous
    // functions to the next by score, which the target shares already say.
    if (rendezvous()) {
        return std::nullopt;
    }
    return detail::bucketSpaceShares(placement, {}, {}, mcrouterShares(m_func, m_weights));
}

namespace {

class McrouterModule final : public AlgorithmModule {
public:
    McrouterModule()
        : AlgorithmModule(Algorithm::Mcrouter, "mcrouter",
                          QT_TRANSLATE_NOOP("Algorithm", "mcrouter"),
                          // A system's routing, as Redis Cluster and Elasticsearch: not compared.
                          {.weights = true,
                           .bucketsInNodeOrder = true,
                           .view = "mcrouter",
                           .color = 0x117733}) {}  // green (Tol)

    // "mcrouter": {"hashFunc": "WeightedCh3"}: Ch3, WeightedCh3, Rendezvous, WeightedRendezvous,
    // WeightedCh4.
    void readParams(const json::Object& root, Scenario& s) const override {
        if (!root.contains("mcrouter")) {
            return;
        }
        const json::Object& m = json::object(root["mcrouter"], "mcrouter");
        json::allowOnly(m, {"hashFunc"}, "mcrouter");
        if (m.contains("hashFunc")) {
            s.params.edit<McrouterParams>().hashFunc =
                json::named(m["hashFunc"], "mcrouter.hashFunc", kMcrouterHashFuncNames);
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kRoot[] = {"mcrouter"};
        return {.root = kRoot};
    }
    void writeParams(const Scenario& s, json::Object& root) const override {
        const McrouterParams& p = s.params.get<McrouterParams>();
        if (p != McrouterParams{}) {
            root.set("mcrouter",
                     json::Object{
                         {"hashFunc", std::string(nameIn(kMcrouterHashFuncNames, p.hashFunc))}});
        }
    }
    // WeightedChHashFuncBase::parseWeights: a weight in [0, 1].
    void validateNode(const Scenario& s, size_t i) const override {
        const McrouterHashFunc f = s.params.get<McrouterParams>().hashFunc;
        if ((f == McrouterHashFunc::WeightedCh3 || f == McrouterHashFunc::WeightedCh4) &&
            s.nodes[i].weight > 1) {
            throw nodeError(s, i, "weight",
                            "weight must be at most 1 under mcrouter's " +
                                std::string(nameIn(kMcrouterHashFuncNames, f)) +
                                " (the share of a server's keys it keeps), not " +
                                json::shortNumber(s.nodes[i].weight));
        }
    }
    // Ch3 and WeightedCh3 take at most 2^23 servers (furc_maximum_pool_size).
    void validate(const Scenario& s) const override {
        const McrouterHashFunc f = s.params.get<McrouterParams>().hashFunc;
        if ((f == McrouterHashFunc::Ch3 || f == McrouterHashFunc::WeightedCh3) &&
            s.nodes.size() > kFurcMaxPool) {
            throw InputError("nodes", "mcrouter's " +
                                          std::string(nameIn(kMcrouterHashFuncNames, f)) +
                                          " takes at most 8,388,608 servers (2^23), not " +
                                          std::to_string(s.nodes.size()));
        }
    }
    void countWork(const Scenario& s, Work& work) const override {
        const McrouterHashFunc f = s.params.get<McrouterParams>().hashFunc;
        if (isRendezvous(f)) {
            // A score costs about a 64th of the SHA-256 digest the limit counts.
            work.perKey.push_back({.limit = Limit::RendezvousWork,
                                   .amount = (s.nodes.size() + 63) / 64,
                                   .field = "nodes",
                                   .what = "mcrouter rendezvous scores (keys x nodes / 64)",
                                   .units = 1});
            return;
        }
        if (f == McrouterHashFunc::WeightedCh3 && !s.nodes.empty()) {
            // Each try hashes the key twice; a try is taken with the mean weight's chance.
            double total = 0;
            for (const NodeSpec& node : s.nodes) {
                total += node.weight;
            }
            const double tries = std::min<double>(
                kWeightedCh3Tries, total > 0 ? double(s.nodes.size()) / total : kWeightedCh3Tries);
            work.perKey.push_back({Limit::RendezvousBytes, 0, "nodes",
                                   "bytes hashed by mcrouter's WeightedCh3 (2 a try, a try per "
                                   "mean weight)",
                                   std::nullopt, uint64_t(std::ceil(2 * tries))});
        }
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes& nodes) const override {
        return std::make_shared<McrouterPlacement>(s.params.get<McrouterParams>().hashFunc, nodes);
    }
};

}  // namespace

const AlgorithmModule& modules::mcrouterAlgorithm() {
    static const McrouterModule module;
    return module;
}

}  // namespace ringscope
