// The limits: what a scenario costs is counted exactly without generating it (checked against
// generating it), every refusal names the field and the limit and carries its waiver, files
// that are not regular files are refused before a byte is read, key files are read within caps,
// and messages show input text escaped and short. The README lists every limit and default.
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "algorithms/ring/ringplacement.h"
#include "ringscope/inputfile.h"
#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/placement.h"
#include "ringscope/work.h"
#include "testpaths.h"
#include "testutil.h"
#include "tokenschemes/ketama/ketama.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;
using ringscope::test::errorOf;

namespace {

std::optional<Waiver> waiverOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.waiver();
    }
    return std::nullopt;
}

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const std::string path = dir.filePath(QLatin1String(name)).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// The keys and line numbers a key file reads as, within the limits.
std::vector<std::pair<std::string, uint32_t>> lines(const std::string& path,
                                                    const Limits& limits = Limits()) {
    KeyLines numbers;
    const KeyNames keys = readKeyFile(path, &numbers, limits);
    std::vector<std::pair<std::string, uint32_t>> out;
    for (size_t k = 0; k < keys.size(); ++k) {
        out.emplace_back(keys[k], *numbers.of(k));
    }
    return out;
}

}  // namespace

class TestLimits : public QObject {
    Q_OBJECT
private slots:
    // An amount saturated at 2^64 - 1 is not a number the input needs: it reads "2^64 or more"
    // and offers no limit to raise (nginx weight 2^63 - 1 was refused as "not a whole weight",
    // then with a waiver to raise tokens to 18446744073709551615).
    void saturatedAmountsOfferNoWaiver() {
        const InputError exact = limitError(Limits(), Limit::Tokens, 6'000'000, "nodes", "tokens");
        QCOMPARE(exact.message(), std::string("needs 6000000 tokens, more than the limit tokens = "
                                              "5000000"));
        QVERIFY(exact.waiver() && exact.waiver()->needed == 6'000'000);
        const InputError saturated =
            limitError(Limits(), Limit::Tokens, UINT64_MAX, "nodes", "tokens");
        QCOMPARE(saturated.message(), std::string("needs 2^64 or more tokens, more than any "
                                                  "limit allows (tokens = 5000000)"));
        QVERIFY(!saturated.waiver());
        Scenario s;
        s.tokenScheme = TokenScheme::Nginx;
        s.keyHash = HashKind::Crc32;
        NodeSpec heavy;
        heavy.id = "a:80";
        heavy.weight = 9223372036854775807.0;
        s.nodes = {heavy};
        QCOMPARE(errorOf([&] { Placement::build(s); }),
                 QStringLiteral("nodes[0] (a:80): needs 2^64 or more ring tokens in all, more than "
                                "any limit allows (tokens = 5000000)"));
    }
    // keyVolume's arithmetic against the keys themselves, across digit boundaries and the wrap
    // of the index past 2^64 - 1.
    void keyVolumeCountsWhatGenerationMakes_data() {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<quint64>("start");
        QTest::addColumn<quint64>("count");
        QTest::newRow("plain") << "key-{i}" << quint64{0} << quint64{1000};
        QTest::newRow("across 9999") << "{i}:{i}" << quint64{9990} << quint64{25};
        QTest::newRow("no placeholder, one key") << "just-one" << quint64{0} << quint64{1};
        QTest::newRow("{i} repeated") << "{i}{i}{i}-{i}" << quint64{95} << quint64{10};
        QTest::newRow("up to 2^64 - 1") << "k{i}" << quint64{18446744073709551610ull} << quint64{6};
        QTest::newRow("overlapping braces") << "{{i}}{i" << quint64{7} << quint64{5};
        QTest::newRow("none") << "k{i}" << quint64{5} << quint64{0};
    }
    void keyVolumeCountsWhatGenerationMakes() {
        QFETCH(QString, pattern);
        QFETCH(quint64, start);
        QFETCH(quint64, count);
        KeySetSpec spec;
        spec.pattern = pattern.toStdString();
        spec.start = start;
        spec.count = count;
        const KeySet keys = generateKeys(spec);
        uint64_t bytes = 0, longest = 0;
        for (const std::string& key : keys.names) {
            bytes += key.size();
            longest = std::max<uint64_t>(longest, key.size());
        }
        const KeyVolume volume = keyVolume(spec);
        QCOMPARE(volume.keys, uint64_t(keys.size()));
        QCOMPARE(volume.bytes, bytes);
        QVERIFY(volume.longest >= longest);  // an upper bound at the wrap, exact otherwise
        if (start + count >= start) {
            QCOMPARE(volume.longest, longest);
        }
        spec.kind = KeySetSpec::Kind::List;
        spec.list = keys.names.toVector();
        QCOMPARE(keyVolume(spec).bytes, bytes);
        QCOMPARE(keyVolume(spec).longest, longest);
    }

