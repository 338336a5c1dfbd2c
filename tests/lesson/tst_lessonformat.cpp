// The lesson file format: a small lesson that loads, then one field at a time broken, each with
// the message that names the lesson, the step and the field; placeholders, numerals, edits, the
// question rule and a lesson run.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

#include "algorithms/jump/jump.h"
#include "algorithms/jump/jumpplacement.h"
#include "lessonjson.h"
#include "lessonrun.h"
#include "lessontestutil.h"
#include "question.h"
#include "ringscope/keyset.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;
using namespace ringscope::lesson;
using namespace ringscope::lesson::test;
using namespace Qt::StringLiterals;

namespace {

// Seed 000's ring; D@40 joins in a question; narration with placeholders in both languages.
QJsonObject baseLesson() {
    const QJsonObject join{
        {u"kind"_s, u"number"_s},
        {u"prompt"_s, text(u"D joins at 40. How many of the {keys} keys move?"_s,
                           u"D が 40 に加わると {keys} 個のうち何個が動く？"_s)},
        {u"change"_s,
         QJsonArray{QJsonObject{
             {u"op"_s, u"add-node"_s}, {u"id"_s, u"D"_s}, {u"tokens"_s, QJsonArray{40}}}}},
        {u"answer"_s, u"moved"_s},
        {u"ideal"_s, u"idealKeys"_s},
        {u"reveal"_s, text(u"{moved} moved: {movedRange}."_s, u"{moved} 個（{movedRange}）。"_s)}};
    const QJsonObject first{
        {u"id"_s, u"start"_s},
        {u"scenario"_s, seedRing()},
        {u"text"_s, text(u"A@20 holds {keysOf:A} keys."_s, u"A@20 は {keysOf:A} 個。"_s)},
        {u"highlight"_s, QJsonObject{{u"keys"_s, QJsonArray{u"20"_s}},
                                     {u"arcs"_s, QJsonArray{u"A"_s}},
                                     {u"tokens"_s, QJsonArray{u"A"_s}},
                                     {u"view"_s, u"ring"_s}}}};
    const QJsonObject second{{u"text"_s, text(u"D joins."_s, u"D が加わる。"_s)},
                             {u"question"_s, join},
                             {u"highlight"_s, QJsonObject{{u"keys"_s, u"moved"_s}}}};
    return {{u"format"_s, u"ringscope-lesson/1"_s},
            {u"title"_s, text(u"Test"_s, u"テスト"_s)},
            {u"steps"_s, QJsonArray{first, second}}};
}

// Sets (or, without "=", removes) the value at a path such as "steps/1/question/answer".
QJsonValue setAt(QJsonValue node, QStringList path, const std::optional<QJsonValue>& value) {
    const QString head = path.takeFirst();
    if (node.isArray()) {
        QJsonArray a = node.toArray();
        const qsizetype i = head.toInt();
        if (path.isEmpty()) {
            value ? void(a[i] = *value) : a.removeAt(i);
        } else {
            a[i] = setAt(a[i], path, value);
        }
        return a;
    }
    QJsonObject o = node.toObject();
    if (path.isEmpty()) {
        value ? void(o[head] = *value) : void(o.remove(head));
    } else {
        o[head] = setAt(o[head], path, value);
    }
    return o;
}

QByteArray mutated(const QStringList& edits) {
    QJsonValue lesson = baseLesson();
    for (const QString& edit : edits) {
        const qsizetype eq = edit.indexOf(u'=');
        const QString path = eq < 0 ? edit : edit.left(eq);
        std::optional<QJsonValue> value;
        if (eq >= 0) {
            const QByteArray json = "[" + edit.mid(eq + 1).toUtf8() + "]";
            value = QJsonDocument::fromJson(json).array().at(0);
        }
        lesson = setAt(lesson, path.split(u'/'), value);
    }
    return QJsonDocument(lesson.toObject()).toJson();
}

Lesson load(const QByteArray& json) {
    return lessonFromJson(json, u"bad"_s);
}

}  // namespace

class TestLessonFormat : public QObject {
    Q_OBJECT
private slots:
    void baseLessonLoads() {
        const Lesson lesson = load(mutated({}));
        QCOMPARE(lesson.name, u"bad"_s);
        QCOMPARE(lesson.title.ja, u"テスト"_s);
        QCOMPARE(lesson.steps.size(), size_t(2));
        const Step& first = lesson.steps[0];
        QCOMPARE(first.id, std::string("start"));
        QVERIFY(!first.baseline);
        QCOMPARE(first.highlight.keySelection, KeySelection::Listed);
        QCOMPARE(first.highlight.keys, std::vector<std::string>{"20"});
        QCOMPARE(first.highlight.view, std::optional<std::string>("ring"));
        const Step& second = lesson.steps[1];
        QVERIFY(second.scenario == first.scenario);  // no source: the previous step's scenario
        QVERIFY(second.baseline && *second.baseline == first.scenario);
        QCOMPARE(second.highlight.keySelection, KeySelection::Moved);
        QVERIFY(second.question && second.after);
        QCOMPARE(second.question->kind, AnswerKind::Number);
        QCOMPARE(nodeIds(*second.after), (std::vector<std::string>{"A", "B", "C", "D"}));
        QCOMPARE(explicitTokens(*second.after, "D"), std::vector<uint64_t>{40});
    }

