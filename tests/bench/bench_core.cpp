// Core benchmarks. Pre-hashed positions unless stated; compare ratios within one run.
#include <benchmark/benchmark.h>

#include <map>
#include <optional>
#include <vector>

#include "algorithms/anchor/anchor.h"
#include "algorithms/anchor/anchor_reference.h"
#include "algorithms/dx/dx.h"
#include "algorithms/dx/dx_reference.h"
#include "algorithms/jump/jump.h"
#include "algorithms/jump/jump_reference.h"
#include "algorithms/jump/jumpplacement.h"
#include "algorithms/jumpback/jumpback.h"
#include "algorithms/memento/memento.h"
#include "algorithms/memento/memento_reference.h"
#include "algorithms/rendezvous/rendezvousplacement.h"
#include "algorithms/ring/ringplacement.h"
#include "bench_probe.h"
#include "ringscope/assign.h"
#include "ringscope/placement.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;
using reference::JumpConsistentHash;

namespace {

Placement ring(int nodes, int64_t vnodes) {
    Scenario s;
    s.keyHash = HashKind::Xxh64;
    s.params.edit<NamedTokenParams>().hash = HashKind::Xxh64;
    for (int i = 0; i < nodes; ++i) {
        s.nodes.push_back(NodeSpec{"node-" + std::to_string(i), 1.0, {}, {}, vnodes});
    }
    return Placement::build(s);
}

std::map<uint64_t, uint32_t> asMap(const Ring& r) {
    std::map<uint64_t, uint32_t> m;
    for (size_t i = 0; i < r.size(); ++i) {
        m.emplace(r.position(i), r.node(i));
    }
    return m;
}

// What most libraries do: a std::map and lower_bound, wrapping to begin().
uint32_t mapOwner(const std::map<uint64_t, uint32_t>& m, uint64_t x) {
    auto it = m.lower_bound(x);
    return (it == m.end() ? m.begin() : it)->second;
}

struct KeyFixture {
    KeySet keys;
    HashedKeys hashed;
    explicit KeyFixture(size_t n) {
        keys.names =
            KeyNames::pattern("{i}", 0, n);  // unused by the ring: positions are pre-hashed
        SplitMix64 rng(7);
        hashed.hash64.resize(n);
        for (size_t k = 0; k < n; ++k) {
            hashed.hash64[k] = rng.next();
        }
        std::vector<std::pair<uint64_t, uint32_t>> order(n);
        for (size_t k = 0; k < n; ++k) {
            order[k] = {hashed.positionOf(k), uint32_t(k)};
        }
        std::sort(order.begin(), order.end());
        hashed.byPosition.resize(n);
        std::vector<uint64_t> positions(n);
        for (size_t k = 0; k < n; ++k) {
            hashed.byPosition[k] = order[k].second;
            positions[k] = order[k].first;
        }
        hashed.sortedPositions = SortedPositions(std::move(positions));
    }
};

const KeyFixture& million() {
    static const KeyFixture f(1'000'000);
    return f;
}

// Incremental (full:0) against full (full:1) recomputation, wall time: the full runs use threads.
void incrementalThenFull(benchmark::internal::Benchmark* b) {
    b->Arg(0)->Arg(1)->ArgName("full")->UseRealTime()->Unit(benchmark::kMillisecond)->Iterations(3);
}

}  // namespace

// The rings of the lookup benchmarks: 100 nodes x 160 vnodes (16,000 tokens) and x 2,560
// (256,000 tokens, a 2 MiB position array that no longer fits in L2).
void ringSizes(benchmark::internal::Benchmark* b) {
    b->Arg(160)->Arg(2560)->ArgName("vnodes");
}

static void BM_RingLookup(benchmark::State& state) {
    const Placement p = ring(100, state.range(0));
    // Each probe position is mixed from the previous answer, so this is the latency of one
    // lookup of a random key (what a request router pays), not the throughput of overlapped
    // independent lookups, and no probe table competes for the cache.
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, p.ring().owner(x & 0xffffffffu));
    }
    benchmark::DoNotOptimize(x);
    state.counters["tokens"] = double(p.ring().size());
}
BENCHMARK(BM_RingLookup)->Apply(ringSizes);

