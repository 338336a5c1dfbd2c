#include "lessonrun.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace ringscope::lesson {

LessonRun::LessonRun(Lesson lesson) : m_lesson(std::move(lesson)) {}

LessonRun::Phase LessonRun::phase() const {
    if (!step().question) {
        return Phase::Reading;
    }
    return m_reveals.count(m_index) ? Phase::Revealed : Phase::Asking;
}

const Scenario& LessonRun::scenario() const {
    return phase() == Phase::Revealed ? *step().after : step().scenario;
}

const Scenario* LessonRun::baseline() const {
    if (phase() == Phase::Revealed) {
        return &step().scenario;
    }
    return step().baseline ? &*step().baseline : nullptr;
}

WorkedPtr LessonRun::worked(const Scenario& scenario) const {
    for (const auto& [s, w] : m_worked) {
        if (s == scenario) {
            return w;
        }
    }
    m_worked.emplace_back(scenario, Worked::of(scenario, m_lesson.limits));
    return m_worked.back().second;
}

void LessonRun::forgetOtherSteps() {
    const Step& s = step();
    std::erase_if(m_worked, [&s](const auto& entry) {
        const Scenario& kept = entry.first;
        return !(kept == s.scenario || (s.baseline && kept == *s.baseline) ||
                 (s.after && kept == *s.after));
    });
}

Scene LessonRun::narrationScene() const {
    const Step& s = step();
    return Scene(worked(s.scenario), s.baseline ? worked(*s.baseline) : nullptr,
                 Scene::Moment::Narration);
}

QString LessonRun::narration(Language language) const {
    return resolve(step().text.in(language), narrationScene(), language);
}

QString LessonRun::prompt(Language language) const {
    if (!step().question) {
        return {};
    }
    return resolve(step().question->prompt.in(language),
                   Scene(worked(step().scenario), nullptr, Scene::Moment::Prompt), language);
}

std::vector<std::string> LessonRun::nodeOptions() const {
    return lesson::nodeOptions(step().scenario, step().after ? *step().after : step().scenario);
}

const Reveal& LessonRun::answer(const QString& guess) {
    if (phase() != Phase::Asking) {
        throw InputError("", "this step has no open question");
    }
    const Step& s = step();
    const Scene scene(worked(*s.after), worked(s.scenario), Scene::Moment::Reveal);
    return m_reveals.emplace(m_index, revealAnswer(*s.question, scene, guess)).first->second;
}

const Reveal* LessonRun::reveal() const {
    const auto it = m_reveals.find(m_index);
    return it == m_reveals.end() ? nullptr : &it->second;
}

bool LessonRun::next() {
    if (phase() == Phase::Asking) {
        answer({});
        return true;
    }
    if (m_index + 1 >= stepCount()) {
        return false;
    }
    ++m_index;
    forgetOtherSteps();
    return true;
}

bool LessonRun::back() {
    if (m_index == 0) {
        return false;
    }
    --m_index;
    forgetOtherSteps();
    return true;
}

void LessonRun::restart() {
    m_index = 0;
    m_reveals.clear();
    forgetOtherSteps();
}

QString lessonTranscript(const Lesson& lesson, Language language) {
    LessonRun run(lesson);
    QString out;
    out += u"=== "_s + lesson.name + u" ["_s + QLatin1StringView(languageCode(language)) + u"] "_s +
           lesson.title.in(language) + u'\n';
    do {
        out += u"--- step "_s + QString::number(run.stepIndex() + 1) + u'/' +
               QString::number(run.stepCount()) + u' ' + run.step().title.in(language) + u'\n' +
               run.narration(language) + u'\n';
        if (run.phase() == LessonRun::Phase::Asking) {
            out += u"  Q: "_s + run.prompt(language) + u'\n';
            const Reveal& r = run.answer({});
            out += u"  A: "_s + r.truth.in(language);
            if (!r.ideal.in(language).isEmpty()) {
                out += u"  (ideal "_s + r.ideal.in(language) + u')';
            }
            out += u"\n  "_s + r.explanation.in(language) + u'\n';
        }
    } while (run.next());
    return out;
}

size_t LessonRun::correct() const {
    return static_cast<size_t>(std::count_if(m_reveals.begin(), m_reveals.end(),
                                             [](const auto& r) { return r.second.correct; }));
}

}  // namespace ringscope::lesson
