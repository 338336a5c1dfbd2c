// Unsaved work survives a crash: a child process edits, autosaves and is killed with SIGKILL;
// the next start finds the orphan, offers it, and recovers the scenario as modified work.
#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <cstring>

#include "autosave.h"
#include "document.h"
#include "filewrite.h"
#include "mainwindow.h"

using namespace ringscope;

namespace {

// Runs in the child: edit, autosave, die without any clean-up.
int crashChild(const QString& directory) {
    Document doc;
    Autosave autosave(&doc, directory);
    NodeSpec d;
    d.id = "D";
    d.tokens = {40};
    doc.addNode(d);
    doc.setNodeZone(0, QStringLiteral("az-9"));
    autosave.saveNow();
    std::raise(SIGKILL);
    return 0;
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

// An orphaned autosave in `dir` (no session holds its lock): the default nodes over a key file
// of `keys`, hashed by xxh64 in 2^32 after hex decoding. Its path.
QString writeKeyFileOrphan(const QTemporaryDir& dir, const QByteArray& keys) {
    QFile file(dir.filePath(QStringLiteral("keys.txt")));
    if (!file.open(QIODevice::WriteOnly) || file.write(keys) != keys.size()) {
        return {};
    }
    Scenario work = Document::defaultScenario();
    work.title = "Unsaved work";
    work.keys = KeySetSpec{};
    work.keys.kind = KeySetSpec::Kind::File;
    work.keys.file = file.fileName().toStdString();
    work.keyHash = HashKind::Xxh64;
    work.space = kSpace32;
    work.keyEncoding = KeyEncoding::Hex;
    const QString autosaved = dir.filePath(QStringLiteral("session-gone.json"));
    saveScenarioFile(work, autosaved);
    return autosaved;
}

bool runCrashingChild(const QString& directory) {
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("--crash-child"), directory});
    return child.waitForFinished(30000) && child.exitStatus() == QProcess::CrashExit;
}

}  // namespace

class TestAutosave : public QObject {
    Q_OBJECT
private slots:
    void crashLeavesRecoverableWork() {
        QTemporaryDir dir;
        QVERIFY(Autosave::orphans(dir.path()).empty());
        QVERIFY(runCrashingChild(dir.path()));
        const auto orphans = Autosave::orphans(dir.path());
        QCOMPARE(orphans.size(), size_t{1});
        QVERIFY(orphans[0].originalPath.isEmpty());

        Document doc;
        QVERIFY(Autosave::recover(doc, orphans[0]));
        QCOMPARE(doc.scenario().nodes.size(), size_t{4});
        QCOMPARE(doc.scenario().nodes[0].zone, std::string("az-9"));
        QVERIFY(doc.isModified());
        QVERIFY(Autosave::orphans(dir.path()).empty());  // recovered work is not offered twice
    }

    void staleLocksAreSwept() {
        // A session killed with nothing unsaved leaves only its lock (of a process now gone).
        QTemporaryDir dir;
        const QString stale = dir.filePath(QStringLiteral("session-gone.lock"));
        QFile lock(stale);
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write("4194000\nringscope\n" + QSysInfo::machineHostName().toUtf8() + "\n");
        lock.close();
        Document doc;
        Autosave live(&doc, dir.path());  // a running session keeps its lock
        QVERIFY(Autosave::orphans(dir.path()).empty());
        QVERIFY(!QFile::exists(stale));
        QCOMPARE(QDir(dir.path()).entryList({QStringLiteral("*.lock")}, QDir::Files).size(), 1);
    }

    void runningSessionIsNotAnOrphan() {
        QTemporaryDir dir;
        Document doc;
        Autosave autosave(&doc, dir.path());
        QVERIFY(doc.addNode());
        autosave.saveNow();
        QVERIFY(QFile::exists(autosave.filePath()));
        QVERIFY(Autosave::orphans(dir.path()).empty());
        // Saving makes the document clean: the autosave goes away.
        QTemporaryDir files;
        QVERIFY(doc.saveFile(files.filePath(QStringLiteral("s.json"))));
        QVERIFY(!QFile::exists(autosave.filePath()));
    }