// The same positions in Eytzinger (breadth-first) order, searched branch-free with the node
// four levels down prefetched (Khuong and Morin, "Array layouts for comparison-based
// searching", 2017): the known fastest comparison-based successor search, to hold the ring's
// own lookup against.
class EytzingerRing {
public:
    explicit EytzingerRing(const Ring& ring) : m_pos(ring.size() + 1), m_node(ring.size() + 1) {
        size_t next = 0;
        fill(ring, next, 1);
        m_first = m_node[leftmost()];
    }
    uint32_t owner(uint64_t x) const {
        const size_t n = m_pos.size() - 1;
        size_t k = 1;
        while (k <= n) {
            __builtin_prefetch(m_pos.data() + k * 8);  // 8 positions a line: 3 levels ahead
            k = 2 * k + (m_pos[k] < x);
        }
        k >>= __builtin_ffsll(static_cast<long long>(~k));  // back up to the last left turn
        return k ? m_node[k] : m_first;                     // none >= x: wrap to the first token
    }

private:
    void fill(const Ring& ring, size_t& next, size_t k) {
        if (k < m_pos.size()) {
            fill(ring, next, 2 * k);
            m_pos[k] = ring.position(next);
            m_node[k] = ring.node(next);
            ++next;
            fill(ring, next, 2 * k + 1);
        }
    }
    size_t leftmost() const {
        size_t k = 1;
        while (2 * k < m_pos.size()) {
            k *= 2;
        }
        return k;
    }
    std::vector<uint64_t> m_pos;
    std::vector<uint32_t> m_node;
    uint32_t m_first = 0;
};

static void BM_EytzingerLookup(benchmark::State& state) {
    const Placement p = ring(100, state.range(0));
    const EytzingerRing e(p.ring());
    // The layout answers as the ring does: checked on probes before timing.
    uint64_t check = 3;
    for (int i = 0; i < 100000; ++i) {
        check = probeAfter(check, p.ring().owner(check & 0xffffffffu));
        if (e.owner(check & 0xffffffffu) != p.ring().owner(check & 0xffffffffu)) {
            state.SkipWithError("the Eytzinger layout disagrees with the ring");
            return;
        }
    }
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, e.owner(x & 0xffffffffu));
    }
    benchmark::DoNotOptimize(x);
    state.counters["tokens"] = double(p.ring().size());
}
BENCHMARK(BM_EytzingerLookup)->Apply(ringSizes);

static void BM_StdMapRingLookup(benchmark::State& state) {
    const Placement p = ring(100, state.range(0));
    const auto m = asMap(p.ring());
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, mapOwner(m, x & 0xffffffffu));
    }
    benchmark::DoNotOptimize(x);
}
BENCHMARK(BM_StdMapRingLookup)->Apply(ringSizes);

// Both jump benchmarks run the same probe loop around one jump function.
template <typename Jump>
void jumpLoop(benchmark::State& state, Jump jump) {
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, uint32_t(jump(x, 1000)));
    }
    benchmark::DoNotOptimize(x);
}

static void BM_JumpLookup(benchmark::State& state) {
    jumpLoop(state, [](uint64_t key, int32_t n) { return jumpHash(key, n); });
}
BENCHMARK(BM_JumpLookup);

static void BM_JumpReference(benchmark::State& state) {
    jumpLoop(state, [](uint64_t key, int32_t n) { return JumpConsistentHash(key, n); });
}
BENCHMARK(BM_JumpReference);

// JumpBackHash on the same loop, N = 1000: Ertl reports it faster than jump (no division, and
// expected O(1) draws where jump makes O(log N) jumps).
static void BM_JumpBackLookup(benchmark::State& state) {
    jumpLoop(state, [](uint64_t key, int32_t n) {
        return jumpBackHash(key, uint32_t(n), JumpBackPrng::SplitMix64);
    });
}
BENCHMARK(BM_JumpBackLookup);

