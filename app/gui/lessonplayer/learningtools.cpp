#include "learningtools.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRandomGenerator>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>

#include "analysisviews.h"
#include "document.h"
#include "language.h"
#include "lessonjson.h"
#include "lessonpanel.h"
#include "lessonplayer.h"
#include "plaintext.h"
#include "ringwidget.h"
#include "theme.h"

namespace ringscope {

namespace {

const QString kAnimateSetting = QStringLiteral("view/animateMovedKeys");

}  // namespace

LearningTools::LearningTools(QMainWindow* window, Document* document, RingWidget* ring,
                             WaiverQuestion ask)
    : QObject(window),
      m_window(window),
      m_document(document),
      m_ring(ring),
      m_player(new LessonPlayer(document, this)),
      m_ask(std::move(ask)),
      m_openLesson(new QAction(tr("Open &Lesson…"), this)),
      m_practice(new QAction(tr("&Interview Practice"), this)),
      m_present(new QAction(tr("&Present"), this)),
      m_escape(new QAction(tr("Leave Presenter Mode or Lesson"), this)),
      m_animate(new QAction(tr("&Animate Moved Keys"), this)),
      m_playChange(new QAction(tr("Play the &Change"), this)) {
    try {
        m_course = lesson::builtinCourse();  // headings only: quick
    } catch (const InputError&) {
        // A broken built-in lesson is a build problem; the course's tests catch it.
    }

    m_openLesson->setShortcut(QKeySequence(tr("Ctrl+L")));
    m_openLesson->setToolTip(tr("Open a lesson file (ringscope-lesson/1)"));
    connect(m_openLesson, &QAction::triggered, this, &LearningTools::chooseLessonFile);
    m_practice->setToolTip(tr("Random predict-then-reveal questions, with a score"));
    connect(m_practice, &QAction::triggered, this, [this] { startPractice(); });

    // Presenting hides the menu bar, so its keys live on the window itself.
    m_present->setCheckable(true);
    m_present->setShortcut(QKeySequence(Qt::Key_F11));
    m_present->setToolTip(tr("The ring and the lesson only, large and high-contrast (F11)"));
    connect(m_present, &QAction::toggled, this, &LearningTools::setPresenting);
    // Esc, one step out at a time: a drag is cancelled, presenting ends, then the lesson.
    m_escape->setShortcut(QKeySequence(Qt::Key_Escape));
    m_escape->setEnabled(false);
    connect(m_escape, &QAction::triggered, this, [this] {
        if (m_document->isDragging()) {
            m_document->cancelTokenDrag();  // Esc's other meaning, kept in a lesson
        } else if (m_presenting) {
            setPresenting(false);
        } else {
            m_player->leave();
        }
    });
    connect(m_player, &LessonPlayer::changed, this, &LearningTools::refreshEscape);
    window->addAction(m_present);
    window->addAction(m_escape);
    window->installEventFilter(this);

    m_animate->setCheckable(true);
    m_animate->setChecked(QSettings().value(kAnimateSetting, true).toBool());
    m_animate->setToolTip(
        tr("After a change, moved keys glide from their old owner to the new "
           "one"));
    m_ring->setAnimatesChanges(m_animate->isChecked());
    connect(m_animate, &QAction::toggled, this, [this](bool on) {
        m_ring->setAnimatesChanges(on);
        QSettings().setValue(kAnimateSetting, on);
    });
    m_playChange->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_playChange->setToolTip(tr("Replay the moved keys gliding to their new owners (Ctrl+R)"));
    connect(m_playChange, &QAction::triggered, m_ring, &RingWidget::playChange);
    window->addAction(m_playChange);
    for (auto signal : {&Document::scenarioChanged, &Document::baselineChanged,
                        &Document::liveAssignmentChanged}) {
        connect(m_document, signal, this, &LearningTools::refreshPlayable);
    }
    refreshPlayable();

    m_panel = new LessonPanel(m_player, m_playChange, window);
    m_dock = new QDockWidget(tr("Lesson"), window);
    m_dock->setObjectName(QStringLiteral("lessonDock"));
    m_dock->setWidget(m_panel);
    window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
    // Stepping works in the middle of the window too (and, presenting, that is where the focus
    // is): on the ring, or on the view of an algorithm without one.
    for (QAction* a : {m_panel->nextAction(), m_panel->backAction(), m_panel->restartAction()}) {
        m_window->centralWidget()->addAction(a);
    }
    connect(m_panel, &LessonPanel::startCourseRequested, this, [this] { startCourseLesson(0); });
    connect(m_panel, &LessonPanel::practiceRequested, this, [this] { startPractice(); });
    connect(m_player, &LessonPlayer::emphasisChanged, m_ring, &RingWidget::setEmphasis);
    connect(m_player, &LessonPlayer::viewRequested, this, &LearningTools::raiseView);
}

LearningTools::~LearningTools() = default;

// ---------------------------------------------------------------------------------------------
// Menus

void LearningTools::fillLessonsMenu(QMenu* menu) {
    for (size_t i = 0; i < m_course.size(); ++i) {
        m_courseActions.push_back(
            menu->addAction(QString(), this, [this, i] { startCourseLesson(i); }));
    }
    menu->setToolTipsVisible(true);
    menu->addSeparator();
    menu->addAction(m_openLesson);
    menu->addAction(m_practice);
    menu->addSeparator();
    menu->addActions({m_panel->nextAction(), m_panel->backAction(), m_panel->restartAction()});
    menu->addSeparator();
    QMenu* languages = menu->addMenu(tr("Narration &Language"));
    languages->setObjectName(QStringLiteral("narrationMenu"));  // each language in its own words
    auto* group = new QActionGroup(languages);
    for (const lesson::Language language : lesson::kLanguages) {
        QAction* a = languages->addAction(languageLabel(language), this,
                                          [this, language] { setLanguage(language); });
        a->setCheckable(true);
        a->setChecked(language == m_player->language());
        a->setObjectName(QStringLiteral("narration-") +
                         QString::fromLatin1(lesson::languageCode(language).data()));
        group->addAction(a);
        m_languageActions.push_back(a);
    }
    refreshCourseTitles();
}

void LearningTools::refreshCourseTitles() {
    const lesson::Language language = m_player->language();
    for (size_t i = 0; i < m_courseActions.size(); ++i) {
        QAction* a = m_courseActions[i];
        // "&1 …" to "&9 …": the first nine are one key away.
        const QString number = i < 9 ? QStringLiteral("&%1").arg(i + 1) : QString::number(i + 1);
        a->setText(tr("%1  %2").arg(number, m_course[i].title.in(language)));
        a->setToolTip(plain::tip(m_course[i].summary.in(language)));
        a->setStatusTip(m_course[i].summary.in(language));
    }
}

// The narration at once; remembered as the program's language, which the window's own words
// take at the next start (View → Language).
void LearningTools::setLanguage(lesson::Language language) {
    saveLanguage(language);
    m_player->setLanguage(language);
    refreshCourseTitles();
}

void LearningTools::refreshPlayable() {
    m_playChange->setEnabled(m_ring->canPlayChange());
}

// ---------------------------------------------------------------------------------------------
// Starting lessons

bool LearningTools::startLesson(const QString& path) {
    lesson::Lesson lesson;
    QApplication::setOverrideCursor(Qt::WaitCursor);  // a lesson is checked step by step
    try {
        ReadOptions options;  // each lesson starts from the defaults, as a scenario file does
        lesson = lesson::loadLessonFileAsking(path, options, [this](const InputError& e) {
            QApplication::restoreOverrideCursor();  // a question, not a wait
            const bool lift = m_ask && m_ask(e);
            QApplication::setOverrideCursor(Qt::WaitCursor);
            return lift;
        });
    } catch (const InputError& e) {
        QApplication::restoreOverrideCursor();
        m_document->rejectInput(
            tr("The lesson could not be opened.\n\n%1").arg(QString::fromStdString(e.what())));
        return false;
    }
    QApplication::restoreOverrideCursor();
    if (!m_player->startLesson(std::move(lesson))) {
        return false;
    }
    showPanel();
    return true;
}

bool LearningTools::openLesson(const QString& path) {
    if (!startLesson(path)) {
        return false;
    }
    emit lessonFileOpened(path);
    return true;
}

bool LearningTools::startCourseLesson(size_t index) {
    return index < m_course.size() && startLesson(m_course[index].path);
}

void LearningTools::chooseLessonFile() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Lesson"), QString(), tr("Ringscope lessons (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        openLesson(path);
    }
}

