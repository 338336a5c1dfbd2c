// The scenario dock: each Apply is one undo step that changes exactly what the form says; bad
// values give a message naming the field and change nothing.
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "document.h"
#include "mainwindow.h"
#include "scenariopanel.h"

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

}  // namespace

class TestScenarioPanel : public QObject {
    Q_OBJECT
private slots:
    void presetsAreEmbedded() {
        MainWindow window(QDir::tempPath() + QStringLiteral("/ringscope-tst-scenariopanel"));
        QVERIFY(QFile::exists(QStringLiteral(":/presets/seed000-ring.json")));
        // Every preset file is embedded, so the Presets menu offers it.
        const QDir presets(QStringLiteral(RINGSCOPE_SOURCE_DIR "/resources/presets"));
        for (const QString& name : presets.entryList({QStringLiteral("*.json")}, QDir::Files)) {
            QVERIFY2(QFile::exists(QStringLiteral(":/presets/") + name), qPrintable(name));
        }
        QVERIFY(QFile::exists(QStringLiteral(":/icons/ringscope.svg")));
        // The Scenario dock is there, next to the node table.
        QVERIFY(window.findChild<ScenarioPanel*>());
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