static void BM_JumpBackXorshiftLookup(benchmark::State& state) {
    jumpLoop(state, [](uint64_t key, int32_t n) {
        return jumpBackHash(key, uint32_t(n), JumpBackPrng::XorshiftL7R9);
    });
}
BENCHMARK(BM_JumpBackXorshiftLookup);

// The algorithms that remove buckets in place, each against a literal port of its reference's
// lookup on the same state and the same probe loop: N = 1,000 nodes (Anchor and Dx in a table of
// 2N), half of them removed in a random order (the "a = 2n with half removed").
std::vector<uint32_t> halfRemoved() {
    std::vector<uint32_t> order(1000);
    for (uint32_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    SplitMix64 rng(44);
    for (size_t i = order.size() - 1; i > 0; --i) {  // Fisher–Yates
        std::swap(order[i], order[rng.next() % (i + 1)]);
    }
    order.resize(500);
    return order;
}

// `table` escapes first, so that neither side's sizes become constants of the loop (a literal
// port inlined whole would divide by a known 2,000).
template <typename Table, typename Lookup>
void removedLoop(benchmark::State& state, Table& table, Lookup lookup) {
    benchmark::DoNotOptimize(&table);
    benchmark::ClobberMemory();
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, uint32_t(lookup(x)));
    }
    benchmark::DoNotOptimize(x);
}

static void BM_AnchorLookup(benchmark::State& state) {
    AnchorTable table(2000, 1000);
    for (const uint32_t b : halfRemoved()) {
        table.remove(b);
    }
    removedLoop(state, table, [&](uint64_t key) { return table.bucketOf(key); });
}
BENCHMARK(BM_AnchorLookup);

static void BM_AnchorReference(benchmark::State& state) {
    reference::AnchorHashQre anchor(2000, 1000);
    for (const uint32_t b : halfRemoved()) {
        anchor.UpdateRemoval(b);
    }
    removedLoop(state, anchor, [&](uint64_t key) { return anchor.ComputeBucket(key, 0); });
}
BENCHMARK(BM_AnchorReference);

static void BM_MementoLookup(benchmark::State& state) {
    MementoTable table(1000);
    for (const uint32_t b : halfRemoved()) {
        table.remove(b);
    }
    removedLoop(state, table, [&](uint64_t key) { return table.bucketOf(key); });
}
BENCHMARK(BM_MementoLookup);

static void BM_MementoReference(benchmark::State& state) {
    reference::MementoEngine memento(1000);
    for (const uint32_t b : halfRemoved()) {
        memento.removeBucket(int32_t(b));
    }
    removedLoop(state, memento, [&](uint64_t key) { return memento.getBucket(int64_t(key)); });
}
BENCHMARK(BM_MementoReference);

static void BM_DxLookup(benchmark::State& state) {
    DxTable table(2000, 1000);
    for (const uint32_t b : halfRemoved()) {
        table.remove(b);
    }
    removedLoop(state, table, [&](uint64_t key) { return table.bucketOf(key); });
}
BENCHMARK(BM_DxLookup);

static void BM_DxReference(benchmark::State& state) {
    reference::DxEngine dx(1000, 2000);
    for (const uint32_t b : halfRemoved()) {
        dx.removeBucket(int32_t(b));
    }
    removedLoop(state, dx, [&](uint64_t key) { return dx.getBucket(int64_t(key)); });
}
BENCHMARK(BM_DxReference);

// Reassigning every key after a wholesale change: the live assignment (keys kept sorted by
// position, one merge sweep against the sorted tokens, moved count against the baseline).
// Arg: vnodes per node for 100 nodes: 160 (ketama-like) and 256 (25,600 tokens, as BM_DragStep).
static void BM_FullReassign(benchmark::State& state) {
    const Placement p = ring(100, state.range(0));
    LiveRing live(p.ring(), million().hashed);
    for (auto _ : state) {
        live.recomputeAll();
        benchmark::DoNotOptimize(&live.sortedOwners());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(live.keyCount()));
}
BENCHMARK(BM_FullReassign)->Arg(160)->Arg(256)->Unit(benchmark::kMillisecond);

