// Replaying requests through per-node caches (ringscope/replay.h): 100 nodes of 10,000 entries,
// ten million keys at Zipf 0.9, a 101st node joining halfway. Wall time over the hardware threads;
// `per_core` is the rate over the threads the run may use.
#include <benchmark/benchmark.h>

#include "ringscope/assign.h"
#include "ringscope/parallel.h"
#include "ringscope/replay.h"
#include "ringscope/scenario.h"

using namespace ringscope;

namespace {

struct ReplayFixture {
    KeySet keys;
    std::vector<ReplayPhase> phases;
    RequestStream stream;

    static Scenario fleet(size_t nodes) {
        Scenario s;
        s.algorithm = Algorithm::Ring;
        s.keys.pattern = "user:{i}";
        s.keys.count = 10'000'000;
        s.keys.popularity.kind = PopularitySpec::Kind::Zipf;
        s.keys.popularity.s = 0.9;
        for (size_t n = 0; n < nodes; ++n) {
            NodeSpec node;
            node.id = "cache-" + std::to_string(n) + ":11211";
            node.vnodes = 160;
            s.nodes.push_back(node);
        }
        return s;
    }

    ReplayFixture() : keys(generateKeys(fleet(100).keys)), stream(keys, fleet(100).keys.seed, 1) {
        const Scenario before = fleet(100), after = fleet(101);
        const Placement a = Placement::build(before), b = Placement::build(after);
        const HashedKeys hashed = hashKeys(keys, keyHashingOf(before));
        const Assignment x = assign(a, keys.names, hashed), y = assign(b, keys.names, hashed);
        phases = replayPhases(std::vector<Fleet>{{a, x}, {b, y, 1}}, nullptr);
    }
};

const ReplayFixture& fixture() {
    static const ReplayFixture f;
    return f;
}

}  // namespace

static void BM_Replay(benchmark::State& state) {
    const ReplayFixture& f = fixture();
    const uint64_t requests = uint64_t(state.range(0));
    std::vector<ReplayPhase> phases = f.phases;
    phases[1].from = requests / 2;
    for (auto _ : state) {
        const ReplayRun run =
            replay(f.stream, phases, CacheSpec{10'000, 0, 0, false}, {}, requests, requests / 100);
        benchmark::DoNotOptimize(run.intervals.data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(requests));
    state.counters["per_core"] =
        benchmark::Counter(double(state.iterations()) * double(requests) / double(workerThreads()),
                           benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Replay)->Arg(10'000'000)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Replay)->Arg(100'000'000)->UseRealTime()->Unit(benchmark::kMillisecond)->Iterations(1);
