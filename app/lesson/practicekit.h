#pragma once
// What a kind of practice question (practice.h) is written with: the draw of its random
// choices, the built-in phrases filled in both languages, small scenarios, the edits of a
// change, and the two shapes of question ("how many keys move?", "which node ...?").

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "lesson.h"
#include "lessoncore.h"
#include "practice.h"
#include "ringscope/keyset.h"

namespace ringscope::lesson {

inline constexpr uint64_t kPracticeSpace = 100;  // the teaching ring 0-99, keys 0-99 as hashes
inline constexpr size_t kPracticeMinNodes = 3;
inline constexpr size_t kPracticeMaxNodes = 5;

// The random choices of one question, from its seed (SplitMix64: the same on every platform).
class PracticeDraw {
public:
    explicit PracticeDraw(uint64_t seed) : m_rng(seed) {}
    size_t below(size_t n) { return static_cast<size_t>(m_rng.below(n)); }
    size_t between(size_t lo, size_t hi) { return lo + below(hi - lo + 1); }
    // `count` distinct positions of 0-99.
    std::vector<uint64_t> positions(size_t count);

private:
    SplitMix64 m_rng;
};

// Node `node`'s id: A, B, C, ...
QString practiceNodeId(size_t node);
// Key `k`: "key-k" when named, else the number.
QString practiceKey(size_t k, bool named);

// An argument of a practice text: the same in both languages, or a list written with each
// language's separator.
class PhraseArg {
public:
    PhraseArg(QString text) : m_text(std::move(text)) {}  // implicit: read as in .arg()
    PhraseArg(size_t number) : m_text(QString::number(number)) {}
    PhraseArg(const std::vector<QString>& list) : m_list(&list) {}
    QString in(Language language) const;

private:
    QString m_text;
    const std::vector<QString>* m_list = nullptr;
};

// The built-in phrase `name` (resources/phrases.json) with %1, %2, ... filled by `args`, in
// each language.
Text say(std::string_view name, std::initializer_list<PhraseArg> args = {});
// `first` then `next`, in each language (a setup, then the question about it).
Text then(const Text& first, const Text& next);

// Keys "0"…"99" on the teaching ring (identity hashes in a 0-99 space).
QJsonObject practiceNumberKeys();
// Keys "key-0"… hashed with xxh64.
QJsonObject practiceNamedKeys(uint64_t count);
// Nodes A, B, C, ... without tokens.
QJsonArray practicePlainNodes(size_t count);
// A scenario file's object of `algorithm` over those nodes and keys.
QJsonObject practiceScenario(const char* algorithm, const QJsonArray& nodes,
                             const QJsonObject& keys, int replicas = 1);

// The change's edits: a node joins (at `token` on a ring), a node leaves (jump: repaired by
// `jump`).
Edit practiceAddNode(const QString& node, std::optional<uint64_t> token = std::nullopt);
Edit practiceRemoveNode(const QString& node, std::optional<RemovalMode> removal = std::nullopt);

// "How many keys move?": the core's count of moved keys, the ideal beside it.
void askMoved(Question& q, Text prompt, Text reveal);
// "Which node ...?" about one key: `term` of the key after the change ("owner", "backup").
void askNode(PracticeQuestion& p, std::string_view term, const QString& key, Text prompt,
             Text reveal);

}  // namespace ringscope::lesson
