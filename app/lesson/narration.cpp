#include "narration.h"

#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <functional>

#include "lessonjson.h"
#include "moduleterms.h"
#include "numberformat.h"
#include "ringscope/hash.h"

using namespace Qt::StringLiterals;

namespace ringscope::lesson {

Value countValue(uint64_t n) {
    Value v;
    v.kind = Value::Kind::Count;
    v.count = n;
    v.number = double(n);
    return v;
}

Value numberValue(Value::Kind kind, double x) {
    Value v;
    v.kind = kind;
    v.number = x;
    return v;
}

Value textValue(Value::Kind kind, std::string text) {
    Value v;
    v.kind = kind;
    v.text = std::move(text);
    return v;
}

namespace {

using Arg = TermArg;
using Scope = TermScope;

struct TermInfo {
    Term term;
    std::string_view name;
    Arg arg;
    Scope scope;
    bool countsKeys;  // "Percent" may follow
};

using K = Value::Kind;
constexpr TermInfo kTerms[] = {
    {Term::Keys, "keys", Arg::None, Scope::State, false},
    {Term::Nodes, "nodes", Arg::None, Scope::State, false},
    {Term::Tokens, "tokens", Arg::None, Scope::State, false},
    {Term::TokensOf, "tokensOf", Arg::Node, Scope::State, false},
    {Term::Replicas, "replicas", Arg::None, Scope::State, false},
    {Term::Owner, "owner", Arg::Key, Scope::State, false},
    {Term::Owners, "owners", Arg::Key, Scope::State, false},
    {Term::Backup, "backup", Arg::Key, Scope::State, false},
    {Term::Position, "position", Arg::Key, Scope::State, false},
    {Term::KeysOf, "keysOf", Arg::Node, Scope::State, true},
    {Term::WeightShare, "weightShare", Arg::Node, Scope::State, false},
    {Term::FairKeys, "fairKeys", Arg::Node, Scope::State, false},
    {Term::ArcOf, "arcOf", Arg::Node, Scope::State, false},
    {Term::Busiest, "busiest", Arg::None, Scope::State, false},
    {Term::Lightest, "lightest", Arg::None, Scope::State, false},
    {Term::MaxOverMean, "maxOverMean", Arg::None, Scope::State, false},
    {Term::MinOverMean, "minOverMean", Arg::None, Scope::State, false},
    {Term::StddevOverMean, "stddevOverMean", Arg::None, Scope::State, false},
    {Term::OneOverSqrtV, "oneOverSqrtV", Arg::None, Scope::State, false},
    {Term::BalanceFactor, "balanceFactor", Arg::None, Scope::State, false},
    {Term::Capacity, "capacity", Arg::Node, Scope::State, false},
    {Term::Displaced, "displaced", Arg::None, Scope::State, true},
    {Term::FirstChoice, "firstChoice", Arg::Key, Scope::State, false},
    {Term::Moved, "moved", Arg::None, Scope::Change, true},
    {Term::Ideal, "ideal", Arg::None, Scope::Change, false},
    {Term::IdealKeys, "idealKeys", Arg::None, Scope::Change, false},
    {Term::MovedRange, "movedRange", Arg::None, Scope::Change, false},
    {Term::MovedTo, "movedTo", Arg::Node, Scope::Change, true},
    {Term::MovedFrom, "movedFrom", Arg::Node, Scope::Change, true},
    {Term::ReplicaOnly, "replicaOnly", Arg::None, Scope::Change, true},
    {Term::MovedUnder, "movedUnder", Arg::Algorithm, Scope::Change, true},
    {Term::MovedUnbounded, "movedUnbounded", Arg::None, Scope::Change, true},
};

constexpr std::string_view kBefore = "before.";
constexpr std::string_view kPercent = "Percent";
// Moved keys listed one run at a time up to this many runs, then "…".
constexpr size_t kMaxRuns = 4;

std::string termNames() {
    std::string names;
    for (const TermInfo& t : kTerms) {
        names += (names.empty() ? "" : ", ") + std::string(t.name);
    }
    for (const ModuleTerm& t : moduleTerms()) {
        names += ", " + std::string(t.name);
    }
    return names;
}

std::string_view argHint(Arg arg) {
    switch (arg) {
        case Arg::None:
            return "";
        case Arg::Key:
            return ":KEY";
        case Arg::Node:
            return ":NODE";
        case Arg::NodeKey:
            return ":NODE,KEY";
        case Arg::Algorithm:
            return ":ALGORITHM";
    }
    return "";
}

// A term as parsed: shared (info) or a module's (module), with what both have.
struct Parsed {
    const TermInfo* info = nullptr;
    const ModuleTerm* module = nullptr;
    std::string_view name;
    Arg arg = Arg::None;
    Scope scope = Scope::State;
    bool before = false;
    bool percent = false;
    std::string node;  // Node, NodeKey
    std::string key;   // Key, NodeKey
    std::string algorithm;
};

Parsed parse(std::string_view expression) {
    Parsed p;
    std::string_view name = expression;
    if (name.starts_with(kBefore)) {
        p.before = true;
        name.remove_prefix(kBefore.size());
    }
    std::optional<std::string_view> arg;
    if (const size_t colon = name.find(':'); colon != std::string_view::npos) {
        arg = name.substr(colon + 1);
        name = name.substr(0, colon);
    }
    // A term's name, or the name of one that counts keys followed by "Percent".
    const auto matches = [&](std::string_view term, bool countsKeys) {
        if (name == term) {
            return true;
        }
        if (countsKeys && name.size() == term.size() + kPercent.size() && name.starts_with(term) &&
            name.ends_with(kPercent)) {
            p.percent = true;
            return true;
        }
        return false;
    };
    for (const TermInfo& t : kTerms) {
        if (!p.info && matches(t.name, t.countsKeys)) {
            p.info = &t;
            p.name = t.name;
            p.arg = t.arg;
            p.scope = t.scope;
        }
    }
    for (const ModuleTerm& t : moduleTerms()) {
        if (!p.info && !p.module && matches(t.name, t.countsKeys)) {
            p.module = &t;
            p.name = t.name;
            p.arg = t.arg;
            p.scope = t.scope;
        }
    }
    if (!p.info && !p.module) {
        throw InputError("", "unknown term \"" + std::string(name) + "\" (one of: " + termNames() +
                                 "; \"Percent\" may follow a term that counts keys)");
    }
    if (p.before && p.scope == Scope::Change) {
        throw InputError("", "\"before.\" goes with terms about one scenario, not with \"" +
                                 std::string(p.name) + "\"");
    }
    const std::string usage = std::string(name) + std::string(argHint(p.arg));
    if ((p.arg == Arg::None) != !arg || (arg && arg->empty())) {
        throw InputError("", p.arg == Arg::None ? "\"" + std::string(name) + "\" takes no argument"
                                                : "write it as {" + usage + "}");
    }
    switch (p.arg) {
        case Arg::None:
            break;
        case Arg::Key:
            p.key = *arg;
            break;
        case Arg::Node:
            p.node = *arg;
            break;
        case Arg::NodeKey: {
            const size_t comma = arg->find(',');
            if (comma == std::string_view::npos || comma == 0 || comma + 1 == arg->size()) {
                throw InputError("", "write it as {" + usage + "}");
            }
            p.node = arg->substr(0, comma);
            p.key = arg->substr(comma + 1);
            break;
        }
        case Arg::Algorithm:
            p.algorithm = *arg;
            break;
    }
    return p;
}

struct Words {
    QString listSeparator;
    QString rangeDash;
    QString none;
    QString wholeRing;
};

// The words from the built-in phrases (resources/phrases.json).
Words wordsOf(Language language) {
    return {phrase("list-separator").in(language), phrase("range-dash").in(language),
            phrase("none").in(language), phrase("whole-ring").in(language)};
}

QString joined(const std::vector<QString>& items, const QString& separator) {
    QString out;
    for (const QString& item : items) {
        out += (out.isEmpty() ? QString() : separator) + item;
    }
    return out;
}

// The moved keys as runs of consecutive keys: "21–40", "3, 9–12, …".
std::string movedRuns(const Worked& w, const std::vector<size_t>& moved, Language language) {
    const Words words = wordsOf(language);
    if (moved.empty()) {
        return words.none.toStdString();
    }
    std::vector<QString> runs;
    for (size_t i = 0; i < moved.size();) {
        size_t j = i;
        while (j + 1 < moved.size() && moved[j + 1] == moved[j] + 1) {
            ++j;
        }
        if (runs.size() == kMaxRuns) {
            runs.push_back(u"…"_s);
            break;
        }
        const QString first = QString::fromStdString(w.keyName(moved[i]));
        runs.push_back(
            i == j ? first : first + words.rangeDash + QString::fromStdString(w.keyName(moved[j])));
        i = j + 1;
    }
    return joined(runs, words.listSeparator).toStdString();
}

std::string arcsText(const Worked& w, size_t node, Language language) {
    const std::vector<Arc> arcs = w.arcsOf(node);
    if (arcs.size() == 1 && arcs[0].from == arcs[0].to) {
        return wordsOf(language).wholeRing.toStdString();
    }
    std::vector<QString> items;
    for (const Arc& arc : arcs) {
        items.push_back(u"(%1, %2]"_s.arg(arc.from).arg(arc.to));
    }
    return joined(items, wordsOf(language).listSeparator).toStdString();
}

size_t extremeNode(const Worked& w, bool most) {
    size_t best = 0;
    bool tie = false;
    for (size_t n = 1; n < w.nodeCount(); ++n) {
        const uint64_t a = w.keysOf(n);
        const uint64_t b = w.keysOf(best);
        if (a == b) {
            tie = true;
        } else if (most ? a > b : a < b) {
            best = n;
            tie = false;
        }
    }
    if (tie) {
        throw InputError("", std::string(most ? "more than one node has the most keys"
                                              : "more than one node has the fewest keys") +
                                 " (" + std::to_string(w.keysOf(best)) + ")");
    }
    return best;
}

// Over 80 lines: one case per placeholder term, a table written as a switch, over the lookups
// defined once above it.
Value evaluateParsed(const Parsed& p, const Scene& scene, Language language) {
    if (p.scope == Scope::Change || p.before) {
        if (scene.moment() == Scene::Moment::Prompt) {
            throw InputError("",
                             "a question's prompt is read before its change, so it can speak "
                             "only of the scenario as it is");
        }
        if (!scene.baseline()) {
            throw InputError("", "this step has no earlier scenario to compare with");
        }
    }
    const Worked& w = p.before ? *scene.baseline() : scene.current();
    const auto key = [&]() -> size_t {
        if (const auto k = w.keyIndex(p.key)) {
            return *k;
        }
        throw InputError("", "no key \"" + p.key + "\" among this scenario's keys");
    };
    const auto node = [&]() -> size_t {
        if (const auto n = w.nodeIndex(p.node)) {
            return *n;
        }
        throw InputError("", "no node \"" + p.node + "\" in this scenario");
    };
    const auto ring = [&]() {
        if (!w.isRing()) {
            throw InputError("", "the scenario is not a ring, so it has no tokens or arcs");
        }
    };
    // A node named by a change term may exist only before (moved from) or only after (moved to).
    const auto changeNode = [&]() {
        if (!scene.current().nodeIndex(p.node) && !scene.baseline()->nodeIndex(p.node)) {
            throw InputError("", "no node \"" + p.node + "\" before or after the change");
        }
        return p.node;
    };
    const auto countIn = [](const std::map<std::string, size_t>& m, const std::string& id) {
        const auto it = m.find(id);
        return it == m.end() ? size_t{0} : it->second;
    };
    if (p.module) {
        return p.module->evaluate(TermInput{w, scene, language, key, node});
    }
    switch (p.info->term) {
        case Term::Keys:
            return countValue(w.keyCount());
        case Term::Nodes:
            return countValue(w.nodeCount());
        case Term::Tokens:
            ring();
            return countValue(w.tokenCount());
        case Term::TokensOf: {
            ring();
            return countValue(w.tokensOf(node()));
        }
        case Term::Replicas:
            return countValue(w.replicas());
        case Term::Owner:
            return textValue(K::Node, w.nodeId(w.primary(key())));
        case Term::Owners: {
            std::vector<QString> ids;
            for (const size_t n : w.owners(key())) {
                ids.push_back(QString::fromStdString(w.nodeId(n)));
            }
            return textValue(K::Text, joined(ids, wordsOf(language).listSeparator).toStdString());
        }
        case Term::Backup: {
            const std::vector<size_t> owners = w.owners(key());
            if (owners.size() < 2) {
                throw InputError("", "with one replica a key has no backup");
            }
            return textValue(K::Node, w.nodeId(owners[1]));
        }
        case Term::Position:
            return countValue(w.position(key()));
        case Term::KeysOf:
            return countValue(w.keysOf(node()));
        case Term::WeightShare:
            return numberValue(K::Percent, w.weightShare(node()));
        case Term::FairKeys:
            return countValue(
                static_cast<uint64_t>(std::llround(w.weightShare(node()) * double(w.keyCount()))));
        case Term::ArcOf: {
            ring();
            return textValue(K::Text, arcsText(w, node(), language));
        }
        case Term::Busiest:
            return textValue(K::Node, w.nodeId(extremeNode(w, true)));
        case Term::Lightest:
            return textValue(K::Node, w.nodeId(extremeNode(w, false)));
        case Term::MaxOverMean:
            return numberValue(K::Ratio, w.maxOverMean());
        case Term::MinOverMean:
            return numberValue(K::Ratio, w.minOverMean());
        case Term::StddevOverMean:
            return numberValue(K::Ratio, w.stddevOverMean());
        case Term::OneOverSqrtV:
            ring();
            return numberValue(K::Ratio,
                               1.0 / std::sqrt(double(w.tokenCount()) / double(w.nodeCount())));
        case Term::Moved:
            return countValue(scene.change().moved);
        case Term::Ideal:
            return numberValue(K::Percent, scene.change().ideal);
        case Term::IdealKeys:
            return countValue(static_cast<uint64_t>(
                std::llround(scene.change().ideal * double(scene.change().keys))));
        case Term::MovedRange:
            return textValue(K::Text, movedRuns(w, scene.change().movedKeys, language));
        case Term::MovedTo:
            return countValue(countIn(scene.change().movedTo, changeNode()));
        case Term::MovedFrom:
            return countValue(countIn(scene.change().movedFrom, changeNode()));
        case Term::ReplicaOnly:
            return countValue(scene.change().replicaOnly);
        case Term::MovedUnder:
            return countValue(compareUnder(*scene.baseline(), w, p.algorithm).moved);
        case Term::MovedUnbounded:
            return countValue(compareUnbounded(*scene.baseline(), w).moved);
        case Term::BalanceFactor:
            return numberValue(K::Ratio, w.balanceFactor());
        case Term::Capacity:
            return countValue(w.capacity(node()));
        case Term::Displaced:
            return countValue(w.displaced());
        case Term::FirstChoice:
            return textValue(K::Node, w.nodeId(w.firstChoice(key())));
    }
    return {};
}

// Walks a text: literal runs and placeholders ("{{" and "}}" are literal braces, and so is
// everything inside a `code span`, such as `"{node}#{i}"`).
void scan(const QString& text, const std::function<void(const QString&)>& literal,
          const std::function<void(const QString&)>& placeholder) {
    QString run;
    bool code = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == u'`') {
            code = !code;
            run += c;
        } else if (code) {
            run += c;
        } else if ((c == u'{' || c == u'}') && i + 1 < text.size() && text[i + 1] == c) {
            run += c;
            ++i;
        } else if (c == u'{') {
            const qsizetype end = text.indexOf(u'}', i + 1);
            const qsizetype nested = text.indexOf(u'{', i + 1);
            if (end < 0 || (nested >= 0 && nested < end)) {
                throw InputError("", "a \"{\" at character " + std::to_string(i + 1) +
                                         " is not closed (write \"{{\" for a brace)");
            }
            literal(run);
            run.clear();
            placeholder(text.mid(i + 1, end - i - 1));
            i = end;
        } else if (c == u'}') {
            throw InputError("", "a \"}\" at character " + std::to_string(i + 1) +
                                     " closes nothing (write \"}}\" for a brace)");
        } else {
            run += c;
        }
    }
    literal(run);
}

