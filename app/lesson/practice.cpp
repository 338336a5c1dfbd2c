#include "practice.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

#include "lessonjson.h"
#include "narration.h"

using namespace Qt::StringLiterals;

namespace ringscope::lesson {

namespace {

constexpr uint64_t kRingSpace = 100;  // the teaching ring 0-99, keys 0-99 as their own hashes
constexpr uint64_t kHrwKeys = 100;
constexpr uint64_t kJumpKeys = 1000;
constexpr size_t kMinNodes = 3;
constexpr size_t kMaxNodes = 5;
constexpr size_t kMaxJumpNodes = 8;

QString id(size_t node) {
    return QString(QChar(u'A' + static_cast<char16_t>(node)));
}

QString listOf(const std::vector<QString>& items, Language language) {
    QString out;
    for (const QString& item : items) {
        out += (out.isEmpty() ? QString() : phrase("list-separator").in(language)) + item;
    }
    return out;
}

// An argument of a practice text: the same in both languages, or a list written with each
// language's separator.
class Arg {
public:
    Arg(QString text) : m_text(std::move(text)) {}  // implicit: arguments read as in .arg()
    Arg(size_t number) : m_text(QString::number(number)) {}
    Arg(const std::vector<QString>& list) : m_list(&list) {}
    QString in(Language language) const { return m_list ? listOf(*m_list, language) : m_text; }

private:
    QString m_text;
    const std::vector<QString>* m_list = nullptr;
};

// The built-in phrase `name` (resources/phrases.json) with %1, %2, ... filled by `args`, in
// each language.
Text say(std::string_view name, std::initializer_list<Arg> args = {}) {
    const Text& text = phrase(name);
    Text out;
    for (const Language language : kLanguages) {
        QString filled = text.in(language);
        for (const Arg& arg : args) {
            filled = filled.arg(arg.in(language));
        }
        out.in(language) = filled;
    }
    return out;
}

// `first` then `next`, in each language (a setup, then the question about it).
Text then(const Text& first, const Text& next) {
    Text out;
    for (const Language language : kLanguages) {
        out.in(language) = first.in(language) + next.in(language);
    }
    return out;
}

// A generator of one question: its random choices and the texts and scenarios they give.
class Draw {
public:
    explicit Draw(uint64_t seed) : m_rng(seed) {}
    size_t below(size_t n) { return static_cast<size_t>(m_rng.below(n)); }
    size_t between(size_t lo, size_t hi) { return lo + below(hi - lo + 1); }

