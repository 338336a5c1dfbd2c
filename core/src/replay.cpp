#include "ringscope/replay.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <numeric>

#include "ringscope/error.h"
#include "ringscope/nodeindices.h"
#include "ringscope/parallel.h"

namespace ringscope {

namespace {

constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ull;  // SplitMix64's increment

// The i-th output of SplitMix64 seeded with `seed`, without the ones before.
uint64_t splitMixAt(uint64_t seed, uint64_t i) {
    return SplitMix64(seed + i * kGamma).next();
}

// Requests per block: the keys and caches of a block are drawn together, then each thread
// replays the block's requests to its caches.
constexpr uint64_t kBlock = uint64_t{1} << 20;
// The most intervals a run reports, and interval × cache counters it keeps.
constexpr uint64_t kMaxIntervals = 1'000'000;
constexpr uint64_t kMaxCounters = 64'000'000;

// One LRU cache: its entries in a doubly linked list by recency (most recent at the head), found
// by key in an open-addressing table (linear probing, backward-shift deletion), bounded by
// entries or by the bytes of the keys' sizes. Memory: about 40 bytes an entry it can hold.
class LruCache {
public:
    LruCache(const CacheSpec& spec, std::span<const uint64_t> sizes, size_t keys)
        : m_sizes(sizes), m_ttl(spec.ttl) {
        m_capacity = spec.bytes ? spec.bytes : std::min<uint64_t>(spec.entries, keys);
        const uint64_t most = spec.bytes ? std::min<uint64_t>(keys, 1024) : m_capacity;
        m_table.assign(std::bit_ceil(std::max<uint64_t>(2 * most, 16)), kEmpty);
        m_mask = m_table.size() - 1;
        m_entries.reserve(spec.bytes ? 0 : most);
    }

    // One request for `key` at time `now`: true for a hit. A miss fetches the key and inserts it
    // at the head, evicting from the tail what it must (a key larger than the cache is not kept).
    bool request(uint32_t key, uint64_t now) {
        const size_t slot = find(key);
        if (m_table[slot] != kEmpty) {
            const uint32_t e = uint32_t(m_table[slot]);
            toHead(e);
            if (m_ttl && now - m_entries[e].fetched >= m_ttl) {
                m_entries[e].fetched = now;  // stale: fetched again
                return false;
            }
            return true;
        }
        const uint64_t size = sizeOf(key);
        if (size > m_capacity) {
            return false;
        }
        while (m_used + size > m_capacity) {
            evictTail();
        }
        insert(key, now);
        m_used += size;
        return false;
    }

    void clear() {
        if (m_count) {
            std::fill(m_table.begin(), m_table.end(), kEmpty);
        }
        m_entries.clear();
        m_free.clear();
        m_head = m_tail = kNone;
        m_used = m_count = 0;
    }

private:
    static constexpr uint64_t kEmpty = ~uint64_t{0};
    static constexpr uint32_t kNone = ~uint32_t{0};
    struct Entry {
        uint32_t key;
        uint32_t prev;
        uint32_t next;
        uint64_t fetched;
    };

    uint64_t sizeOf(uint32_t key) const { return m_sizes.empty() ? 1 : m_sizes[key]; }
    size_t home(uint32_t key) const { return (key * 0x9e3779b1u) & m_mask; }
    // The slot holding `key`, or the empty slot where it would go.
    size_t find(uint32_t key) const {
        size_t s = home(key);
        while (m_table[s] != kEmpty && uint32_t(m_table[s] >> 32) != key) {
            s = (s + 1) & m_mask;
        }
        return s;
    }

    void unlink(uint32_t e) {
        Entry& x = m_entries[e];
        (x.prev == kNone ? m_head : m_entries[x.prev].next) = x.next;
        (x.next == kNone ? m_tail : m_entries[x.next].prev) = x.prev;
    }
    void linkHead(uint32_t e) {
        Entry& x = m_entries[e];
        x.prev = kNone;
        x.next = m_head;
        (m_head == kNone ? m_tail : m_entries[m_head].prev) = e;
        m_head = e;
    }
    void toHead(uint32_t e) {
        if (m_head != e) {
            unlink(e);
            linkHead(e);
        }
    }