// The same sweep, but writing owners in key order (what assign() returns for diff and stats):
// the scattered writes cost more than the sweep itself.
static void BM_AssignKeyOrder(benchmark::State& state) {
    const Placement p = ring(100, 160);
    const KeyFixture& f = million();
    for (auto _ : state) {
        benchmark::DoNotOptimize(assign(p, f.keys.names, f.hashed).owners.data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(f.hashed.size()));
}
BENCHMARK(BM_AssignKeyOrder)->Unit(benchmark::kMillisecond);

static void BM_PerKeyReassign(benchmark::State& state) {
    const Placement p = ring(100, state.range(0));
    const auto m = asMap(p.ring());
    const KeyFixture& f = million();
    std::vector<uint32_t> owners(f.hashed.size());
    for (auto _ : state) {
        for (size_t k = 0; k < owners.size(); ++k) {
            owners[k] = mapOwner(m, f.hashed.positionOf(k));
        }
        benchmark::DoNotOptimize(owners.data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(f.hashed.size()));
}
BENCHMARK(BM_PerKeyReassign)->Arg(160)->Unit(benchmark::kMillisecond);

// One drag step: move a random token to a random spot between its neighbours, keeping every
// key's owner and the moved-key count current. 1M keys, 100 nodes x 256 vnodes.
static void BM_DragStep(benchmark::State& state) {
    const Placement p = ring(100, 256);
    LiveRing live(p.ring(), million().hashed);
    SplitMix64 rng(9);
    size_t affected = 0;
    for (auto _ : state) {
        const size_t t = 1 + rng.below(live.ring().size() - 2);
        const uint64_t lo = live.ring().position(t - 1) + 1;
        const uint64_t hi = live.ring().position(t + 1);
        const auto ranges = live.moveToken(t, lo + rng.below(hi - lo));
        for (const auto& r : ranges) {
            affected += r.last - r.first;
        }
    }
    state.counters["keysPerStep"] = double(affected) / double(state.iterations());
    state.counters["tokens"] = double(live.ring().size());
}
BENCHMARK(BM_DragStep);

// Adding a node to a 1M-key ring: 256 token inserts with their arcs.
static void BM_RingAddNode(benchmark::State& state) {
    const Placement p = ring(100, 256);
    const Placement bigger = ring(101, 256);
    std::vector<uint64_t> added;
    for (size_t i = 0; i < bigger.ring().size(); ++i) {
        if (bigger.ring().node(i) == 100) {
            added.push_back(bigger.ring().position(i));
        }
    }
    for (auto _ : state) {
        state.PauseTiming();
        LiveRing live(p.ring(), million().hashed);
        state.ResumeTiming();
        benchmark::DoNotOptimize(live.addNode(100, added).size());
    }
}
BENCHMARK(BM_RingAddNode)->UseRealTime()->Unit(benchmark::kMillisecond)->Iterations(5);

// Removing a node from the same ring: one compaction, then only the removed arcs' keys.
static void BM_RingRemoveNode(benchmark::State& state) {
    const Placement p = ring(100, 256);
    for (auto _ : state) {
        state.PauseTiming();
        LiveRing live(p.ring(), million().hashed);
        state.ResumeTiming();
        benchmark::DoNotOptimize(live.removeNode(50).size());
    }
}
BENCHMARK(BM_RingRemoveNode)->UseRealTime()->Unit(benchmark::kMillisecond)->Iterations(5);

// A membership edit at ten million keys on 100 nodes x 256 vnodes, as the program follows it:
// the owners of every key (K x R, in key order) and the set of keys that moved. Full: assign
// every key anew, then compare with the owners before. Add/Remove: reassignRing, which walks
// both rings' tokens for the arcs that changed hands and touches only their keys (the moved set
// is its ranges).
const KeyFixture& tenMillion() {
    static const KeyFixture f(10'000'000);
    return f;
}

Scenario ringScenario(int nodes, int64_t vnodes, std::optional<int> without = std::nullopt) {
    Scenario s;
    s.keyHash = HashKind::Xxh64;
    s.params.edit<NamedTokenParams>().hash = HashKind::Xxh64;
    for (int i = 0; i < nodes; ++i) {
        if (i != without) {
            s.nodes.push_back(NodeSpec{"node-" + std::to_string(i), 1.0, {}, {}, vnodes});
        }
    }
    return s;
}

void membershipEdit(benchmark::State& state, const Placement& before, const Placement& after,
                    bool full) {
    const KeyFixture& f = tenMillion();
    const Assignment a = assign(before, f.keys.names, f.hashed);
    // One edit: the new owners and how many keys moved; nullopt when the ring edit cannot be
    // followed.
    const auto edit = [&]() -> std::optional<size_t> {
        if (full) {
            const Assignment b = assign(after, f.keys.names, f.hashed);
            size_t moved = 0;
            for (size_t k = 0; k < b.size(); ++k) {
                moved += b.primary(k) != a.primary(k);
            }
            benchmark::DoNotOptimize(b.owners.data());
            return moved;
        }
        RingChange change;
        const std::optional<Assignment> b = reassignRing(before, a, after, f.hashed, &change);
        if (!b) {
            return std::nullopt;
        }
        size_t moved = 0;
        for (const KeyRange& r : change.ranges) {
            moved += r.last - r.first;
        }
        benchmark::DoNotOptimize(b->owners.data());
        return moved;
    };
    // Untimed, once: the steady state of an editing session, in which the owner array an edit
    // makes takes the mapping of the one it replaces (largearray.h). Without it the first of
    // the five edits maps fresh pages, or not, depending on which benchmark ran before.
    std::optional<size_t> moved = edit();
    for (auto _ : state) {
        moved = edit();
        if (!moved) {
            state.SkipWithError("the ring edit cannot be followed");
            return;
        }
    }
    state.counters["moved"] = double(moved.value_or(0));
}

static void BM_FullReassign10M(benchmark::State& state) {
    membershipEdit(state, Placement::build(ringScenario(100, 256)),
                   Placement::build(ringScenario(101, 256)), true);
}
BENCHMARK(BM_FullReassign10M)
    ->Name("BM_FullReassign/10000000")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);

static void BM_AddNode(benchmark::State& state) {
    membershipEdit(state, Placement::build(ringScenario(100, 256)),
                   Placement::build(ringScenario(101, 256)), false);
}
BENCHMARK(BM_AddNode)->Arg(10'000'000)->UseRealTime()->Unit(benchmark::kMillisecond)->Iterations(5);

// Node 50 of 100 leaves: every node after it is renumbered, so each key's owner is rewritten.
static void BM_RemoveNode(benchmark::State& state) {
    membershipEdit(state, Placement::build(ringScenario(100, 256)),
                   Placement::build(ringScenario(100, 256, 50)), false);
}
BENCHMARK(BM_RemoveNode)
    ->Arg(10'000'000)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);

