// libFuzzer target: bytes as a scenario file. Any input must either be refused with an
// InputError or, when it reads, survive everything the programs do with a scenario, with the
// answers agreeing where two ways of computing them exist:
//   - JSON -> scenario -> JSON -> scenario gives the same scenario and the same JSON;
//   - the placement's one-pass assignment equals routing each key on its own;
//   - a ring's incremental edits (LiveRing) equal a full recompute after each edit;
//   - adding a node to a ring, rendezvous or jump moves keys only to that node (consistent
//     hashing's promise), and rendezvous' incremental reassignment equals the full one;
//   - stats count every key once.
// Limits are small here so that each input runs in milliseconds; the limits themselves are
// what keeps larger inputs in check (tests/core/tst_limits.cpp).
#include <QByteArray>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "algorithms/jump/jumpplacement.h"
#include "algorithms/mcrouter/mcrouterplacement.h"
#include "algorithms/rendezvous/rendezvousplacement.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/keyset.h"
#include "ringscope/placement.h"
#include "ringscope/plan.h"
#include "ringscope/stats.h"
#include "ringscope/work.h"
#include "scenariojson.h"

using namespace ringscope;

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "fuzz_scenario: %s\n", what);
    std::abort();
}

void expect(bool ok, const char* what) {
    if (!ok) {
        fail(what);
    }
}

Limits fuzzLimits() {
    Limits limits;
    limits.set(Limit::ScenarioBytes, 1 << 20);
    limits.set(Limit::JsonEntries, 5000);
    limits.set(Limit::StringBytes, 4096);
    limits.set(Limit::Keys, 2000);
    limits.set(Limit::KeyBytes, 1 << 20);
    limits.set(Limit::Nodes, 200);
    limits.set(Limit::Tokens, 20000);
    limits.set(Limit::TokenNameBytes, 1 << 20);
    limits.set(Limit::TokenReplicas, 100000);
    limits.set(Limit::KeyReplicas, 20000);
    limits.set(Limit::RendezvousWork, 100000);
    limits.set(Limit::MaglevWork, 1000000);
    return limits;
}

Assignment assignKeys(const Placement& p, const KeySet& keys, const HashedKeys& hashed) {
    Assignment a = assign(p, keys.names, hashed);
    expect(a.size() == keys.size(), "assignment size");
    if (p.routesKeysAlone()) {  // bounded loads place the key set together
        const Assignment one = assignPerKey(p, keys.names, hashed);
        expect(one.owners == a.owners, "assign differs from routing each key");
    }
    for (const uint32_t owner : a.owners) {
        expect(owner < p.nodes().size(), "owner out of range");
    }
    return a;
}

void checkLiveRing(const Placement& p, const HashedKeys& hashed, uint64_t seed) {
    if (p.ring().empty()) {
        return;
    }
    LiveRing live(p.ring(), hashed);
    SplitMix64 rng(seed);
    const uint64_t space = p.space();
    const auto position = [&] { return space ? rng.below(space) : rng.next(); };
    const auto nodes = static_cast<uint32_t>(p.nodes().size());
    for (int step = 0; step < 12; ++step) {
        const size_t t = live.ring().empty() ? 0 : rng.below(live.ring().size());
        switch (rng.below(5)) {
            case 0:
                live.moveToken(t, position());
                break;
            case 1:
                live.insertToken({position(), static_cast<uint32_t>(rng.below(nodes))});
                break;
            case 2:
                if (live.ring().size() > 1) {
                    live.eraseToken(t);
                }
                break;
            case 3:
                if (live.ring().size() > 1) {
                    live.removeNode(static_cast<uint32_t>(rng.below(nodes)));
                }
                break;
            case 4: {
                const uint64_t positions[] = {position(), position(), position()};
                live.addNode(static_cast<uint32_t>(rng.below(nodes)), positions);
                break;
            }
        }
        if (live.ring().empty()) {
            live.insertToken({position(), 0});
        }
        const LiveRing fresh(live.ring(), hashed);
        expect(std::equal(live.sortedOwners().begin(), live.sortedOwners().end(),
                          fresh.sortedOwners().begin(), fresh.sortedOwners().end()),
               "incremental ring owners differ from a full recompute");
        // Nodes past the end of a count span have no keys.
        const auto count = [](const LiveRing& ring, size_t node) {
            return node < ring.keysPerNode().size() ? ring.keysPerNode()[node] : 0;
        };
        for (size_t n = 0; n < std::max(live.keysPerNode().size(), fresh.keysPerNode().size());
             ++n) {
            expect(count(live, n) == count(fresh, n),
                   "incremental keys per node differ from a full recompute");
        }
    }
}

