#include "redisclusterplacement.h"

#include <algorithm>

#include "ringscope/registry.h"

namespace ringscope {

std::vector<std::vector<SlotRange>> redisSlotRanges(const Scenario& scenario) {
    std::vector<std::vector<SlotRange>> ranges;
    for (const NodeSpec& node : scenario.nodes) {
        ranges.push_back(slotRangesOf(node));
    }
    const bool none = std::all_of(ranges.begin(), ranges.end(),
                                  [](const std::vector<SlotRange>& r) { return r.empty(); });
    if (none) {
        const std::vector<SlotRange> split = redisCliCreateSplit(scenario.nodes.size());
        for (size_t n = 0; n < split.size(); ++n) {
            ranges[n] = {split[n]};
        }
    }
    return ranges;
}

RedisClusterPlacement::RedisClusterPlacement(const Scenario& scenario, const PlacementNodes& nodes)
    : m_slots(nodes.ids, redisSlotRanges(scenario)),
      m_defaultSplit(std::all_of(scenario.nodes.begin(), scenario.nodes.end(),
                                 [](const NodeSpec& n) { return slotRangesOf(n).empty(); })) {}

void RedisClusterPlacement::route(const PlacementNodes&, const KeyPoint& key,
                                  std::span<uint32_t> out) const {
    if (!out.empty()) {
        out[0] = m_slots.owner(static_cast<uint32_t>(key.hash64 % kRedisSlots));
    }
}

std::vector<double> RedisClusterPlacement::ownShares(const PlacementNodes& nodes) const {
    std::vector<double> shares(nodes.size(), 0.0);
    for (uint32_t n = 0; n < shares.size(); ++n) {
        shares[n] = double(m_slots.slotCount(n)) / double(kRedisSlots);
    }
    return shares;
}

namespace {

// "0-5460,10923-16383" ("-" for none), as CLUSTER NODES lists a master's slots.
std::string slotRangesText(const RedisSlotMap& map, uint32_t node) {
    std::string text;
    for (const SlotRange& r : map.rangesOf(node)) {
        text += (text.empty() ? "" : ",") + std::to_string(r.first) +
                (r.first == r.last ? "" : "-" + std::to_string(r.last));
    }
    return text.empty() ? "-" : text;
}

}  // namespace

PlacementFacts RedisClusterPlacement::facts(const PlacementNodes& nodes) const {
    using Column = PlacementFacts::Column;
    PlacementFacts f;
    f.heading = "redis cluster: " + std::to_string(kRedisSlots) + " slots" +
                (m_defaultSplit ? " (redis-cli --cluster create's split)" : "");
    Column slots{Column::Kind::Count, "slots", "slots", 12, 0, {}, {}, {}};
    Column ranges{Column::Kind::Text, "ranges", "slotRanges", 0, 0, {}, {}, {}};
    for (uint32_t n = 0; n < nodes.size(); ++n) {
        slots.counts.push_back(m_slots.slotCount(n));
        ranges.texts.push_back(slotRangesText(m_slots, n));
    }
    f.columns = {std::move(slots), std::move(ranges)};
    return f;
}

namespace {

SlotRange readSlotRange(const json::Value& v, const std::string& where) {
    const json::Array& a = json::array(v, where);
    if (a.size() != 2) {
        throw InputError(where, "expected [first, last], a range of slots");
    }
    const uint64_t first = json::unsignedInt(a[0], where + "[0]");
    const uint64_t last = json::unsignedInt(a[1], where + "[1]");
    if (first > last || last >= kRedisSlots) {
        throw InputError(where, "slot range " + std::to_string(first) + "-" + std::to_string(last) +
                                    " must run upwards within 0-16383");
    }
    return {static_cast<uint32_t>(first), static_cast<uint32_t>(last)};
}

class RedisClusterModule final : public AlgorithmModule {
public:
    RedisClusterModule()
        : AlgorithmModule(Algorithm::RedisCluster, "redis-cluster",
                          QT_TRANSLATE_NOOP("Algorithm", "Redis Cluster"),
                          {.weights = false,
                           .failover = FailoverRule::PromoteReplica,
                           .view = "redis-slots",
                           .ownsSlots = true,
                           .color = 0x44AA99}) {}  // teal (Tol)

    // A master's "slots": [[first, last], ...].
    void readNode(const json::Object& node, NodeSpec& spec) const override {
        if (!node.contains("slots")) {
            return;
        }
        const json::Array& a = json::array(node["slots"], "slots");
        std::vector<SlotRange>& ranges = spec.params.edit<RedisSlots>().ranges;
        for (size_t i = 0; i < a.size(); ++i) {
            ranges.push_back(readSlotRange(a[i], "slots[" + std::to_string(i) + "]"));
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kNode[] = {"slots"};
        return {.node = kNode};
    }
    void writeNode(const NodeSpec& spec, json::Object& node) const override {
        const std::vector<SlotRange>& ranges = slotRangesOf(spec);
        if (ranges.empty()) {
            return;
        }
        json::Array out;
        for (const SlotRange& r : ranges) {
            out.push_back(json::Array{static_cast<int64_t>(r.first), static_cast<int64_t>(r.last)});
        }
        node.set("slots", out);
    }
    void validate(const Scenario& s) const override {
        if (s.replicas != 1) {
            throw InputError("replicas",
                             "a Redis Cluster slot lives on one master (its replicas copy that "
                             "master, they own no slots); set replicas to 1, not " +
                                 std::to_string(s.replicas));
        }
    }
    // Keys hash with redis-slot into the 16,384 slots, whatever the file says (SPEC §6).
    void fixKeyHashing(KeyHashing& hashing) const override {
        hashing.hash = HashKind::RedisSlot;
        hashing.space = kRedisSlots;
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes& nodes) const override {
        return std::make_shared<RedisClusterPlacement>(s, nodes);
    }
    void checkRemoval(const Scenario& s, size_t index) const override {
        if (!slotRangesOf(s.nodes[index]).empty()) {
            throw nodeError(s, index, "slots",
                            "a Redis Cluster master leaves only once its slots are resharded to "
                            "the others (give them to another master in the scenario file); a "
                            "master without slots can be removed");
        }
    }
};

}  // namespace

const AlgorithmModule& modules::redisClusterAlgorithm() {
    static const RedisClusterModule module;
    return module;
}

}  // namespace ringscope
