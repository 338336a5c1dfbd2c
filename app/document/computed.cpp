#include "computed.h"

#include <algorithm>
#include <functional>

#include "ringscope/keychange.h"
#include "ringscope/limits.h"
#include "ringscope/parallel.h"
#include "ringscope/work.h"
#include "scenariojson.h"

namespace ringscope {

bool sameKeySet(const Scenario& a, const Scenario& b) {
    return a.keys == b.keys;
}

bool sameKeyPositions(const Scenario& a, const Scenario& b) {
    return sameKeySet(a, b) && keyHashingOf(a) == keyHashingOf(b);
}

namespace {

// The keys the scenario names (a key file's count is unknown until read: assume a million).
uint64_t keysNamed(const Scenario& scenario) {
    const KeySetSpec& k = scenario.keys;
    return k.kind == KeySetSpec::Kind::File   ? 1'000'000
           : k.kind == KeySetSpec::Kind::List ? k.list.size()
                                              : k.count;
}

// Work units of computing `scenario` when its keys and their hashes are at hand (`reuse`) or not:
// the core's cost model (work.h).
uint64_t costOf(const Scenario& scenario, bool reuse) {
    return workUnits(scenario, keysNamed(scenario), reuse);
}

// The known computation of `scenario`, or else the one whose keys it can reuse best (same
// positions, then same keys), or null. `exact` tells which.
ComputedPtr closest(const Scenario& scenario, std::span<const ComputedPtr> known, bool& exact) {
    // The scenario itself wherever it is in the list: one that only shares its keys may come
    // before it (computeStep's pool puts the step's new state first).
    for (const ComputedPtr& c : known) {
        if (c && c->scenario == scenario) {
            exact = true;
            return c;
        }
    }
    exact = false;
    ComputedPtr sameKeys, any;
    for (const ComputedPtr& c : known) {
        if (!c) {
            continue;
        }
        if (sameKeyPositions(c->scenario, scenario)) {
            return c;  // keys, hashes (and rendezvous scores) reused: as good as it gets
        }
        if (!sameKeys && sameKeySet(c->scenario, scenario)) {
            sameKeys = c;
        }
        if (!any) {
            any = c;
        }
    }
    return sameKeys ? sameKeys : any;
}

// Each node's primary keys in `c`: those of `followed` (the computation c's owners were carried
// over from, or null) renumbered by id, with only the keys of c's changed ranks moved from their
// old owner to their new one, O(N log N + changed keys); else a count over every key.
std::vector<uint64_t> countPrimaries(const Computed& c, const Computed* followed) {
    std::vector<uint64_t> counts(c.placement.nodes().size(), 0);
    if (!followed) {
        // Each chunk of keys counted on its own thread, then the chunks' counts added.
        const size_t keys = c.assignment.size();
        std::vector<std::vector<uint64_t>> parts(chunksFor(keys, 1), counts);
        forChunks(keys, parts.size(), [&](size_t part, size_t first, size_t last) {
            for (size_t k = first; k < last; ++k) {
                ++parts[part][c.assignment.primary(k)];
            }
        });
        for (const std::vector<uint64_t>& part : parts) {
            std::transform(counts.begin(), counts.end(), part.begin(), counts.begin(),
                           std::plus<>());
        }
        return counts;
    }
    // Nodes only `followed` has get numbers past c's own (nodeRenumbering): counted aside.
    const std::vector<uint32_t> byId = nodeRenumbering(followed->placement, c.placement);
    std::vector<uint64_t> all(c.placement.nodes().size() + byId.size(), 0);
    for (size_t n = 0; n < byId.size() && n < followed->keysPerNode.size(); ++n) {
        all[byId[n]] += followed->keysPerNode[n];
    }
    const auto order = std::span<const uint32_t>(c.hashed->byPosition);
    for (const KeyRange& range : c.changedRanks) {
        for (size_t rank = range.first; rank < range.last; ++rank) {
            const uint32_t k = order[rank];
            --all[byId[followed->assignment.primary(k)]];
            ++all[c.assignment.primary(k)];
        }
    }
    std::copy_n(all.begin(), counts.size(), counts.begin());
    return counts;
}

}  // namespace

// Work units of computing `scenario` from a computation of `base` over `keys` keys: an edit the
// algorithm follows from the owners before it (compute's reassignFrom), else costOf.
uint64_t costFrom(const Scenario& scenario, const Scenario* base, uint64_t keys) {
    const bool reuse = base && sameKeyPositions(*base, scenario);
    if (reuse) {
        if (const std::optional<uint64_t> follow =
                algorithmOf(scenario).followUnits(*base, scenario, keys)) {
            return saturatingAdd(workUnits(scenario, 0, true), *follow);
        }
    }
    return costOf(scenario, reuse);
}

uint64_t computeCost(const Scenario& scenario, const Computed* previous) {
    return previous ? costFrom(scenario, &previous->scenario, previous->keys->size())
                    : costOf(scenario, false);
}

ComputedPtr compute(const Scenario& scenario, const ComputedPtr& previous,
                    const ProgressFn& progress, const Limits& limits) {
    const auto step = [&](int percent) { return !progress || progress(percent); };
    auto c = std::make_shared<Computed>();
    c->scenario = scenario;
    c->placement = Placement::build(scenario, limits);
    if (!step(10)) {
        return nullptr;
    }
    if (previous && sameKeySet(previous->scenario, scenario)) {
        checkKeyWork(scenario, keyVolume(previous->keys->names), limits);  // replicas may grow
        c->keys = previous->keys;
    } else {
        c->keys = std::make_shared<const KeySet>(scenarioKeys(scenario, limits));
    }
    if (!step(45)) {
        return nullptr;
    }
    // Keys hashed for positions alone serve a placement that reads their hashes only once
    // hashed again (a ring switched to jump hash).
    if (previous && sameKeyPositions(previous->scenario, scenario) &&
        c->placement.canPlace(*previous->hashed)) {
        c->hashed = previous->hashed;
    } else {
        c->hashed = std::make_shared<const HashedKeys>(
            hashKeys(*c->keys, c->placement.keyHashing(), c->placement.keyValues()));
    }
    if (!step(75)) {
        return nullptr;
    }
    // A change the algorithm can follow from the previous owners (a ring: only the keys of the
    // arcs that changed hands; one rendezvous node added or removed: far fewer digests).
    std::optional<Assignment> quick;
    ChangedKeys changed;
    if (previous && c->keys == previous->keys) {
        quick = c->placement.reassignFrom(previous->placement, previous->assignment, c->keys->names,
                                          *c->hashed, &changed);
    }
    c->assignment = quick ? std::move(*quick) : assign(c->placement, c->keys->names, *c->hashed);
    if (quick && changed && c->hashed == previous->hashed) {
        c->followed = previous;
        c->changedRanks = std::move(*changed);
    }
    c->keysPerNode = countPrimaries(*c, c->followed.expired() ? nullptr : previous.get());
    if (!step(100)) {
        return nullptr;
    }
    return c;
}

uint64_t computeStepCost(const Scenario& scenario, const Scenario* from,
                         std::span<const ComputedPtr> known) {
    bool exact = false;
    const ComputedPtr base = closest(scenario, known, exact);
    uint64_t cost = exact ? 0 : computeCost(scenario, base.get());
    if (from) {
        // `from` is worked out after `scenario` and from it when it can (computeStep's pool
        // puts it first), else from the known computation closest to it.
        const ComputedPtr fromBase = closest(*from, known, exact);
        if (!exact && sameKeyPositions(scenario, *from)) {
            const uint64_t keys = base && sameKeySet(base->scenario, scenario)
                                      ? base->keys->size()
                                      : keysNamed(scenario);
            cost = saturatingAdd(cost, costFrom(*from, &scenario, keys));
        } else if (!exact) {
            cost = saturatingAdd(cost, computeCost(*from, fromBase.get()));
        }
    }
    return cost;
}

ComputedStep computeStep(const Scenario& scenario, const Scenario* from,
                         std::span<const ComputedPtr> known, const ProgressFn& progress,
                         const Limits& limits) {
    // Progress runs 0..100 over both halves, the first to 50 when there are two.
    const int split = from ? 50 : 100;
    const auto part = [&](int lo, int hi) -> ProgressFn {
        if (!progress) {
            return {};
        }
        return
            [&progress, lo, hi](int percent) { return progress(lo + (hi - lo) * percent / 100); };
    };
    const auto one = [&limits](const Scenario& s, std::span<const ComputedPtr> pool,
                               const ProgressFn& report) {
        bool exact = false;
        ComputedPtr base = closest(s, pool, exact);
        return exact ? base : compute(s, base, report, limits);
    };
    ComputedStep out;
    out.current = one(scenario, known, part(0, split));
    if (!out.current) {
        return {};
    }
    if (from) {
        std::vector<ComputedPtr> pool{out.current};
        pool.insert(pool.end(), known.begin(), known.end());
        out.from = one(*from, pool, part(split, 100));
        if (!out.from) {
            return {};
        }
    }
    return out;
}

}  // namespace ringscope
