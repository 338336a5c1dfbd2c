// Rendezvous hashing: seed 000's asserts, weighted HRW shares and the naive variants.
#include <QTest>

#include <cmath>

#include "algorithms/rendezvous/rendezvous.h"
#include "algorithms/rendezvous/rendezvousplacement.h"
#include "ringscope/hash.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

std::string winner(const std::string& key, std::vector<std::string> nodes) {
    std::vector<double> weights(nodes.size(), 1.0);
    uint32_t out = 0;
    hrwTop(key, nodes, weights, HrwVariant::Plain, {&out, 1});
    return nodes[out];
}

std::vector<double> shares(HrwVariant variant, const std::vector<double>& weights, int keys) {
    std::vector<std::string> nodes;
    for (size_t i = 0; i < weights.size(); ++i) {
        nodes.push_back("node-" + std::to_string(i));
    }
    std::vector<double> count(weights.size());
    for (int k = 0; k < keys; ++k) {
        uint32_t out = 0;
        hrwTop("key-" + std::to_string(k), nodes, weights, variant, {&out, 1});
        ++count[out];
    }
    for (double& c : count) {
        c /= keys;
    }
    return count;
}

}  // namespace

class TestRendezvous : public QObject {
    Q_OBJECT
private slots:
    // Seed 000's HRW example, assert for assert.
    void seed000() {
        QVERIFY(hrwEncode("ab", "c") != hrwEncode("a", "bc"));
        QCOMPARE(hrwEncode("ab", "c"), std::string("\0\0\0\2ab\0\0\0\1c", 11));
        int movedToD = 0;
        for (int i = 0; i < 5000; ++i) {
            const std::string key = "order-" + std::to_string(i);
            const std::string old = winner(key, {"A", "B", "C"});
            const std::string added = winner(key, {"A", "B", "C", "D"});
            QVERIFY(added == old || added == "D");
            movedToD += added == "D";
            QCOMPARE(winner(key, {"C", "B", "A"}), old);
            const std::string removed = winner(key, {"A", "C"});
            QVERIFY(old == "B" || removed == old);
        }
        // About 1/4 of the keys move to D (not exactly 1250).
        QVERIFY2(std::abs(movedToD - 1250) < 150, qPrintable(QString::number(movedToD)));
    }

    void scoreIsSha256OfEncoding() {
        // Python: sha256(b"\0\0\0\x03abc\0\0\0\x01A").hexdigest()
        const Digest256 d = hrwScore("abc", "A");
        QCOMPARE(d, sha256Digest(std::string("\0\0\0\3abc\0\0\0\1A", 12)));
        // The winner has the largest digest.
        const Digest256 b = hrwScore("abc", "B");
        QCOMPARE(winner("abc", {"A", "B"}), std::string(d > b ? "A" : "B"));
    }

    void tiesGoToLargerId() {
        HrwRank same;
        same.digest.fill(7);
        QVERIFY(hrwBetter(same, "B", same, "A", HrwVariant::Plain));
        QVERIFY(!hrwBetter(same, "A", same, "B", HrwVariant::Plain));
    }

    void uniformIsInOpenInterval() {
        Digest256 zeros{};
        Digest256 ones;
        ones.fill(0xff);
        QVERIFY(hrwUniform(zeros) > 0.0);
        QVERIFY(hrwUniform(ones) < 1.0 + 1e-15);
        QVERIFY(std::isfinite(hrwWeightedTime(zeros, 1.0)));
        QVERIFY(hrwWeightedTime(ones, 1.0) >= 0.0);
    }

    void weightedShares() {
        // 200k keys: each node's share within one percentage point of w / sum(w).
        const std::vector<double> w = {1.0, 2.0, 3.0, 4.0};
        const auto got = shares(HrwVariant::Weighted, w, 200000);
        for (size_t i = 0; i < w.size(); ++i) {
            const double ideal = w[i] / 10.0;
            QVERIFY2(std::abs(got[i] - ideal) < 0.01,
                     qPrintable(QStringLiteral("node %1: %2 vs %3").arg(i).arg(got[i]).arg(ideal)));
        }
    }

    void naiveVariantsAreWrong() {
        // score / w gives heavy nodes less; score * w is not proportional to w.
        const std::vector<double> w = {1.0, 3.0};
        const auto divide = shares(HrwVariant::NaiveDivide, w, 20000);
        QVERIFY(divide[1] < divide[0]);
        const auto multiply = shares(HrwVariant::NaiveMultiply, w, 20000);
        QVERIFY(multiply[1] > 0.75 + 0.05);  // ideal is 0.75; U*w gives 5/6
        QVERIFY(std::abs(multiply[1] - 5.0 / 6.0) < 0.02);
    }

