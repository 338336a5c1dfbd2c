// Down nodes: every algorithm's serving owners and the failover counts, against a direct
// computation (each key's preference order written out by brute force, then its first R live
// nodes), for the sweep (assign), the per-key lookup (route) and the diff.
#include <QTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <set>

#include "algorithms/elasticsearch/elasticsearch.h"
#include "algorithms/elasticsearch/elasticsearchplacement.h"
#include "algorithms/jump/jump.h"
#include "algorithms/jump/jumpplacement.h"
#include "algorithms/jumpback/jumpbackplacement.h"
#include "algorithms/maglev/maglevplacement.h"
#include "algorithms/mcrouter/mcrouter.h"
#include "algorithms/mcrouter/mcrouterplacement.h"
#include "algorithms/multi-probe/multiprobeplacement.h"
#include "algorithms/redis-cluster/redisclusterplacement.h"
#include "algorithms/rendezvous/rendezvous.h"
#include "algorithms/rendezvous/rendezvousplacement.h"
#include "ringscope/failover.h"
#include "ringscope/removedbuckets.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

Q_DECLARE_METATYPE(ringscope::Scenario)

namespace {

using Owners = std::vector<uint32_t>;
using DownSet = std::set<uint32_t>;

// The ring's walk from the key's token, token by token: distinct live nodes, zone-aware in two
// laps (new zones first), exactly as SPEC §2 describes the replica walk.
Owners ringOrder(const Placement& p, uint64_t position, const DownSet& down) {
    const Ring& ring = p.ring();
    size_t start = 0;
    while (start < ring.size() && ring.position(start) < position) {
        ++start;
    }
    start %= ring.size();
    const auto zones = p.zoneOf();
    Owners out;
    const auto usedZone = [&](uint32_t n) {
        return std::any_of(out.begin(), out.end(),
                           [&](uint32_t o) { return zones[o] == zones[n]; });
    };
    for (int lap = zones.empty() ? 1 : 0; lap < 2; ++lap) {
        for (size_t i = 0; i < ring.size() && out.size() < p.replicas(); ++i) {
            const uint32_t n = ring.node((start + i) % ring.size());
            if (!down.count(n) && std::find(out.begin(), out.end(), n) == out.end() &&
                (lap == 1 || !usedZone(n))) {
                out.push_back(n);
            }
        }
    }
    return out;
}

// Every node ranked by its score, best first, then the live ones.
Owners hrwOrder(const Placement& p, std::string_view key, const DownSet& down) {
    const auto variant = rendezvousVariant(p.algorithm()).value();
    const auto ids = p.nodeIds();
    std::vector<std::pair<HrwRank, uint32_t>> ranked;
    for (uint32_t n = 0; n < ids.size(); ++n) {
        ranked.emplace_back(hrwRank(key, ids[n], p.weights()[n], variant), n);
    }
    std::sort(ranked.begin(), ranked.end(), [&](const auto& a, const auto& b) {
        return hrwBetter(a.first, ids[a.second], b.first, ids[b.second], variant);
    });
    Owners out;
    for (const auto& [rank, n] : ranked) {
        if (!down.count(n) && out.size() < p.replicas()) {
            out.push_back(n);
        }
    }
    return out;
}

// Bucket b, b+1, … (mod N): the bucket schemes' only order.
Owners bucketOrder(const Placement& p, size_t first, const DownSet& down) {
    const size_t n = p.nodes().size();
    Owners out;
    for (size_t i = 0; i < n && out.size() < p.replicas(); ++i) {
        const auto node = static_cast<uint32_t>((first + i) % n);
        if (!down.count(node)) {
            out.push_back(node);
        }
    }
    return out;
}

// mcrouter's functions: Ch3 and WeightedCh3 go on bucket by bucket from the function's server;
// the rendezvous ones by score (RendezvousIterator: highest first, ties to the higher index),
// the function's own server first.
Owners mcrouterOrder(const Placement& p, std::string_view name, const DownSet& down) {
    const auto* state = p.stateAs<McrouterPlacement>();
    const std::string_view key = mcrouterRoutingKey(name);
    const uint32_t first = state->server(key);
    const McrouterHashFunc f = state->hashFunc();
    if (f == McrouterHashFunc::Ch3 || f == McrouterHashFunc::WeightedCh3) {
        return bucketOrder(p, first, down);
    }
    const auto ids = p.nodeIds();
    std::vector<std::pair<double, uint32_t>> ranked;
    for (uint32_t n = 0; n < ids.size(); ++n) {
        const uint64_t server = rendezvousServerHash(ids[n]);
        const uint64_t keyHash = rendezvousKeyHash(key);
        ranked.emplace_back(n == first ? INFINITY
                            : f == McrouterHashFunc::Rendezvous
                                ? rendezvousScore(server, keyHash)
                                : weightedRendezvousScore(server, keyHash, p.weights()[n]),
                            n);
    }
    std::sort(ranked.begin(), ranked.end(), std::greater<>());
    Owners out;
    for (const auto& [score, n] : ranked) {
        if (!down.count(n) && out.size() < p.replicas()) {
            out.push_back(n);
        }
    }
    return out;
}

// Envoy's retry attempts 0, 1, 2, … until the table is covered: distinct live hosts.
Owners maglevOrder(const Placement& p, uint64_t hash, const DownSet& down) {
    const MaglevTable& table = p.stateAs<MaglevPlacement>()->table();
    Owners out;
    for (uint64_t a = 0; a <= table.retryAttemptsToCoverTable() && out.size() < p.replicas(); ++a) {
        const uint32_t n = table.retry(hash, a);
        if (!down.count(n) && std::find(out.begin(), out.end(), n) == out.end()) {
            out.push_back(n);
        }
    }
    return out;
}

Owners directOwners(const Placement& p, const KeySet& keys, const HashedKeys& hashed, size_t k,
                    const DownSet& down) {
    switch (p.algorithm()) {
        case Algorithm::Ring:
            return ringOrder(p, hashed.positionOf(k), down);
        case Algorithm::Rendezvous:
        case Algorithm::WeightedRendezvous:
        case Algorithm::NaiveDivRendezvous:
        case Algorithm::NaiveMulRendezvous:
            return hrwOrder(p, keys.names[k], down);
        case Algorithm::Jump:
            return bucketOrder(p, size_t(jumpHash(hashed.hash64[k], int32_t(p.nodes().size()))),
                               down);
        case Algorithm::JumpBack:
            return bucketOrder(p,
                               jumpBackHash(hashed.hash64[k], uint32_t(p.nodes().size()),
                                            p.stateAs<JumpBackPlacement>()->prng()),
                               down);
        case Algorithm::ModN:
            return bucketOrder(p, size_t(hashed.hash64[k] % p.nodes().size()), down);
        case Algorithm::Elasticsearch:
            return bucketOrder(p,
                               esRoute(std::bit_cast<int32_t>(uint32_t(hashed.hash64[k])),
                                       p.stateAs<ElasticsearchPlacement>()->routingShards(),
                                       uint32_t(p.nodes().size()))
                                   .shard,
                               down);
        case Algorithm::Mcrouter:
            return mcrouterOrder(p, keys.names[k], down);
        case Algorithm::Maglev:
            return maglevOrder(p, hashed.hash64[k], down);
        case Algorithm::MultiProbe: {  // its choices in turn, each without the ones before
            // Each choice on a ring rebuilt without the ones before (not the exclusion walk).
            const std::vector<std::string> ids(p.nodeIds().begin(), p.nodeIds().end());
            const MultiProbeParams& params = p.stateAs<MultiProbePlacement>()->params();
            const MultiProbeKey key = multiProbeKey(keys.names[k], params.seeds);
            Owners order;
            std::vector<uint8_t> chosen(ids.size(), 0);
            while (order.size() < ids.size()) {
                const MultiProbeRing rest(ids, chosen);
                order.push_back(rest.points()[rest.winnerPoint(key, params.probes)].node);
                chosen[order.back()] = 1;
            }
            Owners out;
            for (const uint32_t n : order) {
                if (!down.count(n) && out.size() < p.replicas()) {
                    out.push_back(n);
                }
            }
            return out;
        }
        case Algorithm::Memento:
        case Algorithm::Dx:
        case Algorithm::Anchor: {  // the following working buckets (removedbuckets.h)
            const auto* state = p.stateAs<RemovedBucketsPlacement>();
            DownSet skipped = down;
            skipped.insert(state->removedOrder().begin(), state->removedOrder().end());
            return bucketOrder(p, state->bucketOf(hashed.hash64[k]), skipped);
        }
        case Algorithm::RedisCluster:  // the promoted replica serves the master's own slots
            return {p.stateAs<RedisClusterPlacement>()->slotMap().owner(
                uint32_t(hashed.hash64[k] % kRedisSlots))};
    }
    return {};
}

bool contains(const Owners& o, uint32_t n) {
    return std::find(o.begin(), o.end(), n) != o.end();
}

Scenario withKeys(Scenario s, Algorithm algorithm, int64_t replicas) {
    s.algorithm = algorithm;
    s.replicas = replicas;
    s.keys.pattern = "user-{i}";
    s.keys.count = 3000;
    s.keys.sizes.kind = SizeSpec::Kind::Uniform;
    s.keys.sizes.min = 10;
    s.keys.sizes.max = 500;
    if (algorithm != Algorithm::Ring) {
        for (NodeSpec& n : s.nodes) {
            n.vnodes.reset();
        }
    }
    return s;
}

Scenario zoned(Scenario s) {
    s.zoneAware = true;
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        s.nodes[n].zone = "az-" + std::to_string(n % 3);
    }
    return s;
}

}  // namespace