bool LearningTools::startPractice(std::optional<uint64_t> seed) {
    if (!m_player->startPractice(seed ? *seed : QRandomGenerator::global()->generate64())) {
        return false;
    }
    showPanel();
    return true;
}

void LearningTools::showPanel() {
    m_dock->show();
    m_dock->raise();
    if (m_presenting) {
        focusCentre();  // the keys step from the middle; the panel is for reading
    } else {
        m_panel->focusNext();
    }
}

void LearningTools::raiseView(const std::string& view) {
    if (m_presenting) {
        return;  // presenting shows the ring and the lesson only
    }
    // The dock that installAnalysisViews gave this view (the ring is central: none); in the
    // middle of the window a view is in view already.
    if (QDockWidget* dock = dockOfView(m_window, view); dock && !isInCentre(dock)) {
        dock->show();
        dock->raise();
    }
}

void LearningTools::focusCentre() {
    if (m_ring->isVisible()) {
        m_ring->setFocus();
    } else {
        m_window->centralWidget()->setFocus();
    }
}

// ---------------------------------------------------------------------------------------------
// Presenter mode

bool LearningTools::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && event->type() == QEvent::Resize && m_presenting) {
        fitPresentedLesson();
    }
    return QObject::eventFilter(watched, event);
}

void LearningTools::fitPresentedLesson() {
    if (m_dock->isVisible()) {
        m_window->resizeDocks({m_dock}, {int(m_window->width() * kPresentLessonShare)},
                              Qt::Horizontal);
    }
}

