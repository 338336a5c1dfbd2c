#pragma once
// What the subcommands of ringscope-cli share (cli.cpp runs them): the options as parsed, the
// scenarios opened and their keys, the streamed writers and the output formats, and each
// command's entry point, one file a command (route.cpp, diff.cpp, plan.cpp, stats.cpp, hash.cpp,
// import.cpp, lesson.cpp for lesson and practice, render.cpp, limits.cpp). Not installed.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <ostream>
#include <random>
#include <span>
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
#include "ringscope/replay.h"
#include "ringscope/stats.h"
#include "ringscope/work.h"
#include "scenariojson.h"

namespace ringscope::cli {

// Every command's synopsis in the GNU form ("Usage: ..." then "   or: ..."), then the notes
// (cli.cpp).
std::string usage();

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

// Everything a command line says (parse).
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
    // simulate: the requests replayed, the interval reported, each change's first request, each
    // node's cache
    std::optional<uint64_t> requests, interval;
    std::vector<uint64_t> at;
    CacheSpec cache;
};

// Keys per streamed batch: enough to keep every thread busy, few enough that a batch (names,
// owners, output text) stays within a few megabytes whatever the number of keys.
inline constexpr size_t kStreamBatch = size_t{1} << 17;

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

// One scenario with its whole key set held and assigned: for placements that place a key set
// together, and for Zipf popularity over keys whose count is unknown until read.
struct Loaded {
    KeySet keys;
    HashedKeys hashed;
    Assignment assignment;
};

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

// printf into a string of any length (a node id or a slot list may be long).
template <typename... Args>
std::string printed(const char* pattern, Args... args) {
    const int size = std::snprintf(nullptr, 0, pattern, args...);
    std::string text(static_cast<size_t>(std::max(size, 0)), '\0');
    std::snprintf(text.data(), text.size() + 1, pattern, args...);
    return text;
}

inline constexpr char kSaturatedNote[] =
    "(byte totals stop at 2^64 - 1 = 18446744073709551615; the true totals are larger)\n";

// What `import` reads: the names of the modules' importers, "a|b|c".
std::string importerNames();

// The options that name the part of a file an importer reads ("--upstream", "--backend"), each
// once, in registry order.
std::vector<std::string_view> partOptions();

// A command's text with the importers filled in: IMPORTER (their names, "a|b|c"), PARTS (their
// part options, "--upstream NAME|--backend NAME") and PART-OPTIONS ("--upstream --backend").
std::string withImporters(std::string_view text);

// Those and the importers' part options.
std::vector<std::string_view> optionNames();

std::string didYouMean(std::string_view typed, const std::string& nearest);

Options parse(const std::vector<std::string>& args);

void expectScenarios(const Options& o, size_t count, const char* command);

// `--key-encoding`, when given, overrides the scenario's keyEncoding; `down` lists the nodes to
// mark down.
Opened open(const std::string& path, const Options& options,
            const std::vector<std::string>& down = {});

// The same scenario with every node up: what a failure is measured against.
Opened allUp(const Opened& o, const Limits& limits);

Loaded load(const Opened& o, const Options& options, const KeySet* sharedKeys = nullptr);

bool hasZipf(const Scenario& s);

// Keys stream a batch at a time unless a placement places the key set together, or the
// statistics need Zipf popularity (which ranks the whole key set) over keys still to be read.
bool streams(const KeyInput& input, const Scenario& keysOf, bool needsRequests,
             const std::vector<const Placement*>& placements);

// Per key, its Zipf requests (the scenario's own key set), or empty without popularity.
std::vector<double> zipfRequests(const Scenario& s, const Limits& limits);

int route(const Options& o, std::ostream& out);

std::string percent(double fraction);

QJsonValue jsonNumber(double value);

std::string joined(const std::vector<std::string>& ids);

// A count as JSON: a number while doubles hold it exactly (2^53), else a decimal string, as
// scenario files write large positions.
QJsonValue jsonCount(uint64_t value);

// Columns padded to their widest cell, two spaces apart; numbers (`rightAligned` columns) to the
// right.
std::string alignedTable(const std::vector<std::vector<std::string>>& rows,
                         const std::vector<bool>& rightAligned);

std::string idOf(const std::vector<std::string>& ids, uint32_t n);

QJsonValue jsonId(const std::vector<std::string>& ids, uint32_t n);

// One JSON value as QJsonDocument writes it.
std::string jsonText(const QJsonValue& value);

// `text` right-aligned in `width` characters (UTF-8 counted as characters, not bytes).
std::string rightAligned(const std::string& text, size_t width);

// The failover lines that diff writes to stderr and stats to stdout.
void printFailover(const DiffResult& d, const Placement& before, const Placement& after,
                   std::ostream& out);

QJsonObject failoverJson(const DiffResult& d, const Placement& before, const Placement& after);

// Compares two scenarios over one key set: streamed when both route keys alone; the changed
// keys' lines go to `out` when given, and the transfers are counted into `plan` when given.
DiffResult compare(const Opened& before, const Opened& after, const Options& o, std::ostream* out,
                   PlanCounter* plan = nullptr);

// Two of the clients diffPairs compares: `before`'s owners of each key against `after`'s.
struct ClientPair {
    size_t before = 0;
    size_t after = 0;
};
// Each pair's comparison over one key set, the first client's (or the keys given): the keys are
// read once and routed once through each client (streamed when every client routes keys alone),
// whatever the number of pairs. compare() without lines or a plan, pair by pair.
std::vector<DiffResult> diffPairs(std::span<const Opened* const> clients,
                                  std::span<const ClientPair> pairs, const Options& o);

int diffCommand(const Options& o, std::ostream& out, std::ostream& err);

int planCommand(const Options& o, std::ostream& out);

// Every pair of clients over one key set: the keys (bytes, requests) whose primary differs.
int agree(const Options& o, std::ostream& out);

// Every algorithm side by side on the scenario's nodes and keys (verdict.h): lookup time,
// memory, balance, the keys a node added and removed moves, and what each can do.
int compareCommand(const Options& o, std::ostream& out);

int stats(const Options& o, std::ostream& out);

// Requests replayed through a cache per node (replay.h), before and after a change: one row per
// interval, then the run's summary.
int simulate(const Options& o, std::ostream& out);

// Each key's hash in its native form: KEY<TAB>VALUE (murmur3-cassandra: the signed token,
// redis-slot: the slot).
int hash(const Options& o, std::ostream& out);

// The scenario equivalent to another system's file (`nodetool ring` output, ...), read by the
// importer a module registers, as JSON on stdout.
int import(const Options& o, std::ostream& out);

// A lesson file as a learner reads it, for its author: every step's narration with its numbers,
// every question with its answer. The same limits and folder rule as a scenario file's.
int lessonCommand(const Options& o, std::ostream& out);

int practiceCommand(const Options& o, std::ostream& out);

int render(const Options& o, std::ostream& err);

int limits(const Options& o, std::ostream& out);

}  // namespace ringscope::cli
