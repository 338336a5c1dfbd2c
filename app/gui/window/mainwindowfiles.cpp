// The main window's files: open, import, save, export, recent files, recovery and closing
// (mainwindow.h).
#include "mainwindow.h"

#include "mainwindowparts.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QCollator>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

#include "analysisviews.h"
#include "autosave.h"
#include "document.h"
#include "fileformat.h"
#include "helpdialogs.h"
#include "learningtools.h"
#include "lessonjson.h"
#include "lessonplayer.h"
#include "movedkeyspanel.h"
#include "newscenariodialog.h"
#include "nodeactions.h"
#include "nodenames.h"
#include "nodepanel.h"
#include "numberformat.h"
#include "plaintext.h"
#include "qstrings.h"
#include "recentfiles.h"
#include "render.h"
#include "ringscope/error.h"
#include "ringscope/inputfile.h"
#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"
#include "ringwidget.h"
#include "scenarioedits.h"
#include "scenariojson.h"
#include "scenariopanel.h"
#include "theme.h"

namespace ringscope {

using namespace mainwindow;  // mainwindowparts.h

// ---------------------------------------------------------------------------------------------
// Files

namespace {

// A plain key list rather than a scenario: *.txt, or any file that does not start a JSON object.
bool isKeyList(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"txt" || suffix == u"json") {
        return suffix == u"txt";
    }
    try {  // a regular file only: a FIFO would wait for a writer
        InputFile file = InputFile::open(path.toStdString());
        char head[4096];
        const size_t got = file.read(head, sizeof head);
        return !QByteArray(head, qsizetype(got)).trimmed().startsWith('{');
    } catch (const InputError&) {
        return false;  // the scenario reader says why
    }
}

}  // namespace

bool MainWindow::openFile(const QString& path) {
    if (isKeyList(path)) {
        return offerKeyList(path);
    }
    if (fileFormat(path) == lesson::kLessonFormatV1) {
        return m_learning->openLesson(path);  // remembered as recent by lessonFileOpened
    }
    // Remembered once it opens: its key file may still be refused, or declined.
    return m_document->openFile(
        path, [this](const InputError& e) { return mayWaive(e); },
        [this, path] { rememberRecent(path, QString::fromLatin1(kScenarioMimeType)); });
}

bool MainWindow::importConfig(const QString& path, const PartChooser& choose) {
    const std::string source = path.toStdString();
    std::string text;
    try {
        InputFile file = InputFile::open(source);
        text = readAll(file, m_document->limits(), Limit::ImportBytes);
    } catch (const InputError& e) {
        m_document->rejectInput(qs(e.what()));
        return false;
    }
    const std::string name = QFileInfo(path).fileName().toStdString();
    QStringList refusals;
    for (const Importer* importer : allImporters()) {
        try {
            std::string part;
            {
                const std::vector<std::string> parts =
                    importParts(*importer, text, source, m_document->limits());
                if (parts.size() > 1) {
                    // Each name as messages show it (a control byte escaped, not drawn as
                    // nothing), the one chosen by its place.
                    QStringList choices;
                    for (const std::string& p : parts) {
                        choices << qs(shownName(p, p.size()));  // uncut: one per name
                    }
                    const auto chosen = choose(qs(importer->partOption).remove(u'-'), choices);
                    if (!chosen) {
                        return false;
                    }
                    part = parts[size_t(choices.indexOf(*chosen))];
                }
            }
            // As `ringscope-cli import` writes it: what reads back within the limits. Not
            // modified: closing it loses no edit (the configuration file still holds it).
            const Scenario scenario =
                importedScenario(*importer, text, source, name, part, m_document->limits());
            m_document->replaceScenario(scenario, QString(), false);
            return true;
        } catch (const InputError& e) {
            refusals << tr("%1: %2").arg(qs(importer->name), qs(e.what()));
        }
    }
    m_document->rejectInput(tr("%1 is not a file Ringscope imports.\n%2")
                                .arg(QFileInfo(path).fileName(), refusals.join(u'\n')));
    return false;
}

