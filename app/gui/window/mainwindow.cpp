#include "mainwindow.h"

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

// Resources compiled into a static library are registered explicitly; Q_INIT_RESOURCE must be
// used outside any namespace.
static void initRingscopeResources() {
    Q_INIT_RESOURCE(ringscope);
}

namespace ringscope {

namespace {
constexpr size_t kMaxMenuNodes = 30;
constexpr int kNoticeMs = 10000;           // how long the status bar keeps a notice
constexpr qsizetype kMaxPictureName = 80;  // characters of a proposed picture file name

QIcon icon(const char* name) {
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}
}  // namespace

MainWindow::MainWindow(const QString& autosaveDir, QWidget* parent)
    : QMainWindow(parent),
      m_document(new Document(this)),
      m_ring(new RingWidget(m_document, this)),
      m_description(new QLabel(this)),
      m_autosaveDir(autosaveDir.isEmpty() ? Autosave::defaultDirectory() : autosaveDir) {
    initRingscopeResources();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(icon("ringscope"));
    // The scenario's title and description in one line above the ring (what this lesson or
    // layout shows), shortened to the width; the whole text is its tool tip.
    m_description->setTextFormat(Qt::RichText);
    m_description->setContentsMargins(8, 4, 8, 2);
    m_description->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_description->installEventFilter(this);
    // Under it the algorithm's own picture: the ring, or the view that draws an algorithm
    // without one (installAnalysisViews moves it there).
    auto* central = new QWidget(this);
    central->setObjectName(QStringLiteral("centre"));
    central->setFocusPolicy(Qt::StrongFocus);  // presenting, the stepping keys work from here
    m_centre = new QStackedWidget(central);
    m_centre->addWidget(m_ring);
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_description);
    column->addWidget(m_centre, 1);
    setCentralWidget(central);
    m_nodeActions = new NodeActions(m_document, this);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);  // side docks run full height
    createDocks();
    installAnalysisViews(this, m_document, m_centre);  // before createActions fills View
    m_learning = new LearningTools(this, m_document, m_ring,
                                   [this](const InputError& e) { return mayWaive(e, true); });
    connect(m_learning, &LearningTools::presentingChanged, this, &MainWindow::updateDescription);
    connect(m_learning, &LearningTools::lessonFileOpened, this, [this](const QString& path) {
        rememberRecent(path, QString::fromLatin1(kLessonMimeType));
    });
    if (auto* nodes = qobject_cast<QDockWidget*>(m_nodes->parentWidget())) {
        tabifyDockWidget(nodes, m_learning->dock());  // Nodes | Scenario | Lesson
        nodes->raise();
    }
    createActions();
    createStatusBar();
    createLoadingPage();
    m_autosave = new Autosave(m_document, m_autosaveDir, this);
    connect(m_autosave, &Autosave::failed, this,
            [this](const QString& message) { plain::warn(this, tr("Autosave"), message); });

    connect(m_document, &Document::inputRejected, this, [this](const QString& message) {
        if (!m_unattended) {
            plain::warn(this, tr("Ringscope"), message);
        }
    });
    connect(m_document, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::scenarioChanged, this, &MainWindow::updateTitle);
    connect(m_learning->player(), &LessonPlayer::changed, this, &MainWindow::updateTitle);
    connect(m_document, &Document::scenarioChanged, this, &MainWindow::updateDescription);
    for (auto signal : {&Document::scenarioChanged, &Document::liveAssignmentChanged,
                        &Document::baselineChanged}) {
        connect(m_document, signal, this, &MainWindow::updateStatus);
    }
    connect(m_document, &Document::questionOpenChanged, this, &MainWindow::updateStatus);
    connect(m_ring, &RingWidget::contextMenuRequested, this, &MainWindow::showRingMenu);

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        resize(1440, 900);
    }
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray())) {
        QTimer::singleShot(0, this, &MainWindow::arrangeDocks);  // sizes apply once laid out
    }
    updateTitle();
    updateStatus();
    updateDescription();
}

MainWindow::~MainWindow() = default;

