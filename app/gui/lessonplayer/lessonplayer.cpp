#include "lessonplayer.h"

#include <QUndoStack>

#include <algorithm>
#include <utility>

#include "commands.h"
#include "document.h"
#include "language.h"

namespace ringscope {

using lesson::LessonRun;

LessonPlayer::LessonPlayer(Document* document, QObject* parent)
    : QObject(parent), m_document(document), m_language(currentLanguage()) {
    connect(document, &Document::scenarioChanged, this, [this] {
        // The answer stays back while the question's own state is shown; an edit of the
        // learner's (or another file) shows what it does.
        m_document->setQuestionOpen(isAsking() && m_showing && m_document->scenario() == m_shown);
        if (mode() != Mode::Idle) {
            refreshEmphasis();  // key names resolve against the keys shown now
            emit changed();     // the poked notice follows the document
        }
    });
    connect(document, &Document::replaced, this, [this] {
        // Replaced by something other than a step (a file, a preset, New): the lesson is over,
        // and the document it set aside stays as the window left it.
        if (m_showing && !(m_document->scenario() == m_shown)) {
            m_aside.reset();
            forget();
        }
    });
}

LessonPlayer::~LessonPlayer() = default;

LessonPlayer::Mode LessonPlayer::mode() const {
    return m_run ? Mode::Lesson : m_practice ? Mode::Practice : Mode::Idle;
}

// ---------------------------------------------------------------------------------------------
// Starting, stepping

void LessonPlayer::setAside() {
    if (!m_showing) {  // a second lesson keeps what the first set aside
        m_aside = SetAside{m_document->scenario(), m_document->filePath(), m_document->isModified(),
                           m_document->readOptions()};
    }
}

bool LessonPlayer::startLesson(lesson::Lesson lesson) {
    setAside();
    m_practice.reset();
    m_practiceReveal.reset();
    m_run = std::make_unique<LessonRun>(std::move(lesson));
    show();
    return true;
}

bool LessonPlayer::startPractice(uint64_t seed) {
    setAside();
    m_run.reset();
    m_practiceSeed = seed;
    m_practice = std::make_unique<lesson::PracticeSession>(seed);
    m_practiceReveal.reset();
    m_practiceIndex = 0;
    show();
    return true;
}

void LessonPlayer::leave() {
    std::optional<SetAside> aside = std::exchange(m_aside, std::nullopt);
    forget();
    if (aside) {
        m_document->replaceScenario(aside->scenario, aside->path, aside->modified, aside->read);
    }
}

void LessonPlayer::forget() {
    m_document->setQuestionOpen(false);
    m_run.reset();
    m_practice.reset();
    m_practiceReveal.reset();
    m_showing = false;
    emit emphasisChanged({});
    emit changed();
}

bool LessonPlayer::next() {
    if (m_run) {
        if (!m_run->next()) {
            return false;
        }
    } else if (m_practice) {
        if (!m_practiceReveal) {
            m_practiceReveal = m_practice->answer({});  // passed over: shown, counted wrong
        } else {
            m_practice->next();
            m_practiceReveal.reset();
            ++m_practiceIndex;
        }
    } else {
        return false;
    }
    show();
    return true;
}

bool LessonPlayer::back() {
    if (!m_run || !m_run->back()) {
        return false;
    }
    show();
    return true;
}

void LessonPlayer::restart() {
    if (m_run) {
        m_run->restart();
    } else if (m_practice) {
        m_practice = std::make_unique<lesson::PracticeSession>(++m_practiceSeed);
        m_practiceReveal.reset();
        m_practiceIndex = 0;
    } else {
        return;
    }
    show();
}

void LessonPlayer::restoreStep() {
    if (mode() != Mode::Idle) {
        show();
    }
}

bool LessonPlayer::answer(const QString& guess) {
    try {
        if (m_run && m_run->phase() == LessonRun::Phase::Asking) {
            m_run->answer(guess);
        } else if (m_practice && !m_practiceReveal) {
            m_practiceReveal = m_practice->answer(guess);
        } else {
            return false;
        }
    } catch (const InputError& e) {
        m_document->rejectInput(QString::fromStdString(e.what()));
        return false;
    }
    show();  // the question's change made, measured against the state before it
    return true;
}

void LessonPlayer::setLanguage(lesson::Language language) {
    if (language != m_language) {
        m_language = language;
        emit changed();
    }
}

// ---------------------------------------------------------------------------------------------
// The document

bool LessonPlayer::isPoked() const {
    return m_showing && !(m_document->scenario() == m_shown);
}

void LessonPlayer::show() {
    std::optional<Scenario> baseline;
    std::optional<std::string> view;
    if (m_run) {
        m_shown = m_run->scenario();
        if (const Scenario* b = m_run->baseline()) {
            baseline = *b;
        }
        view = m_run->step().highlight.view;
    } else if (m_practice) {
        const lesson::PracticeQuestion& q = m_practice->question();
        m_shown = m_practiceReveal ? q.after : q.before;
        if (m_practiceReveal) {
            baseline = q.before;
        }
    } else {
        return;
    }
    m_showing = true;
    // Before the scenario arrives, so the views it refreshes already keep the answer back.
    m_document->setQuestionOpen(isAsking());
    m_document->showScenario(m_shown, baseline, m_run ? m_run->lesson().limits : Limits());
    refreshEmphasis();
    if (view) {
        emit viewRequested(*view);
    }
    emit changed();
}

std::vector<RingScene::Emphasis::Key> LessonPlayer::emphasisedKeys(
    const std::vector<std::string>& names) const {
    std::vector<RingScene::Emphasis::Key> out;
    if (names.empty()) {
        return out;
    }
    const KeyNames& keys = m_document->keys().names;
    for (const std::string& name : names) {
        if (const std::optional<size_t> k = keys.find(name)) {
            out.push_back({*k, QString::fromStdString(name)});
        }
    }
    return out;
}

void LessonPlayer::refreshEmphasis() {
    RingScene::Emphasis emphasis;
    const auto ids = [](const std::vector<std::string>& nodes) {
        std::vector<QString> out;
        for (const std::string& id : nodes) {
            out.push_back(QString::fromStdString(id));
        }
        return out;
    };
    if (m_run) {
        const lesson::Highlight& h = m_run->step().highlight;
        emphasis.arcs = ids(h.arcs);
        emphasis.tokens = ids(h.tokens);
        // "moved" and "replica-changed" keys are lit by the baseline already.
        if (h.keySelection == lesson::KeySelection::Listed) {
            emphasis.keys = emphasisedKeys(h.keys);
        }
    } else if (m_practice) {
        emphasis.keys = emphasisedKeys(m_practice->question().keys);
    }
    emit emphasisChanged(emphasis);
}

// ---------------------------------------------------------------------------------------------
// What the panel shows

QString LessonPlayer::title() const {
    return m_run ? m_run->lesson().title.in(m_language) : QString();
}

QString LessonPlayer::stepTitle() const {
    return m_run ? m_run->step().title.in(m_language) : QString();
}

size_t LessonPlayer::stepIndex() const {
    return m_run ? m_run->stepIndex() : m_practiceIndex;
}

size_t LessonPlayer::stepCount() const {
    return m_run ? m_run->stepCount() : 0;
}

QString LessonPlayer::narration() const {
    if (!m_run) {
        return {};
    }
    try {
        return m_run->narration(m_language);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());  // a checked lesson never gets here
    }
}