bool isAsciiLetter(QChar c) {
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

// True if the numeral at [begin, end) is part of a name or a power ("SHA-256", "fnv1a32",
// "FNV-1a", "32-bit", "64 ビット", "2^32", "A#3") rather than a quantity.
bool partOfName(const QString& s, qsizetype begin, qsizetype end) {
    const QChar before = begin > 0 ? s[begin - 1] : QChar();
    const QChar after = end < s.size() ? s[end] : QChar();
    if (isAsciiLetter(before) || isAsciiLetter(after) || before == u'^' || after == u'^') {
        return true;
    }
    // A bit width ("64 ビット") describes a hash, never a result.
    if (QStringView(s).mid(end).trimmed().startsWith(u"ビット")) {
        return true;
    }
    const auto joiner = [](QChar c) { return c == u'-' || c == u'_' || c == u'#'; };
    return (joiner(before) && begin > 1 && isAsciiLetter(s[begin - 2])) ||
           (joiner(after) && end + 1 < s.size() && isAsciiLetter(s[end + 1]));
}

// True if the numeral at `begin` is written as a count: followed (from `next`, past spaces) by
// a counted noun, or preceded by a verb that counts ("lost 20", "20 keys", "20 個", "3 台").
bool isCount(const QString& s, qsizetype begin, qsizetype next) {
    static const QStringList nouns{u"key"_s,    u"session"_s, u"token"_s,  u"vnode"_s,
                                   u"point"_s,  u"node"_s,    u"bucket"_s, u"replica"_s,
                                   u"copies"_s, u"個"_s,      u"台"_s,     u"点"_s};
    static const QRegularExpression verb(
        u"\\b(lost|gained|moved|took|gave|holds?|holding|carries|gets?|got)\\s*$"_s);
    const QStringView rest = QStringView(s).mid(next);
    return std::any_of(nouns.begin(), nouns.end(),
                       [&](const QString& noun) { return rest.startsWith(noun); }) ||
           verb.match(s.left(begin)).hasMatch();
}

}  // namespace

