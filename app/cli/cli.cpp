#include "cli.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <iomanip>
#include <ostream>

#include "keyinput.h"
#include "numberformat.h"
#include "render.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/nodetool_ring.h"
#include "ringscope/stats.h"
#include "scenariojson.h"

namespace ringscope::cli {

namespace {

constexpr char kUsage[] =
    "usage:\n"
    "  ringscope-cli route SCENARIO [keys] [--key-encoding E]\n"
    "  ringscope-cli diff BEFORE AFTER [keys] [--key-encoding E]\n"
    "  ringscope-cli stats SCENARIO [keys] [--key-encoding E] [--json]\n"
    "  ringscope-cli render SCENARIO [--baseline BEFORE] [--size PX] -o FILE.png|FILE.svg\n"
    "  ringscope-cli hash --key-hash NAME [--key-encoding E] keys\n"
    "  ringscope-cli import nodetool-ring FILE|-\n"
    "Keys come from --keys FILE (one per line, - for stdin) and --key K, repeated, or else the\n"
    "scenario's own key set. --key-encoding (utf8, int32, int64, hex) says how a key's text\n"
    "becomes bytes. Errors go to stderr with exit code 2.\n";

// The most text `import` reads: far more than any cluster's nodetool ring prints.
constexpr qint64 kMaxImportBytes = qint64{256} * 1024 * 1024;

struct Options {
    std::vector<std::string> positional;
    KeyInput keys;
    std::optional<HashKind> keyHash;
    std::optional<KeyEncoding> keyEncoding;
    bool json = false;
    std::string output;
    std::string baseline;
    int size = kDefaultPictureSize;
};

// An option's value from a name table ("--key-hash md5").
template <typename Row, size_t N>
RowValue<Row> namedValue(const std::string& option, const std::string& value,
                         const Row (&table)[N]) {
    if (const auto found = valueIn(table, value)) {
        return *found;
    }
    throw InputError(option, unknownNameMessage(value, table));
}

Options parse(const std::vector<std::string>& args) {
    Options o;
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) {
                throw InputError(a, "needs a value");
            }
            return args[++i];
        };
        if (a == "--keys") {
            o.keys.files.push_back(value());
        } else if (a == "--key") {
            o.keys.keys.push_back(value());
        } else if (a == "--key-hash") {
            o.keyHash = namedValue(a, value(), kHashNames);
        } else if (a == "--key-encoding") {
            o.keyEncoding = namedValue(a, value(), kKeyEncodingNames);
        } else if (a == "--json") {
            o.json = true;
        } else if (a == "-o" || a == "--output") {
            o.output = value();
        } else if (a == "--baseline") {
            o.baseline = value();
        } else if (a == "--size") {
            const auto size = parseDecimalU64(value());
            if (!size || *size < uint64_t(kMinPictureSize) || *size > uint64_t(kMaxPictureSize)) {
                throw InputError("--size", "expected a pixel size between " +
                                               std::to_string(kMinPictureSize) + " and " +
                                               std::to_string(kMaxPictureSize));
            }
            o.size = static_cast<int>(*size);
        } else if (a.size() > 1 && a[0] == '-') {
            throw InputError(a, "unknown option");
        } else {
            o.positional.push_back(a);
        }
    }
    return o;
}

void expectScenarios(const Options& o, size_t count, const char* command) {
    if (o.positional.size() != count) {
        throw InputError(command, "expected " + std::to_string(count) + " scenario file" +
                                      (count > 1 ? "s" : "") + "\n" + kUsage);
    }
}

// One scenario, its placement, keys and assignment.
struct Loaded {
    Scenario scenario;
    Placement placement;
    KeySet keys;
    HashedKeys hashed;
    Assignment assignment;
};

