// Production-profile benchmarks: Envoy Maglev and ring hash, nginx, HAProxy, twemproxy and
// groupcache, Redis slots, Cassandra tokens. Compare ratios within one run (BM_MaglevLookup /
// BM_BareTableLookup, BM_MaglevBuild / BM_MaglevBuildEnvoyLoop, and BM_NginxRingLookup,
// BM_HaproxyRingLookup, BM_TwemproxyRingLookup, BM_GroupcacheRingLookup /
// BM_RingLookup/vnodes:160: the same 16,000 points).
#include <benchmark/benchmark.h>

#include <optional>
#include <string>
#include <vector>

#include "algorithms/maglev/maglev_reference.h"
#include "algorithms/maglev/maglevplacement.h"
#include "algorithms/redis-cluster/redisclusterplacement.h"
#include "algorithms/ring/ringplacement.h"
#include "bench_probe.h"
#include "keyhashes/cassandra/cassandra.h"
#include "ringscope/bounded_load.h"
#include "ringscope/hash.h"
#include "ringscope/placement.h"
#include "ringscope/registry.h"
#include "tokenschemes/envoy/envoy_ring.h"

using namespace ringscope;

namespace {

std::vector<std::string> hostIds(int n) {
    std::vector<std::string> ids;
    for (int i = 0; i < n; ++i) {
        ids.push_back("10.1." + std::to_string(i / 250) + "." + std::to_string(i % 250) + ":443");
    }
    return ids;
}

}  // namespace

// The proxies' and libraries' rings of 16,000 points (as BM_RingLookup's 100 nodes x 160
// vnodes): 100 servers of weight 1 (nginx, twemproxy: 160 points each), of weight 10 (HAProxy:
// 16 per unit of weight) or of 160 replicas (groupcache), looked up by their own rules
// (HAProxy: the nearer of two neighbours).
static void proxyRingLookup(benchmark::State& state, TokenScheme scheme, double weight,
                            std::optional<int64_t> vnodes = std::nullopt) {
    Scenario s;
    s.tokenScheme = scheme;
    s.keyHash = tokenSchemeOf(s).traits().keyHash.value_or(HashKind::Xxh64);
    for (const std::string& id : hostIds(100)) {
        NodeSpec n;
        n.id = id;
        n.weight = weight;
        n.vnodes = vnodes;
        s.nodes.push_back(n);
    }
    const Placement p = Placement::build(s);
    const Ring& ring = p.ring();
    const LookupRule rule = tokenSchemeOf(s).traits().lookup;
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, ring.node(ring.lookup(x & 0xffffffffu, rule)));
    }
    benchmark::DoNotOptimize(x);
    state.counters["tokens"] = double(ring.size());
}
static void BM_NginxRingLookup(benchmark::State& state) {
    proxyRingLookup(state, TokenScheme::Nginx, 1);
}
BENCHMARK(BM_NginxRingLookup);
static void BM_HaproxyRingLookup(benchmark::State& state) {
    proxyRingLookup(state, TokenScheme::Haproxy, 10);
}
BENCHMARK(BM_HaproxyRingLookup);
static void BM_TwemproxyRingLookup(benchmark::State& state) {
    proxyRingLookup(state, TokenScheme::Twemproxy, 1);
}
BENCHMARK(BM_TwemproxyRingLookup);
static void BM_GroupcacheRingLookup(benchmark::State& state) {
    proxyRingLookup(state, TokenScheme::Groupcache, 1, 160);
}
BENCHMARK(BM_GroupcacheRingLookup);

// The limit for a Maglev lookup: one modulo and one load from a plain array of M entries.
static void BM_BareTableLookup(benchmark::State& state) {
    const uint64_t m = kMaglevDefaultTableSize;
    std::vector<uint32_t> table(m);
    for (uint64_t i = 0; i < m; ++i) {
        table[i] = uint32_t(i % 100);
    }
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, table[x % m]);
    }
    benchmark::DoNotOptimize(x);
}
BENCHMARK(BM_BareTableLookup);