QDockWidget* MainWindow::addPanel(QWidget* panel, const QString& title, Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    // For saveState: the same in every language.
    dock->setObjectName(QString::fromLatin1(panel->metaObject()->className()) +
                        QStringLiteral("Dock"));
    dock->setWidget(panel);
    addDockWidget(area, dock);
    if (m_viewMenu) {
        m_viewMenu->addAction(dock->toggleViewAction());
    }
    return dock;
}

void MainWindow::createDocks() {
    m_nodes = new NodePanel(m_document, m_nodeActions, this);
    m_moved = new MovedKeysPanel(m_document, this);
    QDockWidget* nodes = addPanel(m_nodes, tr("Nodes"), Qt::RightDockWidgetArea);
    addPanel(m_moved, tr("Moved keys"), Qt::RightDockWidgetArea);
    QDockWidget* scenario =
        addPanel(new ScenarioPanel(m_document, this), tr("Scenario"), Qt::RightDockWidgetArea);
    tabifyDockWidget(nodes, scenario);
    nodes->raise();
}

void MainWindow::arrangeDocks() {
    // First start: the ring keeps most of the window; side docks narrow, bottom docks short.
    QList<QDockWidget*> right, bottom;
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        (dockWidgetArea(dock) == Qt::BottomDockWidgetArea ? bottom : right).append(dock);
    }
    resizeDocks(right, QList<int>(right.size(), 430), Qt::Horizontal);
    resizeDocks(bottom, QList<int>(bottom.size(), 260), Qt::Vertical);
}

void MainWindow::childEvent(QChildEvent* event) {
    QMainWindow::childEvent(event);
    // The window makes a tab bar whenever docks are tabified (and shortens its names); the bar
    // is a tab bar only once built.
    if (event->added()) {
        QTimer::singleShot(0, this, &MainWindow::keepTabNamesWhole);
    }
}

void MainWindow::keepTabNamesWhole() {
    for (QTabBar* bar : findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
    }
}

// ---------------------------------------------------------------------------------------------
// Actions, menus, tool bar

