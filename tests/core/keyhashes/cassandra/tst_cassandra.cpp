// Cassandra's Murmur3Partitioner, key encodings, the signed token space and `nodetool ring`.
// Token vectors:
//   * datastax/csharp-driver src/Cassandra.Tests/TokenTests.cs, Murmur_Hash_Test ("inputs and
//     result values from Cassandra");
//   * apache/cassandra-gocql-driver internal/murmur/murmur_test.go, TestMurmur3H1ForCassandra
//     (every tail length, bytes >= 0x80, and a composite partition key);
//   * int keys 0, 1, 42 as CQL ints (the tokens the issue lists; 0 is also in TokenTests.cs);
//   * data/murmur3_cassandra.tsv: a Java 17 port of Cassandra's MurmurHash.java (see its header).
#include <QFile>
#include <QTest>

#include "keyhashes/cassandra/cassandra.h"
#include "keyhashes/cassandra/nodetool_ring.h"
#include "ringscope/error.h"
#include "ringscope/key_encoding.h"
#include "ringscope/ring.h"
#include "testutil.h"

using namespace ringscope;
using ringscope::test::errorOf;

namespace {

std::string bytes(std::initializer_list<int> list) {
    std::string out;
    for (const int b : list) {
        out.push_back(static_cast<char>(b));
    }
    return out;
}

std::string fromHex(const std::string& hex) {
    return *encodeKey(KeyEncoding::Hex, hex);
}

std::string readData(const char* name) {
    return test::readSourceFile(QStringLiteral("tests/core/data/") + QLatin1String(name));
}

}  // namespace

class TestCassandra : public QObject {
    Q_OBJECT
private slots:
    void publishedTokens_data() {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<qint64>("token");
        auto row = [](const char* name, const std::string& key, qint64 token) {
            QTest::newRow(name) << QByteArray(key.data(), qsizetype(key.size())) << token;
        };
        // TokenTests.cs
        row("1..16", bytes({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}),
            -5563837382979743776LL);
        row("2..17", bytes({2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}),
            -1513403162740402161LL);
        row("3..18", bytes({3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}),
            -495360443712684655LL);
        row("4..19", bytes({4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}),
            1734091135765407943LL);
        row("5..20", bytes({5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}),
            -3199412112042527988LL);
        row("6..21", bytes({6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21}),
            -6316563938475080831LL);
        row("7..22", bytes({7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22}),
            8228893370679682632LL);
        row("16 x 0", std::string(16, '\0'), 5457549051747178710LL);
        row("16 x 255", std::string(16, '\xff'), -2824192546314762522LL);
        row("16 x 254", std::string(16, '\xfe'), -833317529301936754LL);
        row("0 1 2 3 then 12 x 255",
            bytes({0, 1, 2, 3, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255}),
            6463632673159404390LL);
        row("17 x 254", std::string(17, '\xfe'), -1672437813826982685LL);
        row("4 x 254", std::string(4, '\xfe'), 4566408979886474012LL);
        row("0 0 0 0 (int 0)", bytes({0, 0, 0, 0}), -3485513579396041028LL);
        row("0 1 127 127", bytes({0, 1, 127, 127}), 6573459401642635627LL);
        row("0 255 255 255", bytes({0, 255, 255, 255}), 123573637386978882LL);
        row("255 1 2 3", bytes({255, 1, 2, 3}), -2839127690952877842LL);
        row("226 231", bytes({226, 231}), -8582699461035929883LL);
        row("226 231 x3 then 1", bytes({226, 231, 226, 231, 226, 231, 1}), 2222373981930033306LL);
        // The int keys (CQL int, 4 bytes big-endian).
        row("int 1", bytes({0, 0, 0, 1}), -4069959284402364209LL);
        row("int 42", bytes({0, 0, 0, 42}), -7160136740246525330LL);
        // murmur_test.go: a composite partition key.
        row("composite", fromHex("00104327529fb645dd00b883ec39ae448bb800000400066a6b00"),
            -9223371632693506265LL);
        // murmur_test.go: "prefix" + 00 01 … (tails 7 … 15, 0 … 7 with 0xc8 at the end).
        const qint64 prefixTokens[] = {
            -5156414768376541762LL, 3700033067394128583LL,  -3973852022020331202LL,
            3038655072509758878LL,  -5681686890369564299LL, 8960422816272944721LL,
            -1104872167714568090LL, -9199676315897541990LL, 4847624695450664884LL,
            -2737291859101550625LL, -1154133289533387924LL, 5781349077088505981LL,
            -681021187788781932LL,  -3787130296809111096LL, -3115393326357146996LL,
            -2684252762052835206LL, -278181328349571586LL};
        std::string key = "prefix";
        for (int i = 0; i < 17; ++i) {
            key.push_back(static_cast<char>(i < 16 ? i : 0xc8));
            QTest::addRow("prefix+%d", i + 1)
                << QByteArray(key.data(), qsizetype(key.size())) << prefixTokens[i];
        }
        // prefix2 = "prefix" 00 … 0f c8 c9, then ca cb … d7 appended one at a time.
        const qint64 prefix2Tokens[] = {
            -5319761130493488577LL, -4593148434938707926LL, -575713103357290760LL,
            4290743753678124926LL,  9164754117279683406LL,  -107668053986278786LL,
            64887291506465003LL,    6241282934480161521LL,  5150183507841894143LL,
            5645797256444299552LL,  -908235285856554578LL,  -1785405279637408062LL,
            5343233714768265848LL,  4936964276934412722LL,  2294903531026336836LL};
        key.push_back(static_cast<char>(0xc9));
        for (int i = 0; i < 15; ++i) {
            if (i > 0) {
                key.push_back(static_cast<char>(0xc9 + i));
            }
            QTest::addRow("prefix2+%d", i)
                << QByteArray(key.data(), qsizetype(key.size())) << prefix2Tokens[i];
        }
    }
    void publishedTokens() {
        QFETCH(QByteArray, key);
        QFETCH(qint64, token);
        QCOMPARE(murmur3CassandraToken(std::string_view(key.constData(), size_t(key.size()))),
                 token);
    }