void LearningTools::refreshEscape() {
    m_escape->setEnabled(m_presenting || m_player->mode() != LessonPlayer::Mode::Idle);
}

void LearningTools::setPresenting(bool on) {
    if (on == m_presenting) {
        return;
    }
    m_presenting = on;
    const QSignalBlocker block(m_present);
    m_present->setChecked(on);
    refreshEscape();
    if (on) {
        m_savedState = m_window->saveState();
        m_savedWindowState = m_window->windowState();
        m_hidden.clear();
        // Everything but the ring and the lesson: menus, tool bars, docks and the status bar
        // (the window hides the ring's neighbours on presentingChanged).
        std::vector<QWidget*> others{m_window->menuBar(), m_window->statusBar()};
        for (QToolBar* bar : m_window->findChildren<QToolBar*>()) {
            others.push_back(bar);
        }
        for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
            if (dock != m_dock || m_player->mode() == LessonPlayer::Mode::Idle) {
                others.push_back(dock);
            }
        }
        for (QWidget* w : others) {
            if (w->isVisible()) {
                m_hidden.emplace_back(w);
                w->hide();
            }
        }
        m_window->setPalette(highContrastPalette());
        // The lesson without its dock's title and float/close buttons: nothing but the lesson.
        m_dock->setTitleBarWidget(new QWidget(m_dock));
        m_ring->setPresenting(true);
        m_panel->setPresenting(true);
        m_window->showFullScreen();  // the lesson's share is set as the window takes the screen
        fitPresentedLesson();
        focusCentre();
        emit presentingChanged(true);
        return;
    }
    m_window->setPalette(QPalette());  // the application's again
    if (QWidget* bare = m_dock->titleBarWidget()) {
        m_dock->setTitleBarWidget(nullptr);
        bare->deleteLater();
    }
    m_ring->setPresenting(false);
    m_panel->setPresenting(false);
    for (const QPointer<QWidget>& w : m_hidden) {
        if (w) {
            w->show();
        }
    }
    m_hidden.clear();
    m_window->restoreState(m_savedState);
    m_window->setWindowState(m_savedWindowState);
    emit presentingChanged(false);
}

}  // namespace ringscope