void MainWindow::createActions() {
    QUndoStack* undo = m_document->undoStack();
    const auto action = [this](QMenu* menu, const QString& text, QKeySequence shortcut, auto slot) {
        QAction* a = menu->addAction(text, this, slot);
        a->setShortcut(shortcut);
        return a;
    };

    QMenu* file = menuBar()->addMenu(tr("&File"));
    action(file, tr("&New…"), QKeySequence::New, [this] {
        if (!maybeSave()) {
            return;
        }
        NewScenarioDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            m_document->newDocument(dialog.scenario());
        }
    })->setIcon(icon("new"));
    action(file, tr("&Open…"), QKeySequence::Open, &MainWindow::open)->setIcon(icon("open"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));  // file names: not translated
    fillRecentMenu();
    // The desktop's recent files change outside the program too (another window, a file
    // manager clearing its history): read them whenever the menu may be seen.
    connect(file, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    action(file, tr("&Import Config…"), QKeySequence(), [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import Another System's Configuration"), m_document->fileFolder(),
            tr("Other systems' configurations and status output (*.conf *.cfg *.yml *.yaml "
               "*.txt);;All files (*)"));
        if (path.isEmpty() || !maybeSave()) {
            return;
        }
        importConfig(path, [this](const QString& part, const QStringList& choices) {
            bool ok = false;
            const QString chosen = QInputDialog::getItem(
                this, tr("Import Config"), tr("The file holds several. Which %1?").arg(part),
                choices, 0, false, &ok);
            return ok ? std::optional<QString>(chosen) : std::nullopt;
        });
    });
    file->addAction(m_learning->openLessonAction());
    QMenu* presets = menuBar()->addMenu(tr("&Presets"));
    presets->setObjectName(QStringLiteral("presetsMenu"));  // scenario titles: not translated
    fillPresetsMenu(presets);
    m_learning->fillLessonsMenu(menuBar()->addMenu(tr("&Lessons")));
    action(file, tr("&Save"), QKeySequence::Save, &MainWindow::save)->setIcon(icon("save"));
    action(file, tr("Save &As…"), QKeySequence::SaveAs, &MainWindow::saveAs);
    file->addSeparator();
    action(file, tr("Export Ring as &PNG…"), QKeySequence(tr("Ctrl+E")),
           [this] { exportPicture(QStringLiteral("png")); });
    action(file, tr("Export Ring as S&VG…"), QKeySequence(tr("Ctrl+Shift+E")),
           [this] { exportPicture(QStringLiteral("svg")); });
    file->addSeparator();
    action(file, tr("&Quit"), QKeySequence::Quit, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undoAction = undo->createUndoAction(this, tr("&Undo"));
    undoAction->setShortcut(QKeySequence::Undo);
    undoAction->setIcon(icon("undo"));
    QAction* redoAction = undo->createRedoAction(this, tr("&Redo"));
    redoAction->setShortcuts({QKeySequence::Redo, QKeySequence(tr("Ctrl+Y"))});
    redoAction->setIcon(icon("redo"));
    edit->addAction(undoAction);
    edit->addAction(redoAction);
    edit->addSeparator();
    const NodeActions& nodes = *m_nodeActions;
    edit->addAction(nodes.addNode());
    edit->addActions({nodes.removeNode(), nodes.addVnode(), nodes.removeVnode()});
    edit->addSeparator();
    edit->addActions({nodes.rename(), nodes.weight(), nodes.color(), nodes.automaticColor()});
    edit->addSeparator();
    edit->addAction(nodes.down());
    edit->addSeparator();
    QAction* pin = action(edit, tr("&Pin Baseline Here"), QKeySequence(tr("Ctrl+B")), [this] {
        m_document->isBaselinePinned() ? m_document->unpinBaseline() : m_document->pinBaseline();
    });
    pin->setCheckable(true);
    pin->setIcon(icon("pin"));
    pin->setToolTip(tr("Measure moved keys against this state instead of the last change"));
    for (auto signal : {&Document::scenarioChanged, &Document::baselineChanged}) {
        connect(m_document, signal, pin,
                [this, pin] { pin->setChecked(m_document->isBaselinePinned()); });
    }

    createViewMenu();
    createHelpMenu();

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({undoAction, redoAction});
    for (QAction* a : {undoAction, redoAction}) {
        // Their text names the command ("Undo Move token of A to 40"): too long for a button.
        if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(a))) {
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
        }
    }
    bar->addSeparator();
    bar->addActions({nodes.addNode(), nodes.removeNode(), nodes.addVnode(), nodes.removeVnode()});
    bar->addSeparator();
    m_replicas = new QSpinBox(bar);
    m_replicas->setPrefix(tr("R = "));
    m_replicas->setMinimum(int(kMinReplicas));
    m_replicas->setToolTip(tr("Replication factor: distinct physical nodes per key"));
    bar->addWidget(m_replicas);
    connect(m_replicas, &QSpinBox::valueChanged, this, [this](int r) {
        if (r != m_document->scenario().replicas && !m_document->setReplicas(r)) {
            m_replicas->setValue(static_cast<int>(m_document->scenario().replicas));
        }
    });
    auto* zones = new QCheckBox(tr("Zone-aware"), bar);
    zones->setToolTip(tr("Replicas prefer nodes in zones not used yet"));
    bar->addWidget(zones);
    connect(zones, &QCheckBox::toggled, this, [this](bool on) {
        if (on != m_document->scenario().zoneAware) {
            m_document->setZoneAware(on);
        }
    });
    const auto syncControls = [this, zones] {
        const QSignalBlocker blockR(m_replicas);
        const QSignalBlocker blockZ(zones);
        m_replicas->setMaximum(static_cast<int>(maxReplicas(m_document->scenario())));
        m_replicas->setValue(static_cast<int>(m_document->scenario().replicas));
        zones->setChecked(m_document->scenario().zoneAware);
    };
    connect(m_document, &Document::scenarioChanged, this, syncControls);
    syncControls();
    bar->addSeparator();
    bar->addAction(pin);
    bar->addAction(m_learning->playChangeAction());
}

