#pragma once
// Which part of another system's file an importer reads when the file holds several (nginx's
// upstreams, HAProxy's backends): one rule for every importer that has parts (module.h,
// Importer::partOption and Importer::parts).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ringscope/error.h"

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

}  // namespace ringscope
