// Unsaved work survives a crash: a child process edits, autosaves and is killed with SIGKILL;
// the next start finds the orphan, offers it, and recovers the scenario as modified work.
#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <cstring>

#include "autosave.h"
#include "document.h"
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
        QVERIFY(window.offerRecovery());
        QVERIFY2(question.contains(QStringLiteral("Recover")), qPrintable(question));
        QCOMPARE(window.document()->scenario().nodes.size(), size_t{4});
        QVERIFY(window.document()->isModified());
        QVERIFY(window.isWindowModified());
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
