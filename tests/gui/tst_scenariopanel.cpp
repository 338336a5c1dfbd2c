// The scenario dock: each Apply is one undo step that changes exactly what the form says; bad
// values give a message naming the field and change nothing.
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "document.h"
#include "mainwindow.h"
#include "nodepanel.h"
#include "scenariopanel.h"
#include "testpaths.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;

namespace {

template <typename T>
T* field(ScenarioPanel& panel, int index) {
    const auto all = panel.findChildren<T*>(Qt::FindDirectChildrenOnly);
    return all.value(index);
}

QComboBox* combo(ScenarioPanel& panel, int index) {
    return field<QComboBox>(panel, index);
}

constexpr int kKeyKind = 5;  // the "Keys" combo

void writeFile(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

}  // namespace

class TestScenarioPanel : public QObject {
    Q_OBJECT
private slots:
    void presetsAreEmbedded() {
        MainWindow window(QDir::tempPath() + QStringLiteral("/ringscope-tst-scenariopanel"));
        QVERIFY(QFile::exists(QStringLiteral(":/presets/seed000-ring.json")));
        // Every preset file is embedded, so the Presets menu offers it.
        const QDir presets(ringscope::test::sourcePath("/resources/presets"));
        for (const QString& name : presets.entryList({QStringLiteral("*.json")}, QDir::Files)) {
            QVERIFY2(QFile::exists(QStringLiteral(":/presets/") + name), qPrintable(name));
        }
        QVERIFY(QFile::exists(QStringLiteral(":/icons/ringscope.svg")));
        // The Scenario dock is there, next to the node table.
        QVERIFY(window.findChild<ScenarioPanel*>());
    }

    // Switching existing nodes to another token scheme gives every node that scheme's tokens:
    // four servers with explicit tokens switched to ketama get 160 points each (not "1 points"
    // with one server holding every key), and back to hash-named tokens they get vnodes.
    void switchingTheTokenSchemeGivesEveryNodeItsTokens() {
        Document doc;
        QVERIFY(doc.addNode());  // four servers with one explicit token each
        doc.waitForIdle();
        QCOMPARE(doc.scenario().nodes.size(), size_t{4});
        ScenarioPanel panel(&doc);
        combo(panel, 1)->setCurrentText(QStringLiteral("2^32"));
        combo(panel, 2)->setCurrentText(QStringLiteral("xxh64"));
        panel.findChildren<QLineEdit*>(Qt::FindDirectChildrenOnly)
            .value(1)
            ->setText(QStringLiteral("key-{i}"));
        panel.findChildren<QSpinBox*>(Qt::FindDirectChildrenOnly).value(1)->setValue(4000);
        QVERIFY(panel.apply());
        doc.waitForIdle();
        combo(panel, 3)->setCurrentIndex(combo(panel, 3)->findData(int(TokenScheme::Ketama)));
        QVERIFY(panel.apply());
        doc.waitForIdle();
        QCOMPARE(doc.scenario().tokenScheme, TokenScheme::Ketama);
        QCOMPARE(doc.scenario().keyHash, HashKind::Md5);  // ketama's keys
        std::vector<size_t> tokens(4, 0);
        for (const uint32_t n : doc.placement().ring().nodes()) {
            ++tokens[n];
        }
        QCOMPARE(tokens, (std::vector<size_t>{160, 160, 160, 160}));  // 40 digests x 4 points
        for (const uint64_t keys : doc.keyCountsPerNode()) {
            QVERIFY2(keys > 600 && keys < 1400, qPrintable(QString::number(keys)));
        }
        MainWindow window(QDir::tempPath() + QStringLiteral("/ringscope-tst-scenariopanel"));
        window.document()->replaceScenario(doc.scenario(), QString(), false);
        window.document()->waitForIdle();
        QTableView* table = window.findChild<NodePanel*>()->view();
        for (int row = 0; row < 4; ++row) {
            QCOMPARE(table->model()->index(row, 1).data().toString(), QStringLiteral("160 points"));
        }
        window.document()->undoStack()->setClean();

        combo(panel, 3)->setCurrentIndex(combo(panel, 3)->findData(int(TokenScheme::Named)));
        QVERIFY(panel.apply());
        doc.waitForIdle();
        for (const NodeSpec& node : doc.scenario().nodes) {
            QCOMPARE(node.vnodes, std::optional<int64_t>(kDefaultVnodes));
            QVERIFY(node.tokens.empty());
        }
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        doc.waitForIdle();
        QCOMPARE(doc.scenario().nodes[0].tokens,
                 std::vector<uint64_t>{20});  // undo brings them back
    }

