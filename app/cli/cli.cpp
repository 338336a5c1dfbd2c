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
    "Keys come from --keys files (one per line, - for stdin), --key arguments, or else the\n"
    "scenario's own key set. Errors go to stderr with exit code 2.\n";

struct Options {
    std::vector<std::string> positional;
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
        if (a == "--keys") {
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

Loaded load(const std::string& path, const KeyInput& input, const KeySet* sharedKeys = nullptr) {
    Loaded l;
    try {
        l.scenario = loadScenarioFile(QString::fromStdString(path));
        l.placement = Placement::build(l.scenario);
        l.keys = sharedKeys ? *sharedKeys : resolveKeys(input, l.scenario);
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
    const Loaded l = load(o.positional[0], o.keys);
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

std::string percent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f%%", fraction * 100.0);
    return text;
}

int diffCommand(const Options& o, std::ostream& out, std::ostream& err) {
    expectScenarios(o, 2, "diff");
    const Loaded before = load(o.positional[0], o.keys);
    const Loaded after = load(o.positional[1], o.keys, &before.keys);
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

QJsonObject spreadJson(const Spread& s) {
    return {{QStringLiteral("mean"), s.mean},
            {QStringLiteral("maxOverMean"), s.maxOverMean},
            {QStringLiteral("minOverMean"), s.minOverMean},
            {QStringLiteral("stddevOverMean"), s.stddevOverMean}};
}

int stats(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "stats");
    const Loaded l = load(o.positional[0], o.keys);
    const Stats s = computeStats(l.placement, l.assignment, l.keys);
    const auto& nodes = l.placement.nodes();
    if (o.json) {
        QJsonArray list;
        for (size_t n = 0; n < nodes.size(); ++n) {
            list.append(QJsonObject{{QStringLiteral("id"), QString::fromStdString(nodes[n].id)},
                                    {QStringLiteral("keys"), qint64(s.nodes[n].keys)},
                                    {QStringLiteral("share"), s.nodes[n].share},
                                    {QStringLiteral("bytes"), qint64(s.nodes[n].bytes)},
                                    {QStringLiteral("requests"), s.nodes[n].requests}});
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
    char line[256];
    out << std::left << std::setw(static_cast<int>(width)) << "node"
        << "        keys    share           bytes        requests\n";
    for (size_t n = 0; n < nodes.size(); ++n) {
        std::snprintf(line, sizeof line, " %11llu  %6.2f%%  %14llu  %14.1f\n",
                      static_cast<unsigned long long>(s.nodes[n].keys), s.nodes[n].share * 100,
                      static_cast<unsigned long long>(s.nodes[n].bytes), s.nodes[n].requests);
        out << std::left << std::setw(static_cast<int>(width)) << nodes[n].id << line;
    }
    const auto spread = [&](const char* what, const Spread& sp) {
        std::snprintf(line, sizeof line, "%-8s max/mean %.4f  min/mean %.4f  stddev/mean %.4f\n",
                      what, sp.maxOverMean, sp.minOverMean, sp.stddevOverMean);
        out << line;
    };
    out << "total " << l.keys.size() << " keys on " << nodes.size() << " nodes\n";
    spread("keys", s.keys);
    spread("bytes", s.bytes);
    spread("requests", s.requests);
    return 0;
}

int render(const Options& o, std::ostream& err) {
    expectScenarios(o, 1, "render");
    if (o.output.empty()) {
        throw InputError("render", "needs -o FILE.png or -o FILE.svg");
    }
    return renderScenarioFile(o.positional[0], o.baseline, o.output, o.size, err);
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
        err << "ringscope-cli: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "ringscope-cli: " << e.what() << "\n";
        return 2;
    }
}

}  // namespace ringscope::cli