Loaded load(const std::string& path, const Options& o, const KeySet* sharedKeys = nullptr) {
    Loaded l;
    try {
        l.scenario = loadScenarioFile(QString::fromStdString(path));
        if (o.keyEncoding) {
            l.scenario.keyEncoding = *o.keyEncoding;
        }
        l.placement = Placement::build(l.scenario);
        l.keys = sharedKeys ? *sharedKeys : resolveKeys(o.keys, l.scenario);
        l.hashed = hashKeys(l.keys, l.placement.keyHashing());
    } catch (InputError& e) {
        // Every error names its source: a key file or --key names itself, the rest the scenario.
        throw e.hasSource() ? e : e.inFile(path);
    }
    l.assignment = assign(l.placement, l.keys.names, l.hashed);
    return l;
}

int route(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "route");
    const Loaded l = load(o.positional[0], o);
    std::string buffer;
    for (size_t k = 0; k < l.keys.size(); ++k) {
        buffer += l.keys.names[k];
        buffer += '\t';
        buffer += ownerList(l.placement, l.assignment.ownersOf(k));
        buffer += '\n';
        if (buffer.size() > (1 << 16)) {
            out << buffer;
            buffer.clear();
        }
    }
    out << buffer;
    return 0;
}

std::string percent(double fraction) {
    return format::percent(fraction, 2).toStdString();
}

// Significant digits of the numbers `stats --json` writes: enough for any share or ratio a
// person compares, and free of binary noise (0.30000000000000004).
constexpr int kJsonDigits = 6;

QJsonValue jsonNumber(double value) {
    return format::roundSignificant(value, kJsonDigits);
}

int diffCommand(const Options& o, std::ostream& out, std::ostream& err) {
    expectScenarios(o, 2, "diff");
    const Loaded before = load(o.positional[0], o);
    const Loaded after = load(o.positional[1], o, &before.keys);
    const DiffResult d =
        diff(before.placement, before.assignment, after.placement, after.assignment, before.keys);
    std::string buffer;
    for (const size_t k : d.changed) {
        buffer += before.keys.names[k] + '\t' +
                  ownerList(before.placement, before.assignment.ownersOf(k)) + '\t' +
                  ownerList(after.placement, after.assignment.ownersOf(k)) + '\n';
    }
    out << buffer;
    err << "primary moved: " << d.primaryMoved << " of " << d.keys << " keys ("
        << percent(d.movedFraction()) << "), ideal " << percent(d.idealFraction) << "\n"
        << "replica set changed, primary kept: " << d.replicaOnly << " keys\n";
    if (before.keys.hasSizes) {
        err << "bytes moved: " << d.bytesMoved << " of " << d.totalBytes << " ("
            << percent(d.totalBytes ? double(d.bytesMoved) / double(d.totalBytes) : 0) << ")\n";
    }
    if (before.keys.hasPopularity) {
        err << "requests moved: " << std::fixed << std::setprecision(1) << d.requestsMoved << "\n";
    }
    return 0;
}

// With unequal weights the ratios against each node's fair share come too (with equal weights
// they are the ratios against the mean).
QJsonObject spreadJson(const Spread& s, bool weighted) {
    QJsonObject o{{QStringLiteral("mean"), jsonNumber(s.mean)},
                  {QStringLiteral("maxOverMean"), jsonNumber(s.maxOverMean)},
                  {QStringLiteral("minOverMean"), jsonNumber(s.minOverMean)},
                  {QStringLiteral("stddevOverMean"), jsonNumber(s.stddevOverMean)}};
    if (weighted) {
        o[QStringLiteral("maxOverIdeal")] = jsonNumber(s.maxOverIdeal);
        o[QStringLiteral("minOverIdeal")] = jsonNumber(s.minOverIdeal);
        o[QStringLiteral("stddevOverIdeal")] = jsonNumber(s.stddevOverIdeal);
    }
    return o;
}

// What stats adds for a production profile: bounded loads (each node's load against its
// capacity, the keys that landed away from their first choice), Maglev's table entries against
// M·w/Σw, Redis Cluster's slots.
struct ProfileStats {
    std::optional<BoundedLoadResult> bounded;
    const MaglevPlacement* maglev = nullptr;
    const RedisClusterPlacement* redis = nullptr;
};

