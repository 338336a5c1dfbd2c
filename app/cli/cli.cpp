#include "cli.h"

#include "command.h"

namespace ringscope::cli {

namespace {

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
    {"agree", "agree SCENARIO SCENARIO... [keys] [--key-encoding E] [--json]",
     "--keys --key --key-encoding --json",
     "Where clients disagree: every pair of the scenarios (each a client's view of one pool:\n"
     "a Kafka producer's partitioner, a memcached client's ring, ...) over one key set, the\n"
     "first scenario's or the keys given. For each pair, the share of the keys whose primary\n"
     "differs, and of their bytes and requests when the key set has sizes and popularity.\n"
     "Nodes match by id; files whose nodes differ only in their ids match by place. --json\n"
     "writes the counts.\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return agree(o, out); }},
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
    {"compare", "compare SCENARIO [keys] [--key-encoding E] [--down ID]... [--json]",
     "--keys --key --key-encoding --down --json",
     "Which algorithm: every algorithm on the scenario's nodes and keys, side by side. Per\n"
     "algorithm: the time of one lookup (the median of 5 timed runs on this machine; not\n"
     "repeatable to the nanosecond), the bytes of the structure it looks keys up in, the\n"
     "busiest node's keys over its fair share, the keys that adding a node, removing the last\n"
     "node and removing the middle one move (and how many times the ideal), whether weights\n"
     "and node names decide where keys go, and whether a middle removal moved only the\n"
     "removed node's keys and an added node took keys alone (measured). --json writes the\n"
     "same as JSON, its fields stable for scripts.\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return compareCommand(o, out); }},
    {"stats", "stats SCENARIO [keys] [--key-encoding E] [--down ID]... [--json]",
     "--keys --key --key-encoding --down --json",
     "Keys, share, bytes and requests per node, and max/mean, min/mean and stddev/mean (with\n"
     "unequal weights: against each node's fair share w/sum(w)). --json writes them as JSON.\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return stats(o, out); }},
    {"simulate",
     "simulate BEFORE [AFTER --at REQ]... --requests N --cache ENTRIES|--cache-bytes B [--ttl T] "
     "[--keep-cache] [--interval I] [--seed S] [keys] [--key-encoding E] [--down ID]... "
     "[--json|--csv]",
     "--requests --cache --cache-bytes --ttl --keep-cache --interval --at --seed --keys --key "
     "--key-encoding --down --json --csv",
     "Replays N requests through one LRU cache per node: each request a key drawn with the key\n"
     "set's popularity (Zipf, or every key alike) from seed S mixed with the key set's seed, sent\n"
     "to the key's primary; a hit when its cache holds the key, else a miss to the origin that\n"
     "caches it. A cache holds ENTRIES keys or B bytes of the keys' sizes; --ttl T refetches an\n"
     "entry T requests after its fetch. With AFTER the fleet changes at request REQ (each\n"
     "further AFTER at its own --at): an added node starts cold, a removed node's cache is\n"
     "gone, a down node (--down: the last scenario's) restarts cold unless --keep-cache. One\n"
     "row per interval of I requests (default N/100): the requests, hits, hit ratio and origin\n"
     "requests (--csv and --json also each node's); then the steady hit ratio before the first\n"
     "change, the deepest interval after it, the extra origin requests against the last fleet\n"
     "there from the start, and the requests until the hit ratio is back within 1 % of steady.\n"
     "The same seed gives the same numbers everywhere.\n",
     [](const Options& o, std::ostream& out, std::ostream&) { return simulate(o, out); }},
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

}  // namespace

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

namespace {

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
