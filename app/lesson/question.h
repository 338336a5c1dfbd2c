#pragma once
// Predict, then reveal: a question's true answer, computed by the core from the scenarios before
// and after its change, and the rule that checks a guess against it.

#include <QString>

#include <optional>
#include <string>

#include "lesson.h"
#include "narration.h"

namespace ringscope::lesson {

struct Answer {
    AnswerKind kind = AnswerKind::Number;
    Value truth;                 // Number: a count; Node: a node id; Choice: the choice id
    std::optional<Value> ideal;  // when the question names one
};

// The answer of `question` in `scene` (current: after the change, baseline: before it).
// Throws InputError whose where() names the question's field ("answer", "ideal",
// "choices[1].value").
Answer answerOf(const Question& question, const Scene& scene);

// A guess is right when it names the same node or choice exactly, or, for numbers, the same
// whole number ("1,000", "1000" and "1000.0" all read as 1000). An empty guess is never right.
bool isCorrect(const Answer& answer, const QString& guess);

// The nodes a node question offers: those before its change, then those it adds.
std::vector<std::string> nodeOptions(const Scenario& before, const Scenario& after);

// The truth and the guess side by side, with the ideal and the explanation, in both languages.
struct Reveal {
    QString guess;  // as given; empty when the learner went on without answering
    bool correct = false;
    Answer answer;
    Text truth;  // the truth formatted ("20", "D", the choice's text)
    Text ideal;  // empty when the question has none
    Text explanation;
};

// Everything the learner sees once they have answered. Throws InputError like answerOf.
Reveal revealAnswer(const Question& question, const Scene& scene, const QString& guess);

}  // namespace ringscope::lesson
