// Requests replayed through per-node caches (ringscope/replay.h): the stream against its
// probabilities, the LRU against a plain list-and-map LRU on the same stream (entries, bytes, TTL,
// caches added, removed, down), the steady state against Che's approximation, and what adding an
// eleventh cache costs under mod-N and under a ring.
#include <QTest>

#include <list>
#include <unordered_map>

#include "ringscope/assign.h"
#include "ringscope/replay.h"
#include "ringscope/scenario.h"

using namespace ringscope;

namespace {

KeySetSpec zipfKeys(uint64_t count, double s) {
    KeySetSpec spec;
    spec.pattern = "key-{i}";
    spec.count = count;
    spec.popularity.kind = PopularitySpec::Kind::Zipf;
    spec.popularity.s = s;
    return spec;
}

Scenario fleet(Algorithm algorithm, size_t nodes, const KeySetSpec& keys, int64_t vnodes = 1) {
    Scenario s;
    s.algorithm = algorithm;
    s.keys = keys;
    for (size_t n = 0; n < nodes; ++n) {
        NodeSpec node;
        node.id = "cache-" + std::to_string(n) + ":11211";
        node.vnodes = vnodes;
        s.nodes.push_back(node);
    }
    return s;
}

struct Placed {
    Placement placement;
    Assignment assignment;
};
Placed placed(const Scenario& s, const KeySet& keys) {
    Placement p = Placement::build(s);
    const HashedKeys hashed = hashKeys(keys, keyHashingOf(s));
    Assignment a = assign(p, keys.names, hashed);
    return {std::move(p), std::move(a)};
}

// The plain LRU of the header's words: a list by recency and a map into it.
struct PlainLru {
    uint64_t capacity = 0, used = 0;
    std::list<std::pair<uint32_t, uint64_t>> order;  // key, fetched; most recent first
    std::unordered_map<uint32_t, decltype(order)::iterator> where;
};

// Every interval's hits, request by request.
std::vector<uint64_t> plainReplay(const RequestStream& stream,
                                  const std::vector<ReplayPhase>& phases, const CacheSpec& spec,
                                  const std::vector<uint64_t>& sizes, uint64_t requests,
                                  uint64_t interval) {
    size_t caches = 0;
    for (const ReplayPhase& p : phases) {
        caches = std::max(caches, p.caches.size());
    }
    std::vector<PlainLru> lru(caches);
    std::vector<CacheState> state(caches, CacheState::Absent);
    std::vector<uint64_t> hits(requests / interval + (requests % interval != 0));
    size_t p = 0;
    for (uint64_t i = 0; i < requests; ++i) {
        for (; p < phases.size() && phases[p].from <= i; ++p) {
            for (size_t c = 0; c < caches; ++c) {
                const CacheState now =
                    c < phases[p].caches.size() ? phases[p].caches[c] : CacheState::Absent;
                if (now == CacheState::Absent || (now == CacheState::Down && !spec.keepCache)) {
                    lru[c] = PlainLru{};
                }
                state[c] = now;
            }
        }
        const uint32_t key = stream.key(i);
        const uint32_t c = phases[p - 1].cacheOf[key];
        if (c == kNoCache || state[c] != CacheState::Up) {
            continue;
        }
        PlainLru& l = lru[c];
        l.capacity = spec.bytes ? spec.bytes : spec.entries;
        const uint64_t size = spec.bytes ? sizes[key] : 1;
        const auto it = l.where.find(key);
        if (it != l.where.end()) {
            l.order.splice(l.order.begin(), l.order, it->second);
            if (spec.ttl && i - it->second->second >= spec.ttl) {
                it->second->second = i;
            } else {
                ++hits[i / interval];
            }
            continue;
        }
        if (size > l.capacity) {
            continue;
        }
        while (l.used + size > l.capacity) {
            const uint32_t last = l.order.back().first;
            l.used -= spec.bytes ? sizes[last] : 1;
            l.where.erase(last);
            l.order.pop_back();
        }
        l.order.emplace_front(key, i);
        l.where[key] = l.order.begin();
        l.used += size;
    }
    return hits;
}

std::vector<uint64_t> hitsOf(const ReplayRun& run) {
    std::vector<uint64_t> hits;
    for (const ReplayInterval& i : run.intervals) {
        hits.push_back(i.hits);
    }
    return hits;
}

}  // namespace

Q_DECLARE_METATYPE(CacheSpec)

