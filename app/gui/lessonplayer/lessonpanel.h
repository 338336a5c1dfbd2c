#pragma once
// The lesson player dock: the step's narration, its question (a number field, a button per node
// or per choice), the truth next to the guess and the ideal once answered, and Back / Next /
// Restart. In practice mode: the question, the reveal and the session's score.
// It shows a LessonPlayer and sends it what the learner does; it owns the stepping actions
// (→/Space/Page Down, ←/Page Up), which the window also adds to the ring so they work there.

#include <QWidget>

class QAction;
class QButtonGroup;
class QFrame;
class QGridLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace ringscope {

class LessonPlayer;

class LessonPanel : public QWidget {
    Q_OBJECT
public:
    LessonPanel(LessonPlayer* player, QAction* playChange, QWidget* parent = nullptr);

    QAction* nextAction() const { return m_nextAction; }
    QAction* backAction() const { return m_backAction; }
    QAction* restartAction() const { return m_restartAction; }

    // Presenting to a room: larger type and buttons.
    void setPresenting(bool on);
    // The keyboard focus on Next, so →, Space and Page Down step through the lesson at once.
    void focusNext();

signals:
    void startCourseRequested();
    void practiceRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    // The constructor's parts: the step actions, then the two faces of the panel.
    void setUpStepActions();
    QWidget* buildIdle();
    QWidget* buildActive(QAction* playChange);
    QGroupBox* buildQuestion(QWidget* parent);
    QGroupBox* buildReveal(QWidget* parent);
    QFrame* buildPoked(QWidget* parent);
    void refresh();
    void refreshQuestion();
    void refreshReveal();
    void applyFonts();
    void submitNumber();
    QString guessText(const QString& guess) const;

    LessonPlayer* m_player;
    QAction* m_nextAction;
    QAction* m_backAction;
    QAction* m_restartAction;
    bool m_presenting = false;

    QWidget* m_idle;
    QWidget* m_active;
    QLabel* m_title;
    QLabel* m_counter;
    QLabel* m_score;
    QLabel* m_stepTitle;
    QLabel* m_narration;
    QGroupBox* m_question;
    QLabel* m_prompt;
    QWidget* m_numberRow;
    QLineEdit* m_number;
    QPushButton* m_answer;
    QWidget* m_options;  // a button per node or choice
    QGridLayout* m_optionsLayout;
    QGroupBox* m_reveal;
    QLabel* m_guess;
    QLabel* m_verdict;
    QLabel* m_truth;
    QLabel* m_idealLabel;
    QLabel* m_ideal;
    QLabel* m_explanation;
    QFrame* m_poked;
    QPushButton* m_back;
    QPushButton* m_next;
    QToolButton* m_restart;
    QToolButton* m_play;
    QFont m_baseFont;
};

}  // namespace ringscope