    void javaPortVectors() {
        const std::string text = readData("murmur3_cassandra.tsv");
        QVERIFY(!text.empty());
        int rows = 0;
        std::vector<bool> tails(16, false);
        bool highTail = false;
        size_t at = 0;
        while (at < text.size()) {
            const size_t eol = text.find('\n', at);
            const std::string line = text.substr(at, eol - at);
            at = eol == std::string::npos ? text.size() : eol + 1;
            if (line.empty() || line[0] == '#') {
                continue;
            }
            const QStringList cols = QString::fromStdString(line).split(QLatin1Char('\t'));
            QCOMPARE(cols.size(), 4);
            const std::string key =
                cols[1] == QLatin1String("-") ? std::string() : fromHex(cols[1].toStdString());
            QCOMPARE(murmur3CassandraToken(key), cols[2].toLongLong());
            if (!key.empty()) {
                QCOMPARE(cassandraMurmur3(key)[1], cols[3].toULongLong());
            }
            tails[key.size() % 16] = true;
            highTail = highTail ||
                       (key.size() % 16 != 0 && static_cast<unsigned char>(key.back()) >= 0x80);
            ++rows;
        }
        QCOMPARE(rows, 94);
        QVERIFY(std::all_of(tails.begin(), tails.end(), [](bool b) { return b; }));
        QVERIFY(highTail);
    }

    void emptyKeyAndMinimum() {
        // Murmur3Partitioner: the empty key is the minimum token; no key maps to Long.MIN_VALUE.
        QCOMPARE(murmur3CassandraToken(""), std::numeric_limits<int64_t>::min());
    }