class TestReplay : public QObject {
    Q_OBJECT
private slots:
    void streamDrawsItsProbabilities() {
        const KeySet keys = generateKeys(zipfKeys(1000, 1.1));
        const RequestStream stream(keys, 1, 7);
        const std::vector<double> p = stream.probabilities();
        double total = 0;
        for (size_t k = 0; k < keys.size(); ++k) {
            total += keys.requests[k];
        }
        for (size_t k = 0; k < keys.size(); ++k) {
            QVERIFY(std::abs(p[k] - keys.requests[k] / total) < 1e-8);
        }
        // The hottest key's share of 10^6 requests, within five standard deviations.
        const size_t hottest = size_t(std::max_element(p.begin(), p.end()) - p.begin());
        const uint64_t n = 1'000'000;
        uint64_t drawn = 0;
        for (uint64_t i = 0; i < n; ++i) {
            drawn += stream.key(i) == hottest;
        }
        const double sd = std::sqrt(double(n) * p[hottest] * (1 - p[hottest]));
        QVERIFY(std::abs(double(drawn) - double(n) * p[hottest]) < 5 * sd);
        // The same seeds, the same stream; another seed, another.
        const RequestStream again(keys, 1, 7), other(keys, 1, 8), otherKeys(keys, 2, 7);
        size_t same = 0, sameOther = 0, sameOtherKeys = 0;
        for (uint64_t i = 0; i < 1000; ++i) {
            same += stream.key(i) == again.key(i);
            sameOther += stream.key(i) == other.key(i);
            sameOtherKeys += stream.key(i) == otherKeys.key(i);
        }
        QCOMPARE(same, size_t(1000));
        QVERIFY(sameOther < 300);
        QVERIFY(sameOtherKeys < 300);
    }

    // The first requests of seed 1 over key-{i} × 1000 at Zipf 1.1, as every platform draws them.
    void streamIsTheSameEverywhere() {
        const KeySet keys = generateKeys(zipfKeys(1000, 1.1));
        const RequestStream stream(keys, 1, 1);
        std::vector<uint32_t> first;
        for (uint64_t i = 0; i < 8; ++i) {
            first.push_back(stream.key(i));
        }
        const std::vector<uint32_t> expected = {901, 901, 957, 520, 978, 734, 520, 319};
        QCOMPARE(first, expected);
    }

