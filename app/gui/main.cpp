#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QTextStream>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "document.h"
#include "language.h"
#include "learningtools.h"
#include "lessonplayer.h"
#include "mainwindow.h"
#include "memoryguard.h"
#include "numberformat.h"
#include "qstrings.h"
#include "ringscope_version.h"
#include "theme.h"

namespace {

// --help and --version answer without a window system, so they work over ssh and in a build
// (the man page is made from them): for them a QCoreApplication is enough.
bool onlyAsksForHelp(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        for (const char* option : {"-h", "-?", "--help", "-v", "--version"}) {
            if (std::strcmp(argv[i], option) == 0) {
                return true;
            }
        }
    }
    return false;
}

// --quit-when-loaded: opens `files` (or the default scenario) without a dialog, waits until
// everything is computed and drawn, says what was opened, and quits: 0, or 2 with the reason.
int checkLoading(ringscope::MainWindow& window, const QStringList& files) {
    int problems = 0;
    QObject::connect(window.document(), &ringscope::Document::inputRejected, &window,
                     [&problems](const QString& message) {
                         QTextStream(stderr) << "ringscope: " << message << '\n';
                         ++problems;
                     });
    window.setUnattended(true);
    QTimer::singleShot(
        0, &window, [&window, &problems, files] {
            const bool opened = files.isEmpty() || window.openFile(files.first());
            const ringscope::Document& document = *window.document();
            window.document()->waitForIdle();
            QCoreApplication::processEvents();
            window.grab();  // paints every widget once, as a screen would
            if (opened && problems == 0) {
                const QString file = files.isEmpty() ? QStringLiteral("-") : files.first();
                const ringscope::LessonPlayer& lesson = *window.learning()->player();
                QTextStream(stdout)
                    << (lesson.mode() == ringscope::LessonPlayer::Mode::Lesson
                            ? QApplication::translate("main", "%1: lesson “%2”, %3 steps")
                                  .arg(file, lesson.title(),
                                       ringscope::format::count(lesson.stepCount()))
                            : QApplication::translate("main", "%1: %2, %3 nodes, %4 keys")
                                  .arg(file, ringscope::qs(document.scenario().title),
                                       ringscope::format::count(document.scenario().nodes.size()),
                                       ringscope::format::count(document.keys().size())))
                    << '\n';
            }
            QCoreApplication::exit(opened && problems == 0 ? 0 : 2);
        });
    return QApplication::exec();
}

}  // namespace

int main(int argc, char** argv) {
    const std::unique_ptr<QCoreApplication> app =
        onlyAsksForHelp(argc, argv) ? std::make_unique<QCoreApplication>(argc, argv)
                                    : std::make_unique<ringscope::GuardedApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ringscope"));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("Ringscope"));
    QCoreApplication::setOrganizationName(QStringLiteral("ringscope"));
    // The version ringscope-cli, the man pages and the package give (cmake/WriteVersion.cmake).
    QCoreApplication::setApplicationVersion(QString::fromLatin1(ringscope::kVersion));
    QGuiApplication::setDesktopFileName(QStringLiteral("ringscope"));

    ringscope::applyLanguage(ringscope::startupLanguage());  // translations, number formats

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "See consistent hashing work: drag tokens, watch keys move."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption quitWhenLoaded(
        QStringLiteral("quit-when-loaded"),
        QApplication::translate("main",
                                "Open the file (or the default scenario) without asking "
                                "anything, wait until it is computed and drawn, print what was "
                                "opened and quit: exit status 0, or 2 with the reason on "
                                "standard error."));
    parser.addOption(quitWhenLoaded);
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QApplication::translate("main",
                                "A scenario or lesson file (.json) to open, or a key list "
                                "(.txt) to use as the scenario's keys."),
        QStringLiteral("[file]"));
    parser.process(*app);
    if (!qobject_cast<QApplication*>(app.get())) {
        return 0;  // not reached: --help and --version exit in process()
    }

    if (const auto theme = ringscope::savedTheme(); theme != ringscope::Theme::System) {
        ringscope::applyTheme(theme);
    }
    // Not destroyed at the end (see below).
    auto* window = new ringscope::MainWindow;
    window->show();
    const QStringList files = parser.positionalArguments();
    if (parser.isSet(quitWhenLoaded)) {
        return checkLoading(*window, files);
    }
    QTimer::singleShot(0, window, [window, files] {
        if (!window->offerRecovery() && !files.isEmpty()) {
            window->openFile(files.first());
        }
    });
    const int code = QApplication::exec();
    // Closing the window saved what outlives the process (settings; the autosave removed, or
    // kept on purpose), so the process ends here: the system takes back the memory of ten
    // million keys at once, where freeing it piece by piece and waiting for the views still
    // counting took seconds.
    QSettings().sync();
    std::fflush(nullptr);
    std::_Exit(code);
}