QString formatValue(const Value& value, Language language) {
    const QLocale locale = localeOf(language);
    switch (value.kind) {
        case K::Count:
            return locale.toString(static_cast<qulonglong>(value.count));
        case K::Percent: {
            // The one percent rule (a non-zero share never reads 0%), without a trailing ".0".
            QString s = format::percent(value.number, 1, locale);
            const QString zeroTenth = locale.decimalPoint() + u'0' + locale.percent();
            if (s.endsWith(zeroTenth)) {
                s.remove(s.size() - zeroTenth.size(), zeroTenth.size() - locale.percent().size());
            }
            return s;
        }
        case K::Ratio:
            return locale.toString(value.number, 'f', 2);
        case K::Node:
        case K::Text:
            return QString::fromStdString(value.text);
    }
    return {};
}

Scene::Scene(WorkedPtr current, WorkedPtr baseline, Moment moment)
    : m_current(std::move(current)), m_baseline(std::move(baseline)), m_moment(moment) {}

const Change& Scene::change() const {
    if (!m_change) {
        m_change = std::make_shared<const Change>(compare(*m_baseline, *m_current));
    }
    return *m_change;
}

Value evaluate(std::string_view expression, const Scene& scene, Language language) {
    try {
        const Parsed p = parse(expression);
        Value v = evaluateParsed(p, scene, language);
        if (p.percent) {
            v = numberValue(K::Percent, scene.current().keyCount()
                                            ? v.number / double(scene.current().keyCount())
                                            : 0.0);
        }
        return v;
    } catch (const InputError& e) {
        throw InputError("", "{" + std::string(expression) + "}: " + messageOf(e));
    }
}

