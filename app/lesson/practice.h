#pragma once
// Interview practice: predict-then-reveal questions drawn at random from small scenarios —
// keys moved when a node joins or leaves, the owner of a key, the HRW winner, the jump owner
// after a middle node leaves, mod-N growth. Each question is a lesson Question on a generated
// scenario, so the core computes its answer and ideal exactly as it does for the course.
// A seed gives the same questions on every platform (SplitMix64, no std::*_distribution).

#include <QString>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lesson.h"
#include "question.h"
#include "ringscope/keyset.h"

namespace ringscope::lesson {

struct PracticeQuestion;
class PracticeDraw;

// One kind of question, registered by the file that knows what it asks about: the ring's here
// (practice.cpp), rendezvous', jump's and mod-N's in their modules' folders (*practice.cpp).
struct PracticeKind {
    std::string_view name;  // "ring-join", "hrw-winner", ...
    // A seed draws among the kinds in this order, the same in every build: ring-join 0,
    // ring-leave 1, ring-owner-after-join 2, backup-after-join 3, hrw-winner 4,
    // hrw-owner-after-join 5, jump-removal 6, jump-owner-after-removal 7, modn-grow 8.
    int order;
    // Sets the scenario before, the change and the question's texts from the draw.
    void (*compose)(PracticeDraw& draw, PracticeQuestion& question);
};

// Registers `kind`; a second kind of the same name or order aborts at start-up.
class PracticeKindRegistration {
public:
    explicit PracticeKindRegistration(const PracticeKind& kind);
};

// Every kind, in order.
const std::vector<PracticeKind>& practiceKinds();

struct PracticeQuestion {
    std::string_view kind;  // its PracticeKind's name
    uint64_t seed = 0;
    Scenario before;
    Scenario after;                    // before with question.change made
    Question question;                 // prompt, change, answer and ideal expressions, reveal text
    Text prompt;                       // the prompt with its placeholders filled in
    Answer answer;                     // the core's answer
    std::vector<std::string> options;  // node questions: the nodes to pick from
    std::vector<std::string> keys;     // the keys the question is about, to highlight
};

// The question for a seed. O(keys x nodes) core work on at most a few hundred keys.
PracticeQuestion practiceQuestion(uint64_t seed);

// Everything shown once the learner answers: the truth beside the guess and the ideal.
Reveal revealPractice(const PracticeQuestion& question, const QString& guess);

struct PracticeScore {
    size_t asked = 0;
    size_t correct = 0;
    size_t streak = 0;  // right answers in a row, ending with the last one
    size_t bestStreak = 0;
    void record(bool right);
};

// A session: one question at a time, each answered at most once, scored as it goes.
class PracticeSession {
public:
    explicit PracticeSession(uint64_t seed);
    const PracticeQuestion& question() const { return m_question; }
    bool answered() const { return m_answered; }
    // Scores the guess (only the first answer to a question counts) and reveals the truth.
    Reveal answer(const QString& guess);
    // Draws the next question; an unanswered one counts as asked and wrong.
    void next();
    const PracticeScore& score() const { return m_score; }

private:
    SplitMix64 m_seeds;
    PracticeQuestion m_question;
    bool m_answered = false;
    PracticeScore m_score;
};

}  // namespace ringscope::lesson
