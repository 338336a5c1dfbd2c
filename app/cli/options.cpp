#include "command.h"

namespace ringscope::cli {

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

namespace {

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
                                             "--answers",  "--requests",
                                             "--cache",    "--cache-bytes",
                                             "--ttl",      "--keep-cache",
                                             "--interval", "--at"};

}  // namespace

// Those and the importers' part options.
std::vector<std::string_view> optionNames() {
    std::vector<std::string_view> names(std::begin(kOptionNames), std::end(kOptionNames));
    const std::vector<std::string_view> parts = partOptions();
    names.insert(names.end(), parts.begin(), parts.end());
    return names;
}

std::string didYouMean(std::string_view typed, const std::string& nearest) {
    return nearest.empty() || nearest == typed ? std::string()
                                               : "; did you mean `" + nearest + "`?";
}

namespace {

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

// A count of at least one ("--requests 1000000").
uint64_t positiveCount(const std::string& option, const std::string& text) {
    const auto n = parseDecimalU64(text);
    if (!n || *n == 0) {
        throw InputError(option, "expected a whole number from 1 to 18446744073709551615, not " +
                                     quotedText(text));
    }
    return *n;
}

}  // namespace

// Over 80 lines: one case per option.
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
        } else if (a == "--requests" || a == "--interval" || a == "--at" || a == "--cache" ||
                   a == "--cache-bytes" || a == "--ttl") {
            const uint64_t n = positiveCount(a, value());
            if (a == "--requests") {
                o.requests = n;
            } else if (a == "--interval") {
                o.interval = n;
            } else if (a == "--at") {
                o.at.push_back(n);
            } else if (a == "--cache") {
                o.cache.entries = n;
            } else if (a == "--cache-bytes") {
                o.cache.bytes = n;
            } else {
                o.cache.ttl = n;
            }
        } else if (a == "--keep-cache") {
            o.cache.keepCache = true;
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

}  // namespace ringscope::cli
