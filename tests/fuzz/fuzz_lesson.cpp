// libFuzzer target: bytes as a lesson file (`ringscope-lesson/1`). Any input must load or be
// refused with an InputError naming the lesson; nothing else may happen (no crash, no other
// exception, no hang). A lesson that loads keeps the reader's promises: at least one step and
// no more than a lesson may have, the first one with a scenario of its own, a question's change
// made, every step within the limits it was read with.
// Limits are small, as in fuzz_scenario, so that each input is worked out in well under a
// millisecond (every step of a lesson is placed and measured by the core as it loads); the
// limits themselves keep larger inputs in check (tests/app/tst_hostile.cpp). Read once: a
// second reading doubled the cost of every input and found nothing the first did not.
#include <QByteArray>
#include <QString>

#include <cstdio>
#include <cstdlib>

#include "lessonjson.h"
#include "ringscope/error.h"
#include "ringscope/limits.h"

using namespace ringscope;

namespace {

void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_lesson: %s\n", what);
        std::abort();
    }
}

ReadOptions fuzzOptions() {
    ReadOptions options;  // no key files: a lesson read from memory has no folder
    Limits& limits = options.limits;
    limits.set(Limit::ScenarioBytes, 1 << 20);
    limits.set(Limit::JsonEntries, 5000);
    limits.set(Limit::StringBytes, 4096);
    limits.set(Limit::Keys, 2000);
    limits.set(Limit::KeyBytes, 1 << 20);
    limits.set(Limit::Nodes, 200);
    limits.set(Limit::Tokens, 20000);
    limits.set(Limit::TokenNameBytes, 1 << 20);
    limits.set(Limit::TokenReplicas, 100000);
    limits.set(Limit::KeyReplicas, 20000);
    limits.set(Limit::RendezvousWork, 100000);
    limits.set(Limit::MaglevWork, 1000000);
    limits.set(Limit::BoundedLoadWork, 100000);
    return options;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const ReadOptions options = fuzzOptions();
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const lesson::Lesson lesson = lesson::lessonFromJson(json, QStringLiteral("fuzz"), options);
        expect(!lesson.steps.empty(), "a lesson without steps");
        expect(lesson.steps.size() <= lesson::kMaxLessonSteps, "more steps than a lesson may have");
        expect(lesson.limits == options.limits, "the lesson forgot its limits");
        expect(!lesson.steps.front().baseline, "the first step compares with something");
        for (const lesson::Step& step : lesson.steps) {
            expect(step.question.has_value() == step.after.has_value(),
                   "a question without its change made, or a change without a question");
            expect(step.scenario.keys.kind != KeySetSpec::Kind::File,
                   "a lesson read from memory names a key file");
        }
    } catch (const InputError&) {
    }
    return 0;
}
