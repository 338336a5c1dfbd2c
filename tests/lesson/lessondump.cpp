// Prints lessons as a learner reads them, numbers filled in by the core and every question
// answered with no guess, in both languages: `lessondump [FILE.json ...]` (the built-in course
// without arguments; `ringscope-cli lesson FILE` prints one language of one file);
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
            const Lesson lesson = loadLessonFile(path);
            for (const Language language : kLanguages) {
                out << lessonTranscript(lesson, language);
            }
        }
    } catch (const InputError& e) {
        QTextStream(stderr) << "lessondump: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