    // A save that fails (here at the flush, where a full disk shows) keeps the old file, the
    // document modified, and its autosave; the user is told why.
    void failedSaveKeepsWorkAndAutosave_data() {
        QTest::addColumn<int>("step");
        QTest::newRow("open") << int(WriteStep::Open);
        QTest::newRow("write") << int(WriteStep::Write);
        QTest::newRow("flush") << int(WriteStep::Flush);
        QTest::newRow("commit") << int(WriteStep::Commit);
    }
    void failedSaveKeepsWorkAndAutosave() {
        QFETCH(int, step);
        QTemporaryDir dir, files;
        const QString path = files.filePath(QStringLiteral("s.json"));
        Document doc;
        Autosave autosave(&doc, dir.path());
        QVERIFY(doc.saveFile(path));
        const QByteArray saved = readFile(path);
        QVERIFY(doc.addNode());
        autosave.saveNow();
        const QByteArray autosaved = readFile(autosave.filePath());
        QVERIFY(autosaved.contains("\"D\""));

        QSignalSpy rejected(&doc, &Document::inputRejected);
        testing::failWritesAt(WriteStep(step));
        QVERIFY(!doc.saveFile(path));
        testing::failWritesAt(std::nullopt);
        QCOMPARE(rejected.size(), 1);
        QVERIFY2(rejected[0][0].toString().startsWith(path + QStringLiteral(": ")),
                 qPrintable(rejected[0][0].toString()));
        QCOMPARE(readFile(path), saved);
        QVERIFY(doc.isModified());
        QCOMPARE(readFile(autosave.filePath()), autosaved);
        QCOMPARE(doc.filePath(), path);
    }

