#pragma once
// Numbers in lesson text come from the core at run time. A text holds placeholders such as
// {moved}, {owner:7} or {before.keysOf:B}; each names a term of the closed set below, evaluated
// against the scenario the text speaks about and, for terms of a change, its baseline.
//
//   placeholder := "{" ["before."] term [":" argument] "}"
//   "{{" and "}}" are literal braces; so are braces inside a `code span`.
//
// A numeral typed into the text outside placeholders must be part of the scenario's setup (a
// token position, a vnode count, a weight, the number of nodes or keys, ...), never a result;
// formulas go in `code spans`. checkNumerals() enforces that.

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lesson.h"
#include "lessoncore.h"

namespace ringscope::lesson {

struct Value {
    enum class Kind : uint8_t {
        Count,    // a whole number ("1,000")
        Percent,  // a fraction shown as a percentage ("20%", "24.9%")
        Ratio,    // a plain ratio with two decimals ("0.14")
        Node,     // a node id
        Text      // anything else (key ranges, arcs, owner lists, digests)
    };
    Kind kind = Kind::Count;
    uint64_t count = 0;  // Count, exactly
    double number = 0;   // Count, Percent (the fraction), Ratio
    std::string text;    // Node, Text
    bool isNumber() const {
        return kind == Kind::Count || kind == Kind::Percent || kind == Kind::Ratio;
    }
};
QString formatValue(const Value& value, Language language);

// The shared terms. "Percent" after a term that counts keys gives that count as a share
// of all keys ({movedPercent}, {keysOfPercent:A}).
enum class Term : uint8_t {
    // The scenario itself (or, with "before.", its baseline).
    Keys,            // number of keys
    Nodes,           // number of nodes
    Tokens,          // ring tokens in all
    TokensOf,        // :NODE  ring tokens of a node
    Replicas,        // R
    Owner,           // :KEY   primary owner
    Owners,          // :KEY   owner list, primary first
    Backup,          // :KEY   the first replica after the primary (R >= 2)
    Position,        // :KEY   the key's position in the hash space
    KeysOf,          // :NODE  keys whose primary is the node
    WeightShare,     // :NODE  w / sum(w)
    FairKeys,        // :NODE  w / sum(w) of the keys, rounded
    ArcOf,           // :NODE  the arcs (p, q] the node owns
    Busiest,         // the node with the most keys
    Lightest,        // the node with the fewest keys
    MaxOverMean,     // keys per node: max / mean
    MinOverMean,     // min / mean
    StddevOverMean,  // standard deviation / mean
    OneOverSqrtV,    // 1 / sqrt(tokens per node)
    BalanceFactor,   // bounded loads: the factor c
    Capacity,        // :NODE  bounded loads: the node's capacity once all keys are placed
    Displaced,       // bounded loads: keys that landed away from their first choice
    FirstChoice,     // :KEY   bounded loads: the first node of the key's walk
    // The change from the baseline to the scenario.
    Moved,          // keys whose primary owner changed
    Ideal,          // the share an ideal scheme moves for this change
    IdealKeys,      // that share of the keys, rounded
    MovedRange,     // the moved keys, as runs ("21–40")
    MovedTo,        // :NODE  moved keys that went to the node
    MovedFrom,      // :NODE  moved keys that left the node
    ReplicaOnly,    // keys whose replica set changed while the primary stayed
    MovedUnder,     // :ALGORITHM  keys moved by the same change under another algorithm
    MovedUnbounded  // keys moved by the same change without bounded loads
};
// An algorithm's own terms ({jumpBucket:KEY}, {maglevTable}, {hrwWinner:KEY}, ...) are defined
// in its module's folder and registered (moduleterms.h).

// What a text is evaluated against.
class Scene {
public:
    enum class Moment : uint8_t {
        Narration,  // a step's text: the scenario and what changed since its baseline
        Prompt,     // a question, before its change: results of the change must not show
        Reveal      // after the change: the outcome against the scenario before it
    };
    Scene(WorkedPtr current, WorkedPtr baseline, Moment moment);
    const Worked& current() const { return *m_current; }
    const Worked* baseline() const { return m_baseline.get(); }
    Moment moment() const { return m_moment; }
    const Change& change() const;  // computed once; throws InputError

private:
    WorkedPtr m_current;
    WorkedPtr m_baseline;
    Moment m_moment;
    mutable std::shared_ptr<const Change> m_change;
};

// Evaluates one expression (a placeholder without its braces). Throws InputError("", message)
// naming the placeholder.
Value evaluate(std::string_view expression, const Scene& scene, Language language);

// The text with every placeholder replaced. Throws InputError("", message).
QString resolve(const QString& text, const Scene& scene, Language language);

// The expressions of the placeholders in a text, in order. Throws on an unclosed brace.
std::vector<std::string> placeholdersIn(const QString& text);

struct NumeralRules {
    std::vector<double> setup;       // numbers that may be written as they are
    std::vector<std::string> names;  // node ids and key names, skipped even if they hold digits
    std::vector<const Scenario*> scenarios;  // for "A@20": A must have a token at 20 in one
    // A number written as a count ("100 keys", "3 台", "lost 20") must be one of the setup's
    // counts: a token position that happens to be 20 does not make "20 keys move" setup.
    std::vector<double> counts;
};
// The rules for a text about these scenarios: their setup numbers, node ids, and the keys the
// text's placeholders name (a key written as a number counts as setup).
NumeralRules numeralRules(const std::vector<const Scenario*>& scenarios,
                          const std::vector<QString>& texts,
                          const std::vector<std::string>& extraKeys = {});
// Throws InputError("", message) at the first numeral that is not setup, at a count that is not
// one of the setup's counts, at a percentage typed as a number, and at "NODE@N" where the node
// has no such token.
void checkNumerals(const QString& text, const NumeralRules& rules);

}  // namespace ringscope::lesson
