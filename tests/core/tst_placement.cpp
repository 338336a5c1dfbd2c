// A placement (ringscope/placement.h): what every algorithm's placement answers without the
// caller knowing which it is — its nodes and shares, its ring, down nodes, bounded loads, what
// it says about itself.
#include <QTest>

#include <functional>
#include <numeric>

#include "algorithms/maglev/maglevplacement.h"
#include "algorithms/redis-cluster/redisclusterplacement.h"
#include "algorithms/ring/ringplacement.h"
#include "ringscope/keychange.h"
#include "ringscope/registry.h"
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
        const Placement j3 = Placement::build(vnodeRing(3, 8, Algorithm::Jump));
        const Placement j4 = Placement::build(vnodeRing(4, 8, Algorithm::Jump));
        const HashedKeys hashed = hashKeys(keys, j3.keyHashing());
        QVERIFY(!j4.reassignFrom(j3, assignAll(j3, keys), keys.names, hashed));
        const Placement h3 = Placement::build(vnodeRing(3, 8, Algorithm::Rendezvous));
        const Placement h4 = Placement::build(vnodeRing(4, 8, Algorithm::Rendezvous));
        const auto quick = h4.reassignFrom(h3, assignAll(h3, keys), keys.names, hashed);
        QVERIFY(quick.has_value());
        QVERIFY(quick->owners == assignAll(h4, keys).owners);
    }

    // A ring follows any edit of its tokens from the owners before it, for every token scheme
    // (the nearer-token rule with one replica): what it gives is what assigning anew gives, key by
    // key and replica by replica, and the cost model says so before anything is built.
    void ringFollowsEveryEdit_data() {
        QTest::addColumn<int>("scheme");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<bool>("zones");
        for (const auto& row : kTokenSchemes) {
            const std::string name(row.name());
            QTest::addRow("%s", name.c_str()) << int(row.value) << 1 << false;
            if (row.module().traits().lookup == LookupRule::Successor) {
                QTest::addRow("%s R=3 zones", name.c_str()) << int(row.value) << 3 << true;
            }  // else ringFollowsNotEveryRing
        }
    }
    void ringFollowsEveryEdit() {
        QFETCH(int, scheme);
        QFETCH(int, replicas);
        QFETCH(bool, zones);
        Scenario base = vnodeRing(6, 24);
        base.tokenScheme = static_cast<TokenScheme>(scheme);
        base.replicas = replicas;
        base.zoneAware = zones;
        // Weights as the scheme takes them (whole numbers, at most its maximum).
        const WeightRule& rule = tokenSchemeOf(base).traits().weights;
        const double heaviest = rule.max > 0 ? rule.max : 5;
        const auto weight = [&](double w) { return std::min(w, heaviest); };
        for (size_t n = 0; n < base.nodes.size(); ++n) {
            base.nodes[n].id = "10.0.0." + std::to_string(n + 1) + ":11211";
            base.nodes[n].weight = weight(1.0 + double(n % 3));
            base.nodes[n].zone = "az-" + std::to_string(n % 3);
        }
        base.keys.pattern = "user:{i}";
        base.keys.count = 4000;
        const Placement before = Placement::build(base);
        const KeySet keys = generateKeys(base.keys);
        const HashedKeys hashed = hashKeys(keys, before.keyHashing());
        const Assignment a = assign(before, keys.names, hashed);

        using Edit = std::pair<const char*, std::function<void(Scenario&)>>;
        const std::vector<Edit> edits = {
            {"add a node",
             [](Scenario& s) {
                 NodeSpec n = s.nodes[1];
                 n.id = "10.0.0.9:11211";
                 s.nodes.push_back(n);
             }},
            {"insert a node first",
             [](Scenario& s) {
                 NodeSpec n = s.nodes[1];
                 n.id = "10.0.0.8:11211";
                 s.nodes.insert(s.nodes.begin(), n);
             }},
            {"remove the first node", [](Scenario& s) { s.nodes.erase(s.nodes.begin()); }},
            {"remove a middle node", [](Scenario& s) { s.nodes.erase(s.nodes.begin() + 3); }},
            {"remove the last node", [](Scenario& s) { s.nodes.pop_back(); }},
            {"a vnode more", [](Scenario& s) { s.nodes[2].vnodes = *s.nodes[2].vnodes + 1; }},
            {"a vnode less", [](Scenario& s) { s.nodes[4].vnodes = *s.nodes[4].vnodes - 1; }},
            {"a weight", [&](Scenario& s) { s.nodes[2].weight = weight(s.nodes[2].weight + 3); }},
            {"a node down", [](Scenario& s) { s.nodes[1].down = true; }},
            {"a rename", [](Scenario& s) { s.nodes[5].id = "10.0.0.7:11211"; }},
            {"a node down, a node more",
             [](Scenario& s) {
                 s.nodes[3].down = true;
                 NodeSpec n = s.nodes[1];
                 n.id = "10.0.0.9:11211";
                 s.nodes.push_back(n);
             }},
        };
        for (const auto& [what, change] : edits) {
            Scenario next = base;
            change(next);
            const Placement after = Placement::build(next);
            const Assignment fresh = assign(after, keys.names, hashed);
            ChangedKeys changed;
            const auto quick = after.reassignFrom(before, a, keys.names, hashed, &changed);
            QVERIFY2(quick.has_value(), what);
            QVERIFY2(quick->replicas == fresh.replicas, what);
            QVERIFY2(quick->owners == fresh.owners, what);
            // Where keys can have changed: ascending ranges of ranks; every key outside them has
            // its owners from before, renumbered by id; a tracker that compares only the keys
            // inside them classifies every key as the one that compares them all.
            QVERIFY2(changed.has_value(), what);
            std::vector<bool> inside(keys.size(), false);
            size_t end = 0;
            for (const KeyRange& r : *changed) {
                QVERIFY2(end <= r.first && r.first < r.last && r.last <= keys.size(), what);
                end = r.last;
                for (size_t rank = r.first; rank < r.last; ++rank) {
                    inside[hashed.byPosition[rank]] = true;
                }
            }
            const std::vector<uint32_t> byId = nodeRenumbering(before, after);
            for (size_t k = 0; k < keys.size(); ++k) {
                if (!inside[k]) {
                    const auto was = a.ownersOf(k);
                    const auto now = fresh.ownersOf(k);
                    for (size_t i = 0; i < was.size(); ++i) {
                        QVERIFY2(byId[was[i]] == now[i], what);
                    }
                }
            }
            const auto shared = std::make_shared<const Assignment>(a);
            const ChangeTracker every(before, shared, after, fresh);
            const ChangedRanks ranks{*changed, hashed.byPosition};
            const ChangeTracker within(before, shared, after, fresh, NodeMatch::ById, &ranks);
            QVERIFY2(within.changedRanks() && every.changedRanks() == nullptr, what);
            QVERIFY2(within.primaryMoved() == every.primaryMoved() &&
                         within.replicaOnly() == every.replicaOnly(),
                     what);
            for (size_t k = 0; k < keys.size(); ++k) {
                QVERIFY2(within.change(k) == every.change(k), what);
            }
            QVERIFY2(algorithmOf(next).followUnits(base, next, keys.size()).has_value(), what);
            // The live ring (each key's primary in position order) follows the same change.
            if (before.ownsByPosition() && after.ownsByPosition()) {
                const auto shared = std::make_shared<const HashedKeys>(hashed);
                LiveRing live(before.ring(), shared);
                const std::optional<RingChange> change = ringChange(before, after, hashed);
                QVERIFY2(change.has_value(), what);
                live.follow(after.ring(), change->renumber, change->ranges, change->rows,
                            change->replicas);
                const LiveRing fresh(after.ring(), shared);
                QVERIFY2(std::ranges::equal(live.sortedOwners(), fresh.sortedOwners()), what);
                std::vector<uint64_t> a(live.keysPerNode().begin(), live.keysPerNode().end());
                std::vector<uint64_t> b(fresh.keysPerNode().begin(), fresh.keysPerNode().end());
                a.resize(after.nodes().size());
                b.resize(after.nodes().size());
                QVERIFY2(a == b, what);
            }
        }
    }

    // The nearer rule's pieces end at midpoints, so the edges are where they can go wrong: tokens
    // on one position (HAProxy's 16 points a unit of weight crowd a small space), ties at a
    // midpoint, the gap past the last token round to the first (in the whole 2^64 too), one
    // position alone, down nodes whose points leave the tree, a switch from the successor rule.
    // Each edit followed from the owners before it equals assigning anew, key by key.
    void ringFollowsNearerAtTheEdges_data() {
        QTest::addColumn<quint64>("space");
        QTest::addRow("211") << quint64(211);  // 144 to 192 tokens: many share a position
        QTest::addRow("256") << quint64(256);
        QTest::addRow("1000") << quint64(1000);
        QTest::addRow("2^32") << quint64(uint64_t{1} << 32);
        QTest::addRow("2^64") << quint64(kSpace64);
    }
    void ringFollowsNearerAtTheEdges() {
        QFETCH(quint64, space);
        const uint64_t last = lastPosition(space);
        Scenario base;
        base.space = space;
        base.tokenScheme = TokenScheme::Haproxy;
        for (int n = 0; n < 5; ++n) {
            NodeSpec node;
            node.id = "10.0.0." + std::to_string(n + 1) + ":80";
            node.weight = 1 + n % 3;
            base.nodes.push_back(node);
        }
        // Identity keys: every position of a small space, and both ends of the large ones.
        base.keyHash = HashKind::Identity;
        base.keys.kind = KeySetSpec::Kind::List;
        for (uint64_t x = 0; x < std::min<uint64_t>(space, 1500); ++x) {
            base.keys.list.push_back(std::to_string(x));
        }
        for (const uint64_t x : {last, last - 1, last / 2, last / 2 + 1, last / 2 - 1}) {
            base.keys.list.push_back(std::to_string(x));
        }
        const KeySet keys = generateKeys(base.keys);
        const auto explicitNode = [](std::string id, std::vector<uint64_t> tokens) {
            NodeSpec node;
            node.id = std::move(id);
            node.tokens = std::move(tokens);
            return node;
        };
        using Edit = std::pair<const char*, std::function<void(Scenario&)>>;
        const std::vector<Edit> edits = {
            {"add a node",
             [](Scenario& s) {
                 s.nodes.push_back(s.nodes[1]);
                 s.nodes.back().id = "10.0.0.9:80";
             }},
            {"remove the first node", [](Scenario& s) { s.nodes.erase(s.nodes.begin()); }},
            {"a weight", [](Scenario& s) { s.nodes[2].weight = 4; }},
            {"a node down", [](Scenario& s) { s.nodes[1].down = true; }},
            {"two nodes down", [](Scenario& s) { s.nodes[1].down = s.nodes[3].down = true; }},
            {"tokens at both ends",
             [&](Scenario& s) {
                 s.nodes.push_back(explicitNode("ends:1", {0, last}));
             }},
            {"a token at the middle",
             [&](Scenario& s) { s.nodes.push_back(explicitNode("mid:1", {last / 2})); }},
            {"one node left",
             [](Scenario& s) { s.nodes.erase(s.nodes.begin() + 1, s.nodes.end()); }},
            {"one position left",
             [&](Scenario& s) { s.nodes = {explicitNode("one:1", {last / 3})}; }},
            {"one token at 0", [&](Scenario& s) { s.nodes = {explicitNode("zero:1", {0})}; }},
            {"two tokens, a tie between them",
             [&](Scenario& s) {
                 s.nodes = {explicitNode("a:1", {0}), explicitNode("b:1", {last - 1})};
             }},
            {"the successor rule", [](Scenario& s) { s.tokenScheme = TokenScheme::Named; }},
        };
        // Every edit from the base, and back to the base from it.
        for (const auto& [what, change] : edits) {
            Scenario next = base;
            if (std::string_view(what) == "the successor rule") {
                for (NodeSpec& n : next.nodes) {
                    n.vnodes = 16;
                }
            }
            change(next);
            for (const auto& [from, to] : {std::pair{base, next}, std::pair{next, base}}) {
                const Placement before = Placement::build(from);
                const Placement after = Placement::build(to);
                const HashedKeys hashed = hashKeys(keys, before.keyHashing());
                const Assignment a = assign(before, keys.names, hashed);
                const Assignment fresh = assign(after, keys.names, hashed);
                ChangedKeys changed;
                const auto quick = after.reassignFrom(before, a, keys.names, hashed, &changed);
                QVERIFY2(quick.has_value(), what);
                QVERIFY2(quick->owners == fresh.owners, what);
                QVERIFY2(algorithmOf(to).followUnits(from, to, keys.size()).has_value(), what);
                // Keys outside the changed ranges keep their owners from before, by id.
                std::vector<bool> inside(keys.size(), false);
                for (const KeyRange& r : *changed) {
                    for (size_t rank = r.first; rank < r.last; ++rank) {
                        inside[hashed.byPosition[rank]] = true;
                    }
                }
                const std::vector<uint32_t> byId = nodeRenumbering(before, after);
                for (size_t k = 0; k < keys.size(); ++k) {
                    QVERIFY2(inside[k] || byId[a.primary(k)] == fresh.primary(k), what);
                }
            }
        }
    }

    // What the arc walk gives up on, and the cost model with it: the nearer-token rule with more
    // than one replica (each key's preference order changes between the midpoints of any two
    // tokens, not only neighbours), bounded loads, another replica count.
    void ringFollowsNotEveryRing() {
        const KeySet keys = patternKeys("k{i}", 500);
        Scenario base = vnodeRing(4, 16);
        const auto refused = [&](const Scenario& from, const Scenario& to) {
            const Placement a = Placement::build(from);
            const Placement b = Placement::build(to);
            const HashedKeys hashed = hashKeys(keys, a.keyHashing());
            return !b.reassignFrom(a, assign(a, keys.names, hashed), keys.names, hashed) &&
                   !algorithmOf(to).followUnits(from, to, keys.size());
        };
        Scenario nearer = base;
        nearer.tokenScheme = TokenScheme::Haproxy;
        nearer.replicas = 2;
        Scenario nearer5 = nearer;
        nearer5.nodes.push_back(nearer.nodes[0]);
        nearer5.nodes.back().id = "node-9";
        QVERIFY(refused(nearer, nearer5));
        Scenario bounded = base;
        bounded.boundedLoadPercent = 125;
        QVERIFY(refused(base, bounded));
        Scenario three = base;
        three.replicas = 3;
        QVERIFY(refused(base, three));
    }
};

QTEST_GUILESS_MAIN(TestPlacement)
#include "tst_placement.moc"
