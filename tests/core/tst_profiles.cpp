// The production profiles placed through a scenario, as route, diff and stats place them: the
// name tables, Placement::build, hashKeys and assign, checked against the systems' own vectors:
//   * Envoy Maglev: test/extensions/load_balancing_policies/maglev/maglev_lb_test.cc (Basic,
//     BasicWithHostName, Weighted, BasicWithRetryHostPredicate, NoPrimeNumber);
//   * Envoy ring hash: test/extensions/load_balancing_policies/ring_hash/ring_hash_lb_test.cc
//     (Basic, BasicWithHostname: the 12 ring entries and the lookups listed there);
//   * Redis Cluster: redis.io's CLUSTER KEYSLOT examples and redis-cli --cluster create's split;
//   * Cassandra: the Murmur3Partitioner tokens of int keys 0, 1 and 42 (the DataStax C# driver's
//     src/Cassandra.Tests/TokenTests.cs and the Apache Cassandra Go driver's murmur_test.go);
//   * bounded loads: the capacity rule of bounded_load.h (Mirrokni, Thorup, Zadimoghaddam).
#include <QTest>

#include <algorithm>
#include <numeric>
#include <set>

#include "algorithms/maglev/maglevplacement.h"
#include "algorithms/redis-cluster/redisclusterplacement.h"
#include "algorithms/redis-cluster/reshard.h"
#include "keyhashes/cassandra/cassandra.h"
#include "ringscope/diff.h"
#include "ringscope/hash.h"
#include "ringscope/stats.h"
#include "testutil.h"
#include "tokenschemes/envoy/envoy_ring.h"

using namespace ringscope;
using ringscope::test::errorOf;

namespace {

using Ids = std::vector<std::string>;
constexpr uint64_t kMax = ~uint64_t{0};

Ids envoyHosts(const std::string& prefix) {
    Ids ids;
    for (const char* port : {"90", "91", "92", "93", "94", "95"}) {
        ids.push_back(prefix + port);
    }
    return ids;
}

Scenario withNodes(Algorithm algorithm, const Ids& ids, const std::vector<double>& weights = {}) {
    Scenario s;
    s.algorithm = algorithm;
    for (size_t n = 0; n < ids.size(); ++n) {
        NodeSpec node;
        node.id = ids[n];
        node.weight = weights.empty() ? 1.0 : weights[n];
        s.nodes.push_back(node);
    }
    return s;
}

// Raw 64-bit hash values as identity keys.
void rawHashKeys(Scenario& s, const std::vector<uint64_t>& hashes) {
    s.keyHash = HashKind::Identity;
    s.keys.kind = KeySetSpec::Kind::List;
    s.keys.list.clear();
    for (const uint64_t h : hashes) {
        s.keys.list.push_back(std::to_string(h));
    }
}

struct Placed : test::PlacedScenario {
    using PlacedScenario::PlacedScenario;
    std::string owners(size_t key) const { return ownerList(placement, assignment.ownersOf(key)); }
};

}  // namespace