void MainWindow::createViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    // Zoom keys only zoom: Ctrl+= is where Ctrl++ sits without Shift on most keyboards.
    QAction* zoomIn = view->addAction(icon("zoom-in"), tr("Zoom &In"), m_ring, &RingWidget::zoomIn);
    zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(tr("Ctrl+="))});
    QAction* zoomOut =
        view->addAction(icon("zoom-out"), tr("Zoom &Out"), m_ring, &RingWidget::zoomOut);
    zoomOut->setShortcuts(QKeySequence::ZoomOut);
    view->addAction(tr("&Reset Zoom"), m_ring, &RingWidget::resetZoom)
        ->setShortcut(QKeySequence(tr("Ctrl+0")));
    view->addSeparator();
    view->addActions(
        {m_learning->presentAction(), m_learning->animateAction(), m_learning->playChangeAction()});
    view->addSeparator();

    QMenu* themes = view->addMenu(tr("&Theme"));
    auto* group = new QActionGroup(themes);
    const Theme saved = savedTheme();
    for (const Theme theme : kAllThemes) {
        QAction* a = themes->addAction(themeLabel(theme), this, [theme] {
            applyTheme(theme);
            saveTheme(theme);
        });
        a->setCheckable(true);
        a->setChecked(theme == saved);
        a->setObjectName(QStringLiteral("theme-") + themeKey(theme));
        group->addAction(a);
    }
    createLanguageMenu(view);
    view->addSeparator();
    m_viewMenu = view;
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        view->addAction(dock->toggleViewAction());
    }
}

void MainWindow::createLanguageMenu(QMenu* view) {
    QMenu* languages = view->addMenu(tr("&Language"));
    languages->setObjectName(QStringLiteral("languageMenu"));  // each language in its own words
    auto* group = new QActionGroup(languages);
    for (const Language language : kLanguages) {
        QAction* a = languages->addAction(languageLabel(language), this,
                                          [this, language] { chooseLanguage(language); });
        a->setCheckable(true);
        a->setChecked(language == currentLanguage());
        a->setObjectName(QStringLiteral("language-") +
                         QString::fromLatin1(lesson::languageCode(language)));
        group->addAction(a);
    }
}

void MainWindow::chooseLanguage(Language language) {
    saveLanguage(language);
    if (language == currentLanguage()) {
        return;
    }
    // Every window, menu and view is made in the language the program starts in.
    QMessageBox box(QMessageBox::Question, tr("Language"),
                    tr("Ringscope will speak %1 from its next start. Restart now?")
                        .arg(languageLabel(language)),
                    QMessageBox::NoButton, this);
    QPushButton* restart = box.addButton(tr("&Restart Now"), QMessageBox::AcceptRole);
    box.addButton(tr("&Later"), QMessageBox::RejectRole);
    box.setDefaultButton(restart);
    box.exec();
    if (box.clickedButton() != restart || !maybeSave()) {
        return;
    }
    QStringList arguments;
    if (const QString path = m_document->filePath(); !path.isEmpty() && !path.startsWith(u':')) {
        arguments << path;
    }
    m_closeWithoutAsking = true;
    if (close()) {
        QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments);
    }
    m_closeWithoutAsking = false;
}

