#pragma once
// The lesson file (`ringscope-lesson/1`, JSON): reading, and checking every step against the
// core. A lesson that loads has valid scenarios in every step, placeholders that all resolve,
// answers that the core can compute, and no result typed into its text as a number.
// Every error is an InputError whose where() names the lesson, the step and the field
// ("03-add-node: steps[1].question.answer").

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

#include "lesson.h"

namespace ringscope::lesson {

inline constexpr char kLessonFormatV1[] = "ringscope-lesson/1";

// Reads and checks a lesson; `name` names it in messages.
Lesson lessonFromJson(const QByteArray& json, const QString& name);
// Reads a lesson file; it is named by its file name without ".json".
Lesson loadLessonFile(const QString& path);

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