    // The dock's Title field: the scenario's title, changed with Apply as one undo step.
    void titleField() {
        Document doc;
        ScenarioPanel panel(&doc);
        auto* title = panel.findChild<QLineEdit*>(QStringLiteral("scenarioTitle"));
        QVERIFY(title);
        QCOMPARE(title->text(), QString::fromStdString(doc.scenario().title));
        title->setText(QStringLiteral("  Our memcached pool  "));
        QVERIFY(panel.apply());
        QCOMPARE(doc.scenario().title, std::string("Our memcached pool"));
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(title->text(), QStringLiteral("Seed 000: A@20, B@60, C@90 in 0-99"));
    }

    void showsTheDocument() {
        Document doc;  // seed 000
        ScenarioPanel panel(&doc);
        QCOMPARE(combo(panel, 0)->currentText(), QStringLiteral("ring"));
        QCOMPARE(combo(panel, 1)->currentText(), QStringLiteral("100"));
        QCOMPARE(combo(panel, 2)->currentText(), QStringLiteral("identity"));
    }

    void switchAlgorithm_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::newRow("jump") << "jump";
        QTest::newRow("rendezvous") << "rendezvous";
        QTest::newRow("weighted-rendezvous") << "weighted-rendezvous";
        QTest::newRow("modn") << "modn";
    }
    void switchAlgorithm() {
        QFETCH(QString, algorithm);
        Document doc;
        ScenarioPanel panel(&doc);
        const int before = doc.undoStack()->count();
        combo(panel, 0)->setCurrentText(algorithm);
        QVERIFY(panel.apply());
        doc.waitForIdle();
        QCOMPARE(QString::fromUtf8(algorithmName(doc.scenario().algorithm).data()), algorithm);
        QCOMPARE(doc.undoStack()->count(), before + 1);
        // Key 25 under mod-N / jump / HRW is routed by the core, as the document holds it.
        std::vector<uint32_t> out(1);
        doc.placement().route("25", 25, 25, out);
        QCOMPARE(doc.assignment().primary(25), out[0]);
        // And back to the ring: the explicit tokens are still there.
        doc.undoStack()->undo();
        doc.waitForIdle();
        QCOMPARE(doc.scenario().algorithm, Algorithm::Ring);
        QCOMPARE(doc.scenario().nodes[0].tokens, std::vector<uint64_t>{20});
    }

    void newKeySet() {
        Document doc;
        ScenarioPanel panel(&doc);
        combo(panel, 1)->setCurrentText(QStringLiteral("2^32"));
        combo(panel, 2)->setCurrentText(QStringLiteral("xxh64"));
        panel.findChildren<QLineEdit*>(Qt::FindDirectChildrenOnly)
            .value(1)
            ->setText(QStringLiteral("user:{i}"));
        panel.findChildren<QSpinBox*>(Qt::FindDirectChildrenOnly).value(1)->setValue(5000);
        QVERIFY(panel.apply());
        doc.waitForIdle();
        QCOMPARE(doc.keys().size(), size_t(5000));
        QCOMPARE(doc.keys().names[7], std::string("user:7"));
        QCOMPARE(doc.scenario().space, kSpace32);
    }