    // An autosave that fails is reported once, not at every change, and a good earlier autosave
    // stays in place.
    void failedAutosaveIsReportedOnce() {
        QTemporaryDir dir;
        Document doc;
        Autosave autosave(&doc, dir.path());
        QSignalSpy failed(&autosave, &Autosave::failed);
        QVERIFY(doc.addNode());
        autosave.saveNow();
        const QByteArray good = readFile(autosave.filePath());
        testing::failWritesAt(WriteStep::Flush);
        QVERIFY(doc.addNode());
        autosave.saveNow();
        QVERIFY(doc.addNode());
        autosave.saveNow();
        testing::failWritesAt(std::nullopt);
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed[0][0].toString().contains(QStringLiteral("cannot be autosaved")),
                 qPrintable(failed[0][0].toString()));
        QCOMPARE(readFile(autosave.filePath()), good);
    }

    void unwritableAutosaveFolderIsReportedOnce() {
        QTemporaryDir dir;
        const QString notAFolder = dir.filePath(QStringLiteral("file"));
        QFile file(notAFolder);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        Document doc;
        Autosave autosave(&doc, notAFolder + QStringLiteral("/autosave"));
        QSignalSpy failed(&autosave, &Autosave::failed);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(doc.addNode());
            autosave.saveNow();
        }
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed[0][0].toString().contains(
                     QStringLiteral("the folder %1/autosave does not exist").arg(notAFolder)),
                 qPrintable(failed[0][0].toString()));
    }

    // An autosave that cannot be read (here: a truncated one) is set aside, not offered again.
    void unreadableAutosaveIsSetAside() {
        QTemporaryDir dir;
        QVERIFY(runCrashingChild(dir.path()));
        auto orphans = Autosave::orphans(dir.path());
        QCOMPARE(orphans.size(), size_t{1});
        {
            QFile file(orphans[0].scenarioFile);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        }
        Document doc;
        QSignalSpy rejected(&doc, &Document::inputRejected);
        QVERIFY(!Autosave::recover(doc, orphans[0]));
        QCOMPARE(rejected.size(), 1);
        const QString aside = Autosave::setAsidePath(orphans[0]);
        QVERIFY2(rejected[0][0].toString().contains(aside), qPrintable(rejected[0][0].toString()));
        QVERIFY(QFile::exists(aside));
        QVERIFY(Autosave::orphans(dir.path()).empty());
        QVERIFY(!doc.isModified());
    }

    // Work whose computation fails in the background (its key file holds a key the hex encoding
    // cannot read, found only when the keys are hashed) is set aside as unreadable work is: the
    // document keeps what it showed and says why, and the autosave is kept under another name,
    // no longer offered. While it computes, no other session is offered it (its lock is held).
    void recoveryFailingInTheBackgroundSetsTheWorkAside() {
        QTemporaryDir dir;
        const QString autosaved = writeKeyFileOrphan(dir, "00ff\nzz\n");
        const auto orphans = Autosave::orphans(dir.path());
        QCOMPARE(orphans.size(), size_t{1});

        Document doc;
        const Scenario shown = doc.scenario();
        QSignalSpy rejected(&doc, &Document::inputRejected);
        bool recovered = false;
        QVERIFY(Autosave::recover(doc, orphans[0], {}, [&recovered] { return recovered = true; }));
        QVERIFY(doc.isBusy());  // a key file is computed in the background
        QVERIFY(QFile::exists(autosaved));
        QVERIFY(Autosave::orphans(dir.path()).empty());  // held while it is recovered
        doc.waitForIdle();
        QCOMPARE(rejected.size(), 2);  // why, then where the work went
        QVERIFY2(rejected[0][0].toString().contains(QStringLiteral("\"zz\"")),
                 qPrintable(rejected[0][0].toString()));
        const QString aside = Autosave::setAsidePath(orphans[0]);
        QVERIFY2(rejected[1][0].toString().contains(aside), qPrintable(rejected[1][0].toString()));
        QVERIFY(!recovered);
        QVERIFY(doc.scenario() == shown);
        QVERIFY(!doc.isModified());
        QVERIFY(!QFile::exists(autosaved));
        QVERIFY(QFile::exists(aside));
        QVERIFY(Autosave::orphans(dir.path()).empty());
    }

    // Recovered work is deleted once the document shows it and `recovered` (the window's own
    // autosave) says it is safe elsewhere; while it says no, the work stays on offer.
    void recoveredWorkIsDeletedOnlyOnceSavedAgain() {
        QTemporaryDir dir;
        const QString autosaved = writeKeyFileOrphan(dir, "00ff\n0a0b\n");
        const auto orphans = Autosave::orphans(dir.path());
        QCOMPARE(orphans.size(), size_t{1});
        Document doc;
        bool asked = false;
        QVERIFY(Autosave::recover(doc, orphans[0], {}, [&] {
            asked = true;
            return false;  // as when the window's autosave cannot be written
        }));
        doc.waitForIdle();
        QVERIFY(asked);
        QCOMPARE(doc.scenario().title, std::string("Unsaved work"));
        QCOMPARE(doc.keys().size(), size_t{2});
        QVERIFY(doc.isModified());
        QVERIFY(QFile::exists(autosaved));
        QCOMPARE(Autosave::orphans(dir.path()).size(), size_t{1});

        bool keptWhileSaving = false;
        QVERIFY(Autosave::recover(doc, orphans[0], {}, [&] {
            // still there while the window saves the work again
            return keptWhileSaving = QFile::exists(autosaved);
        }));
        doc.waitForIdle();
        QVERIFY(keptWhileSaving);
        QVERIFY(!QFile::exists(autosaved));
        QVERIFY(Autosave::orphans(dir.path()).empty());
    }

    void mainWindowOffersRecovery() {
        QTemporaryDir dir;
        QVERIFY(runCrashingChild(dir.path()));
        QString question;
        QTimer::singleShot(200, this, [&question] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(box);
            question = box->text();
            box->button(QMessageBox::Yes)->click();
        });
        MainWindow window(dir.path());
        const QString orphan = Autosave::orphans(dir.path()).at(0).scenarioFile;
        QVERIFY(window.offerRecovery());
        QVERIFY2(question.contains(QStringLiteral("Recover")), qPrintable(question));
        QCOMPARE(window.document()->scenario().nodes.size(), size_t{4});
        QVERIFY(window.document()->isModified());
        QVERIFY(window.isWindowModified());
        // The recovered work is this session's autosave at once, before its orphan goes.
        QVERIFY(!QFile::exists(orphan));
        const QStringList saved =
            QDir(dir.path()).entryList({QStringLiteral("session-*.json")}, QDir::Files);
        QCOMPARE(saved.size(), 1);
        const Scenario again = loadScenarioFile(dir.filePath(saved[0]));
        QCOMPARE(again.nodes.size(), size_t{4});
        QCOMPARE(again.nodes[0].zone, std::string("az-9"));
    }
};

int main(int argc, char** argv) {
    if (argc == 3 && std::strcmp(argv[1], "--crash-child") == 0) {
        QCoreApplication app(argc, argv);
        return crashChild(QString::fromLocal8Bit(argv[2]));
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ringscope-test"));
    TestAutosave test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_autosave.moc"