ProfileStats profileStats(const Loaded& l) {
    return {l.placement.boundedLoads(l.hashed), l.placement.stateAs<MaglevPlacement>(),
            l.placement.stateAs<RedisClusterPlacement>()};
}

std::string slotRangesText(const RedisSlotMap& map, uint32_t node) {
    std::string text;
    for (const SlotRange& r : map.rangesOf(node)) {
        text += (text.empty() ? "" : ",") + std::to_string(r.first) +
                (r.first == r.last ? "" : "-" + std::to_string(r.last));
    }
    return text.empty() ? "-" : text;
}

void addProfileJson(const ProfileStats& p, const Loaded& l, QJsonArray& nodes, QJsonObject& root) {
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const auto n = static_cast<uint32_t>(i);
        QJsonObject node = nodes[i].toObject();
        if (p.bounded) {
            node[QStringLiteral("load")] = jsonNumber(p.bounded->load[n]);
            node[QStringLiteral("capacity")] = jsonNumber(p.bounded->capacity[n]);
        }
        if (p.maglev) {
            node[QStringLiteral("tableEntries")] = qint64(p.maglev->table().entryCount(n));
            node[QStringLiteral("idealEntries")] = jsonNumber(p.maglev->table().idealEntries(n));
        }
        if (p.redis) {
            node[QStringLiteral("slots")] = qint64(p.redis->slotMap().slotCount(n));
            node[QStringLiteral("slotRanges")] =
                QString::fromStdString(slotRangesText(p.redis->slotMap(), n));
        }
        nodes[i] = node;
    }
    if (p.bounded) {
        QJsonArray displaced;
        for (const uint32_t k : p.bounded->displaced) {
            displaced.append(QString::fromStdString(l.keys.names[k]));
        }
        root[QStringLiteral("boundedLoad")] = QJsonObject{
            {QStringLiteral("factor"), jsonNumber(*l.placement.boundedLoadPercent() / 100.0)},
            {QStringLiteral("displaced"), qint64(p.bounded->displaced.size())},
            {QStringLiteral("overCapacity"), qint64(p.bounded->overCapacity.size())},
            {QStringLiteral("displacedKeys"), displaced}};
    }
    if (p.maglev) {
        root[QStringLiteral("maglevTableSize")] = qint64(p.maglev->tableSize());
    }
}

void printProfile(const ProfileStats& p, const Loaded& l, size_t width, std::ostream& out) {
    const auto& nodes = l.placement.nodes();
    char line[256];
    const auto rows = [&](const char* header, const auto& row) {
        out << std::left << std::setw(static_cast<int>(width)) << "node" << header << "\n";
        for (uint32_t n = 0; n < nodes.size(); ++n) {
            out << std::left << std::setw(static_cast<int>(width)) << nodes[n].id << row(n) << "\n";
        }
    };
    if (p.bounded) {
        std::snprintf(line, sizeof line,
                      "bounded loads, factor %.2f: %zu of %zu keys landed away from their first "
                      "choice, %zu found no node with room\n",
                      *l.placement.boundedLoadPercent() / 100.0, p.bounded->displaced.size(),
                      l.keys.size(), p.bounded->overCapacity.size());
        out << line;
        rows("            load        capacity", [&](uint32_t n) {
            std::snprintf(line, sizeof line, " %15.1f %15.1f", p.bounded->load[n],
                          p.bounded->capacity[n]);
            return std::string(line);
        });
    }
    if (p.maglev) {
        out << "maglev table: " << p.maglev->tableSize() << " entries\n";
        rows("      entries   ideal M·w/Σw", [&](uint32_t n) {
            std::snprintf(line, sizeof line, " %12llu %14.2f",
                          static_cast<unsigned long long>(p.maglev->table().entryCount(n)),
                          p.maglev->table().idealEntries(n));
            return std::string(line);
        });
    }
    if (p.redis) {
        out << "redis cluster: " << kRedisSlots << " slots"
            << (p.redis->defaultSplit() ? " (redis-cli --cluster create's split)" : "") << "\n";
        rows("        slots  ranges", [&](uint32_t n) {
            std::snprintf(line, sizeof line, " %12u  ", p.redis->slotMap().slotCount(n));
            return std::string(line) + slotRangesText(p.redis->slotMap(), n);
        });
    }
}

