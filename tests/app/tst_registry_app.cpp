// Every registered module (ringscope/registry.h) through the layers above the core: the scenario
// file's text and back, `ringscope-cli route`, `diff`, `stats` (text and JSON) and `hash`
// against the core, and the ring picture `render` draws. The samples come from the registry
// (tests/core/registrysamples.h), so a new module is covered the day it is registered.
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>
#include <sstream>

#include "cli.h"
#include "registrysamples.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "scenariojson.h"

using namespace ringscope;
using namespace ringscope::test;

Q_DECLARE_METATYPE(ringscope::Scenario)

namespace {

struct Run {
    int code = 0;
    std::string out, err;
};
Run runCli(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    Run r;
    r.code = cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

void addSampleRows() {
    QTest::addColumn<Scenario>("scenario");
    for (const Sample& sample : registrySamples()) {
        QTest::newRow(sample.name.c_str()) << sample.scenario;
    }
}

// Saves the scenario into `dir` as NAME.json and returns the path.
std::string saved(const QTemporaryDir& dir, const Scenario& s, const char* name) {
    const QString path = dir.filePath(QString::fromLatin1(name) + QStringLiteral(".json"));
    saveScenarioFile(s, path);
    return path.toStdString();
}

// The core's owner lists of the scenario's own keys, one "KEY\tOWNERS" line each.
std::string routeLines(const Scenario& s) {
    const Placement p = Placement::build(s);
    const KeySet keys = scenarioKeys(s);
    const Assignment a = assign(p, keys.names, hashKeys(keys, p.keyHashing()));
    std::string out;
    for (size_t k = 0; k < keys.size(); ++k) {
        out += keys.names[k] + '\t' + ownerList(p, a.ownersOf(k)) + '\n';
    }
    return out;
}

}  // namespace

class TestRegistryApp : public QObject {
    Q_OBJECT
private slots:
    // The file's text: written, read back, the same scenario; written again, the same bytes.
    void roundTripsThroughTheText_data() { addSampleRows(); }
    void roundTripsThroughTheText() {
        QFETCH(Scenario, scenario);
        const QByteArray json = scenarioToJson(scenario);
        const Scenario back = scenarioFromJson(json);
        QVERIFY(back == scenario);
        QCOMPARE(scenarioToJson(back), json);
    }

    // route, diff and stats read the file and answer as the core does.
    void commandLineToolAnswersAsTheCore_data() { addSampleRows(); }
    void commandLineToolAnswersAsTheCore() {
        QFETCH(Scenario, scenario);
        QTemporaryDir dir;
        const std::string before = saved(dir, scenario, "before");
        const Run route = runCli({"route", before});
        QCOMPARE(route.code, 0);
        QCOMPARE(route.out, routeLines(scenario));

        // The last node leaves.
        Scenario after = scenario;
        after.nodes.pop_back();
        for (const auto& row : kAlgorithms) {
            row.module().nodeRemoved(after, after.nodes.size());
        }
        const std::string afterPath = saved(dir, after, "after");
        const Run diff = runCli({"diff", before, afterPath});
        QCOMPARE(diff.code, 0);
        const Placement p = Placement::build(scenario);
        const Placement q = Placement::build(after);
        const KeySet keys = scenarioKeys(scenario);
        const DiffResult d =
            ringscope::diff(p, assign(p, keys.names, hashKeys(keys, p.keyHashing())), q,
                            assign(q, keys.names, hashKeys(keys, q.keyHashing())), keys);
        QCOMPARE(size_t(std::count(diff.out.begin(), diff.out.end(), '\n')), d.changed.size());
        QVERIFY(diff.err.find("primary moved: " + std::to_string(d.primaryMoved) + " of ") !=
                std::string::npos);

        const Run stats = runCli({"stats", before});
        QCOMPARE(stats.code, 0);
        QVERIFY(stats.out.find("total " + std::to_string(keys.size()) + " keys on 5 nodes") !=
                std::string::npos);
        const Run json = runCli({"stats", before, "--json"});
        QCOMPARE(json.code, 0);
        const QJsonObject root =
            QJsonDocument::fromJson(QByteArray::fromStdString(json.out)).object();
        QCOMPARE(root.value(QStringLiteral("keys")).toInteger(), qint64(keys.size()));
        QCOMPARE(root.value(QStringLiteral("nodes")).toArray().size(), qsizetype(5));
        // What the placement says about itself is in both forms.
        const PlacementFacts facts = p.facts();
        if (!facts.empty()) {
            QVERIFY(stats.out.find(facts.heading) != std::string::npos);
            const QJsonObject node = root.value(QStringLiteral("nodes")).toArray()[0].toObject();
            for (const PlacementFacts::Column& column : facts.columns) {
                QVERIFY(node.contains(QString::fromStdString(column.key)));
            }
        }
    }

    // `render` draws every algorithm's scenario: a ring with its arcs, or the nodes of an
    // algorithm without one.
    void rendersEveryAlgorithm_data() { addSampleRows(); }
    void rendersEveryAlgorithm() {
        QFETCH(Scenario, scenario);
        QTemporaryDir dir;
        const std::string path = saved(dir, scenario, "s");
        const std::string png = dir.filePath(QStringLiteral("s.png")).toStdString();
        const Run render = runCli({"render", path, "--size", "320", "-o", png});
        QCOMPARE(render.code, 0);
        const QImage image(QString::fromStdString(png));
        QCOMPARE(image.size(), QSize(320, 320));
        // Something is drawn: more than one colour.
        std::set<QRgb> colours;
        for (int y = 0; y < image.height(); y += 8) {
            for (int x = 0; x < image.width(); x += 8) {
                colours.insert(image.pixel(x, y));
            }
        }
        QVERIFY(colours.size() > 2);
    }

    // `hash` writes every key hash's value as its module does.
    void hashesWithEveryKeyHash() {
        for (const auto& row : kKeyHashes) {
            const std::string key = row.module().traits().keysArePositions ? "42" : "session-42";
            const Run run = runCli({"hash", "--key-hash", std::string(row.name()), "--key", key});
            QCOMPARE(run.code, 0);
            QCOMPARE(run.out,
                     key + '\t' + formatHashValue(row.value, *hashKey(row.value, key)) + '\n');
        }
    }

    // `import` offers every importer a module registers; an unknown one names them all.
    void importOffersEveryImporter() {
        const Run run = runCli({"import", "nothing-such", "-"});
        QCOMPARE(run.code, 2);
        for (const Importer* importer : allImporters()) {
            QVERIFY(run.err.find(importer->name) != std::string::npos);
        }
    }
};

QTEST_MAIN(TestRegistryApp)
#include "tst_registry_app.moc"
