#include "algorithms/jump/jumpplacement.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <unordered_map>

#include "algorithms/jump/jump.h"
#include "ringscope/registry.h"

namespace ringscope {

std::vector<uint32_t> jumpTable(const Scenario& scenario) {
    const auto& buckets = scenario.params.get<JumpParams>().buckets;
    if (scenario.algorithm == Algorithm::Jump && !buckets.empty()) {
        return buckets;
    }
    std::vector<uint32_t> table(scenario.nodes.size());
    std::iota(table.begin(), table.end(), 0u);
    return table;
}

size_t jumpBucketOf(const Scenario& scenario, size_t node) {
    const std::vector<uint32_t> table = jumpTable(scenario);
    return static_cast<size_t>(std::find(table.begin(), table.end(), static_cast<uint32_t>(node)) -
                               table.begin());
}

std::vector<uint32_t> jumpTableWithout(const Scenario& scenario, size_t node, JumpRemoval mode) {
    const std::vector<uint32_t> table = jumpTable(scenario);
    const size_t bucket = jumpBucketOf(scenario, node);
    std::vector<uint32_t> repaired = mode == JumpRemoval::Renumber
                                         ? jumpRemoveRenumber(table, bucket)
                                         : jumpRemoveMoveLast(table, bucket);
    // The repaired table names old node indices; the later nodes are numbered one lower.
    bool identity = true;
    for (size_t b = 0; b < repaired.size(); ++b) {
        repaired[b] -= repaired[b] > node ? 1 : 0;
        identity = identity && repaired[b] == b;
    }
    return identity ? std::vector<uint32_t>{} : repaired;
}

void JumpPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                          std::span<uint32_t> out) const {
    const size_t n = m_table.size();
    const auto bucket = static_cast<size_t>(jumpHash(key.hash64, static_cast<int32_t>(n)));
    detail::followingBuckets(
        bucket, n, out, [this](size_t b) { return m_table[b]; }, nodes.down);
}

namespace {

class JumpModule final : public AlgorithmModule {
public:
    JumpModule()
        : AlgorithmModule(Algorithm::Jump, "jump", QT_TRANSLATE_NOOP("Algorithm", "Jump"),
                          {.weights = false,
                           .bucketsInNodeOrder = true,
                           .bucketTable = true,
                           .compared = Compared::Plain,
                           .view = "jump",
                           .color = 0xE69F00}) {}  // orange (Okabe–Ito)

    // "jump": {"buckets": ["C", "A", ...]}, by node id.
    void readParams(const json::Object& root, Scenario& s) const override {
        if (!root.contains("jump")) {
            return;
        }
        const json::Object& j = json::object(root["jump"], "jump");
        json::allowOnly(j, {"buckets"}, "jump");
        if (!j.contains("buckets")) {
            return;
        }
        const json::Array& a = json::array(j["buckets"], "jump.buckets");
        if (a.size() > s.nodes.size()) {
            throw InputError("jump.buckets", std::to_string(a.size()) + " buckets for " +
                                                 std::to_string(s.nodes.size()) +
                                                 " nodes; list every node exactly once");
        }
        std::unordered_map<std::string_view, uint32_t> indexOf;  // O(N + B), not O(N x B)
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            indexOf.emplace(s.nodes[n].id, static_cast<uint32_t>(n));
        }
        std::vector<uint32_t>& buckets = s.params.edit<JumpParams>().buckets;
        for (size_t b = 0; b < a.size(); ++b) {
            const std::string where = "jump.buckets[" + std::to_string(b) + "]";
            const std::string id = json::string(a[b], where);
            const auto n = indexOf.find(id);
            if (n == indexOf.end()) {
                throw InputError(where, "no node has the id " + quotedText(id));
            }
            buckets.push_back(n->second);
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kRoot[] = {"jump"};
        return {.root = kRoot};
    }
    void writeParams(const Scenario& s, json::Object& root) const override {
        const auto& table = s.params.get<JumpParams>().buckets;
        if (table.empty()) {
            return;
        }
        json::Array buckets;
        for (const uint32_t n : table) {
            buckets.push_back(s.nodes[n].id);
        }
        root.set("jump", json::Object{{"buckets", buckets}});
    }
    void validate(const Scenario& s) const override {
        const auto& buckets = s.params.get<JumpParams>().buckets;
        if (buckets.empty()) {
            return;
        }
        std::set<uint32_t> seen;
        for (size_t b = 0; b < buckets.size(); ++b) {
            const uint32_t n = buckets[b];
            if (n >= s.nodes.size() || !seen.insert(n).second) {
                throw InputError("jump.buckets[" + std::to_string(b) + "]",
                                 "must name each node exactly once");
            }
        }
        if (seen.size() != s.nodes.size()) {
            throw InputError("jump.buckets", "must list every node exactly once");
        }
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes&) const override {
        return std::make_shared<JumpPlacement>(jumpTable(s));
    }
    // A bucket table is kept only from jump to jump: its numbers name nodes in jump's order.
    void switched(Scenario& s, Algorithm from, Algorithm to) const override {
        if (from != Algorithm::Jump || to != Algorithm::Jump) {
            s.params.reset<JumpParams>();
        }
    }
    void nodeRemoved(Scenario& s, size_t) const override { s.params.reset<JumpParams>(); }
};

}  // namespace

const AlgorithmModule& modules::jumpAlgorithm() {
    static const JumpModule module;
    return module;
}

}  // namespace ringscope