class TestProfiles : public QObject {
    Q_OBJECT
private slots:
    // maglev_lb_test.cc's tables, through a scenario: the hashes 0 … 3M−1 (and the top of the
    // 64-bit range) go to entry h mod M, whatever the space says and in whatever order the
    // scenario lists the hosts (Envoy sorts them by the string it hashes).
    void maglevScenarioIsEnvoysTable_data() {
        QTest::addColumn<Ids>("ids");
        QTest::addColumn<std::vector<double>>("weights");
        QTest::addColumn<quint64>("tableSize");
        QTest::addColumn<std::vector<uint32_t>>("expected");  // index into ids per entry
        QTest::addColumn<bool>("reversed");
        for (const bool reversed : {false, true}) {
            const char* order = reversed ? " (hosts listed backwards)" : "";
            QTest::addRow("Basic%s", order)
                << envoyHosts("127.0.0.1:") << std::vector<double>(6, 1.0) << quint64(7)
                << std::vector<uint32_t>{2, 4, 0, 1, 5, 0, 3} << reversed;
            QTest::addRow("BasicWithHostName%s", order)
                << envoyHosts("") << std::vector<double>(6, 1.0) << quint64(7)
                << std::vector<uint32_t>{2, 5, 0, 3, 4, 1, 0} << reversed;
            QTest::addRow("Weighted%s", order)
                << Ids{"127.0.0.1:90", "127.0.0.1:91"} << std::vector<double>{1, 2} << quint64(17)
                << std::vector<uint32_t>{1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1}
                << reversed;
        }
    }
    void maglevScenarioIsEnvoysTable() {
        QFETCH(Ids, ids);
        QFETCH(std::vector<double>, weights);
        QFETCH(quint64, tableSize);
        QFETCH(std::vector<uint32_t>, expected);
        QFETCH(bool, reversed);
        Ids listed = ids;
        std::vector<double> listedWeights = weights;
        if (reversed) {
            std::reverse(listed.begin(), listed.end());
            std::reverse(listedWeights.begin(), listedWeights.end());
        }
        Scenario s = withNodes(Algorithm::Maglev, listed, listedWeights);
        s.params.edit<MaglevParams>().tableSize = tableSize;
        s.space = 100;  // never applied to Maglev's hashes
        std::vector<uint64_t> hashes(3 * tableSize);
        std::iota(hashes.begin(), hashes.end(), 0);
        hashes.push_back(kMax);
        hashes.push_back(kMax - 100);
        rawHashKeys(s, hashes);
        const Placed p(s);
        const auto* maglev = p.placement.stateAs<MaglevPlacement>();
        QVERIFY(maglev);
        QCOMPARE(maglev->tableSize(), tableSize);
        for (size_t k = 0; k < hashes.size(); ++k) {
            QCOMPARE(p.owners(k), ids[expected[hashes[k] % tableSize]]);
        }
        // The table per node against M·w/Σw, for the view.
        for (uint32_t n = 0; n < listed.size(); ++n) {
            const auto it = std::find(ids.begin(), ids.end(), listed[n]);
            const auto index = uint32_t(it - ids.begin());
            QCOMPARE(maglev->table().entryCount(n),
                     uint64_t(std::count(expected.begin(), expected.end(), index)));
        }
        QCOMPARE(maglev->fillSteps(p.placement.nodeSet()).size(), size_t(tableSize));
    }

    void maglevReplicasAreEnvoysRetryWalk() {
        // BasicWithRetryHostPredicate: hash 10 picks :91, then :90, then :95.
        Scenario s = withNodes(Algorithm::Maglev, envoyHosts("127.0.0.1:"));
        s.params.edit<MaglevParams>().tableSize = 7;
        s.replicas = 3;
        rawHashKeys(s, {10});
        QCOMPARE(Placed(s).owners(0), std::string("127.0.0.1:91,127.0.0.1:90,127.0.0.1:95"));
    }

    void maglevErrors() {
        Scenario s = withNodes(Algorithm::Maglev, envoyHosts("127.0.0.1:"));
        s.params.edit<MaglevParams>().tableSize = 8;  // NoPrimeNumber
        QCOMPARE(errorOf([&] { Placement::build(s); }),
                 QStringLiteral("maglev.tableSize: The table size of maglev must be prime number"));
        // More nodes than entries: some hold none, so they cannot be replicas.
        s = withNodes(Algorithm::Maglev, {"a", "b", "c", "d"});
        s.params.edit<MaglevParams>().tableSize = 2;
        s.replicas = 3;
        QCOMPARE(errorOf([&] { Placement::build(s); }),
                 QStringLiteral("replicas: replicas 3 is more than the 2 nodes that hold entries "
                                "of the 2-entry table"));
    }

