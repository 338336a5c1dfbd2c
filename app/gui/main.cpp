#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QTimer>

#include <cstdio>
#include <cstdlib>

#include "language.h"
#include "mainwindow.h"
#include "theme.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ringscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("Ringscope"));
    QApplication::setOrganizationName(QStringLiteral("ringscope"));
    QApplication::setApplicationVersion(QStringLiteral(RINGSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("ringscope"));

    ringscope::applyLanguage(ringscope::startupLanguage());  // translations, number formats
    if (const auto theme = ringscope::savedTheme(); theme != ringscope::Theme::System) {
        ringscope::applyTheme(theme);
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "See consistent hashing work: drag tokens, watch keys move."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("scenario"),
        QApplication::translate("main", "A scenario file (.json) to open."));
    parser.process(app);

    // Not destroyed at the end (see below).
    auto* window = new ringscope::MainWindow;
    window->show();
    const QStringList files = parser.positionalArguments();
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
