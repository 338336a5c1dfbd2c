#include "lessonjson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "computed.h"
#include "jsonfields.h"
#include "jsonscan.h"
#include "jsonvalue.h"
#include "narration.h"
#include "question.h"
#include "ringscope/json.h"
#include "ringscope/limits.h"
#include "ringscope/registry.h"
#include "ringscope/scenario.h"
#include "scenariojson.h"

using namespace Qt::StringLiterals;

// Outside any namespace, as Q_INIT_RESOURCE requires: the course embedded in a static library.
static void initLessonResources() {
    Q_INIT_RESOURCE(lessons);
}

namespace ringscope::lesson {

namespace {

constexpr char kLessonDir[] = ":/lessons";
constexpr char kPhrasesFile[] = ":/phrases.json";

// The lesson's values are read by the core's JSON readers (ringscope/json.h), as the scenario's
// are: one set of rules and one wording for what a value should be ("expected a string, got a
// number"). Qt's value is converted (fromQJson) only where the core reads it.

// What a lesson is read with: the limits and folder rule of its scenarios, and the file it came
// from (empty when read from memory), whose folder holds the key files its scenarios name.
struct ReadContext {
    const ReadOptions& options;
    QString path;
    uint64_t keysWorked = 0;  // over the steps so far, against lesson-keys
};

// One JSON object with its place in the file at hand, for messages.
class Fields {
public:
    Fields(const QJsonValue& v, std::string where) : m_where(std::move(where)) {
        if (!v.isObject()) {
            json::object(fromQJson(v), m_where);  // throws: not an object
        }
        m_object = v.toObject();
    }
    const std::string& where() const { return m_where; }
    std::string at(std::string_view field) const {
        return m_where.empty() ? std::string(field) : m_where + "." + std::string(field);
    }
    const QJsonObject& object() const { return m_object; }
    bool has(const char* field) const { return m_object.contains(QLatin1StringView(field)); }
    QJsonValue value(const char* field) const { return m_object.value(QLatin1StringView(field)); }