int stats(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "stats");
    const Loaded l = load(o.positional[0], o);
    const Stats s = computeStats(l.placement, l.assignment, l.keys);
    const ProfileStats profile = profileStats(l);
    const auto& nodes = l.placement.nodes();
    if (o.json) {
        QJsonArray list;
        for (size_t n = 0; n < nodes.size(); ++n) {
            QJsonObject node{{QStringLiteral("id"), QString::fromStdString(nodes[n].id)},
                             {QStringLiteral("keys"), qint64(s.nodes[n].keys)},
                             {QStringLiteral("share"), jsonNumber(s.nodes[n].share)},
                             {QStringLiteral("bytes"), qint64(s.nodes[n].bytes)},
                             {QStringLiteral("requests"), jsonNumber(s.nodes[n].requests)}};
            if (s.weighted) {
                node[QStringLiteral("fairShare")] = jsonNumber(s.nodes[n].fairShare);
            }
            list.append(node);
        }
        QJsonObject root{{QStringLiteral("keys"), qint64(l.keys.size())},
                         {QStringLiteral("nodes"), list},
                         {QStringLiteral("keySpread"), spreadJson(s.keys, s.weighted)},
                         {QStringLiteral("byteSpread"), spreadJson(s.bytes, s.weighted)},
                         {QStringLiteral("requestSpread"), spreadJson(s.requests, s.weighted)}};
        if (s.weighted) {
            root[QStringLiteral("weighted")] = true;
        }
        addProfileJson(profile, l, list, root);
        root[QStringLiteral("nodes")] = list;
        out << QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
        return 0;
    }
    size_t width = 4;
    for (const auto& n : nodes) {
        width = std::max(width, n.id.size());
    }
    // Unequal weights: each node's fair share w/Σw is its ideal, shown next to its share, and
    // the spread is measured against it.
    char line[256];
    out << std::left << std::setw(static_cast<int>(width)) << "node"
        << (s.weighted ? "        keys    share    ideal           bytes        requests\n"
                       : "        keys    share           bytes        requests\n");
    for (size_t n = 0; n < nodes.size(); ++n) {
        const std::string ideal =
            s.weighted
                ? "  " + format::percent(s.nodes[n].fairShare, 2).rightJustified(7).toStdString()
                : std::string();
        std::snprintf(line, sizeof line, " %11llu  %7s%s  %14llu  %14.1f\n",
                      static_cast<unsigned long long>(s.nodes[n].keys),
                      format::percent(s.nodes[n].share, 2).toStdString().c_str(), ideal.c_str(),
                      static_cast<unsigned long long>(s.nodes[n].bytes), s.nodes[n].requests);
        out << std::left << std::setw(static_cast<int>(width)) << nodes[n].id << line;
    }
    const auto spread = [&](const char* what, const Spread& sp) {
        if (s.weighted) {
            std::snprintf(line, sizeof line,
                          "%-8s max/ideal %.4f  min/ideal %.4f  stddev/ideal %.4f\n", what,
                          sp.maxOverIdeal, sp.minOverIdeal, sp.stddevOverIdeal);
        } else {
            std::snprintf(line, sizeof line,
                          "%-8s max/mean %.4f  min/mean %.4f  stddev/mean %.4f\n", what,
                          sp.maxOverMean, sp.minOverMean, sp.stddevOverMean);
        }
        out << line;
    };
    out << "total " << l.keys.size() << " keys on " << nodes.size() << " nodes";
    out << (s.weighted ? "; unequal weights: each node against its fair share w/sum(w)\n" : "\n");
    spread("keys", s.keys);
    spread("bytes", s.bytes);
    spread("requests", s.requests);
    printProfile(profile, l, width, out);
    return 0;
}

