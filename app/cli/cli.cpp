#include "cli.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <ostream>

#include "keyinput.h"
#include "numberformat.h"
#include "render.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/parallel.h"
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

// Keys per streamed batch: enough to keep every thread busy, few enough that a batch (names,
// owners, output text) stays within a few megabytes whatever the number of keys.
constexpr size_t kStreamBatch = size_t{1} << 17;

// A scenario and its placement.
struct Opened {
    std::string path;
    Scenario scenario;
    Placement placement;
};

// Runs `f`, naming the scenario file in any error that names no source of its own (a key file or
// --key names itself).
template <typename F>
auto naming(const std::string& path, F&& f) {
    try {
        return f();
    } catch (InputError& e) {
        throw e.hasSource() ? e : e.inFile(path);
    }
}

Opened open(const std::string& path) {
    return naming(path, [&] {
        Opened o{path, loadScenarioFile(QString::fromStdString(path)), {}};
        o.placement = Placement::build(o.scenario);
        return o;
    });
}

// One scenario with its whole key set held and assigned: for placements that place a key set
// together, and for Zipf popularity over keys whose count is unknown until read.
struct Loaded {
    KeySet keys;
    HashedKeys hashed;
    Assignment assignment;
};

Loaded load(const Opened& o, const KeyInput& input, const KeySet* sharedKeys = nullptr) {
    return naming(o.path, [&] {
        Loaded l;
        l.keys = sharedKeys ? *sharedKeys : resolveKeys(input, o.scenario);
        l.hashed = hashKeys(l.keys, o.placement.keyHash(), o.placement.space());
        l.assignment = assign(o.placement, l.keys.names, l.hashed);
        return l;
    });
}

bool hasZipf(const Scenario& s) {
    return s.keys.popularity.kind == PopularitySpec::Kind::Zipf;
}

// Keys stream a batch at a time unless a placement places the key set together, or the
// statistics need Zipf popularity (which ranks the whole key set) over keys still to be read.
bool streams(const KeyInput& input, const Scenario& keysOf, bool needsRequests,
             std::initializer_list<const Placement*> placements) {
    const bool countKnown = input.empty() && keysOf.keys.kind != KeySetSpec::Kind::File;
    if (needsRequests && hasZipf(keysOf) && !countKnown) {
        return false;
    }
    return std::all_of(placements.begin(), placements.end(),
                       [](const Placement* p) { return p->routesKeysAlone(); });
}

// Per key, its Zipf requests (the scenario's own key set), or empty without popularity.
std::vector<double> zipfRequests(const Scenario& s) {
    return hasZipf(s) ? generateKeys(s.keys).requests : std::vector<double>{};
}

// Runs format(chunk, first, last, text) over the batch split across the threads, then writes the
// chunks' texts in order.
template <typename Format>
void writeInOrder(size_t n, std::vector<std::string>& texts, std::ostream& out, Format format) {
    const size_t chunks = chunksFor(n, 16);
    texts.resize(std::max(texts.size(), chunks));
    for (size_t c = 0; c < chunks; ++c) {
        texts[c].clear();
    }
    forChunks(n, chunks,
              [&](size_t c, size_t first, size_t last) { format(c, first, last, texts[c]); });
    for (size_t c = 0; c < chunks; ++c) {
        out << texts[c];
    }
}

int route(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "route");
    const Opened s = open(o.positional[0]);
    const size_t r = s.placement.replicas();
    if (!streams(o.keys, s.scenario, false, {&s.placement})) {
        const Loaded l = load(s, o.keys);
        std::string buffer;
        for (size_t k = 0; k < l.keys.size(); ++k) {
            buffer += l.keys.names[k];
            buffer += '\t';
            appendOwnerList(buffer, s.placement, l.assignment.ownersOf(k));
            buffer += '\n';
            if (buffer.size() > (1 << 16)) {
                out << buffer;
                buffer.clear();
            }
        }
        out << buffer;
        return 0;
    }
    naming(s.path, [&] {
        KeyStream stream(o.keys, s.scenario);
        KeyBatch batch;
        std::vector<uint64_t> sizes;
        std::vector<uint32_t> owners;
        std::vector<std::string> texts;
        while (stream.next(batch, sizes, kStreamBatch)) {
            owners.resize(batch.size() * r);
            routeBatch(s.placement, batch, stream.source(), owners);
            writeInOrder(batch.size(), texts, out,
                         [&](size_t, size_t first, size_t last, std::string& text) {
                             for (size_t i = first; i < last; ++i) {
                                 text += batch.key(i);
                                 text += '\t';
                                 appendOwnerList(text, s.placement, {owners.data() + i * r, r});
                                 text += '\n';
                             }
                         });
        }
        return 0;
    });
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