    void insert(uint32_t key, uint64_t now) {
        if (2 * (m_count + 1) > m_table.size()) {
            grow();
        }
        uint32_t e;
        if (!m_free.empty()) {
            e = m_free.back();
            m_free.pop_back();
        } else {
            e = uint32_t(m_entries.size());
            m_entries.push_back({});
        }
        m_entries[e].key = key;
        m_entries[e].fetched = now;
        linkHead(e);
        m_table[find(key)] = uint64_t(key) << 32 | e;
        ++m_count;
    }

    void evictTail() {
        const uint32_t e = m_tail;
        const uint32_t key = m_entries[e].key;
        unlink(e);
        m_free.push_back(e);
        m_used -= sizeOf(key);
        --m_count;
        // Backward-shift deletion: pull later entries of the probe run into the hole.
        size_t hole = find(key);
        for (size_t s = (hole + 1) & m_mask; m_table[s] != kEmpty; s = (s + 1) & m_mask) {
            const size_t h = home(uint32_t(m_table[s] >> 32));
            // Movable when its home is not in the circular range (hole, s].
            if (((s - h) & m_mask) >= ((s - hole) & m_mask)) {
                m_table[hole] = m_table[s];
                hole = s;
            }
        }
        m_table[hole] = kEmpty;
    }

    void grow() {
        std::vector<uint64_t> old(m_table.size() * 2, kEmpty);
        old.swap(m_table);
        m_mask = m_table.size() - 1;
        for (const uint64_t v : old) {
            if (v != kEmpty) {
                m_table[find(uint32_t(v >> 32))] = v;
            }
        }
    }

    std::span<const uint64_t> m_sizes;
    uint64_t m_ttl = 0;
    uint64_t m_capacity = 0;
    uint64_t m_used = 0;
    uint64_t m_count = 0;
    std::vector<uint64_t> m_table;  // key << 32 | entry, or kEmpty
    size_t m_mask = 0;
    std::vector<Entry> m_entries;
    std::vector<uint32_t> m_free;
    uint32_t m_head = kNone;
    uint32_t m_tail = kNone;
};

// A block of requests grouped by cache, each cache's in request order: the caches are
// independent, so each replays its own requests while its entries stay in the processor's cache.
struct BlockRequests {
    std::vector<uint32_t> keyOf, cacheOf;
    std::vector<size_t> starts;                          // per cache, its first in `grouped`
    std::vector<std::pair<uint32_t, uint32_t>> grouped;  // offset in the block, key

    void draw(const RequestStream& stream, const ReplayPhase& phase, uint64_t start, size_t n,
              size_t caches) {
        keyOf.resize(n);
        cacheOf.resize(n);
        const size_t chunks = chunksFor(n, 8);
        // Per chunk, its requests to each cache; then each chunk writes its own in order after
        // the earlier chunks' (a stable counting sort).
        counts.assign(chunks * (caches + 1), 0);
        forChunks(n, chunks, [&](size_t chunk, size_t first, size_t last) {
            stream.keys(start + first, std::span(keyOf).subspan(first, last - first));
            size_t* count = counts.data() + chunk * (caches + 1);
            for (size_t i = first; i < last; ++i) {
                if (i + 16 < last) {
                    __builtin_prefetch(&phase.cacheOf[keyOf[i + 16]]);
                }
                const uint32_t c = phase.cacheOf[keyOf[i]];
                cacheOf[i] = c;
                count[c == kNoCache ? caches : c] += 1;
            }
        });
        starts.assign(caches + 1, 0);
        size_t total = 0;
        for (size_t c = 0; c < caches; ++c) {
            starts[c] = total;
            for (size_t chunk = 0; chunk < chunks; ++chunk) {
                const size_t count = counts[chunk * (caches + 1) + c];
                counts[chunk * (caches + 1) + c] = total;  // the chunk's first slot for c
                total += count;
            }
        }
        starts[caches] = total;
        grouped.resize(total);
        forChunks(n, chunks, [&](size_t chunk, size_t first, size_t last) {
            size_t* next = counts.data() + chunk * (caches + 1);
            for (size_t i = first; i < last; ++i) {
                if (cacheOf[i] != kNoCache) {
                    grouped[next[cacheOf[i]]++] = {uint32_t(i), keyOf[i]};
                }
            }
        });
    }
    // The caches thread `t` of `threads` replays: an even share of the block's requests, in
    // whole caches.
    std::pair<size_t, size_t> cachesOf(size_t t, size_t threads) const {
        const size_t caches = starts.size() - 1;
        const auto bound = [&](size_t u) {
            return std::min(caches, size_t(std::lower_bound(starts.begin(), starts.end(),
                                                            starts[caches] * u / threads) -
                                           starts.begin()));
        };
        return {bound(t), bound(t + 1)};
    }