    // ring_hash_lb_test.cc's Basic and BasicWithHostname through a scenario with the envoy token
    // scheme (minimum_ring_size 12): the ring and its lookups, in the full 64-bit space.
    void envoyRingScenario_data() {
        QTest::addColumn<Ids>("ids");
        QTest::addColumn<std::vector<uint64_t>>("positions");
        QTest::addColumn<std::vector<uint32_t>>("nodes");
        QTest::addColumn<std::vector<uint64_t>>("lookups");
        QTest::addColumn<std::vector<uint32_t>>("owners");
        QTest::newRow("Basic")
            << envoyHosts("127.0.0.1:")
            << std::vector<uint64_t>{833437586790550860ull,   928266305478181108ull,
                                     1033482794131418490ull,  3551244743356806947ull,
                                     3851675632748031481ull,  5583722120771150861ull,
                                     6311230543546372928ull,  7700377290971790572ull,
                                     13144177310400110813ull, 13444792449719432967ull,
                                     15516499411664133160ull, 16117243373044804889ull}
            << std::vector<uint32_t>{4, 2, 0, 5, 3, 1, 1, 3, 5, 2, 4, 0}
            << std::vector<uint64_t>{0, kMax, 3551244743356806947ull, 3551244743356806948ull,
                                     16117243373044804880ull}
            << std::vector<uint32_t>{4, 4, 5, 3, 0};
        QTest::newRow("BasicWithHostname")
            << envoyHosts("")
            << std::vector<uint64_t>{1975508444536362413ull,  2376063919839173711ull,
                                     2386806903309390596ull,  6749904478991551885ull,
                                     6803900775736438537ull,  7225015537174310577ull,
                                     8787465352164086522ull,  11282020843382717940ull,
                                     13723418369486627818ull, 13776502110861797421ull,
                                     14338313586354474791ull, 15364271037087512980ull}
            << std::vector<uint32_t>{5, 5, 3, 4, 3, 2, 0, 2, 1, 0, 1, 4}
            << std::vector<uint64_t>{0, kMax, 7225015537174310577ull, 6803900775736438537ull}
            << std::vector<uint32_t>{5, 5, 2, 3};
    }
    void envoyRingScenario() {
        QFETCH(Ids, ids);
        QFETCH(std::vector<uint64_t>, positions);
        QFETCH(std::vector<uint32_t>, nodes);
        QFETCH(std::vector<uint64_t>, lookups);
        QFETCH(std::vector<uint32_t>, owners);
        Scenario s = withNodes(Algorithm::Ring, ids);
        s.tokenScheme = TokenScheme::Envoy;
        s.params.edit<EnvoyRingSizes>() = {12, kEnvoyDefaultMaxRingSize};
        s.space = kSpace64;
        rawHashKeys(s, lookups);
        const Placed p(s);
        const Ring& ring = p.placement.ring();
        QCOMPARE(ring.size(), positions.size());
        for (size_t i = 0; i < ring.size(); ++i) {
            QCOMPARE(ring.position(i), positions[i]);
            QCOMPARE(ring.node(i), nodes[i]);
        }
        for (size_t k = 0; k < lookups.size(); ++k) {
            QCOMPARE(p.owners(k), ids[owners[k]]);
        }
        // Keys hashed with xxh64, Envoy's default hash policy result, go to the first token ≥ h.
        s.keyHash = HashKind::Xxh64;
        s.keys.list = {"GET /", "user:42", "x"};
        const Placed q(s);
        for (size_t k = 0; k < q.keys.size(); ++k) {
            QCOMPARE(q.assignment.primary(k), ring.owner(xxh64(q.keys.names[k])));
        }
        // Envoy's constructor check, word for word.
        s.params.edit<EnvoyRingSizes>() = {100, 10};
        QCOMPARE(errorOf([&] { Placement::build(s); }),
                 QStringLiteral("tokens.minRingSize: ring hash: minimum_ring_size (100) > "
                                "maximum_ring_size (10)"));
    }

