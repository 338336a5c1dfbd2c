#include "command.h"

namespace ringscope::cli {

// A lesson file as a learner reads it, for its author: every step's narration with its numbers,
// every question with its answer. The same limits and folder rule as a scenario file's.
int lessonCommand(const Options& o, std::ostream& out) {
    if (o.positional.size() != 1) {
        throw InputError("lesson", std::string("expected one lesson file\n") + usage());
    }
    const lesson::Lesson lesson =
        lesson::loadLessonFile(QString::fromStdString(o.positional[0]), o.read);
    out << lesson::lessonTranscript(lesson, o.language).toStdString();
    return 0;
}

namespace {

// Interview practice at the terminal: each question of a session (the window's Interview
// Practice, from the same seed the same questions), an answer read for each, right or wrong said
// with the truth, the ideal and the explanation, and the score and streak kept; the end of the
// input (Ctrl-D) ends the session with its score. --answers prints the questions answered.
// An answer is a number or a few words: a line is read up to kMaxAnswerBytes and the rest of it
// skipped, up to kMaxAnswerLine; a longer line is no answer (practice < /dev/zero) and ends the
// session as the end of input does. Bounded in memory and time. False at the end.
constexpr size_t kMaxAnswerBytes = 256;
constexpr size_t kMaxAnswerLine = size_t{64} << 10;
bool readAnswer(std::istream& in, std::string& answer) {
    answer.clear();
    size_t read = 0;
    for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
        if (c == '\n') {
            return true;
        }
        if (++read > kMaxAnswerLine) {
            return false;
        }
        if (answer.size() < kMaxAnswerBytes) {
            answer.push_back(static_cast<char>(c));
        }
    }
    return read > 0;  // a last line without its newline is still an answer
}

}  // namespace

int practiceCommand(const Options& o, std::ostream& out) {
    if (!o.positional.empty()) {
        throw InputError("practice", "takes no files\n" + usage());
    }
    using lesson::phrase;
    const lesson::Language lang = o.language;
    const auto say = [&](std::string_view name) { return phrase(name).in(lang); };
    std::random_device random;
    const uint64_t seed = o.seed ? *o.seed : (uint64_t{random()} << 32) | random();
    lesson::PracticeSession session(seed);
    const auto line = [&](const QString& text) { out << text.toStdString() << "\n"; };
    line(say("practice.session").arg(seed).arg(o.count));
    for (uint64_t i = 0; i < o.count; ++i, session.next()) {
        const lesson::PracticeQuestion& q = session.question();
        out << "\n";
        line(say("practice.question").arg(i + 1).arg(o.count) + u' ' + q.prompt.in(lang));
        if (!q.options.empty()) {
            QStringList options;
            for (const std::string& option : q.options) {
                options << QString::fromStdString(option);
            }
            line(say("practice.choices").arg(options.join(phrase("list-separator").in(lang))));
        }
        if (o.answers) {
            const lesson::Reveal r = lesson::revealPractice(q, {});
            line(say("practice.answer").arg(r.truth.in(lang)));
            if (!r.ideal.in(lang).isEmpty()) {
                line(say("practice.ideal").arg(r.ideal.in(lang)));
            }
            line(r.explanation.in(lang));
            continue;
        }
        out << "> " << std::flush;
        std::string guess;
        if (!o.in || !readAnswer(*o.in, guess)) {
            out << "\n";
            break;  // Ctrl-D: the session ends here
        }
        const lesson::Reveal r = session.answer(QString::fromStdString(guess).trimmed());
        line(r.correct ? say("practice.right") : say("practice.wrong").arg(r.truth.in(lang)));
        if (!r.ideal.in(lang).isEmpty()) {
            line(say("practice.ideal").arg(r.ideal.in(lang)));
        }
        line(r.explanation.in(lang));
        const lesson::PracticeScore& score = session.score();
        line(say("practice.streak").arg(score.streak).arg(score.bestStreak));
    }
    if (!o.answers) {
        const lesson::PracticeScore& score = session.score();
        out << "\n";
        line(say("practice.score").arg(score.correct).arg(score.asked).arg(score.bestStreak));
    }
    return 0;
}

}  // namespace ringscope::cli