class TestFailover : public QObject {
    Q_OBJECT
private slots:
    void againstDirectComputation_data();
    void againstDirectComputation();
    void validation_data();
    void validation();
    void seed000Numbers();
    void byteTotalsSaturate();
};

void TestFailover::againstDirectComputation_data() {
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<QList<int>>("down");
    const Scenario six = vnodeRing(6, 16);
    QTest::newRow("ring R=1") << withKeys(six, Algorithm::Ring, 1) << QList<int>{2};
    QTest::newRow("ring R=2") << withKeys(six, Algorithm::Ring, 2) << QList<int>{2};
    QTest::newRow("ring R=3 two down") << withKeys(six, Algorithm::Ring, 3) << QList<int>{1, 4};
    QTest::newRow("ring R=2 adjacent") << withKeys(six, Algorithm::Ring, 2) << QList<int>{0, 1};
    QTest::newRow("ring zones R=3") << zoned(withKeys(six, Algorithm::Ring, 3)) << QList<int>{0, 3};
    QTest::newRow("ring zones R=2 zone gone")
        << zoned(withKeys(six, Algorithm::Ring, 2)) << QList<int>{1, 4};
    QTest::newRow("hrw R=1") << withKeys(six, Algorithm::Rendezvous, 1) << QList<int>{3};
    QTest::newRow("hrw R=3") << withKeys(six, Algorithm::Rendezvous, 3) << QList<int>{0, 5};
    Scenario weighted = withKeys(six, Algorithm::WeightedRendezvous, 2);
    weighted.nodes[1].weight = 3;
    QTest::newRow("weighted hrw R=2") << weighted << QList<int>{1};
    QTest::newRow("jump R=1") << withKeys(six, Algorithm::Jump, 1) << QList<int>{2};
    QTest::newRow("jump R=2") << withKeys(six, Algorithm::Jump, 2) << QList<int>{2, 3};
    QTest::newRow("jumpback R=1") << withKeys(six, Algorithm::JumpBack, 1) << QList<int>{2};
    QTest::newRow("jumpback R=2") << withKeys(six, Algorithm::JumpBack, 2) << QList<int>{2, 3};
    QTest::newRow("elasticsearch R=1")
        << withKeys(six, Algorithm::Elasticsearch, 1) << QList<int>{2};
    QTest::newRow("elasticsearch R=2")
        << withKeys(six, Algorithm::Elasticsearch, 2) << QList<int>{5, 0};
    const auto mcrouter = [&](McrouterHashFunc f, size_t replicas) {
        Scenario s = withKeys(six, Algorithm::Mcrouter, replicas);
        s.params.edit<McrouterParams>().hashFunc = f;
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            s.nodes[n].weight = 0.3 + 0.1 * double(n);
        }
        return s;
    };
    QTest::newRow("mcrouter Ch3 R=2") << mcrouter(McrouterHashFunc::Ch3, 2) << QList<int>{2, 3};
    QTest::newRow("mcrouter WeightedCh3 R=1")
        << mcrouter(McrouterHashFunc::WeightedCh3, 1) << QList<int>{5};
    QTest::newRow("mcrouter Rendezvous R=3")
        << mcrouter(McrouterHashFunc::Rendezvous, 3) << QList<int>{0, 5};
    QTest::newRow("mcrouter WeightedRendezvous R=2")
        << mcrouter(McrouterHashFunc::WeightedRendezvous, 2) << QList<int>{1};
    QTest::newRow("multi-probe R=1") << withKeys(six, Algorithm::MultiProbe, 1) << QList<int>{2};
    QTest::newRow("multi-probe R=3 two down")
        << withKeys(six, Algorithm::MultiProbe, 3) << QList<int>{1, 4};
    QTest::newRow("mod-N R=1") << withKeys(six, Algorithm::ModN, 1) << QList<int>{5};
    QTest::newRow("mod-N R=3") << withKeys(six, Algorithm::ModN, 3) << QList<int>{0, 1};
    Scenario maglev = withKeys(six, Algorithm::Maglev, 1);
    maglev.params.edit<MaglevParams>().tableSize = 251;
    QTest::newRow("maglev R=1") << maglev << QList<int>{4};
    maglev.replicas = 3;
    QTest::newRow("maglev R=3") << maglev << QList<int>{0, 2};
    Scenario redis = withKeys(vnodeRing(3, 1), Algorithm::RedisCluster, 1);
    QTest::newRow("redis cluster") << redis << QList<int>{1};
}

