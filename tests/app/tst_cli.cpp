// ringscope-cli against golden files: tests/golden/<case>/ holds `args` (one argument a line;
// @PRESETS@, @LESSONS@ and @CASE@ stand for those folders), and the expected `stdout`, `stderr`
// and `code`.
// RINGSCOPE_UPDATE_GOLDEN=1 rewrites the expectations from the current output.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli.h"
#include "keyhashes/cassandra/nodetool_ring.h"
#include "practice.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/hash.h"
#include "ringscope/key_encoding.h"
#include "ringscope/limits.h"
#include "ringscope/placement.h"
#include "scenariojson.h"
#include "testpaths.h"
#include "verdict.h"

namespace {

const QString kGolden = ringscope::test::sourcePath("/tests/golden");
const QString kPresets = ringscope::test::sourcePath("/resources/presets");
const QString kLessons = ringscope::test::sourcePath("/resources/lessons");

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& data) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

QByteArray substitute(QByteArray text, const QString& caseDir) {
    return text.replace("@PRESETS@", kPresets.toUtf8())
        .replace("@LESSONS@", kLessons.toUtf8())
        .replace("@CASE@", caseDir.toUtf8());
}

QByteArray unsubstitute(QByteArray text, const QString& caseDir) {
    return text.replace(caseDir.toUtf8(), "@CASE@")
        .replace(kPresets.toUtf8(), "@PRESETS@")
        .replace(kLessons.toUtf8(), "@LESSONS@");
}

// Runs the command-line tool; standard input reads `stdinText`.
struct Run {
    int code = 0;
    std::string out, err;
};
Run runCli(const std::vector<std::string>& args, const std::string& stdinText = {}) {
    std::istringstream in(stdinText);
    std::streambuf* saved = std::cin.rdbuf(in.rdbuf());
    std::ostringstream out, err;
    Run r;
    r.code = ringscope::cli::run(args, out, err);
    std::cin.rdbuf(saved);
    r.out = out.str();
    r.err = err.str();
    return r;
}

// A scenario of `nodes` nodes under `algorithm` (ring: 64 vnodes each), R replicas, and its own
// `count` pattern keys "user:{i}".
ringscope::Scenario scenarioOf(ringscope::Algorithm algorithm, int nodes, int64_t replicas,
                               uint64_t count) {
    ringscope::Scenario s;
    s.algorithm = algorithm;
    s.replicas = replicas;
    for (int n = 0; n < nodes; ++n) {
        ringscope::NodeSpec node;
        node.id = "n" + std::to_string(n);
        if (algorithm == ringscope::Algorithm::Ring) {
            node.vnodes = 64;
        }
        s.nodes.push_back(node);
    }
    s.keys.pattern = "user:{i}";
    s.keys.count = count;
    return s;
}

// The same with per-key sizes (uniform, 100..10,000 bytes) and Zipf popularity (s = 1.1).
ringscope::Scenario sizedZipfScenario(ringscope::Algorithm algorithm, int nodes, int64_t replicas,
                                      uint64_t count) {
    ringscope::Scenario s = scenarioOf(algorithm, nodes, replicas, count);
    s.keys.sizes.kind = ringscope::SizeSpec::Kind::Uniform;
    s.keys.sizes.min = 100;
    s.keys.sizes.max = 10'000;
    s.keys.popularity.kind = ringscope::PopularitySpec::Kind::Zipf;
    s.keys.popularity.s = 1.1;
    return s;
}

std::string save(const QTemporaryDir& dir, const char* name, const ringscope::Scenario& s) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    ringscope::saveScenarioFile(s, path);
    return path.toStdString();
}

