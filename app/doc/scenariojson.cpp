#include "scenariojson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "filewrite.h"
#include "jsonfields.h"
#include "jsonscan.h"
#include "ringscope/bounded_load.h"
#include "ringscope/error.h"
#include "ringscope/inputfile.h"

using namespace Qt::StringLiterals;

namespace ringscope {

namespace {

constexpr double kMaxExactDouble = 9007199254740992.0;  // 2^53

QJsonValue writeUnsigned(uint64_t value) {
    if (double(value) < kMaxExactDouble) {
        return QJsonValue(static_cast<qint64>(value));
    }
    return QString::number(value);
}

std::string utf8(const QString& s) {
    return s.toStdString();
}
QString qstr(const std::string& s) {
    return QString::fromStdString(s);
}

const char* typeName(const QJsonValue& v) {
    switch (v.type()) {
        case QJsonValue::Null:
            return "null";
        case QJsonValue::Bool:
            return "a boolean";
        case QJsonValue::Double:
            return "a number";
        case QJsonValue::String:
            return "a string";
        case QJsonValue::Array:
            return "an array";
        case QJsonValue::Object:
            return "an object";
        case QJsonValue::Undefined:
            return "nothing";
    }
    return "?";
}

[[noreturn]] void wrongType(const std::string& where, const char* expected, const QJsonValue& v) {
    throw InputError(where, std::string("expected ") + expected + ", got " + typeName(v));
}

// Reads JSON values with the field path at hand for messages.
class Reader {
public:
    static QJsonObject object(const QJsonValue& v, const std::string& where) {
        if (!v.isObject()) {
            wrongType(where, "an object", v);
        }
        return v.toObject();
    }
    static QJsonArray array(const QJsonValue& v, const std::string& where) {
        if (!v.isArray()) {
            wrongType(where, "an array", v);
        }
        return v.toArray();
    }
    static std::string string(const QJsonValue& v, const std::string& where) {
        if (!v.isString()) {
            wrongType(where, "a string", v);
        }
        return utf8(v.toString());
    }
    static bool boolean(const QJsonValue& v, const std::string& where) {
        if (!v.isBool()) {
            wrongType(where, "true or false", v);
        }
        return v.toBool();
    }
    static double number(const QJsonValue& v, const std::string& where) {
        if (!v.isDouble()) {
            wrongType(where, "a number", v);
        }
        return v.toDouble();
    }
    // A whole number, as a JSON number or (for values above 2^53) a decimal string.
    static uint64_t unsignedInt(const QJsonValue& v, const std::string& where) {
        if (v.isString()) {
            if (const auto parsed = parseDecimalU64(utf8(v.toString()))) {
                return *parsed;
            }
            throw InputError(where,
                             "expected a whole number >= 0, got " + quotedText(utf8(v.toString())));
        }
        if (!v.isDouble()) {
            wrongType(where, "a whole number", v);
        }
        const qint64 i = v.toInteger(-1);
        if (i >= 0 && double(i) == v.toDouble()) {
            return static_cast<uint64_t>(i);
        }
        const double d = v.toDouble();
        if (!std::isfinite(d) || d < 0 || d != std::floor(d)) {
            throw InputError(where,
                             "expected a whole number >= 0, got " + utf8(QString::number(d)));
        }
        if (d >= kMaxExactDouble) {  // JSON numbers are doubles: this one may have been rounded
            throw InputError(where,
                             "whole numbers of 2^53 and above must be written as decimal "
                             "strings (\"18446744073709551615\"), not " +
                                 utf8(QString::number(d, 'g', 17)));
        }
        return static_cast<uint64_t>(d);
    }
    static int64_t signedInt(const QJsonValue& v, const std::string& where) {
        if (!v.isDouble()) {
            wrongType(where, "a whole number", v);
        }
        const double d = v.toDouble();
        if (!std::isfinite(d) || d != std::floor(d)) {
            throw InputError(where, "expected a whole number, got " + utf8(QString::number(d)));
        }
        if (std::fabs(d) > kMaxExactDouble) {  // a JSON number this large may have been rounded
            throw InputError(where,
                             "expected a whole number of at most 2^53 = 9007199254740992, "
                             "got " +
                                 utf8(QString::number(d, 'g', 17)));
        }
        return static_cast<int64_t>(d);
    }
};

// A value of a closed set, by its name in the set's table.
template <typename Row, size_t N>
RowValue<Row> named(const QJsonValue& v, const std::string& where, const Row (&table)[N]) {
    const std::string name = Reader::string(v, where);
    const auto value = valueIn(table, name);
    if (!value) {
        throw InputError(where, unknownNameMessage(name, table));
    }
    return *value;
}

uint64_t readSpace(const QJsonValue& v) {
    if (v.isString()) {
        if (const auto space = parseSpace(utf8(v.toString()))) {
            return *space;
        }
    }
    const uint64_t space = Reader::unsignedInt(v, "space");
    if (!parseSpace(std::to_string(space))) {
        throw InputError("space", std::string(kSpaceRule) + ", not " + std::to_string(space));
    }
    return space;
}

QJsonValue writeSpace(uint64_t space) {
    if (space == kSpace32 || isFullSpace(space)) {
        return qstr(spaceName(space));
    }
    return writeUnsigned(space);
}

// A ring position: signed64 tokens are signed decimal strings (or numbers within ±2^53), every
// other space takes whole numbers >= 0.
uint64_t readPosition(const QJsonValue& v, const std::string& where, uint64_t space) {
    if (space != kSpaceSigned64) {
        return Reader::unsignedInt(v, where);
    }
    if (v.isString()) {
        const std::string text = Reader::string(v, where);
        if (const auto position = parsePosition(text, space)) {
            return *position;
        }
        throw InputError(
            where, "expected " + positionRule(space) + ", got \"" + text.substr(0, 40) + "\"");
    }
    return signed64ToPosition(Reader::signedInt(v, where));
}

QJsonValue writePosition(uint64_t position, uint64_t space) {
    return space == kSpaceSigned64 ? QJsonValue(qstr(formatPosition(position, space)))
                                   : writeUnsigned(position);
}

SlotRange readSlotRange(const QJsonValue& v, const std::string& where) {
    const QJsonArray a = Reader::array(v, where);
    if (a.size() != 2) {
        throw InputError(where, "expected [first, last], a range of slots");
    }
    const uint64_t first = Reader::unsignedInt(a[0], where + "[0]");
    const uint64_t last = Reader::unsignedInt(a[1], where + "[1]");
    if (first > last || last >= kRedisSlots) {
        throw InputError(where, "slot range " + std::to_string(first) + "-" + std::to_string(last) +
                                    " must run upwards within 0-16383");
    }
    return {static_cast<uint32_t>(first), static_cast<uint32_t>(last)};
}

SizeSpec readSizes(const QJsonValue& v) {
    const std::string where = "keys.sizes";
    const QJsonObject o = Reader::object(v, where);
    allowOnlyFields(o, {"fixed", "uniform", "lognormal"}, where);
    SizeSpec s;
    if (o.contains(u"fixed")) {
        s.kind = SizeSpec::Kind::Fixed;
        s.fixed = Reader::unsignedInt(o[u"fixed"], where + ".fixed");
    } else if (o.contains(u"uniform")) {
        s.kind = SizeSpec::Kind::Uniform;
        const QJsonArray a = Reader::array(o[u"uniform"], where + ".uniform");
        if (a.size() != 2) {
            throw InputError(where + ".uniform", "expected [min, max]");
        }
        s.min = Reader::unsignedInt(a[0], where + ".uniform[0]");
        s.max = Reader::unsignedInt(a[1], where + ".uniform[1]");
    } else if (o.contains(u"lognormal")) {
        s.kind = SizeSpec::Kind::LogNormal;
        const QJsonObject l = Reader::object(o[u"lognormal"], where + ".lognormal");
        allowOnlyFields(l, {"mu", "sigma"}, where + ".lognormal");
        s.mu = Reader::number(l[u"mu"], where + ".lognormal.mu");
        s.sigma = Reader::number(l[u"sigma"], where + ".lognormal.sigma");
    } else {
        throw InputError(where, "expected one of \"fixed\", \"uniform\" or \"lognormal\"");
    }
    return s;
}

QJsonObject writeSizes(const SizeSpec& s) {
    switch (s.kind) {
        case SizeSpec::Kind::None:
            return {};
        case SizeSpec::Kind::Fixed:
            return {{u"fixed"_s, writeUnsigned(s.fixed)}};
        case SizeSpec::Kind::Uniform:
            return {{u"uniform"_s, QJsonArray{writeUnsigned(s.min), writeUnsigned(s.max)}}};
        case SizeSpec::Kind::LogNormal:
            return {{u"lognormal"_s, QJsonObject{{u"mu"_s, s.mu}, {u"sigma"_s, s.sigma}}}};
    }
    return {};
}

KeySetSpec readKeys(const QJsonValue& v) {
    const QJsonObject o = Reader::object(v, "keys");
    allowOnlyFields(o, {"pattern", "count", "start", "list", "file", "sizes", "popularity", "seed"},
                    "keys");
    KeySetSpec k;
    if (o.contains(u"list")) {
        k.kind = KeySetSpec::Kind::List;
        const QJsonArray a = Reader::array(o[u"list"], "keys.list");
        for (qsizetype i = 0; i < a.size(); ++i) {
            k.list.push_back(Reader::string(a[i], "keys.list[" + std::to_string(i) + "]"));
        }
    } else if (o.contains(u"file")) {
        k.kind = KeySetSpec::Kind::File;
        k.file = Reader::string(o[u"file"], "keys.file");
    } else if (o.contains(u"pattern") || o.contains(u"count")) {
        k.kind = KeySetSpec::Kind::Pattern;
        if (o.contains(u"pattern")) {
            k.pattern = Reader::string(o[u"pattern"], "keys.pattern");
        }
        k.count = Reader::unsignedInt(o[u"count"], "keys.count");
        if (o.contains(u"start")) {
            k.start = Reader::unsignedInt(o[u"start"], "keys.start");
        }
    } else {
        throw InputError("keys", "expected \"pattern\" and \"count\", \"list\" or \"file\"");
    }
    if (o.contains(u"sizes")) {
        k.sizes = readSizes(o[u"sizes"]);
    }
    if (o.contains(u"popularity")) {
        const QJsonObject p = Reader::object(o[u"popularity"], "keys.popularity");
        allowOnlyFields(p, {"zipf", "requests"}, "keys.popularity");
        if (p.contains(u"zipf")) {
            k.popularity.kind = PopularitySpec::Kind::Zipf;
            k.popularity.s = Reader::number(p[u"zipf"], "keys.popularity.zipf");
        }
        if (p.contains(u"requests")) {
            k.popularity.requests = Reader::number(p[u"requests"], "keys.popularity.requests");
        }
    }
    if (o.contains(u"seed")) {
        k.seed = Reader::unsignedInt(o[u"seed"], "keys.seed");
    }
    return k;
}

QJsonObject writeKeys(const KeySetSpec& k) {
    QJsonObject o;
    switch (k.kind) {
        case KeySetSpec::Kind::Pattern:
            o[u"pattern"] = qstr(k.pattern);
            o[u"count"] = writeUnsigned(k.count);
            if (k.start != 0) {
                o[u"start"] = writeUnsigned(k.start);
            }
            break;
        case KeySetSpec::Kind::List: {
            QJsonArray a;
            for (const auto& key : k.list) {
                a.append(qstr(key));
            }
            o[u"list"] = a;
            break;
        }
        case KeySetSpec::Kind::File:
            o[u"file"] = qstr(k.file);
            break;
    }
    if (k.sizes.kind != SizeSpec::Kind::None) {
        o[u"sizes"] = writeSizes(k.sizes);
    }
    const PopularitySpec defaults;
    if (!(k.popularity == defaults)) {
        QJsonObject p;
        if (k.popularity.kind == PopularitySpec::Kind::Zipf) {
            p[u"zipf"] = k.popularity.s;
        }
        p[u"requests"] = k.popularity.requests;
        o[u"popularity"] = p;
    }
    if (k.seed != 1) {
        o[u"seed"] = writeUnsigned(k.seed);
    }
    return o;
}

// "#RRGGBB" (either case) as 0xRRGGBB.
uint32_t readColor(const QJsonValue& v, const std::string& where) {
    const std::string text = Reader::string(v, where);
    bool ok = text.size() == 7 && text[0] == '#';
    uint32_t rgb = 0;
    for (size_t i = 1; ok && i < text.size(); ++i) {
        const char c = text[i];
        const int digit = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
        ok = digit >= 0;
        rgb = rgb * 16 + uint32_t(std::max(digit, 0));
    }
    if (!ok) {
        throw InputError(
            where, "expected a colour written \"#RRGGBB\", got \"" + text.substr(0, 40) + "\"");
    }
    return rgb;
}

QString writeColor(uint32_t rgb) {
    return u'#' + QString::number(rgb & 0xFFFFFF, 16).rightJustified(6, u'0').toUpper();
}

NodeSpec readNode(const QJsonValue& v, size_t index, uint64_t space) {
    NodeSpec n;
    try {
        const QJsonObject o = Reader::object(v, "");
        if (!o.contains(u"id")) {
            throw InputError("id", "the node has no id");
        }
        n.id = Reader::string(o[u"id"], "id");
        allowOnlyFields(o, {"id", "tokens", "vnodes", "weight", "zone", "slots", "color", "down"},
                        "");
        if (o.contains(u"weight")) {
            n.weight = Reader::number(o[u"weight"], "weight");
        }
        if (o.contains(u"zone")) {
            n.zone = Reader::string(o[u"zone"], "zone");
        }
        if (o.contains(u"vnodes")) {
            n.vnodes = Reader::signedInt(o[u"vnodes"], "vnodes");
        }
        if (o.contains(u"color")) {
            n.color = readColor(o[u"color"], "color");
        }
        if (o.contains(u"down")) {
            n.down = Reader::boolean(o[u"down"], "down");
        }
        if (o.contains(u"tokens")) {
            const QJsonArray a = Reader::array(o[u"tokens"], "tokens");
            for (qsizetype i = 0; i < a.size(); ++i) {
                n.tokens.push_back(readPosition(a[i], "tokens[" + std::to_string(i) + "]", space));
            }
        }
        if (o.contains(u"slots")) {
            const QJsonArray a = Reader::array(o[u"slots"], "slots");
            for (qsizetype i = 0; i < a.size(); ++i) {
                n.slotRanges.push_back(readSlotRange(a[i], "slots[" + std::to_string(i) + "]"));
            }
        }
    } catch (InputError& e) {
        throw e.forNode(index, n.id);  // fields are named relative to the node
    }
    return n;
}

}  // namespace

Scenario scenarioFromJson(const QByteArray& json, const Limits& limits) {
    scanJson(std::string_view(json.constData(), size_t(json.size())), limits);
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        // Turn the byte offset into line:column for the message.
        const QByteArray head = json.left(error.offset);
        const qsizetype line = head.count('\n') + 1;
        const qsizetype column = error.offset - (head.lastIndexOf('\n') + 1) + 1;
        throw InputError("", "not valid JSON: " + utf8(error.errorString()))
            .atLine(static_cast<uint32_t>(line), static_cast<uint32_t>(column));
    }
    if (!doc.isObject()) {
        throw InputError("", "a scenario file must hold a JSON object");
    }
    const QJsonObject o = doc.object();
    if (!o.contains(u"format")) {
        throw InputError("format",
                         "missing; a scenario file starts with \"format\": \"ringscope/1\"");
    }
    const std::string format = Reader::string(o[u"format"], "format");
    if (format != kFormatV1) {
        throw InputError("format", "unsupported format " + quotedText(format) +
                                       "; this version reads \"ringscope/1\"");
    }
    allowOnlyFields(
        o,
        {"format", "title", "description", "algorithm", "space", "keyHash", "keyEncoding",
         "replicas", "zoneAware", "tokens", "maglev", "boundedLoad", "nodes", "jump", "keys"},
        "");
    Scenario s;
    if (o.contains(u"title")) {
        s.title = Reader::string(o[u"title"], "title");
    }
    if (o.contains(u"description")) {
        s.description = Reader::string(o[u"description"], "description");
    }
    if (o.contains(u"algorithm")) {
        s.algorithm = named(o[u"algorithm"], "algorithm", kAlgorithmNames);
    }
    s.space = o.contains(u"space") ? readSpace(o[u"space"]) : kSpace32;
    if (o.contains(u"keyHash")) {
        s.keyHash = named(o[u"keyHash"], "keyHash", kHashNames);
    }
    if (o.contains(u"keyEncoding")) {
        s.keyEncoding = named(o[u"keyEncoding"], "keyEncoding", kKeyEncodingNames);
    }
    if (o.contains(u"replicas")) {
        s.replicas = Reader::signedInt(o[u"replicas"], "replicas");
    }
    if (o.contains(u"zoneAware")) {
        s.zoneAware = Reader::boolean(o[u"zoneAware"], "zoneAware");
    }
    if (o.contains(u"tokens")) {
        const QJsonObject t = Reader::object(o[u"tokens"], "tokens");
        allowOnlyFields(t, {"scheme", "hash", "name", "minRingSize", "maxRingSize"}, "tokens");
        if (t.contains(u"scheme")) {
            s.tokenScheme = named(t[u"scheme"], "tokens.scheme", kTokenSchemeNames);
        }
        if (t.contains(u"hash")) {
            s.tokenHash = named(t[u"hash"], "tokens.hash", kHashNames);
        }
        if (t.contains(u"name")) {
            s.tokenName = Reader::string(t[u"name"], "tokens.name");
        }
        if (t.contains(u"minRingSize")) {
            s.envoyRing.minRingSize = Reader::unsignedInt(t[u"minRingSize"], "tokens.minRingSize");
        }
        if (t.contains(u"maxRingSize")) {
            s.envoyRing.maxRingSize = Reader::unsignedInt(t[u"maxRingSize"], "tokens.maxRingSize");
        }
    }
    if (o.contains(u"maglev")) {
        const QJsonObject m = Reader::object(o[u"maglev"], "maglev");
        allowOnlyFields(m, {"tableSize"}, "maglev");
        if (m.contains(u"tableSize")) {
            s.maglevTableSize = Reader::unsignedInt(m[u"tableSize"], "maglev.tableSize");
        }
    }
    if (o.contains(u"boundedLoad")) {
        const QJsonObject b = Reader::object(o[u"boundedLoad"], "boundedLoad");
        allowOnlyFields(b, {"factor"}, "boundedLoad");
        if (!b.contains(u"factor")) {
            throw InputError("boundedLoad.factor",
                             "missing; bounded loads need a balance factor such as 1.25");
        }
        s.boundedLoadPercent =
            balanceFactorPercent(Reader::number(b[u"factor"], "boundedLoad.factor"));
    }
    if (!o.contains(u"nodes")) {
        throw InputError("nodes", "missing; a scenario needs a list of nodes");
    }
    const QJsonArray nodes = Reader::array(o[u"nodes"], "nodes");
    checkLimit(limits, Limit::Nodes, static_cast<uint64_t>(nodes.size()), "nodes", "nodes");
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        s.nodes.push_back(readNode(nodes[i], static_cast<size_t>(i), s.space));
    }
    if (o.contains(u"jump")) {
        const QJsonObject j = Reader::object(o[u"jump"], "jump");
        allowOnlyFields(j, {"buckets"}, "jump");
        if (j.contains(u"buckets")) {
            const QJsonArray a = Reader::array(j[u"buckets"], "jump.buckets");
            if (static_cast<size_t>(a.size()) > s.nodes.size()) {
                throw InputError("jump.buckets", std::to_string(a.size()) + " buckets for " +
                                                     std::to_string(s.nodes.size()) +
                                                     " nodes; list every node exactly once");
            }
            std::unordered_map<std::string_view, uint32_t> indexOf;  // O(N + B), not O(N x B)
            for (size_t n = 0; n < s.nodes.size(); ++n) {
                indexOf.emplace(s.nodes[n].id, static_cast<uint32_t>(n));
            }
            for (qsizetype b = 0; b < a.size(); ++b) {
                const std::string where = "jump.buckets[" + std::to_string(b) + "]";
                const std::string id = Reader::string(a[b], where);
                const auto n = indexOf.find(id);
                if (n == indexOf.end()) {
                    throw InputError(where, "no node has the id " + quotedText(id));
                }
                s.jumpBuckets.push_back(n->second);
            }
        }
    }
    if (o.contains(u"keys")) {
        s.keys = readKeys(o[u"keys"]);
    }
    validate(s);
    checkWork(s, limits);
    return s;
}

