#pragma once
// A lesson (`ringscope-lesson/1`): a title and steps, each with narration in English and
// Japanese, a scenario, what to highlight and optionally a question asked before a change.
// Plain values; lessonjson.h reads them, narration.h fills in their numbers from the core.

#include <QLocale>
#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lessoncore.h"

namespace ringscope::lesson {

enum class Language : uint8_t { English, Japanese };
inline constexpr Language kLanguages[] = {Language::English, Language::Japanese};
std::string_view languageCode(Language language);  // "en", "ja"
// How the language writes numbers: en_US, ja_JP.
QLocale localeOf(Language language);

// One text in both languages. A lesson file may leave out Japanese; it then reads as English.
struct Text {
    QString en;
    QString ja;
    const QString& in(Language language) const;
    QString& in(Language language);
};

// The view a step brings forward.
enum class View : uint8_t { Ring, Histogram, Comparison, Hrw, Jump, ModN, Vnodes };
inline constexpr View kAllViews[] = {View::Ring, View::Histogram, View::Comparison, View::Hrw,
                                     View::Jump, View::ModN,      View::Vnodes};
std::string_view viewName(View view);  // "ring", "histogram", ...
std::optional<View> viewFromName(std::string_view name);

enum class KeySelection : uint8_t {
    None,
    Listed,         // the keys named in Highlight::keys
    Moved,          // keys whose primary moved against the step's baseline
    ReplicaChanged  // keys whose owner list changed while the primary stayed
};

struct Highlight {
    KeySelection keySelection = KeySelection::None;
    std::vector<std::string> keys;    // Listed: key names
    std::vector<std::string> arcs;    // node ids whose arcs stand out
    std::vector<std::string> tokens;  // node ids whose tokens stand out
    std::optional<View> view;
};

enum class AnswerKind : uint8_t { Number, Node, Choice };
inline constexpr AnswerKind kAllAnswerKinds[] = {AnswerKind::Number, AnswerKind::Node,
                                                 AnswerKind::Choice};
std::string_view answerKindName(AnswerKind kind);  // "number", "node", "choice"
std::optional<AnswerKind> answerKindFromName(std::string_view name);

struct Choice {
    std::string id;
    Text text;
    std::string value;  // an expression (or a plain number) the choice stands for
};

// Asked before `change`; answered, then the change is made and the truth shown next to the
// guess and the ideal.
struct Question {
    AnswerKind kind = AnswerKind::Number;
    Text prompt;
    std::vector<Edit> change;
    // Number: an expression giving a count; Node: one giving a node; Choice: "min", "max" or
    // "nearest:EXPR" over the choices' values. Evaluated after the change, against before it.
    std::string answer;
    std::string ideal;  // optional expression shown beside the truth
    std::vector<Choice> choices;
    Text reveal;  // shown with the truth; its numbers come from the change
};

struct Step {
    std::string id;  // optional, unique in the lesson; other steps start "from" it
    Text title;
    Text text;
    Highlight highlight;
    std::optional<Question> question;
    Scenario scenario;                 // what the step shows
    std::optional<Scenario> baseline;  // what "moved" compares it with
    std::optional<Scenario> after;     // the question's change made
    const Scenario& last() const { return after ? *after : scenario; }
};

struct Lesson {
    QString name;   // the file name without ".json"; names the lesson in messages
    Limits limits;  // what its scenarios were read within; what working them out keeps to
    Text title;
    Text summary;
    std::vector<Step> steps;
};

}  // namespace ringscope::lesson
