#include "ringscope/scenariofile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ringscope/bounded_load.h"
#include "ringscope/error.h"
#include "ringscope/work.h"

namespace ringscope {

namespace {

// Calls fn(module) for every algorithm and token scheme: what they read from and write to a
// node's object.
template <typename Fn>
void forEachModule(Fn&& fn) {
    for (const auto& row : kAlgorithms) {
        fn(row.module());
    }
    for (const auto& row : kTokenSchemes) {
        fn(row.module());
    }
}

// The members a scenario file may hold at `part` of it (its top level, "tokens", a node): the
// core's own (`before`, then `after`), and between them those the modules read, in registry
// order, each once.
enum class FilePart : uint8_t { Root, Tokens, Node };
std::vector<std::string_view> knownFields(FilePart part,
                                          std::initializer_list<std::string_view> before,
                                          std::initializer_list<std::string_view> after = {}) {
    std::vector<std::string_view> known(before);
    forEachModule([&](const auto& module) {
        const FileFields fields = module.fileFields();
        const std::span<const std::string_view> own = part == FilePart::Root     ? fields.root
                                                      : part == FilePart::Tokens ? fields.tokens
                                                                                 : fields.node;
        for (const std::string_view field : own) {
            if (std::find(known.begin(), known.end(), field) == known.end()) {
                known.push_back(field);
            }
        }
    });
    known.insert(known.end(), after);
    return known;
}

uint64_t readSpace(const json::Value& v) {
    if (v.isString()) {
        if (const auto space = parseSpace(v.toString())) {
            return *space;
        }
    }
    const uint64_t space = json::unsignedInt(v, "space");
    if (!parseSpace(std::to_string(space))) {
        throw InputError("space", std::string(kSpaceRule) + ", not " + std::to_string(space));
    }
    return space;
}

json::Value writeSpace(uint64_t space) {
    if (space == kSpace32 || isFullSpace(space)) {
        return spaceName(space);
    }
    return json::Value::count(space);
}

// A ring position: signed64 tokens are signed decimal strings (or numbers within ±2^53), every
// other space takes whole numbers >= 0.
uint64_t readPosition(const json::Value& v, const std::string& where, uint64_t space) {
    if (space != kSpaceSigned64) {
        return json::unsignedInt(v, where);
    }
    if (v.isString()) {
        const std::string text = json::string(v, where);
        if (const auto position = parsePosition(text, space)) {
            return *position;
        }
        throw InputError(
            where, "expected " + positionRule(space) + ", got \"" + text.substr(0, 40) + "\"");
    }
    return signed64ToPosition(json::signedInt(v, where));
}

json::Value writePosition(uint64_t position, uint64_t space) {
    return space == kSpaceSigned64 ? json::Value(formatPosition(position, space))
                                   : json::Value::count(position);
}

SizeSpec readSizes(const json::Value& v) {
    const std::string where = "keys.sizes";
    const json::Object& o = json::object(v, where);
    json::allowOnly(o, {"fixed", "uniform", "lognormal"}, where);
    SizeSpec s;
    if (o.contains("fixed")) {
        s.kind = SizeSpec::Kind::Fixed;
        s.fixed = json::unsignedInt(o["fixed"], where + ".fixed");
    } else if (o.contains("uniform")) {
        s.kind = SizeSpec::Kind::Uniform;
        const json::Array& a = json::array(o["uniform"], where + ".uniform");
        if (a.size() != 2) {
            throw InputError(where + ".uniform", "expected [min, max]");
        }
        s.min = json::unsignedInt(a[0], where + ".uniform[0]");
        s.max = json::unsignedInt(a[1], where + ".uniform[1]");
    } else if (o.contains("lognormal")) {
        s.kind = SizeSpec::Kind::LogNormal;
        const json::Object& l = json::object(o["lognormal"], where + ".lognormal");
        json::allowOnly(l, {"mu", "sigma"}, where + ".lognormal");
        s.mu = json::number(l["mu"], where + ".lognormal.mu");
        s.sigma = json::number(l["sigma"], where + ".lognormal.sigma");
    } else {
        throw InputError(where, "expected one of \"fixed\", \"uniform\" or \"lognormal\"");
    }
    return s;
}

json::Object writeSizes(const SizeSpec& s) {
    switch (s.kind) {
        case SizeSpec::Kind::None:
            return {};
        case SizeSpec::Kind::Fixed:
            return {{"fixed", json::Value::count(s.fixed)}};
        case SizeSpec::Kind::Uniform:
            return {{"uniform", json::Array{json::Value::count(s.min), json::Value::count(s.max)}}};
        case SizeSpec::Kind::LogNormal:
            return {{"lognormal", json::Object{{"mu", s.mu}, {"sigma", s.sigma}}}};
    }
    return {};
}

KeySetSpec readKeys(const json::Value& v) {
    const json::Object& o = json::object(v, "keys");
    json::allowOnly(o, {"pattern", "count", "start", "list", "file", "sizes", "popularity", "seed"},
                    "keys");
    KeySetSpec k;
    if (o.contains("list")) {
        k.kind = KeySetSpec::Kind::List;
        const json::Array& a = json::array(o["list"], "keys.list");
        for (size_t i = 0; i < a.size(); ++i) {
            k.list.push_back(json::string(a[i], "keys.list[" + std::to_string(i) + "]"));
        }
    } else if (o.contains("file")) {
        k.kind = KeySetSpec::Kind::File;
        k.file = json::string(o["file"], "keys.file");
    } else if (o.contains("pattern") || o.contains("count")) {
        k.kind = KeySetSpec::Kind::Pattern;
        if (o.contains("pattern")) {
            k.pattern = json::string(o["pattern"], "keys.pattern");
        }
        k.count = json::unsignedInt(o["count"], "keys.count");
        if (o.contains("start")) {
            k.start = json::unsignedInt(o["start"], "keys.start");
        }
    } else {
        throw InputError("keys", "expected \"pattern\" and \"count\", \"list\" or \"file\"");
    }
    if (o.contains("sizes")) {
        k.sizes = readSizes(o["sizes"]);
    }
    if (o.contains("popularity")) {
        const json::Object& p = json::object(o["popularity"], "keys.popularity");
        json::allowOnly(p, {"zipf", "requests"}, "keys.popularity");
        if (p.contains("zipf")) {
            k.popularity.kind = PopularitySpec::Kind::Zipf;
            k.popularity.s = json::number(p["zipf"], "keys.popularity.zipf");
        }
        if (p.contains("requests")) {
            k.popularity.requests = json::number(p["requests"], "keys.popularity.requests");
        }
    }
    if (o.contains("seed")) {
        k.seed = json::unsignedInt(o["seed"], "keys.seed");
    }
    return k;
}

json::Object writeKeys(const KeySetSpec& k) {
    json::Object o;
    switch (k.kind) {
        case KeySetSpec::Kind::Pattern:
            o.set("pattern", k.pattern);
            o.set("count", json::Value::count(k.count));
            if (k.start != 0) {
                o.set("start", json::Value::count(k.start));
            }
            break;
        case KeySetSpec::Kind::List: {
            json::Array a;
            for (const auto& key : k.list) {
                a.push_back(key);
            }
            o.set("list", a);
            break;
        }
        case KeySetSpec::Kind::File:
            o.set("file", k.file);
            break;
    }
    if (k.sizes.kind != SizeSpec::Kind::None) {
        o.set("sizes", writeSizes(k.sizes));
    }
    const PopularitySpec defaults;
    if (!(k.popularity == defaults)) {
        json::Object p;
        if (k.popularity.kind == PopularitySpec::Kind::Zipf) {
            p.set("zipf", k.popularity.s);
        }
        p.set("requests", k.popularity.requests);
        o.set("popularity", p);
    }
    if (k.seed != 1) {
        o.set("seed", json::Value::count(k.seed));
    }
    return o;
}

// "#RRGGBB" (either case) as 0xRRGGBB.
uint32_t readColor(const json::Value& v, const std::string& where) {
    const std::string text = json::string(v, where);
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

std::string writeColor(uint32_t rgb) {
    char text[8];
    std::snprintf(text, sizeof text, "#%06X", static_cast<unsigned>(rgb & 0xFFFFFF));
    return text;
}

NodeSpec readNode(const json::Value& v, size_t index, uint64_t space) {
    NodeSpec n;
    try {
        const json::Object& o = json::object(v, "");
        if (!o.contains("id")) {
            throw InputError("id", "the node has no id");
        }
        n.id = json::string(o["id"], "id");
        static const std::vector<std::string_view> known = knownFields(
            FilePart::Node, {"id", "tokens", "vnodes", "weight", "zone"}, {"color", "down"});
        json::allowOnly(o, known, "");
        if (o.contains("weight")) {
            n.weight = json::number(o["weight"], "weight");
        }
        if (o.contains("zone")) {
            n.zone = json::string(o["zone"], "zone");
        }
        if (o.contains("vnodes")) {
            n.vnodes = json::signedInt(o["vnodes"], "vnodes");
        }
        if (o.contains("color")) {
            n.color = readColor(o["color"], "color");
        }
        if (o.contains("down")) {
            n.down = json::boolean(o["down"], "down");
        }
        if (o.contains("tokens")) {
            const json::Array& a = json::array(o["tokens"], "tokens");
            for (size_t i = 0; i < a.size(); ++i) {
                n.tokens.push_back(readPosition(a[i], "tokens[" + std::to_string(i) + "]", space));
            }
        }
        forEachModule([&](const auto& module) { module.readNode(o, n); });
    } catch (InputError& e) {
        throw e.forNode(index, n.id);  // fields are named relative to the node
    }
    return n;
}

}  // namespace

// Over 80 lines: reads the file's top-level fields in the format's order, each check beside its
// read.
Scenario scenarioFromValue(const json::Value& root, const Limits& limits) {
    if (!root.isObject()) {
        throw InputError("", "a scenario file must hold a JSON object");
    }
    const json::Object& o = json::object(root, "");
    if (!o.contains("format")) {
        throw InputError("format",
                         "missing; a scenario file starts with \"format\": \"ringscope/1\"");
    }
    const std::string format = json::string(o["format"], "format");
    if (format != kFormatV1) {
        throw InputError("format", "unsupported format " + quotedText(format) +
                                       "; this version reads \"ringscope/1\"");
    }
    static const std::vector<std::string_view> known =
        knownFields(FilePart::Root, {"format", "title", "description", "algorithm", "space",
                                     "keyHash", "keyEncoding", "replicas", "zoneAware", "tokens",
                                     "boundedLoad", "nodes", "keys"});
    json::allowOnly(o, known, "");
    Scenario s;
    if (o.contains("title")) {
        s.title = json::string(o["title"], "title");
        checkProse(s.title, "title");
    }
    if (o.contains("description")) {
        s.description = json::string(o["description"], "description");
        checkProse(s.description, "description");
    }
    if (o.contains("algorithm")) {
        s.algorithm = json::named(o["algorithm"], "algorithm", kAlgorithms);
    }
    s.space = o.contains("space") ? readSpace(o["space"]) : kSpace32;
    if (o.contains("keyHash")) {
        s.keyHash = json::named(o["keyHash"], "keyHash", kKeyHashes);
    }
    if (o.contains("keyEncoding")) {
        s.keyEncoding = json::named(o["keyEncoding"], "keyEncoding", kKeyEncodingNames);
    }
    if (o.contains("replicas")) {
        s.replicas = json::signedInt(o["replicas"], "replicas");
    }
    if (o.contains("zoneAware")) {
        s.zoneAware = json::boolean(o["zoneAware"], "zoneAware");
    }
    if (o.contains("tokens")) {
        const json::Object& t = json::object(o["tokens"], "tokens");
        static const std::vector<std::string_view> known =
            knownFields(FilePart::Tokens, {"scheme"});
        json::allowOnly(t, known, "tokens");
        if (t.contains("scheme")) {
            s.tokenScheme = json::named(t["scheme"], "tokens.scheme", kTokenSchemes);
        }
        // Every scheme's parameters, so a scenario switched between schemes keeps them.
        for (const auto& row : kTokenSchemes) {
            row.module().readParams(t, s);
        }
    }
    if (o.contains("boundedLoad")) {
        const json::Object& b = json::object(o["boundedLoad"], "boundedLoad");
        json::allowOnly(b, {"factor"}, "boundedLoad");
        if (!b.contains("factor")) {
            throw InputError("boundedLoad.factor",
                             "missing; bounded loads need a balance factor such as 1.25");
        }
        s.boundedLoadPercent =
            balanceFactorPercent(json::number(b["factor"], "boundedLoad.factor"));
    }
    if (!o.contains("nodes")) {
        throw InputError("nodes", "missing; a scenario needs a list of nodes");
    }
    const json::Array& nodes = json::array(o["nodes"], "nodes");
    checkLimit(limits, Limit::Nodes, static_cast<uint64_t>(nodes.size()), "nodes", "nodes");
    for (size_t i = 0; i < nodes.size(); ++i) {
        s.nodes.push_back(readNode(nodes[i], i, s.space));
    }
    // Every algorithm's parameters, which may name the nodes read above.
    for (const auto& row : kAlgorithms) {
        row.module().readParams(o, s);
    }
    if (o.contains("keys")) {
        s.keys = readKeys(o["keys"]);
    }
    validate(s);
    checkWork(s, limits);
    return s;
}

json::Value scenarioToValue(const Scenario& s) {
    json::Object o;
    o.set("format", kFormatV1);
    if (!s.title.empty()) {
        o.set("title", s.title);
    }
    if (!s.description.empty()) {
        o.set("description", s.description);
    }
    o.set("algorithm", algorithmName(s.algorithm));
    o.set("space", writeSpace(s.space));
    o.set("keyHash", hashName(s.keyHash));
    if (s.keyEncoding != KeyEncoding::Utf8) {
        o.set("keyEncoding", keyEncodingName(s.keyEncoding));
    }
    o.set("replicas", static_cast<int64_t>(s.replicas));
    if (s.zoneAware) {
        o.set("zoneAware", true);
    }
    json::Object tokens{{"scheme", tokenSchemeName(s.tokenScheme)}};
    for (const auto& row : kTokenSchemes) {
        row.module().writeParams(s, tokens);
    }
    o.set("tokens", tokens);
    for (const auto& row : kAlgorithms) {
        row.module().writeParams(s, o);
    }
    if (s.boundedLoadPercent) {
        o.set("boundedLoad", json::Object{{"factor", *s.boundedLoadPercent / 100.0}});
    }
    json::Array nodes;
    for (const NodeSpec& n : s.nodes) {
        json::Object node{{"id", n.id}};
        if (!n.tokens.empty()) {
            json::Array tokens;
            for (const uint64_t t : n.tokens) {
                tokens.push_back(writePosition(t, s.space));
            }
            node.set("tokens", tokens);
        }
        if (n.vnodes) {
            node.set("vnodes", static_cast<int64_t>(*n.vnodes));
        }
        forEachModule([&](const auto& module) { module.writeNode(n, node); });
        if (n.weight != 1.0) {
            node.set("weight", n.weight);
        }
        if (!n.zone.empty()) {
            node.set("zone", n.zone);
        }
        if (n.color) {
            node.set("color", writeColor(*n.color));
        }
        if (n.down) {
            node.set("down", true);
        }
        nodes.push_back(node);
    }
    o.set("nodes", nodes);
    o.set("keys", writeKeys(s.keys));
    return o;
}

}  // namespace ringscope