QByteArray scenarioToJson(const Scenario& s) {
    QJsonObject o;
    if (!s.title.empty()) {
        o[u"title"] = qstr(s.title);
    }
    if (!s.description.empty()) {
        o[u"description"] = qstr(s.description);
    }
    o[u"algorithm"] = qstr(std::string(algorithmName(s.algorithm)));
    o[u"space"] = writeSpace(s.space);
    o[u"keyHash"] = qstr(std::string(hashName(s.keyHash)));
    if (s.keyEncoding != KeyEncoding::Utf8) {
        o[u"keyEncoding"] = qstr(std::string(keyEncodingName(s.keyEncoding)));
    }
    o[u"replicas"] = static_cast<qint64>(s.replicas);
    if (s.zoneAware) {
        o[u"zoneAware"] = true;
    }
    QJsonObject scheme{{u"scheme"_s, qstr(std::string(tokenSchemeName(s.tokenScheme)))},
                       {u"hash"_s, qstr(std::string(hashName(s.tokenHash)))},
                       {u"name"_s, qstr(s.tokenName)}};
    if (s.tokenScheme == TokenScheme::Envoy || s.envoyRing != EnvoyRingSizes{}) {
        scheme[u"minRingSize"] = writeUnsigned(s.envoyRing.minRingSize);
        scheme[u"maxRingSize"] = writeUnsigned(s.envoyRing.maxRingSize);
    }
    o[u"tokens"] = scheme;
    if (s.algorithm == Algorithm::Maglev || s.maglevTableSize != kMaglevDefaultTableSize) {
        o[u"maglev"] = QJsonObject{{u"tableSize"_s, writeUnsigned(s.maglevTableSize)}};
    }
    if (s.boundedLoadPercent) {
        o[u"boundedLoad"] = QJsonObject{{u"factor"_s, *s.boundedLoadPercent / 100.0}};
    }
    QJsonArray nodes;
    for (const NodeSpec& n : s.nodes) {
        QJsonObject node{{u"id"_s, qstr(n.id)}};
        if (!n.tokens.empty()) {
            QJsonArray tokens;
            for (const uint64_t t : n.tokens) {
                tokens.append(writePosition(t, s.space));
            }
            node[u"tokens"] = tokens;
        }
        if (n.vnodes) {
            node[u"vnodes"] = static_cast<qint64>(*n.vnodes);
        }
        if (!n.slotRanges.empty()) {
            QJsonArray ranges;
            for (const SlotRange& r : n.slotRanges) {
                ranges.append(
                    QJsonArray{static_cast<qint64>(r.first), static_cast<qint64>(r.last)});
            }
            node[u"slots"] = ranges;
        }
        if (n.weight != 1.0) {
            node[u"weight"] = n.weight;
        }
        if (!n.zone.empty()) {
            node[u"zone"] = qstr(n.zone);
        }
        if (n.color) {
            node[u"color"] = writeColor(*n.color);
        }
        if (n.down) {
            node[u"down"] = true;
        }
        nodes.append(node);
    }
    o[u"nodes"] = nodes;
    if (!s.jumpBuckets.empty()) {
        QJsonArray buckets;
        for (const uint32_t n : s.jumpBuckets) {
            buckets.append(qstr(s.nodes[n].id));
        }
        o[u"jump"] = QJsonObject{{u"buckets"_s, buckets}};
    }
    o[u"keys"] = writeKeys(s.keys);
    // QJsonDocument writes members in name order; "format" goes first, where the desktop's file
    // types and fileFormat() look for it (fileformat.h).
    const QByteArray members = QJsonDocument(o).toJson(QJsonDocument::Indented).mid(1);
    return "{\n    \"format\": \"" + QByteArray(kFormatV1) + '"' +
           (members.trimmed() == "}" ? QByteArray() : QByteArray(",")) + members;
}