void MainWindow::open() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Scenario, Lesson or Key List"), m_document->fileFolder(),
        tr("Scenarios, lessons and key lists (*.json *.txt);;Ringscope scenarios and lessons "
           "(*.json);;Key lists, one key per line (*.txt);;All files (*)"));
    if (!path.isEmpty() && (isKeyList(path) || maybeSave())) {
        openFile(path);
    }
}

bool MainWindow::offerKeyList(const QString& path) {
    size_t count = 0;
    try {
        count = countKeyFile(path.toStdString(), m_document->limits()).keys;
    } catch (const InputError& e) {
        m_document->rejectInput(QString::fromStdString(e.what()));
        return false;
    }
    const QString name = QFileInfo(path).fileName();
    const QString title = shownText(m_document->scenario().title);
    // Unattended (--quit-when-loaded) there is nobody to ask: opening the file is what was asked.
    if (!m_unattended &&
        QMessageBox::question(
            this, tr("Use a Key List"),
            tr("<p>%1 holds %2 keys, one per line.</p><p>Use them as the key set of the current "
               "scenario%3? Its key sizes and popularity apply to them, and Undo takes it "
               "back.</p>")
                .arg(name.toHtmlEscaped(), format::count(count),
                     title.isEmpty() ? QString() : tr(" (%1)").arg(title.toHtmlEscaped())),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Yes) != QMessageBox::Yes) {
        return false;
    }
    const std::string folder = m_document->fileFolder().toStdString();
    return m_document->edit(tr("Use key file %1").arg(name), [&](Scenario& s) {
        edits::useKeyFile(s, QFileInfo(path).absoluteFilePath().toStdString(), folder);
    });
}

bool MainWindow::save() {
    if (m_document->filePath().isEmpty() || m_document->filePath().startsWith(u':')) {
        return saveAs();
    }
    return m_document->saveFile(m_document->filePath());
}

bool MainWindow::saveAs() {
    // The file's own path, else a name from the title (as Export proposes one).
    const QString current = m_document->filePath();
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save Scenario"),
        !current.isEmpty() && !current.startsWith(u':')
            ? current
            : proposedFileName(QStringLiteral("json"), QStandardPaths::DocumentsLocation),
        tr("Ringscope scenarios (*.json)"));
    if (path.isEmpty()) {
        return false;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += QStringLiteral(".json");
    }
    if (!m_document->saveFile(path)) {
        return false;
    }
    rememberRecent(path, QString::fromLatin1(kScenarioMimeType));
    return true;
}

QString MainWindow::proposedFileName(const QString& suffix,
                                     QStandardPaths::StandardLocation elsewhere) const {
    // Named after the scenario's file, else its title, in the file's folder, else `elsewhere`:
    // "seed000-ring.png", "Our memcached pool.png", "Ketama memcached pool.json".
    const QString path = m_document->filePath();
    QString name = !path.isEmpty() && !path.startsWith(u':')
                       ? QFileInfo(path).completeBaseName()
                       : shownText(m_document->scenario().title);
    static const QRegularExpression unsafe(QStringLiteral("[/\\\\:*?\"<>|\\x00-\\x1f]+"));
    name = name.replace(unsafe, QStringLiteral(" ")).simplified().left(kMaxPictureName);
    if (name.isEmpty()) {
        name = tr("ring");
    }
    QString folder = m_document->fileFolder();
    if (folder.isEmpty()) {
        folder = QStandardPaths::writableLocation(elsewhere);
    }
    return QDir(folder).filePath(name + u'.' + suffix);
}

void MainWindow::exportPicture(const QString& suffix) {
    const QString filter = suffix == u"png" ? tr("PNG image (*.png)") : tr("SVG drawing (*.svg)");
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Ring"), proposedFileName(suffix, QStandardPaths::PicturesLocation),
        filter);
    if (path.isEmpty()) {
        return;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += u'.' + suffix;
    }
    exportRing(path);
}

