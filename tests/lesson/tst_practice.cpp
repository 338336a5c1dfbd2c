// Interview practice: over many seeds every question is answerable and its answer agrees with
// a computation written out here from the definitions (seed 000's ring walk and SHA-256 HRW,
// Lamping & Veach's jump with a bucket table, hash % N); the same seed gives the same
// questions; the session keeps its score.
#include <QRegularExpression>
#include <QTest>

#include <map>
#include <set>

#include "algorithms/jump/jump.h"
#include "algorithms/jump/jumpplacement.h"
#include "algorithms/rendezvous/rendezvousplacement.h"
#include "lessontestutil.h"
#include "practice.h"
#include "ringscope/hash.h"

using namespace ringscope;
using namespace ringscope::lesson;
using namespace ringscope::lesson::test;
using namespace Qt::StringLiterals;

namespace {

constexpr uint64_t kSeeds = 600;

// Seed 000's Ring.replicas(): sorted (position, node), the first token at or after the key,
// then distinct physical nodes clockwise.
std::vector<std::string> ringOwners(const Scenario& s, uint64_t position) {
    std::vector<std::pair<uint64_t, std::string>> tokens;
    for (const NodeSpec& n : s.nodes) {
        for (const uint64_t t : n.tokens) {
            tokens.emplace_back(t, n.id);
        }
    }
    std::sort(tokens.begin(), tokens.end());
    size_t start = 0;
    while (start < tokens.size() && tokens[start].first < position) {
        ++start;
    }
    std::vector<std::string> owners;
    for (size_t step = 0; step < tokens.size() && owners.size() < size_t(s.replicas); ++step) {
        const std::string& node = tokens[(start + step) % tokens.size()].second;
        if (std::find(owners.begin(), owners.end(), node) == owners.end()) {
            owners.push_back(node);
        }
    }
    return owners;
}

std::string hrwWinner(const std::string& key, const Scenario& s) {
    std::string best;
    Digest256 bestScore{};
    for (const NodeSpec& n : s.nodes) {
        const Digest256 score = sha256Digest(hrwEncode(key, n.id));
        if (best.empty() || score > bestScore || (score == bestScore && n.id > best)) {
            best = n.id;
            bestScore = score;
        }
    }
    return best;
}

// The node that owns a key's bucket: jump hash over the bucket table, or hash % N.
std::string bucketOwner(const Scenario& s, const std::string& key) {
    const uint64_t h = *hashKey(s.keyHash, key);
    const size_t n = s.nodes.size();
    if (s.algorithm == Algorithm::ModN) {
        return s.nodes[h % n].id;
    }
    const auto b = size_t(jumpHash(h, int32_t(n)));
    return s
        .nodes[s.params.get<JumpParams>().buckets.empty() ? b
                                                          : s.params.get<JumpParams>().buckets[b]]
        .id;
}

std::vector<std::string> keyNames(const Scenario& s) {
    return generateKeys(s.keys).names.toVector();
}

// The primary owner of every key, by the definitions above.
std::vector<std::string> primaries(const Scenario& s) {
    std::vector<std::string> out;
    for (const std::string& key : keyNames(s)) {
        switch (s.algorithm) {
            case Algorithm::Ring:
                out.push_back(ringOwners(s, std::stoull(key) % s.space)[0]);
                break;
            case Algorithm::Rendezvous:
                out.push_back(hrwWinner(key, s));
                break;
            case Algorithm::Jump:
            case Algorithm::ModN:
                out.push_back(bucketOwner(s, key));
                break;
            case Algorithm::WeightedRendezvous:
            case Algorithm::NaiveDivRendezvous:
            case Algorithm::NaiveMulRendezvous:
                qFatal("practice draws no weighted rendezvous");
            case Algorithm::JumpBack:
            case Algorithm::MultiProbe:
            case Algorithm::Anchor:
            case Algorithm::Memento:
            case Algorithm::Dx:
                qFatal("practice draws no question on the research algorithms");
            case Algorithm::Maglev:
            case Algorithm::RedisCluster:
            case Algorithm::Elasticsearch:
            case Algorithm::Mcrouter:
                qFatal("practice draws no production profile");
        }
    }
    return out;
}

uint64_t movedKeys(const PracticeQuestion& q) {
    const auto a = primaries(q.before);
    const auto b = primaries(q.after);
    uint64_t moved = 0;
    for (size_t k = 0; k < a.size(); ++k) {
        moved += a[k] != b[k];
    }
    return moved;
}

// The answer by the definitions, as the text a learner would type.
QString expectedAnswer(const PracticeQuestion& q) {
    const std::string key = q.keys.empty() ? std::string() : q.keys[0];
    const std::string_view kind = q.kind;
    if (kind == "ring-join" || kind == "ring-leave" || kind == "jump-removal" ||
        kind == "modn-grow") {
        return QString::number(movedKeys(q));
    }
    if (kind == "ring-owner-after-join") {
        return QString::fromStdString(ringOwners(q.after, std::stoull(key))[0]);
    }
    if (kind == "backup-after-join") {
        return QString::fromStdString(ringOwners(q.after, std::stoull(key))[1]);
    }
    if (kind == "hrw-winner" || kind == "hrw-owner-after-join") {
        return QString::fromStdString(hrwWinner(key, q.after));
    }
    if (kind == "jump-owner-after-removal") {
        return QString::fromStdString(bucketOwner(q.after, key));
    }
    qFatal("a practice kind this suite does not know");
    return {};
}

}  // namespace

