// Prints lessons as a learner reads them, numbers filled in by the core and every question
// answered with no guess: `lessondump [FILE.json ...]` (the built-in course without arguments);
// `lessondump --practice SEED COUNT` prints interview-practice questions.
// For writing and reviewing lessons; not a test.
#include <QCoreApplication>
#include <QTextStream>

#include "lessonjson.h"
#include "lessonrun.h"
#include "practice.h"

using namespace ringscope;
using namespace ringscope::lesson;

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QStringList paths = app.arguments().mid(1);
    if (paths.size() == 3 && paths[0] == QStringLiteral("--practice")) {
        PracticeSession session(paths[1].toULongLong());
        for (int i = 0; i < paths[2].toInt(); ++i, session.next()) {
            const PracticeQuestion& q = session.question();
            for (const Language language : kLanguages) {
                const Reveal r = revealPractice(q, {});
                out << "[" << practiceKindName(q.kind).data() << "] " << q.prompt.in(language)
                    << "\n  A: " << r.truth.in(language) << " " << r.ideal.in(language) << "\n  "
                    << r.explanation.in(language) << "\n";
            }
        }
        return 0;
    }
    if (paths.isEmpty()) {
        paths = builtinLessonPaths();
    }
    try {
        for (const QString& path : paths) {
            LessonRun run(loadLessonFile(path));
            for (const Language language : kLanguages) {
                run.restart();
                out << "=== " << run.lesson().name << " [" << languageCode(language).data() << "] "
                    << run.lesson().title.in(language) << "\n";
                do {
                    out << "--- step " << run.stepIndex() + 1 << "/" << run.stepCount() << " "
                        << run.step().title.in(language) << "\n"
                        << run.narration(language) << "\n";
                    if (run.phase() == LessonRun::Phase::Asking) {
                        out << "  Q: " << run.prompt(language) << "\n";
                        const Reveal& r = run.answer({});
                        out << "  A: " << r.truth.in(language);
                        if (!r.ideal.in(language).isEmpty()) {
                            out << "  (ideal " << r.ideal.in(language) << ")";
                        }
                        out << "\n  " << r.explanation.in(language) << "\n";
                    }
                } while (run.next());
            }
        }
    } catch (const InputError& e) {
        QTextStream(stderr) << "lessondump: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