    std::vector<size_t> counts;  // chunk-major: per chunk and cache
};

// The fleet enters `phase`: a cache that leaves loses its entries, and so does one that goes
// down, unless it keeps them.
void enterPhase(const ReplayPhase& phase, bool keepCache, std::vector<CacheState>& state,
                std::vector<LruCache>& lru) {
    for (size_t c = 0; c < state.size(); ++c) {
        const CacheState now = c < phase.caches.size() ? phase.caches[c] : CacheState::Absent;
        const bool restarts = now == CacheState::Down && !keepCache;
        if (state[c] != CacheState::Absent && (now == CacheState::Absent || restarts)) {
            lru[c].clear();
        }
        state[c] = now;
    }
}

void checkRun(const RequestStream& stream, std::span<const ReplayPhase> phases,
              const CacheSpec& cache, std::span<const uint64_t> sizes, uint64_t requests,
              uint64_t interval, size_t caches) {
    if (stream.keys() == 0) {
        throw InputError("keys", "there are no keys to request");
    }
    if (phases.empty() || phases.front().from != 0) {
        throw InputError("", "a replay needs the fleet's state from request 0");
    }
    for (size_t p = 0; p < phases.size(); ++p) {
        if (phases[p].cacheOf.size() != stream.keys() ||
            (p && phases[p].from < phases[p - 1].from)) {
            throw InputError("", "the fleet's states do not follow the request stream");
        }
    }
    if (cache.entries == 0 && cache.bytes == 0) {
        throw InputError("cache", "a cache must hold at least one entry or one byte");
    }
    if (cache.bytes && !sizes.empty() && sizes.size() != stream.keys()) {
        throw InputError("cache", "the key sizes do not match the keys");
    }
    if (interval == 0) {
        throw InputError("interval", "must be at least one request");
    }
    const uint64_t rows = requests / interval + (requests % interval != 0);
    if (rows > kMaxIntervals) {
        throw InputError("interval", std::to_string(rows) + " intervals of " +
                                         std::to_string(interval) + " requests; at most " +
                                         std::to_string(kMaxIntervals) +
                                         " (a longer interval reports fewer)");
    }
    if (rows * std::max<size_t>(caches, 1) > kMaxCounters) {
        throw InputError("interval",
                         std::to_string(rows) + " intervals × " + std::to_string(caches) +
                             " caches are more counters than " + std::to_string(kMaxCounters) +
                             " (a longer interval reports fewer)");
    }
}

}  // namespace

RequestStream::RequestStream(const KeySet& keys, uint64_t keySeed, uint64_t streamSeed)
    : m_seed(SplitMix64(keySeed).next() ^ streamSeed), m_keys(keys.size()) {
    if (m_keys >= kNoCache) {  // a key is a 32-bit index, and all ones means none
        throw InputError("keys", std::to_string(m_keys) + " keys; a replay draws from at most " +
                                     std::to_string(kNoCache - 1));
    }
    if (!keys.hasPopularity || m_keys == 0) {
        return;
    }
    // Vose's alias method: each column holds its own key with probability threshold / 2^32,
    // else its alias. Columns are scaled so that the mean is 1.
    const size_t n = m_keys;
    const double total = std::accumulate(keys.requests.begin(), keys.requests.end(), 0.0);
    std::vector<double> scaled(n);
    for (size_t k = 0; k < n; ++k) {
        scaled[k] = total > 0 ? keys.requests[k] * double(n) / total : 1.0;
    }
    std::vector<uint32_t> small, large;
    for (size_t k = 0; k < n; ++k) {
        (scaled[k] < 1.0 ? small : large).push_back(uint32_t(k));
    }
    m_columns.resize(n);
    const auto column = [](double p, uint32_t alias) {
        const double t = std::min(std::ldexp(p, 32), 4294967295.0);
        return uint64_t(t) << 32 | alias;
    };
    while (!small.empty() && !large.empty()) {
        const uint32_t s = small.back(), l = large.back();
        small.pop_back();
        m_columns[s] = column(scaled[s], l);
        scaled[l] -= 1.0 - scaled[s];
        if (scaled[l] < 1.0) {
            large.pop_back();
            small.push_back(l);
        }
    }
    // What is left is full up to rounding.
    for (const uint32_t k : large) {
        m_columns[k] = uint64_t(0xffffffffu) << 32 | k;
    }
    for (const uint32_t k : small) {
        m_columns[k] = uint64_t(0xffffffffu) << 32 | k;
    }
}

uint32_t RequestStream::key(uint64_t i) const {
    const uint64_t u = splitMixAt(m_seed, i);
    const uint32_t k = uint32_t(multiplyHigh(u, m_keys));
    if (m_columns.empty()) {
        return k;
    }
    const uint64_t c = m_columns[k];
    return uint32_t(u) < uint32_t(c >> 32) ? k : uint32_t(c);
}

void RequestStream::keys(uint64_t first, std::span<uint32_t> out) const {
    if (m_columns.empty()) {
        for (size_t i = 0; i < out.size(); ++i) {
            out[i] = key(first + i);
        }
        return;
    }
    // Each column is read kAhead draws after it is asked for: the random reads overlap.
    constexpr size_t kAhead = 16;
    uint64_t draws[kAhead];
    const size_t n = out.size();
    for (size_t i = 0; i < n + kAhead; ++i) {
        if (i >= kAhead) {
            const size_t j = i - kAhead;
            const uint64_t u = draws[j % kAhead];
            const uint32_t k = uint32_t(multiplyHigh(u, m_keys));
            const uint64_t c = m_columns[k];
            out[j] = uint32_t(u) < uint32_t(c >> 32) ? k : uint32_t(c);
        }
        if (i < n) {
            const uint64_t u = splitMixAt(m_seed, first + i);
            draws[i % kAhead] = u;
            __builtin_prefetch(&m_columns[multiplyHigh(u, m_keys)]);
        }
    }
}

std::vector<double> RequestStream::probabilities() const {
    const double n = double(m_keys);
    std::vector<double> p(m_keys, m_columns.empty() ? 1.0 / n : 0.0);
    for (size_t k = 0; k < m_columns.size(); ++k) {
        const double own = double(m_columns[k] >> 32) * 0x1.0p-32;
        p[k] += own / n;
        p[uint32_t(m_columns[k])] += (1.0 - own) / n;
    }
    return p;
}

ReplayRun replay(const RequestStream& stream, std::span<const ReplayPhase> phases,
                 const CacheSpec& cache, std::span<const uint64_t> sizes, uint64_t requests,
                 uint64_t interval, const ReplayProgress& progress, bool perCache) {
    size_t caches = 0;
    for (const ReplayPhase& phase : phases) {
        caches = std::max(caches, phase.caches.size());
    }
    checkRun(stream, phases, cache, sizes, requests, interval, perCache ? caches : 1);
    const std::span<const uint64_t> bounded = cache.bytes ? sizes : std::span<const uint64_t>();
    ReplayRun run;
    run.caches = perCache ? caches : 0;
    const uint64_t rows = requests / interval + (requests % interval != 0);
    run.intervals.resize(rows);
    for (uint64_t r = 0; r < rows; ++r) {
        run.intervals[r].end = std::min(requests, (r + 1) * interval);
        run.intervals[r].requests = run.intervals[r].end - r * interval;
    }
    run.cacheRequests.assign(rows * run.caches, 0);
    run.cacheHits.assign(rows * run.caches, 0);
    std::vector<LruCache> lru(caches, LruCache(cache, bounded, stream.keys()));
    std::vector<CacheState> state(caches, CacheState::Absent);
    const size_t threads = std::max<size_t>(1, std::min(workerThreads(), caches));
    std::vector<uint64_t> hits(threads * rows, 0);  // per thread and interval
    BlockRequests block;
    size_t p = 0;
    for (uint64_t start = 0; start < requests;) {
        for (; p < phases.size() && phases[p].from <= start; ++p) {
            enterPhase(phases[p], cache.keepCache, state, lru);
        }
        const uint64_t next = p < phases.size() ? phases[p].from : requests;
        const uint64_t end = std::min({requests, start + kBlock, std::max(next, start + 1)});
        block.draw(stream, phases[p - 1], start, size_t(end - start), caches);
        forChunks(threads, threads, [&](size_t t, size_t, size_t) {
            const auto [first, last] = block.cachesOf(t, threads);
            for (size_t c = first; c < last; ++c) {
                const bool up = state[c] == CacheState::Up;
                for (size_t j = block.starts[c]; j < block.starts[c + 1]; ++j) {
                    const auto [i, key] = block.grouped[j];
                    const uint64_t row = (start + i) / interval;
                    const bool hit = up && lru[c].request(key, start + i);
                    hits[t * rows + row] += hit;
                    if (perCache) {
                        ++run.cacheRequests[row * caches + c];
                        run.cacheHits[row * caches + c] += hit;
                    }
                }
            }
        });
        start = end;
        if (progress && !progress(end)) {
            run.cancelled = true;
            break;
        }
    }
    for (uint64_t r = 0; r < rows; ++r) {
        for (size_t t = 0; t < threads; ++t) {
            run.intervals[r].hits += hits[t * rows + r];
        }
    }
    return run;
}

ReplaySummary summarizeReplay(const ReplayRun& run, const ReplayRun& settled,
                              std::optional<uint64_t> at) {
    ReplaySummary s;
    if (run.intervals.empty()) {
        return s;
    }
    const uint64_t total = run.intervals.back().end;
    const uint64_t change = at.value_or(total);
    // Steady: [change/2, change) before a change, the second half without one (whole intervals).
    const uint64_t from = change / 2;
    uint64_t requests = 0, hits = 0;
    for (const ReplayInterval& i : run.intervals) {
        if (i.end - i.requests >= from && i.end <= change) {
            requests += i.requests;
            hits += i.hits;
        }
    }
    s.steady = requests ? double(hits) / double(requests) : 0.0;
    if (!at) {
        return s;
    }
    s.deepest = 1.0;
    int64_t extra = 0;
    for (size_t r = 0; r < run.intervals.size(); ++r) {
        const ReplayInterval& i = run.intervals[r];
        if (i.end <= *at) {
            continue;
        }
        if (i.hitRatio() < s.deepest) {
            s.deepest = i.hitRatio();
            s.deepestEnd = i.end;
        }
        if (!s.recovered && i.hitRatio() >= 0.99 * s.steady) {
            s.recovered = i.end - *at;
        }
        if (r < settled.intervals.size()) {
            extra += int64_t(i.misses()) - int64_t(settled.intervals[r].misses());
        }
    }
    s.extraOrigin = extra;
    return s;
}

double cheHitRatio(std::span<const double> p, double capacity) {
    const auto filled = [&](double t) {
        double sum = 0;
        for (const double x : p) {
            sum += -std::expm1(-x * t);
        }
        return sum;
    };
    const double nonzero =
        double(std::count_if(p.begin(), p.end(), [](double x) { return x > 0; }));
    if (capacity >= nonzero) {
        return std::accumulate(p.begin(), p.end(), 0.0);
    }
    double lo = 0, hi = 1;
    while (filled(hi) < capacity) {
        hi *= 2;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (filled(mid) < capacity ? lo : hi) = mid;
    }
    const double t = (lo + hi) / 2;
    double hit = 0;
    for (const double x : p) {
        hit += x * -std::expm1(-x * t);
    }
    return hit;
}

namespace {

std::vector<CacheState> cacheStates(const Placement& placement, std::span<const uint32_t> toCommon,
                                    size_t caches) {
    std::vector<CacheState> states(caches, CacheState::Absent);
    const std::span<const uint8_t> idle = placement.servesNothing();
    for (size_t n = 0; n < placement.nodes().size(); ++n) {
        const bool removed = n < placement.removed().size() && placement.removed()[n];
        const bool down = n < idle.size() && idle[n];
        states[toCommon.empty() ? n : toCommon[n]] = removed ? CacheState::Absent
                                                     : down  ? CacheState::Down
                                                             : CacheState::Up;
    }
    return states;
}

ReplayPhase phaseOf(const Placement& placement, const Assignment& a,
                    std::span<const uint32_t> toCommon, size_t caches, uint64_t from) {
    ReplayPhase phase;
    phase.from = from;
    phase.caches = cacheStates(placement, toCommon, caches);
    phase.cacheOf.resize(a.size());
    parallelChunks(a.size(), 1, [&](size_t first, size_t last) {
        for (size_t k = first; k < last; ++k) {
            const uint32_t n = a.primary(k);
            phase.cacheOf[k] = n == kNoNodeIndex ? kNoCache : toCommon.empty() ? n : toCommon[n];
        }
    });
    return phase;
}

}  // namespace

std::vector<ReplayPhase> replayPhases(std::span<const Fleet> fleets,
                                      std::vector<std::string>* ids) {
    std::vector<std::string> names;
    std::map<std::string, uint32_t, std::less<>> cacheOfId;
    std::vector<uint32_t> previous;  // node of the fleet before -> cache
    std::vector<std::vector<uint32_t>> numbering;
    for (const Fleet& fleet : fleets) {
        const std::span<const std::string> nodes = fleet.placement.nodeIds();
        std::vector<uint32_t> toCache(nodes.size());
        const bool byPlace = !numbering.empty() && fleet.match == NodeMatch::ByIndex &&
                             previous.size() == nodes.size();
        for (size_t n = 0; n < nodes.size(); ++n) {
            if (byPlace) {
                toCache[n] = previous[n];
                continue;
            }
            const auto [it, added] = cacheOfId.try_emplace(nodes[n], uint32_t(names.size()));
            if (added) {
                names.push_back(nodes[n]);
            }
            toCache[n] = it->second;
        }
        previous = toCache;
        numbering.push_back(std::move(toCache));
    }
    std::vector<ReplayPhase> phases;
    for (size_t f = 0; f < fleets.size(); ++f) {
        phases.push_back(phaseOf(fleets[f].placement, fleets[f].assignment, numbering[f],
                                 names.size(), f ? fleets[f].from : 0));
    }
    if (ids) {
        *ids = std::move(names);
    }
    return phases;
}

ReplayOutcome replayFleet(const KeySet& keys, uint64_t keySeed, const ReplayRequest& request,
                          std::span<const Fleet> fleets, const ReplayProgress& progress) {
    if (request.requests == 0) {
        throw InputError("requests", "must be at least one request");
    }
    for (size_t f = 1; f < fleets.size(); ++f) {
        if (fleets[f].from <= fleets[f - 1].from || fleets[f].from >= request.requests) {
            throw InputError("at",
                             "each change must come after the one before it (or the first "
                             "request) and before the last request (" +
                                 std::to_string(request.requests) + ")");
        }
    }
    ReplayOutcome o;
    o.interval = request.interval ? request.interval : (request.requests + 99) / 100;
    const RequestStream stream(keys, keySeed, request.seed);
    std::vector<ReplayPhase> phases = replayPhases(fleets, &o.ids);
    uint64_t done = 0;
    const ReplayProgress counted = [&](uint64_t requests) {
        return !progress || progress(done + requests);
    };
    o.run = replay(stream, phases, request.cache, keys.sizes, request.requests, o.interval, counted,
                   request.perCache);
    if (phases.size() > 1 && !o.run.cancelled) {
        o.at = phases[1].from;
        for (size_t p = 1; p < phases.size(); ++p) {
            o.changes.push_back(phases[p].from);
        }
        done = request.requests;
        ReplayPhase settled = std::move(phases.back());
        settled.from = 0;
        o.settled = replay(stream, std::span(&settled, 1), request.cache, keys.sizes,
                           request.requests, o.interval, counted, false);
        o.run.cancelled = o.settled.cancelled;
    }
    o.summary = summarizeReplay(o.run, o.settled, o.at);
    return o;
}

}  // namespace ringscope