// A server more in an HAProxy backend (100 of weight 16: 256 points each) at ten million keys,
// under the nearer-point rule: assigned anew (full:1, each key routed: the nearer rule has no
// sweep) against followed from the owners before (full:0, the pieces between points and
// midpoints that changed hands). One untimed edit first, as above.
static void BM_HaproxyAddNode(benchmark::State& state) {
    const auto haproxy = [](int nodes) {
        Scenario s = ringScenario(nodes, 256);
        s.tokenScheme = TokenScheme::Haproxy;
        for (NodeSpec& n : s.nodes) {
            n.vnodes.reset();
            n.weight = 16;
        }
        return s;
    };
    membershipEdit(state, Placement::build(haproxy(100)), Placement::build(haproxy(101)),
                   state.range(0) != 0);
}
BENCHMARK(BM_HaproxyAddNode)
    ->ArgName("full")
    ->Arg(0)
    ->Arg(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);

// Node 50 of 100 leaves jump hash at ten million keys (the table renumbered, the classic
// pitfall: half the keys change node): assigned anew (full:1, every key's jump hash) against
// followed from the owners before (full:0, JumpPlacement::reassign: only the last bucket's keys
// hashed again, the others through the new table). One untimed edit first, as above.
static void BM_JumpRemoveNode(benchmark::State& state) {
    const bool full = state.range(0) != 0;
    const auto jump = [](std::optional<int> without) {
        Scenario s = ringScenario(100, 256, without);
        s.algorithm = Algorithm::Jump;
        for (NodeSpec& n : s.nodes) {
            n.vnodes.reset();
        }
        return s;
    };
    const Placement before = Placement::build(jump(std::nullopt));
    const Placement after = Placement::build(jump(50));
    const KeyFixture& f = tenMillion();
    const Assignment a = assign(before, f.keys.names, f.hashed);
    const auto edit = [&] {
        std::optional<Assignment> b =
            full ? std::optional<Assignment>(assign(after, f.keys.names, f.hashed))
                 : after.reassignFrom(before, a, f.keys.names, f.hashed);
        if (b) {
            benchmark::DoNotOptimize(b->owners.data());
        }
        return b.has_value();
    };
    edit();
    for (auto _ : state) {
        if (!edit()) {
            state.SkipWithError("the removal cannot be followed");
            return;
        }
    }
}
BENCHMARK(BM_JumpRemoveNode)
    ->ArgName("full")
    ->Arg(0)
    ->Arg(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);

