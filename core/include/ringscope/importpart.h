#pragma once
// Which part of another system's file an importer reads when the file holds several (nginx's
// upstreams, HAProxy's backends): one rule for every importer that has parts (module.h,
// Importer::partOption and Importer::parts); and the one path from what an importer read to
// its scenario (ImportedScenario).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ringscope/error.h"
#include "ringscope/scenario.h"

namespace ringscope {

// The names an importer has met so far (servers, upstreams, pools) with the line of each, so a
// second use of one is refused where it is written: O(1) a name, where a search of the earlier
// ones made 100,000 servers take 19 s.
class NamesSeen {
public:
    // The line of the earlier use of `name`, or nullopt (and `name` is now seen at `line`).
    std::optional<size_t> add(std::string_view name, size_t line) {
        const auto [at, added] = m_lines.emplace(std::string(name), line);
        return added ? std::nullopt : std::optional<size_t>(at->second);
    }

private:
    std::unordered_map<std::string, size_t> m_lines;
};

// How messages name the parts: "upstream" / "upstreams", what makes one importable
// ("`hash KEY consistent`") and the option that names one ("--upstream").
struct ImportParts {
    std::string_view one;
    std::string_view many;
    std::string_view condition;
    std::string_view option;
};

// The names of the parts `fits` takes, in file order (what Importer::parts offers).
template <typename Parts, typename Name, typename Fits>
std::vector<std::string> importableParts(const Parts& parts, Name name, Fits fits) {
    std::vector<std::string> out;
    for (const auto& p : parts) {
        if (fits(p)) {
            out.push_back(name(p));
        }
    }
    return out;
}

// The part named `part` (whether it fits or not, so that the caller says why not), or, without
// a name, the only one that fits. Throws InputError(source) naming the parts that fit.
template <typename Parts, typename Name, typename Fits>
const auto& chooseImportPart(const Parts& parts, Name name, Fits fits, std::string_view part,
                             const std::string& source, const ImportParts& words) {
    const std::vector<std::string> fitting = importableParts(parts, name, fits);
    std::string list;
    for (const std::string& n : fitting) {
        list += (list.empty() ? "" : ", ") + n;
    }
    for (const auto& p : parts) {
        if (part.empty() ? fits(p) && fitting.size() == 1 : name(p) == part) {
            return p;
        }
    }
    const std::string with = "with " + std::string(words.condition);
    if (!part.empty()) {
        throw InputError(source, "no " + std::string(words.one) + " " + quotedText(part) +
                                     (fitting.empty() ? " (and none " + with + ")"
                                                      : " (" + with + ": " + list + ")"));
    }
    if (fitting.empty()) {
        throw InputError(source, "no " + std::string(words.one) + " " + with + " (" +
                                     std::to_string(parts.size()) + " read)");
    }
    throw InputError(source, std::string(words.many) + " " + with + ": " + list +
                                 "; choose one with " + std::string(words.option) + " NAME");
}

// The one config → scenario path of the importers (nginx, HAProxy, twemproxy, nodetool ring):
// everything but reading the file. The nodes with the lines they were read at, a node listed
// twice refused where it is written, the description's opening and the lists it ends with, the
// points counted by the token scheme itself (TokenSchemeModule::cost, the walk its tokens take)
// and the keys every import starts with.
class ImportedScenario {
public:
    // `source` names the file in messages; `nodeLines`, when given, gets each node's line.
    ImportedScenario(std::string source, std::vector<uint32_t>* nodeLines);

    // The scenario being built: its algorithm, scheme and key hash are the importer's to set.
    Scenario& scenario() { return m_scenario; }
    // Refuses, before any is added, a count of nodes (`what`: "partitions") a file gives as a
    // number rather than listing them, over the default node limit: a count of 2^31 - 1 in a
    // small file would otherwise fill the memory. InputError(where, ...).
    static void checkNodeCount(uint64_t count, const std::string& where, std::string_view what);
    // Adds `node`, read at `line`. With `twice` given, a second node of the same id is refused
    // at its line: InputError(source:line, "server "x" " + twice).
    void add(NodeSpec node, size_t line, std::string_view twice = {});
    // The lists the description ends with, in this order (" Down (...): a, b."); empty ones
    // are left out.
    void lists(std::initializer_list<std::string_view> headings);
    // Adds `item` to the list `heading` (one of lists()).
    void list(std::string_view heading, const std::string& item);
    // "Imported from NAME (WHAT): "
    static std::string importedFrom(std::string_view name, std::string_view what);
    // The tokens of the nodes added: the scheme's for them and their explicit ones.
    uint64_t points() const;
    // "3 servers, 480 points".
    std::string serversAndPoints() const;
    // The scenario with `title`, `description` and the lists after it, and the imported keys.
    // Throws InputError(where, "`empty`") when no node was added.
    Scenario finish(std::string title, std::string description, const std::string& where,
                    std::string_view empty);

private:
    std::string m_source;
    std::vector<uint32_t>* m_nodeLines;
    Scenario m_scenario;
    NamesSeen m_seen;
    std::vector<std::pair<std::string, std::string>> m_lists;  // heading, items
};

}  // namespace ringscope
