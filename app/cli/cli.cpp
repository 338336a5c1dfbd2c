#include "cli.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <iomanip>
#include <ostream>

#include "filewrite.h"
#include "keyinput.h"
#include "render.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/stats.h"
#include "scenariojson.h"

namespace ringscope::cli {

namespace {

constexpr char kUsage[] =
    "usage:\n"
    "  ringscope-cli route SCENARIO [--keys FILE|-]... [--key K]...\n"
    "  ringscope-cli diff BEFORE AFTER [--keys FILE|-]... [--key K]...\n"
    "  ringscope-cli stats SCENARIO [--keys FILE|-]... [--key K]... [--json]\n"
    "  ringscope-cli render SCENARIO [--baseline BEFORE] [--size PX] -o FILE.png|FILE.svg\n"
    "  ringscope-cli limits\n"
    "Keys come from --keys files (one per line, - for stdin), --key arguments, or else the\n"
    "scenario's own key set. Errors go to stderr with exit code 2.\n"
    "Every command takes --limit NAME=VALUE (raise or lower one limit; `limits` lists them)\n"
    "and --allow-outside-files (let a scenario's keys.file point outside its folder).\n";

struct Options {
    std::vector<std::string> positional;
    ReadOptions read;
    KeyInput keys;
    bool json = false;
    std::string output;
    std::string baseline;
    int size = kDefaultPictureSize;
};

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
        if (a == "--limit") {
            o.read.limits.parse(value(), a);
        } else if (a == "--allow-outside-files") {
            o.read.allowOutsideFiles = true;
        } else if (a == "--keys") {
            o.keys.files.push_back(value());
        } else if (a == "--key") {
            o.keys.keys.push_back(value());
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
        l.scenario = loadScenarioFile(QString::fromStdString(path), o.read);
        l.placement = Placement::build(l.scenario, o.read.limits);
        if (sharedKeys) {
            checkKeyWork(l.scenario, sharedKeys->size(), o.read.limits);
            l.keys = *sharedKeys;
        } else {
            l.keys = resolveKeys(o.keys, l.scenario, o.read.limits);
        }
        l.hashed = hashKeys(l.keys, l.placement.keyHash(), l.placement.space());
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
            if (!out) {
                break;  // the output cannot be written: run() reports why
            }
        }
    }
    out << buffer;
    return 0;
}

// printf into a string of any length.
template <typename... Args>
std::string format(const char* pattern, Args... args) {
    const int size = std::snprintf(nullptr, 0, pattern, args...);
    std::string text(static_cast<size_t>(std::max(size, 0)), '\0');
    std::snprintf(text.data(), text.size() + 1, pattern, args...);
    return text;
}

std::string percent(double fraction) {
    return format("%.2f%%", fraction * 100.0);
}

// A byte total; one that reached 2^64 - 1 and stopped there says so ("≥18446744073709551615").
std::string byteCount(uint64_t bytes, bool saturated) {
    return (saturated && bytes == UINT64_MAX ? ">=" : "") + std::to_string(bytes);
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
        err << "bytes moved: " << byteCount(d.bytesMoved, d.bytesSaturated) << " of "
            << byteCount(d.totalBytes, d.bytesSaturated) << " ("
            << percent(d.totalBytes ? double(d.bytesMoved) / double(d.totalBytes) : 0) << ")\n";
        if (d.bytesSaturated) {
            err << "(byte totals stop at 2^64 - 1 = " << UINT64_MAX
                << "; the true totals are larger)\n";
        }
    }
    if (before.keys.hasPopularity) {
        err << "requests moved: " << std::fixed << std::setprecision(1) << d.requestsMoved << "\n";
    }
    return 0;
}

// A count as JSON: a number while doubles hold it exactly (2^53), else a decimal string, as
// scenario files write large positions.
QJsonValue jsonCount(uint64_t value) {
    constexpr uint64_t kMaxExact = uint64_t{1} << 53;
    return value < kMaxExact ? QJsonValue(qint64(value)) : QJsonValue(QString::number(value));
}

QJsonObject spreadJson(const Spread& s) {
    return {{QStringLiteral("mean"), s.mean},
            {QStringLiteral("maxOverMean"), s.maxOverMean},
            {QStringLiteral("minOverMean"), s.minOverMean},
            {QStringLiteral("stddevOverMean"), s.stddevOverMean}};
}