class TestPractice : public QObject {
    Q_OBJECT
private slots:
    // The kinds, registered from their modules' folders, in the order a seed draws among them:
    // the order is fixed, so a seed asks the same question in every build.
    void kindsInTheirOrder() {
        std::vector<std::string_view> names;
        for (const PracticeKind& kind : practiceKinds()) {
            names.push_back(kind.name);
        }
        const std::vector<std::string_view> expected{"ring-join",
                                                     "ring-leave",
                                                     "ring-owner-after-join",
                                                     "backup-after-join",
                                                     "hrw-winner",
                                                     "hrw-owner-after-join",
                                                     "jump-removal",
                                                     "jump-owner-after-removal",
                                                     "modn-grow"};
        QCOMPARE(names, expected);
    }

    void sameSeedSameQuestion() {
        for (uint64_t seed : {0ull, 1ull, 42ull, 0xdeadbeefull}) {
            const PracticeQuestion a = practiceQuestion(seed);
            const PracticeQuestion b = practiceQuestion(seed);
            QCOMPARE(a.kind, b.kind);
            QCOMPARE(a.prompt.en, b.prompt.en);
            QCOMPARE(a.prompt.ja, b.prompt.ja);
            QVERIFY(a.before == b.before && a.after == b.after);
        }
        std::set<QString> prompts;
        for (uint64_t seed = 0; seed < 50; ++seed) {
            prompts.insert(practiceQuestion(seed).prompt.en);
        }
        QVERIFY(prompts.size() > 45);  // seeds differ
    }

    // The texts come from resources/phrases.json with the generator's values filled in: none is
    // left unfilled (%1) in either language, and lists take each language's separator.
    void textsAreFilledInEachLanguage() {
        std::set<std::string_view> kinds;
        for (uint64_t seed = 0; seed < kSeeds; ++seed) {
            const PracticeQuestion q = practiceQuestion(seed);
            kinds.insert(q.kind);
            const Reveal r = revealPractice(q, QString());
            for (const Language language : kLanguages) {
                for (const QString& text : {q.prompt.in(language), q.question.prompt.in(language),
                                            q.question.reveal.in(language)}) {
                    QVERIFY2(!text.contains(QRegularExpression(u"%\\d"_s)), qPrintable(text));
                    QVERIFY2(!text.trimmed().isEmpty(), qPrintable(text));
                }
            }
            QVERIFY2(!q.prompt.en.contains(u'、'), qPrintable(q.prompt.en));
            QVERIFY2(!q.prompt.ja.contains(u"A, B"_s) && !q.prompt.ja.contains(u", B@"_s),
                     qPrintable(q.prompt.ja));
            QVERIFY(!r.explanation.en.isEmpty() && !r.explanation.ja.isEmpty());
            QVERIFY2(!r.explanation.ja.contains(QRegularExpression(u"%\\d"_s)),
                     qPrintable(r.explanation.ja));
        }
        QCOMPARE(kinds.size(), practiceKinds().size());
    }

    // Pinned: the generator's draws are SplitMix64's, the same on every platform.
    void pinnedDraw() {
        const PracticeQuestion q = practiceQuestion(1);
        QCOMPARE(
            q.prompt.en,
            u"Rendezvous hashing over A, B, C, D, E: key-97 is on C. F joins. Who owns key-97 now?"_s);
        QCOMPARE(q.answer.truth.text, hrwWinner("key-97", q.after));
        QCOMPARE(q.answer.truth.text, std::string("C"));  // the old winner keeps it
    }

