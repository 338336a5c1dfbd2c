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

// Resources compiled into a static library are registered explicitly; Q_INIT_RESOURCE must be
// used outside any namespace.
static void initRingscopeResources() {
    Q_INIT_RESOURCE(ringscope);
}

namespace ringscope {

using namespace mainwindow;  // mainwindowparts.h

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

}  // namespace ringscope