    void envoyRingWithWeightsAndExplicitTokens() {
        // Weights 1 and 3 normalise to 0.25 and 0.75: scale = ceil(0.25 · 1024) / 0.25 = 1024, so
        // 256 and 768 hashes. A node with explicit tokens keeps them and is not in Envoy's ring.
        Scenario s =
            withNodes(Algorithm::Ring, {"10.0.0.1:80", "10.0.0.2:80", "pinned"}, {1, 3, 1});
        s.tokenScheme = TokenScheme::Envoy;
        s.space = kSpace64;
        s.nodes[2].tokens = {12345};
        const Placement p = Placement::build(s);
        const auto counts = [&](uint32_t n) {
            const auto nodes = p.ring().nodes();
            return size_t(std::count(nodes.begin(), nodes.end(), n));
        };
        QCOMPARE(counts(0), size_t(256));
        QCOMPARE(counts(1), size_t(768));
        QCOMPARE(counts(2), size_t(1));
        QCOMPARE(p.ring().positionsOf(1)[5], xxh64("10.0.0.2:80_5"));
    }

    // Redis Cluster: redis-slot into 16,384 slots whatever the file says; redis.io's slots on the
    // redis-cli split (0–5460, 5461–10922, 10923–16383) and on explicit ranges.
    void redisClusterScenario() {
        Scenario s = withNodes(Algorithm::RedisCluster, {"m1", "m2", "m3"});
        s.keyHash = HashKind::Xxh64;  // ignored
        s.space = 100;                // ignored
        s.keys.kind = KeySetSpec::Kind::List;
        s.keys.list = {"somekey", "foo{hash_tag}", "{user1}.following", "bar{hash_tag}"};
        const Placed p(s);
        QCOMPARE(p.placement.keyHash(), HashKind::RedisSlot);
        QCOMPARE(p.placement.space(), uint64_t(kRedisSlots));
        QCOMPARE(p.hashed.hash64, (std::vector<uint64_t>{11058, 2515, 8106, 2515}));
        for (size_t k = 0; k < 4; ++k)
            QCOMPARE(p.hashed.positionOf(k), p.hashed.hash64[k]);
        QCOMPARE(p.owners(0), std::string("m3"));
        QCOMPARE(p.owners(1), std::string("m1"));
        QCOMPARE(p.owners(2), std::string("m2"));
        QVERIFY(p.placement.stateAs<RedisClusterPlacement>()->defaultSplit());
        // Mid-reshard: m1 has given 0–999 to m4.
        s.nodes.push_back(NodeSpec{"m4", 1.0, {}, {}, {}});
        s.nodes[0].params.edit<RedisSlots>().ranges = {{1000, 5460}};
        s.nodes[1].params.edit<RedisSlots>().ranges = {{5461, 10922}};
        s.nodes[2].params.edit<RedisSlots>().ranges = {{10923, 16383}};
        s.nodes[3].params.edit<RedisSlots>().ranges = {{0, 999}};
        s.keys.list = {"foo{hash_tag}", "06S", "Qi", "somekey"};  // slots 2515, 0, 1, 11058
        const Placed q(s);
        QCOMPARE(q.owners(0), std::string("m1"));
        QCOMPARE(q.owners(1), std::string("m4"));
        QCOMPARE(q.owners(2), std::string("m4"));
        QCOMPARE(q.owners(3), std::string("m3"));
        QCOMPARE(q.placement.stateAs<RedisClusterPlacement>()->slotMap().slotCount(3), 1000u);
    }

    void redisSlotErrorsNameSlotAndNodes() {
        Scenario s = withNodes(Algorithm::RedisCluster, {"m1", "m2"});
        s.nodes[0].params.edit<RedisSlots>().ranges = {{0, 9000}};
        s.nodes[1].params.edit<RedisSlots>().ranges = {{8000, 16383}};
        QCOMPARE(errorOf([&] { Placement::build(s); }),
                 QStringLiteral("nodes[1] (m2).slots[0]: slot 8000 is owned by both \"m1\" and "
                                "\"m2\""));
        s.nodes[1].params.edit<RedisSlots>().ranges = {{9001, 16000}};
        QCOMPARE(errorOf([&] { Placement::build(s); }),
                 QStringLiteral("slots: slots 16001-16383 are owned by no node"));
        s.replicas = 2;
        QCOMPARE(errorOf([&] { validate(s); }),
                 QStringLiteral("replicas: a Redis Cluster slot lives on one master (its replicas "
                                "copy that master, they own no slots); set replicas to 1, not 2"));
    }