void TestFailover::againstDirectComputation() {
    QFETCH(Scenario, scenario);
    QFETCH(QList<int>, down);
    Scenario failed = scenario;
    DownSet downSet;
    for (const int n : down) {
        failed.nodes[size_t(n)].down = true;
        downSet.insert(uint32_t(n));
    }
    const PlacedScenario up(scenario);
    const PlacedScenario now(failed);
    QVERIFY(now.placement.anyDown());
    const size_t r = now.placement.replicas();
    const bool promotes = failoverRule(scenario.algorithm) == FailoverRule::PromoteReplica;

    FailoverCounts expected;
    size_t primaryMoved = 0;
    std::vector<uint64_t> newPrimaries(scenario.nodes.size(), 0);
    std::vector<uint32_t> routed(r);
    for (size_t k = 0; k < up.keys.size(); ++k) {
        const Owners before = directOwners(up.placement, up.keys, up.hashed, k, {});
        const Owners after = directOwners(now.placement, now.keys, now.hashed, k, downSet);
        const auto was = up.assignment.ownersOf(k);
        const auto is = now.assignment.ownersOf(k);
        QVERIFY2(std::equal(was.begin(), was.end(), before.begin(), before.end()),
                 qPrintable(QStringLiteral("all up, key %1").arg(k)));
        QVERIFY2(std::equal(is.begin(), is.end(), after.begin(), after.end()),
                 qPrintable(QStringLiteral("assign with down nodes, key %1").arg(k)));
        now.placement.route(now.keys.names[k], now.hashed.hash64[k], now.hashed.positionOf(k),
                            routed);
        QVERIFY2(std::equal(routed.begin(), routed.end(), after.begin(), after.end()),
                 qPrintable(QStringLiteral("route with down nodes, key %1").arg(k)));

        const bool touched = std::any_of(before.begin(), before.end(),
                                         [&](uint32_t n) { return downSet.count(n) > 0; });
        if (!touched) {  // failure is not removal: no other key moves
            QVERIFY(before == after);
            continue;
        }
        const uint64_t bytes = up.keys.sizeOf(k);
        const auto missing = uint64_t(std::count_if(
            after.begin(), after.end(), [&](uint32_t n) { return !contains(before, n); }));
        primaryMoved += before[0] != after[0] ? 1 : 0;
        if (downSet.count(before[0])) {
            ++expected.primaryLost;
            const bool liveCopy = std::any_of(before.begin(), before.end(),
                                              [&](uint32_t n) { return !downSet.count(n); });
            if (promotes) {
                ++expected.promoted;
                expected.bytesToReplicate += bytes;
            } else if (!liveCopy) {
                ++expected.noReplica;
                expected.bytesWithoutCopy += bytes;
                ++newPrimaries[after[0]];
            } else {
                ++expected.takenOver;
                expected.takenOverByCopy += contains(before, after[0]) ? 1 : 0;
                expected.bytesToReplicate += missing * bytes;
                ++newPrimaries[after[0]];
            }
        } else {
            ++expected.replicaLost;
            expected.bytesToReplicate += missing * bytes;
        }
    }
    QVERIFY(expected.primaryLost > 0);

    const DiffResult d = diff(up.placement, up.assignment, now.placement, now.assignment, up.keys);
    QVERIFY(d.hasDown);
    QCOMPARE(d.primaryMoved, primaryMoved);
    QCOMPARE(d.failover.primaryLost, expected.primaryLost);
    QCOMPARE(d.failover.takenOver, expected.takenOver);
    QCOMPARE(d.failover.takenOverByCopy, expected.takenOverByCopy);
    QCOMPARE(d.failover.noReplica, expected.noReplica);
    QCOMPARE(d.failover.promoted, expected.promoted);
    QCOMPARE(d.failover.replicaLost, expected.replicaLost);
    QCOMPARE(d.failover.bytesToReplicate, expected.bytesToReplicate);
    QCOMPARE(d.failover.bytesWithoutCopy, expected.bytesWithoutCopy);
    QCOMPARE(d.failover.handedBack, size_t(0));
    newPrimaries.resize(std::max(newPrimaries.size(), d.failover.newPrimaries.size()), 0);
    std::vector<uint64_t> got = d.failover.newPrimaries;
    got.resize(newPrimaries.size(), 0);
    QCOMPARE(got, newPrimaries);
    if (r == 1 && !promotes) {  // one copy: every lost primary lost its only copy
        QCOMPARE(d.failover.noReplica, d.failover.primaryLost);
    }

    // Bringing the nodes back up hands every lost primary back (Redis Cluster keeps the
    // promoted replica as master: nothing is handed back).
    const DiffResult back =
        diff(now.placement, now.assignment, up.placement, up.assignment, up.keys);
    QCOMPARE(back.failover.primaryLost, size_t(0));
    QCOMPARE(back.failover.handedBack, promotes ? size_t(0) : expected.primaryLost);
    uint64_t lostBytes = 0;
    for (size_t k = 0; k < up.keys.size(); ++k) {
        lostBytes += downSet.count(up.assignment.primary(k)) ? up.keys.sizeOf(k) : 0;
    }
    QCOMPARE(back.failover.bytesHandedBack, promotes ? uint64_t(0) : lostBytes);
    QCOMPARE(back.primaryMoved, promotes ? size_t(0) : primaryMoved);
}

