// A placement (ringscope/placement.h): what every algorithm's placement answers without the
// caller knowing which it is — its nodes and shares, its ring, down nodes, bounded loads, what
// it says about itself.
#include <QTest>

#include <numeric>

#include "algorithms/maglev/maglevplacement.h"
#include "algorithms/redis-cluster/redisclusterplacement.h"
#include "algorithms/ring/ringplacement.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestPlacement : public QObject {
    Q_OBJECT
private slots:
    void nodesInScenarioOrder() {
        Scenario s = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, 2);
        s.nodes[0].zone = "az-1";
        s.nodes[1].zone = "az-2";
        s.nodes[2].zone = "az-1";
        s.zoneAware = true;
        s.nodes[1].weight = 2;
        const Placement p = Placement::build(s);
        QCOMPARE(p.algorithm(), Algorithm::Ring);
        QCOMPARE(&p.module(), &moduleOf(Algorithm::Ring));
        QCOMPARE(p.replicas(), size_t{2});
        QCOMPARE(p.nodeIds()[2], std::string("C"));
        QCOMPARE(p.weights()[1], 2.0);
        QCOMPARE(p.nodeIndex("B"), std::optional<uint32_t>(1));
        QVERIFY(!p.nodeIndex("D"));
        QCOMPARE(std::vector<uint32_t>(p.zoneOf().begin(), p.zoneOf().end()),
                 (std::vector<uint32_t>{0, 1, 0}));
        QCOMPARE(p.space(), uint64_t{100});
        QCOMPARE(p.keyHash(), HashKind::Identity);
    }

    // Shares by weight; a down node's go to the live ones.
    void targetShares() {
        Scenario s = vnodeRing(3, 16);
        s.nodes[2].weight = 2;
        QCOMPARE(Placement::build(s).targetShares(), (std::vector<double>{0.25, 0.25, 0.5}));
        s.nodes[0].down = true;
        const Placement p = Placement::build(s);
        QCOMPARE(p.targetShares(), (std::vector<double>{0, 1.0 / 3, 2.0 / 3}));
        QVERIFY(p.anyDown());
        QVERIFY(p.isDown(0) && !p.isDown(1));
        QCOMPARE(p.servesNothing().size(), size_t{3});
    }

    // A Redis master holds its share of the slots, and a down one keeps them (its replica
    // serves them).
    void redisSharesAreSlots() {
        Scenario s = vnodeRing(3, 1, Algorithm::RedisCluster);
        s.nodes[1].down = true;
        const Placement p = Placement::build(s);
        const std::vector<double> shares = p.targetShares();
        QCOMPARE(shares[0], 5461.0 / 16384);
        QCOMPARE(shares[1], 5462.0 / 16384);
        QVERIFY(p.servesNothing().empty());
        QVERIFY(p.stateAs<RedisClusterPlacement>() != nullptr);
        QVERIFY(p.stateAs<MaglevPlacement>() == nullptr);
    }

    // Only a ring has tokens; only a plain ring with every node up owns by position.
    void ringsAndArcs() {
        const Placement ring = Placement::build(vnodeRing(3, 8));
        QVERIFY(ring.hasRing());
        QCOMPARE(ring.ring().size(), size_t{24});
        QVERIFY(ring.ownsByPosition());
        QVERIFY(ring.drawsRingArcs());
        QVERIFY(ring.stateAs<RingPlacement>() != nullptr);

        Scenario bounded = vnodeRing(3, 8);
        bounded.boundedLoadPercent = 125;
        const Placement b = Placement::build(bounded);
        QVERIFY(b.hasRing() && !b.ownsByPosition() && !b.drawsRingArcs());
        QCOMPARE(b.boundedLoadPercent(), std::optional<uint32_t>(125));
        QVERIFY(!b.routesKeysAlone());

        Scenario down = vnodeRing(3, 8);
        down.nodes[0].down = true;
        const Placement d = Placement::build(down);
        QVERIFY(!d.ownsByPosition() && d.drawsRingArcs());

        const Placement hrw = Placement::build(vnodeRing(3, 8, Algorithm::Rendezvous));
        QVERIFY(!hrw.hasRing());
        QVERIFY(hrw.ring().empty());
        QVERIFY(!hrw.ownsByPosition());
        QVERIFY(hrw.routesKeysAlone());
        QVERIFY(!hrw.boundedLoads(HashedKeys{}));
    }

    // What a placement says about itself in the statistics.
    void facts() {
        QVERIFY(Placement::build(vnodeRing(3, 8)).facts().empty());
        Scenario s = vnodeRing(3, 1, Algorithm::Maglev);
        s.params.set(MaglevParams{7});
        const PlacementFacts f = Placement::build(s).facts();
        QCOMPARE(f.heading, std::string("maglev table: 7 entries"));
        QCOMPARE(f.columns.size(), size_t{2});
        const auto& entries = f.columns[0].counts;
        QCOMPARE(std::accumulate(entries.begin(), entries.end(), uint64_t{0}), uint64_t{7});
        QVERIFY(f.summary.contains("maglevTableSize"));
    }

    // Building validates and checks the cost first.
    void buildRefusesWhatValidateRefuses() {
        Scenario s = vnodeRing(3, 8);
        s.replicas = 5;
        QVERIFY(errorOf([&] { Placement::build(s); }).startsWith(QStringLiteral("replicas:")));
        Limits tight;
        tight.set(Limit::Tokens, 10);
        QVERIFY(errorOf([&] {
                    Placement::build(vnodeRing(3, 8), tight);
                }).contains(QStringLiteral("more than the limit tokens = 10")));
    }

    // Only an algorithm with a faster way to follow a change offers one.
    void reassignFrom() {
        const KeySet keys = patternKeys("k{i}", 50);
        const Placement a = Placement::build(vnodeRing(3, 8));
        const Placement b = Placement::build(vnodeRing(4, 8));
        QVERIFY(!b.reassignFrom(a, assignAll(a, keys), keys.names));
        const Placement h3 = Placement::build(vnodeRing(3, 8, Algorithm::Rendezvous));
        const Placement h4 = Placement::build(vnodeRing(4, 8, Algorithm::Rendezvous));
        const auto quick = h4.reassignFrom(h3, assignAll(h3, keys), keys.names);
        QVERIFY(quick.has_value());
        QVERIFY(quick->owners == assignAll(h4, keys).owners);
    }
};

QTEST_GUILESS_MAIN(TestPlacement)
#include "tst_placement.moc"