// Each key's hash in its native form: KEY<TAB>VALUE (murmur3-cassandra: the signed token,
// redis-slot: the slot).
int hash(const Options& o, std::ostream& out) {
    if (!o.keyHash) {
        throw InputError(
            "hash", std::string("needs --key-hash NAME (one of: ") + choicesIn(kHashNames) + ")");
    }
    if (o.keys.empty() || !o.positional.empty()) {
        throw InputError("hash", std::string("takes keys from --keys FILE|- or --key K, and no "
                                             "scenario\n") +
                                     kUsage);
    }
    const KeySet keys = resolveKeys(o.keys, Scenario{});
    // The space leaves the 64-bit value as it is; only identity reads it (signed64 or not).
    const HashedKeys hashed =
        hashKeys(keys, KeyHashing{*o.keyHash, kSpace64, o.keyEncoding.value_or(KeyEncoding::Utf8)});
    std::string buffer;
    for (size_t k = 0; k < keys.size(); ++k) {
        buffer += keys.names[k] + '\t' + formatHashValue(*o.keyHash, hashed.hash64[k]) + '\n';
        if (buffer.size() > (1 << 16)) {
            out << buffer;
            buffer.clear();
        }
    }
    out << buffer;
    return 0;
}

// The scenario equivalent to a cluster's `nodetool ring` output, as JSON on stdout.
int import(const Options& o, std::ostream& out) {
    if (o.positional.size() != 2 || o.positional[0] != "nodetool-ring") {
        throw InputError("import", std::string("expected nodetool-ring FILE|-\n") + kUsage);
    }
    const std::string& path = o.positional[1];
    const bool stdinput = path == "-";
    const std::string source = stdinput ? "<stdin>" : path;
    QFile file;
    if (stdinput
            ? !file.open(stdin, QIODevice::ReadOnly)
            : (file.setFileName(QString::fromStdString(path)), !file.open(QIODevice::ReadOnly))) {
        throw InputError("", "cannot open: " + file.errorString().toStdString()).inFile(source);
    }
    const QByteArray text = file.read(kMaxImportBytes + 1);
    if (text.size() > kMaxImportBytes) {
        throw InputError("", "more than " + std::to_string(kMaxImportBytes) +
                                 " bytes; is this the output of nodetool ring?")
            .inFile(source);
    }
    const NodetoolRing ring =
        parseNodetoolRing(std::string_view(text.constData(), size_t(text.size())), source);
    const std::string name = stdinput ? source : QFileInfo(file).fileName().toStdString();
    out << scenarioToJson(nodetoolRingScenario(ring, name)).toStdString();
    return 0;
}

int render(const Options& o, std::ostream& err) {
    expectScenarios(o, 1, "render");
    if (o.output.empty()) {
        throw InputError("render", "needs -o FILE.png or -o FILE.svg");
    }
    return renderScenarioFile(o.positional[0], o.baseline, o.output, o.size, err);
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        if (args.empty() || args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
            (args.empty() ? err : out) << kUsage;
            return args.empty() ? 2 : 0;
        }
        const Options o = parse(args);
        if (args[0] == "route") {
            return route(o, out);
        }
        if (args[0] == "diff") {
            return diffCommand(o, out, err);
        }
        if (args[0] == "stats") {
            return stats(o, out);
        }
        if (args[0] == "render") {
            return render(o, err);
        }
        if (args[0] == "hash") {
            return hash(o, out);
        }
        if (args[0] == "import") {
            return import(o, out);
        }
        throw InputError(args[0], std::string("unknown command\n") + kUsage);
    } catch (const InputError& e) {
        err << "ringscope-cli: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "ringscope-cli: " << e.what() << "\n";
        return 2;
    }
}

}  // namespace ringscope::cli