// The scenario's keys, one per line.
std::string keyLines(const ringscope::Scenario& s) {
    std::string text;
    const ringscope::KeySet keys = ringscope::generateKeys(s.keys);
    keys.names.forEach(0, keys.size(),
                       [&](size_t, std::string_view name) { text.append(name).append("\n"); });
    return text;
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    // agree's matrix is per-key routing: each cell is the count of keys whose first owner under
    // `route` differs between the two clients, for Kafka's four partitioners, for ketama read
    // by libmemcached and by twemproxy (the same pool, points and key hash apart), and for that
    // pool under bounded loads (whose keys are placed together, not streamed).
    void agreeIsPerKeyRouting() {
        const std::string kafka = (kGolden + QStringLiteral("/agree-kafka-clients/")).toStdString();
        QTemporaryDir dir;
        ringscope::Scenario bounded =
            ringscope::loadScenarioFile(kPresets + QStringLiteral("/ketama-memcached-pool.json"));
        bounded.boundedLoadPercent = 110;
        // agree's one key set is the first client's, its popularity too (which weighs the loads).
        bounded.keys =
            ringscope::loadScenarioFile(QString::fromStdString(kafka + "java.json")).keys;
        const std::vector<std::string> files = {
            kafka + "java.json",
            kafka + "librdkafka-default.json",
            kafka + "librdkafka-murmur2.json",
            kafka + "librdkafka-fnv1a.json",
            (kPresets + QStringLiteral("/ketama-memcached-pool.json")).toStdString(),
            (kPresets + QStringLiteral("/twemproxy-pool.json")).toStdString(),
            save(dir, "ketama-bounded.json", bounded)};
        // Each client's primary of each of the first client's keys, in key order.
        const std::string keys =
            keyLines(ringscope::loadScenarioFile(QString::fromStdString(files[0])));
        std::vector<std::vector<std::string>> primaries;
        for (const std::string& file : files) {
            const Run r = runCli({"route", file, "--keys", "-"}, keys);
            QCOMPARE(r.code, 0);
            primaries.emplace_back();
            for (const QString& line :
                 QString::fromStdString(r.out).split(u'\n', Qt::SkipEmptyParts)) {
                primaries.back().push_back(
                    line.section(u'\t', 1).section(u',', 0, 0).toStdString());
            }
            QCOMPARE(primaries.back().size(), primaries.front().size());
        }
        std::vector<std::string> args = {"agree"};
        args.insert(args.end(), files.begin(), files.end());
        args.insert(args.end(), {"--keys", "-", "--json"});
        const Run r = runCli(args, keys);
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
        QCOMPARE(o[QStringLiteral("keys")].toInteger(), qint64(primaries[0].size()));
        const QJsonArray rows = o[QStringLiteral("disagree")].toArray();
        QCOMPARE(rows.size(), qsizetype(files.size()));
        for (size_t i = 0; i < files.size(); ++i) {
            for (size_t j = 0; j < files.size(); ++j) {
                qint64 differ = 0;
                for (size_t k = 0; k < primaries[i].size(); ++k) {
                    differ += primaries[i][k] != primaries[j][k];
                }
                const qint64 cell = rows[qsizetype(i)]
                                        .toArray()[qsizetype(j)]
                                        .toObject()[QStringLiteral("keys")]
                                        .toInteger();
                QVERIFY2(cell == differ, qPrintable(QStringLiteral("%1 x %2: agree %3, route %4")
                                                        .arg(i)
                                                        .arg(j)
                                                        .arg(cell)
                                                        .arg(differ)));
            }
        }
        // Java's partitioner and librdkafka's murmur2 are one; CRC-32 and murmur2 are unrelated.
        QCOMPARE(rows[0].toArray()[2].toObject()[QStringLiteral("keys")].toInteger(), 0);
        QVERIFY(rows[0].toArray()[1].toObject()[QStringLiteral("keys")].toInteger() > 0);
    }

    // agree checks the work of routing the first client's keys through every client, whatever
    // its place: 100,000 keys through a rendezvous client of 1,000 nodes (10^8 scores, over
    // rendezvous-work) is refused, naming that client's file, though its own 10 keys passed.
    void agreeChecksEveryClientsWork() {
        QTemporaryDir dir;
        const std::string many =
            save(dir, "modn.json", scenarioOf(ringscope::Algorithm::ModN, 12, 1, 100'000));
        const std::string hrw =
            save(dir, "hrw.json", scenarioOf(ringscope::Algorithm::Rendezvous, 1'000, 1, 10));
        const std::string few =
            save(dir, "few.json", scenarioOf(ringscope::Algorithm::ModN, 13, 1, 10));
        for (const auto& files : {std::vector{many, hrw, few}, std::vector{many, few, hrw}}) {
            std::vector<std::string> args = {"agree"};
            args.insert(args.end(), files.begin(), files.end());
            const Run r = runCli(args);
            QCOMPARE(r.code, 2);
            QVERIFY2(QString::fromStdString(r.err).contains(QStringLiteral("hrw.json")) &&
                         QString::fromStdString(r.err).contains(QStringLiteral("rendezvous-work")),
                     r.err.c_str());
        }
    }

    // compare: every algorithm but the lesson-only ones, in registry order, on the scenario's
    // nodes and keys; --json's fields are the same on every run but the timings, and a change
    // that cannot be made is said under the table.
    void compareEveryAlgorithm() {
        const std::string preset =
            (kPresets + QStringLiteral("/ketama-memcached-pool.json")).toStdString();
        Run r = runCli({"compare", preset, "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
        QCOMPARE(o[QStringLiteral("nodes")].toInt(), 4);
        QCOMPARE(o[QStringLiteral("keys")].toInt(), o[QStringLiteral("keysTotal")].toInt());
        QCOMPARE(o[QStringLiteral("repeats")].toInt(), 5);
        const QJsonArray rows = o[QStringLiteral("algorithms")].toArray();
        const auto algorithms = ringscope::verdictAlgorithms();
        QCOMPARE(rows.size(), qsizetype(algorithms.size()));
        const QStringList fields = QStringLiteral(
                                       "add algorithm anyRemoval balance busiest lookupBytes "
                                       "lookupNs monotone names removeLast removeMiddle "
                                       "timedKeys weights")
                                       .split(u' ');
        const auto withoutTimes = [](QJsonArray list) {
            for (auto&& row : list) {
                QJsonObject x = row.toObject();
                x.remove(QStringLiteral("lookupNs"));
                x.remove(QStringLiteral("timedKeys"));
                row = x;
            }
            return list;
        };
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QJsonObject row = rows[i].toObject();
            QCOMPARE(row[QStringLiteral("algorithm")].toString().toStdString(),
                     std::string(ringscope::algorithmName(algorithms[size_t(i)])));
            QCOMPARE(row.keys(), fields);
            QVERIFY(row[QStringLiteral("lookupNs")].toDouble() > 0);
            const QJsonObject middle = row[QStringLiteral("removeMiddle")].toObject();
            QCOMPARE(middle[QStringLiteral("node")].toString(), QStringLiteral("10.0.1.3"));
            QVERIFY(QStringList(
                        {QStringLiteral("id"), QStringLiteral("place"), QStringLiteral("slots")})
                        .contains(row[QStringLiteral("names")].toString()));
        }
        const Run again = runCli({"compare", preset, "--json"});
        QCOMPARE(withoutTimes(QJsonDocument::fromJson(QByteArray::fromStdString(again.out))
                                  .object()[QStringLiteral("algorithms")]
                                  .toArray()),
                 withoutTimes(rows));
        // The text: a heading per column, a row per algorithm, columns aligned (UTF-8 "—" and
        // "·" are one column each).
        r = runCli({"compare", preset});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("Remove 10.0.1.3 (middle)") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("AnchorHash") != std::string::npos, r.out.c_str());
        const auto lines = QString::fromStdString(r.out).split(u'\n');
        const qsizetype header = lines.indexOf(QRegularExpression(QStringLiteral("Algorithm .*")));
        QVERIFY(header > 0);
        for (qsizetype i = header; i <= header + qsizetype(algorithms.size()); ++i) {
            QCOMPARE(lines[i].size(), lines[header].size());
        }
        // One working node: no removal but the last, said under the table.
        QTemporaryDir dir;
        const QString one = dir.filePath(QStringLiteral("one.json"));
        writeAll(one, R"({"format": "ringscope/1", "algorithm": "anchor", "nodes": [{"id": "a:1"}],
                         "keys": {"pattern": "k{i}", "count": 100}})");
        r = runCli({"compare", one.toStdString()});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("cannot remove a:1 here") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("no node in the middle to remove") != std::string::npos, r.out.c_str());
    }

    // Interview practice at the terminal: the window's questions for the same seed, each
    // answer read from the input and called right or wrong with the truth and the
    // explanation, the streak kept, and the end of the input ending the session with its
    // score; in Japanese with --lang ja; --answers prints them answered.
    void practiceAtTheTerminal() {
        using namespace ringscope::lesson;
        PracticeSession session(3);
        const std::string first =
            revealPractice(session.question(), {}).truth.in(Language::English).toStdString();
        session.next();
        const std::string second =
            revealPractice(session.question(), {}).truth.in(Language::English).toStdString();
        const std::string prompt = session.question().prompt.in(Language::English).toStdString();

        Run r =
            runCli({"practice", "--seed", "3", "--count", "3"}, first + "\nnot " + second + "\n");
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("seed 3: 3 to answer") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("Right.\n") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("Wrong: the answer is " + second + ".") != std::string::npos,
                 r.out.c_str());
        QVERIFY2(r.out.find("Question 2 of 3: " + prompt) != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("Streak 1 (best 1).") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("Streak 0 (best 1).") != std::string::npos, r.out.c_str());
        // The input ended at the third question: two asked, one right.
        QVERIFY2(r.out.find("Score: 1 of 2 right, best streak 1.") != std::string::npos,
                 r.out.c_str());
        QVERIFY(r.err.empty());

        r = runCli({"practice", "--seed", "3", "--count", "1", "--lang", "ja"}, first + "\n");
        QVERIFY2(r.out.find("正解です。") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("成績：1 問中 1 問正解") != std::string::npos, r.out.c_str());

        r = runCli({"practice", "--seed", "3", "--count", "2", "--answers"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("Answer: " + first) != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("Answer: " + second) != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("Score") == std::string::npos);

        r = runCli({"practice", "--count", "0"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("--count: expected a number of questions between 1 and 1000") !=
                     std::string::npos,
                 r.err.c_str());
    }

    // Each command explains itself: `COMMAND --help`, `COMMAND -h` and `help COMMAND` print its
    // synopsis and what it does on stdout and exit 0, whatever else is on the line.
    // No terminal control character from a file, a key or an argument reaches the terminal: the
    // key list's ESC sequences, a C1 CSI (U+009B), an unknown option and a missing file named
    // with ESC all come out escaped, on standard output and standard error alike.
    void controlCharactersAreEscaped() {
        QTemporaryDir dir;
        const std::string keys = dir.filePath(QStringLiteral("keys.txt")).toStdString();
        {
            std::ofstream file(keys, std::ios::binary);
            file << "a\x1b[2Jb\nx\xc2\x9b"
                    "31my\n\x07"
                    "bell\x7f\n";
        }
        const std::string preset =
            (kPresets + QStringLiteral("/seed003-3nodes.json")).toStdString();
        const auto noControls = [](const std::string& text) {
            for (const char c : text) {
                const auto b = static_cast<unsigned char>(c);
                if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F) {
                    return false;
                }
            }
            return text.find("\xc2\x9b") == std::string::npos;
        };
        Run r = runCli({"route", preset, "--keys", keys});
        QCOMPARE(r.code, 0);
        QVERIFY2(noControls(r.out), r.out.c_str());
        QVERIFY2(r.out.find("a\\x1b[2Jb\t") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("x\\u009b31my\t") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("\\x07bell\\x7f\t") != std::string::npos, r.out.c_str());
        r = runCli({"stats", preset, "--bogus\x1b[2J"});
        QCOMPARE(r.code, 2);
        QVERIFY2(noControls(r.err) && r.err.find("--bogus\\x1b[2J") != std::string::npos,
                 r.err.c_str());
        r = runCli(
            {"stats", dir.filePath(QStringLiteral("no")).toStdString() + "\x1b]0;owned\x07"});
        QCOMPARE(r.code, 2);
        QVERIFY2(noControls(r.err) && r.err.find("\\x1b]0;owned\\x07") != std::string::npos,
                 r.err.c_str());
    }

    // Pictures: a title with ESC is refused where it is read (it was drawn into an SVG, whose
    // raw byte made it unreadable, then escaped there; a title is prose, and prose holds no
    // control characters), and -o never replaces what is not a regular file: a FIFO stays a
    // FIFO, and nothing is written.
    void renderWritesSafely() {
        QTemporaryDir dir;
        QFile preset(kPresets + QStringLiteral("/seed000-ring.json"));
        QVERIFY(preset.open(QIODevice::ReadOnly));
        const QByteArray clean = preset.readAll();
        QByteArray json = clean;
        const qsizetype title = json.indexOf("\"title\"");
        QVERIFY(title >= 0);
        json.insert(json.indexOf(": \"", title) + 3, "T\\u001b[2J ");
        const QString scenario = dir.filePath(QStringLiteral("title.json"));
        const QString plain = dir.filePath(QStringLiteral("plain.json"));
        for (const auto& [path, text] : {std::pair{scenario, json}, std::pair{plain, clean}}) {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text);
        }
        const QString svg = dir.filePath(QStringLiteral("ring.svg"));
        Run r = runCli({"render", scenario.toStdString(), "-o", svg.toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("title: the text \"T\\x1b[2J ") != std::string::npos, r.err.c_str());
        QVERIFY(!QFile::exists(svg));

        const QByteArray fifo = dir.filePath(QStringLiteral("pipe.png")).toUtf8();
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        r = runCli({"render", plain.toStdString(), "-o", fifo.toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("it is a FIFO, not a regular file; nothing was written") !=
                     std::string::npos,
                 r.err.c_str());
        struct stat info {};
        QCOMPARE(::stat(fifo.constData(), &info), 0);
        QVERIFY(S_ISFIFO(info.st_mode));
    }

    // An answer line without end (practice < /dev/zero held 3 GB) is no answer: the session ends
    // as at the end of input, having kept at most a few hundred bytes of it.
    void practiceBoundsAnAnswer() {
        const Run r = runCli({"practice", "--seed", "3", "--count", "3"},
                             std::string(size_t{200} << 10, '\0'));
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("Score: 0 of 0 right") != std::string::npos, r.out.c_str());
    }

    // Byte totals past 2^64 - 1 stop there and every output of plan and diff --matrix says so:
    // ">=" before each capped total, "at least" before the time, "bytesSaturated" in JSON (they
    // were printed as exact, and the time came out far too short). Four keys of 2^64 - 1 bytes
    // move from A, B, C to D. And a rate below 1bit/s is refused (1e-300 B/s gave "inf s").
    void byteTotalsPastTheirCapSaySo() {
        QTemporaryDir dir;
        const auto write = [&](const QString& name, const QByteArray& nodes) {
            QFile f(dir.filePath(name));
            f.open(QIODevice::WriteOnly);
            f.write(R"({"format": "ringscope/1", "keyHash": "xxh64", "nodes": )" + nodes +
                    R"(, "keys": {"pattern": "k{i}", "count": 4, )"
                    R"("sizes": {"fixed": "18446744073709551615"}}})");
            return dir.filePath(name).toStdString();
        };
        const std::string before = write(QStringLiteral("before.json"),
                                         R"([{"id": "A", "vnodes": 16}, {"id": "B", "vnodes": 16},
                                              {"id": "C", "vnodes": 16}])");
        const std::string after =
            write(QStringLiteral("after.json"), R"([{"id": "D", "vnodes": 16}])");
        Run r = runCli({"plan", before, after, "--bandwidth", "1MB/s"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("sent: 4 keys, >=18446744073709551615 bytes") != std::string::npos,
                 r.out.c_str());
        QVERIFY2(r.out.find("duration: at least ") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("the true totals are larger") != std::string::npos, r.out.c_str());
        r = runCli({"plan", before, after, "--json"});
        QVERIFY2(r.out.find("\"bytesSaturated\": true") != std::string::npos, r.out.c_str());
        r = runCli({"plan", before, after, "--csv"});
        QVERIFY2(r.out.find(",>=18446744073709551615,") != std::string::npos, r.out.c_str());
        r = runCli({"diff", before, after, "--matrix"});
        QVERIFY2(r.out.find(">=18446744073709551615") != std::string::npos, r.out.c_str());
        r = runCli({"diff", before, after, "--matrix", "--json"});
        QVERIFY2(r.out.find("\"bytesSaturated\": true") != std::string::npos, r.out.c_str());
        r = runCli({"plan", before, after, "--bandwidth", "0.01bit/s"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("--bandwidth: a rate must be at least 1bit/s") != std::string::npos,
                 r.err.c_str());
    }

    void helpForEachCommand_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("says");  // a phrase of its own help
        QTest::newRow("route") << QStringLiteral("route") << QStringLiteral("KEY<TAB>OWNER");
        QTest::newRow("diff") << QStringLiteral("diff") << QStringLiteral("KEY<TAB>OLD<TAB>NEW");
        QTest::newRow("stats") << QStringLiteral("stats") << QStringLiteral("stddev/mean");
        QTest::newRow("render") << QStringLiteral("render") << QStringLiteral("PNG or SVG");
        QTest::newRow("hash") << QStringLiteral("hash") << QStringLiteral("native form");
        QTest::newRow("import") << QStringLiteral("import") << QStringLiteral("nodetool ring");
        QTest::newRow("lesson") << QStringLiteral("lesson") << QStringLiteral("as a learner");
        QTest::newRow("limits") << QStringLiteral("limits") << QStringLiteral("defaults");
        QTest::newRow("plan") << QStringLiteral("plan") << QStringLiteral("busiest node");
    }
    void helpForEachCommand() {
        QFETCH(QString, command);
        QFETCH(QString, says);
        const std::string name = command.toStdString();
        const std::string synopsis = "Usage: ringscope-cli " + name;
        for (const auto& args :
             std::vector<std::vector<std::string>>{{name, "--help"},
                                                   {name, "-h"},
                                                   {"help", name},
                                                   {name, "missing.json", "--help"}}) {
            const Run r = runCli(args);
            QCOMPARE(r.code, 0);
            QVERIFY2(r.err.empty(), r.err.c_str());
            QVERIFY2(r.out.starts_with(synopsis), r.out.c_str());
            QVERIFY2(r.out.find(says.toStdString()) != std::string::npos, r.out.c_str());
            // Its own synopsis only, not the list of every command.
            QVERIFY2(r.out.find("   or: ") == std::string::npos, r.out.c_str());
            // And notes on the options it takes alone: not the general footer about `lesson`,
            // nor --down for a command without it.
            QCOMPARE(r.out.find("`lesson` prints a lesson") != std::string::npos, false);
            QCOMPARE(r.out.find("--down ID marks") != std::string::npos,
                     name == "diff" || name == "stats" || name == "plan");
            QVERIFY2(r.out.find("--limit NAME=VALUE") != std::string::npos, r.out.c_str());
        }
    }

    // A mistyped command or option names the nearest one; a word near none gets the list.
    void didYouMean_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("first");  // the first line on stderr
        const QString seed = kPresets + QStringLiteral("/seed000-ring.json");
        QTest::newRow("stat") << QStringList{QStringLiteral("stat"), seed}
                              << QStringLiteral(
                                     "ringscope-cli: stat: unknown command; did you "
                                     "mean `stats`?");
        QTest::newRow("rout") << QStringList{QStringLiteral("rout"), seed}
                              << QStringLiteral(
                                     "ringscope-cli: rout: unknown command; did you "
                                     "mean `route`?");
        QTest::newRow("swapped letters")
            << QStringList{QStringLiteral("hsah")}
            << QStringLiteral("ringscope-cli: hsah: unknown command; did you mean `hash`?");
        QTest::newRow("a prefix") << QStringList{QStringLiteral("lim")}
                                  << QStringLiteral(
                                         "ringscope-cli: lim: unknown command; did "
                                         "you mean `limits`?");
        QTest::newRow("help of a mistyped command")
            << QStringList{QStringLiteral("help"), QStringLiteral("dif")}
            << QStringLiteral("ringscope-cli: dif: unknown command; did you mean `diff`?");
        QTest::newRow("an option")
            << QStringList{QStringLiteral("stats"), seed, QStringLiteral("--jsn")}
            << QStringLiteral("ringscope-cli: --jsn: unknown option; did you mean `--json`?");
        QTest::newRow("nothing near") << QStringList{QStringLiteral("shuffle"), seed}
                                      << QStringLiteral("ringscope-cli: shuffle: unknown command");
    }
    void didYouMean() {
        QFETCH(QStringList, args);
        QFETCH(QString, first);
        std::vector<std::string> argv;
        for (const QString& a : args) {
            argv.push_back(a.toStdString());
        }
        const Run r = runCli(argv);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.empty());
        QCOMPARE(QString::fromStdString(r.err.substr(0, r.err.find('\n'))), first);
    }

    void golden_data() {
        QTest::addColumn<QString>("caseDir");
        const QDir root(kGolden);
        const auto cases = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(cases.size() >= 10);
        for (const QString& name : cases) {
            QTest::newRow(qPrintable(name)) << root.filePath(name);
        }
    }
    void golden() {
        QFETCH(QString, caseDir);
        std::vector<std::string> args;
        const QByteArray argText = substitute(readAll(caseDir + QStringLiteral("/args")), caseDir);
        for (const QByteArray& line : argText.split('\n')) {
            if (!line.isEmpty()) {
                args.push_back(line.toStdString());
            }
        }
        std::ostringstream out, err;
        const int code = ringscope::cli::run(args, out, err);
        const QByteArray gotOut = unsubstitute(QByteArray::fromStdString(out.str()), caseDir);
        const QByteArray gotErr = unsubstitute(QByteArray::fromStdString(err.str()), caseDir);
        if (qEnvironmentVariableIsSet("RINGSCOPE_UPDATE_GOLDEN")) {
            writeAll(caseDir + QStringLiteral("/stdout"), gotOut);
            writeAll(caseDir + QStringLiteral("/stderr"), gotErr);
            writeAll(caseDir + QStringLiteral("/code"), QByteArray::number(code) + '\n');
            return;
        }
        QCOMPARE(gotErr, readAll(caseDir + QStringLiteral("/stderr")));
        QCOMPARE(gotOut, readAll(caseDir + QStringLiteral("/stdout")));
        QCOMPARE(code, readAll(caseDir + QStringLiteral("/code")).trimmed().toInt());
    }

    void seed000DiffIsExactlyKeys21To40() {
        // The issue's example, checked line by line independently of the golden text.
        std::ostringstream out, err;
        const int code = ringscope::cli::run(
            {"diff", (kPresets + QStringLiteral("/seed000-ring.json")).toStdString(),
             (kPresets + QStringLiteral("/seed000-ring-d40.json")).toStdString()},
            out, err);
        QCOMPARE(code, 0);
        std::istringstream lines(out.str());
        std::string line;
        int expected = 21;
        while (std::getline(lines, line)) {
            QCOMPARE(line, std::to_string(expected++) + "\tB\tD");
        }
        QCOMPARE(expected, 41);
    }

    // ---- Streaming: the same answers a batch at a time --------------------------------------

    void routeStreamsLikeCore_data() {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<int>("keys");
        // Ring, jump and mod-N over 300,000 keys (three batches); HRW over fewer (SHA-256 each).
        QTest::newRow("ring") << int(ringscope::Algorithm::Ring) << 300'000;
        QTest::newRow("jump") << int(ringscope::Algorithm::Jump) << 300'000;
        QTest::newRow("mod-N") << int(ringscope::Algorithm::ModN) << 300'000;
        QTest::newRow("rendezvous") << int(ringscope::Algorithm::Rendezvous) << 20'000;
    }
    void routeStreamsLikeCore() {
        // route over a key file, over standard input and over the scenario's own keys prints,
        // line by line in input order, the owners the core assigns to the whole key set.
        using namespace ringscope;
        QFETCH(int, algorithm);
        QFETCH(int, keys);
        QTemporaryDir dir;
        const Scenario s = scenarioOf(Algorithm(algorithm), 7, 2, uint64_t(keys));
        const std::string path = save(dir, "s.json", s);
        const std::string text = keyLines(s);
        const std::string file = dir.filePath(QStringLiteral("keys.txt")).toStdString();
        std::ofstream(file) << text;

        const Placement p = Placement::build(s);
        const KeySet set = generateKeys(s.keys);
        const Assignment a = assignPerKey(p, set.names, hashKeys(set, p.keyHash(), p.space()));
        std::string expected;
        for (size_t k = 0; k < set.size(); ++k) {
            expected += set.names[k] + '\t' + ownerList(p, a.ownersOf(k)) + '\n';
        }
        const Run fromFile = runCli({"route", path, "--keys", file});
        QCOMPARE(fromFile.code, 0);
        QVERIFY(fromFile.out == expected);
        const Run fromStdin = runCli({"route", path, "--keys", "-"}, text);
        QVERIFY(fromStdin.out == expected);
        const Run own = runCli({"route", path});
        QVERIFY(own.out == expected);
    }

    void streamedAndLoadedAgree() {
        // Zipf popularity over keys from a file needs the whole key set (its ranks are a
        // shuffle of all keys), so stats and diff load it; over the scenario's own keys they
        // stream. Same keys, same seed: the same numbers and lines either way.
        using namespace ringscope;
        QTemporaryDir dir;
        Scenario before = sizedZipfScenario(Algorithm::Ring, 10, 2, 250'000);
        Scenario after = before;
        after.nodes.push_back(NodeSpec{"n10", 1.0, {}, {}, 64});
        const std::string a = save(dir, "a.json", before);
        const std::string b = save(dir, "b.json", after);
        const std::string file = dir.filePath(QStringLiteral("keys.txt")).toStdString();
        std::ofstream(file) << keyLines(before);

        for (const bool json : {false, true}) {
            std::vector<std::string> args{"stats", a};
            if (json) {
                args.push_back("--json");
            }
            const Run streamed = runCli(args);
            args.insert(args.end(), {"--keys", file});
            const Run loaded = runCli(args);
            QCOMPARE(streamed.code, 0);
            QVERIFY(streamed.out == loaded.out);
            QVERIFY(streamed.out.find("250000") != std::string::npos);
        }
        const Run streamed = runCli({"diff", a, b});
        const Run loaded = runCli({"diff", a, b, "--keys", file});
        QCOMPARE(streamed.code, 0);
        QVERIFY(!streamed.out.empty());
        QVERIFY(streamed.out == loaded.out);
        QCOMPARE(streamed.err, loaded.err);
        QVERIFY(streamed.err.find("requests moved:") != std::string::npos);

        // And the core's diff of the whole key set gives the same summary.
        const Placement pa = Placement::build(before), pb = Placement::build(after);
        const KeySet set = generateKeys(before.keys);
        const DiffResult d = diff(pa, assign(pa, set.names, hashKeys(set, pa.keyHashing())), pb,
                                  assign(pb, set.names, hashKeys(set, pb.keyHashing())), set);
        QVERIFY(streamed.err.find("primary moved: " + std::to_string(d.primaryMoved) +
                                  " of 250000") == 0);
        QCOMPARE(size_t(std::count(streamed.out.begin(), streamed.out.end(), '\n')),
                 d.changed.size());
    }

    void downStreamedAndLoadedAgree() {
        // --down: over the scenario's own keys diff and stats stream; over a key file with Zipf
        // popularity they load the key set. Both give the core's failover numbers.
        using namespace ringscope;
        QTemporaryDir dir;
        const Scenario s = sizedZipfScenario(Algorithm::Ring, 8, 2, 200'000);
        const std::string a = save(dir, "a.json", s);
        const std::string file = dir.filePath(QStringLiteral("keys.txt")).toStdString();
        std::ofstream(file) << keyLines(s);

        Scenario failed = s;
        failed.nodes[3].down = true;
        const Placement up = Placement::build(s), down = Placement::build(failed);
        const KeySet set = generateKeys(s.keys);
        const DiffResult d = diff(up, assign(up, set.names, hashKeys(set, up.keyHashing())), down,
                                  assign(down, set.names, hashKeys(set, down.keyHashing())), set);
        QVERIFY(d.failover.primaryLost > 0 && d.failover.bytesToReplicate > 0);

        const Run streamed = runCli({"diff", a, a, "--down", "n3"});
        const Run loaded = runCli({"diff", a, a, "--down", "n3", "--keys", file});
        QCOMPARE(streamed.code, 0);
        QVERIFY(streamed.out == loaded.out);
        QCOMPARE(streamed.err, loaded.err);
        QCOMPARE(size_t(std::count(streamed.out.begin(), streamed.out.end(), '\n')),
                 d.changed.size());
        const std::string lost =
            "primary lost: " + std::to_string(d.failover.primaryLost) + " of 200000 keys\n";
        const std::string copies = "bytes to re-replicate (restore R = 2): " +
                                   std::to_string(d.failover.bytesToReplicate) + "\n";
        QVERIFY2(streamed.err.find(lost) != std::string::npos, streamed.err.c_str());
        QVERIFY2(streamed.err.find(copies) != std::string::npos, streamed.err.c_str());

        const Run statsStreamed = runCli({"stats", a, "--down", "n3", "--json"});
        const Run statsLoaded = runCli({"stats", a, "--down", "n3", "--json", "--keys", file});
        QCOMPARE(statsStreamed.code, 0);
        QVERIFY(statsStreamed.out == statsLoaded.out);
        const QJsonObject root =
            QJsonDocument::fromJson(QByteArray::fromStdString(statsStreamed.out)).object();
        const QJsonObject f = root[QStringLiteral("failover")].toObject();
        QCOMPARE(f[QStringLiteral("primaryLost")].toInteger(), qint64(d.failover.primaryLost));
        QCOMPARE(f[QStringLiteral("takenOver")].toInteger(), qint64(d.failover.takenOver));
        QCOMPARE(f[QStringLiteral("noReplica")].toInteger(), qint64(d.failover.noReplica));
        QCOMPARE(f[QStringLiteral("bytesToReplicate")].toInteger(),
                 qint64(d.failover.bytesToReplicate));
        const QJsonArray nodes = root[QStringLiteral("nodes")].toArray();
        QVERIFY(nodes[3].toObject()[QStringLiteral("down")].toBool());
        QCOMPARE(nodes[3].toObject()[QStringLiteral("keys")].toInteger(), qint64(0));
    }

    void streamedErrorNamesTheLine() {
        // A bad key deep in a streamed file is named by its line (the batch before it is out).
        using namespace ringscope;
        QTemporaryDir dir;
        Scenario s = scenarioOf(Algorithm::Ring, 3, 1, 10);
        s.keyHash = HashKind::Identity;
        s.space = 1'000'000;
        s.keys.pattern = "{i}";
        const std::string path = save(dir, "s.json", s);
        std::string text;
        for (int i = 0; i < 200'000; ++i) {
            text += std::to_string(i) + "\n";
        }
        text += "oops\n";
        const Run r = runCli({"route", path, "--keys", "-"}, text);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, std::string("ringscope-cli: <stdin>:200001: key \"oops\" is not a decimal "
                                    "unsigned integer (keyHash identity)\n"));
    }

    void importedRingIsTheNodetoolRing() {
        // The imported scenario reads back as written and places the parsed tokens as they
        // are: every token of the nodetool output is its node's, in signed order on the ring.
        const QString ringFile =
            ringscope::test::sourcePath("/tests/core/data/nodetool-ring-multi-dc.txt");
        std::ostringstream out, err;
        QCOMPARE(ringscope::cli::run({"import", "nodetool-ring", ringFile.toStdString()}, out, err),
                 0);
        const ringscope::Scenario s =
            ringscope::scenarioFromJson(QByteArray::fromStdString(out.str()));
        QFile file(ringFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        const ringscope::NodetoolRing parsed = ringscope::parseNodetoolRing(
            std::string_view(text.constData(), size_t(text.size())), "ring.txt");
        QCOMPARE(s, ringscope::nodetoolRingScenario(parsed, "nodetool-ring-multi-dc.txt"));
        QCOMPARE(s.space, ringscope::kSpaceSigned64);
        QCOMPARE(s.keyHash, ringscope::HashKind::Murmur3Cassandra);
        QCOMPARE(s.nodes.size(), size_t(6));
        QCOMPARE(s.nodes[0].zone, std::string("dc1/rack2"));
        const ringscope::Placement p = ringscope::Placement::build(s);
        const ringscope::Ring& ring = p.ring();
        QCOMPARE(ring.size(), size_t(24));
        for (size_t t = 0; t < ring.size(); ++t) {
            const auto& node = parsed.nodes[ring.node(t)];
            const int64_t token = ringscope::positionToSigned64(ring.position(t));
            QVERIFY(std::find(node.tokens.begin(), node.tokens.end(), token) != node.tokens.end());
            if (t > 0) {
                QVERIFY(ringscope::positionToSigned64(ring.position(t - 1)) < token);
            }
        }
        QCOMPARE(err.str(), std::string());
    }

    void renderShowsSignedTokens() {
        // A signed64 ring is drawn with signed tokens: token labels and the quarter turns.
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("s.json"));
        writeAll(scenario,
                 R"({"format": "ringscope/1", "space": "signed64", "keyHash": "murmur3-cassandra",
                     "nodes": [{"id": "A", "tokens": ["-3074457345618258603"]},
                               {"id": "B", "tokens": ["0"]},
                               {"id": "C", "tokens": ["9223372036854775807"]}],
                     "keys": {"pattern": "k{i}", "count": 30}})");
        const QString svg = dir.filePath(QStringLiteral("ring.svg"));
        std::ostringstream out, err;
        QCOMPARE(ringscope::cli::run({"render", scenario.toStdString(), "-o", svg.toStdString()},
                                     out, err),
                 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains(QStringLiteral("A@-3074457345618258603")));
        QVERIFY(text.contains(QStringLiteral("C@9223372036854775807")));
        QVERIFY(text.contains(QStringLiteral("−2⁶³")));
        QVERIFY(text.contains(QStringLiteral("space signed64")));
        QVERIFY(!text.contains(QStringLiteral("A@6148914691236517205")));  // not the unsigned form
    }

    void renderNeedsNoDesktopProgram() {
        // This suite links the command-line layer alone (no widgets): render still draws.
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("ring.svg"));
        std::ostringstream out, err;
        const int code = ringscope::cli::run(
            {"render", (kPresets + QStringLiteral("/seed000-ring-d40.json")).toStdString(),
             "--baseline", (kPresets + QStringLiteral("/seed000-ring.json")).toStdString(), "-o",
             svg.toStdString()},
            out, err);
        QCOMPARE(code, 0);
        QCOMPARE(err.str(), std::string("20 of 100 keys moved\n"));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("D@40"));
        // A bad baseline is named with its file.
        const std::string missing = (kPresets + QStringLiteral("/nope.json")).toStdString();
        std::ostringstream out2, err2;
        QCOMPARE(ringscope::cli::run(
                     {"render", (kPresets + QStringLiteral("/seed000-ring.json")).toStdString(),
                      "--baseline", missing, "-o", svg.toStdString()},
                     out2, err2),
                 2);
        QCOMPARE(err2.str(), "ringscope-cli: " + missing + ": no such file\n");
    }

    // `--list`, which the shell completion reads, says what the usage says: the same commands
    // (each one the program runs), each with the options its usage line shows, and the names
    // of the tables the options take.
    void listingFollowsTheUsage() {
        const auto words = [](const std::string& text) {
            QStringList list = QString::fromStdString(text).split(u'\n', Qt::SkipEmptyParts);
            list.sort();
            list.removeDuplicates();
            return list;
        };
        const Run help = runCli({"--help"});
        QCOMPARE(help.code, 0);
        static const QRegularExpression usageLine(
            QStringLiteral("^(?:Usage|   or): ringscope-cli ([a-z-]+)(.*)$"),
            QRegularExpression::MultilineOption);
        QStringList usageCommands;
        for (const auto& m : usageLine.globalMatch(QString::fromStdString(help.out))) {
            const QString command = m.captured(1);
            if (command == u"--version") {
                continue;  // answered before a command is read
            }
            usageCommands << command;
            static const QRegularExpression option(QStringLiteral("(?<![\\w-])(--[a-z-]+|-o)\\b"));
            QStringList shown;
            for (const auto& o : option.globalMatch(m.captured(2))) {
                shown << o.captured(1);
            }
            static const QRegularExpression keys(QStringLiteral("\\bkeys\\b"));
            if (m.captured(2).contains(keys)) {  // [keys]: --keys FILE, --key K
                shown << QStringLiteral("--keys") << QStringLiteral("--key");
            }
            shown.sort();
            shown.removeDuplicates();
            QStringList listed = words(runCli({"--list", "options", command.toStdString()}).out);
            for (const char* everywhere : {"--limit", "--allow-outside-files", "--output"}) {
                listed.removeAll(QLatin1String(everywhere));  // --output: -o's long form
            }
            QCOMPARE(listed, shown);
            const Run run = runCli({command.toStdString()});
            QVERIFY2(run.err.find("unknown command") == std::string::npos, run.err.c_str());
        }
        usageCommands.sort();
        QCOMPARE(words(runCli({"--list", "commands"}).out), usageCommands);
        QVERIFY(help.out.find("--limit NAME=VALUE") != std::string::npos);
        QVERIFY(help.out.find("--allow-outside-files") != std::string::npos);

        const auto names = [](const auto& table) {
            QStringList list;
            for (const auto& row : table) {
                const std::string_view name = ringscope::rowName(row);
                list << QString::fromLatin1(name.data(), qsizetype(name.size()));
            }
            list.sort();
            return list;
        };
        QCOMPARE(words(runCli({"--list", "key-hashes"}).out), names(ringscope::kKeyHashes));
        QCOMPARE(words(runCli({"--list", "key-encodings"}).out),
                 names(ringscope::kKeyEncodingNames));
        QCOMPARE(words(runCli({"--list", "limits"}).out), names(ringscope::kLimitRows));
        for (const QString& format : words(runCli({"--list", "imports"}).out)) {
            const Run run = runCli({"import", format.toStdString(), "/no/such/file"});
            QCOMPARE(run.err, "ringscope-cli: /no/such/file: no such file\n");
        }
        QCOMPARE(runCli({"--list", "nodes",
                         (kPresets + QStringLiteral("/ketama-memcached-pool.json")).toStdString()})
                     .out,
                 "10.0.1.1\n10.0.1.2\n10.0.1.3\n10.0.1.4\n");
        const Run bad = runCli({"--list", "colours"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.find("--list: expected commands") != std::string::npos, bad.err.c_str());
    }
};

// A QGuiApplication, as the real program makes for `render` (offscreen under CTest).
QTEST_MAIN(TestCli)
#include "tst_cli.moc"
