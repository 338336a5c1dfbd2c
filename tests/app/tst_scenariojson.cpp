// The scenario file: lossless round trips and a clear message for every kind of bad input.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "algorithms/jump/jumpplacement.h"
#include "algorithms/maglev/maglevplacement.h"
#include "keyhashes/cassandra/cassandra.h"
#include "ringscope/assign.h"
#include "ringscope/error.h"
#include "ringscope/placement.h"
#include "ringscope/registry.h"
#include "scenariojson.h"
#include "testpaths.h"
#include "tokenschemes/envoy/envoy_ring.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;
using namespace Qt::StringLiterals;

namespace {

QString errorOf(const QByteArray& json) {
    try {
        scenarioFromJson(json);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

Scenario everything() {
    Scenario s;
    s.title = "Every field";
    s.description = "All fields set away from their defaults; ünïcödé too.";
    s.algorithm = Algorithm::WeightedRendezvous;
    s.space = kSpace64;
    s.keyHash = HashKind::Sha256;
    s.replicas = 2;
    s.zoneAware = true;
    s.tokenScheme = TokenScheme::Ketama;
    s.params.edit<NamedTokenParams>().hash = HashKind::Xxh64;
    s.params.edit<NamedTokenParams>().name = "{node}/{i}";
    s.nodes = {
        NodeSpec{"A", 2.5, "az-1", {18446744073709551615ull, 9007199254740993ull, 5}, {}, 0x0A0BFC},
        NodeSpec{"B", 1.0, "az-2", {}, 128}, NodeSpec{"Ç", 0.125, {}, {}, {}}};
    s.keys.kind = KeySetSpec::Kind::Pattern;
    s.keys.pattern = "user:{i}";
    s.keys.count = 12345;
    s.keys.start = 10;
    s.keys.sizes.kind = SizeSpec::Kind::LogNormal;
    s.keys.sizes.mu = 7.5;
    s.keys.sizes.sigma = 1.25;
    s.keys.popularity.kind = PopularitySpec::Kind::Zipf;
    s.keys.popularity.s = 1.1;
    s.keys.popularity.requests = 5e6;
    s.keys.seed = 99;
    return s;
}

}  // namespace

class TestScenarioJson : public QObject {
    Q_OBJECT
private slots:
    // Texts for people are prose: a control character other than a line break or a tab is
    // refused in a scenario's title and description (an escape in a title retitled the
    // terminal); an import quotes the file's names in its title with each one written out.
    void textsHoldNoControlCharacters() {
        // (moc reads a raw string's \u as a character name: these are plain literals)
        QVERIFY(errorOf("{\"format\": \"ringscope/1\", \"title\": \"S\\u001b]0;x\\u0007\", "
                        "\"nodes\": [{\"id\": \"A\"}]}")
                    .contains(u"title: the text \"S\\x1b]0;x\\x07\" holds a control character"_s));
        QVERIFY(errorOf("{\"format\": \"ringscope/1\", \"description\": \"a\\u009bb\", "
                        "\"nodes\": [{\"id\": \"A\"}]}")
                    .contains(u"description: the text \"a\\u009bb\""_s));
        const Scenario prose =
            scenarioFromJson(R"({"format": "ringscope/1", "description": "two\nlines\tand a tab", )"
                             R"("nodes": [{"id": "A"}]})");
        QCOMPARE(prose.description, std::string("two\nlines\tand a tab"));
        QCOMPARE(withControlsEscaped("u\x1b[2J\xc2\x9b\n\x7f"),
                 std::string("u\\x1b[2J\\u009b\n\\x7f"));
        const std::string conf = "upstream u\x1b[2J { hash $uri consistent; server a:80; }\n";
        const Scenario imported =
            importedScenario(*importerNamed("nginx"), conf, "n.conf", "n.conf", {}, Limits());
        QCOMPARE(imported.title, std::string("nginx upstream u\\x1b[2J"));
        QVERIFY(!hasControlCharacter(imported.description, true));
    }
    void roundTrip_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("defaults") << 0;
        QTest::newRow("everything") << 1;
        QTest::newRow("jump table and list keys") << 2;
        QTest::newRow("uniform sizes, file keys, 0-99") << 3;
    }
    void roundTrip() {
        QFETCH(int, which);
        Scenario s;
        s.nodes = {NodeSpec{"n1", 1.0, {}, {}, 1}};
        if (which == 1) {
            s = everything();
        } else if (which == 2) {
            s.algorithm = Algorithm::Jump;
            s.nodes = {NodeSpec{"A", 1, {}, {}, {}}, NodeSpec{"B", 1, {}, {}, {}},
                       NodeSpec{"C", 1, {}, {}, {}}};
            s.params.edit<JumpParams>().buckets = {0, 2};
            s.params.edit<JumpParams>().buckets = {2, 0, 1};
            s.keys.kind = KeySetSpec::Kind::List;
            s.keys.list = {"a", "b", "", "tab\there"};
        } else if (which == 3) {
            s.space = 100;
            s.keyHash = HashKind::Identity;
            s.keys.kind = KeySetSpec::Kind::File;
            s.keys.file = "/tmp/keys.txt";
            s.keys.sizes.kind = SizeSpec::Kind::Uniform;
            s.keys.sizes.min = 10;
            s.keys.sizes.max = 20;
        }
        const QByteArray json = scenarioToJson(s);
        const Scenario back = scenarioFromJson(json);
        QVERIFY2(back == s, json.constData());
        QCOMPARE(scenarioToJson(back), json);
    }

    // Every algorithm (each ring token scheme, and bounded loads where they apply), key hash,
    // key encoding and kind of space of the name tables survives the file and routes: every key
    // gets distinct owners among the nodes, and the file spells the names of the tables.
    void everyAlgorithmRoundTripsAndRoutes_data() {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<int>("scheme");
        QTest::addColumn<bool>("bounded");
        for (const auto& row : kAlgorithms) {
            const bool ring = row.value == Algorithm::Ring;
            for (const auto& scheme : kTokenSchemes) {
                if (!ring && scheme.value != TokenScheme::Named) {
                    continue;
                }
                for (const bool bounded : {false, true}) {
                    if (bounded && !moduleOf(row.value).traits().boundedLoads) {
                        continue;
                    }
                    const std::string name = std::string(row.name()) +
                                             (ring ? " " + std::string(scheme.name()) : "") +
                                             (bounded ? " bounded" : "");
                    QTest::newRow(name.c_str()) << int(row.value) << int(scheme.value) << bounded;
                }
            }
        }
    }
    void everyAlgorithmRoundTripsAndRoutes() {
        QFETCH(int, algorithm);
        QFETCH(int, scheme);
        QFETCH(bool, bounded);
        Scenario s;
        s.algorithm = Algorithm(algorithm);
        s.tokenScheme = TokenScheme(scheme);
        s.params.edit<EnvoyRingSizes>() = {64, 4096};
        s.params.edit<MaglevParams>().tableSize = 251;
        const bool oneOwner = bounded || s.algorithm == Algorithm::RedisCluster;
        s.replicas = oneOwner ? 1 : 2;
        if (bounded) {
            s.boundedLoadPercent = 125;
        }
        // spymemcached names a node by its address: its nodes are addresses.
        const bool addresses = s.tokenScheme == TokenScheme::Spymemcached;
        for (const char* id : {"A", "B", "C"}) {
            NodeSpec node;
            node.id = addresses ? "10.0.0." + std::to_string(id[0] - 'A' + 1) : id;
            if (s.algorithm == Algorithm::Ring && s.tokenScheme == TokenScheme::Named) {
                node.vnodes = 16;
            }
            s.nodes.push_back(node);
        }
        s.keys.pattern = "k{i}";
        s.keys.count = 50;
        const QByteArray json = scenarioToJson(s);
        QVERIFY(json.contains(QByteArray("\"") + algorithmName(s.algorithm).data() + "\""));
        QVERIFY(json.contains(QByteArray("\"") + tokenSchemeName(s.tokenScheme).data() + "\""));
        QCOMPARE(json.contains("\"boundedLoad\""), bounded);
        const Scenario back = scenarioFromJson(json);
        QVERIFY2(back == s, json.constData());
        QCOMPARE(scenarioToJson(back), json);
        const Placement p = Placement::build(back);
        QCOMPARE(p.algorithm(), s.algorithm);
        QCOMPARE(p.boundedLoadPercent(), s.boundedLoadPercent);
        const KeySet keys = scenarioKeys(back);
        const HashedKeys hashed = hashKeys(keys, p.keyHashing());
        const Assignment a = assign(p, keys.names, hashed);
        QCOMPARE(a.size(), keys.size());
        QCOMPARE(a.replicas, size_t(s.replicas));
        for (size_t k = 0; k < a.size(); ++k) {
            const auto owners = a.ownersOf(k);
            QVERIFY(owners[0] < 3);
            if (!oneOwner) {
                QVERIFY(owners[1] < 3 && owners[0] != owners[1]);
            }
            if (!bounded) {  // without bounded loads a key lands on its first choice
                std::vector<uint32_t> routed(a.replicas);
                p.route(keys.names[k], hashed.hash64[k], hashed.positionOf(k), routed);
                QVERIFY(std::equal(routed.begin(), routed.end(), owners.begin()));
            }
        }
        // An algorithm that routes keys alone gives the same owners a batch at a time (what the
        // command-line tool streams).
        if (p.routesKeysAlone()) {
            KeyBatch batch;
            keys.names.forEach(0, keys.size(), [&](size_t k, std::string_view name) {
                batch.add(name, uint32_t(k));
            });
            LargeVector<uint32_t> owners(keys.size() * a.replicas);
            routeBatch(p, batch, keys.source, owners);
            QCOMPARE(owners, a.owners);
        }
        QCOMPARE(p.boundedLoads(hashed).has_value(), bounded);
    }

    // Every key hash in every kind of space: the file keeps the names, keys land at their hash
    // reduced to the space, and a ring with explicit tokens owns them (previous, token].
    void everyHashAndSpaceRoutes_data() {
        QTest::addColumn<int>("hash");
        QTest::addColumn<QString>("space");
        for (const auto& row : kKeyHashes) {
            for (const char* space : {"1000", "2^32", "2^64", "signed64"}) {
                QTest::addRow("%s in %s", row.name().data(), space)
                    << int(row.value) << QString::fromLatin1(space);
            }
        }
    }
    void everyHashAndSpaceRoutes() {
        QFETCH(int, hash);
        QFETCH(QString, space);
        Scenario s;
        s.keyHash = HashKind(hash);
        s.space = *parseSpace(space.toStdString());
        // Three explicit tokens spread over the space, written as the space writes positions.
        const uint64_t third = lastPosition(s.space) / 3;
        s.nodes = {NodeSpec{"A", 1.0, {}, {third}, {}}, NodeSpec{"B", 1.0, {}, {2 * third}, {}},
                   NodeSpec{"C", 1.0, {}, {lastPosition(s.space)}, {}}};
        s.keys.pattern = s.keyHash == HashKind::Identity ? "{i}" : "key-{i}";
        s.keys.count = 200;
        const QByteArray json = scenarioToJson(s);
        QVERIFY(json.contains(("\"" + std::string(hashName(s.keyHash)) + "\"").c_str()));
        QVERIFY(json.contains(("\"" + formatPosition(third, s.space) + "\"").c_str()) ||
                json.contains(formatPosition(third, s.space).c_str()));
        if (s.space == kSpaceSigned64) {  // signed tokens are strings, and negative here
            QVERIFY(json.contains("\"-3074457345618258603\""));
        }
        const Scenario back = scenarioFromJson(json);
        QVERIFY2(back == s, json.constData());
        const Placement p = Placement::build(back);
        const KeySet keys = scenarioKeys(back);
        const HashedKeys hashed = hashKeys(keys, p.keyHashing());
        const Assignment a = assign(p, keys.names, hashed);
        for (size_t k = 0; k < keys.size(); ++k) {
            const uint64_t value = *hashKey(s.keyHash, keys.names[k]);
            QCOMPARE(hashed.hash64[k], value);
            const uint64_t x = reduceToSpace(value, s.space);
            QCOMPARE(hashed.positionOf(k), x);
            const char* owner = x <= third ? "A" : x <= 2 * third ? "B" : "C";
            QCOMPARE(QString::fromStdString(p.nodes()[a.primary(k)].id), QLatin1String(owner));
        }
    }

    // Each key encoding is a file name, and turns the keys into the bytes the hash reads.
    void everyKeyEncodingRoundTrips_data() {
        QTest::addColumn<int>("encoding");
        QTest::addColumn<QStringList>("keys");
        QTest::newRow("utf8") << int(KeyEncoding::Utf8) << QStringList{u"a"_s, u"ü"_s, u"-1"_s};
        QTest::newRow("int32") << int(KeyEncoding::Int32)
                               << QStringList{u"0"_s, u"-2147483648"_s, u"42"_s};
        QTest::newRow("int64") << int(KeyEncoding::Int64)
                               << QStringList{u"1"_s, u"-9223372036854775808"_s, u"42"_s};
        QTest::newRow("hex") << int(KeyEncoding::Hex) << QStringList{u""_s, u"0x00ff"_s, u"AB"_s};
    }
    void everyKeyEncodingRoundTrips() {
        QFETCH(int, encoding);
        QFETCH(QStringList, keys);
        Scenario s;
        s.keyEncoding = KeyEncoding(encoding);
        s.keyHash = HashKind::Murmur3Cassandra;
        s.space = kSpaceSigned64;
        s.nodes = {NodeSpec{"A", 1.0, {}, {signed64ToPosition(0)}, {}},
                   NodeSpec{"B", 1.0, {}, {signed64ToPosition(-1)}, {}}};
        s.keys.kind = KeySetSpec::Kind::List;
        for (const QString& key : keys) {
            s.keys.list.push_back(key.toStdString());
        }
        const QByteArray json = scenarioToJson(s);
        QCOMPARE(json.contains("\"keyEncoding\""), s.keyEncoding != KeyEncoding::Utf8);
        const Scenario back = scenarioFromJson(json);
        QVERIFY(back == s);
        const Placement p = Placement::build(back);
        const KeySet set = scenarioKeys(back);
        const HashedKeys hashed = hashKeys(set, p.keyHashing());
        for (size_t k = 0; k < set.size(); ++k) {
            const std::string bytes = *encodeKey(s.keyEncoding, set.names[k]);
            QCOMPARE(int64_t(hashed.hash64[k]), murmur3CassandraToken(bytes));
        }
    }

    void presetsShip() {
        // Every preset loads, says what it shows, and is embedded in the program; the scale
        // presets are checked without generating their keys (the document tests open them).
        const QDir presets(ringscope::test::sourcePath("/resources/presets"));
        QFile qrc(ringscope::test::sourcePath("/resources/ringscope.qrc"));
        QVERIFY(qrc.open(QIODevice::ReadOnly));
        const QByteArray embedded = qrc.readAll();
        const QStringList names = presets.entryList({QStringLiteral("*.json")});
        QVERIFY(names.contains(QStringLiteral("scale-100x256-10M.json")));
        const QString hundredMillion = QStringLiteral("scale-100x256-100M.json");
        QVERIFY(names.contains(hundredMillion));
        for (const QString& name : names) {
            // Only the 100M scale preset goes past the default limits (the window's Presets
            // menu asks before it raises them): keys and their bytes, nothing else.
            ReadOptions options;
            QStringList past;
            const Scenario s = loadScenarioFileAsking(presets.filePath(name), options,
                                                      [&past](const InputError& e) {
                                                          past << QString::fromUtf8(e.what());
                                                          return true;
                                                      });
            QCOMPARE(past.isEmpty(), name != hundredMillion);
            QVERIFY2(!s.title.empty() && !s.description.empty(), qPrintable(name));
            QVERIFY2(embedded.contains((QStringLiteral("presets/") + name).toUtf8()),
                     qPrintable(name));
            Placement::build(s);
        }
        const Scenario big =
            loadScenarioFile(presets.filePath(QStringLiteral("scale-100x256-10M.json")));
        QCOMPARE(big.keys.count, uint64_t(10'000'000));
        QCOMPARE(big.nodes.size(), size_t(100));
        QVERIFY_THROWS_EXCEPTION(InputError, loadScenarioFile(presets.filePath(hundredMillion)));
        ReadOptions raised;
        const Scenario huge = loadScenarioFileAsking(
            presets.filePath(hundredMillion), raised,
            [](const InputError& e) { return e.waiver()->kind == Waiver::Kind::RaiseLimit; });
        QCOMPARE(huge.keys.count, uint64_t(100'000'000));
        QCOMPARE(raised.limits[Limit::Keys], uint64_t(100'000'000));
        QVERIFY(raised.limits[Limit::KeyBytes] > defaultLimit(Limit::KeyBytes));
        Limits others = raised.limits;
        others.set(Limit::Keys, defaultLimit(Limit::Keys));
        others.set(Limit::KeyBytes, defaultLimit(Limit::KeyBytes));
        QVERIFY(others == Limits());
        // The same nodes and keys as the 10M one, ten times the keys.
        Scenario tenfold = big;
        tenfold.keys.count = huge.keys.count;
        QVERIFY(huge.nodes == tenfold.nodes);
        QVERIFY(huge.keys == tenfold.keys);
    }

    void everyNameRoundTrips() {
        for (const auto& row : kKeyHashes) {
            Scenario s;
            s.keyHash = row.value;
            s.params.edit<NamedTokenParams>().hash =
                row.value == HashKind::Identity ? HashKind::Xxh64 : row.value;
            s.nodes = {NodeSpec{"A", 1.0, {}, {1}, {}}};
            s.keys.pattern = "{i}";
            s.keys.count = 3;
            QVERIFY(scenarioFromJson(scenarioToJson(s)) == s);
            QCOMPARE(hashFromName(hashName(row.value)), std::optional<HashKind>(row.value));
        }
        for (const auto& row : kTokenSchemes) {
            Scenario s;
            s.tokenScheme = row.value;
            s.nodes = {NodeSpec{"A", 1.0, {}, {1}, {}}};
            QVERIFY(scenarioFromJson(scenarioToJson(s)) == s);
        }
        // The "one of" lists are the tables, in table order.
        QCOMPARE(QString::fromStdString(choicesIn(kAlgorithms)),
                 QStringLiteral(
                     "ring, rendezvous, weighted-rendezvous, naive-divide-rendezvous, "
                     "naive-multiply-rendezvous, jump, jumpback, modn, maglev, redis-cluster, "
                     "multi-probe, anchor, memento, dx, elasticsearch, mcrouter"));
        QVERIFY(
            errorOf(R"({"format": "ringscope/1", "tokens": {"scheme": "maglev"}, "nodes": []})")
                .endsWith(QString::fromStdString("(one of: " + choicesIn(kTokenSchemes) + ")")));
    }

    void largePositionsStayExact() {
        const QByteArray json = scenarioToJson(everything());
        QVERIFY(json.contains("\"18446744073709551615\""));
        QVERIFY(json.contains("\"9007199254740993\""));
        QCOMPARE(scenarioFromJson(json).nodes[0].tokens[1], 9007199254740993ull);
    }

    // A colour the user picked is written "#RRGGBB" and read in either case.
    void nodeColor() {
        const QByteArray json = scenarioToJson(everything());
        QVERIFY2(json.contains("\"color\": \"#0A0BFC\""), json.constData());
        QCOMPARE(json.count("\"color\""), 1);  // only nodes with a pick carry one
        // (Plain strings: moc misreads a raw string holding "#.)
        const Scenario s = scenarioFromJson(
            "{\"format\": \"ringscope/1\", \"nodes\": [{\"id\": \"A\", \"vnodes\": 2, "
            "\"color\": \"#abcdef\"}, {\"id\": \"B\", \"vnodes\": 2}]}");
        QCOMPARE(s.nodes[0].color, std::optional<uint32_t>(0xABCDEF));
        QCOMPARE(s.nodes[1].color, std::optional<uint32_t>());
    }

    // A down node is written "down": true; a node that is up carries no field (the default).
    void nodeDown() {
        Scenario s = everything();
        s.nodes[1].down = true;
        const QByteArray json = scenarioToJson(s);
        QVERIFY2(json.contains("\"down\": true"), json.constData());
        QCOMPARE(json.count("\"down\""), 1);
        const Scenario back = scenarioFromJson(json);
        QVERIFY(back == s);
        QVERIFY(back.nodes[1].down);
        QVERIFY(!back.nodes[0].down);
        QVERIFY(!scenarioToJson(everything()).contains("\"down\""));
        const Scenario read = scenarioFromJson(
            R"({"format": "ringscope/1", "nodes": [{"id": "A", "vnodes": 2, "down": false},
                {"id": "B", "vnodes": 2, "down": true}]})");
        QVERIFY(!read.nodes[0].down);
        QVERIFY(read.nodes[1].down);
    }

    void specExample() {
        // SPEC §3's minimum shape reads as written.
        const QByteArray json = R"({
          "format": "ringscope/1", "algorithm": "ring", "space": 100, "keyHash": "identity",
          "replicas": 1, "tokens": {"scheme": "named", "hash": "fnv1a32", "name": "{node}#{i}"},
          "nodes": [{"id": "A", "tokens": [20]},
                    {"id": "B", "vnodes": 12, "weight": 1.0, "zone": "az-1"}],
          "keys": {"pattern": "session-{i}", "count": 1000}})";
        const Scenario s = scenarioFromJson(json);
        QCOMPARE(s.space, uint64_t(100));
        QCOMPARE(s.nodes[1].vnodes, std::optional<int64_t>(12));
        QCOMPARE(s.nodes[1].zone, std::string("az-1"));
        QCOMPARE(s.keys.count, uint64_t(1000));
    }

    void badInput_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        const QByteArray ok = R"("format": "ringscope/1", "space": 100, "keyHash": "identity")";
        QTest::newRow("not json") << QByteArray("hello") << "line 1, column 2: not valid JSON";
        QTest::newRow("truncated")
            << QByteArray("{\n  \"format\": \"ringscope/1\",\n  \"nodes\": [")
            << "line 3, column 13: not valid JSON";
        QTest::newRow("array") << QByteArray("[1, 2]") << "a scenario file must hold a JSON object";
        QTest::newRow("no format") << QByteArray(R"({"nodes": []})") << "format: missing";
        QTest::newRow("format v2") << QByteArray(R"({"format": "ringscope/2", "nodes": []})")
                                   << "format: unsupported format \"ringscope/2\"";
        QTest::newRow("unknown algorithm")
            << QByteArray("{" + ok +
                          R"(, "algorithm": "crush", "nodes": [{"id": "A", "tokens": [1]}]})")
            << "algorithm: unknown value \"crush\" (one of: ring, rendezvous";
        QTest::newRow("unknown hash")
            << QByteArray(R"({"format": "ringscope/1", "keyHash": "crc64", "nodes": []})")
            << "keyHash: unknown value \"crc64\"";
        QTest::newRow("unknown token hash")
            << QByteArray(
                   R"({"format": "ringscope/1", "tokens": {"hash": "murmur3"}, "nodes": []})")
            << "tokens.hash: unknown value \"murmur3\"";
        QTest::newRow("space type")
            << QByteArray(R"({"format": "ringscope/1", "space": true, "nodes": []})")
            << "space: expected a whole number, got a boolean";
        QTest::newRow("space 1") << QByteArray(
                                        R"({"format": "ringscope/1", "space": 1, "nodes": []})")
                                 << "space: must be at least 2";
        QTest::newRow("nodes type") << QByteArray(R"({"format": "ringscope/1", "nodes": {}})")
                                    << "nodes: expected an array, got an object";
        QTest::newRow("node id type")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": 7, "tokens": [1]}]})")
            << "nodes[0].id: expected a string, got a number";
        QTest::newRow("weight type")
            << QByteArray("{" + ok +
                          R"(, "nodes": [{"id": "A", "tokens": [1], "weight": "heavy"}]})")
            << "nodes[0] (A).weight: expected a number, got a string";
        QTest::newRow("down type")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A", "tokens": [1], "down": "yes"}]})")
            << "nodes[0] (A).down: expected true or false, got a string";
        QTest::newRow("color type")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A", "tokens": [1], "color": 12}]})")
            << "nodes[0] (A).color: expected a string, got a number";
        QTest::newRow("color name")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A", "tokens": [1], "color": "red"}]})")
            << "nodes[0] (A).color: expected a colour written \"#RRGGBB\", got \"red\"";
        QTest::newRow("color digit")
            << QByteArray(
                   "{" + ok +
                   ", \"nodes\": [{\"id\": \"A\", \"tokens\": [1], \"color\": \"#12345g\"}]}")
            << "nodes[0] (A).color: expected a colour written \"#RRGGBB\", got \"#12345g\"";
        QTest::newRow("token type")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A", "tokens": [1.5]}]})")
            << "nodes[0] (A).tokens[0]: expected a whole number >= 0, got 1.5";
        QTest::newRow("negative token")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A", "tokens": [-3]}]})")
            << "nodes[0] (A).tokens[0]: expected a whole number >= 0, got -3";
        QTest::newRow("huge number")
            << QByteArray(
                   R"({"format": "ringscope/1", "space": "2^64", "keyHash": "identity", "nodes": )"
                   R"([{"id": "A", "tokens": [18446744073709551615]}]})")
            << "nodes[0] (A).tokens[0]: whole numbers of 2^53 and above must be written as decimal "
               "strings";
        QTest::newRow("duplicate token")
            << QByteArray(
                   "{" + ok +
                   R"(, "nodes": [{"id": "A", "tokens": [20]}, {"id": "B", "tokens": [20]}]})")
            << "";  // only caught when the ring is built (see tst_ring); the file itself parses
        QTest::newRow("token outside space")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A", "tokens": [100]}]})")
            << "nodes[0] (A).tokens[0]: token 100 is outside the hash space [0, 100)";
        QTest::newRow("replicas 0")
            << QByteArray("{" + ok + R"(, "replicas": 0, "nodes": [{"id": "A", "tokens": [1]}]})")
            << "replicas: must be at least 1, not 0";
        QTest::newRow("replicas > nodes")
            << QByteArray("{" + ok + R"(, "replicas": 2, "nodes": [{"id": "A", "tokens": [1]}]})")
            << "replicas: replicas 2 is more than the 1 nodes";
        QTest::newRow("zero weight")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A", "tokens": [1], "weight": 0}]})")
            << "nodes[0] (A).weight: weight must be a finite number greater than 0, not 0";
        QTest::newRow("negative weight")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A", "tokens": [1], "weight": -2}]})")
            << "nodes[0] (A).weight: weight must be a finite number greater than 0, not -2";
        QTest::newRow("empty nodes")
            << QByteArray("{" + ok + R"(, "nodes": []})") << "nodes: the node list is empty";
        QTest::newRow("missing nodes") << QByteArray("{" + ok + "}") << "nodes: missing";
        QTest::newRow("duplicate id")
            << QByteArray("{" + ok +
                          R"(, "nodes": [{"id": "A", "tokens": [1]}, {"id": "A", "tokens": [2]}]})")
            << "nodes[1] (A).id: duplicate node id \"A\"";
        QTest::newRow("empty id") << QByteArray("{" + ok +
                                                R"(, "nodes": [{"id": "", "tokens": [1]}]})")
                                  << "nodes[0].id: the node id is empty";
        QTest::newRow("absurd vnodes")
            << QByteArray(R"({"format": "ringscope/1", "nodes": [{"id": "A", "vnodes": 1e12}]})")
            << "nodes[0] (A).vnodes: vnodes must be between 1 and 100000, not 1000000000000";
        QTest::newRow("keys count type")
            << QByteArray("{" + ok +
                          R"(, "nodes": [{"id": "A", "tokens": [1]}], "keys": {"count": "many"}})")
            << "keys.count: expected a whole number >= 0, got \"many\"";
        QTest::newRow("absurd key count")
            << QByteArray("{" + ok +
                          R"(, "nodes": [{"id": "A", "tokens": [1]}], "keys": {"count": 1e15}})")
            << "keys.count: needs 1000000000000000 keys, more than the limit keys = 10000000";
        QTest::newRow("maglev table not prime")
            << QByteArray(
                   R"({"format": "ringscope/1", "algorithm": "maglev", "maglev": {"tableSize": 65536}, "nodes": [{"id": "A"}]})")
            << "maglev.tableSize: The table size of maglev must be prime number";
        QTest::newRow("maglev table type")
            << QByteArray(
                   R"({"format": "ringscope/1", "algorithm": "maglev", "maglev": {"tableSize": "big"}, "nodes": [{"id": "A"}]})")
            << "maglev.tableSize: expected a whole number >= 0, got \"big\"";
        QTest::newRow("bounded factor below 1")
            << QByteArray(
                   "{" + ok +
                   R"(, "boundedLoad": {"factor": 0.5}, "nodes": [{"id": "A", "tokens": [1]}]})")
            << "boundedLoad.factor: the balance factor must be at least 1.00, not 0.500000";
        QTest::newRow("bounded factor not in hundredths")
            << QByteArray(
                   "{" + ok +
                   R"(, "boundedLoad": {"factor": 1.255}, "nodes": [{"id": "A", "tokens": [1]}]})")
            << "boundedLoad.factor: give the factor in hundredths (1.25), as Envoy's "
               "hash_balance_factor (125) and HAProxy's hash-balance-factor do, not 1.255";
        QTest::newRow("bounded factor missing")
            << QByteArray("{" + ok +
                          R"(, "boundedLoad": {}, "nodes": [{"id": "A", "tokens": [1]}]})")
            << "boundedLoad.factor: missing; bounded loads need a balance factor such as 1.25";
        QTest::newRow("bounded jump")
            << QByteArray(
                   R"({"format": "ringscope/1", "algorithm": "jump", "boundedLoad": {"factor": 1.25}, "nodes": [{"id": "A"}]})")
            << "boundedLoad: bounded loads apply to \"ring\" and \"maglev\", not \"jump\"";
        QTest::newRow("bounded with replicas")
            << QByteArray(
                   "{" + ok +
                   R"(, "replicas": 2, "boundedLoad": {"factor": 2}, "nodes": [{"id": "A", "tokens": [1]}, {"id": "B", "tokens": [2]}]})")
            << "boundedLoad: bounded loads choose one node per key; set replicas to 1, not 2";
        QTest::newRow("redis replicas")
            << QByteArray(
                   R"({"format": "ringscope/1", "algorithm": "redis-cluster", "replicas": 2, "nodes": [{"id": "A"}, {"id": "B"}]})")
            << "replicas: a Redis Cluster slot lives on one master";
        QTest::newRow("slot range backwards")
            << QByteArray(
                   R"({"format": "ringscope/1", "algorithm": "redis-cluster", "nodes": [{"id": "A", "slots": [[0, 16383], [9, 3]]}]})")
            << "nodes[0] (A).slots[1]: slot range 9-3 must run upwards within 0-16383";
        QTest::newRow("slot range shape")
            << QByteArray(
                   R"({"format": "ringscope/1", "algorithm": "redis-cluster", "nodes": [{"id": "A", "slots": [7]}]})")
            << "nodes[0] (A).slots[0]: expected an array, got a number";
        QTest::newRow("unknown key encoding")
            << QByteArray(R"({"format": "ringscope/1", "keyEncoding": "utf-16", "nodes": []})")
            << "keyEncoding: unknown value \"utf-16\" (one of: utf8, int32, int64, hex)";
        QTest::newRow("signed64 token text")
            << QByteArray(
                   R"({"format": "ringscope/1", "space": "signed64", "nodes": [{"id": "A", "tokens": ["9223372036854775808"]}]})")
            << "nodes[0] (A).tokens[0]: expected a signed 64-bit token (-9223372036854775808 to "
               "9223372036854775807), got \"9223372036854775808\"";
        QTest::newRow("unknown space")
            << QByteArray(R"({"format": "ringscope/1", "space": "signed32", "nodes": []})")
            << "space: expected a whole number >= 0, got \"signed32\"";
        QTest::newRow("jump bucket unknown")
            << QByteArray(
                   R"({"format": "ringscope/1", "algorithm": "jump", "nodes": [{"id": "A"}], "jump": {"buckets": ["Z"]}})")
            << "jump.buckets[0]: no node has the id \"Z\"";
        QTest::newRow("more buckets than nodes")
            << QByteArray(
                   R"({"format": "ringscope/1", "algorithm": "jump", "nodes": [{"id": "A"}], )"
                   R"("jump": {"buckets": ["A", "A"]}})")
            << "jump.buckets: 2 buckets for 1 nodes; list every node exactly once";
        // QJsonDocument keeps one of two equal keys silently; the reader names them.
        QTest::newRow("duplicate key")
            << QByteArray(R"({"format": "ringscope/1", "replicas": 1, "replicas": 3, "nodes": []})")
            << "line 1, column 42: the key \"replicas\" is given twice (JSON keeps only one of "
               "them; remove the other)";
        QTest::newRow("duplicate key, escaped")
            << QByteArray(R"({"format": "ringscope/1", "nodes": [{"id": "A", "\u0069d": "B"}]})")
            << "line 1, column 49: nodes[0]: the key \"id\" is given twice";
        QTest::newRow("duplicate key, deep")
            << QByteArray(R"({"format": "ringscope/1", "nodes": [{"id": "A"}], )"
                          R"("keys": {"sizes": {"fixed": 1, "fixed": 2}, "count": 1}})")
            << "line 1, column 82: keys.sizes: the key \"fixed\" is given twice";
        QTest::newRow("same key in two objects")
            << QByteArray("{" + ok +
                          R"(, "nodes": [{"id": "A", "tokens": [1]}, )"
                          R"({"id": "B", "tokens": [2]}]})")
            << "";
        QTest::newRow("node id with a control character")
            << QByteArray("{" + ok + R"(, "nodes": [{"id": "A\u0007", "tokens": [1]}]})")
            << "nodes[0] (\"A\\x07\").id: the node id \"A\\x07\" holds a control character";
        QTest::newRow("bad format quoted short")
            << QByteArray(R"({"format": "ringscope/1\n)" + QByteArray(100, 'x') + R"("})")
            << "format: unsupported format \"ringscope/1\\nxxxxxxxxxxxx\"\xe2\x80\xa6; this "
               "version "
               "reads \"ringscope/1\"";
    }
    void badInput() {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        const QString error = errorOf(json);
        if (message.isEmpty()) {
            QVERIFY2(error.isEmpty(), qPrintable(error));
        } else {
            QVERIFY2(error.startsWith(message), qPrintable(error));
        }
    }

    // Random byte, token and number mutations of every preset: each either loads and places its
    // nodes, or is refused with an InputError. Nothing else may happen (no crash, no other
    // exception), which the sanitizer run of this suite checks too.
    void mutationsNeverCrash() {
        const QDir presets(ringscope::test::sourcePath("/resources/presets"));
        const QByteArray numbers[] = {
            "0",           "-1",   "1e308", "1e-320", "4294967296", "18446744073709551615",
            "99999999999", "0.5",  "\"x\"", "[]",     "{}",         "null",
            "true",        "1e39", "3e38"};
        SplitMix64 rng(2026);
        int accepted = 0, refused = 0;
        for (const QString& name : presets.entryList({QStringLiteral("*.json")})) {
            QFile file(presets.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray original = file.readAll();
            for (int round = 0; round < 300; ++round) {
                QByteArray json = original;
                for (int edits = 1 + int(rng.below(3)); edits > 0; --edits) {
                    const auto at = qsizetype(rng.below(uint64_t(json.size())));
                    switch (rng.below(3)) {
                        case 0:
                            json[at] = char(rng.below(128));
                            break;
                        case 1:
                            json.remove(at, qsizetype(1 + rng.below(8)));
                            break;
                        default: {
                            // Replace the number or word at `at` with an awkward value.
                            qsizetype end = at;
                            while (end < json.size() &&
                                   QChar::fromLatin1(json[end]).isLetterOrNumber()) {
                                ++end;
                            }
                            json.replace(at, end - at, numbers[rng.below(std::size(numbers))]);
                        }
                    }
                }
                try {
                    Scenario s = scenarioFromJson(json);
                    s.keys.count = std::min<uint64_t>(s.keys.count, 2000);  // keep the test fast
                    const Placement p = Placement::build(s);
                    if (s.keys.kind != KeySetSpec::Kind::File) {
                        const KeySet keys = generateKeys(s.keys);
                        const HashedKeys h = hashKeys(keys, p.keyHashing());
                        QCOMPARE(assign(p, keys.names, h).size(), keys.size());
                    }
                    ++accepted;
                } catch (const InputError&) {
                    ++refused;
                }
            }
        }
        QVERIFY(accepted > 100);
        QVERIFY(refused > 100);
    }

    // The limit on a string counts the bytes of UTF-8 it becomes, not how the file spells it:
    // the writer escapes control characters ("\u0001", six bytes for one), so counting the
    // spelling refused a saved file whose key list held raw control characters (fuzz_scenario
    // found it). A string that is not UTF-8 is refused, where it is.
    void stringLimitCountsTheDecodedBytes_data() {
        QTest::addColumn<QByteArray>("one");  // how the file spells one character
        QTest::addColumn<int>("bytes");       // the bytes it becomes
        QTest::newRow("raw tab") << QByteArray("\t") << 1;
        QTest::newRow("raw U+0001") << QByteArray("\x01") << 1;
        QTest::newRow("escaped tab") << QByteArray("\\t") << 1;
        QTest::newRow("escaped U+0001") << QByteArray("\\u0001") << 1;
        QTest::newRow("escaped e-acute") << QByteArray("\\u00e9") << 2;
        QTest::newRow("escaped surrogate pair") << QByteArray("\\ud83d\\ude00") << 4;
        QTest::newRow("raw e-acute") << QByteArray("\xc3\xa9") << 2;
        QTest::newRow("raw U+1F600") << QByteArray("\xf0\x9f\x98\x80") << 4;
    }
    void stringLimitCountsTheDecodedBytes() {
        QFETCH(QByteArray, one);
        QFETCH(int, bytes);
        Limits limits;
        limits.set(Limit::StringBytes, 120);
        const auto file = [&](int count) {
            return QByteArray(
                       "{\"format\": \"ringscope/1\", \"nodes\": [{\"id\": \"A\", "
                       "\"tokens\": [1]}], \"keys\": {\"list\": [\"a\", \"") +
                   one.repeated(count) + "\"]}}";
        };
        const int most = 120 / bytes;
        const Scenario s = scenarioFromJson(file(most), limits);
        QCOMPARE(s.keys.list[1].size(), size_t(most * bytes));
        // What is written reads back, under the same limits, the same.
        const QByteArray written = scenarioToJson(s);
        QCOMPARE(scenarioFromJson(written, limits), s);
        QCOMPARE(scenarioToJson(scenarioFromJson(written, limits)), written);
        try {
            scenarioFromJson(file(most + 1), limits);
            QFAIL("a string past the limit was read");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(u"keys.list[1]"_s), e.what());
        }
    }
    void stringsAreUtf8() {
        for (const QByteArray& bad : {QByteArray("\xff"), QByteArray("\xed\xa0\x80"),
                                      QByteArray("\xc0\x80"), QByteArray("a\xc3")}) {
            const QString error = errorOf("{\"format\": \"ringscope/1\",\n\"title\": \"" + bad +
                                          "\", \"nodes\": [{\"id\": \"A\", \"tokens\": [1]}]}");
            QVERIFY2(error.startsWith(u"line 2, column 1"_s) &&
                         error.endsWith(u": not valid JSON: invalid UTF8 string"_s),
                     qPrintable(error));
        }
    }

    // A string's byte order marks at its start are dropped, all of them (Qt's parser drops one,
    // and writing dropped one more: a title that began with two lost one at every save); one
    // inside a string stays.
    void byteOrderMarksAtTheStartOfAString() {
        const QByteArray bom = "\xef\xbb\xbf";
        const QByteArray json = "{\"format\": \"ringscope/1\", \"title\": \"" + bom + bom + bom +
                                "Title" + bom + "\", \"nodes\": [{\"id\": \"" + bom + bom +
                                "A\", \"tokens\": [1]}]}";
        const Scenario s = scenarioFromJson(json);
        QCOMPARE(s.title, "Title" + bom.toStdString());
        QCOMPARE(s.nodes[0].id, std::string("A"));
        QCOMPARE(scenarioFromJson(scenarioToJson(s)), s);
        // The duplicate-key check sees the keys as the parser does.
        QVERIFY(errorOf("{\"format\": \"ringscope/1\", \"title\": \"a\", \"" + bom +
                        "title\": \"b\", \"nodes\": []}")
                    .contains(u"given twice"_s));
    }

    void extremeButValidNumbers() {
        // Valid JSON, valid types, extreme values: a message or a result, never a crash.
        const QByteArray base =
            R"({"format": "ringscope/1", "space": "2^64", "keyHash": "xxh64", "nodes": [)"
            R"({"id": "A", "vnodes": 3}, {"id": "B", "vnodes": 3}], "keys": {"pattern": "k{i}", )"
            R"("count": 16, "start": "18446744073709551600", "sizes": {"uniform": [0, )"
            R"("18446744073709551615"]}, "popularity": {"zipf": 1e300, "requests": 1e300}}})";
        const Scenario s = scenarioFromJson(base);
        const KeySet keys = generateKeys(s.keys);
        QCOMPARE(keys.size(), size_t(16));
        QCOMPARE(keys.names[15], std::string("k18446744073709551615"));
        QVERIFY(std::isfinite(keys.requests[0]));
        // One more key would wrap to index 0: refused, not wrapped.
        QByteArray past = base;
        past.replace(R"("count": 16)", R"("count": 17)");
        try {
            scenarioFromJson(past);
            QFAIL("a pattern past 2^64 - 1 was read");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QStringLiteral("keys.count: 17 keys from index 18446744073709551600 run past "
                                    "18446744073709551615 (2^64 - 1), the last index a key "
                                    "pattern has; lower keys.start or keys.count"));
        }
    }

    void files() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        Scenario s = everything();
        saveScenarioFile(s, path);
        QCOMPARE(loadScenarioFile(path), s);
        // A failed save leaves the old file intact (QSaveFile into a missing folder fails).
        const QString bad = dir.filePath(QStringLiteral("missing/s.json"));
        bool threw = false;
        try {
            saveScenarioFile(s, bad);
        } catch (const InputError& e) {
            threw = QString::fromStdString(e.what()).startsWith(bad);
        }
        QVERIFY(threw);
        // Missing and broken files name the file.
        try {
            loadScenarioFile(dir.filePath(QStringLiteral("nope.json")));
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.what()).endsWith(
                QStringLiteral("nope.json: no such file")));
        }
        QFile broken(dir.filePath(QStringLiteral("broken.json")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write(
            "{\"format\": \"ringscope/1\", \"nodes\": [{\"id\": \"A\", \"weight\": -1, \"tokens\": "
            "[3]}]}");
        broken.close();
        try {
            loadScenarioFile(broken.fileName());
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     broken.fileName() +
                         QStringLiteral(": nodes[0] (A).weight: weight must be a finite number "
                                        "greater than 0, not -1"));
        }
        // A relative key file is resolved next to the scenario, and stays as written.
        s.keys = {};
        s.keys.kind = KeySetSpec::Kind::File;
        s.keys.file = "keys.txt";
        saveScenarioFile(s, path);
        const Scenario loaded = loadScenarioFile(path);
        QCOMPARE(loaded.keys.file, std::string("keys.txt"));
        QCOMPARE(QString::fromStdString(keyFilePath(loaded.keys)),
                 dir.filePath(QStringLiteral("keys.txt")));
    }

    // A scenario reads key files beside it or below it, unless that is allowed; a symbolic link
    // does not get around it.
    void keyFileStaysInTheFolder_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("inside");
        QTest::newRow("beside") << "keys.txt" << true;
        QTest::newRow("below") << "sub/keys.txt" << true;
        QTest::newRow("up and back") << "../s/keys.txt" << true;
        QTest::newRow("up") << "../keys.txt" << false;
        QTest::newRow("absolute") << "/etc/passwd" << false;
        QTest::newRow("far up") << "../../../../../../../../etc/passwd" << false;
        QTest::newRow("a link out") << "link.txt" << false;
        QTest::newRow("missing, outside") << "../none.txt" << false;
        QTest::newRow("missing, inside") << "none.txt" << true;
    }
    void keyFileStaysInTheFolder() {
        QFETCH(QString, file);
        QFETCH(bool, inside);
        QTemporaryDir root;
        const QDir top(root.path());
        QVERIFY(top.mkpath(QStringLiteral("s/sub")));
        for (const char* name : {"keys.txt", "s/keys.txt", "s/sub/keys.txt"}) {
            QFile f(top.filePath(QLatin1String(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("1\n");
        }
        QVERIFY(QFile::link(top.filePath(QStringLiteral("keys.txt")),
                            top.filePath(QStringLiteral("s/link.txt"))));
        const QString scenario = top.filePath(QStringLiteral("s/s.json"));
        std::string error;
        try {
            resolveKeyFile(scenario, file.toStdString(), false);
        } catch (const InputError& e) {
            error = e.what();
            QVERIFY(e.waiver());
            QCOMPARE(e.waiver()->kind, Waiver::Kind::ReadOutsideFolder);
        }
        QCOMPARE(error.empty(), inside);
        if (!inside) {
            QVERIFY2(error.starts_with("keys.file: ") &&
                         error.find("is outside the scenario's folder") != std::string::npos,
                     error.c_str());
        }
        // Allowed, it resolves all the same.
        QVERIFY(!resolveKeyFile(scenario, file.toStdString(), true).empty());
    }

    // Saving keeps a relative key file relative: as written in its own folder, rewritten to reach
    // the same file from another folder; an absolute one stays absolute.
    void relativeKeyFileStaysRelative() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("lesson/keys")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("copy")));
        QFile keys(dir.filePath(QStringLiteral("lesson/keys/k.txt")));
        QVERIFY(keys.open(QIODevice::WriteOnly));
        keys.write("7\n8\n");
        keys.close();
        Scenario s;
        s.nodes = {NodeSpec{"A", 1.0, {}, {}, 4}};
        s.keys.kind = KeySetSpec::Kind::File;
        s.keys.file = "./keys/k.txt";
        const QString first = dir.filePath(QStringLiteral("lesson/s.json"));
        saveScenarioFile(s, first);
        const Scenario loaded = loadScenarioFile(first);
        QCOMPARE(loaded.keys.file, std::string("./keys/k.txt"));  // exactly as written
        QCOMPARE(generateKeys(loaded.keys).names, (std::vector<std::string>{"7", "8"}));
        saveScenarioFile(loaded, first);  // saved again where it came from: unchanged
        QVERIFY(scenarioToJson(loadScenarioFile(first)).contains("\"file\": \"./keys/k.txt\""));

        const QString second = dir.filePath(QStringLiteral("copy/s.json"));
        saveScenarioFile(loaded, second);  // Save As into another folder
        // Its key file is now outside its folder: read only when that is allowed.
        try {
            loadScenarioFile(second);
            QFAIL("a key file outside the folder was read");
        } catch (const InputError& e) {
            QVERIFY2(
                std::string(e.what()).find("is outside the scenario's folder") != std::string::npos,
                e.what());
        }
        ReadOptions outside;
        outside.allowOutsideFiles = true;
        const Scenario copied = loadScenarioFile(second, outside);
        QCOMPARE(copied.keys.file, std::string("../lesson/keys/k.txt"));
        QCOMPARE(generateKeys(copied.keys).names, (std::vector<std::string>{"7", "8"}));

        Scenario absolute = s;
        absolute.keys.file = keys.fileName().toStdString();
        saveScenarioFile(absolute, second);
        QCOMPARE(loadScenarioFile(second, outside).keys.file, keys.fileName().toStdString());
    }
};

QTEST_GUILESS_MAIN(TestScenarioJson)
#include "tst_scenariojson.moc"
