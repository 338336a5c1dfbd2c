// The scenario (ringscope/scenario.h): what validate() refuses and how it says so, how keys
// become positions, and a scenario turned to another algorithm.
#include <QTest>

#include "algorithms/jump/jumpplacement.h"
#include "ringscope/scenario.h"
#include "testutil.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;
using namespace ringscope::test;

Q_DECLARE_METATYPE(ringscope::Scenario)

namespace {

Scenario threeNodes(Algorithm algorithm = Algorithm::Ring) {
    Scenario s = explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}});
    s.algorithm = algorithm;
    return s;
}

}  // namespace

class TestScenario : public QObject {
    Q_OBJECT
private slots:
    void validateRefuses_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<QString>("message");
        Scenario s = threeNodes();
        s.nodes.clear();
        QTest::newRow("no nodes") << s << "nodes: the node list is empty; add at least one node";
        s = threeNodes();
        s.nodes[1].id = "A";
        QTest::newRow("duplicate id") << s << "nodes[1] (A).id: duplicate node id \"A\"";
        s = threeNodes();
        s.nodes[2].id = "";
        QTest::newRow("empty id") << s << "nodes[2].id: the node id is empty";
        s = threeNodes();
        s.nodes[0].id = "A\tB";
        QTest::newRow("control character")
            << s << "nodes[0] (\"A\\tB\").id: the node id \"A\\tB\" holds a control character";
        s = threeNodes();
        s.nodes[0].weight = 0;
        QTest::newRow("zero weight")
            << s << "nodes[0] (A).weight: weight must be a finite number greater than 0, not 0";
        s = threeNodes();
        s.nodes[0].vnodes = 0;
        s.nodes[0].tokens.clear();
        QTest::newRow("vnodes")
            << s << "nodes[0] (A).vnodes: vnodes must be between 1 and 100000, not 0";
        s = threeNodes();
        s.nodes[0].vnodes = 3;
        QTest::newRow("tokens and vnodes")
            << s << "nodes[0] (A): give either explicit \"tokens\" or a \"vnodes\" count, not both";
        s = threeNodes();
        s.nodes[1].tokens = {100};
        QTest::newRow("token outside")
            << s << "nodes[1] (B).tokens[0]: token 100 is outside the hash space [0, 100)";
        s = threeNodes();
        s.replicas = 4;
        QTest::newRow("replicas") << s << "replicas: replicas 4 is more than the 3 nodes";
        s = threeNodes();
        s.replicas = 3;
        s.nodes[0].down = true;
        QTest::newRow("down nodes")
            << s
            << "replicas: replicas 3 is more than the 2 nodes that are up; bring a node up or "
               "lower replicas";
        s = threeNodes(Algorithm::Jump);
        s.boundedLoadPercent = 125;
        QTest::newRow("bounded loads")
            << s << "boundedLoad: bounded loads apply to \"ring\" and \"maglev\", not \"jump\"";
        s = threeNodes(Algorithm::RedisCluster);
        s.replicas = 2;
        QTest::newRow("redis replicas")
            << s
            << "replicas: a Redis Cluster slot lives on one master (its replicas copy that "
               "master, they own no slots); set replicas to 1, not 2";
        s = threeNodes(Algorithm::Jump);
        s.params.set(JumpParams{{0, 0, 1}});
        QTest::newRow("jump buckets") << s << "jump.buckets[1]: must name each node exactly once";
        s = threeNodes();
        s.params.edit<NamedTokenParams>().name = "{node}";
        QTest::newRow("token name") << s << "tokens.name: the token name pattern must contain {i}";
    }
    void validateRefuses() {
        QFETCH(Scenario, scenario);
        QFETCH(QString, message);
        QCOMPARE(errorOf([&] { validate(scenario); }), message);
    }

    void validScenariosPass() {
        for (const auto& row : kAlgorithms) {
            Scenario s = threeNodes(row.value);
            validate(s);
        }
    }

    // Keys become positions by the scenario's hash and space, unless the algorithm fixes them.
    void keyHashing() {
        Scenario s = threeNodes();
        QCOMPARE(keyHashingOf(s), (KeyHashing{HashKind::Identity, 100, KeyEncoding::Utf8}));
        s.algorithm = Algorithm::RedisCluster;
        QCOMPARE(keyHashingOf(s), (KeyHashing{HashKind::RedisSlot, 16384, KeyEncoding::Utf8}));
    }

    // A keyHash whose keys are their own positions needs the key pattern "{i}".
    void identityKeys() {
        Scenario s = threeNodes();
        s.keys.pattern = "session-{i}";
        s.keys.count = 10;
        QCOMPARE(errorOf([&] { checkIdentityKeys(s); }),
                 QStringLiteral("keyHash: identity uses each key as its position, so the key "
                                "pattern must be \"{i}\", not \"session-{i}\""));
        s.keyHash = HashKind::Xxh64;
        checkIdentityKeys(s);
    }

    // Turned to another algorithm: the modules' parameters follow (a bucket table stays only
    // from jump to jump), bounded loads stay where they apply, ring nodes get tokens.
    void asAnotherAlgorithm() {
        Scenario jump = threeNodes(Algorithm::Jump);
        jump.params.set(JumpParams{{2, 0, 1}});
        jump.replicas = 2;
        QCOMPARE(asAlgorithm(jump, Algorithm::Jump).params.get<JumpParams>().buckets,
                 (std::vector<uint32_t>{2, 0, 1}));
        QVERIFY(asAlgorithm(jump, Algorithm::ModN).params.get<JumpParams>().buckets.empty());
        QCOMPARE(asAlgorithm(jump, Algorithm::Jump).replicas, int64_t{1});
        QCOMPARE(withAlgorithm(jump, Algorithm::Jump).replicas, int64_t{2});

        Scenario maglev = threeNodes(Algorithm::Maglev);
        maglev.boundedLoadPercent = 125;
        QCOMPARE(asAlgorithm(maglev, Algorithm::Ring).boundedLoadPercent,
                 std::optional<uint32_t>(125));
        QVERIFY(!asAlgorithm(maglev, Algorithm::Rendezvous).boundedLoadPercent);

        Scenario hrw = threeNodes(Algorithm::Rendezvous);
        for (NodeSpec& node : hrw.nodes) {
            node.tokens.clear();
        }
        const Scenario ring = asAlgorithm(hrw, Algorithm::Ring);
        for (const NodeSpec& node : ring.nodes) {
            QCOMPARE(node.vnodes, std::optional<int64_t>(kDefaultVnodes));
        }
        validate(ring);
    }

    void nodesAreNamedInMessages() {
        const Scenario s = threeNodes();
        QCOMPARE(nodeWhere(s, 1), std::string("nodes[1] (B)"));
        QCOMPARE(QString::fromStdString(nodeError(s, 2, "weight", "bad").what()),
                 QStringLiteral("nodes[2] (C).weight: bad"));
        QVERIFY(hasControlCharacter("a\x7f"));
        QVERIFY(hasControlCharacter("a\xc2\x85"));  // U+0085, a C1 control
        QVERIFY(!hasControlCharacter("10.0.0.1:11211 ノード"));
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
