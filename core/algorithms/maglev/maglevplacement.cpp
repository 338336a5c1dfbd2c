#include "maglevplacement.h"

#include <algorithm>
#include <cmath>

#include "ringscope/error.h"
#include "ringscope/registry.h"

namespace ringscope {

MaglevPlacement::MaglevPlacement(const Scenario& scenario, const PlacementNodes& nodes)
    : m_table(nodes.ids, nodes.weights, scenario.params.get<MaglevParams>().tableSize),
      m_boundedLoad(scenario.boundedLoadPercent) {
    size_t holding = 0;
    for (uint32_t n = 0; n < nodes.size(); ++n) {
        holding += m_table.entryCount(n) > 0 && (nodes.down.empty() || !nodes.down[n]) ? 1 : 0;
    }
    if (holding < nodes.replicas) {
        throw InputError("replicas", "replicas " + std::to_string(nodes.replicas) +
                                         " is more than the " + std::to_string(holding) +
                                         (nodes.down.empty() ? " nodes" : " live nodes") +
                                         " that hold entries of the " +
                                         std::to_string(m_table.size()) + "-entry table");
    }
}

std::vector<MaglevFillStep> MaglevPlacement::fillSteps(const PlacementNodes& nodes) const {
    std::vector<MaglevFillStep> steps;
    steps.reserve(m_table.size());
    MaglevTable(nodes.ids, nodes.weights, m_table.size(), &steps);
    return steps;
}

void MaglevPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                            std::span<uint32_t> out) const {
    m_table.replicas(key.hash64, out, nodes.down);
}

bool MaglevPlacement::assignAll(const PlacementNodes& nodes, const HashedKeys& keys,
                                std::span<uint32_t> owners) const {
    if (m_boundedLoad) {
        const BoundedLoadResult bounded = *boundedLoads(nodes, keys);
        std::copy(bounded.owner.begin(), bounded.owner.end(), owners.begin());
        return true;
    }
    const size_t r = nodes.replicas;
    for (size_t k = 0; k < keys.size(); ++k) {
        if (r == 1 && nodes.down.empty()) {
            owners[k] = m_table.lookup(keys.hash64[k]);
        } else {
            m_table.replicas(keys.hash64[k], owners.subspan(k * r, r), nodes.down);
        }
    }
    return true;
}

std::optional<BoundedLoadResult> MaglevPlacement::boundedLoads(const PlacementNodes& nodes,
                                                               const HashedKeys& keys) const {
    return ringscope::boundedLoads(nodes.weights, keys, m_boundedLoad.value_or(0),
                                   MaglevWalk{m_table, keys.hash64});
}

PlacementFacts MaglevPlacement::facts(const PlacementNodes& nodes) const {
    using Column = PlacementFacts::Column;
    PlacementFacts f;
    f.heading = "maglev table: " + std::to_string(m_table.size()) + " entries";
    Column entries{Column::Kind::Count, "entries", "tableEntries", 12, 0, {}, {}, {}};
    Column ideal{Column::Kind::Number, "ideal M·w/Σw", "idealEntries", 14, 2, {}, {}, {}};
    for (uint32_t n = 0; n < nodes.size(); ++n) {
        entries.counts.push_back(m_table.entryCount(n));
        ideal.numbers.push_back(m_table.idealEntries(n));
    }
    f.columns = {std::move(entries), std::move(ideal)};
    f.summary.set("maglevTableSize", json::Value::count(m_table.size()));
    return f;
}

std::optional<SpaceShares> MaglevPlacement::spaceShares(const Placement& placement) const {
    if (m_boundedLoad || placement.anyDown() || m_table.size() == 0) {
        return std::nullopt;
    }
    std::vector<double> shares(placement.nodes().size(), 0.0);
    for (uint32_t n = 0; n < shares.size(); ++n) {
        shares[n] = double(m_table.entryCount(n)) / double(m_table.size());
    }
    return SpaceShares{std::move(shares), QT_TRANSLATE_NOOP("Structure", "the table entries"),
                       "tableEntries"};
}

namespace {

// Maglev fills its table in rounds; each round offers every node one entry, and a node takes
// it when its weight has caught up with the largest one, so the table of M entries takes about
// M x (largest weight / total weight) rounds of N steps (maglev.h).
uint64_t maglevFillSteps(const Scenario& s) {
    double total = 0, largest = 0;
    for (const NodeSpec& node : s.nodes) {
        total += node.weight;
        largest = std::max(largest, node.weight);
    }
    const auto tableSize = static_cast<double>(s.params.get<MaglevParams>().tableSize);
    const double rounds = std::ceil(tableSize * (largest / total)) + 1;
    const double steps = rounds * static_cast<double>(s.nodes.size());
    return std::isfinite(steps) && steps < 0x1p63 ? static_cast<uint64_t>(steps) : UINT64_MAX;
}

class MaglevModule final : public AlgorithmModule {
public:
    MaglevModule()
        : AlgorithmModule(Algorithm::Maglev, "maglev", QT_TRANSLATE_NOOP("Algorithm", "Maglev"),
                          {.boundedLoads = true,
                           .role = NodeRole::Cache,  // Envoy balances stateless hosts
                           .compared = Compared::PlainAndBounded,
                           .view = "maglev",
                           .color = 0x332288}) {}  // indigo (Tol)

    void readParams(const json::Object& root, Scenario& s) const override {
        if (root.contains("maglev")) {
            const json::Object& m = json::object(root["maglev"], "maglev");
            json::allowOnly(m, {"tableSize"}, "maglev");
            if (m.contains("tableSize")) {
                s.params.edit<MaglevParams>().tableSize =
                    json::unsignedInt(m["tableSize"], "maglev.tableSize");
            }
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kRoot[] = {"maglev"};
        return {.root = kRoot};
    }
    void writeParams(const Scenario& s, json::Object& root) const override {
        const MaglevParams& p = s.params.get<MaglevParams>();
        if (s.algorithm == id() || p != MaglevParams{}) {
            root.set("maglev", json::Object{{"tableSize", json::Value::count(p.tableSize)}});
        }
    }
    void validate(const Scenario& s) const override {
        checkMaglevTableSize(s.params.get<MaglevParams>().tableSize);
    }
    // Maglev looks a key up by its full 64-bit hash, never reduced to the space: an identity
    // key is a raw hash value.
    void fixKeyHashing(KeyHashing& hashing) const override { hashing.rawValues = true; }
    void countWork(const Scenario& s, Work& work) const override {
        if (!s.nodes.empty()) {
            work.build.push_back({.limit = Limit::MaglevWork,
                                  .amount = maglevFillSteps(s),
                                  .field = "maglev.tableSize",
                                  .what = "steps to fill the Maglev table (rounds x nodes)",
                                  .units = 2});
        }
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes& nodes) const override {
        return std::make_shared<MaglevPlacement>(s, nodes);
    }
    void definingNumbers(const Scenario& s, std::vector<double>& out) const override {
        out.push_back(static_cast<double>(s.params.get<MaglevParams>().tableSize));
    }
};

}  // namespace

const AlgorithmModule& modules::maglevAlgorithm() {
    static const MaglevModule module;
    return module;
}

}  // namespace ringscope
