// Every writer keeps the old file byte for byte and reports the error when the write fails:
// scenario saves, PNG/SVG pictures, `ringscope-cli render`, the window's Export Ring as SVG…,
// and the command-line tool's standard output and error. Failures come from a real full disk (a
// small tmpfs, full or with a few kilobytes left, when this machine lets the test mount one),
// from /dev/full, and from the writer's own injection point (always).
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <functional>
#include <sstream>

#ifdef RINGSCOPE_WINDOW_TESTS
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

#include "document.h"
#include "mainwindow.h"
#endif

#include "cli.h"
#include "filewrite.h"
#include "render.h"
#include "ringscene.h"
#include "ringscope/error.h"
#include "scenariojson.h"
#include "testpaths.h"

using namespace ringscope;

namespace {

const QString kPresets = ringscope::test::sourcePath("/resources/presets");
const QString kCli = ringscope::test::binaryPath("/app/cli/ringscope-cli");

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

// A small tmpfs (256 KiB) that fill() makes full; mounting needs root (CI containers may refuse
// it).
class FullDisk {
public:
    FullDisk() {
        if (!m_dir.isValid()) {
            m_problem = QStringLiteral("no temporary folder");
            return;
        }
        QProcess mount;
        mount.start(QStringLiteral("mount"),
                    {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                     QStringLiteral("size=256k"), QStringLiteral("tmpfs"), m_dir.path()});
        if (!mount.waitForFinished() || mount.exitStatus() != QProcess::NormalExit ||
            mount.exitCode() != 0) {
            m_problem = QStringLiteral("cannot mount a tmpfs here: ") +
                        QString::fromLocal8Bit(mount.readAllStandardError()).trimmed();
            return;
        }
        m_mounted = true;
    }
    ~FullDisk() {
        if (m_mounted) {
            QProcess::execute(QStringLiteral("umount"), {m_dir.path()});
        }
    }
    bool mounted() const { return m_mounted; }
    QString problem() const { return m_problem; }
    QString filePath(const QString& name) const { return m_dir.filePath(name); }
    // Writes a filler file until the disk has no byte left.
    void fill() const {
        const int fd = ::open(m_dir.filePath(QStringLiteral("filler")).toLocal8Bit().constData(),
                              O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        const QByteArray block(4096, 'f');
        while (::write(fd, block.constData(), 1) == 1 ||
               ::write(fd, block.constData(), size_t(block.size())) > 0) {
        }
        ::close(fd);
        const int probe = ::open(m_dir.filePath(QStringLiteral("probe")).toLocal8Bit().constData(),
                                 O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(probe >= 0);
        QCOMPARE(::write(probe, "x", 1), ssize_t(-1));
        ::close(probe);
    }
    // Writes a filler file until `bytes` (a multiple of the page size) are left free: room for
    // a part of a picture, not all of it.
    void fillLeaving(qint64 bytes) const {
        struct statvfs disk {};
        QCOMPARE(::statvfs(QFile::encodeName(m_dir.path()).constData(), &disk), 0);
        const qint64 free = qint64(disk.f_bavail) * qint64(disk.f_frsize);
        QVERIFY(free > bytes);
        QFile filler(m_dir.filePath(QStringLiteral("filler")));
        QVERIFY(filler.open(QIODevice::WriteOnly));
        QCOMPARE(filler.write(QByteArray(free - bytes, 'f')), free - bytes);
        QVERIFY(filler.flush());
    }

private:
    QTemporaryDir m_dir;
    QString m_problem;
    bool m_mounted = false;
};

// The writers under test: each writes `path` from scratch (a scenario, a picture, a render).
using Writer = std::function<void(const QString& path)>;

Scenario preset(const char* name) {
    return loadScenarioFile(kPresets + u'/' + QLatin1String(name));
}

void renderWithCli(const QString& path) {
    std::ostringstream out, err;
    const int code =
        cli::run({"render", (kPresets + QStringLiteral("/seed000-ring.json")).toStdString(), "-o",
                  path.toStdString()},
                 out, err);
    if (code != 0) {  // "ringscope-cli: MESSAGE\n", exit code 2: pass MESSAGE on
        const std::string prefix = "ringscope-cli: ";
        QCOMPARE(code, 2);
        QVERIFY(err.str().starts_with(prefix) && err.str().ends_with('\n'));
        throw InputError("", err.str().substr(prefix.size(), err.str().size() - prefix.size() - 1));
    }
}

struct NamedWriter {
    const char* label;
    QString file;
    Writer writer;
};

std::vector<NamedWriter> writers() {
    const Writer scenario = [](const QString& path) {
        saveScenarioFile(preset("seed003-4nodes.json"), path);
    };
    const Writer picture = [](const QString& path) {
        RingScene scene;
        writeRingPicture(scene, path, kMinPictureSize);
    };
    return {{"scenario save", QStringLiteral("s.json"), scenario},
            {"PNG export", QStringLiteral("ring.png"), picture},
            {"SVG export", QStringLiteral("ring.svg"), picture},
            {"render PNG", QStringLiteral("ring.png"), renderWithCli},
            {"render SVG", QStringLiteral("ring.svg"), renderWithCli}};
}

#ifdef RINGSCOPE_WINDOW_TESTS
// Closes the next message box, keeping its text.
void closeNextMessageBox(QStringList* messages) {
    auto* timer = new QTimer;
    QObject::connect(timer, &QTimer::timeout, timer, [timer, messages] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            *messages << box->text();
            box->button(QMessageBox::Ok)->click();
            timer->deleteLater();
        }
    });
    timer->start(20);
}
#endif

// Runs `writer` expecting an InputError that names the file; returns its message.
QString failureOf(const Writer& writer, const QString& path) {
    try {
        writer(path);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace

class TestFileWrite : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { testing::failWritesAt(std::nullopt); }

    void injectedFailureKeepsOldFile_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<Writer>("writer");
        QTest::addColumn<int>("step");
        QTest::addColumn<QString>("message");
        struct Step {
            WriteStep step;
            const char* name;
            const char* message;
        };
        const Step steps[] = {
            {WriteStep::Open, "open", "cannot write: opening the file: injected failure"},
            {WriteStep::Write, "write",
             "saving failed, the old file is unchanged: writing the file: injected failure"},
            {WriteStep::Flush, "flush",
             "saving failed, the old file is unchanged: flushing the file: injected failure"},
            {WriteStep::Commit, "commit",
             "saving failed, the old file is unchanged: renaming the file: injected failure"}};
        for (const NamedWriter& w : writers()) {
            for (const Step& step : steps) {
                QTest::newRow(
                    qPrintable(QStringLiteral("%1 at %2")
                                   .arg(QLatin1String(w.label), QLatin1String(step.name))))
                    << w.file << w.writer << int(step.step) << QString::fromLatin1(step.message);
            }
        }
    }
    void injectedFailureKeepsOldFile() {
        QFETCH(QString, name);
        QFETCH(Writer, writer);
        QFETCH(int, step);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        const QByteArray old = "the old file, which must survive byte for byte\n";
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(old);
        }
        testing::failWritesAt(WriteStep(step));
        const QString error = failureOf(writer, path);
        testing::failWritesAt(std::nullopt);
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QCOMPARE(readAll(path), old);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{name});  // no temp file
        // And without the injected failure the same writer replaces it.
        writer(path);
        QVERIFY(readAll(path) != old);
    }

    void injectedFailureCreatesNothing() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("new.json"));
        testing::failWritesAt(WriteStep::Flush);
        const QString error = failureOf(
            [](const QString& p) { saveScenarioFile(preset("seed000-ring.json"), p); }, path);
        QVERIFY2(error.endsWith(QStringLiteral(
                     "saving failed, nothing was written: flushing the file: injected failure")),
                 qPrintable(error));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }

    void fullDiskKeepsOldFile_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<Writer>("writer");
        for (const NamedWriter& w : writers()) {
            QTest::newRow(w.label) << w.file << w.writer;
        }
    }
    void fullDiskKeepsOldFile() {
        QFETCH(QString, name);
        QFETCH(Writer, writer);
        FullDisk disk;
        if (!disk.mounted()) {
            QSKIP(qPrintable(disk.problem()));
        }
        const QString path = disk.filePath(name);
        writer(path);  // a good file first
        const QByteArray old = readAll(path);
        QVERIFY(old.size() > 0);
        disk.fill();
        const QString error = failureOf(writer, path);
        QVERIFY2(error.startsWith(path + QStringLiteral(": ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("No space left on device")), qPrintable(error));
        QCOMPARE(readAll(path), old);
    }

    // Room for part of a picture, not all of it: the SVG generator writes through a QTextStream
    // that drops what the disk did not take, and `render` said nothing and left a 4 KB stub
    // where a good 38 KB picture had been.
    void nearlyFullDiskKeepsOldPicture_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<Writer>("writer");
        QTest::newRow("render SVG") << QStringLiteral("ring.svg") << Writer(renderWithCli);
        QTest::newRow("render PNG") << QStringLiteral("ring.png") << Writer(renderWithCli);
    }
    void nearlyFullDiskKeepsOldPicture() {
        QFETCH(QString, name);
        QFETCH(Writer, writer);
        FullDisk disk;
        if (!disk.mounted()) {
            QSKIP(qPrintable(disk.problem()));
        }
        const QString path = disk.filePath(name);
        writer(path);
        const QByteArray old = readAll(path);
        QVERIFY(old.size() > 32 * 1024);  // more than the room left
        disk.fillLeaving(16 * 1024);
        const QString error = failureOf(writer, path);
        QVERIFY2(error.startsWith(path + QStringLiteral(": saving failed, the old file is "
                                                        "unchanged: writing the file: ")),
                 qPrintable(error));
        QVERIFY2(error.endsWith(QStringLiteral("No space left on device")), qPrintable(error));
        QCOMPARE(readAll(path), old);
        QCOMPARE(QDir(QFileInfo(path).path()).entryList(QDir::Files),
                 (QStringList{QStringLiteral("filler"), name}));  // no temporary file left
    }

#ifdef RINGSCOPE_WINDOW_TESTS
    // The window's File → Export Ring as SVG… on the same disk: it said "Exported" and left a
    // 20 KB invalid file. Now the error box says why and the old picture stays.
    void windowExportOnANearlyFullDisk() {
        FullDisk disk;
        if (!disk.mounted()) {
            QSKIP(qPrintable(disk.problem()));
        }
        QTemporaryDir autosave;
        MainWindow window(autosave.path());
        window.resize(1440, 900);
        window.show();
        QVERIFY(window.openFile(kPresets + QStringLiteral("/seed000-ring.json")));
        window.document()->waitForIdle();
        const QString path = disk.filePath(QStringLiteral("ring.svg"));
        QVERIFY(window.exportRing(path));
        QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Exported")));
        const QByteArray old = readAll(path);
        QVERIFY(old.contains("</svg>"));
        QVERIFY(old.size() > 32 * 1024);
        disk.fillLeaving(16 * 1024);
        window.statusBar()->clearMessage();
        QStringList messages;
        closeNextMessageBox(&messages);
        QVERIFY(!window.exportRing(path));
        QCOMPARE(messages.size(), 1);
        QVERIFY2(messages[0].startsWith(path + QStringLiteral(": saving failed, the old file is "
                                                              "unchanged: writing the file: ")),
                 qPrintable(messages[0]));
        QVERIFY2(messages[0].endsWith(QStringLiteral("No space left on device")),
                 qPrintable(messages[0]));
        QVERIFY(!window.statusBar()->currentMessage().startsWith(QStringLiteral("Exported")));
        QCOMPARE(readAll(path), old);
    }
#endif

    // Qt 6.4's QSaveFile alone loses the file on a full disk: commit() says true and the file is
    // empty. This documents why the writer flushes itself (if Qt fixes it, the test says so).
    void qsaveFileAloneLosesTheFile() {
        FullDisk disk;
        if (!disk.mounted()) {
            QSKIP(qPrintable(disk.problem()));
        }
        const QString path = disk.filePath(QStringLiteral("s.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("precious");
        }
        disk.fill();
        QSaveFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(QByteArray(3000, 'x')), qint64(3000));
        const bool committed = file.commit();
        if (!committed) {
            QSKIP("this Qt reports the failed flush at commit()");
        }
        QCOMPARE(QFile(path).size(), qint64(0));  // the bug the writer works around
    }

    // diff's summary and render's count go to standard error: lost there, they are lost
    // output too (exit 2, though nothing can say so).
    void cliSummaryToDevFull_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("diff") << QStringList{QStringLiteral("diff"),
                                             kPresets + QStringLiteral("/seed000-ring.json"),
                                             kPresets + QStringLiteral("/seed000-ring-d40.json")};
    }
    void cliSummaryToDevFull() {
        QFETCH(QStringList, args);
        QProcess cli;
        cli.setStandardOutputFile(QProcess::nullDevice());
        cli.setStandardErrorFile(QStringLiteral("/dev/full"));
        cli.start(kCli, args);
        QVERIFY(cli.waitForFinished());
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 2);
        // With somewhere to write, the same command succeeds.
        QProcess again;
        again.setStandardOutputFile(QProcess::nullDevice());
        again.start(kCli, args);
        QVERIFY(again.waitForFinished());
        QCOMPARE(again.exitCode(), 0);
        QVERIFY(again.readAllStandardError().startsWith("primary moved: 20 of 100 keys"));
    }

    void cliOutputToDevFull_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("route") << QStringList{QStringLiteral("route"),
                                              kPresets + QStringLiteral("/seed000-ring.json")};
        QTest::newRow("stats") << QStringList{QStringLiteral("stats"),
                                              kPresets + QStringLiteral("/seed000-ring.json")};
        QTest::newRow("stats --json")
            << QStringList{QStringLiteral("stats"), kPresets + QStringLiteral("/seed000-ring.json"),
                           QStringLiteral("--json")};
        QTest::newRow("diff") << QStringList{QStringLiteral("diff"),
                                             kPresets + QStringLiteral("/seed000-ring.json"),
                                             kPresets + QStringLiteral("/seed000-ring-d40.json")};
        QTest::newRow("help") << QStringList{QStringLiteral("--help")};
        QTest::newRow("limits") << QStringList{QStringLiteral("limits")};
        QTest::newRow("hash") << QStringList{QStringLiteral("hash"), QStringLiteral("--key-hash"),
                                             QStringLiteral("xxh64"), QStringLiteral("--key"),
                                             QStringLiteral("a")};
        QTest::newRow("import nodetool-ring") << QStringList{
            QStringLiteral("import"), QStringLiteral("nodetool-ring"),
            ringscope::test::sourcePath("/tests/core/data/nodetool-ring-multi-dc.txt")};
        QTest::newRow("route, streamed from a key file") << QStringList{
            QStringLiteral("route"), kPresets + QStringLiteral("/seed000-ring.json"),
            QStringLiteral("--keys"),
            ringscope::test::sourcePath("/tests/golden/cassandra-diff-decommission/keys.txt")};
    }
    void cliOutputToDevFull() {
        QFETCH(QStringList, args);
        // The real program, its standard output on /dev/full: exit 2 and say why.
        QProcess cli;
        cli.setStandardOutputFile(QStringLiteral("/dev/full"));
        cli.start(kCli, args);
        QVERIFY(cli.waitForFinished());
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY2(cli.readAllStandardError().contains(
                     "ringscope-cli: cannot write the output: No space left on device\n"),
                 "no message");
        // The library entry point over the same device.
        const int fd = ::open("/dev/full", O_WRONLY);
        QVERIFY(fd >= 0);
        {
            OutputStream out(fd);
            std::ostringstream err;
            std::vector<std::string> list;
            for (const QString& a : args) {
                list.push_back(a.toStdString());
            }
            QCOMPARE(cli::run(list, out, err), 2);
            QVERIFY(err.str().ends_with("cannot write the output: No space left on device\n"));
        }
        ::close(fd);
    }
};

QTEST_MAIN(TestFileWrite)
#include "tst_filewrite.moc"
