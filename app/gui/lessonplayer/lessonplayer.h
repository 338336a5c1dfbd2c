#pragma once
// The lesson player's model in the window: a lesson being walked through, or an interview
// practice session, shown through the document. It holds no widgets; the lesson panel shows it.
//
// Each step's scenario replaces the document (Document::showScenario): untitled, unmodified, an
// empty undo history. The learner may poke at the ring between steps — those are ordinary edits,
// undoable one by one — and Next, Back, Restart or Restore put the lesson's state back and drop
// them. So Undo never walks back through lesson steps (Back does that), and a step always looks
// the way the lesson means it, however it was reached.
//
// Starting a lesson or practice sets the document the learner had open aside — its scenario,
// file, whether it was modified and the limits it was read with — and asks nothing: leave()
// puts it back as it was, from any step. Another document opened while a lesson plays ends
// the lesson (the window leaves it first, so that what was set aside is asked about).

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lesson.h"
#include "lessonrun.h"
#include "practice.h"
#include "question.h"
#include "ringscene.h"
#include "scenariojson.h"

namespace ringscope {

class Document;

class LessonPlayer : public QObject {
    Q_OBJECT
public:
    enum class Mode : uint8_t { Idle, Lesson, Practice };

    explicit LessonPlayer(Document* document, QObject* parent = nullptr);
    ~LessonPlayer() override;

    Mode mode() const;
    // Starts a lesson at its first step, or a practice session drawing from `seed`. False (and
    // nothing changes) if the learner kept their work instead.
    bool startLesson(lesson::Lesson lesson);
    bool startPractice(uint64_t seed);
    // Ends the lesson or practice and puts back the document set aside when it started.
    void leave();

    // Next reveals an open question first (passing it: no guess, counted wrong), then moves on;
    // in practice it draws the next question. Back returns to the previous step (lessons only).
    // Each shows the step's state again. False when there is nowhere to go.
    bool next();
    bool back();
    // The lesson from its first step, answers forgotten; practice: a new session.
    void restart();
    // Drops the learner's edits and shows the step's state again.
    void restoreStep();
    // True when the document no longer shows the step's state (the learner changed something).
    bool isPoked() const;

    lesson::Language language() const { return m_language; }
    void setLanguage(lesson::Language language);

    // ---- What the panel shows, in the player's language ----
    QString title() const;      // the lesson's title; empty in practice
    QString stepTitle() const;  // the step's own title, if any
    size_t stepIndex() const;   // lessons: the step; practice: the question, from 0
    size_t stepCount() const;   // lessons only (0 in practice)
    QString narration() const;  // the step's text with its numbers (lessons)
    bool isAsking() const;      // a question waits for its answer
    bool isRevealed() const;    // the question is answered and its change made
    std::optional<lesson::AnswerKind> questionKind() const;
    QString prompt() const;
    std::vector<std::string> nodeOptions() const;  // a node question's choices
    std::vector<lesson::Choice> choices() const;   // a choice question's choices
    const lesson::Reveal* reveal() const;
    // Lessons: questions answered and right; practice: the session's score.
    size_t answered() const;
    size_t correct() const;
    lesson::PracticeScore practiceScore() const;

    // Records the guess, makes the question's change and shows the truth. False (and the
    // document says why) if there is no open question.
    bool answer(const QString& guess);

signals:
    void changed();  // anything the panel shows
    // The step's highlights, resolved against the document as it is now.
    void emphasisChanged(const RingScene::Emphasis& emphasis);
    void viewRequested(const std::string& view);  // lesson::viewNames()

private:
    // The document as it was before the lesson, to put back.
    struct SetAside {
        Scenario scenario;
        QString path;
        bool modified = false;
        ReadOptions read;
    };
    void setAside();
    void forget();
    void show();
    void refreshEmphasis();
    std::vector<RingScene::Emphasis::Key> emphasisedKeys(
        const std::vector<std::string>& names) const;

    Document* m_document;
    lesson::Language m_language;
    std::unique_ptr<lesson::LessonRun> m_run;
    std::unique_ptr<lesson::PracticeSession> m_practice;
    std::optional<lesson::Reveal> m_practiceReveal;
    size_t m_practiceIndex = 0;
    uint64_t m_practiceSeed = 0;
    Scenario m_shown;  // the state the player last put into the document
    bool m_showing = false;
    std::optional<SetAside> m_aside;
};

}  // namespace ringscope