    // ringCost against the ring built: every preset-like shape and scheme.
    void ringCostCountsWhatTheRingPlaces_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("vnodes") << 0;
        QTest::newRow("vnodes x weight") << 1;
        QTest::newRow("ketama weighted") << 2;
        QTest::newRow("explicit and vnodes, {node} twice") << 3;
        QTest::newRow("ketama with an explicit node") << 4;
    }
    void ringCostCountsWhatTheRingPlaces() {
        QFETCH(int, which);
        Scenario s = test::vnodeRing(5, 37);
        switch (which) {
            case 1:
                s.nodes[2].weight = 2.6;
                s.nodes[4].weight = 0.001;
                break;
            case 2:
            case 4:
                s.tokenScheme = TokenScheme::Ketama;
                for (size_t n = 0; n < s.nodes.size(); ++n) {
                    s.nodes[n].vnodes.reset();
                    s.nodes[n].weight = 1.0 + double(n);
                }
                if (which == 4) {
                    s.nodes[1].tokens = {5, 6, 7};
                }
                break;
            case 3:
                s.params.edit<NamedTokenParams>().name = "{node}/{node}-{i}";
                s.nodes[0].vnodes.reset();
                s.nodes[0].tokens = {1, 2, 3};
                break;
        }
        const Placement p = Placement::build(s);
        const RingCost cost = ringCost(s);
        QCOMPARE(cost.tokens, uint64_t(p.ring().size()));
        uint64_t names = 0;
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            const NodeSpec& node = s.nodes[n];
            if (s.tokenScheme == TokenScheme::Named && node.vnodes) {
                const auto count =
                    uint64_t(std::max(1.0, std::round(double(*node.vnodes) * node.weight)));
                for (uint64_t i = 0; i < count; ++i) {
                    names += tokenName(s.params.get<NamedTokenParams>().name, node.id, i).size();
                }
            } else if (s.tokenScheme == TokenScheme::Ketama && node.tokens.empty()) {
                uint64_t points = 0;
                for (size_t t = 0; t < p.ring().size(); ++t) {
                    points += p.ring().node(t) == n ? 1 : 0;
                }
                for (uint64_t i = 0; i < points / kKetamaPointsPerDigest; ++i) {
                    names += (node.id + "-" + std::to_string(i)).size();
                }
            }
        }
        QCOMPARE(cost.nameBytes, names);
    }

    // The review's ketama case: explicit tokens past the limit made an unsigned subtraction
    // wrap, and the check admitted 15 million tokens. Now they are counted with the rest.
    void ketamaExplicitTokensCountAgainstTheLimit() {
        Scenario s;
        s.tokenScheme = TokenScheme::Ketama;
        s.nodes.resize(2);
        s.nodes[0].id = "A";
        s.nodes[0].tokens.resize(defaultLimit(Limit::Tokens) + 1);
        for (size_t t = 0; t < s.nodes[0].tokens.size(); ++t) {
            s.nodes[0].tokens[t] = t;
        }
        s.nodes[1].id = "B";
        QElapsedTimer timer;
        timer.start();
        const QString error = errorOf([&] { Placement::build(s); });
        QVERIFY(timer.elapsed() < 20000);  // a guard against a hang (sanitizer builds too)
        QCOMPARE(error, QStringLiteral("nodes[0] (A): needs 5000161 ring tokens in all, more "
                                       "than the limit tokens = 5000000"));
        const auto waiver = waiverOf([&] { Placement::build(s); });
        QVERIFY(waiver);
        QCOMPARE(waiver->limit, Limit::Tokens);
        QCOMPARE(waiver->needed, uint64_t{5000161});
    }

    // Every check names its field and carries the waiver that lets the input through.
    void refusalsNameFieldAndLimit_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("limit");
        QTest::addColumn<quint64>("needed");
        QTest::newRow("keys") << 0 << "keys.count: needs 10000001 keys, more than the limit keys"
                              << int(Limit::Keys) << quint64{10000001};
        QTest::newRow("key bytes")
            << 1 << "keys.pattern: needs 2068888890 bytes of keys, more than the limit key-bytes"
            << int(Limit::KeyBytes) << quint64{2068888890};
        QTest::newRow("longest key")
            << 2
            << "keys.list: needs 70000 bytes in its longest key, more than the limit "
               "string-bytes"
            << int(Limit::StringBytes) << quint64{70000};
        QTest::newRow("nodes") << 3 << "nodes: needs 100001 nodes, more than the limit nodes"
                               << int(Limit::Nodes) << quint64{100001};
        QTest::newRow("key replicas")
            << 4 << "replicas: needs 150000000 owner entries (keys x replicas)"
            << int(Limit::KeyReplicas) << quint64{150000000};
        QTest::newRow("rendezvous")
            << 5 << "nodes: needs 2000000000 rendezvous digests (keys x nodes)"
            << int(Limit::RendezvousWork) << quint64{2000000000};
        // Within the digests (25,000,000 = 1,250,000 keys x 20 nodes) but each node id 60 KB:
        // every digest hashes its key and the whole id, 1.5 TB in all (it ran for minutes).
        QTest::newRow("rendezvous bytes")
            << 6
            << "nodes: needs 1500177777800 bytes hashed by rendezvous (each key with each node id)"
            << int(Limit::RendezvousBytes) << quint64{1500177777800};
    }
    void refusalsNameFieldAndLimit() {
        QFETCH(int, which);
        QFETCH(QString, message);
        QFETCH(int, limit);
        QFETCH(quint64, needed);
        Scenario s = test::vnodeRing(3, 1, Algorithm::ModN);
        s.keys.pattern = "k{i}";
        switch (which) {
            case 0:
                s.keys.count = 10'000'001;
                break;
            case 1:
                s.keys.pattern = std::string(200, 'x') + "{i}";
                s.keys.count = 10'000'000;
                break;
            case 2:
                s.keys.kind = KeySetSpec::Kind::List;
                s.keys.list = {"a", std::string(70000, 'k')};
                break;
            case 3:
                s.nodes.resize(100001);
                for (size_t n = 0; n < s.nodes.size(); ++n) {
                    s.nodes[n].id = "n" + std::to_string(n);
                }
                break;
            case 4:
                s.keys.count = 5'000'000;
                s.nodes.resize(30, s.nodes[0]);
                for (size_t n = 0; n < s.nodes.size(); ++n) {
                    s.nodes[n].id = "n" + std::to_string(n);
                }
                s.replicas = 30;
                break;
            case 5:
                s.algorithm = Algorithm::Rendezvous;
                s.keys.count = 1'000'000;
                s.nodes.resize(2000, s.nodes[0]);
                for (size_t n = 0; n < s.nodes.size(); ++n) {
                    s.nodes[n].id = "n" + std::to_string(n);
                }
                break;
            case 6:
                s.algorithm = Algorithm::Rendezvous;
                s.keys.count = 1'250'000;
                s.nodes.resize(20, s.nodes[0]);
                for (size_t n = 0; n < s.nodes.size(); ++n) {
                    s.nodes[n].id = std::to_string(n) + std::string(60'000 - 2, 'x') + "-";
                    s.nodes[n].id.resize(60'000, 'x');
                }
                break;
        }
        const QString error = errorOf([&] { checkWork(s, Limits()); });
        QVERIFY2(error.startsWith(message), qPrintable(error));
        const auto waiver = waiverOf([&] { checkWork(s, Limits()); });
        QVERIFY(waiver);
        QCOMPARE(waiver->kind, Waiver::Kind::RaiseLimit);
        QCOMPARE(int(waiver->limit), limit);
        QCOMPARE(waiver->needed, uint64_t(needed));
        // Raised to what it needs, it passes that check.
        Limits raised;
        raised.set(waiver->limit, waiver->needed);
        const QString after = errorOf([&] { checkWork(s, raised); });
        QVERIFY2(!after.startsWith(message), qPrintable(after));
    }

    void parseLimits_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::addColumn<int>("limit");
        QTest::addColumn<quint64>("value");
        QTest::newRow("plain") << "keys=20000000"
                               << "" << int(Limit::Keys) << quint64{20000000};
        QTest::newRow("G") << "key-bytes=4G"
                           << "" << int(Limit::KeyBytes) << quint64{4} * kGiB;
        QTest::newRow("k") << "string-bytes=128k"
                           << "" << int(Limit::StringBytes) << quint64{131072};
        QTest::newRow("unknown")
            << "key=5"
            << "--limit: unknown limit \"key\" (one of: scenario-bytes, json-entries, "
               "string-bytes, keys, key-bytes, nodes, tokens, token-name-bytes, "
               "token-replicas, key-replicas, rendezvous-work, maglev-work, import-bytes, "
               "bounded-load-work, rendezvous-bytes, lesson-keys, bucket-draws)"
            << 0 << quint64{0};
        QTest::newRow("no value") << "keys"
                                  << "--limit: expected keys=VALUE" << 0 << quint64{0};
        QTest::newRow("not a number") << "keys=lots"
                                      << "--limit: expected keys=VALUE" << 0 << quint64{0};
        QTest::newRow("overflows") << "keys=99999999999999999999G"
                                   << "--limit: expected keys=VALUE" << 0 << quint64{0};
    }
    void parseLimits() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QFETCH(int, limit);
        QFETCH(quint64, value);
        Limits limits;
        const QString got = errorOf([&] { limits.parse(text.toStdString(), "--limit"); });
        if (error.isEmpty()) {
            QCOMPARE(got, QString());
            QCOMPARE(limits[Limit(limit)], uint64_t(value));
        } else {
            QVERIFY2(got.startsWith(error), qPrintable(got));
            QCOMPARE(limits, Limits());
        }
    }

    void quotedTextIsShortAndEscaped_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("shown");
        QTest::newRow("plain") << QByteArray("abc") << QByteArray("\"abc\"");
        QTest::newRow("quote and backslash")
            << QByteArray("a\"b\\c") << QByteArray("\"a\\\"b\\\\c\"");
        QTest::newRow("controls") << QByteArray("a\tb\nc\rd\x1b[31m")
                                  << QByteArray("\"a\\tb\\nc\\rd\\x1b[31m\"");
        QTest::newRow("long") << QByteArray(100, 'x')
                              << "\"" + QByteArray(24, 'x') + "\"\xe2\x80\xa6";
        QTest::newRow("UTF-8 kept")
            << QByteArray("gr\xc3\xbc\xc3\x9f") << QByteArray("\"gr\xc3\xbc\xc3\x9f\"");
        QTest::newRow("invalid UTF-8") << QByteArray("a\xff\xc3") << QByteArray("\"a\\xff\\xc3\"");
        QTest::newRow("C1 control (CSI)") << QByteArray(
                                                 "a\xc2\x9b"
                                                 "31m")
                                          << QByteArray("\"a\\u009b31m\"");
        QTest::newRow("not cut inside a character")
            << QByteArray(23, 'x') + "\xc3\xbc"
            << "\"" + QByteArray(23, 'x') + "\"\xe2\x80\xa6";
    }
    void quotedTextIsShortAndEscaped() {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, shown);
        QCOMPARE(QByteArray::fromStdString(quotedText(text.toStdString())), shown);
    }

    void controlCharactersInIds() {
        QVERIFY(!hasControlCharacter("node-1 \xc3\xbc"));
        QVERIFY(hasControlCharacter("a\tb"));
        QVERIFY(hasControlCharacter(std::string("a\0b", 3)));
        QVERIFY(hasControlCharacter("a\x7f"));
        QVERIFY(hasControlCharacter("a\xc2\x85"));  // NEL
        Scenario s = test::explicitRing({{"A", {20}}, {"B\nC", {60}}});
        QCOMPARE(errorOf([&] { validate(s); }),
                 QStringLiteral("nodes[1] (\"B\\nC\").id: the node id \"B\\nC\" holds a control "
                                "character"));
        s.nodes[1].id = "B";
        s.nodes[1].zone = "az\t1";
        QCOMPARE(
            errorOf([&] { validate(s); }),
            QStringLiteral("nodes[1] (B).zone: the zone \"az\\t1\" holds a control character"));
    }

    void onlyRegularFilesAreRead() {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath(QStringLiteral("fifo")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QCOMPARE(errorOf([&] { InputFile::open(fifo); }),
                 QString::fromStdString(fifo + ": is a FIFO, not a regular file"));
        QCOMPARE(errorOf([] { InputFile::open("/dev/zero"); }),
                 QStringLiteral("/dev/zero: is a character device, not a regular file"));
        QCOMPARE(errorOf([&] { InputFile::open(dir.path().toStdString()); }),
                 QString::fromStdString(dir.path().toStdString() + ": is a directory, not a file"));
        QCOMPARE(errorOf([&] { InputFile::open(fifo + ".none"); }),
                 QString::fromStdString(fifo + ".none: no such file"));
        QCOMPARE(errorOf([] { InputFile::open(""); }), QStringLiteral("no file name given"));
        // Whole files: capped, whatever size they claim.
        const std::string small = writeFile(dir, "small", "0123456789");
        Limits limits;
        limits.set(Limit::ScenarioBytes, 10);
        QCOMPARE(readRegularFile(small, limits, Limit::ScenarioBytes), std::string("0123456789"));
        limits.set(Limit::ScenarioBytes, 9);
        QCOMPARE(errorOf([&] { readRegularFile(small, limits, Limit::ScenarioBytes); }),
                 QString::fromStdString(small + ": needs 10 bytes, more than the limit "
                                                "scenario-bytes = 9"));
    }

    void keyLinesWithinCaps() {
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "keys.txt", "a\r\n\nbb\nccc\r\n\r\ndddd");
        using Lines = std::vector<std::pair<std::string, uint32_t>>;
        QCOMPARE(lines(path), (Lines{{"a", 1}, {"bb", 3}, {"ccc", 4}, {"dddd", 6}}));
        QCOMPARE(countKeyFile(path).keys, uint64_t{4});
        // Counting a file (what opening a scenario checks first) refuses what reading it does.
        Limits limits;
        limits.set(Limit::StringBytes, 3);  // "ccc\r" fits: the '\r' is not part of the key
        for (const auto& read : {std::function([&] { lines(path, limits); }),
                                 std::function([&] { countKeyFile(path, limits); })}) {
            QCOMPARE(errorOf(read),
                     QString::fromStdString(path + ":6: needs 4 bytes in one line, more than the "
                                                   "limit string-bytes = 3"));
        }
        limits = Limits();
        limits.set(Limit::Keys, 3);
        for (const auto& read : {std::function([&] { lines(path, limits); }),
                                 std::function([&] { countKeyFile(path, limits); })}) {
            QCOMPARE(errorOf(read),
                     QString::fromStdString(path + ": needs 4 keys, more than the limit keys = 3"));
        }
        limits = Limits();
        limits.set(Limit::KeyBytes, 10);
        for (const auto& read : {std::function([&] { lines(path, limits); }),
                                 std::function([&] { countKeyFile(path, limits); })}) {
            QCOMPARE(errorOf(read),
                     QString::fromStdString(path + ": needs 18 bytes of keys, more than the "
                                                   "limit key-bytes = 10"));
        }
        // Exactly the keys allowed, then blank lines past key-bytes: their bytes count too, as
        // they did when the file was counted first.
        const std::string blanks =
            writeFile(dir, "blanks.txt", "a\nb\n" + std::string(3 << 20, '\n'));
        limits = Limits();
        limits.set(Limit::Keys, 2);
        limits.set(Limit::KeyBytes, 2 << 20);
        for (const auto& read : {std::function([&] { lines(blanks, limits); }),
                                 std::function([&] { countKeyFile(blanks, limits); })}) {
            QCOMPARE(errorOf(read),
                     QString::fromStdString(blanks + ": needs 3145732 bytes of keys, more than "
                                                     "the limit key-bytes = 2097152"));
        }
        // A line far over the cap is measured, not kept: the waiver says what it needs.
        const std::string longLine =
            writeFile(dir, "long.txt", "x\n" + std::string(3 << 20, 'y') + "\nz\n");
        const auto waiver = waiverOf([&] { lines(longLine); });
        QVERIFY(waiver);
        QCOMPARE(waiver->limit, Limit::StringBytes);
        QCOMPARE(waiver->needed, uint64_t{3} << 20);
    }

    void keysFromAPipe() {
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const std::string text = "k1\nk2\n\nk3";
        QCOMPARE(::write(fds[1], text.data(), text.size()), ssize_t(text.size()));
        ::close(fds[1]);
        KeyLineReader in(InputFile::borrow(fds[0], "<stdin>"));
        KeyNames names;
        KeyLines numbers;
        readKeyLines(in, names, &numbers, Limits());
        QCOMPARE(names.toVector(), (std::vector<std::string>{"k1", "k2", "k3"}));
        QCOMPARE(numbers.toVector(), (std::vector<uint32_t>{1, 2, 4}));
        ::close(fds[0]);
    }

    // A stream (standard input, streamed a batch at a time) keeps the line cap; a line without
    // an end is measured at most 16 MiB past the cap, so endless input stops at once.
    void streamedLinesWithinCaps() {
        Limits limits;
        limits.set(Limit::StringBytes, 3);
        std::istringstream in("ab\r\nabcd\nx\n");
        KeyLineReader reader(in, "<stdin>", limits);
        KeyBatch batch;
        QCOMPARE(errorOf([&] { reader.next(batch, 10); }),
                 QStringLiteral("<stdin>:2: needs 4 bytes in one line, more than the limit "
                                "string-bytes = 3"));
        QCOMPARE(batch.size(), size_t(1));  // "ab" came before it
        limits.set(Limit::KeyBytes, 3 << 20);
        std::istringstream endless(std::string(5 << 20, 'z'));
        KeyLineReader reader2(endless, "<stdin>", limits);
        const auto waiver = waiverOf([&] { reader2.next(batch, 10); });
        QVERIFY(waiver);
        QCOMPARE(waiver->limit, Limit::StringBytes);
        QVERIFY(waiver->needed > (uint64_t{3} << 20) && waiver->needed <= (uint64_t{5} << 20));
        // No end in sight: said so, and nothing to raise the limit to.
        std::istringstream zeros(std::string(40 << 20, '\0'));
        KeyLineReader reader3(zeros, "<stdin>", limits);
        const QString error = errorOf([&] { reader3.next(batch, 10); });
        QVERIFY2(error.startsWith(QStringLiteral("<stdin>:1: no line end in the first ")),
                 qPrintable(error));
        QVERIFY2(error.endsWith(
                     QStringLiteral(" bytes of the line, more than the limit string-bytes = 3 "
                                    "allows for one key (a key file holds one key per line)")),
                 qPrintable(error));
        QVERIFY(!waiverOf([&] {
            std::istringstream again(std::string(40 << 20, '\0'));
            KeyLineReader reader4(again, "<stdin>", limits);
            reader4.next(batch, 10);
        }));
    }

    // The README's table is the one users read: it lists every limit with its default.
    void readmeListsEveryLimit() {
        QFile readme(ringscope::test::sourcePath("/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QByteArray text = readme.readAll();
        for (const LimitRow& row : kLimitRows) {
            const QByteArray line = "| `" +
                                    QByteArray(row.name.data(), qsizetype(row.name.size())) +
                                    "` | " + QByteArray::number(qulonglong(row.fallback));
            QVERIFY2(text.contains(line), line.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestLimits)
#include "tst_limits.moc"
