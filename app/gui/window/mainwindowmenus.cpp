// The main window's actions, menus, tool bar and the ring's context menu (mainwindow.h).
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
// Actions, menus, tool bar

// Over 80 lines: makes the window's actions in the order the menus and tool bar show them, a few
// lines each.
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

// Over 80 lines: fills the presets menu in the order it shows: the files by name, then the
// two-client pairs.
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
    // Clients of the same keys (the clients view): a preset as client A, clients B, C, … derived.
    struct Derived {
        ClientKind kind;
        int choice;
    };
    struct Clients {
        QString title;
        QString tip;
        const char* preset;
        std::vector<Derived> clients;  // B, C, …
        const char* joins;             // a node client A has added and client B has not heard of
    };
    const Clients mixes[] = {
        {tr("Kafka: the Java producer, librdkafka and Go"),
         tr("One topic of 12 partitions keyed by the Java client (murmur2, client A), by "
            "librdkafka's default partitioner consistent_random (CRC-32, B), by its fnv1a "
            "partitioner, whose FNV-1a Go's Sarama hashes by default too (C), and by its murmur2 "
            "partitioner (D): A and D agree on every key; every other pair disagrees on about 11 "
            "keys in 12."),
         ":/presets/kafka-topic.json",
         {{ClientKind::KeyHash, int(HashKind::Crc32)},
          {ClientKind::KeyHash, int(HashKind::KafkaFnv1a)},
          {ClientKind::KeyHash, int(HashKind::KafkaMurmur2)}},
         nullptr},
        {tr("memcached: libmemcached, twemproxy and spymemcached on one pool"),
         tr("The same four servers as libmemcached's ketama (client A), twemproxy (its default key "
            "hash fnv1a_64, B) and spymemcached's KetamaNodeLocator (C) read them."),
         ":/presets/ketama-memcached-pool.json",
         {{ClientKind::TokenScheme, int(TokenScheme::Twemproxy)},
          {ClientKind::TokenScheme, int(TokenScheme::Spymemcached)}},
         nullptr},
        {tr("libmemcached and twemproxy on one ketama pool"),
         tr("The same four servers as libmemcached's ketama (MD5 keys) and twemproxy reads them "
            "(its default key hash fnv1a_64): the points agree, the keys' positions do not."),
         ":/presets/ketama-memcached-pool.json",
         {{ClientKind::TokenScheme, int(TokenScheme::Twemproxy)}},
         nullptr},
        {tr("libmemcached and spymemcached on one ketama pool"),
         tr("The same four servers as libmemcached's ketama and as spymemcached's "
            "KetamaNodeLocator reads them: spymemcached hashes each server by its address "
            "with the port (10.0.1.1:11211, where libmemcached writes 10.0.1.1) and gives every "
            "server 160 points whatever its weight."),
         ":/presets/ketama-memcached-pool.json",
         {{ClientKind::TokenScheme, int(TokenScheme::Spymemcached)}},
         nullptr},
        {tr("Kafka: the Java producer and librdkafka's default"),
         tr("One topic of 12 partitions keyed by the Java client (murmur2) and by librdkafka's "
            "default partitioner, consistent_random (CRC-32): most keys go to another partition, "
            "so records of one key land in two."),
         ":/presets/kafka-topic.json",
         {{ClientKind::KeyHash, int(HashKind::Crc32)}},
         nullptr},
        {tr("Seed 003: the same nodes added in two orders"),
         tr("A small ring where vnodes collide: +1 probing gives the slot to the node placed "
            "first, so two clients that add the nodes in other orders disagree."),
         ":/presets/seed003-collisions.json",
         {{ClientKind::ReversedOrder, 0}},
         nullptr},
        {tr("A client one membership change behind"),
         tr("10.0.1.5 joined the ketama pool; one client has not heard yet."),
         ":/presets/ketama-memcached-pool.json",
         {{ClientKind::Behind, 0}},
         "10.0.1.5"},
    };
    QMenu* clients = menu->addMenu(tr("Clients"));
    clients->setObjectName(QStringLiteral("presets-clients"));
    clients->setToolTipsVisible(true);
    clients->menuAction()->setToolTip(
        tr("Clients of the same keys that disagree on where keys go: the clients view "
           "shows the share for each pair, the node pairs and the keys."));
    for (const Clients& mix : mixes) {
        QAction* item = clients->addAction(mix.title, this, [this, mix] {
            if (!maybeSave()) {
                return;
            }
            try {
                Scenario a = loadScenarioFile(QString::fromLatin1(mix.preset));
                std::optional<Scenario> before;
                if (mix.joins) {
                    before = a;
                    NodeSpec joined;
                    joined.id = mix.joins;
                    a.nodes.push_back(joined);
                }
                std::vector<ClientView> views;
                for (const Derived& d : mix.clients) {
                    ClientView view;
                    view.kind = d.kind;
                    view.choice = d.choice;
                    views.push_back(std::move(view));
                }
                m_document->setClientView(views.front());
                m_document->setMoreClients({views.begin() + 1, views.end()});
                m_document->showScenario(a, before, m_document->limits());
                if (QDockWidget* dock = dockOfView(this, "clients")) {
                    dock->show();
                    dock->raise();
                }
            } catch (const InputError& e) {
                m_document->rejectInput(QString::fromStdString(e.what()));
            }
        });
        item->setToolTip(mix.tip);
        item->setStatusTip(mix.tip);
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

}  // namespace ringscope
