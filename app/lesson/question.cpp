#include "question.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

#include "ringscope/error.h"

using namespace Qt::StringLiterals;

namespace ringscope::lesson {

namespace {

constexpr std::string_view kNearest = "nearest:";

// A choice's value: an expression, or a plain number for the bands of a "nearest" question.
double choiceValue(const Choice& choice, const Scene& scene) {
    bool plain = false;
    const double number = QString::fromStdString(choice.value).toDouble(&plain);
    if (plain) {
        return number;
    }
    const Value v = evaluate(choice.value, scene, Language::English);
    if (!v.isNumber()) {
        throw InputError("", "{" + choice.value + "} is not a number");
    }
    return v.number;
}

Value choiceAnswer(const Question& q, const Scene& scene) {
    if (q.choices.size() < 2) {
        throw InputError("choices", "a choice question needs at least two choices");
    }
    std::optional<double> target;
    bool most = false;
    if (q.answer.starts_with(kNearest)) {
        try {
            const Value v = evaluate(q.answer.substr(kNearest.size()), scene, Language::English);
            if (!v.isNumber()) {
                throw InputError("", "{" + q.answer.substr(kNearest.size()) + "} is not a number");
            }
            target = v.number;
        } catch (const InputError& e) {
            rethrowWithin("answer", e);
        }
    } else if (q.answer == "max" || q.answer == "min") {
        most = q.answer == "max";
    } else {
        throw InputError("answer",
                         "a choice question's answer is \"min\", \"max\" or "
                         "\"nearest:EXPRESSION\", not \"" +
                             q.answer + "\"");
    }
    std::vector<double> scores;
    for (size_t c = 0; c < q.choices.size(); ++c) {
        try {
            const double v = choiceValue(q.choices[c], scene);
            scores.push_back(target ? -std::fabs(v - *target) : most ? v : -v);
        } catch (const InputError& e) {
            rethrowWithin("choices[" + std::to_string(c) + "].value", e);
        }
    }
    const auto best = std::max_element(scores.begin(), scores.end());
    if (std::count(scores.begin(), scores.end(), *best) > 1) {
        throw InputError("answer", "more than one choice is the answer; the values tie");
    }
    Value v;
    v.kind = Value::Kind::Text;
    v.text = q.choices[size_t(best - scores.begin())].id;
    return v;
}

}  // namespace

Answer answerOf(const Question& q, const Scene& scene) {
    Answer a;
    a.kind = q.kind;
    switch (q.kind) {
        case AnswerKind::Number:
        case AnswerKind::Node:
            try {
                a.truth = evaluate(q.answer, scene, Language::English);
            } catch (const InputError& e) {
                rethrowWithin("answer", e);
            }
            if (q.kind == AnswerKind::Number && a.truth.kind != Value::Kind::Count) {
                throw InputError("answer", "{" + q.answer +
                                               "} is not a count; a number question asks for a "
                                               "whole number");
            }
            if (q.kind == AnswerKind::Node && a.truth.kind != Value::Kind::Node) {
                throw InputError("answer", "{" + q.answer + "} does not name a node");
            }
            break;
        case AnswerKind::Choice:
            a.truth = choiceAnswer(q, scene);
            break;
    }
    if (!q.ideal.empty()) {
        try {
            a.ideal = evaluate(q.ideal, scene, Language::English);
        } catch (const InputError& e) {
            rethrowWithin("ideal", e);
        }
        if (!a.ideal->isNumber()) {
            throw InputError("ideal", "{" + q.ideal + "} is not a number");
        }
    }
    return a;
}

bool isCorrect(const Answer& answer, const QString& guess) {
    const QString g = guess.trimmed();
    if (g.isEmpty()) {
        return false;
    }
    switch (answer.kind) {
        case AnswerKind::Number: {
            bool ok = false;
            double number = QLocale::c().toDouble(g, &ok);
            if (!ok) {
                number = QLocale(QLocale::English).toDouble(g, &ok);  // "1,000"
            }
            return ok && number == double(answer.truth.count);
        }
        case AnswerKind::Node:
        case AnswerKind::Choice:
            return g.toStdString() == answer.truth.text;
    }
    return false;
}

std::vector<std::string> nodeOptions(const Scenario& before, const Scenario& after) {
    std::vector<std::string> ids = nodeIds(before);
    for (const std::string& id : nodeIds(after)) {
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
            ids.push_back(id);
        }
    }
    return ids;
}

Reveal revealAnswer(const Question& q, const Scene& scene, const QString& guess) {
    Reveal r;
    r.guess = guess;
    r.answer = answerOf(q, scene);
    r.correct = isCorrect(r.answer, guess);
    for (const Language language : kLanguages) {
        QString truth = formatValue(r.answer.truth, language);
        if (q.kind == AnswerKind::Choice) {
            for (const Choice& c : q.choices) {
                truth = c.id == r.answer.truth.text ? c.text.in(language) : truth;
            }
        }
        const QString ideal = r.answer.ideal ? formatValue(*r.answer.ideal, language) : QString();
        QString explanation;
        try {
            explanation = resolve(q.reveal.in(language), scene, language);
        } catch (const InputError& e) {
            rethrowWithin("reveal." + std::string(languageCode(language)), e);
        }
        r.truth.in(language) = truth;
        r.ideal.in(language) = ideal;
        r.explanation.in(language) = explanation;
    }
    return r;
}

}  // namespace ringscope::lesson