    // Catches typos ("hightlight") instead of ignoring them, as the scenario reader does.
    void allowOnly(std::initializer_list<std::string_view> fields) const {
        allowOnlyFields(m_object, fields, m_where);
    }
    void allowOnly(std::span<const std::string_view> fields) const {
        allowOnlyFields(m_object, fields, m_where);
    }
    void require(const char* field) const {
        if (!has(field)) {
            throw InputError(at(field), "missing");
        }
    }
    std::string string(const char* field) const {
        require(field);
        return json::string(fromQJson(value(field)), at(field));
    }
    QJsonArray array(const char* field) const {
        require(field);
        const QJsonValue v = value(field);
        if (!v.isArray()) {
            json::array(fromQJson(v), at(field));  // throws: not an array
        }
        return v.toArray();
    }
    uint64_t whole(const char* field) const {
        require(field);
        // As a scenario's positions: a JSON number, or a decimal string from 2^53 on.
        return json::unsignedInt(fromQJson(value(field)), at(field));
    }
    // {"en": "...", "ja": "..."}; Japanese falls back to English when left out.
    Text text(const char* field) const {
        require(field);
        const Fields t(value(field), at(field));
        t.allowOnly({"en", "ja"});
        Text out;
        const std::string en = t.string("en");
        checkProse(en, t.at("en"));
        out.en = QString::fromStdString(en);
        if (t.has("ja")) {
            const std::string ja = t.string("ja");
            checkProse(ja, t.at("ja"));
            out.ja = QString::fromStdString(ja);
        } else {
            out.ja = out.en;
        }
        if (out.en.trimmed().isEmpty() || out.ja.trimmed().isEmpty()) {
            throw InputError(t.at(out.en.trimmed().isEmpty() ? "en" : "ja"), "the text is empty");
        }
        return out;
    }

private:
    QJsonObject m_object;
    std::string m_where;
};

std::vector<std::string> strings(const Fields& f, const char* field) {
    std::vector<std::string> out;
    const QJsonArray a = f.array(field);
    for (qsizetype i = 0; i < a.size(); ++i) {
        out.push_back(json::string(fromQJson(a[i]), f.at(field) + "[" + std::to_string(i) + "]"));
    }
    return out;
}

Edit readEdit(const Fields& f) {
    const std::string op = f.string("op");
    const auto kind = editOpFromName(op);
    if (!kind) {
        throw InputError(f.at("op"),
                         "unknown edit \"" + op + "\" (one of: " + choicesIn(kEditOpNames) + ")");
    }
    Edit e;
    e.op = *kind;
    e.fields = f.object();
    e.fields.remove(u"op"_s);
    switch (e.op) {
        case EditOp::AddNode:
        case EditOp::Set:
            break;
        case EditOp::RemoveNode: {
            // A removal mode under its algorithm's name ("jump": "move-last").
            std::vector<std::string_view> fields{"op", "node"};
            for (const auto& row : kAlgorithms) {
                if (!row.module().removalModes().empty()) {
                    fields.push_back(row.name());
                }
            }
            f.allowOnly(std::span<const std::string_view>(fields));
            e.node = f.string("node");
            for (const auto& row : kAlgorithms) {
                const std::string name(row.name());
                if (!f.has(name.c_str())) {
                    continue;
                }
                const std::string mode = f.string(name.c_str());
                const std::vector<std::string_view> modes = row.module().removalModes();
                if (std::find(modes.begin(), modes.end(), mode) == modes.end()) {
                    std::string choices;
                    for (const std::string_view m : modes) {
                        choices += (choices.empty() ? "" : ", ") + std::string(m);
                    }
                    throw InputError(f.at(name),
                                     "unknown value \"" + mode + "\" (one of: " + choices + ")");
                }
                e.removal = RemovalMode{row.value, mode};
            }
            break;
        }
        case EditOp::MoveToken:
            f.allowOnly({"op", "node", "from", "to"});
            e.node = f.string("node");
            e.from = f.whole("from");
            e.to = f.whole("to");
            break;
        case EditOp::SetNode:
            e.node = f.string("node");
            e.fields.remove(u"node"_s);
            break;
    }
    return e;
}

std::vector<Edit> readEdits(const Fields& f, const char* field) {
    std::vector<Edit> edits;
    const QJsonArray a = f.array(field);
    for (qsizetype i = 0; i < a.size(); ++i) {
        edits.push_back(readEdit(Fields(a[i], f.at(field) + "[" + std::to_string(i) + "]")));
    }
    return edits;
}

Scenario applyEdits(Scenario s, const std::vector<Edit>& edits, const std::string& where,
                    const ReadContext& context) {
    for (size_t i = 0; i < edits.size(); ++i) {
        try {
            s = applyEdit(s, edits[i], context.options.limits);
        } catch (const InputError& e) {
            rethrowWithin(where + "[" + std::to_string(i) + "]", e);
        }
    }
    return s;
}

Highlight readHighlight(const Fields& f) {
    f.allowOnly({"keys", "arcs", "tokens", "view"});
    Highlight h;
    if (f.has("keys")) {
        const QJsonValue keys = f.value("keys");
        if (keys == u"moved"_s) {
            h.keySelection = KeySelection::Moved;
        } else if (keys == u"replica-changed"_s) {
            h.keySelection = KeySelection::ReplicaChanged;
        } else if (keys.isArray()) {
            h.keySelection = KeySelection::Listed;
            h.keys = strings(f, "keys");
        } else {
            throw InputError(f.at("keys"),
                             "expected \"moved\", \"replica-changed\" or a list of key names");
        }
    }
    if (f.has("arcs")) {
        h.arcs = strings(f, "arcs");
    }
    if (f.has("tokens")) {
        h.tokens = strings(f, "tokens");
    }
    if (f.has("view")) {
        const std::string name = f.string("view");
        if (!isViewName(name)) {
            std::string names;
            for (const std::string_view view : viewNames()) {
                names += (names.empty() ? "" : ", ") + std::string(view);
            }
            throw InputError(f.at("view"), "unknown view \"" + name + "\" (one of: " + names + ")");
        }
        h.view = name;
    }
    return h;
}

Question readQuestion(const Fields& f) {
    f.allowOnly({"kind", "prompt", "change", "answer", "ideal", "choices", "reveal"});
    Question q;
    const std::string kind = f.string("kind");
    const auto k = answerKindFromName(kind);
    if (!k) {
        throw InputError(f.at("kind"), "unknown kind \"" + kind +
                                           "\" (one of: " + choicesIn(kAnswerKindNames) + ")");
    }
    q.kind = *k;
    q.prompt = f.text("prompt");
    q.change = f.has("change") ? readEdits(f, "change") : std::vector<Edit>{};
    q.answer = f.string("answer");
    q.ideal = f.has("ideal") ? f.string("ideal") : std::string();
    q.reveal = f.text("reveal");
    if (q.kind == AnswerKind::Choice) {
        const QJsonArray a = f.array("choices");
        std::set<std::string> ids;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const Fields c(a[i], f.at("choices") + "[" + std::to_string(i) + "]");
            c.allowOnly({"id", "text", "value"});
            Choice choice{c.string("id"), c.text("text"), c.string("value")};
            if (!ids.insert(choice.id).second) {
                throw InputError(c.at("id"), "duplicate choice id \"" + choice.id + "\"");
            }
            q.choices.push_back(std::move(choice));
        }
    } else if (f.has("choices")) {
        throw InputError(f.at("choices"), "only a choice question has choices");
    }
    return q;
}

// Resolves, in both languages, a text about `scene`, and checks its placeholders agree between
// the languages and its numerals are setup, not results. Keys named by `keys` or by the
// placeholders of `context` (a question's answer) may be written as numbers.
void checkText(const Text& text, const Scene& scene, const std::vector<const Scenario*>& about,
               const std::vector<std::string>& keys, const std::string& where,
               const QString& context = {}) {
    for (const Language language : kLanguages) {
        try {
            placeholdersIn(text.in(language));  // braces first: the rules below read them
        } catch (const InputError& e) {
            rethrowWithin(where + "." + std::string(languageCode(language)), e);
        }
    }
    const NumeralRules rules = numeralRules(about, {text.en, text.ja, context}, keys);
    for (const Language language : kLanguages) {
        const std::string at = where + "." + std::string(languageCode(language));
        try {
            resolve(text.in(language), scene, language);
            checkNumerals(text.in(language), rules);
        } catch (const InputError& e) {
            rethrowWithin(at, e);
        }
    }
    const auto set = [](const QString& t) {
        const std::vector<std::string> p = placeholdersIn(t);
        return std::set<std::string>(p.begin(), p.end());
    };
    if (set(text.en) != set(text.ja)) {
        std::string only;
        for (const std::string& p : set(text.en)) {
            only += set(text.ja).count(p) ? "" : " {" + p + "}";
        }
        for (const std::string& p : set(text.ja)) {
            only += set(text.en).count(p) ? "" : " {" + p + "} (Japanese only)";
        }
        throw InputError(
            where + ".ja",
            "the English and Japanese texts must give the same numbers; differs in" + only);
    }
}

void checkHighlight(const Highlight& h, const Worked& current, const Worked* after,
                    bool hasBaseline, const std::string& where) {
    const auto hasNode = [&](const std::string& id) {
        return current.nodeIndex(id) || (after && after->nodeIndex(id));
    };
    for (size_t i = 0; i < h.keys.size(); ++i) {
        if (!current.keyIndex(h.keys[i])) {
            throw InputError(where + ".keys[" + std::to_string(i) + "]",
                             "no key \"" + h.keys[i] + "\" among the step's keys");
        }
    }
    if ((h.keySelection == KeySelection::Moved || h.keySelection == KeySelection::ReplicaChanged) &&
        !hasBaseline && !after) {
        throw InputError(where + ".keys", "nothing has changed yet in the first step");
    }
    for (const auto& [field, ids] : {std::pair{"arcs", &h.arcs}, std::pair{"tokens", &h.tokens}}) {
        for (size_t i = 0; i < ids->size(); ++i) {
            if (!hasNode((*ids)[i])) {
                throw InputError(where + "." + field + "[" + std::to_string(i) + "]",
                                 "no node \"" + (*ids)[i] + "\" in the step's scenario");
            }
        }
    }
}

// Works a step's scenario out, its keys counted against the lesson's budget: before the work
// where the spec gives their number, after reading a key file (which its own limits bound).
WorkedPtr work(const Scenario& s, const std::string& where, ReadContext& context) {
    const Limits& limits = context.options.limits;
    constexpr std::string_view kWhat = "keys worked out over the lesson's steps";
    const auto checkBudget = [&](uint64_t keys) {
        checkLimit(limits, Limit::LessonKeys, saturatingAdd(context.keysWorked, keys), where,
                   kWhat);
    };
    if (s.keys.kind != KeySetSpec::Kind::File) {
        checkBudget(keyVolume(s.keys).keys);
    }
    WorkedPtr worked;
    try {
        worked = Worked::of(s, limits);
    } catch (const InputError& e) {
        rethrowWithin(where, e);
    }
    checkBudget(worked->keyCount());
    context.keysWorked += worked->keyCount();
    return worked;
}

// A step's key file is read from the lesson's folder and may not leave it, as a scenario file's
// may not leave the scenario's (resolveKeyFile): a lesson someone else wrote cannot make the
// player read /etc/shadow. `where` names the step's scenario.
void placeKeyFile(Scenario& s, const std::string& where, const ReadContext& context) {
    if (s.keys.kind != KeySetSpec::Kind::File) {
        return;
    }
    if (context.path.isEmpty()) {
        throw InputError(where + ".keys.file",
                         "a lesson that is not read from a file has no folder to read key "
                         "files from");
    }
    try {
        resolveKeyFile(context.path, s.keys.file, context.options.allowOutsideFiles, "lesson");
    } catch (const InputError& e) {
        rethrowWithin(where, e);
    }
    s.keys.fileBase = QFileInfo(context.path).absolutePath().toStdString();
}

// Reads the steps, working each scenario out once (a step that shows the scenario it comes
// from shares its worked-out form). Only the last step's worked-out form is kept for the next: a
// step "from" an earlier one works that one out again, so reading holds at most three (the
// baseline, the step, its question's change) whatever the number of steps.
// Over 80 lines: reads a step's fields in the file's order, each check beside its read, with the
// worked-out form carried from step to step.
std::vector<Step> readSteps(const Fields& lesson, ReadContext& context) {
    std::vector<Step> steps;
    WorkedPtr previous;  // the last step's final scenario worked out
    std::map<std::string, size_t> ids;
    const QJsonArray a = lesson.array("steps");
    if (a.isEmpty()) {
        throw InputError(lesson.at("steps"), "a lesson needs at least one step");
    }
    if (static_cast<size_t>(a.size()) > kMaxLessonSteps) {
        throw InputError(lesson.at("steps"), std::to_string(a.size()) +
                                                 " steps, more than a lesson may have (" +
                                                 std::to_string(kMaxLessonSteps) +
                                                 "); split it into lessons of their own");
    }
    for (qsizetype i = 0; i < a.size(); ++i) {
        const std::string where = "steps[" + std::to_string(i) + "]";
        const Fields f(a[i], where);
        f.allowOnly(
            {"id", "title", "text", "scenario", "preset", "from", "edit", "highlight", "question"});
        Step step;
        if (f.has("id")) {
            step.id = f.string("id");
            if (ids.count(step.id)) {
                throw InputError(f.at("id"), "another step already has the id \"" + step.id + "\"");
            }
        }
        if (f.has("title")) {
            step.title = f.text("title");
        }
        step.text = f.text("text");

        // Where the scenario comes from, and what "moved" compares it with.
        std::string source;
        WorkedPtr baseline = previous;
        if (f.has("scenario") + f.has("preset") + (f.has("from") || f.has("edit")) > 1) {
            throw InputError(where, "give one of \"scenario\", \"preset\", or \"from\"/\"edit\"");
        }
        if (f.has("scenario")) {
            source = f.at("scenario");
            try {
                step.scenario = scenarioFromObject(Fields(f.value("scenario"), source).object(),
                                                   context.options.limits);
            } catch (const InputError& e) {
                rethrowWithin(source, e);
            }
        } else if (f.has("preset")) {
            source = f.at("preset");
            try {
                step.scenario = presetScenario(QString::fromStdString(f.string("preset")),
                                               context.options.limits);
            } catch (const InputError& e) {
                rethrowWithin(source, e);
            }
        } else {
            if (f.has("from")) {
                const std::string from = f.string("from");
                const auto it = ids.find(from);
                if (it == ids.end()) {
                    throw InputError(f.at("from"), "no earlier step has the id \"" + from + "\"");
                }
                baseline = it->second + 1 == steps.size()
                               ? previous
                               : work(steps[it->second].last(), f.at("from"), context);
            } else if (steps.empty()) {
                throw InputError(where, "the first step needs a \"scenario\" or a \"preset\"");
            }
            source = f.at("edit");
            step.scenario = baseline->scenario();
            if (f.has("edit")) {
                step.scenario = applyEdits(step.scenario, readEdits(f, "edit"), source, context);
            }
        }
        placeKeyFile(step.scenario, source, context);
        // What moved is measured over the same keys only: a step of other keys (a new preset,
        // say) is shown afresh, since the window cannot compare owners key by key (its texts
        // still name the earlier step, so a {moved} in them says why it has no value).
        if (baseline && sameKeySet(baseline->scenario(), step.scenario)) {
            step.baseline = baseline->scenario();
        }
        const WorkedPtr current = baseline && baseline->scenario() == step.scenario
                                      ? baseline
                                      : work(step.scenario, source, context);

        if (f.has("question")) {
            step.question = readQuestion(Fields(f.value("question"), f.at("question")));
            step.after = applyEdits(step.scenario, step.question->change,
                                    where + ".question.change", context);
            placeKeyFile(*step.after, where + ".question.change", context);
        }
        const WorkedPtr after = !step.after ? nullptr
                                : *step.after == current->scenario()
                                    ? current
                                    : work(*step.after, where + ".question.change", context);
        if (f.has("highlight")) {
            step.highlight = readHighlight(Fields(f.value("highlight"), f.at("highlight")));
            checkHighlight(step.highlight, *current, after.get(), baseline != nullptr,
                           f.at("highlight"));
        }

        // The keys a question is about (its answer's "owner:50") may be named in the step's texts.
        QString context;
        if (step.question) {
            context = QString::fromStdString("{" + step.question->answer + "}{" +
                                             step.question->ideal + "}");
            for (const Choice& c : step.question->choices) {
                context += QString::fromStdString("{" + c.value + "}");
            }
        }
        std::vector<const Scenario*> about{&step.scenario};
        if (step.baseline) {
            about.push_back(&*step.baseline);
        }
        checkText(step.text, Scene(current, baseline, Scene::Moment::Narration), about,
                  step.highlight.keys, f.at("text"), context);
        if (step.question) {
            const Question& q = *step.question;
            const std::string at = where + ".question";
            // The prompt describes the change, so the setup after it (D's token) may be written.
            const std::vector<const Scenario*> both{&step.scenario, &*step.after};
            checkText(q.prompt, Scene(current, nullptr, Scene::Moment::Prompt), both,
                      step.highlight.keys, at + ".prompt", context);
            const Scene reveal(after, current, Scene::Moment::Reveal);
            try {
                answerOf(q, reveal);
            } catch (const InputError& e) {
                rethrowWithin(at, e);
            }
            checkText(q.reveal, reveal, both, step.highlight.keys, at + ".reveal", context);
            for (size_t c = 0; c < q.choices.size(); ++c) {
                checkText(q.choices[c].text, reveal, both, step.highlight.keys,
                          at + ".choices[" + std::to_string(c) + "].text", context);
            }
        }
        previous = after ? after : current;
        if (!step.id.empty()) {
            ids.emplace(step.id, steps.size());  // only later steps start from it
        }
        steps.push_back(std::move(step));
    }
    return steps;
}

// Names the lesson in front of where an error happened ("03-add-node: steps[1].text"), keeping
// what would lift it.
[[noreturn]] void rethrowNamed(const QString& name, const InputError& e) {
    InputError named(name.toStdString() + (e.where().empty() ? "" : ": " + e.where()),
                     messageOf(e));
    named.waivableAs(e);
    throw named;
}

QByteArray lessonFileBytes(const QString& path, const Limits& limits) {
    try {
        return readInputFile(path, limits, Limit::ScenarioBytes);
    } catch (const InputError& e) {
        InputError named(path.toStdString(), messageOf(e));  // the path names the lesson
        named.waivableAs(e);
        throw named;
    }
}

// The JSON object of a file in `format` ("a lesson file" to messages as `what`), checked.
QJsonObject formatObject(const QByteArray& json, const Limits& limits, const char* format,
                         const char* what) {
    scanJson(std::string_view(json.constData(), size_t(json.size())), limits);
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        const QByteArray head = json.left(error.offset);
        throw InputError("line " + std::to_string(head.count('\n') + 1),
                         "not valid JSON: " + error.errorString().toStdString());
    }
    if (!doc.isObject()) {
        throw InputError("", std::string(what) + " holds a JSON object");
    }
    if (doc.object().value(u"format"_s) != QLatin1StringView(format)) {
        throw InputError("format",
                         std::string(what) + " starts with \"format\": \"" + format + "\"");
    }
    return doc.object();
}

