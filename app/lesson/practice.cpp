#include "practice.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

#include "lessonjson.h"
#include "narration.h"
#include "practicekit.h"
#include "ringscope/selfregistry.h"

using namespace Qt::StringLiterals;

namespace ringscope::lesson {

// ---- The kit (practicekit.h) ------------------------------------------------------------------

std::vector<uint64_t> PracticeDraw::positions(size_t count) {
    std::vector<uint64_t> out;
    while (out.size() < count) {
        const uint64_t p = m_rng.below(kPracticeSpace);
        if (std::find(out.begin(), out.end(), p) == out.end()) {
            out.push_back(p);
        }
    }
    return out;
}

QString practiceNodeId(size_t node) {
    return QString(QChar(u'A' + static_cast<char16_t>(node)));
}

QString practiceKey(size_t k, bool named) {
    return named ? u"key-%1"_s.arg(k) : QString::number(k);
}

QString PhraseArg::in(Language language) const {
    if (!m_list) {
        return m_text;
    }
    QString out;
    for (const QString& item : *m_list) {
        out += (out.isEmpty() ? QString() : phrase("list-separator").in(language)) + item;
    }
    return out;
}

Text say(std::string_view name, std::initializer_list<PhraseArg> args) {
    const Text& text = phrase(name);
    Text out;
    for (const Language language : kLanguages) {
        QString filled = text.in(language);
        for (const PhraseArg& arg : args) {
            filled = filled.arg(arg.in(language));
        }
        out.in(language) = filled;
    }
    return out;
}

Text then(const Text& first, const Text& next) {
    Text out;
    for (const Language language : kLanguages) {
        out.in(language) = first.in(language) + next.in(language);
    }
    return out;
}

QJsonObject practiceNumberKeys() {
    return {{u"pattern"_s, u"{i}"_s}, {u"count"_s, static_cast<qint64>(kPracticeSpace)}};
}

QJsonObject practiceScenario(const char* algorithm, const QJsonArray& nodes,
                             const QJsonObject& keys, int replicas) {
    QJsonObject o{{u"format"_s, u"ringscope/1"_s},
                  {u"algorithm"_s, QString::fromLatin1(algorithm)},
                  {u"replicas"_s, replicas},
                  {u"nodes"_s, nodes},
                  {u"keys"_s, keys}};
    // Keys that are the numbers 0-99 (practiceNumberKeys) are their own positions on the
    // teaching ring.
    if (keys[u"pattern"_s] == practiceNumberKeys()[u"pattern"_s]) {
        o[u"space"_s] = static_cast<qint64>(kPracticeSpace);
        o[u"keyHash"_s] = u"identity"_s;
    } else {
        o[u"keyHash"_s] = u"xxh64"_s;
    }
    return o;
}

QJsonObject practiceNamedKeys(uint64_t count) {
    return {{u"pattern"_s, u"key-{i}"_s}, {u"count"_s, static_cast<qint64>(count)}};
}

QJsonArray practicePlainNodes(size_t count) {
    QJsonArray nodes;
    for (size_t n = 0; n < count; ++n) {
        nodes.append(QJsonObject{{u"id"_s, practiceNodeId(n)}});
    }
    return nodes;
}

Edit practiceAddNode(const QString& node, std::optional<uint64_t> token) {
    Edit e;
    e.op = EditOp::AddNode;
    e.fields = {{u"id"_s, node}};
    if (token) {
        e.fields[u"tokens"_s] = QJsonArray{static_cast<qint64>(*token)};
    }
    return e;
}

Edit practiceRemoveNode(const QString& node, std::optional<RemovalMode> removal) {
    Edit e;
    e.op = EditOp::RemoveNode;
    e.node = node.toStdString();
    e.removal = std::move(removal);
    return e;
}

void askMoved(Question& q, Text prompt, Text reveal) {
    q.kind = AnswerKind::Number;
    q.prompt = std::move(prompt);
    q.answer = "moved";
    q.ideal = "idealKeys";
    q.reveal = std::move(reveal);
}

void askNode(PracticeQuestion& p, std::string_view term, const QString& key, Text prompt,
             Text reveal) {
    p.question.kind = AnswerKind::Node;
    p.question.prompt = std::move(prompt);
    p.question.answer = std::string(term) + ":" + key.toStdString();
    p.question.reveal = std::move(reveal);
    p.keys = {key.toStdString()};
}

// ---- The kinds ----------------------------------------------------------------------------------

namespace {

using Kinds = SelfRegistry<PracticeKind>;

// A small ring in 0-99, one token per node: "A@23, B@58, C@81".
struct SmallRing {
    Scenario scenario;
    std::vector<QString> tokens;  // "A@23", ...
    QString joiner;               // the next node's id
    uint64_t joinAt = 0;          // a free position for it
};

SmallRing smallRing(PracticeDraw& draw, int replicas = 1) {
    const size_t n = draw.between(kPracticeMinNodes, kPracticeMaxNodes);
    std::vector<uint64_t> at = draw.positions(n + 1);
    std::sort(at.begin(), at.begin() + static_cast<std::ptrdiff_t>(n));  // A, B, C clockwise
    SmallRing r;
    QJsonArray nodes;
    for (size_t i = 0; i < n; ++i) {
        nodes.append(QJsonObject{{u"id"_s, practiceNodeId(i)},
                                 {u"tokens"_s, QJsonArray{static_cast<qint64>(at[i])}}});
        r.tokens.push_back(practiceNodeId(i) + u'@' + QString::number(at[i]));
    }
    r.scenario =
        scenarioFromObject(practiceScenario("ring", nodes, practiceNumberKeys(), replicas));
    r.joiner = practiceNodeId(n);
    r.joinAt = at[n];
    return r;
}

// The ring's kinds: how many keys move when a node joins or leaves a 0-99 ring, which node owns
// key k after a node joins, and with R = 2 which node is its backup.
const PracticeKindRegistration kRingJoin{
    {"ring-join", 0, [](PracticeDraw& draw, PracticeQuestion& p) {
         const SmallRing r = smallRing(draw);
         p.before = r.scenario;
         p.question.change = {practiceAddNode(r.joiner, r.joinAt)};
         askMoved(
             p.question,
             then(say("ring.setup", {r.tokens, r.joiner, size_t(r.joinAt)}), say("ring-join.ask")),
             say("ring-join.reveal", {r.joiner}));
     }}};
const PracticeKindRegistration kRingLeave{
    {"ring-leave", 1, [](PracticeDraw& draw, PracticeQuestion& p) {
         const SmallRing r = smallRing(draw);
         p.before = r.scenario;
         const QString leaving = practiceNodeId(draw.below(r.tokens.size()));
         p.question.change = {practiceRemoveNode(leaving)};
         askMoved(p.question, say("ring-leave.ask", {r.tokens, leaving}),
                  say("ring-leave.reveal", {leaving}));
     }}};
const PracticeKindRegistration kRingOwner{
    {"ring-owner-after-join", 2, [](PracticeDraw& draw, PracticeQuestion& p) {
         const SmallRing r = smallRing(draw);
         p.before = r.scenario;
         p.question.change = {practiceAddNode(r.joiner, r.joinAt)};
         const QString k = practiceKey(draw.below(kPracticeSpace), false);
         askNode(p, "owner", k,
                 then(say("ring.setup", {r.tokens, r.joiner, size_t(r.joinAt)}),
                      say("ring-owner-after-join.ask", {k})),
                 say("ring-owner-after-join.reveal", {k}));
     }}};
const PracticeKindRegistration kBackup{
    {"backup-after-join", 3, [](PracticeDraw& draw, PracticeQuestion& p) {
         const SmallRing r = smallRing(draw, 2);
         p.before = r.scenario;
         p.question.change = {practiceAddNode(r.joiner, r.joinAt)};
         const QString k = practiceKey(draw.below(kPracticeSpace), false);
         askNode(p, "backup", k,
                 say("backup-after-join.ask", {r.tokens, k, r.joiner, size_t(r.joinAt)}),
                 say("backup-after-join.reveal", {k}));
     }}};

}  // namespace

PracticeKindRegistration::PracticeKindRegistration(const PracticeKind& kind) {
    Kinds::add(
        kind, [](const PracticeKind& a, const PracticeKind& b) { return a.order < b.order; },
        [](const PracticeKind& a, const PracticeKind& b) {
            return a.name == b.name || a.order == b.order;
        },
        "practice kind", kind.name);
}

const std::vector<PracticeKind>& practiceKinds() {
    return Kinds::entries();
}

PracticeQuestion practiceQuestion(uint64_t seed) {
    PracticeDraw draw(seed);
    PracticeQuestion p;
    p.seed = seed;
    const std::vector<PracticeKind>& kinds = practiceKinds();
    const PracticeKind& kind = kinds[draw.below(kinds.size())];
    p.kind = kind.name;
    kind.compose(draw, p);
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