// The scenario with one node appended, as the window's "add node" makes it; nullopt if the
// algorithm would not keep keys in place for it.
std::optional<Scenario> withNodeAdded(const Scenario& s) {
    Scenario after = s;
    NodeSpec node;
    node.id = "fuzz-added-node";
    switch (s.algorithm) {
        case Algorithm::Ring:
            if (s.tokenScheme != TokenScheme::Named || s.zoneAware) {
                return std::nullopt;  // ketama reweighs every node; zones reorder replicas
            }
            node.vnodes = 3;
            break;
        case Algorithm::Rendezvous:
        case Algorithm::WeightedRendezvous:
        case Algorithm::NaiveDivRendezvous:
        case Algorithm::NaiveMulRendezvous:
            break;
        case Algorithm::Jump:
            if (!s.params.get<JumpParams>().buckets.empty()) {
                return std::nullopt;
            }
            break;
        case Algorithm::JumpBack:    // bucket n takes keys only from the others
        case Algorithm::MultiProbe:  // a new point takes keys only for itself
            break;
        case Algorithm::Mcrouter:
            if (s.params.get<McrouterParams>().hashFunc == McrouterHashFunc::WeightedCh3) {
                return std::nullopt;  // a refused try goes on to a salted key's old server
            }
            break;  // furc and the rendezvous scores give a new server only keys it takes
        case Algorithm::Anchor:  // bucket n takes keys only from the others, its table pinned
        case Algorithm::Memento:
        case Algorithm::Dx:
            if (!moduleOf(s.algorithm).removedInPlace(s).empty()) {
                return std::nullopt;  // the new node would fill a removed bucket, not append
            }
            try {
                moduleOf(s.algorithm).addNode(after, node);
            } catch (const InputError&) {
                return std::nullopt;  // the table is full
            }
            return s.boundedLoadPercent ? std::nullopt : std::optional<Scenario>(after);
        case Algorithm::ModN:
        case Algorithm::Maglev:         // a new table moves a few keys between old nodes too
        case Algorithm::RedisCluster:   // slots move only by resharding
        case Algorithm::Elasticsearch:  // one shard more is another index (or refused)
            return std::nullopt;
    }
    if (s.boundedLoadPercent) {
        return std::nullopt;  // capacities change with the node count
    }
    after.nodes.push_back(node);
    return after;
}

void checkAddingANode(const Scenario& s, const Placement& before, const Assignment& a,
                      const KeySet& keys, const Limits& limits) {
    const auto next = withNodeAdded(s);
    if (!next) {
        return;
    }
    Placement after;
    HashedKeys hashed;
    try {
        after = Placement::build(*next, limits);
        hashed = hashKeys(keys, after.keyHashing());
    } catch (const InputError&) {
        return;  // e.g. the new tokens do not fit in a tiny space
    }
    const Assignment b = assignKeys(after, keys, hashed);
    const DiffResult d = diff(before, a, after, b, keys);
    expect(d.keys == keys.size(), "diff key count");
    expect(d.primaryMoved + d.replicaOnly <= d.changed.size(), "diff counts");
    // The plan's primary transfers are diff's moved keys and bytes (plan.h).
    const MigrationPlan plan = migrationPlan(countTransfers(before, a, after, b, keys),
                                             after.nodes().size(), Bandwidth{1e6, 3});
    expect(plan.primaryKeys == d.primaryMoved, "plan primaries differ from diff");
    expect(d.bytesSaturated || plan.primaryBytes == d.bytesMoved, "plan bytes differ from diff");
    expect(plan.seconds && *plan.seconds >= 0, "plan duration");
    const auto added = static_cast<uint32_t>(after.nodes().size() - 1);
    for (size_t k = 0; k < keys.size(); ++k) {
        if (b.primary(k) != added) {
            expect(before.nodes()[a.primary(k)].id == after.nodes()[b.primary(k)].id,
                   "adding a node moved a key to another old node");
        }
    }
    if (rendezvousVariant(s.algorithm)) {  // a rendezvous placement reassigns incrementally
        const auto quick = reassignRendezvous(before, a, after, keys.names);
        expect(quick && quick->owners == b.owners,
               "incremental rendezvous differs from the full assignment");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const Limits limits = fuzzLimits();
    try {  // plan --bandwidth's reader: a rate or a clear refusal, never anything else
        const double rate = parseRate(
            std::string_view(reinterpret_cast<const char*>(data), std::min<size_t>(size, 64)),
            "--bandwidth");
        expect(rate > 0 && std::isfinite(rate), "a rate that is not positive and finite");
    } catch (const InputError&) {
    }
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    Scenario s;
    try {
        s = scenarioFromJson(json, limits);
    } catch (const InputError&) {
        return 0;
    }
    // Round trips: what was read is written and read back the same.
    const QByteArray written = scenarioToJson(s);
    Scenario back;
    try {
        back = scenarioFromJson(written, limits);
    } catch (const InputError& e) {
        std::fprintf(stderr, "%s\n%s\n", e.what(), written.constData());
        fail("a written scenario does not read back");
    }
    expect(back == s, "JSON -> scenario -> JSON -> scenario changed the scenario");
    expect(scenarioToJson(back) == written, "writing the scenario again changed the JSON");
    if (s.keys.kind == KeySetSpec::Kind::File) {
        return 0;  // the fuzzer reads no files
    }
    try {
        const Placement p = Placement::build(s, limits);
        const KeySet keys = generateKeys(s.keys, limits);
        checkKeyWork(s, keyVolume(keys.names), limits);
        const HashedKeys hashed = hashKeys(keys, p.keyHashing());
        const Assignment a = assignKeys(p, keys, hashed);
        const Stats stats = computeStats(p, a, keys);
        uint64_t counted = 0;
        for (const NodeLoad& load : stats.nodes) {
            counted += load.keys;
        }
        expect(counted == keys.size(), "stats lost or double-counted keys");
        const DiffResult same = diff(p, a, p, a, keys);
        expect(same.changed.empty(), "a placement differs from itself");
        checkLiveRing(p, hashed, static_cast<uint64_t>(size) * 0x9e3779b97f4a7c15ull);
        checkAddingANode(s, p, a, keys, limits);
    } catch (const InputError&) {
        return 0;
    }
    return 0;
}
