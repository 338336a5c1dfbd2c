#include "multiprobe.h"

#include <sodium.h>

#include <algorithm>
#include <limits>
#include <string>

#include "multiprobeplacement.h"
#include "ringscope/error.h"
#include "ringscope/json.h"
#include "ringscope/registry.h"

namespace ringscope {

uint64_t sipHash24(uint64_t k0, uint64_t k1, std::string_view bytes) {
    unsigned char key[crypto_shorthash_siphash24_KEYBYTES];
    for (int i = 0; i < 8; ++i) {
        key[i] = static_cast<unsigned char>(k0 >> (8 * i));
        key[8 + i] = static_cast<unsigned char>(k1 >> (8 * i));
    }
    unsigned char out[crypto_shorthash_siphash24_BYTES];
    crypto_shorthash_siphash24(out, reinterpret_cast<const unsigned char*>(bytes.data()),
                               bytes.size(), key);
    uint64_t h = 0;
    for (int i = 0; i < 8; ++i) {
        h |= uint64_t{out[i]} << (8 * i);
    }
    return h;
}

MultiProbeKey multiProbeKey(std::string_view key, const std::array<uint64_t, 2>& seeds) {
    return {sipHash24(seeds[0], 0, key), sipHash24(seeds[1], 0, key)};
}

MultiProbeRing::MultiProbeRing(std::span<const std::string> ids, std::span<const uint8_t> skip) {
    m_points.reserve(ids.size());
    for (size_t n = 0; n < ids.size(); ++n) {
        if (skip.empty() || !skip[n]) {
            m_points.push_back({sipHash24(0, 0, ids[n]), static_cast<uint32_t>(n)});
        }
    }
    std::sort(m_points.begin(), m_points.end(), [](const Point& a, const Point& b) {
        return a.value != b.value ? a.value < b.value : a.node < b.node;
    });
}

size_t MultiProbeRing::after(uint64_t position) const {
    auto it = std::upper_bound(m_points.begin(), m_points.end(), position,
                               [](uint64_t p, const Point& point) { return p < point.value; });
    if (it == m_points.end()) {
        it = m_points.begin();
    }
    // Equal points: the later node's.
    while (it + 1 != m_points.end() && (it + 1)->value == it->value) {
        ++it;
    }
    return static_cast<size_t>(it - m_points.begin());
}

size_t MultiProbeRing::winnerPoint(const MultiProbeKey& key, uint32_t probes,
                                   std::span<const uint32_t> excluded) const {
    const auto isExcluded = [&](size_t point) {
        return std::find(excluded.begin(), excluded.end(), m_points[point].node) != excluded.end();
    };
    uint64_t best = std::numeric_limits<uint64_t>::max();
    size_t winner = npos;
    for (uint32_t i = 0; i < probes; ++i) {
        const uint64_t probe = key.probe(i);
        size_t point = after(probe);
        for (size_t step = 0; step < m_points.size() && isExcluded(point); ++step) {
            point = (point + 1) % m_points.size();
        }
        if (isExcluded(point)) {
            return npos;
        }
        const uint64_t distance = m_points[point].value - probe;
        if (winner == npos || distance < best) {
            best = distance;
            winner = point;
        }
    }
    return winner;
}

MultiProbeRing::Result MultiProbeRing::lookAll(const MultiProbeKey& key, uint32_t probes) const {
    Result r;
    uint64_t best = std::numeric_limits<uint64_t>::max();
    for (uint32_t i = 0; i < probes; ++i) {
        const uint64_t probe = key.probe(i);
        const size_t point = after(probe);
        r.looks.push_back({probe, point, m_points[point].value - probe});
        if (r.looks.back().distance < best) {
            best = r.looks.back().distance;
            r.winner = i;
        }
    }
    return r;
}

MultiProbePlacement::MultiProbePlacement(const MultiProbeParams& params,
                                         const PlacementNodes& nodes)
    : m_params(params), m_live(std::make_shared<MultiProbeRing>(nodes.ids, nodes.down)) {}

void MultiProbePlacement::route(const PlacementNodes&, const KeyPoint& key,
                                std::span<uint32_t> out) const {
    const auto& points = m_live->points();
    if (points.empty() || out.empty()) {
        return;
    }
    const MultiProbeKey probes = multiProbeKey(key.name, m_params.seeds);
    // Replicas: the key's next choices, each found without the ones before it.
    size_t filled = 0;
    while (filled < out.size()) {
        const size_t point = m_live->winnerPoint(probes, m_params.probes, out.first(filled));
        if (point == MultiProbeRing::npos) {
            break;
        }
        out[filled++] = points[point].node;
    }
}

namespace {

class MultiProbeModule final : public AlgorithmModule {
public:
    MultiProbeModule()
        : AlgorithmModule(Algorithm::MultiProbe, "multi-probe",
                          QT_TRANSLATE_NOOP("Algorithm", "Multi-probe"),
                          // Not in the comparison panel: its chart and table are full at the
                          // default size (nine algorithms with bounded loads' two).
                          {.weights = false, .view = "multi-probe", .color = 0x117733}) {
    }  // green (Tol)

    // "multiProbe": {"probes": 21, "seeds": [1, 2]}.
    void readParams(const json::Object& root, Scenario& s) const override {
        if (!root.contains("multiProbe")) {
            return;
        }
        const json::Object& m = json::object(root["multiProbe"], "multiProbe");
        json::allowOnly(m, {"probes", "seeds"}, "multiProbe");
        MultiProbeParams& p = s.params.edit<MultiProbeParams>();
        if (m.contains("probes")) {
            const uint64_t probes = json::unsignedInt(m["probes"], "multiProbe.probes");
            if (probes < 1 || probes > kMultiProbeMaxProbes) {
                throw InputError("multiProbe.probes",
                                 "must be 1 to " + std::to_string(kMultiProbeMaxProbes));
            }
            p.probes = static_cast<uint32_t>(probes);
        }
        if (m.contains("seeds")) {
            const json::Array& seeds = json::array(m["seeds"], "multiProbe.seeds");
            if (seeds.size() != 2) {
                throw InputError("multiProbe.seeds", "two seeds, h1's and h2's (" +
                                                         std::to_string(seeds.size()) + " given)");
            }
            for (size_t i = 0; i < 2; ++i) {
                p.seeds[i] =
                    json::unsignedInt(seeds[i], "multiProbe.seeds[" + std::to_string(i) + "]");
            }
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kRoot[] = {"multiProbe"};
        return {.root = kRoot};
    }
    void writeParams(const Scenario& s, json::Object& root) const override {
        const MultiProbeParams& p = s.params.get<MultiProbeParams>();
        if (p == MultiProbeParams{}) {
            return;
        }
        root.set("multiProbe",
                 json::Object{{"probes", json::Value::count(p.probes)},
                              {"seeds", json::Array{json::Value::count(p.seeds[0]),
                                                    json::Value::count(p.seeds[1])}}});
    }
    void validate(const Scenario& s) const override {
        if (s.replicas > kMultiProbeMaxReplicas) {
            throw InputError("replicas", "multi-probe finds each replica anew: at most " +
                                             std::to_string(kMultiProbeMaxReplicas));
        }
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes& nodes) const override {
        return std::make_shared<MultiProbePlacement>(s.params.get<MultiProbeParams>(), nodes);
    }
};

}  // namespace

const AlgorithmModule& modules::multiProbeAlgorithm() {
    static const MultiProbeModule module;
    return module;
}

}  // namespace ringscope
