#pragma once
// Lesson terms an algorithm's module defines in its own folder (jumpBucket, maglevTable, ...),
// each registered by its file as the views are (viewregistry.h): the narration's parser and
// evaluator know the shared terms (narration.h) and look a module's up here.
//
//   const TermRegistration kJumpBucket{{"jumpBucket", TermArg::Key, TermScope::State, false,
//                                       [](const TermInput& in) { return countValue(...); }}};
//
// Registration runs while the program starts (static objects); the module files are linked
// whole (ringscope_lesson_terms, app/lesson/CMakeLists.txt) so that the linker drops none.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lessoncore.h"
#include "narration.h"

namespace ringscope::lesson {

enum class TermArg : uint8_t { None, Key, Node, NodeKey, Algorithm };
enum class TermScope : uint8_t {
    State,  // about one scenario ("before." may name the baseline)
    Change  // about the change from the baseline to the scenario
};

// What a term is evaluated against: the scenario it speaks of (the baseline after "before."),
// the scene, and its argument resolved (node() and key() throw InputError naming an unknown one).
struct TermInput {
    const Worked& worked;
    const Scene& scene;
    Language language;
    std::function<size_t()> key;
    std::function<size_t()> node;
};

struct ModuleTerm {
    std::string_view name;
    TermArg arg;
    TermScope scope;
    bool countsKeys;  // "Percent" may follow
    Value (*evaluate)(const TermInput& input);
};

// Registers `term`; a second term of the same name aborts at start-up.
class TermRegistration {
public:
    explicit TermRegistration(const ModuleTerm& term);
};

// Every registered term, by name.
const std::vector<ModuleTerm>& moduleTerms();

// A value of each kind (narration.h's Value).
Value countValue(uint64_t n);
Value numberValue(Value::Kind kind, double x);
Value textValue(Value::Kind kind, std::string text);

}  // namespace ringscope::lesson