void MainWindow::createHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("How to &Read the Ring"), this, [this] { showRingGuide(this); })
        ->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { showShortcuts(this); })
        ->setShortcut(QKeySequence(tr("Ctrl+/")));
    help->addSeparator();
    help->addAction(tr("&About Ringscope"), this, [this] { showAbout(this); });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::updateDescription() {
    const Scenario& s = m_document->scenario();
    const QString title = shownText(s.title);
    QString description = shownText(s.description);
    QFont bold = m_description->font();
    bold.setBold(true);
    const int room = m_description->width() - 16 - QFontMetrics(bold).horizontalAdvance(title) -
                     m_description->fontMetrics().horizontalAdvance(QStringLiteral(" — "));
    description =
        m_description->fontMetrics().elidedText(description, Qt::ElideRight, std::max(room, 0));
    QString text;
    if (!title.isEmpty()) {
        text = QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped());
    }
    if (!description.isEmpty()) {
        text += (text.isEmpty() ? QString() : QStringLiteral(" — ")) + description.toHtmlEscaped();
    }
    m_description->setText(text);
    m_description->setToolTip(plain::tip(shownText(s.description)));
    m_description->setVisible(!text.isEmpty() && !(m_learning && m_learning->isPresenting()));
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_description && event->type() == QEvent::Resize) {
        updateDescription();
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::fillPresetsMenu(QMenu* menu) {
    const QDir presets(QStringLiteral(":/presets"));
    // By file name, numbers by value: the 1M, 10M and 100M scale presets in that order, and a
    // preset before its variants (seed000-ring, seed000-ring-d40).
    QStringList names = presets.entryList({QStringLiteral("*.json")}, QDir::Files);
    QCollator byValue(QLocale(QLocale::English));  // not C: its collation ignores numbers
    byValue.setNumericMode(true);
    std::sort(names.begin(), names.end(), [&](const QString& a, const QString& b) {
        return byValue(QFileInfo(a).completeBaseName(), QFileInfo(b).completeBaseName());
    });
    for (const QString& name : names) {
        const QString path = presets.filePath(name);
        Scenario preset;
        ReadOptions options;  // the defaults, or raised for a preset past them (a scale preset)
        QStringList past;     // the limits it goes past: "keys: 10,000,000 → 100,000,000"
        try {
            preset = loadScenarioFileAsking(path, options, [&past](const InputError& e) {
                const Waiver& waiver = *e.waiver();
                if (waiver.kind != Waiver::Kind::RaiseLimit) {
                    return false;
                }
                past << tr("%1: %2 → %3")
                            .arg(QString::fromLatin1(limitName(waiver.limit)),
                                 format::count(defaultLimit(waiver.limit)),
                                 format::count(waiver.needed));
                return true;
            });
        } catch (const InputError&) {
            continue;  // a broken preset is a build problem; the tests catch it
        }
        const QString title = shownText(preset.title);
        const QString description = shownText(preset.description);
        QAction* item = menu->addAction(title, this, [=, this] {
            // A preset past the default limits says what it costs (its description) and what
            // it raises, and opens only when asked to.
            if (!past.isEmpty() &&
                plain::ask(this, tr("Open Preset"),
                           tr("%1\n\n%2\n\nThis goes past Ringscope's default limits:\n%3\n\n"
                              "Open it with those limits raised?")
                               .arg(title, description, past.join(u'\n')),
                           QMessageBox::Yes | QMessageBox::Cancel,
                           QMessageBox::Cancel) != QMessageBox::Yes) {
                return;
            }
            if (maybeSave()) {
                try {
                    m_document->replaceScenario(loadScenarioFile(path, options), QString(), false,
                                                options);
                } catch (const InputError& e) {
                    m_document->rejectInput(QString::fromStdString(e.what()));
                }
            }
        });
        item->setObjectName(QStringLiteral("preset-") + QFileInfo(name).completeBaseName());
        item->setToolTip(plain::tip(description));
        item->setStatusTip(description);
    }
    menu->setToolTipsVisible(true);
    // Two clients of the same keys (the clients view): a preset as client A, client B derived.
    struct TwoClients {
        QString title;
        QString tip;
        const char* preset;
        ClientKind kind;
        int choice;
        const char* joins;  // a node client A has added and client B has not heard of
    };
    const TwoClients pairs[] = {
        {tr("libmemcached and twemproxy on one ketama pool"),
         tr("The same four servers as libmemcached's ketama (MD5 keys) and twemproxy reads them "
            "(its default key hash fnv1a_64): the points agree, the keys' positions do not."),
         ":/presets/ketama-memcached-pool.json", ClientKind::TokenScheme,
         int(TokenScheme::Twemproxy), nullptr},
        {tr("Seed 003: the same nodes added in two orders"),
         tr("A small ring where vnodes collide: +1 probing gives the slot to the node placed "
            "first, so two clients that add the nodes in other orders disagree."),
         ":/presets/seed003-collisions.json", ClientKind::ReversedOrder, 0, nullptr},
        {tr("A client one membership change behind"),
         tr("10.0.1.5 joined the ketama pool; one client has not heard yet."),
         ":/presets/ketama-memcached-pool.json", ClientKind::Behind, 0, "10.0.1.5"},
    };
    QMenu* two = menu->addMenu(tr("Two clients"));
    two->setToolTipsVisible(true);
    two->menuAction()->setToolTip(
        tr("Two clients of the same keys that disagree on where keys go: the clients view "
           "shows the share, the node pairs and the keys."));
    for (const TwoClients& pair : pairs) {
        QAction* item = two->addAction(pair.title, this, [this, pair] {
            if (!maybeSave()) {
                return;
            }
            try {
                Scenario a = loadScenarioFile(QString::fromLatin1(pair.preset));
                std::optional<Scenario> before;
                if (pair.joins) {
                    before = a;
                    NodeSpec joined;
                    joined.id = pair.joins;
                    a.nodes.push_back(joined);
                }
                ClientView view;
                view.kind = pair.kind;
                view.choice = pair.choice;
                m_document->setClientView(view);
                m_document->showScenario(a, before, m_document->limits());
                if (QDockWidget* dock = dockOfView(this, "clients")) {
                    dock->show();
                    dock->raise();
                }
            } catch (const InputError& e) {
                m_document->rejectInput(QString::fromStdString(e.what()));
            }
        });
        item->setToolTip(pair.tip);
        item->setStatusTip(pair.tip);
    }
}

// ---------------------------------------------------------------------------------------------
// Context menu on the ring

void MainWindow::showRingMenu(std::optional<size_t> token, uint64_t position, QPoint globalPos) {
    QMenu menu(this);
    const Document& doc = *m_document;
    if (token) {
        // A right-click on a token selects its node: the node actions below act on it.
        m_document->setSelectedNode(doc.liveRing().ring().origin(*token).node);
        menu.addAction(tr("Remove This Token"), this,
                       [this, t = *token] { m_document->removeToken(t); });
        menu.addSeparator();
        m_nodeActions->addSelectedNodeActions(&menu);
    } else if (doc.drawsRing()) {
        const QString at = positionText(position, doc.placement().space());
        menu.addAction(tr("Add a New Node at %1").arg(at), this, [this, position] {
            NodeSpec node;
            node.id = nextNodeId(m_document->scenario());
            node.tokens = {position};
            m_document->addNode(node);
        });
        QMenu* tokenOf = menu.addMenu(tr("Add a Token at %1 for").arg(at));
        for (size_t n = 0; n < std::min(doc.scenario().nodes.size(), kMaxMenuNodes); ++n) {
            tokenOf->addAction(QString::fromStdString(doc.scenario().nodes[n].id), this,
                               [this, n, position] { m_document->addToken(n, position); });
        }
    }
    menu.addSeparator();
    menu.addAction(tr("Zoom In"), m_ring, &RingWidget::zoomIn);
    menu.addAction(tr("Zoom Out"), m_ring, &RingWidget::zoomOut);
    menu.addAction(tr("Reset Zoom"), m_ring, &RingWidget::resetZoom);
    menu.exec(globalPos);
}

// ---------------------------------------------------------------------------------------------
// Status and title

void MainWindow::createStatusBar() {
    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText);  // the summary names nodes
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->hide();
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, m_document, &Document::cancelComputation);
    // Progress only goes forward: the steps of one computation report rising percentages.
    connect(m_document, &Document::progressChanged, this,
            [this](int percent) { m_progress->setValue(std::max(m_progress->value(), percent)); });
    connect(m_document, &Document::busyChanged, this, [this](bool busy) {
        m_progress->setValue(0);
        m_progress->setVisible(busy);
        m_cancel->setVisible(busy);
        if (!busy) {
            endLoading();
        }
        if (busy) {
            statusBar()->showMessage(tr("Computing…"));
        } else if (!m_notice.isEmpty()) {
            statusBar()->showMessage(std::exchange(m_notice, QString()), kNoticeMs);
        } else {
            statusBar()->clearMessage();
        }
    });
    // What an edit did besides its name stays in the status bar a while (once the edit is
    // computed, when that takes a moment).
    connect(m_document, &Document::notice, this, [this](const QString& message) {
        if (m_document->isBusy()) {
            m_notice = message;
        } else {
            statusBar()->showMessage(message, kNoticeMs);
        }
    });
}