void TestFailover::validation_data() {
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<QString>("message");
    Scenario s = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, 2);
    s.nodes[0].down = true;
    s.nodes[1].down = true;
    QTest::newRow("replicas above live nodes")
        << s
        << QStringLiteral(
               "replicas: replicas 2 is more than the 1 nodes that are up; bring a "
               "node up or lower replicas");
    Scenario all = explicitRing({{"A", {20}}, {"B", {60}}}, 1);
    all.nodes[0].down = all.nodes[1].down = true;
    QTest::newRow("every node down")
        << all
        << QStringLiteral(
               "replicas: replicas 1 is more than the 0 nodes that are up; bring a "
               "node up or lower replicas");
    Scenario bounded = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, 1);
    bounded.boundedLoadPercent = 125;
    bounded.nodes[2].down = true;
    QTest::newRow("bounded loads")
        << bounded
        << QStringLiteral(
               "boundedLoad: a down node under bounded loads is not modelled (the "
               "capacities would change with it); bring the node up or turn bounded "
               "loads off");
}

void TestFailover::validation() {
    QFETCH(Scenario, scenario);
    QFETCH(QString, message);
    try {
        Placement::build(scenario);
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.what()), message);
    }
}

// Seed 000's ring (A@20, B@60, C@90) with B down: B's arc (20, 60] goes to C, the next token
// clockwise; with R = 2 C held those keys' replica already, and A becomes their second copy.
void TestFailover::seed000Numbers() {
    for (const int64_t r : {1, 2}) {
        Scenario s = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, r);
        s.keys.pattern = "{i}";
        s.keys.count = 100;
        Scenario failed = s;
        failed.nodes[1].down = true;
        const PlacedScenario up(s), now(failed);
        QCOMPARE(ownersAt(now.placement, 40), r == 1 ? std::string("C") : std::string("C,A"));
        QCOMPARE(ownersAt(now.placement, 10), r == 1 ? std::string("A") : std::string("A,C"));
        const DiffResult d =
            diff(up.placement, up.assignment, now.placement, now.assignment, up.keys);
        QCOMPARE(d.failover.primaryLost, size_t(40));  // keys 21..60
        QCOMPARE(d.failover.takenOver, r == 1 ? size_t(0) : size_t(40));
        QCOMPARE(d.failover.takenOverByCopy, r == 1 ? size_t(0) : size_t(40));
        QCOMPARE(d.failover.noReplica, r == 1 ? size_t(40) : size_t(0));
        // R = 2: keys 91..20 (30) had B as replica, keys 21..60 lost their primary: 70 copies.
        QCOMPARE(d.failover.replicaLost, r == 1 ? size_t(0) : size_t(30));
        QCOMPARE(d.failover.bytesToReplicate, r == 1 ? uint64_t(0) : uint64_t(70));
        QCOMPARE(d.idealFraction, 1.0 / 3.0);
    }
}