// The lesson object of a file, its format checked.
QJsonObject lessonObject(const QByteArray& json, const Limits& limits) {
    return formatObject(json, limits, kLessonFormatV1, "a lesson file");
}

}  // namespace

Lesson lessonFromJson(const QByteArray& json, const QString& name, const ReadOptions& options,
                      const QString& path) {
    try {
        const Fields f(lessonObject(json, options.limits), "");
        f.allowOnly({"format", "title", "summary", "steps"});
        Lesson lesson;
        lesson.name = name;
        lesson.limits = options.limits;
        lesson.title = f.text("title");
        if (f.has("summary")) {
            lesson.summary = f.text("summary");
        }
        ReadContext context{options, path};
        lesson.steps = readSteps(f, context);
        // Titles speak of the whole lesson: any step's setup may appear in them.
        std::vector<const Scenario*> all;
        for (const Step& step : lesson.steps) {
            all.push_back(&step.scenario);
            if (step.after) {
                all.push_back(&*step.after);
            }
        }
        const NumeralRules rules = numeralRules(all, {});  // once: titles share it
        const auto checkTitle = [&](const Text& text, const std::string& where) {
            for (const Language language : kLanguages) {
                try {
                    if (!placeholdersIn(text.in(language)).empty()) {
                        throw InputError("", "a title holds no placeholders");
                    }
                    checkNumerals(text.in(language), rules);
                } catch (const InputError& e) {
                    rethrowWithin(where + "." + std::string(languageCode(language)), e);
                }
            }
        };
        checkTitle(lesson.title, "title");
        checkTitle(lesson.summary, "summary");
        for (size_t i = 0; i < lesson.steps.size(); ++i) {
            checkTitle(lesson.steps[i].title, "steps[" + std::to_string(i) + "].title");
        }
        return lesson;
    } catch (const InputError& e) {
        rethrowNamed(name, e);
    }
}

