#include "practice.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

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
        out += (out.isEmpty()                   ? QString()
                : language == Language::English ? u", "_s
                                                : u"、"_s) +
               item;
    }
    return out;
}

Text both(const QString& en, const QString& ja) {
    return Text{en, ja};
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
            const Text setup = both(
                u"A 0–99 ring: %1; keys 0–99. %2 joins at %3."_s.arg(
                    listOf(r.tokens, Language::English), r.joiner, QString::number(r.joinAt)),
                u"0〜99 のリング：%1、キーは 0〜99。%2 が %3 に加わります。"_s.arg(
                    listOf(r.tokens, Language::Japanese), r.joiner, QString::number(r.joinAt)));
            if (kind == PracticeKind::RingJoin) {
                askMoved(
                    q,
                    both(setup.en + u" How many of the {keys} keys change owner?"_s,
                         setup.ja + u"{keys} 個のキーのうち、持ち主が変わるのは何個？"_s),
                    both(
                        u"{moved} keys ({movedRange}) move, all to %1: the arc it cuts from the node after it. A fair share for a new node would be {idealKeys}."_s
                            .arg(r.joiner),
                        u"{moved} 個（{movedRange}）が動き、すべて %1 へ移ります。%1 が次のノードから切り取った区間です。新しいノードの公平な分担なら {idealKeys} 個です。"_s
                            .arg(r.joiner)));
            } else {
                const QString k = key(draw.below(kRingSpace), false);
                askNode(
                    p, "owner", k,
                    both(setup.en + u" Which node owns key %1 now?"_s.arg(k),
                         setup.ja + u"いま、キー %1 を持つノードは？"_s.arg(k)),
                    both(
                        u"{owner:%1}: a key belongs to the first token at or after it, wrapping past 99 to the lowest token."_s
                            .arg(k),
                        u"{owner:%1} です。キーは、その位置以上で最初のトークンに属します。99 を越えると最小のトークンに戻ります。"_s
                            .arg(k)));
            }
            return;
        }
        case PracticeKind::RingLeave: {
            const SmallRing r = smallRing(draw);
            p.before = r.scenario;
            const QString leaving = id(draw.below(r.tokens.size()));
            q.change = {removeNode(leaving)};
            askMoved(
                q,
                both(
                    u"A 0–99 ring: %1; keys 0–99. %2 leaves. How many of the {keys} keys change owner?"_s
                        .arg(listOf(r.tokens, Language::English), leaving),
                    u"0〜99 のリング：%1、キーは 0〜99。%2 が抜けると、{keys} 個のキーのうち持ち主が変わるのは何個？"_s
                        .arg(listOf(r.tokens, Language::Japanese), leaving)),
                both(
                    u"{moved} keys ({movedRange}): exactly the ones %1 held, all to the node after it. An even share would have been {idealKeys}."_s
                        .arg(leaving),
                    u"{moved} 個（{movedRange}）。%1 が持っていたキーだけが、すべて次のノードへ移ります。均等なら {idealKeys} 個でした。"_s
                        .arg(leaving)));
            return;
        }
        case PracticeKind::BackupAfterJoin: {
            const SmallRing r = smallRing(draw, 2);
            p.before = r.scenario;
            q.change = {addNode(r.joiner, r.joinAt)};
            const QString k = key(draw.below(kRingSpace), false);
            askNode(
                p, "backup", k,
                both(
                    u"A 0–99 ring with 2 replicas: %1. Key %2 is on {owners:%2}. %3 joins at %4. Which node holds key %2's backup now?"_s
                        .arg(listOf(r.tokens, Language::English), k, r.joiner,
                             QString::number(r.joinAt)),
                    u"レプリカ 2 の 0〜99 のリング：%1。キー %2 は {owners:%2} にあります。%3 が %4 に加わると、キー %2 のバックアップを持つのは？"_s
                        .arg(listOf(r.tokens, Language::Japanese), k, r.joiner,
                             QString::number(r.joinAt))),
                both(
                    u"{owners:%1}: walk clockwise from key %1 and take the first 2 distinct nodes. {replicaOnly} keys changed only a replica."_s
                        .arg(k),
                    u"{owners:%1} です。キー %1 から時計回りに進み、異なるノードを 2 つ取ります。レプリカだけが変わったキーは {replicaOnly} 個です。"_s
                        .arg(k)));
            return;
        }
        case PracticeKind::HrwWinner:
        case PracticeKind::HrwOwnerAfterJoin: {
            const size_t n = draw.between(kMinNodes, kMaxNodes);
            p.before = scenarioFromObject(
                scenarioObject("rendezvous", plainNodes(n), namedKeys(kHrwKeys)));
            const QString k = key(draw.below(kHrwKeys), true);
            std::vector<QString> ids;
            QString scores;
            for (size_t i = 0; i < n; ++i) {
                ids.push_back(id(i));
                scores += u" %1 {hrwScore:%1,%2}"_s.arg(id(i), k);
            }
            if (kind == PracticeKind::HrwWinner) {
                askNode(
                    p, "hrwWinner", k,
                    both(
                        u"Rendezvous hashing over %1, scored with SHA-256 as in the essay. Which node wins %2?"_s
                            .arg(listOf(ids, Language::English), k),
                        u"%1 のランデブーハッシュ（エッセイと同じ SHA-256 のスコア）。%2 を勝ち取るノードは？"_s
                            .arg(listOf(ids, Language::Japanese), k)),
                    both(
                        u"{hrwWinner:%1}, with the largest score. Scores begin:%2. No one can tell without hashing; what you can tell is that the winner never changes unless it leaves or a newcomer beats it."_s
                            .arg(k, scores),
                        u"最大のスコアを持つ {hrwWinner:%1} です。スコアの先頭は:%2。ハッシュを計算しなければ誰にも分かりませんが、勝者が抜けるか新しいノードに負けない限り、勝者は変わりません。"_s
                            .arg(k, scores)));
            } else {
                q.change = {addNode(id(n))};
                askNode(
                    p, "owner", k,
                    both(
                        u"Rendezvous hashing over %1: %2 is on {owner:%2}. %3 joins. Who owns %2 now?"_s
                            .arg(listOf(ids, Language::English), k, id(n)),
                        u"%1 のランデブーハッシュで、%2 は {owner:%2} にあります。%3 が加わると、%2 の持ち主は？"_s
                            .arg(listOf(ids, Language::Japanese), k, id(n))),
                    both(
                        u"{owner:%1}: the old scores do not change, so %1 either stays or goes to %2. In all {moved} of {keys} keys moved, all to %2 ({movedTo:%2}); a fair share is {idealKeys}."_s
                            .arg(k, id(n)),
                        u"{owner:%1} です。古いスコアは変わらないので、%1 は留まるか %2 へ移るかのどちらかです。全体では {keys} 個中 {moved} 個が動き、すべて %2 へ（{movedTo:%2} 個）。公平な分担は {idealKeys} 個です。"_s
                            .arg(k, id(n))));
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
            const QString last = id(n - 1);
            const bool renumber = mode == JumpRemoval::Renumber;
            const Text setup =
                renumber
                    ? both(
                          u"Jump hash with nodes %1 in buckets in that order. %2 leaves and the buckets are renumbered."_s
                              .arg(listOf(ids, Language::English), leaving),
                          u"ジャンプハッシュ：ノード %1 がこの順にバケットに入っています。%2 が抜け、バケットを詰めて番号を振り直します。"_s
                              .arg(listOf(ids, Language::Japanese), leaving))
                    : both(
                          u"Jump hash with nodes %1 in buckets in that order. %2 leaves and %3, in the last bucket, takes its bucket."_s
                              .arg(listOf(ids, Language::English), leaving, last),
                          u"ジャンプハッシュ：ノード %1 がこの順にバケットに入っています。%2 が抜け、最後のバケットの %3 がその場所に移ります。"_s
                              .arg(listOf(ids, Language::Japanese), leaving, last));
            if (kind == PracticeKind::JumpRemoval) {
                const Text why =
                    renumber
                        ? both(
                              u"every node after %1 moved down a bucket and took on that bucket's keys."_s
                                  .arg(leaving),
                              u"%1 より後ろのノードがすべて一つ前のバケットに移り、そのバケットのキーを受け持つためです。"_s
                                  .arg(leaving))
                        : both(u"only %1's keys and the last bucket's moved."_s.arg(leaving),
                               u"動いたのは %1 のキーと、最後のバケットのキーだけです。"_s.arg(
                                   leaving));
                askMoved(
                    q,
                    both(setup.en + u" How many of the {keys} keys change node?"_s,
                         setup.ja + u"{keys} 個のキーのうち、ノードが変わるのは何個？"_s),
                    both(u"{moved} ({movedPercent}), against an ideal {idealKeys}: "_s + why.en,
                         u"{moved} 個（{movedPercent}）、理想は {idealKeys} 個。"_s + why.ja));
            } else {
                const QString k = key(draw.below(kJumpKeys), true);
                askNode(
                    p, "owner", k,
                    both(
                        setup.en +
                            u" %1 was in bucket {jumpBucket:%1}, on {owner:%1}. Who owns it now?"_s
                                .arg(k),
                        setup.ja +
                            u"%1 はバケット {jumpBucket:%1} の {owner:%1} にありました。いまの持ち主は？"_s
                                .arg(k)),
                    both(
                        u"{owner:%1}, now in bucket {jumpBucket:%1}. In all {moved} of {keys} keys changed node, against an ideal {idealKeys}."_s
                            .arg(k),
                        u"{owner:%1} です。いまはバケット {jumpBucket:%1} にあります。全体では {keys} 個中 {moved} 個のノードが変わりました。理想は {idealKeys} 個です。"_s
                            .arg(k)));
            }
            return;
        }
        case PracticeKind::ModNGrow: {
            const size_t n = draw.between(2, kMaxNodes);
            p.before = scenarioFromObject(scenarioObject("modn", plainNodes(n), numberKeys()));
            q.change = {addNode(id(n))};
            askMoved(
                q,
                both(
                    u"`hash % N` with %1 buckets; keys 0–99 are their own hashes. A node joins, so %2 buckets. How many of the {keys} keys change bucket?"_s
                        .arg(n)
                        .arg(n + 1),
                    u"バケット %1 個の `hash % N`。キー 0〜99 はそのままハッシュ値です。ノードが加わりバケットが %2 個になると、{keys} 個のキーのうちバケットが変わるのは何個？"_s
                        .arg(n)
                        .arg(n + 1)),
                both(
                    u"{moved} ({movedPercent}), where a fair share for the new bucket is {idealKeys}: about `N/(N+1)` of all keys change their remainder."_s,
                    u"{moved} 個（{movedPercent}）。新しいバケットの公平な分担は {idealKeys} 個です。剰余が変わるキーはおよそ `N/(N+1)` にのぼります。"_s));
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