QString resolve(const QString& text, const Scene& scene, Language language) {
    QString out;
    scan(
        text, [&](const QString& run) { out += run; },
        [&](const QString& expression) {
            out += formatValue(evaluate(expression.toStdString(), scene, language), language);
        });
    return out;
}

std::vector<std::string> placeholdersIn(const QString& text) {
    std::vector<std::string> out;
    scan(
        text, [](const QString&) {},
        [&](const QString& expression) { out.push_back(expression.toStdString()); });
    return out;
}

NumeralRules numeralRules(const std::vector<const Scenario*>& scenarios,
                          const std::vector<QString>& texts,
                          const std::vector<std::string>& extraKeys) {
    NumeralRules rules;
    rules.scenarios = scenarios;
    for (const Scenario* s : scenarios) {
        const std::vector<double> setup = setupNumbers(*s);
        rules.setup.insert(rules.setup.end(), setup.begin(), setup.end());
        const std::vector<std::string> ids = nodeIds(*s);
        rules.names.insert(rules.names.end(), ids.begin(), ids.end());
        const std::vector<double> counts = setupCounts(*s);
        rules.counts.insert(rules.counts.end(), counts.begin(), counts.end());
    }
    std::vector<std::string> keys = extraKeys;
    for (const QString& text : texts) {
        for (const std::string& expression : placeholdersIn(text)) {
            try {
                const Parsed p = parse(expression);
                if (!p.key.empty()) {
                    keys.push_back(p.key);
                }
            } catch (const InputError&) {
                // resolve() reports it with the text's own place
            }
        }
    }
    for (const std::string& key : keys) {
        if (const auto number = parseDecimalU64(key)) {
            rules.setup.push_back(double(*number));
        } else {
            rules.names.push_back(key);
        }
    }
    return rules;
}

