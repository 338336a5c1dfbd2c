#include "cli.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <ostream>
#include <random>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include "failoversummary.h"
#include "filewrite.h"
#include "jsonvalue.h"
#include "keyinput.h"
#include "lessonjson.h"
#include "lessonrun.h"
#include "migrationanalysis.h"
#include "numberformat.h"
#include "practice.h"
#include "render.h"
#include "ringscope/assign.h"
#include "ringscope/chisquare.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/inputfile.h"
#include "ringscope/names.h"
#include "ringscope/parallel.h"
#include "ringscope/plan.h"
#include "ringscope/registry.h"
#include "ringscope/stats.h"
#include "ringscope/work.h"
#include "scenariojson.h"

namespace ringscope::cli {

namespace {

// What `import` reads: the names of the modules' importers, "a|b|c".
std::string importerNames() {
    std::string names;
    for (const Importer* importer : allImporters()) {
        names += (names.empty() ? "" : "|") + std::string(importer->name);
    }
    return names;
}

// The options that name the part of a file an importer reads ("--upstream", "--backend"), each
// once, in registry order.
std::vector<std::string_view> partOptions() {
    std::vector<std::string_view> options;
    for (const Importer* importer : allImporters()) {
        if (!importer->partOption.empty() &&
            std::find(options.begin(), options.end(), importer->partOption) == options.end()) {
            options.push_back(importer->partOption);
        }
    }
    return options;
}

// A command's text with the importers filled in: IMPORTER (their names, "a|b|c"), PARTS (their
// part options, "--upstream NAME|--backend NAME") and PART-OPTIONS ("--upstream --backend").
std::string withImporters(std::string_view text) {
    std::string parts;
    std::string options;
    for (const std::string_view option : partOptions()) {
        parts += (parts.empty() ? "" : "|") + std::string(option) + " NAME";
        options += (options.empty() ? "" : " ") + std::string(option);
    }
    std::string out(text);
    for (const auto& [word, value] :
         {std::pair<std::string_view, std::string>{"IMPORTER", importerNames()},
          {"PART-OPTIONS", options},
          {"PARTS", parts}}) {
        if (const size_t at = out.find(word); at != std::string::npos) {
            out.replace(at, word.size(), value);
        }
    }
    return out;
}

// What every command's help ends with.
// The notes under the usage, each about options some commands take; a command's --help gives
// the ones about its own options (helpFor), the usage all of them.
constexpr std::string_view kKeysNote =
    "Keys come from --keys FILE (one per line, - for stdin) and --key K, repeated, or else the\n"
    "scenario's own key set.";
constexpr std::string_view kKeyEncodingNote =
    "--key-encoding (utf8, int32, int64, hex) says how a key's text becomes bytes.";
constexpr std::string_view kDownNote =
    "--down ID marks a node down (AFTER's, for diff): it keeps its tokens and serves nothing;\n"
    "the failover (lost primaries, who serves them, keys with no live copy, bytes to\n"
    "re-replicate, the hand-back) is reported.";
constexpr std::string_view kErrorsNote =
    "Errors go to stderr with exit code 2, as does output that cannot be written.";
constexpr std::string_view kLessonNote =
    "`lesson` prints a lesson as a learner reads it: each step's narration with its numbers,\n"
    "each question with its answer (--lang: English or Japanese).";
constexpr std::string_view kEveryCommandOptionsNote =
    "It also takes --limit NAME=VALUE and --allow-outside-files, as every command does.";
constexpr std::string_view kEveryCommandNote =
    "Every command takes --limit NAME=VALUE (raise or lower one limit; `limits` lists them)\n"
    "and --allow-outside-files (let a scenario's or a lesson's key files lie outside its "
    "folder).";

// Every command's synopsis in the GNU form ("Usage: ..." then "   or: ..."), then the notes.
std::string usage();

// The options any command reads (parse), for "did you mean".
constexpr std::string_view kOptionNames[] = {"--limit",    "--allow-outside-files",
                                             "--keys",     "--key",
                                             "--key-hash", "--key-encoding",
                                             "--down",     "--json",
                                             "-o",         "--output",
                                             "--baseline", "--size",
                                             "--lang",     "--help",
                                             "--matrix",   "--bandwidth",
                                             "--parallel", "--csv",
                                             "--seed",     "--count",
                                             "--answers"};

// Those and the importers' part options.
std::vector<std::string_view> optionNames() {
    std::vector<std::string_view> names(std::begin(kOptionNames), std::end(kOptionNames));
    const std::vector<std::string_view> parts = partOptions();
    names.insert(names.end(), parts.begin(), parts.end());
    return names;
}

// The name a mistyped `typed` most likely meant: one it starts, or the nearest within a third of
// its length (at least one edit, as ringscope::editDistance counts them). Empty when none is
// that near.
template <typename Names, typename NameOf>
std::string nearestName(std::string_view typed, const Names& names, NameOf nameOf) {
    std::string best;
    size_t bestDistance = std::max<size_t>(1, typed.size() / 3) + 1;
    for (const auto& row : names) {
        const std::string_view name = nameOf(row);
        const size_t distance =
            typed.size() >= 2 && name.starts_with(typed) ? 1 : editDistance(typed, name);
        if (distance < bestDistance) {
            best = std::string(name);
            bestDistance = distance;
        }
    }
    return best;
}

std::string didYouMean(std::string_view typed, const std::string& nearest) {
    return nearest.empty() || nearest == typed ? std::string()
                                               : "; did you mean `" + nearest + "`?";
}

struct Options {
    std::vector<std::string> positional;
    ReadOptions read;
    KeyInput keys;
    bool json = false;
    bool csv = false;
    bool matrix = false;              // diff: the node-pair counts instead of the keys
    std::optional<double> bandwidth;  // plan: bytes per second per node
    std::string bandwidthText;        // ... as typed
    uint32_t parallel = 1;            // plan: streams per node
    std::string output;
    std::string baseline;
    int size = kDefaultPictureSize;
    std::optional<HashKind> keyHash;
    std::optional<KeyEncoding> keyEncoding;
    std::vector<std::string> down;  // node ids to mark down
    std::string part;               // import: the part of the file to read (--upstream NAME, ...)
    std::string partOption;
    lesson::Language language = lesson::Language::English;
    std::optional<uint64_t> seed;  // practice: the session's seed (random without)
    uint64_t count = 10;           // practice: questions
    bool answers = false;          // practice: print them answered instead of asking
    std::istream* in = nullptr;    // practice: where the answers come from
};

lesson::Language languageNamed(const std::string& option, const std::string& code) {
    std::string codes;
    for (const lesson::Language language : lesson::kLanguages) {
        if (lesson::languageCode(language) == code) {
            return language;
        }
        codes += (codes.empty() ? "" : ", ") + std::string(lesson::languageCode(language));
    }
    throw InputError(option, "unknown language " + quotedText(code) + " (one of: " + codes + ")");
}

// An option's value from a name table ("--key-hash md5").
template <typename Row, size_t N>
RowValue<Row> namedValue(const std::string& option, const std::string& value,
                         const Row (&table)[N]) {
    if (const auto found = valueIn(table, value)) {
        return *found;
    }
    throw InputError(option, unknownNameMessage(value, table));
}

// plan --parallel: more streams per node than this is no plan a person runs.
constexpr uint64_t kMaxParallel = 1024;
// practice --count: a session longer than this is no practice a person sits through.
constexpr uint64_t kMaxPracticeQuestions = 1000;

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
        } else if (a == "--key-hash") {
            o.keyHash = namedValue(a, value(), kKeyHashes);
        } else if (a == "--key-encoding") {
            o.keyEncoding = namedValue(a, value(), kKeyEncodingNames);
        } else if (a == "--down") {
            o.down.push_back(value());
        } else if (a == "--json") {
            o.json = true;
        } else if (a == "--csv") {
            o.csv = true;
        } else if (a == "--matrix") {
            o.matrix = true;
        } else if (a == "--bandwidth") {
            o.bandwidthText = value();
            o.bandwidth = parseRate(o.bandwidthText, a);
        } else if (a == "--parallel") {
            const auto streams = parseDecimalU64(value());
            if (!streams || *streams < 1 || *streams > kMaxParallel) {
                throw InputError(a, "expected a number of streams per node between 1 and " +
                                        std::to_string(kMaxParallel));
            }
            o.parallel = static_cast<uint32_t>(*streams);
        } else if (a == "--seed") {
            o.seed = parseDecimalU64(value());
            if (!o.seed) {
                throw InputError(a, "expected a number from 0 to 18446744073709551615");
            }
        } else if (a == "--count") {
            const auto count = parseDecimalU64(value());
            if (!count || *count < 1 || *count > kMaxPracticeQuestions) {
                throw InputError(a, "expected a number of questions between 1 and " +
                                        std::to_string(kMaxPracticeQuestions));
            }
            o.count = *count;
        } else if (a == "--answers") {
            o.answers = true;
        } else if (a == "-o" || a == "--output") {
            o.output = value();
        } else if (a == "--lang") {
            o.language = languageNamed(a, value());
        } else if (a == "--baseline") {
            o.baseline = value();
        } else if (const auto parts = partOptions();
                   std::find(parts.begin(), parts.end(), a) != parts.end()) {
            o.part = value();
            o.partOption = a;
        } else if (a == "--size") {
            const auto size = parseDecimalU64(value());
            if (!size || *size < uint64_t(kMinPictureSize) || *size > uint64_t(kMaxPictureSize)) {
                throw InputError("--size", "expected a pixel size between " +
                                               std::to_string(kMinPictureSize) + " and " +
                                               std::to_string(kMaxPictureSize));
            }
            o.size = static_cast<int>(*size);
        } else if (a.size() > 1 && a[0] == '-') {
            throw InputError(
                a, "unknown option" +
                       didYouMean(
                           a, nearestName(a, optionNames(), [](std::string_view n) { return n; })));
        } else {
            o.positional.push_back(a);
        }
    }
    return o;
}

