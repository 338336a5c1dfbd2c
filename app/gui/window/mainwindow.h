#pragma once
// The main window wires the document to the ring, the docks, the menus and the status bar.
// Side panels add themselves as docks with addPanel() and subscribe to document().

#include <QMainWindow>
#include <QStandardPaths>

#include <functional>
#include <optional>

#include "language.h"
#include "ringscope/error.h"

class QLabel;
class QMenu;
class QProgressBar;
class QSpinBox;
class QStackedWidget;
class QToolButton;

namespace ringscope {

class Autosave;
class Document;
class LearningTools;
class MovedKeysPanel;
class NodeActions;
class NodePanel;
class RingWidget;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `autosaveDir` empty: the per-user default.
    explicit MainWindow(const QString& autosaveDir = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    RingWidget* ring() const { return m_ring; }
    // The middle of the window: the ring, or the view of an algorithm without one.
    QStackedWidget* centre() const { return m_centre; }
    NodeActions* nodeActions() const { return m_nodeActions; }
    // Lessons, practice, the migration animation and presenter mode.
    LearningTools* learning() const { return m_learning; }
    // Adds a panel as a dock on the right (the side views).
    QDockWidget* addPanel(QWidget* panel, const QString& title, Qt::DockWidgetArea area);

    // A scenario, a lesson (told by its "format", fileformat.h), or a key list (*.txt, one key
    // per line) offered as the current scenario's keys. Scenarios and lessons join the desktop's
    // recent files (File → Open Recent).
    bool openFile(const QString& path);
    // What File → Import Config… does once it has a file name: another system's file (an
    // nginx configuration, `nodetool ring`'s output) read by the first of the modules' importers
    // that takes it, as a new untitled scenario; `choose` picks one of several parts (an
    // upstream; nullopt cancels). A file none takes is shown with each importer's reason, and
    // the document stays as it was.
    using PartChooser =
        std::function<std::optional<QString>(const QString& part, const QStringList& choices)>;
    bool importConfig(const QString& path, const PartChooser& choose);
    // What File → Export Ring as PNG…/SVG… does once it has a file name: the ring as the window
    // draws it, PNG or SVG by the suffix; a failure is shown (the old file stays) and gives false.
    bool exportRing(const QString& path);
    // No dialogs (ringscope --quit-when-loaded): refusals stand instead of asking, a key list
    // opened is used without the question, errors reach only the document's inputRejected
    // signal, and nothing joins the recent files.
    void setUnattended(bool unattended) { m_unattended = unattended; }
    // Offers unsaved work left by a session that crashed; returns true if it was recovered.
    bool offerRecovery();

protected:
    void closeEvent(QCloseEvent* event) override;
    void childEvent(QChildEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions();
    void createViewMenu();
    void createLanguageMenu(QMenu* view);
    void chooseLanguage(Language language);
    void createHelpMenu();
    void createDocks();
    void createStatusBar();
    void createLoadingPage();
    void showLoading(const QString& title);
    void endLoading();
    void arrangeDocks();
    // The docks' tab bars show every tab's whole name: where they are too many for the room
    // (the bottom docks at the smallest window), the bar scrolls instead of shortening them.
    void keepTabNamesWhole();
    void showRingMenu(std::optional<size_t> token, uint64_t position, QPoint globalPos);
    void fillPresetsMenu(QMenu* menu);
    void fillRecentMenu();
    void rememberRecent(const QString& path, const QString& mimeType);
    void updateTitle();
    void updateStatus();
    void open();
    bool offerKeyList(const QString& path);
    bool save();
    bool saveAs();
    void exportPicture(const QString& suffix);
    QString proposedFileName(const QString& suffix,
                             QStandardPaths::StandardLocation elsewhere) const;
    bool maybeSave();
    // Asks whether to lift a refusal (a limit, a key file outside the folder) for a scenario
    // file, or with `lesson` for a lesson file.
    bool mayWaive(const InputError& refusal, bool lesson = false);
    void updateDescription();
    QString autosaveDirectory() const { return m_autosaveDir; }

    Document* m_document;
    RingWidget* m_ring;
    QStackedWidget* m_centre = nullptr;
    QLabel* m_description;
    NodeActions* m_nodeActions = nullptr;
    LearningTools* m_learning = nullptr;
    NodePanel* m_nodes = nullptr;
    MovedKeysPanel* m_moved = nullptr;
    Autosave* m_autosave = nullptr;
    QString m_autosaveDir;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QSpinBox* m_replicas = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QWidget* m_loading = nullptr;  // the middle while a big scenario loads
    QLabel* m_loadingTitle = nullptr;
    QProgressBar* m_loadingProgress = nullptr;
    QWidget* m_beforeLoading = nullptr;  // what the middle showed before
    QString m_notice;                    // shown once the computation running now is done
    bool m_closeWithoutAsking = false;   // the user answered already (a restart for a language)
    bool m_unattended = false;
};

}  // namespace ringscope