bool LessonPlayer::isAsking() const {
    return (m_run && m_run->phase() == LessonRun::Phase::Asking) ||
           (m_practice && !m_practiceReveal);
}

bool LessonPlayer::isRevealed() const {
    return reveal() != nullptr;
}

std::optional<lesson::AnswerKind> LessonPlayer::questionKind() const {
    if (m_run && m_run->step().question) {
        return m_run->step().question->kind;
    }
    if (m_practice) {
        return m_practice->question().question.kind;
    }
    return std::nullopt;
}

QString LessonPlayer::prompt() const {
    if (m_run) {
        try {
            return m_run->prompt(m_language);
        } catch (const InputError& e) {
            return QString::fromStdString(e.what());
        }
    }
    return m_practice ? m_practice->question().prompt.in(m_language) : QString();
}

std::vector<std::string> LessonPlayer::nodeOptions() const {
    if (m_run) {
        return m_run->nodeOptions();
    }
    return m_practice ? m_practice->question().options : std::vector<std::string>{};
}

std::vector<lesson::Choice> LessonPlayer::choices() const {
    if (m_run && m_run->step().question) {
        return m_run->step().question->choices;
    }
    return m_practice ? m_practice->question().question.choices : std::vector<lesson::Choice>{};
}

const lesson::Reveal* LessonPlayer::reveal() const {
    if (m_run) {
        return m_run->reveal();
    }
    return m_practiceReveal ? &*m_practiceReveal : nullptr;
}

size_t LessonPlayer::answered() const {
    return m_run ? m_run->answered() : m_practice ? m_practice->score().asked : 0;
}

size_t LessonPlayer::correct() const {
    return m_run ? m_run->correct() : m_practice ? m_practice->score().correct : 0;
}

lesson::PracticeScore LessonPlayer::practiceScore() const {
    return m_practice ? m_practice->score() : lesson::PracticeScore{};
}

}  // namespace ringscope