    // Resharding moves slot ranges; diff then moves exactly the keys of those slots, with their
    // bytes.
    void reshardMovesSlotsAndTheirKeys() {
        Scenario s = withNodes(Algorithm::RedisCluster, {"m1", "m2", "m3"});
        s.keys.pattern = "user:{i}";
        s.keys.count = 4000;
        s.keys.sizes.kind = SizeSpec::Kind::Uniform;
        s.keys.sizes.min = 100;
        s.keys.sizes.max = 200;
        QCOMPARE(slotBoundaries(s), (std::vector<uint32_t>{0, 5461, 10923}));
        Scenario after = s;
        moveSlots(after, {5000, 5460}, 1);  // m1's last 461 slots go to m2
        QCOMPARE(after.nodes[0].params.get<RedisSlots>().ranges,
                 (std::vector<SlotRange>{{0, 4999}}));
        QCOMPARE(after.nodes[1].params.get<RedisSlots>().ranges,
                 (std::vector<SlotRange>{{5000, 10922}}));
        QCOMPARE(after.nodes[2].params.get<RedisSlots>().ranges,
                 (std::vector<SlotRange>{{10923, 16383}}));
        const Placed a(s), b(after);
        const DiffResult d = diff(a.placement, a.assignment, b.placement, b.assignment, a.keys);
        size_t expected = 0;
        uint64_t bytes = 0;
        for (size_t k = 0; k < a.keys.size(); ++k) {
            const uint32_t slot = redisSlot(a.keys.names[k]);
            if (slot >= 5000 && slot <= 5460) {
                ++expected;
                bytes += a.keys.sizes[k];
            }
        }
        QVERIFY(expected > 50);
        QCOMPARE(d.primaryMoved, expected);
        QCOMPARE(d.bytesMoved, bytes);
        QCOMPARE(d.idealFraction, 461.0 / 16384);  // the slots' share, not the nodes' weights
        // The same by dragging the boundary at 5461 back to 5000, and on again.
        Scenario dragged = s;
        moveSlotBoundary(dragged, 5461, 5000);
        QCOMPARE(dragged.nodes, after.nodes);
        moveSlotBoundary(dragged, 5000, 6000);
        QCOMPARE(dragged.nodes[0].params.get<RedisSlots>().ranges,
                 (std::vector<SlotRange>{{0, 5999}}));
        QCOMPARE(dragged.nodes[1].params.get<RedisSlots>().ranges,
                 (std::vector<SlotRange>{{6000, 10922}}));
        // The boundary at 0 wraps: moving it back gives m1 the top of m3's range.
        Scenario wrapped = s;
        moveSlotBoundary(wrapped, 0, 16000);
        QCOMPARE(wrapped.nodes[0].params.get<RedisSlots>().ranges,
                 (std::vector<SlotRange>{{0, 5460}, {16000, 16383}}));
        QCOMPARE(wrapped.nodes[2].params.get<RedisSlots>().ranges,
                 (std::vector<SlotRange>{{10923, 15999}}));
        // What a boundary move does, as the Redis view previews it before the edit.
        const Placement placed = Placement::build(s);
        const auto owners = placed.stateAs<RedisClusterPlacement>()->slotMap().owners();
        const std::vector<uint32_t> bounds = slotBoundaries(s);
        QCOMPARE(slotBoundaryMove(owners, bounds, 5461, 5000), (SlotBoundaryMove{5000, 461, 0, 1}));
        QCOMPARE(slotBoundaryMove(owners, bounds, 5461, 6000), (SlotBoundaryMove{5461, 539, 1, 0}));
        QCOMPARE(slotBoundaryMove(owners, bounds, 0, 16000), (SlotBoundaryMove{16000, 384, 2, 0}));
        QCOMPARE(slotBoundaryMove(owners, bounds, 5461, 5461).count, 0u);
        // A boundary cannot pass its neighbours, and only boundaries move; nothing changes.
        Scenario same = s;
        QCOMPARE(errorOf([&] { moveSlotBoundary(same, 5461, 11000); }),
                 QStringLiteral("slots: the boundary at slot 5461 can move between slots 0 and "
                                "10923 (its neighbours), not to 11000"));
        QCOMPARE(errorOf([&] { moveSlotBoundary(same, 5462, 5470); }),
                 QStringLiteral("slots: no range of one node ends where another's begins at "
                                "slot 5462"));
        QCOMPARE(errorOf([&] {
                     moveSlots(same, {9, 3}, 0);
                 }),
                 QStringLiteral("slots: slot range 9-3 must run upwards within 0-16383"));
        QCOMPARE(same, s);
    }

