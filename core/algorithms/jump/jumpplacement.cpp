#include "jumpplacement.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <unordered_map>

#include "jump.h"
#include "ringscope/parallel.h"
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

// Jump reads a node's id alone (not its weight).
const auto sameId = [](const auto& x, const auto& y) { return x.id == y.id; };

}  // namespace

std::optional<Assignment> JumpPlacement::reassign(const Placement& before, const Assignment& a,
                                                  const Placement& after, const KeyNames&,
                                                  const HashedKeys& keys, ChangedKeys*) const {
    const auto* was = before.stateAs<JumpPlacement>();
    const auto& old = before.nodes();
    const auto& now = after.nodes();
    const size_t n = m_table.size();
    if (!was || before.algorithm() != Algorithm::Jump || after.algorithm() != Algorithm::Jump ||
        before.anyDown() || after.anyDown() || before.replicas() != after.replicas() ||
        a.replicas != before.replicas() || a.size() != keys.size() || !keys.hasHashes() ||
        was->table().size() != old.size() || n != now.size() || n == 0 ||
        !detail::oneNodeMore(old, now, sameId)) {
        return std::nullopt;
    }
    // Each old node's bucket.
    std::vector<uint32_t> bucketOf(old.size());
    for (size_t b = 0; b < was->table().size(); ++b) {
        bucketOf[was->table()[b]] = static_cast<uint32_t>(b);
    }
    const size_t r = a.replicas;
    Assignment out;
    out.replicas = r;
    out.owners.resize(a.owners.size());
    const auto buckets = static_cast<int32_t>(n);
    parallelChunks(keys.size(), 2, [&](size_t first, size_t last) {
        for (size_t k = first; k < last; ++k) {
            const uint32_t bucket = bucketOf[a.primary(k)];
            const size_t landed =
                bucket < n ? bucket : static_cast<size_t>(jumpHash(keys.hash64[k], buckets));
            detail::followingBuckets(landed, n, {out.owners.data() + k * r, r},
                                     [this](size_t b) { return m_table[b]; });
        }
    });
    return out;
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

    // It reads a key's whole 64-bit value (jump_consistent_hash(key, n)) and has no positions:
    // identity keys are raw values, so the published 64-bit keys can be checked.
    void fixKeyHashing(KeyHashing& hashing) const override { hashing.rawValues = true; }

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
    std::vector<std::string_view> removalModes() const override {
        std::vector<std::string_view> modes;
        for (const auto& row : kJumpRemovalNames) {
            modes.push_back(row.name);
        }
        return modes;
    }
    // The bucket table repaired as `mode` says (renumbering by default).
    void nodeErased(const Scenario& before, Scenario& after, size_t index,
                    std::string_view mode) const override {
        const std::optional<JumpRemoval> how =
            mode.empty() ? JumpRemoval::Renumber : jumpRemovalFromName(mode);
        if (!how) {
            throw InputError("jump", unknownNameMessage(mode, kJumpRemovalNames));
        }
        after.params.set(JumpParams{jumpTableWithout(before, index, *how)});
    }
    // JumpPlacement::reassign's conditions, read off the scenarios: a copy of the owners (a
    // sixteenth of a route's work per entry) and the last bucket's keys hashed again.
    std::optional<uint64_t> followUnits(const Scenario& before, const Scenario& after,
                                        uint64_t keys) const override {
        if (before.algorithm != Algorithm::Jump || after.algorithm != Algorithm::Jump ||
            before.replicas != after.replicas || anyNodeDown(before) || anyNodeDown(after) ||
            after.nodes.empty() || !detail::oneNodeMore(before.nodes, after.nodes, sameId)) {
            return std::nullopt;
        }
        const auto replicas = static_cast<uint64_t>(std::max<int64_t>(1, after.replicas));
        return saturatingAdd(saturatingMul(keys, replicas) / 16,
                             saturatingMul(keys / after.nodes.size(), replicas));
    }
};

}  // namespace

const AlgorithmModule& modules::jumpAlgorithm() {
    static const JumpModule module;
    return module;
}

}  // namespace ringscope
