#pragma once
// Walking through a lesson: the current step, its question and the learner's answers. The model
// a lesson player shows; it holds no widgets. Narration is resolved against the core on demand.

#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lesson.h"
#include "narration.h"
#include "question.h"

namespace ringscope::lesson {

class LessonRun {
public:
    enum class Phase : uint8_t {
        Reading,  // a step without a question
        Asking,   // a question waits for its answer; the change is not made yet
        Revealed  // answered (or passed over): the change is made, the truth shown
    };

    explicit LessonRun(Lesson lesson);

    const Lesson& lesson() const { return m_lesson; }
    size_t stepCount() const { return m_lesson.steps.size(); }
    size_t stepIndex() const { return m_index; }
    const Step& step() const { return m_lesson.steps[m_index]; }
    Phase phase() const;

    // The scenario the step shows now: its own, or once revealed the question's outcome.
    const Scenario& scenario() const;
    // What "moved" highlights compare with now, if anything.
    const Scenario* baseline() const;

    QString narration(Language language) const;
    QString prompt(Language language) const;  // empty without a question
    // The nodes a node question offers: those before and after its change, in scenario order.
    std::vector<std::string> nodeOptions() const;

    // Records the guess, makes the change and shows the truth. Only while Asking.
    const Reveal& answer(const QString& guess);
    // The step's reveal, once answered.
    const Reveal* reveal() const;

    // Next passes an unanswered question (revealing it with no guess), then moves on.
    // Returns false at the end or the start.
    bool next();
    bool back();
    void restart();

    // How many worked-out scenarios the run holds: the current step's, at most three (its
    // scenario, baseline and change), however many steps came before.
    size_t heldStates() const { return m_worked.size(); }

    // Answers given so far, and how many were right.
    size_t answered() const { return m_reveals.size(); }
    size_t correct() const;

private:
    Scene narrationScene() const;
    WorkedPtr worked(const Scenario& scenario) const;
    // Drops what the current step does not show (at most its scenario, baseline and change are
    // kept): a lesson of many big steps holds one step's state, not all of them.
    void forgetOtherSteps();

    Lesson m_lesson;
    size_t m_index = 0;
    std::map<size_t, Reveal> m_reveals;                            // step index -> its reveal
    mutable std::vector<std::pair<Scenario, WorkedPtr>> m_worked;  // the current step's, by value
};

// The lesson as a learner reads it in `language`, every question passed over: per step its
// title and narration with the numbers filled in, and for a question its prompt, the truth (and
// the ideal) and the explanation. What lesson authors check a file with (`ringscope-cli lesson`).
QString lessonTranscript(const Lesson& lesson, Language language);

}  // namespace ringscope::lesson