bool MainWindow::exportRing(const QString& path) {
    try {
        writeRingPicture(m_ring->scene(), path, kExportPictureSize);
        statusBar()->showMessage(tr("Exported %1").arg(path), 4000);
        return true;
    } catch (const InputError& e) {
        m_document->rejectInput(QString::fromStdString(e.what()));
        return false;
    }
}

bool MainWindow::mayWaive(const InputError& refusal, bool lesson) {
    if (m_unattended || !refusal.waiver()) {
        return false;  // nobody to ask, or nothing to lift: the refusal stands, and says why
    }
    const Waiver& waiver = *refusal.waiver();
    QString question;
    switch (waiver.kind) {
        case Waiver::Kind::RaiseLimit:
            question =
                tr("%1\n\nRingscope keeps to its limits so that a file cannot make it slow or "
                   "exhaust the memory. Open this file with the limit %2 raised to %3?")
                    .arg(QString::fromStdString(refusal.what()),
                         QString::fromLatin1(limitName(waiver.limit)),
                         QLocale().toString(qulonglong(waiver.needed)));
            break;
        case Waiver::Kind::ReadOutsideFolder:
            question = (lesson ? tr("This lesson reads keys from\n%1\noutside its own folder. "
                                    "Read that file?")
                               : tr("This scenario reads its keys from\n%1\noutside its own "
                                    "folder. Read that file?"))
                           .arg(QString::fromStdString(waiver.file));
            break;
    }
    return plain::ask(this, lesson ? tr("Open Lesson") : tr("Open Scenario"), question,
                      QMessageBox::Yes | QMessageBox::Cancel,
                      QMessageBox::Cancel) == QMessageBox::Yes;
}

bool MainWindow::maybeSave() {
    // In a lesson the document is the lesson's (the learner's pokes are no work to keep): the
    // user's own is the one it set aside, back before anything replaces it and asked about then.
    LessonPlayer* player = m_learning->player();
    if (player->mode() != LessonPlayer::Mode::Idle) {
        player->leave();
        m_document->waitForIdle();
    }
    if (!m_document->isModified()) {
        return true;
    }
    const auto answer = QMessageBox::question(
        this, tr("Ringscope"), tr("The scenario has unsaved changes. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::rememberRecent(const QString& path, const QString& mimeType) {
    // A file on disk, not a built-in preset; and not a check run unattended, which is no use.
    if (!path.startsWith(u':') && !m_unattended) {
        RecentFiles().add(path, mimeType);
        fillRecentMenu();
    }
}

void MainWindow::fillRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = RecentFiles().files();
    for (const QString& path : recent) {
        m_recentMenu
            ->addAction(QFileInfo(path).fileName(), this,
                        [this, path] {
                            if (isKeyList(path) || maybeSave()) {
                                openFile(path);
                            }
                        })
            ->setToolTip(plain::tip(path));
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

bool MainWindow::offerRecovery() {
    const auto orphans = Autosave::orphans(m_autosaveDir);
    if (orphans.empty()) {
        return false;
    }
    const Autosave::Orphan& latest = orphans.front();
    const QString from =
        latest.originalPath.isEmpty() ? tr("an untitled scenario") : latest.originalPath;
    const auto answer = plain::ask(
        this, tr("Recover Unsaved Work"),
        tr("Ringscope did not close properly. Recover the unsaved changes to %1 from %2?")
            .arg(from, QLocale().toString(latest.saved, QLocale::ShortFormat)),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer != QMessageBox::Yes) {
        for (const auto& orphan : orphans) {
            Autosave::discard(orphan);
        }
        return false;
    }
    // Once shown, the work is this session's to autosave: written at once, and the orphan
    // holding it deleted only if that worked.
    return Autosave::recover(
        *m_document, latest, [this](const InputError& e) { return mayWaive(e); },
        [this] { return m_autosave->saveNow(); });
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_closeWithoutAsking && !maybeSave()) {
        event->ignore();
        return;
    }
    m_learning->setPresenting(false);  // remember the window as it is outside presenter mode
    m_autosave->finish();              // nothing is left unsaved that the user wanted kept
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

}  // namespace ringscope