// Envoy's table, M = 65537, N = 100: table[h mod M] on the full 64-bit hash.
static void BM_MaglevLookup(benchmark::State& state) {
    const auto ids = hostIds(100);
    const MaglevTable table(ids, std::vector<double>(ids.size(), 1.0), kMaglevDefaultTableSize);
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, table.lookup(x));
    }
    benchmark::DoNotOptimize(x);
}
BENCHMARK(BM_MaglevLookup);

// Building Envoy's table, M = 65537, N = 1000.
static void BM_MaglevBuild(benchmark::State& state) {
    const auto ids = hostIds(1000);
    const std::vector<double> weights(ids.size(), 1.0);
    for (auto _ : state) {
        const MaglevTable table(ids, weights, kMaglevDefaultTableSize);
        benchmark::DoNotOptimize(table.entry(0));
    }
}
BENCHMARK(BM_MaglevBuild)->Unit(benchmark::kMillisecond);

// The same table by a straight port of Envoy's build loop (shared_ptr hosts, a division per
// probe): the baseline BM_MaglevBuild must not be slower than.
static void BM_MaglevBuildEnvoyLoop(benchmark::State& state) {
    const auto hosts = reference::envoyHosts(hostIds(1000));
    const std::vector<double> normalized(hosts.size(), 1.0 / double(hosts.size()));
    for (auto _ : state) {
        const auto table = reference::envoyMaglevTable(hosts, normalized, kMaglevDefaultTableSize);
        benchmark::DoNotOptimize(table[0].get());
    }
}
BENCHMARK(BM_MaglevBuildEnvoyLoop)->Unit(benchmark::kMillisecond);

// Envoy's ring, 100 hosts at the default sizes (1024 … 8M: 1,100 tokens), one lookup.
static void BM_EnvoyRingLookup(benchmark::State& state) {
    const auto ids = hostIds(100);
    const Ring ring = envoyRing(envoyRingTokens(ids, std::vector<double>(ids.size(), 1.0)));
    uint64_t x = 1;
    for (auto _ : state) {
        x = probeAfter(x, ring.owner(x));
    }
    benchmark::DoNotOptimize(x);
    state.counters["tokens"] = double(ring.size());
}
BENCHMARK(BM_EnvoyRingLookup);

// Per key: Redis's slot of a 12-byte key (CRC16/XMODEM, hash tag scan).
static void BM_RedisSlot(benchmark::State& state) {
    std::string key = "session-1234";
    uint32_t slot = 0;
    for (auto _ : state) {
        key[11] = char('0' + (slot & 7));
        slot = redisSlot(key);
        benchmark::DoNotOptimize(slot);
    }
}
BENCHMARK(BM_RedisSlot);

// Per key: Cassandra's Murmur3Partitioner token of a 12-byte key.
static void BM_Murmur3CassandraToken(benchmark::State& state) {
    std::string key = "session-1234";
    int64_t token = 0;
    for (auto _ : state) {
        key[11] = char('0' + (token & 7));
        token = murmur3CassandraToken(key);
        benchmark::DoNotOptimize(token);
    }
}
BENCHMARK(BM_Murmur3CassandraToken);

// Bounded loads (c = 1.25) of 100,000 keys on 100 nodes × 100 vnodes, per key.
static void BM_BoundedLoadRing(benchmark::State& state) {
    std::vector<RingToken> tokens;
    for (uint32_t n = 0; n < 100; ++n) {
        for (int v = 0; v < 100; ++v) {
            tokens.push_back({xxh64("node-" + std::to_string(n) + "#" + std::to_string(v)), n});
        }
    }
    const Ring ring(0, std::move(tokens));
    std::vector<uint64_t> hashes(100000);
    uint64_t x = 7;
    for (auto& h : hashes) {
        h = x = probeAfter(x, 0);
    }
    const std::vector<double> nodes(100, 1.0), keys(hashes.size(), 1.0);
    for (auto _ : state) {
        const auto r = boundedLoads(nodes, keys, 125, RingWalk{ring, hashes});
        benchmark::DoNotOptimize(r.owner.data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(hashes.size()));
}
BENCHMARK(BM_BoundedLoadRing)->Unit(benchmark::kMillisecond);