// Over 80 lines: blanks what is not a number in a text (placeholders, code spans, tokens, names),
// then checks what is left in one pass; each blanking feeds the next.
void checkNumerals(const QString& text, const NumeralRules& rules) {
    // The text as the reader sees it, with placeholders and `code spans` blanked out.
    QString plain;
    scan(
        text, [&](const QString& run) { plain += run; },
        [&](const QString& expression) { plain += QString(expression.size() + 2, u' '); });
    for (qsizetype open = plain.indexOf(u'`'); open >= 0; open = plain.indexOf(u'`', open)) {
        const qsizetype close = plain.indexOf(u'`', open + 1);
        if (close < 0) {
            throw InputError("", "a \"`\" opens a code span that is not closed");
        }
        const QString code = plain.mid(open + 1, close - open - 1);
        static const QRegularExpression bareNumber(u"^\\s*[-+]?[\\d.,\\s]+[%％]?\\s*$"_s);
        if (bareNumber.match(code).hasMatch()) {
            throw InputError("", "`" + code.toStdString() +
                                     "` is a number, not a formula; write results as "
                                     "placeholders such as {moved}");
        }
        plain.replace(open, close - open + 1, QString(close - open + 1, u' '));
    }
    // "A@20": A must have an explicit token at 20 in one of the scenarios.
    static const QRegularExpression at(u"@(\\d+)"_s);
    for (auto it = at.globalMatch(plain); it.hasNext();) {
        const auto m = it.next();
        const qsizetype sign = m.capturedStart();
        std::string id;  // the longest node id that ends at the "@"
        for (const Scenario* s : rules.scenarios) {
            for (const std::string& node : nodeIds(*s)) {
                const QString q = QString::fromStdString(node);
                if (q.size() > qsizetype(id.size()) && plain.mid(sign - q.size(), q.size()) == q) {
                    id = node;
                }
            }
        }
        if (id.empty()) {
            throw InputError("", "\"@" + m.captured(1).toStdString() +
                                     "\" follows no node of this step's scenario");
        }
        const uint64_t position = m.captured(1).toULongLong();
        bool found = false;
        for (const Scenario* s : rules.scenarios) {
            const std::vector<uint64_t> tokens = explicitTokens(*s, id);
            found = found || std::find(tokens.begin(), tokens.end(), position) != tokens.end();
        }
        if (!found) {
            throw InputError("", id + "@" + std::to_string(position) + ": node \"" + id +
                                     "\" has no token at " + std::to_string(position) +
                                     " in this step's scenario");
        }
        const qsizetype idLength = QString::fromStdString(id).size();
        plain.replace(sign - idLength, idLength + 1, QString(idLength + 1, u' '));
    }
    // Node ids and key names that hold digits ("10.0.1.3", "user:7") are names, not numbers.
    // Each once, however many scenarios name it (a lesson's titles see every step's).
    std::vector<QString> names;
    for (const std::string& name : rules.names) {
        const QString q = QString::fromStdString(name);
        if (std::any_of(q.begin(), q.end(), [](QChar c) { return c.isDigit(); }) &&
            !parseDecimalU64(name)) {
            names.push_back(q);
        }
    }
    std::sort(names.begin(), names.end(), [](const QString& a, const QString& b) {
        return a.size() != b.size() ? a.size() > b.size() : a < b;
    });
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (const QString& name : names) {
        plain.replace(name, QString(name.size(), u' '));
    }
    for (qsizetype i = 0; i < plain.size();) {
        if (!plain[i].isDigit()) {
            ++i;
            continue;
        }
        const qsizetype begin = i;
        double value = 0;
        const auto digits = [&] {
            while (i < plain.size() && plain[i].isDigit()) {
                value = value * 10 + plain[i++].digitValue();
            }
        };
        digits();
        // Thousands groups: ",ddd" not followed by another digit.
        while (i + 3 < plain.size() && plain[i] == u',' && plain[i + 1].isDigit() &&
               plain[i + 2].isDigit() && plain[i + 3].isDigit() &&
               (i + 4 == plain.size() || !plain[i + 4].isDigit())) {
            ++i;
            digits();
        }
        if (i + 1 < plain.size() && plain[i] == u'.' && plain[i + 1].isDigit()) {
            ++i;
            double scale = 0.1;
            while (i < plain.size() && plain[i].isDigit()) {
                value += scale * plain[i++].digitValue();
                scale /= 10;
            }
        }
        if (partOfName(plain, begin, i)) {
            continue;
        }
        const QString numeral = plain.mid(begin, i - begin);
        qsizetype next = i;
        while (next < plain.size() && plain[next].isSpace()) {
            ++next;
        }
        if (next < plain.size() && (plain[next] == u'%' || plain[next] == u'％')) {
            throw InputError("", numeral.toStdString() +
                                     "%: a percentage is a result; write it as a placeholder "
                                     "such as {movedPercent}");
        }
        const auto among = [value](const std::vector<double>& numbers) {
            return std::any_of(numbers.begin(), numbers.end(), [&](double s) {
                return std::fabs(s - value) < 1e-9 * std::max(1.0, std::fabs(s));
            });
        };
        // "bucket 2" names a bucket, a result; "バケット 4 個" counts buckets.
        static const QRegularExpression bucket(u"(bucket|バケット)\\s*$"_s);
        const bool count = isCount(plain, begin, next);
        if (!count && bucket.match(plain.left(begin)).hasMatch()) {
            throw InputError("", "bucket " + numeral.toStdString() +
                                     ": a bucket number is a result; write it as a placeholder "
                                     "such as {modBucket:KEY} or {jumpBucket:KEY}");
        }
        if (count && !among(rules.counts)) {
            throw InputError("", numeral.toStdString() +
                                     " is written as a count, but the setup has no such count "
                                     "(of keys, nodes, vnodes or replicas); a count that results "
                                     "from the scenario is a placeholder such as {moved} or "
                                     "{keysOf:A}");
        }
        if (!among(rules.setup)) {
            throw InputError("", "the number " + numeral.toStdString() +
                                     " is neither a placeholder nor part of this step's setup "
                                     "(token positions, vnodes, weights, replicas, node and key "
                                     "counts); write results as placeholders such as {moved} and "
                                     "formulas in `code`");
        }
    }
}

}  // namespace ringscope::lesson
