// mod-N (SPEC §2 "mod-N"): keyHash64(key) mod N, nodes in order; replicas are the following
// buckets; a down node's bucket is passed over (its keys go to the next bucket, no rehash over
// N−1). Stateless. Here to show why consistent hashing exists: a membership change moves most
// keys.

#include "ringscope/placement.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

class ModNPlacement final : public PlacementState {
public:
    // O(1).
    void route(const PlacementNodes& nodes, const KeyPoint& key,
               std::span<uint32_t> out) const override {
        const size_t n = nodes.size();
        detail::followingBuckets(
            static_cast<size_t>(key.hash64 % n), n, out,
            [](size_t b) { return static_cast<uint32_t>(b); }, nodes.down);
    }
    // Nothing: a key's bucket comes from the key and the node count.
    size_t lookupBytes() const override { return 0; }
    // With a node down, its bucket's keys go on to the next live bucket's node.
    std::optional<SpaceShares> spaceShares(const Placement& placement) const override {
        return detail::bucketSpaceShares(placement);
    }
};

class ModNModule final : public AlgorithmModule {
public:
    ModNModule()
        : AlgorithmModule(Algorithm::ModN, "modn", QT_TRANSLATE_NOOP("Algorithm", "mod-N"),
                          {.weights = false,
                           .bucketsInNodeOrder = true,
                           .compared = Compared::Plain,
                           .view = "modn",
                           .color = 0xCC79A7}) {}  // reddish purple (Okabe–Ito)

    // It reads a key's whole 64-bit value and has no positions: identity keys are raw values.
    void fixKeyHashing(KeyHashing& hashing) const override { hashing.rawValues = true; }

    std::shared_ptr<const PlacementState> build(const Scenario&,
                                                const PlacementNodes&) const override {
        return std::make_shared<ModNPlacement>();
    }
};

}  // namespace

const AlgorithmModule& modules::modNAlgorithm() {
    static const ModNModule module;
    return module;
}

}  // namespace ringscope
