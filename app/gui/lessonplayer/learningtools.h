#pragma once
// The window's learning features, wired in one place so the main window stays short: the lesson
// player and its dock, the Lessons menu (the built-in course, a lesson file, interview practice,
// stepping, the narration language), the migration animation's setting and "play the change",
// and presenter mode (the ring and the lesson only, large and high-contrast, for a projector).

#include <QByteArray>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>
#include <vector>

#include "lesson.h"
#include "lessonjson.h"

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QWidget;

namespace ringscope {

class Document;
class LessonPanel;
class LessonPlayer;
class RingWidget;

class LearningTools : public QObject {
    Q_OBJECT
public:
    // Presenting: the lesson takes this share of the screen's width, the ring the rest.
    static constexpr double kPresentLessonShare = 0.36;

    // `ask` is asked when a lesson goes past a limit or names a key file outside its folder
    // (true: lift that refusal for this lesson).
    LearningTools(QMainWindow* window, Document* document, RingWidget* ring, WaiverQuestion ask);
    ~LearningTools() override;

    LessonPlayer* player() const { return m_player; }
    LessonPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    QAction* openLessonAction() const { return m_openLesson; }  // for the File menu
    QAction* presentAction() const { return m_present; }        // View → Present (F11)
    QAction* animateAction() const { return m_animate; }        // View → Animate Moved Keys
    QAction* playChangeAction() const { return m_playChange; }  // View → Play the Change

    // The Lessons menu: the course, a lesson file, practice, stepping and the language.
    void fillLessonsMenu(QMenu* menu);

    // Loads a lesson file and starts it. A file that does not load shows why and changes nothing
    // (the document, the lesson playing).
    bool openLesson(const QString& path);
    // Starts a built-in lesson by its place in the course (0: the first).
    bool startCourseLesson(size_t index);
    // Interview practice from `seed`, or from a fresh random seed.
    bool startPractice(std::optional<uint64_t> seed = std::nullopt);

    bool isPresenting() const { return m_presenting; }
    void setPresenting(bool on);

signals:
    void presentingChanged(bool on);
    // A lesson file (not one of the course's) was opened: for the recent files.
    void lessonFileOpened(const QString& path);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refreshEscape();  // Esc works while presenting or in a lesson
    void fitPresentedLesson();
    bool startLesson(const QString& path);
    void chooseLessonFile();
    void setLanguage(lesson::Language language);
    void showPanel();
    void raiseView(const std::string& view);
    void focusCentre();
    void refreshCourseTitles();
    void refreshPlayable();

    QMainWindow* m_window;
    Document* m_document;
    RingWidget* m_ring;
    LessonPlayer* m_player;
    WaiverQuestion m_ask;
    QAction* m_openLesson;
    QAction* m_practice;
    QAction* m_present;
    QAction* m_escape;
    QAction* m_animate;
    QAction* m_playChange;
    LessonPanel* m_panel;
    QDockWidget* m_dock;
    std::vector<lesson::LessonHeading> m_course;
    std::vector<QAction*> m_courseActions;
    std::vector<QAction*> m_languageActions;

    // Presenter mode: what it hid, to put back.
    bool m_presenting = false;
    QByteArray m_savedState;
    Qt::WindowStates m_savedWindowState;
    std::vector<QPointer<QWidget>> m_hidden;
};

}  // namespace ringscope