void MainWindow::createLoadingPage() {
    // While a big scenario loads, the middle says which and how far along it is, in place of the
    // scenario it replaces (the docks, still showing that one, wait greyed out).
    m_loading = new QWidget(m_centre);
    m_loading->setObjectName(QStringLiteral("loadingPage"));
    m_loadingTitle = new QLabel(m_loading);
    m_loadingTitle->setAlignment(Qt::AlignCenter);
    m_loadingTitle->setWordWrap(true);
    QFont big = m_loadingTitle->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_loadingTitle->setFont(big);
    m_loadingProgress = new QProgressBar(m_loading);
    m_loadingProgress->setRange(0, 100);
    m_loadingProgress->setFixedWidth(360);
    auto* cancel = new QPushButton(tr("Cancel"), m_loading);
    auto* column = new QVBoxLayout(m_loading);
    column->addStretch(1);
    column->addWidget(m_loadingTitle);
    column->addWidget(m_loadingProgress, 0, Qt::AlignHCenter);
    column->addWidget(cancel, 0, Qt::AlignHCenter);
    column->addStretch(1);
    m_centre->addWidget(m_loading);
    connect(cancel, &QPushButton::clicked, m_document, &Document::cancelComputation);
    connect(m_document, &Document::loading, this, &MainWindow::showLoading);
    connect(m_document, &Document::progressChanged, this, [this](int percent) {
        m_loadingProgress->setValue(std::max(m_loadingProgress->value(), percent));
    });
}