    void replicasAreTopR() {
        const std::vector<std::string> nodes = {"A", "B", "C", "D", "E"};
        const std::vector<double> w(5, 1.0);
        for (int k = 0; k < 200; ++k) {
            const std::string key = "k" + std::to_string(k);
            std::vector<uint32_t> top(3);
            hrwTop(key, nodes, w, HrwVariant::Plain, top);
            std::vector<uint32_t> order = {0, 1, 2, 3, 4};
            std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
                return hrwBetter(hrwRank(key, nodes[a], 1, HrwVariant::Plain), nodes[a],
                                 hrwRank(key, nodes[b], 1, HrwVariant::Plain), nodes[b],
                                 HrwVariant::Plain);
            });
            QCOMPARE(top, std::vector<uint32_t>(order.begin(), order.begin() + 3));
        }
    }

    void rendezvousAddThenRemoveEqualsFull() {
        // The desktop program's incremental path (reassignRendezvous) through an add and a
        // removal, against every key's top-R from scratch.
        const KeySet keys = patternKeys("order-{i}", 3000);
        for (Algorithm algorithm : {Algorithm::Rendezvous, Algorithm::WeightedRendezvous}) {
            for (int64_t r : {1, 2}) {
                Scenario s = vnodeRing(0, 0, algorithm);
                s.replicas = r;
                s.nodes = {NodeSpec{"A", 1.0, {}, {}, {}}, NodeSpec{"B", 2.0, {}, {}, {}},
                           NodeSpec{"C", 1.0, {}, {}, {}}};
                const HrwVariant variant = *rendezvousVariant(algorithm);
                const auto check = [&](const Scenario& sc, const Assignment& a) {
                    std::vector<std::string> ids;
                    std::vector<double> w;
                    for (const NodeSpec& n : sc.nodes) {
                        ids.push_back(n.id);
                        w.push_back(n.weight);
                    }
                    std::vector<uint32_t> top(static_cast<size_t>(r));
                    for (size_t k = 0; k < keys.size(); ++k) {
                        hrwTop(keys.names[k], ids, w, variant, top);
                        const auto owners = a.ownersOf(k);
                        QCOMPARE(std::vector<uint32_t>(owners.begin(), owners.end()), top);
                    }
                };
                const Placement p0 = Placement::build(s);
                const Assignment a0 = assignAll(p0, keys);
                Scenario added = s;
                added.nodes.push_back(NodeSpec{"D", 1.0, {}, {}, {}});
                const Placement p1 = Placement::build(added);
                const auto a1 = reassignRendezvous(p0, a0, p1, keys.names);
                QVERIFY(a1.has_value());
                check(added, *a1);
                // Only keys the new node now holds changed.
                const DiffResult d = diff(p0, a0, p1, *a1, keys);
                QVERIFY(!d.changed.empty());
                for (const size_t k : d.changed) {
                    const auto o = a1->ownersOf(k);
                    QVERIFY(std::find(o.begin(), o.end(), 3u) != o.end());
                }
                // Removing A: weights shift with it (node 0 is then B, of weight 2).
                Scenario removed = added;
                removed.nodes.erase(removed.nodes.begin());
                const Placement p2 = Placement::build(removed);
                const auto a2 = reassignRendezvous(p1, *a1, p2, keys.names);
                QVERIFY(a2.has_value());
                check(removed, *a2);
            }
        }
    }

    void reassignRendezvousEqualsFull_data() {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("change");  // 0 append, 1 insert in the middle, 2 remove middle
        for (Algorithm a : {Algorithm::Rendezvous, Algorithm::WeightedRendezvous}) {
            for (int r : {1, 2, 3}) {
                for (int change : {0, 1, 2}) {
                    QTest::addRow("%s R=%d change %d", algorithmName(a).data(), r, change)
                        << int(a) << r << change;
                }
            }
        }
    }
    void reassignRendezvousEqualsFull() {
        QFETCH(int, algorithm);
        QFETCH(int, replicas);
        QFETCH(int, change);
        Scenario s = vnodeRing(6, 0, Algorithm(algorithm));
        s.replicas = replicas;
        for (size_t i = 0; i < s.nodes.size(); ++i) {
            s.nodes[i].weight = 1.0 + double(i % 3);
        }
        Scenario t = s;
        const NodeSpec extra{"new-node", 2.5, {}, {}, {}};
        if (change == 0) {
            t.nodes.push_back(extra);
        } else if (change == 1) {
            t.nodes.insert(t.nodes.begin() + 2, extra);
        } else {
            t.nodes.erase(t.nodes.begin() + 3);
        }
        const KeySet keys = patternKeys("order-{i}", 5000);
        const Placement a = Placement::build(s);
        const Placement b = Placement::build(t);
        const auto quick = reassignRendezvous(a, assignAll(a, keys), b, keys.names);
        QVERIFY(quick.has_value());
        QCOMPARE(quick->owners, assignAll(b, keys).owners);
        // Not a one-node change: no shortcut.
        Scenario u = t;
        u.nodes[0].weight = 9;
        QVERIFY(!reassignRendezvous(a, assignAll(a, keys), Placement::build(u), keys.names));
    }
};

QTEST_GUILESS_MAIN(TestRendezvous)
#include "tst_rendezvous.moc"