void expectScenarios(const Options& o, size_t count, const char* command) {
    if (o.positional.size() != count) {
        throw InputError(command, "expected " + std::to_string(count) + " scenario file" +
                                      (count > 1 ? "s" : "") + "\n" + usage());
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

// Marks the nodes named by --down as down. Throws InputError for an id the scenario lacks.
// O(N + D): the ids indexed once.
void markDown(Scenario& scenario, const std::vector<std::string>& ids) {
    if (ids.empty()) {
        return;
    }
    std::unordered_map<std::string_view, size_t> index;
    index.reserve(scenario.nodes.size());
    for (size_t n = 0; n < scenario.nodes.size(); ++n) {
        index.emplace(scenario.nodes[n].id, n);
    }
    for (const std::string& id : ids) {
        const auto node = index.find(id);
        if (node == index.end()) {
            std::string known;
            for (const NodeSpec& n : scenario.nodes) {
                if (known.size() > kQuotedIdBytes * 8) {  // a list, not a second copy of the file
                    known += ", …";
                    break;
                }
                known += (known.empty() ? "" : ", ") + n.id;
            }
            throw InputError("--down", "no node " + quotedText(id, kQuotedIdBytes) +
                                           " (the nodes: " + known + ")");
        }
        scenario.nodes[node->second].down = true;
    }
}

// `--key-encoding`, when given, overrides the scenario's keyEncoding; `down` lists the nodes to
// mark down.
Opened open(const std::string& path, const Options& options,
            const std::vector<std::string>& down = {}) {
    return naming(path, [&] {
        Opened o{path, loadScenarioFile(QString::fromStdString(path), options.read), {}};
        if (options.keyEncoding) {
            o.scenario.keyEncoding = *options.keyEncoding;
        }
        markDown(o.scenario, down);
        o.placement = Placement::build(o.scenario, options.read.limits);
        return o;
    });
}

// The same scenario with every node up: what a failure is measured against.
Opened allUp(const Opened& o, const Limits& limits) {
    Opened up = o;
    for (NodeSpec& node : up.scenario.nodes) {
        node.down = false;
    }
    up.placement = naming(o.path, [&] { return Placement::build(up.scenario, limits); });
    return up;
}

// One scenario with its whole key set held and assigned: for placements that place a key set
// together, and for Zipf popularity over keys whose count is unknown until read.
struct Loaded {
    KeySet keys;
    HashedKeys hashed;
    Assignment assignment;
};

Loaded load(const Opened& o, const Options& options, const KeySet* sharedKeys = nullptr) {
    return naming(o.path, [&] {
        Loaded l;
        if (sharedKeys) {
            checkKeyWork(o.scenario, keyVolume(sharedKeys->names), options.read.limits);
            l.keys = *sharedKeys;
        } else {
            l.keys = resolveKeys(options.keys, o.scenario, options.read.limits);
        }
        l.hashed = hashKeys(l.keys, o.placement.keyHashing());
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
std::vector<double> zipfRequests(const Scenario& s, const Limits& limits) {
    return hasZipf(s) ? generateKeys(s.keys, limits).requests : std::vector<double>{};
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

// Lines for `out`, written a block (64 KiB) at a time: the one buffered writer of the commands
// that print a line per key. add() reports false once `out` has failed (run() says why).
class BlockWriter {
public:
    explicit BlockWriter(std::ostream& out) : m_out(out) {}
    std::string& text() { return m_text; }
    bool add() {
        if (m_text.size() > kBlockBytes) {
            flush();
        }
        return bool(m_out);
    }
    void flush() {
        m_out << m_text;
        m_text.clear();
    }

private:
    static constexpr size_t kBlockBytes = size_t{1} << 16;
    std::ostream& m_out;
    std::string m_text;
};

int route(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "route");
    const Opened s = open(o.positional[0], o);
    const size_t r = s.placement.replicas();
    if (!streams(o.keys, s.scenario, false, {&s.placement})) {
        const Loaded l = load(s, o);
        BlockWriter lines(out);
        for (size_t k = 0; k < l.keys.size(); ++k) {
            std::string& line = lines.text();
            line += l.keys.names[k];
            line += '\t';
            appendOwnerList(line, s.placement, l.assignment.ownersOf(k));
            line += '\n';
            if (!lines.add()) {
                break;
            }
        }
        lines.flush();
        return 0;
    }
    naming(s.path, [&] {
        KeyStream stream(o.keys, s.scenario, o.read.limits);
        KeyBatch batch;
        std::vector<uint64_t> sizes;
        std::vector<uint32_t> owners;
        std::vector<std::string> texts;
        // Stops once the output cannot be written: run() reports why.
        while (out && stream.next(batch, sizes, kStreamBatch)) {
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

// printf into a string of any length (a node id or a slot list may be long).
template <typename... Args>
std::string printed(const char* pattern, Args... args) {
    const int size = std::snprintf(nullptr, 0, pattern, args...);
    std::string text(static_cast<size_t>(std::max(size, 0)), '\0');
    std::snprintf(text.data(), text.size() + 1, pattern, args...);
    return text;
}

constexpr char kSaturatedNote[] =
    "(byte totals stop at 2^64 - 1 = 18446744073709551615; the true totals are larger)\n";

// Significant digits of the numbers `stats --json` writes: enough for any share or ratio a
// person compares, and free of binary noise (0.30000000000000004).
constexpr int kJsonDigits = 6;

QJsonValue jsonNumber(double value) {
    return format::roundSignificant(value, kJsonDigits);
}

// Streams the keys through both placements: the changed keys' lines in input order (none
// without `out`), the counts summed per batch. Owners are kept for one batch at a time.
DiffResult diffStreamed(const Opened& before, const Opened& after, const KeyInput& input,
                        const Limits& limits, std::ostream* out, PlanCounter* plan) {
    const NodeMatch match = nodeMatch(before.scenario, after.scenario);  // a rename moves nothing
    const std::vector<uint32_t> map = nodeRenumbering(after.placement, before.placement, match);
    const std::optional<DownSides> down = downSidesOf(before.placement, after.placement, map);
    std::ostringstream discard;
    const std::vector<double> requests = zipfRequests(before.scenario, limits);
    DiffResult total;
    total.idealFraction = idealMovedFraction(before.placement, after.placement, match);
    const size_t ra = before.placement.replicas(), rb = after.placement.replicas();
    KeyStream stream =
        naming(before.path, [&] { return KeyStream(input, before.scenario, limits); });
    KeyBatch batch;
    std::vector<uint64_t> sizes;
    std::vector<uint32_t> a, b;
    std::vector<std::string> texts;
    std::vector<DiffResult> parts(workerThreads());
    if (plan) {
        *plan = PlanCounter(down);
    }
    std::vector<PlanCounter> planParts(plan ? parts.size() : 0, PlanCounter(down));
    // Stops once the output cannot be written: run() reports why.
    while ((!out || *out) &&
           naming(before.path, [&] { return stream.next(batch, sizes, kStreamBatch); })) {
        a.resize(batch.size() * ra);
        b.resize(batch.size() * rb);
        naming(before.path, [&] { routeBatch(before.placement, batch, stream.source(), a); });
        naming(after.path, [&] { routeBatch(after.placement, batch, stream.source(), b); });
        writeInOrder(batch.size(), texts, out ? *out : discard,
                     [&](size_t c, size_t first, size_t last, std::string& text) {
                         DiffResult& part = parts[c];
                         std::vector<uint32_t> y(rb);
                         for (size_t i = first; i < last; ++i) {
                             const std::span<const uint32_t> x(a.data() + i * ra, ra);
                             const std::span<const uint32_t> now(b.data() + i * rb, rb);
                             std::transform(now.begin(), now.end(), y.begin(),
                                            [&map](uint32_t n) { return map[n]; });
                             const double req = requests.empty() ? 0 : requests[batch.first + i];
                             if (plan) {
                                 planParts[c].count(x, y, sizes[i]);
                             }
                             if (part.count(x, y, sizes[i], req, down ? &*down : nullptr) && out) {
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
            total.addCounts(part);
            part = DiffResult{};
        }
        for (PlanCounter& part : planParts) {
            plan->add(part);
            part = PlanCounter(down);
        }
    }
    return total;
}

std::string joined(const std::vector<std::string>& ids) {
    std::string text;
    for (const std::string& id : ids) {
        text += (text.empty() ? "" : ", ") + id;
    }
    return text.empty() ? "-" : text;
}

// The failover lines that diff writes to stderr and stats to stdout.
void printFailover(const DiffResult& d, const Placement& before, const Placement& after,
                   std::ostream& out) {
    const FailoverSummary s =
        summarizeFailover(d.failover, commonNodeIds(before, after), before, after, d.keys);
    const FailoverCounts& f = s.counts;
    out << "went down: " << joined(s.wentDown) << "; came back up: " << joined(s.cameUp) << "\n";
    out << "primary lost: " << f.primaryLost << " of " << s.keys << " keys\n";
    switch (s.rule) {
        case FailoverRule::PromoteReplica:
            out << "  taken over by the master's promoted replica: " << f.promoted
                << " (no slot moves to another master)\n";
            break;
        case FailoverRule::NextLive: {
            // Each key once: served by a node that held a copy, by one that copies it from a
            // live replica, or, with no live copy, by its new primary as a miss (a cache) or not
            // at all (a store).
            if (s.replicas > 1) {  // with one copy a key has none elsewhere
                out << "  served by a node holding a copy: " << f.takenOverByCopy << "\n";
                out << "  served by a node copying it from a live replica: "
                    << f.takenOver - f.takenOverByCopy << "\n";
            }
            const std::string bytes = saturatedTotalText(f.bytesWithoutCopy, f.bytesSaturated);
            switch (s.role) {
                case NodeRole::Cache:
                    out << "  no live copy, a cache miss at its new primary: " << f.noReplica
                        << " keys (" << bytes << " bytes from the origin)\n";
                    break;
                case NodeRole::Store:
                    out << "  no live copy, unavailable until a node holding it comes back: "
                        << f.noReplica << " keys, " << bytes << " bytes\n";
                    break;
            }
            out << "  new primaries:";
            const char* separator = " ";
            for (const auto& [id, keys] : s.newPrimaries) {
                out << separator << id << " " << keys;
                separator = ", ";
            }
            out << (f.newPrimaries.empty() ? " -\n" : "\n");
            break;
        }
    }
    out << "replica lost, primary kept: " << f.replicaLost << " keys\n";
    out << "bytes to re-replicate (restore R = " << s.replicas
        << "): " << saturatedTotalText(f.bytesToReplicate, f.bytesSaturated) << "\n";
    out << "handed back: " << f.handedBack << " keys, "
        << saturatedTotalText(f.bytesHandedBack, f.bytesSaturated) << " bytes\n";
    if (f.bytesSaturated) {
        out << kSaturatedNote;
    }
}

// A count as JSON: a number while doubles hold it exactly (2^53), else a decimal string, as
// scenario files write large positions.
QJsonValue jsonCount(uint64_t value) {
    constexpr uint64_t kMaxExact = uint64_t{1} << 53;
    return value < kMaxExact ? QJsonValue(qint64(value)) : QJsonValue(QString::number(value));
}

QJsonObject failoverJson(const DiffResult& d, const Placement& before, const Placement& after) {
    const FailoverSummary s =
        summarizeFailover(d.failover, commonNodeIds(before, after), before, after, d.keys);
    const FailoverCounts& f = s.counts;
    const auto list = [](const std::vector<std::string>& v) {
        QJsonArray a;
        for (const std::string& id : v) {
            a.append(QString::fromStdString(id));
        }
        return a;
    };
    QJsonObject newPrimaries;
    for (const auto& [id, keys] : s.newPrimaries) {
        newPrimaries[QString::fromStdString(id)] = qint64(keys);
    }
    QJsonObject o{
        {QStringLiteral("wentDown"), list(s.wentDown)},
        {QStringLiteral("cameUp"), list(s.cameUp)},
        {QStringLiteral("keys"), qint64(s.keys)},
        {QStringLiteral("primaryLost"), qint64(f.primaryLost)},
        {QStringLiteral("takenOver"), qint64(f.takenOver)},
        {QStringLiteral("takenOverByReplica"), qint64(f.takenOverByCopy)},
        {QStringLiteral("newPrimaries"), newPrimaries},
        {QStringLiteral("promoted"), qint64(f.promoted)},
        {QStringLiteral("noReplica"), qint64(f.noReplica)},
        {QStringLiteral("replicaLost"), qint64(f.replicaLost)},
        {QStringLiteral("bytesToReplicate"), jsonCount(f.bytesToReplicate)},
        // What a key with no live copy is: a miss served from the origin (a cache,
        // a proxy), or unavailable (a store); its bytes are counted as such.
        {QStringLiteral("noReplicaIs"),
         s.role == NodeRole::Cache ? QStringLiteral("cacheMiss") : QStringLiteral("unavailable")},
        {s.role == NodeRole::Cache ? QStringLiteral("bytesFromOrigin")
                                   : QStringLiteral("bytesUnavailable"),
         jsonCount(f.bytesWithoutCopy)},
        {QStringLiteral("handedBack"), qint64(f.handedBack)},
        {QStringLiteral("bytesHandedBack"), jsonCount(f.bytesHandedBack)}};
    if (f.bytesSaturated) {
        o[QStringLiteral("bytesSaturated")] = true;  // the true totals are larger
    }
    return o;
}

// Compares two scenarios over one key set: streamed when both route keys alone; the changed
// keys' lines go to `out` when given, and the transfers are counted into `plan` when given.
DiffResult compare(const Opened& before, const Opened& after, const Options& o, std::ostream* out,
                   PlanCounter* plan = nullptr) {
    if (streams(o.keys, before.scenario, true, {&before.placement, &after.placement})) {
        return diffStreamed(before, after, o.keys, o.read.limits, out, plan);
    }
    const Loaded a = load(before, o);
    const Loaded b = load(after, o, &a.keys);
    const NodeMatch match = nodeMatch(before.scenario, after.scenario);
    DiffResult d =
        diff(before.placement, a.assignment, after.placement, b.assignment, a.keys, match);
    if (plan) {
        *plan = countTransfers(before.placement, a.assignment, after.placement, b.assignment,
                               a.keys, match);
    }
    if (out) {
        BlockWriter lines(*out);
        for (const size_t k : d.changed) {
            lines.text() += a.keys.names[k] + '\t' +
                            ownerList(before.placement, a.assignment.ownersOf(k)) + '\t' +
                            ownerList(after.placement, b.assignment.ownersOf(k)) + '\n';
            if (!lines.add()) {
                break;
            }
        }
        lines.flush();
    }
    return d;
}

// Columns padded to their widest cell, two spaces apart; numbers (`rightAligned` columns) to the
// right.
std::string alignedTable(const std::vector<std::vector<std::string>>& rows,
                         const std::vector<bool>& rightAligned) {
    std::vector<size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (size_t c = 0; c < row.size(); ++c) {
            widths[c] = std::max(widths[c], row[c].size());
        }
    }
    std::string text;
    for (const auto& row : rows) {
        std::string line;
        for (size_t c = 0; c < row.size(); ++c) {
            const std::string pad(widths[c] - row[c].size(), ' ');
            const bool right = c < rightAligned.size() && rightAligned[c];
            line +=
                (c ? "  " : "") + (right ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : ""));
        }
        text += line + "\n";
    }
    return text;
}

std::string idOf(const std::vector<std::string>& ids, uint32_t n) {
    return n < ids.size() ? ids[n] : "-";
}

QJsonValue jsonId(const std::vector<std::string>& ids, uint32_t n) {
    return n < ids.size() ? QJsonValue(QString::fromStdString(ids[n])) : QJsonValue();
}

// diff --matrix: the keys (and bytes) whose primary moved, by owner before (rows) and after
// (columns), with each row's and column's total.
constexpr size_t kMaxGridCells = 250'000;  // 500 x 500 nodes
void writePairGrid(const std::vector<PairCounts::Pair>& pairs, const std::vector<std::string>& ids,
                   bool bytes, bool bytesSaturated, std::ostream& out) {
    const bool saturated = bytes && bytesSaturated;  // sums of bytes stopped at 2^64 - 1
    std::vector<uint32_t> rows, columns;
    for (const PairCounts::Pair& p : pairs) {
        rows.push_back(p.from);
        columns.push_back(p.to);
    }
    for (auto* v : {&rows, &columns}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    const auto at = [](const std::vector<uint32_t>& v, uint32_t n) {
        return size_t(std::lower_bound(v.begin(), v.end(), n) - v.begin());
    };
    // A grid is for reading: past kMaxGridCells it is neither readable nor small (40,000 nodes
    // under mod-N asked for 1.6e9 cells). The pairs themselves are in the JSON, one per move.
    if (rows.size() * columns.size() > kMaxGridCells) {
        throw InputError("--matrix", "the grid would have " + std::to_string(rows.size()) +
                                         " rows x " + std::to_string(columns.size()) +
                                         " columns, more than " + std::to_string(kMaxGridCells) +
                                         " cells to print; --matrix --json lists the " +
                                         std::to_string(pairs.size()) + " node pairs instead");
    }
    std::vector<std::vector<uint64_t>> cells(rows.size(), std::vector<uint64_t>(columns.size()));
    std::vector<uint64_t> rowSums(rows.size()), columnSums(columns.size());
    uint64_t total = 0;
    for (const PairCounts::Pair& p : pairs) {
        const uint64_t v = bytes ? p.bytes : p.keys;
        cells[at(rows, p.from)][at(columns, p.to)] = v;
        rowSums[at(rows, p.from)] = saturatingAdd(rowSums[at(rows, p.from)], v);
        columnSums[at(columns, p.to)] = saturatingAdd(columnSums[at(columns, p.to)], v);
        total = saturatingAdd(total, v);
    }
    std::vector<std::vector<std::string>> table;
    table.push_back({bytes ? "bytes: before \\ after" : "keys: before \\ after"});
    for (const uint32_t c : columns) {
        table.back().push_back(idOf(ids, c));
    }
    table.back().push_back("total");
    for (size_t r = 0; r < rows.size(); ++r) {
        table.push_back({idOf(ids, rows[r])});
        for (const uint64_t v : cells[r]) {
            table.back().push_back(v ? saturatedTotalText(v, saturated) : ".");
        }
        table.back().push_back(saturatedTotalText(rowSums[r], saturated));
    }
    table.push_back({"total"});
    for (const uint64_t v : columnSums) {
        table.back().push_back(saturatedTotalText(v, saturated));
    }
    table.back().push_back(saturatedTotalText(total, saturated));
    std::vector<bool> right(columns.size() + 2, true);
    right[0] = false;
    out << alignedTable(table, right);
}

// One JSON value as QJsonDocument writes it.
std::string jsonText(const QJsonValue& value) {
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2).toStdString();  // the array's brackets off
}

// diff --matrix --json, written as QJsonDocument writes it indented but one move at a time: its
// memory is the node ids', not the moves' (a million moves as one document took 950 MB).
void writeMatrixJson(const std::vector<PairCounts::Pair>& pairs,
                     const std::vector<std::string>& ids, const DiffResult& d, bool saturated,
                     std::ostream& out) {
    out << "{\n    \"bytesMoved\": " << jsonText(jsonCount(d.bytesMoved)) << ",\n";
    if (saturated) {  // byte totals stopped at 2^64 - 1: the true ones are larger
        out << "    \"bytesSaturated\": true,\n";
    }
    out << "    \"keys\": " << jsonText(jsonCount(d.keys)) << ",\n";
    out << "    \"moves\": [\n";
    for (size_t i = 0; i < pairs.size(); ++i) {
        const PairCounts::Pair& p = pairs[i];
        out << "        {\n            \"bytes\": " << jsonText(jsonCount(p.bytes))
            << ",\n            \"from\": " << jsonText(jsonId(ids, p.from))
            << ",\n            \"keys\": " << jsonText(jsonCount(p.keys))
            << ",\n            \"to\": " << jsonText(jsonId(ids, p.to)) << "\n        }"
            << (i + 1 < pairs.size() ? ",\n" : "\n");
    }
    out << "    ],\n    \"nodes\": [\n";
    for (size_t n = 0; n < ids.size(); ++n) {
        out << "        " << jsonText(QString::fromStdString(ids[n]))
            << (n + 1 < ids.size() ? ",\n" : "\n");
    }
    out << "    ],\n    \"primaryMoved\": " << jsonText(jsonCount(d.primaryMoved)) << ",\n";
    out << "    \"totalBytes\": " << jsonText(jsonCount(d.totalBytes)) << "\n}\n";
}

void writeMatrix(const PlanCounter& counter, const std::vector<std::string>& ids,
                 const DiffResult& d, bool sized, bool json, std::ostream& out) {
    const std::vector<PairCounts::Pair> pairs = counter.primaryPairs().pairs();
    if (json) {
        writeMatrixJson(pairs, ids, d, counter.saturated() || d.bytesSaturated, out);
        return;
    }
    if (pairs.empty()) {
        out << "no key changes its primary\n";
        return;
    }
    const bool saturated = counter.saturated() || d.bytesSaturated;
    writePairGrid(pairs, ids, false, false, out);
    if (sized) {
        out << "\n";
        writePairGrid(pairs, ids, true, saturated, out);
        if (saturated) {
            out << kSaturatedNote;
        }
    }
}

int diffCommand(const Options& o, std::ostream& out, std::ostream& err) {
    expectScenarios(o, 2, "diff");
    if (o.json && !o.matrix) {
        throw InputError("--json", "diff writes JSON with --matrix (the node-pair counts)");
    }
    const Opened before = open(o.positional[0], o);
    const Opened after = open(o.positional[1], o, o.down);
    PlanCounter counter;
    const DiffResult d =
        compare(before, after, o, o.matrix ? nullptr : &out, o.matrix ? &counter : nullptr);
    if (o.matrix) {
        writeMatrix(counter,
                    commonNodeIds(before.placement, after.placement,
                                  nodeMatch(before.scenario, after.scenario)),
                    d, before.scenario.keys.sizes.kind != SizeSpec::Kind::None, o.json, out);
    }
    err << "primary moved: " << d.primaryMoved << " of " << d.keys << " keys ("
        << percent(d.movedFraction()) << "), ideal " << percent(d.idealFraction) << "\n"
        << "replica set changed, primary kept: " << d.replicaOnly << " keys\n";
    if (before.scenario.keys.sizes.kind != SizeSpec::Kind::None) {
        err << "bytes moved: " << saturatedTotalText(d.bytesMoved, d.bytesSaturated) << " of "
            << saturatedTotalText(d.totalBytes, d.bytesSaturated) << " ("
            << percent(d.bytesMovedFraction()) << ")\n";
        if (d.bytesSaturated) {
            err << kSaturatedNote;
        }
    }
    if (hasZipf(before.scenario)) {
        err << "requests moved: " << std::fixed << std::setprecision(1) << d.requestsMoved << "\n";
    }
    if (d.hasDown) {
        printFailover(d, before.placement, after.placement, err);
    }
    return 0;
}

void writePlanJson(const MigrationPlan& plan, const std::vector<std::string>& ids, const Options& o,
                   std::ostream& out) {
    QJsonArray moves;
    uint64_t totalKeys = 0, totalBytes = 0;
    for (const Transfer& t : plan.transfers) {
        QJsonObject m{{QStringLiteral("kind"), QString::fromLatin1(transferKindName(t.kind))},
                      {QStringLiteral("from"), jsonId(ids, t.from)},
                      {QStringLiteral("to"), jsonId(ids, t.to)},
                      {QStringLiteral("keys"), jsonCount(t.keys)},
                      {QStringLiteral("bytes"), jsonCount(t.bytes)}};
        if (t.inPlace()) {
            m[QStringLiteral("inPlace")] = true;  // a replica promoted: nothing is sent
        }
        if (plan.seconds) {
            m[QStringLiteral("seconds")] = jsonNumber(t.seconds);
        }
        moves.append(m);
        totalKeys = saturatingAdd(totalKeys, t.keys);
        totalBytes = saturatingAdd(totalBytes, t.bytes);
    }
    QJsonArray nodes;
    for (size_t n = 0; n < plan.nodes.size(); ++n) {
        const NodeTraffic& t = plan.nodes[n];
        QJsonObject node{{QStringLiteral("id"), QString::fromStdString(ids[n])},
                         {QStringLiteral("outKeys"), jsonCount(t.outKeys)},
                         {QStringLiteral("outBytes"), jsonCount(t.outBytes)},
                         {QStringLiteral("inKeys"), jsonCount(t.inKeys)},
                         {QStringLiteral("inBytes"), jsonCount(t.inBytes)}};
        if (plan.seconds) {
            node[QStringLiteral("seconds")] = jsonNumber(t.seconds);
        }
        nodes.append(node);
    }
    const QJsonObject root{
        {QStringLiteral("moves"), moves},
        {QStringLiteral("nodes"), nodes},
        {QStringLiteral("totalKeys"), jsonCount(totalKeys)},
        {QStringLiteral("totalBytes"), jsonCount(totalBytes)},
        {QStringLiteral("primaryKeys"), jsonCount(plan.primaryKeys)},
        {QStringLiteral("primaryBytes"), jsonCount(plan.primaryBytes)},
        {QStringLiteral("copyKeys"), jsonCount(plan.copyKeys)},
        {QStringLiteral("copyBytes"), jsonCount(plan.copyBytes)},
        {QStringLiteral("sentKeys"), jsonCount(plan.sentKeys)},
        {QStringLiteral("sentBytes"), jsonCount(plan.sentBytes)},
        {QStringLiteral("unavailableKeys"), jsonCount(plan.unavailableKeys)},
        {QStringLiteral("unavailableBytes"), jsonCount(plan.unavailableBytes)},
        {QStringLiteral("bytesPerSecond"), o.bandwidth ? jsonNumber(*o.bandwidth) : QJsonValue()},
        {QStringLiteral("parallel"), qint64(o.parallel)},
        {QStringLiteral("seconds"), plan.seconds ? jsonNumber(*plan.seconds) : QJsonValue()}};
    QJsonObject written = root;
    if (plan.bytesSaturated) {
        written[QStringLiteral("bytesSaturated")] = true;  // byte totals and times: at least
    }
    out << QJsonDocument(written).toJson(QJsonDocument::Indented).toStdString();
}

void writePlanText(const MigrationPlan& plan, const std::vector<std::string>& ids,
                   const DiffResult& d, bool sized, const Options& o, std::ostream& out) {
    const bool sat = plan.bytesSaturated;
    out << "primaries: " << plan.primaryKeys << " of " << d.keys << " keys move, "
        << saturatedTotalText(plan.primaryBytes, sat) << " bytes\n"
        << "replica copies: " << plan.copyKeys << ", " << saturatedTotalText(plan.copyBytes, sat)
        << " bytes\n"
        << "sent: " << plan.sentKeys << " keys, " << saturatedTotalText(plan.sentBytes, sat)
        << " bytes";
    if (plan.inPlaceKeys) {
        out << " (" << plan.inPlaceKeys
            << " more promoted in place: their new primary held a copy)";
    }
    out << "\n";
    if (!sized) {
        out << "(the keys have no sizes: each counts as one byte; keys.sizes gives them theirs)\n";
    }
    if (plan.unavailableKeys) {
        out << "no live holder: " << plan.unavailableKeys << " keys, "
            << saturatedTotalText(plan.unavailableBytes, sat) << " bytes cannot be copied\n";
    }
    if (sat) {
        out << kSaturatedNote;
    }
    if (plan.seconds) {
        out << "duration: " << (sat ? "at least " : "") << planSecondsText(*plan.seconds)
            << " s at " << o.bandwidthText << " per node, " << o.parallel
            << (o.parallel == 1 ? " stream" : " streams") << " each";
        if (plan.busiestNode) {
            out << " (busiest: " << idOf(ids, *plan.busiestNode) << ")";
        }
        out << "\n";
    }
    if (plan.transfers.empty()) {
        return;
    }
    std::vector<std::vector<std::string>> moves{{"kind", "from", "to", "keys", "bytes"}};
    if (plan.seconds) {
        moves.front().push_back("seconds");
    }
    for (const Transfer& t : plan.transfers) {
        moves.push_back({transferKindName(t.kind), t.inPlace() ? "(in place)" : idOf(ids, t.from),
                         idOf(ids, t.to), std::to_string(t.keys),
                         saturatedTotalText(t.bytes, sat)});
        if (plan.seconds) {
            moves.back().push_back(t.sent() ? (sat ? ">=" : "") + planSecondsText(t.seconds) : "-");
        }
    }
    out << "\n" << alignedTable(moves, {false, false, false, true, true, true});
    std::vector<std::vector<std::string>> nodes{
        {"node", "out keys", "out bytes", "in keys", "in bytes"}};
    if (plan.seconds) {
        nodes.front().push_back("seconds");
    }
    for (size_t n = 0; n < plan.nodes.size(); ++n) {
        const NodeTraffic& t = plan.nodes[n];
        nodes.push_back({ids[n], std::to_string(t.outKeys), saturatedTotalText(t.outBytes, sat),
                         std::to_string(t.inKeys), saturatedTotalText(t.inBytes, sat)});
        if (plan.seconds) {
            nodes.back().push_back((sat ? ">=" : "") + planSecondsText(t.seconds));
        }
    }
    out << "\n" << alignedTable(nodes, {false, true, true, true, true, true});
}

int planCommand(const Options& o, std::ostream& out) {
    expectScenarios(o, 2, "plan");
    if (o.json && o.csv) {
        throw InputError("--csv", "give --json or --csv, not both");
    }
    if (o.parallel > 1 && !o.bandwidth) {
        throw InputError("--parallel", "streams share a node's bandwidth: give --bandwidth too");
    }
    const Opened before = open(o.positional[0], o);
    const Opened after = open(o.positional[1], o, o.down);
    PlanCounter counter;
    const DiffResult d = compare(before, after, o, nullptr, &counter);
    const std::vector<std::string> ids = commonNodeIds(before.placement, after.placement,
                                                       nodeMatch(before.scenario, after.scenario));
    std::optional<Bandwidth> bandwidth;
    if (o.bandwidth) {
        bandwidth = Bandwidth{*o.bandwidth, o.parallel};
    }
    const MigrationPlan plan = migrationPlan(counter, ids.size(), bandwidth);
    if (o.json) {
        writePlanJson(plan, ids, o, out);
    } else if (o.csv) {
        out << planCsv(plan, ids);
    } else {
        writePlanText(plan, ids, d, before.scenario.keys.sizes.kind != SizeSpec::Kind::None, o,
                      out);
    }
    return 0;
}

// The statistics of the keys streamed through the placement, and how many there were.
Stats statsStreamed(const Opened& s, const KeyInput& input, const Limits& limits, uint64_t& count) {
    const std::vector<double> requests = zipfRequests(s.scenario, limits);
    const size_t r = s.placement.replicas();
    std::vector<NodeLoad> loads(s.placement.nodes().size());
    count = 0;
    naming(s.path, [&] {
        KeyStream stream(input, s.scenario, limits);
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
                          count ? popularity.requests / double(count) : 0.0, s.placement.weights(),
                          s.placement.servesNothing());
}

// "chi-square 3.2100 on 4 df, p = 0.5234 against the arcs": stats' line on the keys' spread.
// Two verdicts, each in its own sentence: the key hash against each node's part of the space
// (its arcs), and the structure (the ring's points) against the fair shares.
std::string chiSquareLine(const ChiSquare& c, const std::optional<StructureBalance>& balance,
                          std::span<const std::string> ids) {
    std::string text;
    if (c.degreesOfFreedom == 0) {
        text = "chi-square: - (fewer than two nodes should hold keys)\n";
    } else {
        text = printed("chi-square %.4f on %u df, p = %.4g against %s", c.statistic,
                       c.degreesOfFreedom, c.pValue,
                       c.against.empty() ? "the target shares" : std::string(c.against).c_str());
        if (c.clustered()) {
            text += ": the keys cluster (p < 0.001), the key hash spreads these keys unevenly";
        } else if (c.leastExpected < 5) {
            text += " (fewer than 5 keys expected on a node: the test says little)";
        } else {
            text += ": consistent with a random key hash";
        }
        text += "\n";
    }
    if (balance) {
        text += printed(
            "%s against the fair shares: max %.4f (%s), min %.4f (%s): the placement's "
            "own balance, before any key\n",
            std::string(balance->what).c_str(), balance->maxOverTarget,
            ids[balance->maxNode].c_str(), balance->minOverTarget, ids[balance->minNode].c_str());
    }
    return text;
}

QJsonObject chiSquareJson(const ChiSquare& c, const std::optional<StructureBalance>& balance,
                          std::span<const std::string> ids) {
    QJsonObject o{{QStringLiteral("statistic"), jsonNumber(c.statistic)},
                  {QStringLiteral("degreesOfFreedom"), qint64(c.degreesOfFreedom)},
                  {QStringLiteral("pValue"), jsonNumber(c.pValue)},
                  {QStringLiteral("expected"),
                   c.againstKey.empty()
                       ? QStringLiteral("targetShares")
                       : QString::fromLatin1(c.againstKey.data(), qsizetype(c.againstKey.size()))},
                  {QStringLiteral("clustered"), c.clustered()}};
    if (balance) {
        o[QStringLiteral("structureBalance")] =
            QJsonObject{{QStringLiteral("maxOverTarget"), jsonNumber(balance->maxOverTarget)},
                        {QStringLiteral("maxNode"), QString::fromStdString(ids[balance->maxNode])},
                        {QStringLiteral("minOverTarget"), jsonNumber(balance->minOverTarget)},
                        {QStringLiteral("minNode"), QString::fromStdString(ids[balance->minNode])}};
    }
    return o;
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
// capacity, the keys that landed away from their first choice), and what the placement says
// about itself (PlacementFacts: Maglev's table entries against M·w/Σw, Redis Cluster's slots).
struct ProfileStats {
    std::optional<BoundedLoadResult> bounded;
    PlacementFacts facts;
};

// Bounded loads place the key set together, so they come only with a loaded key set.
ProfileStats profileStats(const Placement& placement, const Loaded* loaded) {
    return {loaded ? placement.boundedLoads(loaded->hashed) : std::nullopt, placement.facts()};
}

void addProfileJson(const ProfileStats& p, const Placement& placement, const Loaded* l,
                    QJsonArray& nodes, QJsonObject& root) {
    using Kind = PlacementFacts::Column::Kind;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const auto n = static_cast<uint32_t>(i);
        QJsonObject node = nodes[i].toObject();
        if (p.bounded) {
            node[QStringLiteral("load")] = jsonNumber(p.bounded->load[n]);
            node[QStringLiteral("capacity")] = jsonNumber(p.bounded->capacity[n]);
        }
        for (const PlacementFacts::Column& c : p.facts.columns) {
            const QString key = QString::fromStdString(c.key);
            switch (c.kind) {
                case Kind::Count:
                    node[key] = jsonCount(c.counts[n]);
                    break;
                case Kind::Number:
                    node[key] = jsonNumber(c.numbers[n]);
                    break;
                case Kind::Text:
                    node[key] = QString::fromStdString(c.texts[n]);
                    break;
            }
        }
        nodes[i] = node;
    }
    if (p.bounded) {
        QJsonArray displaced;
        for (const uint32_t k : p.bounded->displaced) {
            displaced.append(QString::fromStdString(l->keys.names[k]));
        }
        root[QStringLiteral("boundedLoad")] = QJsonObject{
            {QStringLiteral("factor"), jsonNumber(*placement.boundedLoadPercent() / 100.0)},
            {QStringLiteral("displaced"), qint64(p.bounded->displaced.size())},
            {QStringLiteral("overCapacity"), qint64(p.bounded->overCapacity.size())},
            {QStringLiteral("displacedKeys"), displaced}};
    }
    for (const auto& [key, value] : p.facts.summary.members()) {
        root[QString::fromStdString(key)] = toQJson(value);
    }
}

// `text` right-aligned in `width` characters (UTF-8 counted as characters, not bytes).
std::string rightAligned(const std::string& text, size_t width) {
    const auto characters = static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
    return std::string(width > characters ? width - characters : 0, ' ') + text;
}

// A column of numbers is " %Nu" or " %N.Df" wide; a column of text is "  " and the text.
std::string factsHeader(const PlacementFacts& f) {
    std::string header;
    for (const PlacementFacts::Column& c : f.columns) {
        header += c.kind == PlacementFacts::Column::Kind::Text
                      ? "  " + c.title
                      : " " + rightAligned(c.title, static_cast<size_t>(c.width));
    }
    return header;
}

std::string factsRow(const PlacementFacts& f, uint32_t n) {
    std::string row;
    for (const PlacementFacts::Column& c : f.columns) {
        switch (c.kind) {
            case PlacementFacts::Column::Kind::Count:
                row += printed(" %*llu", c.width, static_cast<unsigned long long>(c.counts[n]));
                break;
            case PlacementFacts::Column::Kind::Number:
                row += printed(" %*.*f", c.width, c.decimals, c.numbers[n]);
                break;
            case PlacementFacts::Column::Kind::Text:
                row += "  " + c.texts[n];
                break;
        }
    }
    return row;
}

void printProfile(const ProfileStats& p, const Placement& placement, uint64_t keyCount,
                  size_t width, std::ostream& out) {
    const auto& nodes = placement.nodes();
    const auto rows = [&](const std::string& header, const auto& row) {
        out << std::left << std::setw(static_cast<int>(width)) << "node" << header << "\n";
        for (uint32_t n = 0; n < nodes.size(); ++n) {
            out << std::left << std::setw(static_cast<int>(width)) << nodes[n].id << row(n) << "\n";
        }
    };
    if (p.bounded) {
        out << printed(
            "bounded loads, factor %.2f: %zu of %zu keys landed away from their first "
            "choice, %zu found no node with room\n",
            *placement.boundedLoadPercent() / 100.0, p.bounded->displaced.size(),
            static_cast<size_t>(keyCount), p.bounded->overCapacity.size());
        rows("            load        capacity", [&](uint32_t n) {
            return printed(" %15.1f %15.1f", p.bounded->load[n], p.bounded->capacity[n]);
        });
    }
    if (!p.facts.empty()) {
        out << p.facts.heading << "\n";
        rows(factsHeader(p.facts), [&](uint32_t n) { return factsRow(p.facts, n); });
    }
}

int stats(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "stats");
    const Opened opened = open(o.positional[0], o, o.down);
    // With down nodes, the failover against the same scenario with every node up.
    std::optional<DiffResult> failover;
    std::optional<Opened> up;
    if (opened.placement.anyDown()) {
        up = allUp(opened, o.read.limits);
        failover = compare(*up, opened, o, nullptr);
    }
    uint64_t keyCount = 0;
    Stats s;
    std::optional<Loaded> loaded;
    if (streams(o.keys, opened.scenario, true, {&opened.placement})) {
        s = statsStreamed(opened, o.keys, o.read.limits, keyCount);
    } else {
        loaded = load(opened, o);
        s = computeStats(opened.placement, loaded->assignment, loaded->keys);
        keyCount = loaded->keys.size();
    }
    const Loaded* l = loaded ? &*loaded : nullptr;
    const ProfileStats profile =
        naming(opened.path, [&] { return profileStats(opened.placement, l); });
    const auto& nodes = opened.placement.nodes();
    if (o.json) {
        QJsonArray list;
        for (size_t n = 0; n < nodes.size(); ++n) {
            QJsonObject node{{QStringLiteral("id"), QString::fromStdString(nodes[n].id)},
                             {QStringLiteral("keys"), qint64(s.nodes[n].keys)},
                             {QStringLiteral("share"), jsonNumber(s.nodes[n].share)},
                             {QStringLiteral("bytes"), jsonCount(s.nodes[n].bytes)},
                             {QStringLiteral("requests"), jsonNumber(s.nodes[n].requests)}};
            if (s.nodes[n].bytesSaturated) {
                node[QStringLiteral("bytesSaturated")] = true;  // the true total is larger
            }
            if (!s.evenIdeals()) {
                node[QStringLiteral("fairShare")] = jsonNumber(s.nodes[n].fairShare);
            }
            if (nodes[n].down) {
                node[QStringLiteral("down")] = true;
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
        root[QStringLiteral("chiSquare")] =
            chiSquareJson(chiSquareOf(opened.placement, s), structureBalance(opened.placement),
                          opened.placement.nodeIds());
        if (failover) {
            root[QStringLiteral("failover")] =
                failoverJson(*failover, up->placement, opened.placement);
        }
        addProfileJson(profile, opened.placement, l, list, root);
        root[QStringLiteral("nodes")] = list;
        out << QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
        return 0;
    }
    size_t width = 4;
    for (const auto& n : nodes) {
        width = std::max(width, n.id.size());
    }
    // Unequal weights or a node down: each node's fair share w/Σw is its ideal, shown next to
    // its share (a down node's is 0), and with unequal weights the spread is measured against it.
    const bool ideals = !s.evenIdeals();
    out << std::left << std::setw(static_cast<int>(width)) << "node"
        << (ideals ? "        keys    share    ideal           bytes        requests\n"
                   : "        keys    share           bytes        requests\n");
    bool saturated = false;
    for (size_t n = 0; n < nodes.size(); ++n) {
        const std::string ideal =
            ideals ? "  " + format::percent(s.nodes[n].fairShare, 2).rightJustified(7).toStdString()
                   : std::string();
        saturated = saturated || s.nodes[n].bytesSaturated;
        std::string row = printed(
            " %11llu  %7s%s  %14s  %14.1f\n", static_cast<unsigned long long>(s.nodes[n].keys),
            format::percent(s.nodes[n].share, 2).toStdString().c_str(), ideal.c_str(),
            saturatedTotalText(s.nodes[n].bytes, s.nodes[n].bytesSaturated).c_str(),
            s.nodes[n].requests);
        if (nodes[n].down) {
            row.insert(row.size() - 1, opened.placement.servesNothing().empty()
                                           ? "  down: its promoted replica serves its slots"
                                           : "  down");
        }
        out << std::left << std::setw(static_cast<int>(width)) << nodes[n].id << row;
    }
    const auto spread = [&](const char* what, const Spread& sp) {
        out << (s.weighted ? printed("%-8s max/ideal %.4f  min/ideal %.4f  stddev/ideal %.4f\n",
                                     what, sp.maxOverIdeal, sp.minOverIdeal, sp.stddevOverIdeal)
                           : printed("%-8s max/mean %.4f  min/mean %.4f  stddev/mean %.4f\n", what,
                                     sp.maxOverMean, sp.minOverMean, sp.stddevOverMean));
    };
    out << "total " << keyCount << " keys on " << nodes.size() << " nodes";
    if (s.someDown) {
        const auto idle = opened.placement.servesNothing();
        out << " (" << nodes.size() - static_cast<size_t>(std::count(idle.begin(), idle.end(), 1))
            << " serving; a down node's fair share is 0)";
    }
    out << (s.weighted ? "; unequal weights: each node against its fair share w/sum(w)\n" : "\n");
    spread("keys", s.keys);
    spread("bytes", s.bytes);
    spread("requests", s.requests);
    out << chiSquareLine(chiSquareOf(opened.placement, s), structureBalance(opened.placement),
                         opened.placement.nodeIds());
    if (saturated) {
        out << kSaturatedNote;
    }
    printProfile(profile, opened.placement, keyCount, width, out);
    if (failover) {
        out << "failover, against every node up:\n";
        printFailover(*failover, up->placement, opened.placement, out);
    }
    return 0;
}

// Each key's hash in its native form: KEY<TAB>VALUE (murmur3-cassandra: the signed token,
// redis-slot: the slot).
int hash(const Options& o, std::ostream& out) {
    if (!o.keyHash) {
        throw InputError(
            "hash", std::string("needs --key-hash NAME (one of: ") + choicesIn(kKeyHashes) + ")");
    }
    if (o.keys.empty() || !o.positional.empty()) {
        throw InputError("hash", std::string("takes keys from --keys FILE|- or --key K, and no "
                                             "scenario\n") +
                                     usage());
    }
    const KeySet keys = resolveKeys(o.keys, Scenario{}, o.read.limits);
    // The space leaves the 64-bit value as it is; only identity reads it (signed64 or not).
    const HashedKeys hashed =
        hashKeys(keys, KeyHashing{*o.keyHash, kSpace64, o.keyEncoding.value_or(KeyEncoding::Utf8)});
    BlockWriter lines(out);
    for (size_t k = 0; k < keys.size(); ++k) {
        lines.text() += keys.names[k] + '\t' + formatHashValue(*o.keyHash, hashed.hash64[k]) + '\n';
        if (!lines.add()) {
            break;
        }
    }
    lines.flush();
    return 0;
}

// The scenario equivalent to another system's file (`nodetool ring` output, ...), read by the
// importer a module registers, as JSON on stdout.
int import(const Options& o, std::ostream& out) {
    const Importer* importer = o.positional.size() == 2 ? importerNamed(o.positional[0]) : nullptr;
    if (!importer) {
        throw InputError("import", "expected " + importerNames() + " FILE|-\n" + usage());
    }
    if (!o.partOption.empty() && importer->partOption != o.partOption) {
        throw InputError(o.partOption,
                         std::string(importer->name) + " reads the whole file" +
                             (importer->partOption.empty()
                                  ? std::string()
                                  : " (its part: " + std::string(importer->partOption) + ")"));
    }
    const std::string& path = o.positional[1];
    const bool stdinput = path == "-";
    const std::string source = stdinput ? "<stdin>" : path;
    InputFile file = stdinput ? InputFile::borrow(STDIN_FILENO, source) : InputFile::open(source);
    const std::string text = readAll(file, o.read.limits, Limit::ImportBytes);
    const std::string name =
        stdinput ? source : QFileInfo(QString::fromStdString(path)).fileName().toStdString();
    // Only what `route` and `stats` will read is written: the same reader, the same limits.
    out << scenarioToJson(importedScenario(*importer, text, source, name, o.part, o.read.limits))
               .toStdString();
    return 0;
}

// A lesson file as a learner reads it, for its author: every step's narration with its numbers,
// every question with its answer. The same limits and folder rule as a scenario file's.
int lessonCommand(const Options& o, std::ostream& out) {
    if (o.positional.size() != 1) {
        throw InputError("lesson", std::string("expected one lesson file\n") + usage());
    }
    const lesson::Lesson lesson =
        lesson::loadLessonFile(QString::fromStdString(o.positional[0]), o.read);
    out << lesson::lessonTranscript(lesson, o.language).toStdString();
    return 0;
}

// Interview practice at the terminal: each question of a session (the window's Interview
// Practice, from the same seed the same questions), an answer read for each, right or wrong said
// with the truth, the ideal and the explanation, and the score and streak kept; the end of the
// input (Ctrl-D) ends the session with its score. --answers prints the questions answered.
// An answer is a number or a few words: a line is read up to kMaxAnswerBytes and the rest of it
// skipped, up to kMaxAnswerLine; a longer line is no answer (practice < /dev/zero) and ends the
// session as the end of input does. Bounded in memory and time. False at the end.
constexpr size_t kMaxAnswerBytes = 256;
constexpr size_t kMaxAnswerLine = size_t{64} << 10;
bool readAnswer(std::istream& in, std::string& answer) {
    answer.clear();
    size_t read = 0;
    for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
        if (c == '\n') {
            return true;
        }
        if (++read > kMaxAnswerLine) {
            return false;
        }
        if (answer.size() < kMaxAnswerBytes) {
            answer.push_back(static_cast<char>(c));
        }
    }
    return read > 0;  // a last line without its newline is still an answer
}

int practiceCommand(const Options& o, std::ostream& out) {
    if (!o.positional.empty()) {
        throw InputError("practice", "takes no files\n" + usage());
    }
    using lesson::phrase;
    const lesson::Language lang = o.language;
    const auto say = [&](std::string_view name) { return phrase(name).in(lang); };
    std::random_device random;
    const uint64_t seed = o.seed ? *o.seed : (uint64_t{random()} << 32) | random();
    lesson::PracticeSession session(seed);
    const auto line = [&](const QString& text) { out << text.toStdString() << "\n"; };
    line(say("practice.session").arg(seed).arg(o.count));
    for (uint64_t i = 0; i < o.count; ++i, session.next()) {
        const lesson::PracticeQuestion& q = session.question();
        out << "\n";
        line(say("practice.question").arg(i + 1).arg(o.count) + u' ' + q.prompt.in(lang));
        if (!q.options.empty()) {
            QStringList options;
            for (const std::string& option : q.options) {
                options << QString::fromStdString(option);
            }
            line(say("practice.choices").arg(options.join(phrase("list-separator").in(lang))));
        }
        if (o.answers) {
            const lesson::Reveal r = lesson::revealPractice(q, {});
            line(say("practice.answer").arg(r.truth.in(lang)));
            if (!r.ideal.in(lang).isEmpty()) {
                line(say("practice.ideal").arg(r.ideal.in(lang)));
            }
            line(r.explanation.in(lang));
            continue;
        }
        out << "> " << std::flush;
        std::string guess;
        if (!o.in || !readAnswer(*o.in, guess)) {
            out << "\n";
            break;  // Ctrl-D: the session ends here
        }
        const lesson::Reveal r = session.answer(QString::fromStdString(guess).trimmed());
        line(r.correct ? say("practice.right") : say("practice.wrong").arg(r.truth.in(lang)));
        if (!r.ideal.in(lang).isEmpty()) {
            line(say("practice.ideal").arg(r.ideal.in(lang)));
        }
        line(r.explanation.in(lang));
        const lesson::PracticeScore& score = session.score();
        line(say("practice.streak").arg(score.streak).arg(score.bestStreak));
    }
    if (!o.answers) {
        const lesson::PracticeScore& score = session.score();
        out << "\n";
        line(say("practice.score").arg(score.correct).arg(score.asked).arg(score.bestStreak));
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
        out << printed("%-18s %-12llu %-12llu %s\n", std::string(row.name).c_str(),
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

// The commands: the name typed, the synopsis the usage lists, what `--help` says of it, and
// what runs it.
struct Command {
    std::string_view name;
    std::string_view synopsis;
    std::string_view options;  // its own, separated by spaces, for the shell completion
    std::string_view help;
    int (*run)(const Options& o, std::ostream& out, std::ostream& err);
};

constexpr Command kCommands[] = {
    {"route", "route SCENARIO [keys] [--key-encoding E]", "--keys --key --key-encoding",
     "One line per key, in input order: KEY<TAB>OWNER[,OWNER...], the primary first, then the\n"
     "replicas.\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return route(o, out); }},
    {"diff", "diff BEFORE AFTER [keys] [--key-encoding E] [--down ID]... [--matrix [--json]]",
     "--keys --key --key-encoding --down --matrix --json",
     "One line per key whose owner list changed between the two scenarios:\n"
     "KEY<TAB>OLD<TAB>NEW (each a comma list). On stderr: the keys whose primary moved next to\n"
     "the ideal, the keys whose replica set alone changed, the bytes and requests moved, and with\n"
     "down nodes the failover. Nodes match by id; files whose nodes differ only in their ids are\n"
     "a rename and match by place. --matrix writes instead the keys (and bytes) whose primary\n"
     "moved by owner before (rows) and after (columns); --json writes them as JSON.\n",
     [](const Options& o, std::ostream& out, std::ostream& err) {
         return diffCommand(o, out, err);
     }},
    {"plan",
     "plan BEFORE AFTER [keys] [--key-encoding E] [--down ID]... [--bandwidth RATE] [--parallel K] "
     "[--json|--csv]",
     "--keys --key --key-encoding --down --bandwidth --parallel --json --csv",
     "The migration from BEFORE to AFTER: each transfer (a key whose primary moved goes to its\n"
     "new primary; with replicas, each new holder gets a copy; both come from the key's first\n"
     "live holder before, and a new primary that held a copy is promoted in place), each node's\n"
     "keys and bytes out and in, and at RATE per node each way (100MB/s, 1GiB/s, 10Gbit/s) with\n"
     "K streams per node sharing it, each transfer's time and the plan's (its busiest node).\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return planCommand(o, out); }},
    {"stats", "stats SCENARIO [keys] [--key-encoding E] [--down ID]... [--json]",
     "--keys --key --key-encoding --down --json",
     "Keys, share, bytes and requests per node, and max/mean, min/mean and stddev/mean (with\n"
     "unequal weights: against each node's fair share w/sum(w)). --json writes them as JSON.\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return stats(o, out); }},
    {"render", "render SCENARIO [--baseline BEFORE] [--size PX] -o FILE.png|FILE.svg",
     "--baseline --size -o --output",
     "Draws the ring as the desktop program does, with the keys moved since BEFORE in red, as a\n"
     "square PNG or SVG of PX pixels (default 900).\n",
     [](const Options& o, std::ostream&, std::ostream& err) { return render(o, err); }},
    {"hash", "hash --key-hash NAME [--key-encoding E] keys",
     "--key-hash --key-encoding --keys --key",
     "One line per key: KEY<TAB>VALUE, the key hash in its native form (murmur3-cassandra: the\n"
     "signed token; redis-slot: the slot; others: the unsigned value).\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return hash(o, out); }},
    {"import", "import IMPORTER FILE|- [PARTS]", "PART-OPTIONS",
     "Reads another system's file and writes the equivalent scenario JSON to stdout.\n"
     "IMPORTERS",
     [](const Options& o, std::ostream& out, std::ostream&) { return import(o, out); }},
    {"lesson", "lesson FILE [--lang en|ja]", "--lang",
     "Prints a lesson as a learner reads it: each step's title and narration with its numbers\n"
     "filled in, each question with its answer, the ideal and the explanation (--lang: English\n"
     "or Japanese).\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return lessonCommand(o, out); }},
    {"practice", "practice [--seed S] [--count N] [--lang en|ja] [--answers]",
     "--seed --count --lang --answers",
     "Interview practice: N questions (default 10) drawn from seed S (random without; the same\n"
     "seed gives the same questions as the window's Interview Practice), each answered at the\n"
     "prompt. Each answer is called right or wrong, with the answer, the ideal and the\n"
     "explanation; the streak is kept, and the end of the input (Ctrl-D) ends the session with\n"
     "its score. --answers prints the questions with their answers instead of asking them.\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return practiceCommand(o, out); }},
    {"limits", "limits", "",
     "The limits a scenario is held to, their defaults and the values in effect (--limit).\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return limits(o, out); }},
};

std::string synopsisOf(const Command& c) {
    return withImporters(c.synopsis);
}

// A command's help, with what each importer reads for IMPORTERS.
std::string helpTextOf(const Command& c) {
    std::string help(c.help);
    if (const size_t at = help.find("IMPORTERS"); at != std::string::npos) {
        std::string importers;
        for (const Importer* importer : allImporters()) {
            importers += std::string(importer->name) + ": " + std::string(importer->help);
        }
        help.replace(at, std::string_view("IMPORTERS").size(), importers);
    }
    return help;
}

std::string joinedNotes(std::initializer_list<std::string_view> notes) {
    std::string text;
    for (const std::string_view note : notes) {
        if (!note.empty()) {
            text += std::string(note) + "\n";
        }
    }
    return text;
}

std::string usage() {
    std::string text;
    for (const Command& c : kCommands) {
        text += (text.empty() ? "Usage: " : "   or: ") + std::string("ringscope-cli ") +
                synopsisOf(c) + "\n";
    }
    return text + "   or: ringscope-cli --version\n\n" +
           joinedNotes({kKeysNote, kKeyEncodingNote, kDownNote, kErrorsNote, kLessonNote,
                        kEveryCommandNote});
}

// One command's usage, what it does, and the notes about the options it takes (the limits and
// key files every command takes, which `limits` lists).
std::string helpFor(const Command& c) {
    const auto takes = [&c](std::string_view option) {
        std::istringstream words{std::string(c.options)};
        for (std::string word; words >> word;) {
            if (word == option) {
                return true;
            }
        }
        return false;
    };
    return "Usage: ringscope-cli " + synopsisOf(c) + "\n" + helpTextOf(c) + "\n" +
           joinedNotes({takes("--keys") ? kKeysNote : std::string_view(),
                        takes("--key-encoding") ? kKeyEncodingNote : std::string_view(),
                        takes("--down") ? kDownNote : std::string_view(), kErrorsNote,
                        kEveryCommandOptionsNote});
}

const Command& commandNamed(const std::string& name) {
    for (const Command& c : kCommands) {
        if (c.name == name) {
            return c;
        }
    }
    const std::string nearest =
        nearestName(name, kCommands, [](const Command& c) { return c.name; });
    throw InputError(name, "unknown command" + didYouMean(name, nearest) + "\n" + usage());
}

bool asksForHelp(const std::vector<std::string>& args) {
    return std::any_of(args.begin() + 1, args.end(),
                       [](const std::string& a) { return a == "--help" || a == "-h"; });
}

// What the shell completion (resources/completion/ringscope-cli) offers, from the tables the
// commands themselves read (kCommands and the name tables): `ringscope-cli --list WHAT`, one
// name a line. Not in the usage,
// which is for people; tst_cli checks the commands and options against it.
constexpr std::string_view kEveryCommandOptions = "--limit --allow-outside-files";

void listWords(std::string_view words, std::ostream& out) {
    std::istringstream in{std::string(words)};
    for (std::string word; in >> word;) {
        out << word << '\n';
    }
}

template <typename Row, size_t N>
void listNames(const Row (&table)[N], std::ostream& out) {
    for (const Row& row : table) {
        out << rowName(row) << '\n';
    }
}

int list(const std::vector<std::string>& args, std::ostream& out) {
    const std::string what = args.size() > 1 ? args[1] : "";
    const std::string operand = args.size() > 2 ? args[2] : "";
    if (what == "commands") {
        for (const Command& c : kCommands) {
            out << c.name << '\n';
        }
    } else if (what == "options") {  // a command's own and those every command takes
        for (const Command& c : kCommands) {
            if (operand.empty() || c.name == operand) {
                listWords(withImporters(c.options), out);
            }
        }
        listWords(kEveryCommandOptions, out);
    } else if (what == "key-hashes") {
        listNames(kKeyHashes, out);
    } else if (what == "key-encodings") {
        listNames(kKeyEncodingNames, out);
    } else if (what == "limits") {
        listNames(kLimitRows, out);
    } else if (what == "imports") {  // what the modules' importers read
        for (const Importer* importer : allImporters()) {
            out << importer->name << '\n';
        }
    } else if (what == "nodes") {  // a scenario's node ids, for --down
        for (const NodeSpec& node : loadScenarioFile(QString::fromStdString(operand)).nodes) {
            out << node.id << '\n';
        }
    } else {
        throw InputError("--list",
                         "expected commands, options [COMMAND], key-hashes, "
                         "key-encodings, limits, imports or nodes FILE");
    }
    return 0;
}

}  // namespace

namespace {

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        if (args.empty()) {
            err << usage();
            return 2;
        }
        if (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
            // `help`, or `help COMMAND` for one command.
            out << (args.size() > 1 ? helpFor(commandNamed(args[1])) : usage());
            finishOutput(out, "output");
            return 0;
        }
        if (args[0] == "--list") {
            const int code = list(args, out);
            finishOutput(out, "output");
            return code;
        }
        const Command& command = commandNamed(args[0]);
        if (asksForHelp(args)) {
            out << helpFor(command);
            finishOutput(out, "output");
            return 0;
        }
        Options o = parse(args);
        o.in = &std::cin;
        const int code = command.run(o, out, err);
        finishOutput(out, "output");
        // diff's summary and render's count go to the error stream: one that could not be
        // written is output lost, as a failed standard output is (there is nowhere to say so).
        err.flush();
        return err ? code : 2;
    } catch (const InputError& e) {
        err << "ringscope-cli: " << e.what() << hintFor(e) << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "ringscope-cli: " << describeFailure(e) << "\n";
        return 2;
    }
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    // Everything written, output and messages alike, with control characters escaped: names,
    // keys, titles and arguments reach the terminal as text.
    ControlEscapingBuffer safeOut(out.rdbuf());
    ControlEscapingBuffer safeErr(err.rdbuf());
    std::ostream outStream(&safeOut);
    std::ostream errStream(&safeErr);
    const int code = runCommand(args, outStream, errStream);
    errStream.flush();
    return code;
}

}  // namespace ringscope::cli