Lesson loadLessonFile(const QString& path, const ReadOptions& options) {
    return lessonFromJson(lessonFileBytes(path, options.limits), QFileInfo(path).completeBaseName(),
                          options, path);
}

Lesson loadLessonFileAsking(const QString& path, ReadOptions& options, const WaiverQuestion& ask) {
    for (;;) {
        try {
            return loadLessonFile(path, options);
        } catch (const InputError& e) {
            if (!e.waiver() || !ask || !ask(e)) {
                throw;
            }
            options.waive(*e.waiver());
        }
    }
}

QStringList builtinLessonPaths() {
    initLessonResources();
    QStringList paths;
    for (const QFileInfo& file : QDir(QString::fromLatin1(kLessonDir))
                                     .entryInfoList({u"*.json"_s}, QDir::Files, QDir::Name)) {
        paths << file.filePath();
    }
    return paths;
}

std::vector<Lesson> builtinLessons() {
    std::vector<Lesson> lessons;
    for (const QString& path : builtinLessonPaths()) {
        lessons.push_back(loadLessonFile(path));
    }
    return lessons;
}

std::vector<LessonHeading> builtinCourse() {
    std::vector<LessonHeading> course;
    for (const QString& path : builtinLessonPaths()) {
        LessonHeading heading;
        heading.path = path;
        heading.name = QFileInfo(path).completeBaseName();
        try {
            const Fields f(lessonObject(lessonFileBytes(path, Limits()), Limits()), "");
            heading.title = f.text("title");
            if (f.has("summary")) {
                heading.summary = f.text("summary");
            }
        } catch (const InputError& e) {
            rethrowNamed(heading.name, e);
        }
        course.push_back(std::move(heading));
    }
    return course;
}

Phrases readPhrases(const QByteArray& json, const std::string& source) {
    try {
        const Fields f(formatObject(json, Limits(), kPhrasesFormatV1, "a phrase file"), "");
        f.allowOnly({"format", "about", "phrases"});
        const Fields all(f.value("phrases"), f.at("phrases"));
        Phrases out;
        for (const QString& name : all.object().keys()) {
            const std::string key = name.toStdString();
            out.emplace(key, all.text(key.c_str()));
        }
        return out;
    } catch (const InputError& e) {
        throw InputError(e).inFile(source);
    }
}

const Text& phrase(std::string_view name) {
    static const Phrases phrases = [] {
        initLessonResources();
        QFile file(QString::fromLatin1(kPhrasesFile));
        if (!file.open(QIODevice::ReadOnly)) {
            throw std::logic_error("the built-in phrases are missing");
        }
        return readPhrases(file.readAll(), kPhrasesFile);
    }();
    const auto found = phrases.find(name);
    if (found == phrases.end()) {
        throw std::logic_error("no built-in phrase \"" + std::string(name) + "\"");
    }
    return found->second;
}

}  // namespace ringscope::lesson
