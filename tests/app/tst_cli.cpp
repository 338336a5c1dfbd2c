// ringscope-cli against golden files: tests/golden/<case>/ holds `args` (one argument a line;
// @PRESETS@ and @CASE@ stand for those folders), and the expected `stdout`, `stderr` and `code`.
// RINGSCOPE_UPDATE_GOLDEN=1 rewrites the expectations from the current output.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

#include "cli.h"
#include "ringscope/nodetool_ring.h"
#include "ringscope/placement.h"
#include "scenariojson.h"

namespace {

const QString kGolden = QStringLiteral(RINGSCOPE_SOURCE_DIR "/tests/golden");
const QString kPresets = QStringLiteral(RINGSCOPE_SOURCE_DIR "/resources/presets");

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
    return text.replace("@PRESETS@", kPresets.toUtf8()).replace("@CASE@", caseDir.toUtf8());
}

QByteArray unsubstitute(QByteArray text, const QString& caseDir) {
    return text.replace(caseDir.toUtf8(), "@CASE@").replace(kPresets.toUtf8(), "@PRESETS@");
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
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

    void importedRingIsTheNodetoolRing() {
        // The imported scenario reads back as written and places the parsed tokens as they
        // are: every token of the nodetool output is its node's, in signed order on the ring.
        const QString ringFile =
            QStringLiteral(RINGSCOPE_SOURCE_DIR "/tests/core/data/nodetool-ring-multi-dc.txt");
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
};

// A QGuiApplication, as the real program makes for `render` (offscreen under CTest).
QTEST_MAIN(TestCli)
#include "tst_cli.moc"