    // Cassandra: signed tokens, murmur3-cassandra over CQL int keys, (previous token, token].
    void cassandraScenario() {
        Scenario s = withNodes(Algorithm::Ring, {"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"});
        s.space = kSpaceSigned64;
        s.keyHash = HashKind::Murmur3Cassandra;
        s.keyEncoding = KeyEncoding::Int32;
        const int64_t tokens[] = {-5000000000000000000LL, -3500000000000000000LL, 0,
                                  -7160136740246525330LL};
        for (size_t n = 0; n < 4; ++n) {
            s.nodes[n].tokens = {signed64ToPosition(tokens[n])};
        }
        s.keys.kind = KeySetSpec::Kind::List;
        // Tokens −3485513579396041028, −4069959284402364209, −7160136740246525330 (the last one
        // exactly on 10.0.0.4's token, so it owns it), and 3 (9010454139840013625) above every
        // token.
        s.keys.list = {"0", "1", "42", "3"};
        const Placed p(s);
        QCOMPARE(int64_t(p.hashed.hash64[0]), -3485513579396041028LL);
        QCOMPARE(int64_t(p.hashed.hash64[1]), -4069959284402364209LL);
        QCOMPARE(int64_t(p.hashed.hash64[2]), -7160136740246525330LL);
        QCOMPARE(positionToSigned64(p.hashed.positionOf(2)), -7160136740246525330LL);
        QCOMPARE(p.owners(0), std::string("10.0.0.3"));
        QCOMPARE(p.owners(1), std::string("10.0.0.2"));
        QCOMPARE(p.owners(2), std::string("10.0.0.4"));
        QCOMPARE(int64_t(p.hashed.hash64[3]), 9010454139840013625LL);
        QCOMPARE(p.owners(3), std::string("10.0.0.4"));  // wraps to the lowest token
        QCOMPARE(formatPosition(p.placement.ring().position(0), s.space),
                 std::string("-7160136740246525330"));
        // A key the encoding cannot read is named with its source and line.
        KeySet file = decorateKeys(std::vector<std::string>{"7", "12x"}, {}, {}, 1);
        file.lines = std::vector<uint32_t>{1, 3};
        file.source = {KeySource::Kind::File, "keys.txt"};
        QCOMPARE(errorOf([&] { hashKeys(file, p.placement.keyHashing()); }),
                 QStringLiteral("keys.txt:3: key \"12x\" is not a decimal int32 (-2147483648 to "
                                "2147483647) (keyEncoding int32)"));
        // Under identity a signed64 key is a raw token.
        s.keyHash = HashKind::Identity;
        s.keys.list = {"-7160136740246525330", "-7160136740246525331", "1"};
        const Placed raw(s);
        QCOMPARE(raw.owners(0), std::string("10.0.0.4"));
        QCOMPARE(raw.owners(1), std::string("10.0.0.4"));
        QCOMPARE(raw.owners(2), std::string("10.0.0.4"));
        QCOMPARE(errorOf([&] {
                     Placed{[&] {
                         Scenario t = s;
                         t.keys.list = {"x"};
                         return t;
                     }()};
                 }),
                 QStringLiteral("key 0: key \"x\" is not a decimal signed 64-bit integer (keyHash "
                                "identity, space signed64)"));
    }

