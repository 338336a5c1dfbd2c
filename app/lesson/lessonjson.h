#pragma once
// The lesson file (`ringscope-lesson/1`, JSON): reading, and checking every step against the
// core. A lesson that loads has valid scenarios in every step, placeholders that all resolve,
// answers that the core can compute, and no result typed into its text as a number.
// Every error is an InputError whose where() names the lesson, the step and the field
// ("03-add-node: steps[1].question.answer").

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <string>
#include <vector>

#include "lesson.h"
#include "scenariojson.h"

namespace ringscope::lesson {

inline constexpr char kLessonFormatV1[] = "ringscope-lesson/1";
// The most steps a lesson may have (the course's have five to seven): each step is worked out
// by the core, so a short file of empty steps must not cost minutes.
inline constexpr size_t kMaxLessonSteps = 250;

// Reads and checks a lesson; `name` names it in messages. Its scenarios keep to the limits of
// `options` (the file, each step's scenario, everything worked out from them), and their key
// files to its folder rule: read from the folder of `path`, the file the lesson came from, and
// not outside it unless allowed (without a path, no key file is read).
Lesson lessonFromJson(const QByteArray& json, const QString& name,
                      const ReadOptions& options = ReadOptions(), const QString& path = {});
// Reads a lesson file; it is named by its file name without ".json".
Lesson loadLessonFile(const QString& path, const ReadOptions& options = ReadOptions());
// loadLessonFile, asking `ask` about each refusal it can lift (a limit, a key file outside the
// lesson's folder) and lifting it in `options`, as loadScenarioFileAsking does.
Lesson loadLessonFileAsking(const QString& path, ReadOptions& options, const WaiverQuestion& ask);

// The texts the program itself writes into lessons and practice (`ringscope-phrases/1`:
// {"phrases": {name: {"en": …, "ja": …}}}), by name; `source` names the file in messages.
// Throws InputError.
inline constexpr char kPhrasesFormatV1[] = "ringscope-phrases/1";
using Phrases = std::map<std::string, Text, std::less<>>;
Phrases readPhrases(const QByteArray& json, const std::string& source);
// The built-in phrase (resources/phrases.json, embedded by resources/lessons.qrc) called `name`.
// A name it lacks is a programming error (std::logic_error); tst_practice reads them all.
const Text& phrase(std::string_view name);

// The built-in course (resources/lessons/*.json, embedded by resources/lessons.qrc), in order.
QStringList builtinLessonPaths();
// Throws InputError if a built-in lesson does not load (the course's tests keep that from
// happening).
std::vector<Lesson> builtinLessons();

// What a menu of lessons shows: a lesson's file, name and title, read without checking its steps
// (checking a lesson works out every step with the core; listing the course must not).
struct LessonHeading {
    QString path;
    QString name;
    Text title;
    Text summary;
};
// The built-in course's headings, in order. Throws InputError if a heading does not read.
std::vector<LessonHeading> builtinCourse();

}  // namespace ringscope::lesson