// Streams the keys through both placements: the changed keys' lines in input order, the counts
// summed per batch. Owners are kept for one batch at a time.
DiffResult diffStreamed(const Opened& before, const Opened& after, const KeyInput& input,
                        std::ostream& out) {
    const std::vector<uint32_t> map = nodeRenumbering(after.placement, before.placement);
    const std::vector<double> requests = zipfRequests(before.scenario);
    DiffResult total;
    total.idealFraction = idealMovedFraction(before.placement, after.placement);
    const size_t ra = before.placement.replicas(), rb = after.placement.replicas();
    KeyStream stream = naming(before.path, [&] { return KeyStream(input, before.scenario); });
    KeyBatch batch;
    std::vector<uint64_t> sizes;
    std::vector<uint32_t> a, b;
    std::vector<std::string> texts;
    std::vector<DiffResult> parts(workerThreads());
    while (naming(before.path, [&] { return stream.next(batch, sizes, kStreamBatch); })) {
        a.resize(batch.size() * ra);
        b.resize(batch.size() * rb);
        naming(before.path, [&] { routeBatch(before.placement, batch, stream.source(), a); });
        naming(after.path, [&] { routeBatch(after.placement, batch, stream.source(), b); });
        writeInOrder(batch.size(), texts, out,
                     [&](size_t c, size_t first, size_t last, std::string& text) {
                         DiffResult& part = parts[c];
                         std::vector<uint32_t> y(rb);
                         for (size_t i = first; i < last; ++i) {
                             const std::span<const uint32_t> x(a.data() + i * ra, ra);
                             const std::span<const uint32_t> now(b.data() + i * rb, rb);
                             std::transform(now.begin(), now.end(), y.begin(),
                                            [&map](uint32_t n) { return map[n]; });
                             const double req = requests.empty() ? 0 : requests[batch.first + i];
                             if (part.count(x, y, sizes[i], req)) {
                                 text += batch.key(i);
                                 text += '\t';
                                 appendOwnerList(text, before.placement, x);
                                 text += '\t';
                                 appendOwnerList(text, after.placement, now);
                                 text += '\n';
                             }
                         }
                     });
        for (DiffResult& part : parts) {
            total.keys += part.keys;
            total.primaryMoved += part.primaryMoved;
            total.replicaOnly += part.replicaOnly;
            total.bytesMoved += part.bytesMoved;
            total.totalBytes += part.totalBytes;
            total.requestsMoved += part.requestsMoved;
            part = DiffResult{};
        }
    }
    return total;
}

int diffCommand(const Options& o, std::ostream& out, std::ostream& err) {
    expectScenarios(o, 2, "diff");
    const Opened before = open(o.positional[0]);
    const Opened after = open(o.positional[1]);
    DiffResult d;
    if (streams(o.keys, before.scenario, true, {&before.placement, &after.placement})) {
        d = diffStreamed(before, after, o.keys, out);
    } else {
        const Loaded a = load(before, o.keys);
        const Loaded b = load(after, o.keys, &a.keys);
        d = diff(before.placement, a.assignment, after.placement, b.assignment, a.keys);
        std::string buffer;
        for (const size_t k : d.changed) {
            buffer += a.keys.names[k] + '\t' +
                      ownerList(before.placement, a.assignment.ownersOf(k)) + '\t' +
                      ownerList(after.placement, b.assignment.ownersOf(k)) + '\n';
        }
        out << buffer;
    }
    err << "primary moved: " << d.primaryMoved << " of " << d.keys << " keys ("
        << percent(d.movedFraction()) << "), ideal " << percent(d.idealFraction) << "\n"
        << "replica set changed, primary kept: " << d.replicaOnly << " keys\n";
    if (before.scenario.keys.sizes.kind != SizeSpec::Kind::None) {
        err << "bytes moved: " << d.bytesMoved << " of " << d.totalBytes << " ("
            << percent(d.totalBytes ? double(d.bytesMoved) / double(d.totalBytes) : 0) << ")\n";
    }
    if (hasZipf(before.scenario)) {
        err << "requests moved: " << std::fixed << std::setprecision(1) << d.requestsMoved << "\n";
    }
    return 0;
}

// The statistics of the keys streamed through the placement, and how many there were.
Stats statsStreamed(const Opened& s, const KeyInput& input, uint64_t& count) {
    const std::vector<double> requests = zipfRequests(s.scenario);
    const size_t r = s.placement.replicas();
    std::vector<NodeLoad> loads(s.placement.nodes().size());
    count = 0;
    naming(s.path, [&] {
        KeyStream stream(input, s.scenario);
        KeyBatch batch;
        std::vector<uint64_t> sizes;
        std::vector<uint32_t> owners;
        while (stream.next(batch, sizes, kStreamBatch)) {
            owners.resize(batch.size() * r);
            routeBatch(s.placement, batch, stream.source(), owners);
            count += batch.size();
            for (size_t i = 0; i < batch.size(); ++i) {
                addKeyLoad(loads, owners[i * r], sizes[i],
                           requests.empty() ? 0 : requests[batch.first + i]);
            }
        }
        return 0;
    });
    const PopularitySpec& popularity = s.scenario.keys.popularity;
    return statsFromLoads(std::move(loads), count, hasZipf(s.scenario),
                          count ? popularity.requests / double(count) : 0.0, s.placement.weights());
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

int stats(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "stats");
    const Opened opened = open(o.positional[0]);
    uint64_t keyCount = 0;
    Stats s;
    if (streams(o.keys, opened.scenario, true, {&opened.placement})) {
        s = statsStreamed(opened, o.keys, keyCount);
    } else {
        const Loaded l = load(opened, o.keys);
        s = computeStats(opened.placement, l.assignment, l.keys);
        keyCount = l.keys.size();
    }
    const auto& nodes = opened.placement.nodes();
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
        QJsonObject root{{QStringLiteral("keys"), qint64(keyCount)},
                         {QStringLiteral("nodes"), list},
                         {QStringLiteral("keySpread"), spreadJson(s.keys, s.weighted)},
                         {QStringLiteral("byteSpread"), spreadJson(s.bytes, s.weighted)},
                         {QStringLiteral("requestSpread"), spreadJson(s.requests, s.weighted)}};
        if (s.weighted) {
            root[QStringLiteral("weighted")] = true;
        }
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
    out << "total " << keyCount << " keys on " << nodes.size() << " nodes";
    out << (s.weighted ? "; unequal weights: each node against its fair share w/sum(w)\n" : "\n");
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