    // Keys -> key file: a path field read relative to the scenario's folder, the file in use
    // shown under it, and a file that cannot be used named with the reason.
    void keyFileFromThePanel() {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("keys.txt")), "3\n14\n15\n");
        writeFile(dir.filePath(QStringLiteral("words.txt")), "7\nseven\n");
        Document doc;
        QVERIFY(doc.replaceScenario(Document::defaultScenario(),
                                    dir.filePath(QStringLiteral("lesson.json")), false));
        ScenarioPanel panel(&doc);
        panel.resize(430, 640);
        panel.show();
        auto* path = panel.findChild<QLineEdit*>(QStringLiteral("keyFile"));
        QVERIFY(path && panel.findChild<QPushButton*>(QStringLiteral("browseKeyFile")));
        QSignalSpy rejected(&doc, &Document::inputRejected);

        combo(panel, kKeyKind)
            ->setCurrentIndex(combo(panel, kKeyKind)->findText(QStringLiteral("key file")));
        path->setText(QStringLiteral("keys.txt"));
        QVERIFY(panel.apply());
        doc.waitForIdle();
        QCOMPARE(rejected.count(), 0);
        QCOMPARE(doc.keys().names, (std::vector<std::string>{"3", "14", "15"}));
        // The row stays on screen, showing the file in use.
        QTRY_VERIFY(path->isVisible() && path->height() > 10);
        QCOMPARE(doc.scenario().keys.file, std::string("keys.txt"));  // as written
        QCOMPARE(doc.undoStack()->text(doc.undoStack()->index() - 1),
                 QStringLiteral("Use key file keys.txt"));
        QCOMPARE(
            panel.keyFileStatus(),
            QStringLiteral("In use: %1 · 3 keys").arg(dir.filePath(QStringLiteral("keys.txt"))));

        const Scenario before = doc.scenario();
        path->setText(QStringLiteral("nope.txt"));
        panel.apply();
        doc.waitForIdle();
        const QString missing = dir.filePath(QStringLiteral("nope.txt")) +
                                QStringLiteral(": cannot read the key file: no such file");
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.last().first().toString(), missing);
        QVERIFY(doc.scenario() == before);
        // The field keeps the typo to fix; the line under it says why, and what is still in use.
        QCOMPARE(panel.keyFileStatus(),
                 QStringLiteral("Not used: %1\nIn use: %2 · 3 keys")
                     .arg(missing, dir.filePath(QStringLiteral("keys.txt"))));

        // Under the identity key hash every key is a position: the bad line is named.
        path->setText(QStringLiteral("words.txt"));
        panel.apply();
        doc.waitForIdle();
        QCOMPARE(rejected.last().first().toString(),
                 dir.filePath(QStringLiteral("words.txt")) +
                     QStringLiteral(":2: key \"seven\" is not a decimal unsigned integer "
                                    "(keyHash identity)"));
        QVERIFY(doc.scenario() == before);

        // An empty field is refused before anything is read.
        path->clear();
        QVERIFY(!panel.apply());
        QVERIFY(rejected.last().first().toString().startsWith(QStringLiteral("keys.file: ")));
    }

    void rendezvousNodesJoinARing() {
        Document doc;
        Scenario s = Document::defaultScenario();
        s.algorithm = Algorithm::Rendezvous;
        for (NodeSpec& n : s.nodes) {
            n.tokens.clear();
        }
        s.space = kSpace32;
        s.keyHash = HashKind::Xxh64;
        s.keys.pattern = "k{i}";
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        ScenarioPanel panel(&doc);
        combo(panel, 0)->setCurrentText(QStringLiteral("ring"));
        QVERIFY(panel.apply());
        doc.waitForIdle();
        QCOMPARE(doc.scenario().algorithm, Algorithm::Ring);
        QCOMPARE(doc.placement().ring().size(), size_t(300));  // 100 vnodes each
    }

    void badValuesChangeNothing_data() {
        QTest::addColumn<QString>("space");
        QTest::addColumn<QString>("keyHash");
        QTest::addColumn<QString>("message");
        QTest::newRow("space 1") << "1"
                                 << "identity"
                                 << "space: must be a whole number of at least 2";
        QTest::newRow("space text") << "big"
                                    << "identity"
                                    << "space: must be a whole number";
        QTest::newRow("tokens outside")
            << "50"
            << "identity"
            << "nodes[1] (B).tokens[0]: token 60 is outside the hash space [0, 50)";
    }
    void badValuesChangeNothing() {
        QFETCH(QString, space);
        QFETCH(QString, keyHash);
        QFETCH(QString, message);
        Document doc;
        ScenarioPanel panel(&doc);
        QSignalSpy rejected(&doc, &Document::inputRejected);
        const Scenario before = doc.scenario();
        const int steps = doc.undoStack()->count();
        combo(panel, 1)->setCurrentText(space);
        combo(panel, 2)->setCurrentText(keyHash);
        QVERIFY(!panel.apply());
        doc.waitForIdle();
        QCOMPARE(rejected.count(), 1);
        const QString got = rejected.first().first().toString();
        QVERIFY2(got.startsWith(message), qPrintable(got));
        QVERIFY(doc.scenario() == before);
        QCOMPARE(doc.undoStack()->count(), steps);
    }
};

QTEST_MAIN(TestScenarioPanel)
#include "tst_scenariopanel.moc"