// What the desktop program does when a rendezvous node is added: reuse the previous owners
// (R+1 digests per key) against a full assignment (N+1 digests per key). 100,000 keys, 10 -> 11.
static void BM_HrwReassign(benchmark::State& state) {
    Scenario s;
    s.algorithm = Algorithm::Rendezvous;
    for (int i = 0; i < 10; ++i) {
        s.nodes.push_back(NodeSpec{"node-" + std::to_string(i), 1.0, {}, {}, {}});
    }
    Scenario t = s;
    t.nodes.push_back(NodeSpec{"node-10", 1.0, {}, {}, {}});
    const Placement before = Placement::build(s);
    const Placement after = Placement::build(t);
    KeySetSpec spec;
    spec.pattern = "session-{i}";
    spec.count = 100000;
    const KeySet keys = generateKeys(spec);
    const HashedKeys hashed = hashKeys(keys, s.keyHash, s.space);
    const Assignment a = assign(before, keys.names, hashed);
    for (auto _ : state) {
        if (state.range(0) == 0) {
            benchmark::DoNotOptimize(reassignRendezvous(before, a, after, keys.names));
        } else {
            benchmark::DoNotOptimize(assign(after, keys.names, hashed).owners.data());
        }
    }
}
BENCHMARK(BM_HrwReassign)->Apply(incrementalThenFull);

static void BM_HashKey(benchmark::State& state) {
    const auto kind = static_cast<HashKind>(state.range(0));
    const std::string key = "session-1234";  // 12 bytes
    for (auto _ : state) {
        benchmark::DoNotOptimize(hashKey(kind, key));
    }
    state.SetLabel(std::string(hashName(kind)));
}
BENCHMARK(BM_HashKey)->DenseRange(1, 5)->Name("BM_HashKey");

static void BM_HrwRoute(benchmark::State& state) {
    Scenario s;
    s.algorithm = Algorithm::Rendezvous;
    for (int i = 0; i < state.range(0); ++i) {
        s.nodes.push_back(NodeSpec{"node-" + std::to_string(i), 1.0, {}, {}, {}});
    }
    const Placement p = Placement::build(s);
    uint32_t out = 0;
    int i = 0;
    for (auto _ : state) {
        p.route("session-" + std::to_string(i++), 0, 0, {&out, 1});
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_HrwRoute)->Arg(10)->Arg(100);

BENCHMARK_MAIN();