    // `count` distinct positions of 0-99.
    std::vector<uint64_t> positions(size_t count) {
        std::vector<uint64_t> out;
        while (out.size() < count) {
            const uint64_t p = m_rng.below(kRingSpace);
            if (std::find(out.begin(), out.end(), p) == out.end()) {
                out.push_back(p);
            }
        }
        return out;
    }

private:
    SplitMix64 m_rng;
};

QJsonObject numberKeys() {
    return {{u"pattern"_s, u"{i}"_s}, {u"count"_s, static_cast<qint64>(kRingSpace)}};
}

QJsonObject scenarioObject(const char* algorithm, const QJsonArray& nodes, const QJsonObject& keys,
                           int replicas = 1) {
    QJsonObject o{{u"format"_s, u"ringscope/1"_s},
                  {u"algorithm"_s, QString::fromLatin1(algorithm)},
                  {u"replicas"_s, replicas},
                  {u"nodes"_s, nodes},
                  {u"keys"_s, keys}};
    // Keys that are the numbers 0-99 (numberKeys) are their own positions on the teaching ring.
    if (keys[u"pattern"_s] == numberKeys()[u"pattern"_s]) {
        o[u"space"_s] = static_cast<qint64>(kRingSpace);
        o[u"keyHash"_s] = u"identity"_s;
    } else {
        o[u"keyHash"_s] = u"xxh64"_s;
    }
    return o;
}

QJsonObject namedKeys(uint64_t count) {
    return {{u"pattern"_s, u"key-{i}"_s}, {u"count"_s, static_cast<qint64>(count)}};
}

QJsonArray plainNodes(size_t count) {
    QJsonArray nodes;
    for (size_t n = 0; n < count; ++n) {
        nodes.append(QJsonObject{{u"id"_s, id(n)}});
    }
    return nodes;
}

Edit addNode(const QString& node, std::optional<uint64_t> token = std::nullopt) {
    Edit e;
    e.op = EditOp::AddNode;
    e.fields = {{u"id"_s, node}};
    if (token) {
        e.fields[u"tokens"_s] = QJsonArray{static_cast<qint64>(*token)};
    }
    return e;
}

Edit removeNode(const QString& node, std::optional<JumpRemoval> jump = std::nullopt) {
    Edit e;
    e.op = EditOp::RemoveNode;
    e.node = node.toStdString();
    e.jump = jump;
    return e;
}

// A small ring in 0-99, one token per node: "A@23, B@58, C@81".
struct SmallRing {
    Scenario scenario;
    std::vector<QString> tokens;  // "A@23", ...
    QString joiner;               // the next node's id
    uint64_t joinAt = 0;          // a free position for it
};

SmallRing smallRing(Draw& draw, int replicas = 1) {
    const size_t n = draw.between(kMinNodes, kMaxNodes);
    std::vector<uint64_t> at = draw.positions(n + 1);
    std::sort(at.begin(), at.begin() + static_cast<std::ptrdiff_t>(n));  // A, B, C clockwise
    SmallRing r;
    QJsonArray nodes;
    for (size_t i = 0; i < n; ++i) {
        nodes.append(
            QJsonObject{{u"id"_s, id(i)}, {u"tokens"_s, QJsonArray{static_cast<qint64>(at[i])}}});
        r.tokens.push_back(id(i) + u'@' + QString::number(at[i]));
    }
    r.scenario = scenarioFromObject(scenarioObject("ring", nodes, numberKeys(), replicas));
    r.joiner = id(n);
    r.joinAt = at[n];
    return r;
}

QString key(size_t k, bool named) {
    return named ? u"key-%1"_s.arg(k) : QString::number(k);
}

// "How many keys move?": the core's count of moved keys, the ideal beside it.
void askMoved(Question& q, Text prompt, Text reveal) {
    q.kind = AnswerKind::Number;
    q.prompt = std::move(prompt);
    q.answer = "moved";
    q.ideal = "idealKeys";
    q.reveal = std::move(reveal);
}

// "Which node ...?" about one key: `term` of the key after the change ("owner", "backup").
void askNode(PracticeQuestion& p, std::string_view term, const QString& key, Text prompt,
             Text reveal) {
    p.question.kind = AnswerKind::Node;
    p.question.prompt = std::move(prompt);
    p.question.answer = std::string(term) + ":" + key.toStdString();
    p.question.reveal = std::move(reveal);
    p.keys = {key.toStdString()};
}

// Sets the texts and scenario of one question of `kind`.
void compose(PracticeKind kind, Draw& draw, PracticeQuestion& p) {
    Question& q = p.question;
    switch (kind) {
        case PracticeKind::RingJoin:
        case PracticeKind::RingOwnerAfterJoin: {
            const SmallRing r = smallRing(draw);
            p.before = r.scenario;
            q.change = {addNode(r.joiner, r.joinAt)};
            const Text setup = say("ring.setup", {r.tokens, r.joiner, size_t(r.joinAt)});
            if (kind == PracticeKind::RingJoin) {
                askMoved(q, then(setup, say("ring-join.ask")), say("ring-join.reveal", {r.joiner}));
            } else {
                const QString k = key(draw.below(kRingSpace), false);
                askNode(p, "owner", k, then(setup, say("ring-owner-after-join.ask", {k})),
                        say("ring-owner-after-join.reveal", {k}));
            }
            return;
        }
        case PracticeKind::RingLeave: {
            const SmallRing r = smallRing(draw);
            p.before = r.scenario;
            const QString leaving = id(draw.below(r.tokens.size()));
            q.change = {removeNode(leaving)};
            askMoved(q, say("ring-leave.ask", {r.tokens, leaving}),
                     say("ring-leave.reveal", {leaving}));
            return;
        }
        case PracticeKind::BackupAfterJoin: {
            const SmallRing r = smallRing(draw, 2);
            p.before = r.scenario;
            q.change = {addNode(r.joiner, r.joinAt)};
            const QString k = key(draw.below(kRingSpace), false);
            askNode(p, "backup", k,
                    say("backup-after-join.ask", {r.tokens, k, r.joiner, size_t(r.joinAt)}),
                    say("backup-after-join.reveal", {k}));
            return;
        }
        case PracticeKind::HrwWinner:
        case PracticeKind::HrwOwnerAfterJoin: {
            const size_t n = draw.between(kMinNodes, kMaxNodes);
            p.before = scenarioFromObject(
                scenarioObject("rendezvous", plainNodes(n), namedKeys(kHrwKeys)));
            const QString k = key(draw.below(kHrwKeys), true);
            std::vector<QString> ids;
            QString scores;  // placeholders, the same in both languages
            for (size_t i = 0; i < n; ++i) {
                ids.push_back(id(i));
                scores += u" %1 {hrwScore:%1,%2}"_s.arg(id(i), k);
            }
            if (kind == PracticeKind::HrwWinner) {
                askNode(p, "hrwWinner", k, say("hrw-winner.ask", {ids, k}),
                        say("hrw-winner.reveal", {k, scores}));
            } else {
                q.change = {addNode(id(n))};
                askNode(p, "owner", k, say("hrw-owner-after-join.ask", {ids, k, id(n)}),
                        say("hrw-owner-after-join.reveal", {k, id(n)}));
            }
            return;
        }
        case PracticeKind::JumpRemoval:
        case PracticeKind::JumpOwnerAfterRemoval: {
            const size_t n = draw.between(kMinNodes + 1, kMaxJumpNodes);
            p.before =
                scenarioFromObject(scenarioObject("jump", plainNodes(n), namedKeys(kJumpKeys)));
            const QString leaving = id(draw.below(n - 1));  // never the last: that is the easy case
            const JumpRemoval mode = draw.below(2) ? JumpRemoval::MoveLast : JumpRemoval::Renumber;
            q.change = {removeNode(leaving, mode)};
            std::vector<QString> ids;
            for (size_t i = 0; i < n; ++i) {
                ids.push_back(id(i));
            }
            const bool renumber = mode == JumpRemoval::Renumber;
            const Text setup = renumber ? say("jump.setup.renumber", {ids, leaving})
                                        : say("jump.setup.move-last", {ids, leaving, id(n - 1)});
            if (kind == PracticeKind::JumpRemoval) {
                const Text why = renumber ? say("jump-removal.why.renumber", {leaving})
                                          : say("jump-removal.why.move-last", {leaving});
                askMoved(q, then(setup, say("jump-removal.ask")),
                         then(say("jump-removal.reveal"), why));
            } else {
                const QString k = key(draw.below(kJumpKeys), true);
                askNode(p, "owner", k, then(setup, say("jump-owner-after-removal.ask", {k})),
                        say("jump-owner-after-removal.reveal", {k}));
            }
            return;
        }
        case PracticeKind::ModNGrow: {
            const size_t n = draw.between(2, kMaxNodes);
            p.before = scenarioFromObject(scenarioObject("modn", plainNodes(n), numberKeys()));
            q.change = {addNode(id(n))};
            askMoved(q, say("modn-grow.ask", {n, n + 1}), say("modn-grow.reveal"));
            return;
        }
    }
}

}  // namespace

std::string_view practiceKindName(PracticeKind kind) {
    switch (kind) {
        case PracticeKind::RingJoin:
            return "ring-join";
        case PracticeKind::RingLeave:
            return "ring-leave";
        case PracticeKind::RingOwnerAfterJoin:
            return "ring-owner-after-join";
        case PracticeKind::BackupAfterJoin:
            return "backup-after-join";
        case PracticeKind::HrwWinner:
            return "hrw-winner";
        case PracticeKind::HrwOwnerAfterJoin:
            return "hrw-owner-after-join";
        case PracticeKind::JumpRemoval:
            return "jump-removal";
        case PracticeKind::JumpOwnerAfterRemoval:
            return "jump-owner-after-removal";
        case PracticeKind::ModNGrow:
            return "modn-grow";
    }
    return "?";
}

PracticeQuestion practiceQuestion(uint64_t seed) {
    Draw draw(seed);
    PracticeQuestion p;
    p.seed = seed;
    p.kind = kAllPracticeKinds[draw.below(std::size(kAllPracticeKinds))];
    compose(p.kind, draw, p);
    p.after = p.before;
    for (const Edit& edit : p.question.change) {
        p.after = applyEdit(p.after, edit);
    }
    const WorkedPtr before = Worked::of(p.before);
    const Scene prompt(before, nullptr, Scene::Moment::Prompt);
    for (const Language language : kLanguages) {
        p.prompt.in(language) = resolve(p.question.prompt.in(language), prompt, language);
    }
    p.answer = answerOf(p.question, Scene(Worked::of(p.after), before, Scene::Moment::Reveal));
    if (p.question.kind == AnswerKind::Node) {
        p.options = nodeOptions(p.before, p.after);
    }
    return p;
}

Reveal revealPractice(const PracticeQuestion& p, const QString& guess) {
    return revealAnswer(
        p.question, Scene(Worked::of(p.after), Worked::of(p.before), Scene::Moment::Reveal), guess);
}

void PracticeScore::record(bool right) {
    ++asked;
    correct += right ? 1 : 0;
    streak = right ? streak + 1 : 0;
    bestStreak = std::max(bestStreak, streak);
}

PracticeSession::PracticeSession(uint64_t seed)
    : m_seeds(seed), m_question(practiceQuestion(m_seeds.next())) {}

Reveal PracticeSession::answer(const QString& guess) {
    Reveal r = revealPractice(m_question, guess);
    if (!m_answered) {
        m_score.record(r.correct);
        m_answered = true;
    }
    return r;
}

void PracticeSession::next() {
    if (!m_answered) {
        m_score.record(false);
    }
    m_question = practiceQuestion(m_seeds.next());
    m_answered = false;
}

}  // namespace ringscope::lesson