int stats(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "stats");
    const Loaded l = load(o.positional[0], o);
    const Stats s = computeStats(l.placement, l.assignment, l.keys);
    const auto& nodes = l.placement.nodes();
    if (o.json) {
        QJsonArray list;
        for (size_t n = 0; n < nodes.size(); ++n) {
            QJsonObject node{{QStringLiteral("id"), QString::fromStdString(nodes[n].id)},
                             {QStringLiteral("keys"), qint64(s.nodes[n].keys)},
                             {QStringLiteral("share"), s.nodes[n].share},
                             {QStringLiteral("bytes"), jsonCount(s.nodes[n].bytes)},
                             {QStringLiteral("requests"), s.nodes[n].requests}};
            if (s.nodes[n].bytesSaturated) {
                node[QStringLiteral("bytesSaturated")] = true;  // the true total is larger
            }
            list.append(node);
        }
        const QJsonObject root{{QStringLiteral("keys"), qint64(l.keys.size())},
                               {QStringLiteral("nodes"), list},
                               {QStringLiteral("keySpread"), spreadJson(s.keys)},
                               {QStringLiteral("byteSpread"), spreadJson(s.bytes)},
                               {QStringLiteral("requestSpread"), spreadJson(s.requests)}};
        out << QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
        return 0;
    }
    size_t width = 4;
    for (const auto& n : nodes) {
        width = std::max(width, n.id.size());
    }
    out << std::left << std::setw(static_cast<int>(width)) << "node"
        << "        keys    share           bytes        requests\n";
    bool saturated = false;
    for (size_t n = 0; n < nodes.size(); ++n) {
        saturated = saturated || s.nodes[n].bytesSaturated;
        out << std::left << std::setw(static_cast<int>(width)) << nodes[n].id
            << format(" %11llu  %6.2f%%  %14s  %14.1f\n",
                      static_cast<unsigned long long>(s.nodes[n].keys), s.nodes[n].share * 100,
                      byteCount(s.nodes[n].bytes, s.nodes[n].bytesSaturated).c_str(),
                      s.nodes[n].requests);
    }
    const auto spread = [&](const char* what, const Spread& sp) {
        out << format("%-8s max/mean %.4f  min/mean %.4f  stddev/mean %.4f\n", what, sp.maxOverMean,
                      sp.minOverMean, sp.stddevOverMean);
    };
    out << "total " << l.keys.size() << " keys on " << nodes.size() << " nodes\n";
    spread("keys", s.keys);
    spread("bytes", s.bytes);
    spread("requests", s.requests);
    if (saturated) {
        out << "(byte totals stop at 2^64 - 1 = " << UINT64_MAX
            << "; the true totals are larger)\n";
    }
    return 0;
}

int render(const Options& o, std::ostream& err) {
    expectScenarios(o, 1, "render");
    if (o.output.empty()) {
        throw InputError("render", "needs -o FILE.png or -o FILE.svg");
    }
    return renderScenarioFile(o.positional[0], o.baseline, o.output, o.size, err, o.read);
}

int limits(const Options& o, std::ostream& out) {
    out << "limit              default      value        counts\n";
    for (const LimitRow& row : kLimitRows) {
        out << format("%-18s %-12llu %-12llu %s\n", std::string(row.name).c_str(),
                      static_cast<unsigned long long>(row.fallback),
                      static_cast<unsigned long long>(o.read.limits[row.value]),
                      std::string(row.what).c_str());
    }
    return 0;
}

// What to do about a refusal the user may lift.
std::string hintFor(const InputError& e) {
    if (!e.waiver()) {
        return {};
    }
    switch (e.waiver()->kind) {
        case Waiver::Kind::RaiseLimit:
            return " (raise it with --limit " + std::string(limitName(e.waiver()->limit)) + "=" +
                   std::to_string(e.waiver()->needed) + ")";
        case Waiver::Kind::ReadOutsideFolder:
            return " (allow it with --allow-outside-files)";
    }
    return {};
}

int command(const std::string& name, const Options& o, std::ostream& out, std::ostream& err) {
    if (name == "route") {
        return route(o, out);
    }
    if (name == "diff") {
        return diffCommand(o, out, err);
    }
    if (name == "stats") {
        return stats(o, out);
    }
    if (name == "render") {
        return render(o, err);
    }
    if (name == "limits") {
        return limits(o, out);
    }
    throw InputError(name, std::string("unknown command\n") + kUsage);
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        if (args.empty() || args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
            if (args.empty()) {
                err << kUsage;
                return 2;
            }
            out << kUsage;
            finishOutput(out, "output");
            return 0;
        }
        const Options o = parse(args);
        const int code = command(args[0], o, out, err);
        finishOutput(out, "output");
        return code;
    } catch (const InputError& e) {
        err << "ringscope-cli: " << e.what() << hintFor(e) << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "ringscope-cli: " << describeFailure(e) << "\n";
        return 2;
    }
}

}  // namespace ringscope::cli