void ReadOptions::waive(const Waiver& waiver) {
    switch (waiver.kind) {
        case Waiver::Kind::RaiseLimit:
            limits.set(waiver.limit, std::max(limits[waiver.limit], waiver.needed));
            break;
        case Waiver::Kind::ReadOutsideFolder:
            allowOutsideFiles = true;
            break;
    }
}

QByteArray readInputFile(const QString& path, const Limits& limits, Limit limit) {
    if (path.startsWith(u':')) {  // a Qt resource: built into the program
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            throw InputError("", "no such file").inFile(utf8(path));
        }
        checkLimit(limits, limit, static_cast<uint64_t>(file.size()), "", "bytes");
        return file.readAll();
    }
    const std::string bytes = readRegularFile(utf8(path), limits, limit);
    return QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
}

std::string resolveKeyFile(const QString& scenarioPath, const std::string& file, bool allowOutside,
                           std::string_view reader) {
    const QDir folder = QFileInfo(scenarioPath).absoluteDir();
    if (scenarioPath.startsWith(u':')) {  // a built-in scenario: nobody else wrote it
        return utf8(QDir::cleanPath(folder.absoluteFilePath(qstr(file))));
    }
    const QString written = QDir::cleanPath(folder.absoluteFilePath(qstr(file)));
    // Compare real paths: a symbolic link beside the scenario may point anywhere.
    const QString real = QFileInfo(written).canonicalFilePath();
    const QString resolved = real.isEmpty() ? written : real;
    const QString root = folder.canonicalPath();
    const bool inside =
        resolved == root || resolved.startsWith(root.endsWith(u'/') ? root : root + u'/');
    if (!allowOutside && !inside) {
        const std::string name(reader);
        throw InputError("keys.file", quotedText(file, kQuotedPathBytes) + " is outside the " +
                                          name + "'s folder (" + utf8(folder.path()) + "); a " +
                                          name + " reads key files beside it or below it")
            .waivable({Waiver::Kind::ReadOutsideFolder, {}, 0, utf8(resolved)});
    }
    return utf8(resolved);
}

