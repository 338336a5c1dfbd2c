#include "rendezvousplacement.h"

#include <algorithm>

#include "ringscope/parallel.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

class RendezvousModule final : public AlgorithmModule {
public:
    RendezvousModule(Algorithm id, std::string_view name, std::string_view label,
                     HrwVariant variant, Traits traits)
        : AlgorithmModule(id, name, label, traits), m_variant(variant) {}
    HrwVariant variant() const { return m_variant; }

    void countWork(const Scenario& s, Work& work) const override {
        work.perKey.push_back({.limit = Limit::RendezvousWork,
                               .amount = s.nodes.size(),
                               .field = "nodes",
                               .what = "rendezvous digests (keys x nodes)",
                               .units = 20});
        // Each digest hashes the whole key and the whole node id: long ones cost in bytes what
        // the digest count does not show (60 KB ids took minutes within the digest limit).
        uint64_t idBytes = 0;
        for (const NodeSpec& node : s.nodes) {
            idBytes = saturatingAdd(idBytes, node.id.size());
        }
        work.perKey.push_back({Limit::RendezvousBytes, idBytes, "nodes",
                               "bytes hashed by rendezvous (each key with each node id)",
                               std::nullopt, s.nodes.size()});
    }
    std::shared_ptr<const PlacementState> build(const Scenario&,
                                                const PlacementNodes&) const override {
        return std::make_shared<RendezvousPlacement>(m_variant);
    }

private:
    HrwVariant m_variant;
};

}  // namespace

std::optional<HrwVariant> rendezvousVariant(Algorithm algorithm) {
    const auto* module = dynamic_cast<const RendezvousModule*>(&moduleOf(algorithm));
    return module ? std::optional(module->variant()) : std::nullopt;
}

void RendezvousPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                                std::span<uint32_t> out) const {
    hrwTop(key.name, nodes.ids, nodes.weights, m_variant, out, nodes.down);
}

std::optional<Assignment> RendezvousPlacement::reassign(const Placement& before,
                                                        const Assignment& a, const Placement& after,
                                                        const KeyNames& names,
                                                        const HashedKeys& /*keys*/,
                                                        ChangedKeys* /*changed*/) const {
    return reassignRendezvous(before, a, after, names);
}

std::optional<Assignment> reassignRendezvous(const Placement& before, const Assignment& a,
                                             const Placement& after, const KeyNames& names) {
    const auto& old = before.nodes();
    const auto& now = after.nodes();
    const auto* rendezvous = after.stateAs<RendezvousPlacement>();
    if (!rendezvous || before.anyDown() || after.anyDown() ||
        before.algorithm() != after.algorithm() || before.replicas() != after.replicas() ||
        a.replicas != before.replicas() || a.size() != names.size()) {
        return std::nullopt;
    }
    // The one node that differs, and the others matching in order with equal weights.
    const bool added = now.size() > old.size();
    const auto sameNode = [](const NodeInfo& x, const NodeInfo& y) {
        return x.id == y.id && x.weight == y.weight;
    };
    const std::optional<size_t> differs =
        added ? detail::oneNodeMore(now, old, sameNode) : detail::oneNodeMore(old, now, sameNode);
    if (!differs) {
        return std::nullopt;
    }
    const size_t odd = *differs;
    const size_t r = a.replicas;
    const HrwVariant variant = rendezvous->variant();
    const auto ids = after.nodeIds();
    const auto weights = after.weights();
    Assignment out;
    out.replicas = r;
    out.owners.resize(a.owners.size());
    const auto n = static_cast<uint32_t>(odd);
    parallelChunks(names.size(), added ? (r + 1) * 50 : 1, [&](size_t first, size_t last) {
        std::vector<HrwRank> ranks(r);
        names.forEach(first, last, [&](size_t k, std::string_view name) {
            const auto was = a.ownersOf(k);
            uint32_t* owners = out.owners.data() + k * r;
            if (!added) {
                // Keys the removed node held start over; the others keep their owners.
                if (std::find(was.begin(), was.end(), n) != was.end()) {
                    hrwTop(name, ids, weights, variant, {owners, r});
                } else {
                    for (size_t i = 0; i < r; ++i) {
                        owners[i] = was[i] - (was[i] > n ? 1 : 0);
                    }
                }
                return;
            }
            for (size_t i = 0; i < r; ++i) {
                owners[i] = was[i] + (was[i] >= n ? 1 : 0);
                ranks[i] = hrwRank(name, ids[owners[i]], weights[owners[i]], variant);
            }
            const HrwRank rank = hrwRank(name, ids[n], weights[n], variant);
            size_t at = r;
            while (at > 0 && hrwBetter(rank, ids[n], ranks[at - 1], ids[owners[at - 1]], variant)) {
                --at;
            }
            for (size_t i = r; i-- > at + 1;) {
                owners[i] = owners[i - 1];
            }
            if (at < r) {
                owners[at] = n;
            }
        });
    });
    return out;
}

const AlgorithmModule& modules::rendezvousAlgorithm() {
    static const RendezvousModule module(Algorithm::Rendezvous, "rendezvous",
                                         QT_TRANSLATE_NOOP("Algorithm", "HRW"), HrwVariant::Plain,
                                         {.weights = false,
                                          .compared = Compared::Plain,
                                          .view = "hrw",
                                          .color = 0x009E73});  // bluish green (Okabe–Ito)
    return module;
}

const AlgorithmModule& modules::weightedRendezvousAlgorithm() {
    static const RendezvousModule module(
        Algorithm::WeightedRendezvous, "weighted-rendezvous",
        QT_TRANSLATE_NOOP("Algorithm", "Weighted HRW"), HrwVariant::Weighted,
        {.compared = Compared::Plain, .view = "hrw", .color = 0x56B4E9});  // sky blue
    return module;
}

// U / w and U · w: what "divide (or multiply) the hash by the weight" does, for a lesson.
const AlgorithmModule& modules::naiveDivideRendezvousAlgorithm() {
    static const RendezvousModule module(
        Algorithm::NaiveDivRendezvous, "naive-divide-rendezvous",
        QT_TRANSLATE_NOOP("Algorithm", "HRW score/w"), HrwVariant::NaiveDivide,
        {.lessonOnly = true, .view = "hrw", .color = 0x999933});  // olive (Tol)
    return module;
}

const AlgorithmModule& modules::naiveMultiplyRendezvousAlgorithm() {
    static const RendezvousModule module(
        Algorithm::NaiveMulRendezvous, "naive-multiply-rendezvous",
        QT_TRANSLATE_NOOP("Algorithm", "HRW score·w"), HrwVariant::NaiveMultiply,
        {.lessonOnly = true, .view = "hrw", .color = 0x882255});  // wine (Tol)
    return module;
}

}  // namespace ringscope
