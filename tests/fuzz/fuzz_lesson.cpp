// libFuzzer target: bytes as a lesson file (`ringscope-lesson/1`). Any input must load or be
// refused with an InputError naming the lesson; nothing else may happen (no crash, no other
// exception, no hang). A lesson that loads is read again and must give the same steps.
#include <QByteArray>
#include <QString>

#include <cstdio>
#include <cstdlib>

#include "lessonjson.h"
#include "ringscope/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const ringscope::lesson::Lesson lesson =
            ringscope::lesson::lessonFromJson(json, QStringLiteral("fuzz"));
        const ringscope::lesson::Lesson again =
            ringscope::lesson::lessonFromJson(json, QStringLiteral("fuzz"));
        if (again.steps.size() != lesson.steps.size()) {
            std::fprintf(stderr, "fuzz_lesson: the same text read twice gave different steps\n");
            std::abort();
        }
    } catch (const ringscope::InputError&) {
    }
    return 0;
}