Scenario loadScenarioFile(const QString& path, const ReadOptions& options) {
    const std::string where = utf8(path);
    try {
        Scenario s = scenarioFromJson(readInputFile(path, options.limits, Limit::ScenarioBytes),
                                      options.limits);
        if (s.keys.kind == KeySetSpec::Kind::File) {
            resolveKeyFile(path, s.keys.file, options.allowOutsideFiles);  // checks the folder
            s.keys.fileBase = utf8(QFileInfo(path).absolutePath());
        }
        return s;
    } catch (InputError& e) {
        throw e.inFile(where);
    }
}

Scenario loadScenarioFileAsking(const QString& path, ReadOptions& options,
                                const WaiverQuestion& ask) {
    for (;;) {
        try {
            Scenario scenario = loadScenarioFile(path, options);
            checkKeyFileWork(scenario, options.limits);
            return scenario;
        } catch (const InputError& e) {
            if (!e.waiver() || !ask || !ask(e)) {
                throw;
            }
            options.waive(*e.waiver());
        }
    }
}

KeySetSpec keysSavedIn(const KeySetSpec& keys, const QString& folder) {
    if (keys.kind != KeySetSpec::Kind::File || !QDir::isRelativePath(qstr(keys.file)) ||
        keys.fileBase.empty() || QDir(qstr(keys.fileBase)) == QDir(folder)) {
        return keys;
    }
    KeySetSpec saved = keys;
    saved.file = utf8(QDir(folder).relativeFilePath(qstr(keyFilePath(keys))));
    saved.fileBase = utf8(folder);
    return saved;
}

void saveScenarioFile(const Scenario& scenario, const QString& path) {
    Scenario saved = scenario;
    saved.keys = keysSavedIn(scenario.keys, QFileInfo(path).absolutePath());
    const QByteArray json = scenarioToJson(saved);
    writeFileAtomically(path, [&](QIODevice& file) { return file.write(json) == json.size(); });
}

void checkKeyFileWork(const Scenario& scenario, const Limits& limits) {
    if (scenario.keys.kind != KeySetSpec::Kind::File) {
        return;
    }
    checkKeyWork(scenario, readKeyFile(keyFilePath(scenario.keys), nullptr, limits).size(), limits);
}

KeySet scenarioKeys(const Scenario& scenario, const Limits& limits) {
    KeySet keys = generateKeys(scenario.keys, limits);
    checkKeyWork(scenario, keys.size(), limits);
    return keys;
}

}  // namespace ringscope