    void cassandraRackAwareReplicas() {
        // 6 nodes × 16 tokens in 3 racks, RF 3 with zone-aware placement: every key's replicas
        // sit in three different racks.
        Scenario s;
        s.space = kSpaceSigned64;
        s.keyHash = HashKind::Murmur3Cassandra;
        s.replicas = 3;
        s.zoneAware = true;
        SplitMix64 rng(7);
        for (int n = 0; n < 6; ++n) {
            NodeSpec node;
            node.id = "10.0.0." + std::to_string(n + 1);
            node.zone = "dc1/rack" + std::to_string(n % 3 + 1);
            for (int t = 0; t < 16; ++t) {
                node.tokens.push_back(rng.next());
            }
            s.nodes.push_back(node);
        }
        s.keys.pattern = "user-{i}";
        s.keys.count = 2000;
        const Placed p(s);
        for (size_t k = 0; k < p.keys.size(); ++k) {
            std::set<std::string> racks;
            for (const uint32_t n : p.assignment.ownersOf(k)) {
                racks.insert(p.placement.nodes()[n].zone);
            }
            QCOMPARE(racks.size(), size_t(3));
        }
    }

    // Bounded loads through the scenario: assign() is the bounded placement (keys in key-set
    // order, Zipf requests as their weights), every node stays within its capacity, and a huge
    // factor is the plain placement.
    void boundedLoads_data() {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<bool>("zipf");
        for (const Algorithm a : {Algorithm::Ring, Algorithm::Maglev}) {
            for (const bool zipf : {false, true}) {
                QTest::addRow("%s%s", algorithmName(a).data(), zipf ? " zipf" : "")
                    << int(a) << zipf;
            }
        }
    }
    void boundedLoads() {
        QFETCH(int, algorithm);
        QFETCH(bool, zipf);
        Scenario s = test::vnodeRing(8, 4, Algorithm(algorithm));
        s.params.edit<MaglevParams>().tableSize = 251;
        s.nodes[2].weight = 2;
        s.keys.pattern = "k{i}";
        s.keys.count = 5000;
        if (zipf) {
            s.keys.popularity.kind = PopularitySpec::Kind::Zipf;
            s.keys.popularity.s = 0.8;
            s.keys.popularity.requests = 5000;
        }
        const Placed plain(s);
        s.boundedLoadPercent = 125;
        const Placed bounded(s);
        const auto result = bounded.placement.boundedLoads(bounded.hashed);
        QVERIFY(result);
        QCOMPARE(bounded.assignment.owners, result->owner);
        QCOMPARE(result->placed, zipf ? std::accumulate(bounded.keys.requests.begin(),
                                                        bounded.keys.requests.end(), 0.0)
                                      : 5000.0);
        if (!zipf) {  // unit weights always fit (bounded_load.h)
            for (size_t n = 0; n < result->load.size(); ++n) {
                QVERIFY(result->load[n] <= result->capacity[n]);
            }
            QVERIFY(result->overCapacity.empty());
        }
        QVERIFY(!result->displaced.empty());
        // The first choice is the plain placement's owner; displaced keys are the rest.
        size_t away = 0;
        for (size_t k = 0; k < plain.keys.size(); ++k) {
            QCOMPARE(result->firstChoice[k], plain.assignment.primary(k));
            away += result->owner[k] != result->firstChoice[k] ? 1 : 0;
        }
        QCOMPARE(away, result->displaced.size());
        // Without bounded loads there is nothing to report; with c → ∞ nothing moves.
        QVERIFY(!plain.placement.boundedLoads(plain.hashed));
        s.boundedLoadPercent = kMaxBalanceFactorPercent;
        QCOMPARE(Placed(s).assignment.owners, plain.assignment.owners);
    }
};

QTEST_GUILESS_MAIN(TestProfiles)
#include "tst_profiles.moc"