    void japaneseFallsBackToEnglish() {
        const Lesson lesson = load(mutated({u"steps/0/text/ja"_s}));
        QCOMPARE(lesson.steps[0].text.ja, lesson.steps[0].text.en);
    }

    void badLesson_data() {
        QTest::addColumn<QStringList>("edits");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, QStringList edits, const QString& message) {
            QTest::newRow(name) << edits << message;
        };
        row("format", {u"format=\"ringscope-lesson/2\""_s},
            u"bad: format: a lesson file starts with \"format\": \"ringscope-lesson/1\""_s);
        row("title missing", {u"title/en"_s}, u"bad: title.en: missing"_s);
        row("top-level typo", {u"summery={}"_s},
            u"bad: summery: unknown field; did you mean \"summary\"? (known: format, title, summary, steps)"_s);
        row("no steps", {u"steps=[]"_s}, u"bad: steps: a lesson needs at least one step"_s);
        // A lesson's texts are prose: an escape in a title retitled the terminal, a CSI cleared it.
        row("escape in a title", {u"title/en=\"L\\u001b]0;x\\u0007\""_s},
            u"bad: title.en: the text \"L\\x1b]0;x\\x07\" holds a control character (only line "
            "breaks and tabs may stand in a text)"_s);
        row("C1 control in a step's Japanese text", {u"steps/0/text/ja=\"A\\u009b2J\""_s},
            u"bad: steps[0].text.ja: the text \"A\\u009b2J\" holds a control character"_s);
        row("first step without scenario", {u"steps/0/scenario"_s},
            u"bad: steps[0]: the first step needs a \"scenario\" or a \"preset\""_s);
        row("two sources", {u"steps/0/preset=\"seed000-ring\""_s},
            u"bad: steps[0]: give one of \"scenario\", \"preset\", or \"from\"/\"edit\""_s);
        row("unknown preset", {u"steps/0/scenario"_s, u"steps/0/preset=\"seed-000\""_s},
            u"bad: steps[0].preset: no preset \"seed-000\" (presets: cassandra-6x16-rf3, elasticsearch-index, envoy-maglev, envoy-ring-hash-weighted, groupcache-peers, guava-shards, haproxy-backend, kafka-topic, ketama-memcached-pool,"_s);
        row("bad inline scenario", {u"steps/0/scenario/nodes/1/tokens/0=120"_s},
            u"bad: steps[0].scenario.nodes[1] (B).tokens[0]: token 120 is outside the hash space [0, 100)"_s);
        row("step typo", {u"steps/0/hightlight={}"_s},
            u"bad: steps[0].hightlight: unknown field; did you mean \"highlight\"? (known: id, title, text, scenario, preset, from, edit, highlight, question)"_s);
        row("text missing", {u"steps/0/text"_s}, u"bad: steps[0].text: missing"_s);
        row("text not an object", {u"steps/0/text=\"hello\""_s},
            u"bad: steps[0].text: expected an object, got a string"_s);
        row("empty Japanese", {u"steps/0/text/ja=\"  \""_s},
            u"bad: steps[0].text.ja: the text is empty"_s);
        row("unknown edit", {u"steps/1/edit=[{\"op\": \"add-nod\"}]"_s},
            u"bad: steps[1].edit[0].op: unknown edit \"add-nod\" (one of: add-node, remove-node, move-token, set, set-node)"_s);
        row("edit names no node", {u"steps/1/edit=[{\"op\": \"remove-node\", \"node\": \"Q\"}]"_s},
            u"bad: steps[1].edit[0].node: no node \"Q\" here (nodes: A, B, C)"_s);
        row("move from no token",
            {u"steps/1/edit=[{\"op\": \"move-token\", \"node\": \"A\", \"from\": 21, \"to\": 30}]"_s},
            u"bad: steps[1].edit[0].from: node \"A\" has no explicit token at 21"_s);
        row("move from not a number",
            {u"steps/1/edit=[{\"op\": \"move-token\", \"node\": \"A\", \"from\": -1, \"to\": 30}]"_s},
            u"bad: steps[1].edit[0].from: expected a whole number >= 0, got -1"_s);
        // The lesson's values are read by the core's JSON readers, as a scenario's are: the same
        // wording, and positions from 2^53 on as decimal strings.
        row("move from a fraction",
            {u"steps/1/edit=[{\"op\": \"move-token\", \"node\": \"A\", \"from\": 1.5, \"to\": 30}]"_s},
            u"bad: steps[1].edit[0].from: expected a whole number >= 0, got 1.5"_s);
        row("move from a decimal string",
            {u"steps/1/edit=[{\"op\": \"move-token\", \"node\": \"A\", \"from\": \"21\", \"to\": 30}]"_s},
            u"bad: steps[1].edit[0].from: node \"A\" has no explicit token at 21"_s);
        row("title not a string", {u"title/en=5"_s},
            u"bad: title.en: expected a string, got a number"_s);
        row("jump mode not a string",
            {u"steps/1/edit=[{\"op\": \"remove-node\", \"node\": \"B\", \"jump\": true}]"_s},
            u"bad: steps[1].edit[0].jump: expected a string, got a boolean"_s);
        row("edit collides",
            {u"steps/1/edit=[{\"op\": \"add-node\", \"id\": \"D\", \"tokens\": [20]}]"_s},
            u"bad: steps[1].edit.nodes[3] (D).tokens[0]: token 20 of node \"D\" collides with node \"A\" at the same position"_s);
        row("set nodes", {u"steps/1/edit=[{\"op\": \"set\", \"nodes\": []}]"_s},
            u"bad: steps[1].edit[0].nodes: \"set\" cannot change this; use add-node, remove-node or set-node for nodes"_s);
        row("set unknown algorithm",
            {u"steps/1/edit=[{\"op\": \"set\", \"algorithm\": \"ringg\"}]"_s},
            u"bad: steps[1].edit[0].algorithm: unknown value \"ringg\" (one of: ring, rendezvous,"_s);
        row("set-node bad weight",
            {u"steps/1/edit=[{\"op\": \"set-node\", \"node\": \"B\", \"weight\": -1}]"_s},
            u"bad: steps[1].edit[0].nodes[1] (B).weight: weight must be a finite number greater than 0, not -1"_s);
        row("jump repair on a ring",
            {u"steps/1/edit=[{\"op\": \"remove-node\", \"node\": \"B\", \"jump\": \"move-last\"}]"_s},
            u"bad: steps[1].edit[0].jump: only a jump placement removes a node by \"move-last\"; this one is \"ring\""_s);
        row("unknown jump repair",
            {u"steps/1/edit=[{\"op\": \"remove-node\", \"node\": \"B\", \"jump\": \"last\"}]"_s},
            u"bad: steps[1].edit[0].jump: unknown value \"last\" (one of: renumber, move-last)"_s);
        row("from no step", {u"steps/1/from=\"begin\""_s},
            u"bad: steps[1].from: no earlier step has the id \"begin\""_s);
        row("from itself", {u"steps/1/id=\"join\""_s, u"steps/1/from=\"join\""_s},
            u"bad: steps[1].from: no earlier step has the id \"join\""_s);
        row("duplicate step id", {u"steps/1/id=\"start\""_s},
            u"bad: steps[1].id: another step already has the id \"start\""_s);
        row("unknown term", {u"steps/0/text/en=\"{mooved}\""_s},
            u"bad: steps[0].text.en: {mooved}: unknown term \"mooved\" (one of: keys, nodes,"_s);
        row("missing argument", {u"steps/0/text/en=\"{owner}\""_s},
            u"bad: steps[0].text.en: {owner}: write it as {owner:KEY}"_s);
        row("needless argument", {u"steps/0/text/en=\"{keys:7}\""_s},
            u"bad: steps[0].text.en: {keys:7}: \"keys\" takes no argument"_s);
        row("no such key", {u"steps/0/text/en=\"{owner:x}\""_s},
            u"bad: steps[0].text.en: {owner:x}: no key \"x\" among this scenario's keys"_s);
        row("no such node", {u"steps/0/text/en=\"{keysOf:Q}\""_s},
            u"bad: steps[0].text.en: {keysOf:Q}: no node \"Q\" in this scenario"_s);
        row("change in the first step", {u"steps/0/text/en=\"{moved}\""_s},
            u"bad: steps[0].text.en: {moved}: this step has no earlier scenario to compare with"_s);
        row("change in a prompt", {u"steps/1/question/prompt/en=\"{moved}?\""_s},
            u"bad: steps[1].question.prompt.en: {moved}: a question's prompt is read before its change, so it can speak only of the scenario as it is"_s);
        row("before on a change", {u"steps/1/text/en=\"{before.moved}\""_s},
            u"bad: steps[1].text.en: {before.moved}: \"before.\" goes with terms about one scenario, not with \"moved\""_s);
        row("no backup", {u"steps/0/text/en=\"{backup:10}\""_s},
            u"bad: steps[0].text.en: {backup:10}: with one replica a key has no backup"_s);
        row("unknown algorithm", {u"steps/1/text/en=\"{movedUnder:ringg}\""_s},
            u"bad: steps[1].text.en: {movedUnder:ringg}: unknown algorithm \"ringg\""_s);
        row("arcs off the ring",
            {u"steps/1/edit=[{\"op\": \"set\", \"algorithm\": \"rendezvous\"}]"_s,
             u"steps/1/text/en=\"{arcOf:A}\""_s},
            u"bad: steps[1].text.en: {arcOf:A}: the scenario is not a ring, so it has no tokens or arcs"_s);
        row("different keys",
            {u"steps/1/edit=[{\"op\": \"set\", \"keys\": {\"count\": 50}}]"_s,
             u"steps/1/text/en=\"{moved}\""_s},
            u"bad: steps[1].text.en: {moved}: the two scenarios hold different keys"_s);
        row("unclosed brace", {u"steps/0/text/en=\"{keys\""_s},
            u"bad: steps[0].text.en: a \"{\" at character 1 is not closed (write \"{{\" for a brace)"_s);
        row("stray brace", {u"steps/0/text/en=\"keys}\""_s},
            u"bad: steps[0].text.en: a \"}\" at character 5 closes nothing (write \"}}\" for a brace)"_s);
        row("typed result", {u"steps/1/question/reveal/en=\"{moved} moved, not 25.\""_s},
            u"bad: steps[1].question.reveal.en: the number 25 is neither a placeholder nor part of this step's setup"_s);
        row("typed count", {u"steps/1/question/reveal/en=\"{moved}, that is 20 keys.\""_s},
            u"bad: steps[1].question.reveal.en: 20 is written as a count, but the setup has no such count (of keys, nodes, vnodes or replicas)"_s);
        row("typed percentage", {u"steps/1/question/reveal/en=\"{moved} moved: 20 %.\""_s},
            u"bad: steps[1].question.reveal.en: 20%: a percentage is a result; write it as a placeholder such as {movedPercent}"_s);
        row("wrong token", {u"steps/0/text/en=\"A@25 holds {keysOf:A} keys.\""_s},
            u"bad: steps[0].text.en: A@25: node \"A\" has no token at 25 in this step's scenario"_s);
        row("token of no node", {u"steps/0/text/en=\"Q@20 holds {keysOf:A} keys.\""_s},
            u"bad: steps[0].text.en: \"@20\" follows no node of this step's scenario"_s);
        row("number in code", {u"steps/0/text/en=\"`25` and {keysOf:A}\""_s},
            u"bad: steps[0].text.en: `25` is a number, not a formula"_s);
        row("languages disagree", {u"steps/0/text/ja=\"A@20。\""_s},
            u"bad: steps[0].text.ja: the English and Japanese texts must give the same numbers; differs in {keysOf:A}"_s);
        row("unknown kind", {u"steps/1/question/kind=\"count\""_s},
            u"bad: steps[1].question.kind: unknown kind \"count\" (one of: number, node, choice)"_s);
        row("answer not a count", {u"steps/1/question/answer=\"owner:7\""_s},
            u"bad: steps[1].question.answer: {owner:7} is not a count; a number question asks for a whole number"_s);
        row("answer not a node", {u"steps/1/question/kind=\"node\""_s},
            u"bad: steps[1].question.answer: {moved} does not name a node"_s);
        row("answer unknown", {u"steps/1/question/answer=\"mooved\""_s},
            u"bad: steps[1].question.answer: {mooved}: unknown term \"mooved\""_s);
        row("ideal not a number", {u"steps/1/question/ideal=\"owner:7\""_s},
            u"bad: steps[1].question.ideal: {owner:7} is not a number"_s);
        row("choices on a number question",
            {u"steps/1/question/choices=[{\"id\": \"a\", \"text\": {\"en\": \"a\"}, \"value\": \"1\"}]"_s},
            u"bad: steps[1].question.choices: only a choice question has choices"_s);
        const QString choices =
            u"steps/1/question/choices=[{\"id\": \"a\", \"text\": {\"en\": \"A\"}, \"value\": \"moved\"}, {\"id\": \"b\", \"text\": {\"en\": \"B\"}, \"value\": \"movedTo:D\"}]"_s;
        row("choices tie",
            {u"steps/1/question/kind=\"choice\""_s, u"steps/1/question/answer=\"min\""_s, choices},
            u"bad: steps[1].question.answer: more than one choice is the answer; the values tie"_s);
        row("choice rule",
            {u"steps/1/question/kind=\"choice\""_s, u"steps/1/question/answer=\"smallest\""_s,
             choices},
            u"bad: steps[1].question.answer: a choice question's answer is \"min\", \"max\" or \"nearest:EXPRESSION\", not \"smallest\""_s);
        row("one choice",
            {u"steps/1/question/kind=\"choice\""_s, u"steps/1/question/answer=\"min\""_s,
             u"steps/1/question/choices=[{\"id\": \"a\", \"text\": {\"en\": \"A\"}, \"value\": \"moved\"}]"_s},
            u"bad: steps[1].question.choices: a choice question needs at least two choices"_s);
        row("duplicate choice",
            {u"steps/1/question/kind=\"choice\""_s, u"steps/1/question/answer=\"min\""_s,
             u"steps/1/question/choices=[{\"id\": \"a\", \"text\": {\"en\": \"A\"}, \"value\": \"moved\"}, {\"id\": \"a\", \"text\": {\"en\": \"B\"}, \"value\": \"1\"}]"_s},
            u"bad: steps[1].question.choices[1].id: duplicate choice id \"a\""_s);
        row("choice not a number",
            {u"steps/1/question/kind=\"choice\""_s, u"steps/1/question/answer=\"min\""_s,
             u"steps/1/question/choices=[{\"id\": \"a\", \"text\": {\"en\": \"A\"}, \"value\": \"owner:7\"}, {\"id\": \"b\", \"text\": {\"en\": \"B\"}, \"value\": \"1\"}]"_s},
            u"bad: steps[1].question.choices[0].value: {owner:7} is not a number"_s);
        row("unknown view", {u"steps/0/highlight/view=\"rings\""_s},
            u"bad: steps[0].highlight.view: unknown view \"rings\" (one of: ring, histogram, comparison, verdict, hrw, jump, jumpback, modn, maglev, redis-slots, multi-probe, anchor, memento, dx, elasticsearch, mcrouter, vnodes, bounded-loads, migration, clients, replay)"_s);
        row("highlighted key missing", {u"steps/0/highlight/keys=[\"x\"]"_s},
            u"bad: steps[0].highlight.keys[0]: no key \"x\" among the step's keys"_s);
        row("highlighted keys malformed", {u"steps/0/highlight/keys=\"all\""_s},
            u"bad: steps[0].highlight.keys: expected \"moved\", \"replica-changed\" or a list of key names"_s);
        row("highlighted node missing", {u"steps/0/highlight/arcs=[\"Q\"]"_s},
            u"bad: steps[0].highlight.arcs[0]: no node \"Q\" in the step's scenario"_s);
        row("moved in the first step", {u"steps/0/highlight/keys=\"moved\""_s},
            u"bad: steps[0].highlight.keys: nothing has changed yet in the first step"_s);
        row("placeholder in a title", {u"title/en=\"{keys}\""_s},
            u"bad: title.en: a title holds no placeholders"_s);
        row("result in a title", {u"steps/1/title={\"en\": \"25 move\"}"_s},
            u"bad: steps[1].title.en: the number 25 is neither a placeholder"_s);
    }
    void badLesson() {
        QFETCH(QStringList, edits);
        QFETCH(QString, message);
        const QString error = errorOf([&] { load(mutated(edits)); });
        QVERIFY2(error.startsWith(message), qPrintable(error));
    }

    // Bad input never crashes: every built-in lesson with one value replaced by something of
    // the wrong kind either still loads or gives a message; nothing else escapes.
    void mutatedLessonsGiveMessages() {
        const QJsonValue junk[] = {QJsonValue::Null, 0,    -1,           1e300,        u"x"_s,
                                   u"{"_s,           true, QJsonArray{}, QJsonObject{}};
        SplitMix64 rng(2024);
        size_t loaded = 0, refused = 0;
        for (const QString& path : builtinLessonPaths()) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QJsonObject lesson = QJsonDocument::fromJson(file.readAll()).object();
            // Every path to a value in the lesson.
            std::vector<QStringList> paths;
            const std::function<void(const QJsonValue&, const QStringList&)> walk =
                [&](const QJsonValue& v, const QStringList& at) {
                    if (!at.isEmpty()) {
                        paths.push_back(at);
                    }
                    if (v.isObject()) {
                        const QJsonObject o = v.toObject();
                        for (auto it = o.begin(); it != o.end(); ++it) {
                            walk(it.value(), at + QStringList{it.key()});
                        }
                    } else if (v.isArray()) {
                        const QJsonArray a = v.toArray();
                        for (qsizetype i = 0; i < a.size(); ++i) {
                            walk(a[i], at + QStringList{QString::number(i)});
                        }
                    }
                };
            walk(lesson, {});
            for (int m = 0; m < 30; ++m) {
                const QStringList& at = paths[rng.below(paths.size())];
                const QJsonValue value = junk[rng.below(std::size(junk))];
                const QJsonObject broken = setAt(lesson, at, value).toObject();
                try {
                    lessonFromJson(QJsonDocument(broken).toJson(), u"mutant"_s);
                    ++loaded;
                } catch (const InputError& e) {
                    QVERIFY2(QString::fromStdString(e.what()).startsWith(u"mutant: "_s), e.what());
                    ++refused;
                }
            }
        }
        QVERIFY(refused > loaded);
    }

    void notJson() {
        QVERIFY(errorOf([] {
                    load("{\n\"format\": ");
                }).startsWith(u"bad: line 2: not valid JSON: "_s));
        QCOMPARE(errorOf([] { load("[]"); }), u"bad: a lesson file holds a JSON object"_s);
        // Found by the lesson fuzzer: a key holding a NUL made the message cut past its end
        // (std::out_of_range escaped). A key named twice is refused, its path escaped.
        const QString duplicate = errorOf(
            [] { load(R"({"format": "ringscope-lesson/1", "a\u0000b": {"ja": 1, "ja": 2}})"); });
        QCOMPARE(duplicate,
                 u"bad: line 1, column 56: \"a\\x00b\": the key \"ja\" is given twice "
                 u"(JSON keeps only one of them; remove the other)"_s);
    }

    void files() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"my-lesson.json"_s);
        QCOMPARE(errorOf([&] { loadLessonFile(path); }), path + u": no such file"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(mutated({u"steps/1/question/answer=\"mooved\""_s}));
        file.close();
        QVERIFY(errorOf([&] {
                    loadLessonFile(path);
                }).startsWith(u"my-lesson: steps[1].question.answer: {mooved}"_s));
    }

    void formatValue_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("number");
        QTest::addColumn<QString>("en");
        QTest::addColumn<QString>("ja");
        QTest::newRow("count") << int(Value::Kind::Count) << 1234567.0 << u"1,234,567"_s
                               << u"1,234,567"_s;
        QTest::newRow("whole percent") << int(Value::Kind::Percent) << 0.2 << u"20%"_s << u"20%"_s;
        QTest::newRow("percent") << int(Value::Kind::Percent) << 0.2525 << u"25.3%"_s << u"25.3%"_s;
        // A non-zero share never reads 0%.
        QTest::newRow("tiny percent")
            << int(Value::Kind::Percent) << 0.0004 << u"0.04%"_s << u"0.04%"_s;
        QTest::newRow("one in a million")
            << int(Value::Kind::Percent) << 1e-6 << u"<0.01%"_s << u"<0.01%"_s;
        QTest::newRow("ratio") << int(Value::Kind::Ratio) << 0.14142 << u"0.14"_s << u"0.14"_s;
    }
    void formatValue() {
        QFETCH(int, kind);
        QFETCH(double, number);
        QFETCH(QString, en);
        QFETCH(QString, ja);
        Value v;
        v.kind = Value::Kind(kind);
        v.number = number;
        v.count = uint64_t(number);
        QCOMPARE(lesson::formatValue(v, Language::English), en);
        QCOMPARE(lesson::formatValue(v, Language::Japanese), ja);
    }

    void resolveTexts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("en");
        QTest::addColumn<QString>("ja");
        QTest::newRow("counts and nodes") << u"{keysOf:B} of {keys} on {owner:21}"_s
                                          << u"20 of 100 on D"_s << u"20 of 100 on D"_s;
        QTest::newRow("arcs") << u"{arcOf:A} {arcOf:B}"_s << u"(90, 20] (40, 60]"_s
                              << u"(90, 20] (40, 60]"_s;
        QTest::newRow("owner lists") << u"{owners:21}"_s << u"D"_s << u"D"_s;
        QTest::newRow("percent suffix") << u"{keysOfPercent:B}"_s << u"20%"_s << u"20%"_s;
        QTest::newRow("ratios") << u"{maxOverMean} {minOverMean}"_s << u"1.20 0.80"_s
                                << u"1.20 0.80"_s;
        QTest::newRow("braces") << u"{{x}} `{node}`"_s << u"{x} `{node}`"_s << u"{x} `{node}`"_s;
        QTest::newRow("change") << u"{moved} {movedRange} {movedFrom:B} {movedTo:D} {ideal}"_s
                                << u"20 21–40 20 20 25%"_s << u"20 21〜40 20 20 25%"_s;
        QTest::newRow("before") << u"{before.keysOf:B} → {keysOf:B}"_s << u"40 → 20"_s
                                << u"40 → 20"_s;
        QTest::newRow("mod-N and positions")
            << u"{modBucket:5} {position:5}"_s << u"1 5"_s << u"1 5"_s;
    }
    void resolveTexts() {
        QFETCH(QString, text);
        QFETCH(QString, en);
        QFETCH(QString, ja);
        const Scenario before = scenarioFromObject(seedRing());
        Edit d;
        d.op = EditOp::AddNode;
        d.fields = {{u"id"_s, u"D"_s}, {u"tokens"_s, QJsonArray{40}}};
        const Scenario after = applyEdit(before, d);
        const Scene scene = sceneOf(after, &before);
        QCOMPARE(resolve(text, scene, Language::English), en);
        QCOMPARE(resolve(text, scene, Language::Japanese), ja);
        // The identity key 5 is its own 64-bit hash; jump hashes it over four buckets.
        QCOMPARE(evaluate("jumpBucket:5", scene, Language::English).count,
                 uint64_t(jumpHash(5, 4)));
    }

    void numerals_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const auto ok = [](const char* name, const QString& text) {
            QTest::newRow(name) << text << QString();
        };
        ok("tokens", u"A@20, B@60, C@90"_s);
        ok("Japanese tokens", u"トークンは A@20、B@60、C@90。"_s);
        ok("space and keys", u"the 0–99 space, 100 keys, 3 nodes, R = 1"_s);
        ok("names", u"SHA-256, FNV-1a, fnv1a32, 32-bit, 64 ビット, 2^32, A#3"_s);
        ok("node ids with digits", u"10.0.1.3 and 10.0.1.1"_s);
        ok("formulas", u"`1/(N+1)`, `(0, 1)`, `N(N+1)`"_s);
        ok("placeholders", u"{moved} keys and {{braces}}"_s);
        ok("named key", u"key 42 is on {owner:42}"_s);
        QTest::newRow("result") << u"25 of them move"_s << u"the number 25 is neither"_s;
        QTest::newRow("grouped result") << u"1,234 move"_s << u"the number 1,234 is neither"_s;
        QTest::newRow("decimal") << u"2.5 times"_s << u"the number 2.5 is neither"_s;
        QTest::newRow("full-width") << u"２５ です"_s << u"the number ２５ is neither"_s;
        QTest::newRow("Japanese counter") << u"25 個が動く"_s << u"25 is written as a count"_s;
        ok("bucket count", u"バケット 3 個"_s);
        QTest::newRow("count that is a token")
            << u"20 keys move"_s << u"20 is written as a count, but the setup has no such count"_s;
        QTest::newRow("Japanese count that is a token")
            << u"20 個のキーが動く"_s << u"20 is written as a count"_s;
        QTest::newRow("node count") << u"20 nodes"_s << u"20 is written as a count"_s;
        QTest::newRow("counting verb") << u"B lost 20"_s << u"20 is written as a count"_s;
        QTest::newRow("bucket") << u"key 5 is in bucket 1"_s
                                << u"bucket 1: a bucket number is a result"_s;
        ok("key and node counts", u"100 keys on 3 nodes; 100 個のキー、3 台"_s);
        QTest::newRow("percentage") << u"75%"_s << u"75%: a percentage is a result"_s;
        QTest::newRow("full-width percent") << u"20％"_s << u"20%: a percentage is a result"_s;
        QTest::newRow("wrong token") << u"B@20"_s << u"B@20: node \"B\" has no token at 20"_s;
        QTest::newRow("number in code") << u"`0.75`"_s << u"`0.75` is a number, not a formula"_s;
        QTest::newRow("unclosed code")
            << u"`N"_s << u"a \"`\" opens a code span that is not closed"_s;
    }
    void numerals() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const Scenario ring = scenarioFromObject(seedRing());
        QJsonObject pool = seedRing();
        pool[u"nodes"_s] =
            QJsonArray{QJsonObject{{u"id"_s, u"10.0.1.1"_s}, {u"tokens"_s, QJsonArray{5}}},
                       QJsonObject{{u"id"_s, u"10.0.1.3"_s}, {u"tokens"_s, QJsonArray{7}}}};
        const Scenario servers = scenarioFromObject(pool);
        const NumeralRules rules = numeralRules({&ring, &servers}, {text});
        const QString got = errorOf([&] { checkNumerals(text, rules); });
        if (error.isEmpty()) {
            QCOMPARE(got, QString());
        } else {
            QVERIFY2(got.startsWith(error), qPrintable(got));
        }
    }

    void edits() {
        const Scenario ring = scenarioFromObject(seedRing());
        // set-node "*" is a merge patch of every node: null deletes the tokens.
        Edit vnodes;
        vnodes.op = EditOp::SetNode;
        vnodes.node = "*";
        vnodes.fields = {{u"tokens"_s, QJsonValue::Null}, {u"vnodes"_s, 4}};
        const Scenario hashed = applyEdit(ring, vnodes);
        for (const NodeSpec& node : hashed.nodes) {
            QVERIFY(node.tokens.empty());
            QCOMPARE(node.vnodes, std::optional<int64_t>(4));
        }
        // Nested objects merge: the token hash changes, the name pattern stays.
        Edit hash;
        hash.op = EditOp::Set;
        hash.fields = {{u"tokens"_s, QJsonObject{{u"hash"_s, u"md5"_s}}}};
        Scenario named = hashed;
        named.params.edit<NamedTokenParams>().name = "{node}/{i}";
        const Scenario md5 = applyEdit(named, hash);
        QCOMPARE(md5.params.get<NamedTokenParams>().hash, HashKind::Md5);
        QCOMPARE(md5.params.get<NamedTokenParams>().name, std::string("{node}/{i}"));
        // move-token
        Edit move;
        move.op = EditOp::MoveToken;
        move.node = "B";
        move.from = 60;
        move.to = 73;
        QCOMPARE(applyEdit(ring, move).nodes[1].tokens, std::vector<uint64_t>{73});
    }

    void jumpRemoval_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("remaining");  // bucket order after the removal
        QTest::newRow("renumber") << int(JumpRemoval::Renumber) << u"ABDE"_s;
        QTest::newRow("move last") << int(JumpRemoval::MoveLast) << u"ABED"_s;
    }
    void jumpRemoval() {
        QFETCH(int, mode);
        QFETCH(QString, remaining);
        QJsonObject o = seedRing();
        o[u"algorithm"_s] = u"jump"_s;
        QJsonArray nodes;
        for (const char* id : {"A", "B", "C", "D", "E"}) {
            nodes.append(QJsonObject{{u"id"_s, QLatin1StringView(id)}});
        }
        o[u"nodes"_s] = nodes;
        const Scenario five = scenarioFromObject(o);
        Edit remove;
        remove.op = EditOp::RemoveNode;
        remove.node = "C";
        remove.removal = jumpRemovalMode(JumpRemoval(mode));
        const Scenario four = applyEdit(five, remove);
        QCOMPARE(four.nodes.size(), size_t(4));
        // The core's table repair names the same nodes bucket by bucket.
        const std::vector<uint32_t> identity{0, 1, 2, 3, 4};
        const std::vector<uint32_t> table = JumpRemoval(mode) == JumpRemoval::Renumber
                                                ? jumpRemoveRenumber(identity, 2)
                                                : jumpRemoveMoveLast(identity, 2);
        QString fromCore, fromEdit;
        for (size_t b = 0; b < table.size(); ++b) {
            fromCore += QChar(u'A' + table[b]);
            const uint32_t n = four.params.get<JumpParams>().buckets.empty()
                                   ? uint32_t(b)
                                   : four.params.get<JumpParams>().buckets[b];
            fromEdit += QString::fromStdString(four.nodes[n].id);
        }
        QCOMPARE(fromCore, remaining);
        QCOMPARE(fromEdit, remaining);
    }

    void isCorrect_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("truth");
        QTest::addColumn<QString>("guess");
        QTest::addColumn<bool>("correct");
        const int number = int(AnswerKind::Number);
        const int node = int(AnswerKind::Node);
        QTest::newRow("number") << number << u"20"_s << u"20"_s << true;
        QTest::newRow("number with spaces") << number << u"20"_s << u" 20 "_s << true;
        QTest::newRow("number as decimal") << number << u"20"_s << u"20.0"_s << true;
        QTest::newRow("grouped number") << number << u"1000"_s << u"1,000"_s << true;
        QTest::newRow("close is not right") << number << u"20"_s << u"21"_s << false;
        QTest::newRow("words") << number << u"20"_s << u"twenty"_s << false;
        QTest::newRow("empty") << number << u"0"_s << QString() << false;
        QTest::newRow("node") << node << u"D"_s << u"D"_s << true;
        QTest::newRow("node case matters") << node << u"D"_s << u"d"_s << false;
        QTest::newRow("other node") << node << u"D"_s << u"B"_s << false;
    }
    void isCorrect() {
        QFETCH(int, kind);
        QFETCH(QString, truth);
        QFETCH(QString, guess);
        QFETCH(bool, correct);
        Answer a;
        a.kind = AnswerKind(kind);
        a.truth.kind = a.kind == AnswerKind::Number ? Value::Kind::Count : Value::Kind::Node;
        a.truth.count = truth.toULongLong();
        a.truth.text = truth.toStdString();
        QCOMPARE(lesson::isCorrect(a, guess), correct);
    }

    void lessonRun() {
        LessonRun run(load(mutated({})));
        QCOMPARE(run.stepCount(), size_t(2));
        QCOMPARE(run.phase(), LessonRun::Phase::Reading);
        QCOMPARE(run.narration(Language::English), u"A@20 holds 30 keys."_s);
        QCOMPARE(run.narration(Language::Japanese), u"A@20 は 30 個。"_s);
        QVERIFY(!run.baseline());
        QVERIFY(!run.back());

        QVERIFY(run.next());
        QCOMPARE(run.phase(), LessonRun::Phase::Asking);
        QCOMPARE(run.prompt(Language::English), u"D joins at 40. How many of the 100 keys move?"_s);
        QCOMPARE(nodeIds(run.scenario()).size(), size_t(3));  // the change is not made yet
        QCOMPARE(run.nodeOptions(), (std::vector<std::string>{"A", "B", "C", "D"}));
        QVERIFY(!run.reveal());

        const Reveal& r = run.answer(u"25"_s);
        QCOMPARE(r.guess, u"25"_s);
        QVERIFY(!r.correct);
        QCOMPARE(r.truth.en, u"20"_s);
        QCOMPARE(r.ideal.en, u"25"_s);
        QCOMPARE(r.explanation.en, u"20 moved: 21–40."_s);
        QCOMPARE(r.explanation.ja, u"20 個（21〜40）。"_s);
        QCOMPARE(run.phase(), LessonRun::Phase::Revealed);
        QCOMPARE(nodeIds(run.scenario()).size(), size_t(4));  // now it is
        QVERIFY(run.baseline() && *run.baseline() == run.step().scenario);
        QCOMPARE(run.reveal()->guess, u"25"_s);  // the guess is kept
        QVERIFY(!errorOf([&] { run.answer(u"20"_s); }).isEmpty());
        QCOMPARE(run.answered(), size_t(1));
        QCOMPARE(run.correct(), size_t(0));
        QVERIFY(!run.next());  // the end

        QVERIFY(run.back());
        QVERIFY(run.next());
        QCOMPARE(run.phase(), LessonRun::Phase::Revealed);  // answers survive going back

        run.restart();
        QCOMPARE(run.stepIndex(), size_t(0));
        QVERIFY(run.next());
        QCOMPARE(run.phase(), LessonRun::Phase::Asking);
        QVERIFY(run.answer(u"20"_s).correct);
        QCOMPARE(run.correct(), size_t(1));

        // Next on an open question reveals it without a guess.
        run.restart();
        run.next();
        QVERIFY(run.next());
        QCOMPARE(run.phase(), LessonRun::Phase::Revealed);
        QVERIFY(run.reveal()->guess.isEmpty());
        QVERIFY(!run.reveal()->correct);
    }
};

QTEST_GUILESS_MAIN(TestLessonFormat)
#include "tst_lessonformat.moc"
