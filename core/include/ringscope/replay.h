#pragma once
// What a fleet change costs behind the cache: requests replayed through one LRU cache per node,
// before, during and after a change of the placement.
//
// Requests are drawn independently from the key set with its popularity (Zipf, or every key
// alike): request i is the i-th output of SplitMix64 from the stream's seed, a key by Walker's
// alias method over the keys' requests, so the same seed gives the same stream on every platform
// and any stretch of it can be drawn without the ones before. Each request goes to the cache of
// its key's primary in the phase in force; a hit when the key is there, else a miss that goes to
// the origin and inserts it, evicting the least recently used entries. Time is counted in
// requests (a TTL too).

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ringscope/keychange.h"
#include "ringscope/keyset.h"
#include "ringscope/placement.h"

namespace ringscope {

// A key whose primary no cache serves (its node is down and the algorithm keeps it there): the
// request goes straight to the origin.
inline constexpr uint32_t kNoCache = UINT32_MAX;

struct CacheSpec {
    uint64_t entries = 0;    // keys a cache holds; 0 when `bytes` bounds it instead
    uint64_t bytes = 0;      // the bytes of the keys' sizes a cache holds, when > 0
    uint64_t ttl = 0;        // requests a fetched entry stays fresh (0: until evicted)
    bool keepCache = false;  // a node that comes back up keeps what it held (else it restarts cold)
};

// What a cache is in a phase: not in the fleet (added later, or removed: its entries are gone),
// serving, or down (it serves nothing; it restarts cold unless the spec keeps its cache).
enum class CacheState : uint8_t { Absent, Up, Down };

// One state of the fleet, in force from request `from`: per key the cache its requests go to
// (kNoCache: the origin), and per cache its state, in one numbering that all phases share.
struct ReplayPhase {
    uint64_t from = 0;
    std::vector<uint32_t> cacheOf;
    std::vector<CacheState> caches;
};

// The request stream: the keys' alias table (Vose's construction, fixed point), about 8 bytes a
// key. O(K) to build.
class RequestStream {
public:
    // `streamSeed` is what the run was asked for (the CLI's --seed); the key set's own seed is
    // mixed in, so two key sets of one seed draw different streams.
    RequestStream(const KeySet& keys, uint64_t keySeed, uint64_t streamSeed);
    size_t keys() const { return m_keys; }
    // The key of request `i`. O(1).
    uint32_t key(uint64_t i) const;
    // The keys of requests first, first + 1, … (out.size() of them), as key() draws them, with
    // the table's lines fetched ahead.
    void keys(uint64_t first, std::span<uint32_t> out) const;
    // Each key's probability, as drawn (for Che's approximation).
    std::vector<double> probabilities() const;

private:
    uint64_t m_seed = 0;
    size_t m_keys = 0;
    std::vector<uint64_t> m_columns;  // per key: the threshold (high 32 bits) and the alias
};

// One interval of a run: the requests in it, those that hit, and the same per cache.
struct ReplayInterval {
    uint64_t end = 0;  // requests from the start of the run to the interval's end
    uint64_t requests = 0;
    uint64_t hits = 0;
    uint64_t misses() const { return requests - hits; }
    double hitRatio() const { return requests ? double(hits) / double(requests) : 0.0; }
};

struct ReplayRun {
    std::vector<ReplayInterval> intervals;
    size_t caches = 0;
    // Per interval and cache (interval-major): requests and hits.
    std::vector<uint64_t> cacheRequests, cacheHits;
    bool cancelled = false;
};

// How far a run has come, between blocks of requests: true to go on.
using ReplayProgress = std::function<bool(uint64_t done)>;

// Replays `requests` requests in intervals of `interval` through the phases (in order of `from`,
// the first from 0), split over the hardware threads by cache; the result does not depend on the
// split. Memory: the caches' entries and the intervals, not the requests. `sizes` (per key, or
// empty: one byte each) bound a cache by bytes. Without `perCache` a run keeps each interval's
// totals alone (cacheRequests and cacheHits stay empty, `caches` is 0). Throws InputError for a
// spec it cannot run.
ReplayRun replay(const RequestStream& stream, std::span<const ReplayPhase> phases,
                 const CacheSpec& cache, std::span<const uint64_t> sizes, uint64_t requests,
                 uint64_t interval, const ReplayProgress& progress = {}, bool perCache = true);

// What a change did. `settled` is the same stream through the fleet as the change leaves it, there
// from the first request (the last phase alone, from 0): what the change costs is the misses the
// fleet would not have had without changing, not the capacity it gained or lost.
struct ReplaySummary {
    // The hit ratio over the half of the requests before the change that come just before it
    // (the caches warm by then); without a change, over the second half of the run.
    double steady = 0;
    // The interval after the change with the lowest hit ratio: its end and its ratio.
    uint64_t deepestEnd = 0;
    double deepest = 0;
    // Misses from the change to the end, less `settled`'s over the same requests.
    int64_t extraOrigin = 0;
    // Requests from the change to the end of the first interval whose hit ratio is at least 99 %
    // of the steady one; none when no interval gets there.
    std::optional<uint64_t> recovered;
};
ReplaySummary summarizeReplay(const ReplayRun& run, const ReplayRun& settled,
                              std::optional<uint64_t> at);

// Che's approximation of an LRU cache of `capacity` entries under independent requests with
// probabilities `p` (Che, Tung, Wang 2002; Fricker, Robert, Roberts 2012): T solves
// Σ(1 − e^(−p_i T)) = capacity, the hit ratio is Σ p_i (1 − e^(−p_i T)). O(K log).
double cheHitRatio(std::span<const double> p, double capacity);

// A placement and its keys' owners, in force from request `from` (the first one's from 0), its
// nodes matched with the fleet's before it by id, or by place where that step only renamed them
// (nodeMatch).
struct Fleet {
    Fleet(const Placement& p, const Assignment& a, uint64_t f = 0, NodeMatch m = NodeMatch::ById)
        : placement(p), assignment(a), from(f), match(m) {}
    const Placement& placement;
    const Assignment& assignment;
    uint64_t from;
    NodeMatch match;
};

// The phases of a fleet that changes (or of one fleet): each key's primary cache, one cache a
// node id across the fleets (a node that leaves and comes back under its id has its cache
// back, cold), a node that serves nothing Down (a Redis master whose replica took over serves
// on), one removed in place Absent. `ids` receives each cache's node id.
std::vector<ReplayPhase> replayPhases(std::span<const Fleet> fleets, std::vector<std::string>* ids);

// A replay as the CLI and the window ask for it.
struct ReplayRequest {
    uint64_t requests = 0;
    uint64_t interval = 0;  // 0: a hundredth of the requests
    uint64_t seed = 0;      // the stream's, mixed with the key set's
    CacheSpec cache;
    bool perCache = true;  // each cache's counts per interval, not only the totals
};
struct ReplayOutcome {
    std::vector<std::string> ids;   // each cache's node id
    std::optional<uint64_t> at;     // the first change's first request, with a change
    std::vector<uint64_t> changes;  // each change's first request
    uint64_t interval = 0;
    ReplayRun run;
    ReplayRun settled;  // with a change: the fleet as the last one leaves it, from the start
    ReplaySummary summary;
};
// The stream of `keys` (its spec's seed `keySeed`) through the fleets in turn, each from its
// request, and, with a change, through the last fleet from the start (summarizeReplay, measured
// from the first change). `progress` counts the requests of both runs. Throws InputError for a
// request it cannot run.
ReplayOutcome replayFleet(const KeySet& keys, uint64_t keySeed, const ReplayRequest& request,
                          std::span<const Fleet> fleets, const ReplayProgress& progress = {});

}  // namespace ringscope