void MainWindow::showLoading(const QString& title) {
    if (m_centre->currentWidget() != m_loading) {
        m_beforeLoading = m_centre->currentWidget();
    }
    m_loadingTitle->setText(title.isEmpty() ? tr("Opening the scenario…")
                                            : tr("Opening “%1”…").arg(title));
    m_loadingProgress->setValue(0);
    m_centre->setCurrentWidget(m_loading);
    m_description->hide();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        if (dock->widget()) {
            dock->widget()->setEnabled(false);
        }
    }
}

void MainWindow::endLoading() {
    if (m_centre->currentWidget() != m_loading) {
        return;
    }
    m_centre->setCurrentWidget(m_beforeLoading ? m_beforeLoading : m_ring);
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        if (dock->widget()) {
            dock->widget()->setEnabled(true);
        }
    }
    updateDescription();
}

void MainWindow::updateStatus() {
    const Document& doc = *m_document;
    QStringList parts{format::nodes(doc.scenario().nodes.size())};
    if (doc.drawsRing()) {  // tokens only where there is a ring: Maglev, HRW, jump, mod-N have none
        parts << format::tokens(doc.liveRing().ring().size());
    }
    parts << format::keys(doc.keys().size()) << moveSummaryText(doc);
    m_status->setText(parts.join(QStringLiteral(" · ")));
}

void MainWindow::updateTitle() {
    const QString path = m_document->filePath();
    // The file's name, else the scenario's title (a preset, an import), else "Untitled"; in a
    // lesson the lesson's title (a step's scenario title can give the answer away: "A@20").
    const LessonPlayer& player = *m_learning->player();
    const QString title = shownText(m_document->scenario().title);
    QString name = !path.isEmpty() ? QFileInfo(path).fileName() : title;
    if (player.mode() == LessonPlayer::Mode::Lesson) {
        name = player.title();
    } else if (player.mode() == LessonPlayer::Mode::Practice) {
        name = tr("Interview Practice");
    } else if (name.isEmpty()) {
        name = tr("Untitled");
    }
    setWindowTitle(tr("%1[*] — Ringscope").arg(name));
    setWindowModified(m_document->isModified());
}

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
    if (!m_document->openFile(path, [this](const InputError& e) { return mayWaive(e); })) {
        return false;
    }
    rememberRecent(path, QString::fromLatin1(kScenarioMimeType));
    return true;
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
            if (importer->parts) {
                const std::vector<std::string> parts = importer->parts(text, source);
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
    return Autosave::recover(*m_document, latest,
                             [this](const InputError& e) { return mayWaive(e); });
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
