// Prints lessons as a learner reads them, numbers filled in by the core and every question
// answered with no guess, in both languages: `lessondump [FILE.json ...]` (the built-in course
// without arguments; `ringscope-cli lesson FILE` prints one language of one file, and
// `ringscope-cli practice --answers` interview-practice questions).
// For writing and reviewing lessons; not a test.
#include <QCoreApplication>
#include <QTextStream>

#include "lessonjson.h"
#include "lessonrun.h"

using namespace ringscope;
using namespace ringscope::lesson;

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QStringList paths = app.arguments().mid(1);
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