    void keyEncodings_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QByteArray>("encoded");  // hex, or "error"
        QTest::newRow("utf8") << "utf8" << QString::fromUtf8("日本") << QByteArray("e697a5e69cac");
        QTest::newRow("int32 0") << "int32"
                                 << "0" << QByteArray("00000000");
        QTest::newRow("int32 42") << "int32"
                                  << "42" << QByteArray("0000002a");
        QTest::newRow("int32 -1") << "int32"
                                  << "-1" << QByteArray("ffffffff");
        QTest::newRow("int32 min") << "int32"
                                   << "-2147483648" << QByteArray("80000000");
        QTest::newRow("int32 too big") << "int32"
                                       << "2147483648" << QByteArray("error");
        QTest::newRow("int32 +1") << "int32"
                                  << "+1" << QByteArray("error");
        QTest::newRow("int32 space") << "int32"
                                     << " 1" << QByteArray("error");
        QTest::newRow("int32 empty") << "int32"
                                     << "" << QByteArray("error");
        QTest::newRow("int32 minus") << "int32"
                                     << "-" << QByteArray("error");
        QTest::newRow("int64 -1") << "int64"
                                  << "-1" << QByteArray("ffffffffffffffff");
        QTest::newRow("int64 max") << "int64"
                                   << "9223372036854775807" << QByteArray("7fffffffffffffff");
        QTest::newRow("int64 overflow") << "int64"
                                        << "9223372036854775808" << QByteArray("error");
        QTest::newRow("hex") << "hex"
                             << "00FFab" << QByteArray("00ffab");
        QTest::newRow("hex 0x") << "hex"
                                << "0x0102" << QByteArray("0102");
        QTest::newRow("hex empty") << "hex"
                                   << "" << QByteArray("");
        QTest::newRow("hex odd") << "hex"
                                 << "abc" << QByteArray("error");
        QTest::newRow("hex bad digit") << "hex"
                                       << "zz" << QByteArray("error");
    }
    void keyEncodings() {
        QFETCH(QString, encoding);
        QFETCH(QString, key);
        QFETCH(QByteArray, encoded);
        const auto e = keyEncodingFromName(encoding.toStdString());
        QVERIFY(e);
        QCOMPARE(QString::fromUtf8(keyEncodingName(*e).data()), encoding);
        const auto out = encodeKey(*e, key.toStdString());
        if (encoded == "error") {
            QVERIFY(!out);
        } else {
            QVERIFY(out);
            QCOMPARE(QByteArray::fromStdString(*out).toHex(), encoded);
        }
    }

    void keyEncodingErrorsNameTheKey() {
        QCOMPARE(errorOf([] { encodeKeyOrThrow(KeyEncoding::Int32, "12x", "keys.txt:3"); }),
                 QStringLiteral("keys.txt:3: key \"12x\" is not a decimal int32 "
                                "(-2147483648 to 2147483647)"));
        QCOMPARE(
            errorOf([] { encodeKeyOrThrow(KeyEncoding::Hex, "0xabc", "key 7"); }),
            QStringLiteral(
                "key 7: key \"0xabc\" is not hex bytes (pairs of 0-9a-f, optionally after 0x)"));
        QCOMPARE(keyEncodingNames(), std::string("utf8, int32, int64, hex"));
        QVERIFY(!keyEncodingFromName("utf-8"));
        // The int keys through the encoding give the published tokens.
        QCOMPARE(murmur3CassandraToken(encodeKeyOrThrow(KeyEncoding::Int32, "42", "k")),
                 -7160136740246525330LL);
    }

    void signedSpace() {
        // Signed order survives the map to ring positions, and a node owns (previous, token].
        const int64_t lo = std::numeric_limits<int64_t>::min();
        const int64_t hi = std::numeric_limits<int64_t>::max();
        QVERIFY(signed64ToPosition(-1) < signed64ToPosition(0));
        QVERIFY(signed64ToPosition(lo) < signed64ToPosition(-5));
        QCOMPARE(positionToSigned64(signed64ToPosition(-7160136740246525330LL)),
                 -7160136740246525330LL);
        QCOMPARE(positionToSigned64(signed64ToPosition(hi)), hi);
        const Ring ring(0, {{signed64ToPosition(-100), 0},
                            {signed64ToPosition(0), 1},
                            {signed64ToPosition(100), 2}});
        QCOMPARE(ring.owner(signed64ToPosition(-100)), 0u);
        QCOMPARE(ring.owner(signed64ToPosition(-99)), 1u);
        QCOMPARE(ring.owner(signed64ToPosition(0)), 1u);
        QCOMPARE(ring.owner(signed64ToPosition(101)), 0u);  // wraps
        QCOMPARE(ring.owner(signed64ToPosition(lo)), 0u);
        QCOMPARE(formatSigned64(lo), std::string("-9223372036854775808"));
        QCOMPARE(parseSigned64("-9223372036854775808"), std::optional<int64_t>(lo));
        QCOMPARE(parseSigned64("+42"), std::optional<int64_t>(42));
        QVERIFY(!parseSigned64("9223372036854775808"));
        QVERIFY(!parseSigned64("+-1"));
        QVERIFY(!parseSigned64("1e3"));
        QVERIFY(!parseSigned64(""));
    }

    void nodetoolRingMultiDc() {
        const NodetoolRing ring =
            parseNodetoolRing(readData("nodetool-ring-multi-dc.txt"), "ring.txt");
        QCOMPARE(ring.datacenters, (std::vector<std::string>{"dc1", "dc2"}));
        QCOMPARE(ring.nodes.size(), size_t(6));
        // Nodes in order of first appearance (the rows are sorted by token per datacenter).
        std::vector<std::string> addresses;
        for (const auto& n : ring.nodes) {
            addresses.push_back(n.address);
            QCOMPARE(n.tokens.size(), size_t(4));
        }
        QCOMPARE(addresses, (std::vector<std::string>{"10.0.1.12", "10.0.1.11", "10.0.1.13",
                                                      "10.0.2.22", "10.0.2.23", "10.0.2.21"}));
        const NodetoolRingNode& down = ring.nodes[2];
        QCOMPARE(down.datacenter, std::string("dc1"));
        QCOMPARE(down.rack, std::string("rack3"));
        QCOMPARE(down.status, std::string("Down"));
        QCOMPARE(down.tokens,
                 (std::vector<int64_t>{-5396591055845154131LL, -5225316030512477025LL,
                                       -3989459231913424723LL, 5584787271898618057LL}));
        QCOMPARE(down.firstLine, 8u);
        QCOMPARE(ring.nodes[4].state, std::string("Joining"));
        QCOMPARE(ring.nodes[5].state, std::string("Leaving"));
        QCOMPARE(ring.nodes[5].rack, std::string("rack1"));
        QCOMPARE(ring.nodes[4].tokens.back(), 9178636171779000055LL);
    }

    void nodetoolRingSingleToken() {
        // RingTest.java's shape: one token per node, Owns in percent, the minimum token.
        const NodetoolRing ring =
            parseNodetoolRing(readData("nodetool-ring-single-token.txt"), "ring.txt");
        QCOMPARE(ring.nodes.size(), size_t(3));
        QCOMPARE(ring.nodes[0].tokens, std::vector<int64_t>{std::numeric_limits<int64_t>::min()});
        QCOMPARE(ring.nodes[2].address, std::string("127.0.0.3"));
        QCOMPARE(ring.nodes[2].datacenter, std::string("datacenter1"));
        // RingTest.java's comment: a node with a port (-pp) and the load "45.71 KiB".
        const NodetoolRing withPort = parseNodetoolRing(
            "Datacenter: datacenter1\r\n==========\r\nAddress         Rack        Status State   "
            "Load"
            "            Owns                Token\r\n\r\n127.0.0.1:7000  rack1       Up     "
            "Normal  "
            "45.71 KiB       100.00%             4652409154190094022\r\n",
            "ring.txt");
        QCOMPARE(withPort.nodes.size(), size_t(1));
        QCOMPARE(withPort.nodes[0].address, std::string("127.0.0.1:7000"));
        QCOMPARE(withPort.nodes[0].tokens, std::vector<int64_t>{4652409154190094022LL});
    }

    void nodetoolRingErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString header = QStringLiteral(
            "Datacenter: dc1\n==========\nAddress  Rack  Status State   Load  Owns  Token\n");
        QTest::newRow("no datacenter")
            << "10.0.0.1  rack1  Up  Normal  1 KiB  ?  5\n"
            << "ring.txt:1: a token line before any \"Datacenter:\" line";
        QTest::newRow("bad token") << header + "10.0.0.1  rack1  Up  Normal  1 KiB  ?  5x\n"
                                   << "ring.txt:4: \"5x\" is not a token (a signed 64-bit integer)";
        QTest::newRow("token out of range")
            << header + "10.0.0.1  rack1  Up  Normal  1 KiB  ?  9223372036854775808\n"
            << "ring.txt:4: \"9223372036854775808\" is not a token (a signed 64-bit integer)";
        QTest::newRow("garbage") << header + "hello world\n"
                                 << "ring.txt:4: expected \"Address Rack Status State Load Owns "
                                    "Token\" (as nodetool ring prints it), got \"hello world\"";
        QTest::newRow("duplicate token")
            << header +
                   "10.0.0.1  rack1  Up  Normal  1 KiB  ?  5\n"
                   "10.0.0.2  rack1  Up  Normal  1 KiB  ?  5\n"
            << "ring.txt:5: token 5 of node 10.0.0.2 is already listed for node 10.0.0.1";
        QTest::newRow("node in two racks")
            << header +
                   "10.0.0.1  rack1  Up  Normal  1 KiB  ?  5\n"
                   "10.0.0.1  rack2  Up  Normal  1 KiB  ?  6\n"
            << "ring.txt:5: node 10.0.0.1 is in dc1/rack2 here but in dc1/rack1 on line 4";
        QTest::newRow("empty") << "\n\n"
                               << "ring.txt: no token lines found; is this the output "
                                  "of nodetool ring?";
        QTest::newRow("nodetool error")
            << "\nError: The keyspace mockks, does not exist\n"
            << "ring.txt:2: nodetool reported an error: \"Error: The keyspace mockks, does not "
               "exist\"";
    }
    void nodetoolRingErrors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QCOMPARE(errorOf([&] { parseNodetoolRing(text.toStdString(), "ring.txt"); }), message);
    }
};

QTEST_GUILESS_MAIN(TestCassandra)
#include "tst_cassandra.moc"
