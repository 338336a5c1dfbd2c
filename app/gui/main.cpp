#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

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

    ringscope::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    QTimer::singleShot(0, &window, [&window, files] {
        if (!window.offerRecovery() && !files.isEmpty()) {
            window.openFile(files.first());
        }
    });
    return QApplication::exec();
}