    void answersCheckOut() {
        std::map<std::string_view, size_t> kinds;
        for (uint64_t seed = 0; seed < kSeeds; ++seed) {
            const PracticeQuestion q = practiceQuestion(seed);
            const QString where = QString::fromLatin1(q.kind.data(), qsizetype(q.kind.size())) +
                                  u" seed "_s + QString::number(seed);
            ++kinds[q.kind];
            // Answerable: a prompt in both languages with every placeholder filled in, the
            // right answer among the options, a count no larger than the key count.
            for (const Language language : kLanguages) {
                QVERIFY2(!q.prompt.in(language).isEmpty() && !q.prompt.in(language).contains(u'{'),
                         qPrintable(where));
            }
            const QString truth = q.answer.kind == AnswerKind::Number
                                      ? QString::number(q.answer.truth.count)
                                      : QString::fromStdString(q.answer.truth.text);
            if (q.answer.kind == AnswerKind::Node) {
                QVERIFY2(std::find(q.options.begin(), q.options.end(), q.answer.truth.text) !=
                             q.options.end(),
                         qPrintable(where));
            } else {
                QVERIFY2(q.answer.truth.count <= keyNames(q.before).size(), qPrintable(where));
                QVERIFY2(q.answer.ideal.has_value(), qPrintable(where));
            }
            // The core's answer is the definitions' answer.
            QCOMPARE(truth, expectedAnswer(q));
            // The prompt writes only setup numbers (token positions, node and key counts).
            const Scenario* about[] = {&q.before, &q.after};
            for (const Language language : kLanguages) {
                const NumeralRules rules =
                    numeralRules({about[0], about[1]}, {q.question.prompt.in(language)}, q.keys);
                QCOMPARE(errorOf([&] { checkNumerals(q.question.prompt.in(language), rules); }),
                         QString());
            }
            // The reveal shows the truth and judges a guess.
            const Reveal right = revealPractice(q, truth);
            QVERIFY(right.correct);
            QVERIFY(!right.explanation.en.isEmpty() && !right.explanation.ja.isEmpty());
            QVERIFY(!revealPractice(q, truth + u"0"_s).correct);
            // HRW: a join never moves a key between the old nodes.
            if (q.kind == "hrw-owner-after-join") {
                const std::string old = hrwWinner(q.keys[0], q.before);
                QVERIFY(q.answer.truth.text == old ||
                        q.answer.truth.text == q.after.nodes.back().id);
            }
        }
        QCOMPARE(kinds.size(), practiceKinds().size());  // every kind is drawn
        for (const auto& [kind, n] : kinds) {
            QVERIFY2(n >= kSeeds / practiceKinds().size() / 2, std::string(kind).c_str());
        }
    }

    void score_data() {
        QTest::addColumn<QString>("answers");  // r = right, w = wrong
        QTest::addColumn<int>("correct");
        QTest::addColumn<int>("streak");
        QTest::addColumn<int>("best");
        QTest::newRow("none") << QString() << 0 << 0 << 0;
        QTest::newRow("all right") << u"rrr"_s << 3 << 3 << 3;
        QTest::newRow("broken streak") << u"rrwr"_s << 3 << 1 << 2;
        QTest::newRow("ends wrong") << u"rrrw"_s << 3 << 0 << 3;
    }
    void score() {
        QFETCH(QString, answers);
        QFETCH(int, correct);
        QFETCH(int, streak);
        QFETCH(int, best);
        PracticeScore s;
        for (const QChar c : answers) {
            s.record(c == u'r');
        }
        QCOMPARE(s.asked, size_t(answers.size()));
        QCOMPARE(s.correct, size_t(correct));
        QCOMPARE(s.streak, size_t(streak));
        QCOMPARE(s.bestStreak, size_t(best));
    }

    void session() {
        PracticeSession a(7), b(7);
        std::vector<QString> prompts;
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(a.question().prompt.en, b.question().prompt.en);  // deterministic
            prompts.push_back(a.question().prompt.en);
            a.next();
            b.next();
        }
        QVERIFY(std::set<QString>(prompts.begin(), prompts.end()).size() == prompts.size());
        QCOMPARE(a.score().asked, size_t(5));  // unanswered questions count as wrong
        QCOMPARE(a.score().correct, size_t(0));

        PracticeSession s(11);
        const auto truthOf = [&] {
            const Answer& t = s.question().answer;
            return t.kind == AnswerKind::Number ? QString::number(t.truth.count)
                                                : QString::fromStdString(t.truth.text);
        };
        QVERIFY(s.answer(truthOf()).correct);
        QVERIFY(s.answered());
        QVERIFY(!s.answer(u"nonsense"_s).correct);  // a second answer shows, but does not count
        QCOMPARE(s.score().asked, size_t(1));
        QCOMPARE(s.score().correct, size_t(1));
        QCOMPARE(s.score().streak, size_t(1));
        s.next();
        QVERIFY(!s.answered());
        QVERIFY(s.answer(truthOf()).correct);
        QCOMPARE(s.score().streak, size_t(2));
        s.next();
        QVERIFY(!s.answer(truthOf() + u"0"_s).correct);
        QCOMPARE(s.score().asked, size_t(3));
        QCOMPARE(s.score().correct, size_t(2));
        QCOMPARE(s.score().streak, size_t(0));
        QCOMPARE(s.score().bestStreak, size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestPractice)
#include "tst_practice.moc"