    void lruAsAListAndAMap_data() {
        QTest::addColumn<CacheSpec>("spec");
        QTest::addColumn<bool>("change");
        QTest::newRow("entries") << CacheSpec{40, 0, 0, false} << false;
        QTest::newRow("bytes") << CacheSpec{0, 4000, 0, false} << false;
        QTest::newRow("ttl") << CacheSpec{40, 0, 300, false} << false;
        QTest::newRow("a cache added, one removed, one down") << CacheSpec{40, 0, 0, false} << true;
        QTest::newRow("down, keeping its cache") << CacheSpec{40, 0, 0, true} << true;
    }
    void lruAsAListAndAMap() {
        QFETCH(CacheSpec, spec);
        QFETCH(bool, change);
        KeySetSpec keySpec = zipfKeys(2000, 0.8);
        keySpec.sizes.kind = SizeSpec::Kind::Uniform;
        keySpec.sizes.min = 10;
        keySpec.sizes.max = 300;
        const KeySet keys = generateKeys(keySpec);
        const RequestStream stream(keys, keySpec.seed, 3);
        const Scenario before = fleet(Algorithm::Rendezvous, 4, keySpec);
        const Placed a = placed(before, keys);
        std::vector<ReplayPhase> phases =
            replayPhases(std::vector<Fleet>{{a.placement, a.assignment}}, nullptr);
        if (change) {
            Scenario after = before;
            after.nodes.erase(after.nodes.begin() + 1);
            after.nodes[1].down = true;
            NodeSpec added;
            added.id = "cache-9:11211";
            after.nodes.push_back(added);
            Scenario back = before;  // the down one up again, the removed one back cold
            const Placed b = placed(after, keys), c = placed(back, keys);
            std::vector<std::string> ids;
            phases = replayPhases(std::vector<Fleet>{{a.placement, a.assignment},
                                                     {b.placement, b.assignment, 20'000},
                                                     {c.placement, c.assignment, 35'000}},
                                  &ids);
            QCOMPARE(ids.size(), size_t(5));
            QCOMPARE(phases[1].caches[1], CacheState::Absent);
            QCOMPARE(phases[1].caches[2], CacheState::Down);
            QCOMPARE(phases[1].caches[4], CacheState::Up);
            // The removed node back under its id: its own cache again (cleared while it was out).
            QCOMPARE(phases[2].caches[1], CacheState::Up);
            QCOMPARE(phases[2].caches[4], CacheState::Absent);
        }
        const uint64_t requests = 50'000, interval = 1'000;
        const ReplayRun run = replay(stream, phases, spec, keys.sizes, requests, interval);
        QCOMPARE(hitsOf(run), plainReplay(stream, phases, spec, keys.sizes, requests, interval));
        // The totals alone, without each cache's counts: the same hits.
        const ReplayRun totals =
            replay(stream, phases, spec, keys.sizes, requests, interval, {}, false);
        QCOMPARE(hitsOf(totals), hitsOf(run));
        QCOMPARE(totals.caches, size_t{0});
        QVERIFY(totals.cacheHits.empty());
        QVERIFY(run.intervals.back().hits > 0);
        // Per cache, the counts sum to the interval's.
        for (size_t r = 0; r < run.intervals.size(); ++r) {
            uint64_t requestsToCaches = 0;
            for (size_t c = 0; c < run.caches; ++c) {
                requestsToCaches += run.cacheRequests[r * run.caches + c];
            }
            QCOMPARE(requestsToCaches, run.intervals[r].requests);
        }
    }

    // Che's approximation of LRU under independent Zipf requests (Che, Tung, Wang 2002): the
    // replay's steady hit ratio within 0.01 of it.
    void steadyStateIsChes_data() {
        QTest::addColumn<double>("s");
        QTest::addColumn<uint64_t>("entries");
        for (const double s : {0.6, 0.9, 1.2}) {
            for (const uint64_t entries : {200, 2000}) {
                QTest::addRow("zipf %.1f, %llu entries", s, (unsigned long long)entries)
                    << s << entries;
            }
        }
    }
    void steadyStateIsChes() {
        QFETCH(double, s);
        QFETCH(uint64_t, entries);
        const KeySetSpec spec = zipfKeys(20'000, s);
        const KeySet keys = generateKeys(spec);
        const RequestStream stream(keys, spec.seed, 1);
        const Placed one = placed(fleet(Algorithm::ModN, 1, spec), keys);
        const auto phases =
            replayPhases(std::vector<Fleet>{{one.placement, one.assignment}}, nullptr);
        const ReplayRun run =
            replay(stream, phases, CacheSpec{entries, 0, 0, false}, {}, 2'000'000, 10'000);
        const double steady = summarizeReplay(run, run, std::nullopt).steady;
        const std::vector<double> p = stream.probabilities();
        const double che = cheHitRatio(p, double(entries));
        qInfo("steady %.4f, Che %.4f", steady, che);
        QVERIFY(std::abs(steady - che) <= 0.01);
    }

    // Ten caches of 5,000 entries, Zipf 0.9 over 100,000 keys, an eleventh joins: the first 1,000
    // requests after it under mod-N and under a 160-vnode ring, and the misses the change costs
    // against the eleven caches there from the start.
    void addingACacheNode() {
        const KeySetSpec spec = zipfKeys(100'000, 0.9);
        const KeySet keys = generateKeys(spec);
        const RequestStream stream(keys, spec.seed, 1);
        const uint64_t at = 2'000'000, requests = 3'000'000, interval = 1'000;
        const CacheSpec cache{5'000, 0, 0, false};
        const auto run = [&](Algorithm algorithm, int64_t vnodes) {
            const Scenario before = fleet(algorithm, 10, spec, vnodes);
            const Scenario after = fleet(algorithm, 11, spec, vnodes);
            const Placed a = placed(before, keys), b = placed(after, keys);
            const auto phases = replayPhases(
                std::vector<Fleet>{{a.placement, a.assignment}, {b.placement, b.assignment, at}},
                nullptr);
            const ReplayRun changed = replay(stream, phases, cache, {}, requests, interval);
            ReplayPhase last = phases.back();
            last.from = 0;
            const ReplayRun settled =
                replay(stream, std::span(&last, 1), cache, {}, requests, interval);
            const ReplaySummary summary = summarizeReplay(changed, settled, at);
            const double first = changed.intervals[at / interval].hitRatio();
            qInfo(
                "%s: steady %.3f, first 1,000 after %.3f, deepest %.3f, extra origin %lld, "
                "recovered after %llu",
                moduleOf(algorithm).name().data(), summary.steady, first, summary.deepest,
                (long long)summary.extraOrigin, (unsigned long long)summary.recovered.value_or(0));
            return std::pair(summary, first);
        };
        const auto [modN, modNFirst] = run(Algorithm::ModN, 1);
        const auto [ring, ringFirst] = run(Algorithm::Ring, 160);
        QVERIFY(modNFirst <= 0.5 * modN.steady);
        QVERIFY(ringFirst >= 0.85 * ring.steady);
        QVERIFY(ring.recovered.has_value());
        QVERIFY(ring.extraOrigin > 0);
        QVERIFY(modN.extraOrigin >= 5 * ring.extraOrigin);
    }

    void refusesWhatItCannotRun() {
        const KeySetSpec spec = zipfKeys(100, 1.0);
        const KeySet keys = generateKeys(spec);
        const RequestStream stream(keys, 1, 1);
        const Placed one = placed(fleet(Algorithm::ModN, 2, spec), keys);
        const auto phases =
            replayPhases(std::vector<Fleet>{{one.placement, one.assignment}}, nullptr);
        QVERIFY_THROWS_EXCEPTION(InputError, replay(stream, phases, CacheSpec{}, {}, 10, 1));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 replay(stream, phases, CacheSpec{1, 0, 0, false}, {}, 10, 0));
        QVERIFY_THROWS_EXCEPTION(
            InputError, replay(stream, phases, CacheSpec{1, 0, 0, false}, {}, 100'000'000, 1));
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
