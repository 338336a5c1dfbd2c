// Per-node load and its spread (ringscope/stats.h): shares and ratios against the mean and
// against each node's fair share w/Σw, down nodes, loads summed a batch at a time.
#include <QTest>

#include <cmath>

#include "ringscope/stats.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestStats : public QObject {
    Q_OBJECT
private slots:
    void statsNumbers() {
        const KeySet keys = patternKeys("{i}", 100);
        const Placement p = Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}));
        const Stats s = computeStats(p, assignAll(p, keys), keys);
        QCOMPARE(s.nodes[0].keys, uint64_t(30));  // 0..20 and 91..99
        QCOMPARE(s.nodes[1].keys, uint64_t(40));
        QCOMPARE(s.nodes[2].keys, uint64_t(30));
        QCOMPARE(s.keys.maxOverMean, 1.2);
        QCOMPARE(s.keys.minOverMean, 0.9);
        QVERIFY(std::abs(s.keys.stddevOverMean - std::sqrt(200.0 / 9.0) / (100.0 / 3.0)) < 1e-12);
    }

    // Keys that weigh alike: each node's count gives the same statistics as counting the keys,
    // bit for bit, with unequal weights and a down node.
    void statsFromCountsIsCountingTheKeys() {
        const KeySet keys = patternKeys("user:{i}", 5000);
        Scenario s = vnodeRing(5, 40);
        s.nodes[1].weight = 2;
        s.nodes[3].weight = 3;
        s.nodes[4].down = true;
        const Placement p = Placement::build(s);
        const Assignment a = assignAll(p, keys);
        std::vector<uint64_t> counts(p.nodes().size());
        for (size_t k = 0; k < a.size(); ++k) {
            ++counts[a.primary(k)];
        }
        const Stats slow = computeStats(p, a, keys);
        const Stats fast =
            statsFromCounts(p.nodes().size(), counts, keys, p.weights(), p.servesNothing());
        QCOMPARE(fast.nodes.size(), slow.nodes.size());
        for (size_t n = 0; n < slow.nodes.size(); ++n) {
            QCOMPARE(fast.nodes[n].keys, slow.nodes[n].keys);
            QCOMPARE(fast.nodes[n].bytes, slow.nodes[n].bytes);
            QCOMPARE(fast.nodes[n].requests, slow.nodes[n].requests);
            QCOMPARE(fast.nodes[n].share, slow.nodes[n].share);
            QCOMPARE(fast.nodes[n].fairShare, slow.nodes[n].fairShare);
        }
        QVERIFY(slow.weighted && fast.weighted);
        for (const auto spread : {&Stats::keys, &Stats::bytes, &Stats::requests}) {
            QCOMPARE((fast.*spread).mean, (slow.*spread).mean);
            QCOMPARE((fast.*spread).maxOverIdeal, (slow.*spread).maxOverIdeal);
            QCOMPARE((fast.*spread).stddevOverIdeal, (slow.*spread).stddevOverIdeal);
            QCOMPARE((fast.*spread).minOverMean, (slow.*spread).minOverMean);
        }
    }

    // With equal weights the ideal is the mean, bit for bit.
    void equalWeightsIdealIsMean() {
        const KeySet keys = patternKeys("{i}", 100);
        const Placement p = Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}));
        const Stats s = computeStats(p, assignAll(p, keys), keys);
        QVERIFY(!s.weighted);
        for (const Spread* spread : {&s.keys, &s.bytes}) {
            QCOMPARE(spread->maxOverIdeal, spread->maxOverMean);
            QCOMPARE(spread->minOverIdeal, spread->minOverMean);
            QCOMPARE(spread->stddevOverIdeal, spread->stddevOverMean);
        }
        for (const NodeLoad& load : s.nodes) {
            QCOMPARE(load.fairShare, 1.0 / 3.0);
        }
    }

    // With unequal weights each node is compared with its fair share w/Σw of the keys: B (weight
    // 2) holds 40 of 100 keys where it should hold 50, so B is the cold node, not the hot one.
    void weightedIdeals() {
        const KeySet keys = patternKeys("{i}", 100);
        Scenario s = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}});
        s.nodes[1].weight = 2.0;
        const Placement p = Placement::build(s);
        const Stats st = computeStats(p, assignAll(p, keys), keys);
        QVERIFY(st.weighted);
        QCOMPARE(st.nodes[0].fairShare, 0.25);
        QCOMPARE(st.nodes[1].fairShare, 0.5);
        QCOMPARE(st.nodes[2].fairShare, 0.25);
        // Ideals 25, 50, 25 keys: ratios 30/25, 40/50, 30/25.
        QCOMPARE(st.keys.maxOverIdeal, 1.2);
        QCOMPARE(st.keys.minOverIdeal, 0.8);
        const double mean = (1.2 + 0.8 + 1.2) / 3;
        const double expected =
            std::sqrt((2 * (1.2 - mean) * (1.2 - mean) + (0.8 - mean) * (0.8 - mean)) / 3);
        QVERIFY(std::abs(st.keys.stddevOverIdeal - expected) < 1e-12);
        // The plain mean ratios are still there, and differ.
        QCOMPARE(st.keys.maxOverMean, 1.2);
        QCOMPARE(st.keys.minOverMean, 0.9);
    }

    // A node of weight 0 (HAProxy's drained server) is meant to hold nothing: it has no ratio to
    // an ideal of 0, and the others' ratios are numbers (0/0 made `stats` print "-nan").
    void weightZeroHasNoRatio() {
        const std::vector<double> values{0, 30, 10};
        const std::vector<double> weights{0, 3, 1};
        const Spread s = spreadOf(values, weights);
        QVERIFY(std::isfinite(s.minOverIdeal) && std::isfinite(s.stddevOverIdeal));
        QCOMPARE(s.maxOverIdeal, 1.0);
        QCOMPARE(s.minOverIdeal, 1.0);
        QCOMPARE(s.stddevOverIdeal, 0.0);
    }

    void spreadOfValues() {
        const std::vector<double> values{2, 4, 6};
        const Spread s = spreadOf(values);
        QCOMPARE(s.mean, 4.0);
        QCOMPARE(s.maxOverMean, 1.5);
        QCOMPARE(s.minOverMean, 0.5);
        QVERIFY(std::abs(s.stddevOverMean - std::sqrt(8.0 / 3.0) / 4.0) < 1e-12);
        QVERIFY(!unequalWeights(std::vector<double>{1, 1, 1}));
        QVERIFY(unequalWeights(std::vector<double>{1, 2}));
    }

    // A down node counts no keys and has no fair share; the spread runs over the live nodes.
    void downNodesServeNothing() {
        std::vector<NodeLoad> loads(3);
        addKeyLoad(loads, 0, 10, 1.0);
        addKeyLoad(loads, 2, 30, 3.0);
        addKeyLoad(loads, 2, 30, 3.0);
        const std::vector<uint8_t> down{0, 1, 0};
        const Stats s = statsFromLoads(loads, 3, true, 0, {}, down);
        QCOMPARE(s.nodes[0].keys, uint64_t{1});
        QCOMPARE(s.nodes[2].bytes, uint64_t{60});
        QCOMPARE(s.nodes[1].fairShare, 0.0);
        QCOMPARE(s.nodes[0].fairShare, 0.5);
        QCOMPARE(s.keys.maxOverMean, 2.0 / 1.5);
    }

    // Byte totals stop at 2^64 - 1 and say so.
    void bytesSaturate() {
        std::vector<NodeLoad> loads(1);
        addKeyLoad(loads, 0, UINT64_MAX, 0);
        addKeyLoad(loads, 0, 5, 0);
        QCOMPARE(loads[0].bytes, UINT64_MAX);
        QVERIFY(loads[0].bytesSaturated);
    }
};

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