QTEST_GUILESS_MAIN(TestFailover)
#include "tst_failover.moc"

// Byte totals stop at 2^64 - 1 and say so, key by key and when parts are added.
void TestFailover::byteTotalsSaturate() {
    DownSides down;
    down.before = {0, 0, 0};
    down.after = {1, 0, 0};  // node 0 went down: its keys are taken over by 1, copied to 2
    const uint64_t half = (UINT64_MAX / 2) + 1;
    FailoverCounts f;
    QCOMPARE(f.count(Owners{0, 1}, Owners{1, 2}, down, half - 1), Failover::TakenOver);
    QCOMPARE(f.bytesToReplicate, half - 1);
    QVERIFY(!f.bytesSaturated);
    QCOMPARE(f.count(Owners{0, 1}, Owners{1, 2}, down, half), Failover::TakenOver);
    QCOMPARE(f.bytesToReplicate, UINT64_MAX);
    QVERIFY(!f.bytesSaturated);  // exactly 2^64 - 1 fits
    QCOMPARE(f.count(Owners{0, 1}, Owners{1, 2}, down, 1), Failover::TakenOver);
    QCOMPARE(f.bytesToReplicate, UINT64_MAX);
    QVERIFY(f.bytesSaturated);
    FailoverCounts g;
    QCOMPARE(g.count(Owners{0, 1}, Owners{1, 2}, down, half), Failover::TakenOver);
    FailoverCounts sum;
    sum.add(g);
    sum.add(g);
    QCOMPARE(sum.bytesToReplicate, UINT64_MAX);
    QVERIFY(sum.bytesSaturated);
    QCOMPARE(sum.takenOver, size_t(2));
}
