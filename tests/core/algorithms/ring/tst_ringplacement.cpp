// The ring placement (algorithms/ring): replica walks over distinct nodes and zones, and what it
// refuses.
#include <QTest>

#include "algorithms/ring/ringplacement.h"
#include "ringscope/diff.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestRingPlacement : public QObject {
    Q_OBJECT
private slots:
    void zoneAwareReplicas() {
        // Walk from 10: A(z1)@20, B(z1)@40, C(z2)@60, D(z2)@80, E(z3)@90.
        Scenario s =
            explicitRing({{"A", {20}}, {"B", {40}}, {"C", {60}}, {"D", {80}}, {"E", {90}}}, 3);
        const char* zones[] = {"z1", "z1", "z2", "z2", "z3"};
        for (size_t i = 0; i < 5; ++i) {
            s.nodes[i].zone = zones[i];
        }
        QCOMPARE(ownersAt(Placement::build(s), 10), "A,B,C");  // zones off: plain walk
        s.zoneAware = true;
        const Placement p = Placement::build(s);
        QCOMPARE(ownersAt(p, 10), "A,C,E");  // one per zone
        s.replicas = 4;  // no fourth zone: fall back to distinct nodes in walk order
        QCOMPARE(ownersAt(Placement::build(s), 10), "A,C,E,B");
        // The walk marks skipped tokens.
        std::vector<size_t> visited;
        std::vector<bool> chosen;
        p.ring().walk(0, 3, p.zoneOf(), visited, chosen);
        QCOMPARE(visited, (std::vector<size_t>{0, 1, 2, 3, 4}));
        QCOMPARE(chosen, (std::vector<bool>{true, false, true, false, true}));
    }

    void replicaWalkSkipsSameNode() {
        const Placement p =
            Placement::build(explicitRing({{"A", {20, 40}}, {"B", {60}}, {"C", {90}}}, 2));
        QCOMPARE(ownersAt(p, 30), "A,B");
        QCOMPARE(ownersAt(p, 95), "A,B");
        std::vector<size_t> visited;
        std::vector<bool> chosen;
        p.ring().walk(0, 2, {}, visited, chosen);
        QCOMPARE(visited, (std::vector<size_t>{0, 1, 2}));
        QCOMPARE(chosen, (std::vector<bool>{true, false, true}));
    }

    void errors_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("message");
        QTest::newRow("duplicate token")
            << 0 << "nodes[1] (B).tokens[0]: token 20 of node \"B\" collides with node \"A\"";
        QTest::newRow("outside space")
            << 1 << "nodes[0] (A).tokens[0]: token 100 is outside the hash space [0, 100)";
        QTest::newRow("replicas 0") << 2 << "replicas: must be at least 1, not 0";
        QTest::newRow("replicas > nodes") << 3 << "replicas: replicas 4 is more than the 3 nodes";
        QTest::newRow("empty") << 4 << "nodes: the node list is empty";
        QTest::newRow("duplicate id") << 5 << "nodes[1] (A).id: duplicate node id \"A\"";
        QTest::newRow("empty id") << 6 << "nodes[1].id: the node id is empty";
        QTest::newRow("zero weight")
            << 7 << "nodes[0] (A).weight: weight must be a finite number greater than 0";
        QTest::newRow("nan weight")
            << 8 << "nodes[0] (A).weight: weight must be a finite number greater than 0";
        QTest::newRow("absurd vnodes")
            << 9 << "nodes[0] (A).vnodes: vnodes must be between 1 and 100000, not 1000000000";
        QTest::newRow("no tokens")
            << 10 << "nodes[0] (A): a ring node needs explicit \"tokens\" or a \"vnodes\" count";
        QTest::newRow("negative weight")
            << 11 << "nodes[0] (A).weight: weight must be a finite number greater than 0";
        QTest::newRow("vnodes x huge weight")
            << 12
            << "nodes[0] (A): needs 2^64 or more ring tokens in all, more than any limit allows "
               "(tokens = 5000000)";
        QTest::newRow("ketama huge weight")
            << 13 << "nodes[0] (A).weight: ketama computes weight shares in single precision";
    }
    void errors() {
        QFETCH(int, which);
        QFETCH(QString, message);
        Scenario s = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}});
        switch (which) {
            case 0:
                s.nodes[1].tokens = {20};
                break;
            case 1:
                s.nodes[0].tokens = {100};
                break;
            case 2:
                s.replicas = 0;
                break;
            case 3:
                s.replicas = 4;
                break;
            case 4:
                s.nodes.clear();
                break;
            case 5:
                s.nodes[1].id = "A";
                break;
            case 6:
                s.nodes[1].id = "";
                break;
            case 7:
                s.nodes[0].weight = 0;
                break;
            case 8:
                s.nodes[0].weight = std::nan("");
                break;
            case 9:
                s.nodes[0].tokens.clear();
                s.nodes[0].vnodes = 1'000'000'000;
                break;
            case 10:
                s.nodes[0].tokens.clear();
                break;
            case 11:
                s.nodes[0].weight = -1;
                break;
            case 12:
                s.nodes[0].tokens.clear();
                s.nodes[0].vnodes = 100;
                s.nodes[0].weight = 1e300;
                break;
            case 13:
                for (NodeSpec& n : s.nodes) {
                    n.tokens.clear();
                }
                s.tokenScheme = TokenScheme::Ketama;
                s.nodes[0].weight = 1e308;
                break;
        }
        const QString error = errorOf([&] { Placement::build(s); });
        QVERIFY2(error.startsWith(message), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRingPlacement)
#include "tst_ringplacement.moc"
