#include "nodetool_ring.h"

#include <algorithm>
#include <unordered_map>

#include "ringscope/error.h"
#include "ringscope/importpart.h"
#include "ringscope/key_encoding.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

constexpr std::string_view kDatacenterPrefix = "Datacenter: ";
constexpr std::string_view kStatuses[] = {"Up", "Down", "?"};
constexpr std::string_view kStates[] = {"Normal", "Joining", "Leaving", "Moving"};
// The first words of the lines nodetool adds around the table.
constexpr std::string_view kSkippedStarts[] = {"Warning:", "To view status related info", "Note:"};

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    size_t at = 0;
    while (true) {
        at = line.find_first_not_of(" \t", at);
        if (at == std::string_view::npos) {
            return out;
        }
        const size_t end = std::min(line.find_first_of(" \t", at), line.size());
        out.push_back(line.substr(at, end - at));
        at = end;
    }
}

template <size_t N>
bool oneOf(std::string_view word, const std::string_view (&set)[N]) {
    return std::find(std::begin(set), std::end(set), word) != std::end(set);
}

std::string_view trim(std::string_view s) {
    const size_t first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
        return {};
    }
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

// Over 80 lines: one pass over nodetool's lines, one case per form of line, all sharing the
// datacenter being read.
NodetoolRing parseNodetoolRing(std::string_view text, const std::string& source) {
    NodetoolRing ring;
    std::unordered_map<std::string, size_t> byAddress;
    std::unordered_map<int64_t, size_t> byToken;
    std::string datacenter;
    uint32_t lineNo = 0;
    size_t tokens = 0;
    while (!text.empty()) {
        const size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        ++lineNo;
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        const std::string where = source + ":" + std::to_string(lineNo);
        const std::string_view trimmed = trim(line);
        if (trimmed.empty() || trimmed.find_first_not_of('=') == std::string_view::npos) {
            continue;
        }
        if (trimmed.starts_with(kDatacenterPrefix)) {
            datacenter = std::string(trim(trimmed.substr(kDatacenterPrefix.size())));
            if (datacenter.empty()) {
                throw InputError(where, "the datacenter has no name");
            }
            if (hasControlCharacter(datacenter)) {
                throw InputError(where, "the datacenter name " + quotedText(datacenter) +
                                            " holds a control character");
            }
            ring.datacenters.push_back(datacenter);
            continue;
        }
        if (std::any_of(std::begin(kSkippedStarts), std::end(kSkippedStarts),
                        [&](std::string_view s) { return trimmed.starts_with(s); })) {
            continue;
        }
        if (trimmed.starts_with("Error:")) {
            throw InputError(
                where, "nodetool reported an error: " + quotedText(trimmed, kQuotedLineBytes));
        }
        const std::vector<std::string_view> w = words(trimmed);
        if (w.front() == "Address" && w.size() == 7 && w.back() == "Token") {
            continue;  // the column header
        }
        if (w.size() == 1) {
            // The datacenter's last token, printed above its rows so the ring reads as closed.
            if (!parseSigned64(w.front())) {
                throw InputError(
                    where, quotedText(w.front()) + " is not a token (a signed 64-bit integer)");
            }
            continue;
        }
        if (w.size() < 7 || !oneOf(w[2], kStatuses) || !oneOf(w[3], kStates)) {
            throw InputError(where,
                             "expected \"Address Rack Status State Load Owns Token\" (as "
                             "nodetool ring prints it), got " +
                                 quotedText(trimmed, kQuotedLineBytes));
        }
        if (datacenter.empty()) {
            throw InputError(where, "a token line before any \"Datacenter:\" line");
        }
        const auto token = parseSigned64(w.back());
        if (!token) {
            throw InputError(where,
                             quotedText(w.back()) + " is not a token (a signed 64-bit integer)");
        }
        for (const auto& [what, name] : {std::pair{"address", w[0]}, std::pair{"rack", w[1]}}) {
            if (hasControlCharacter(name)) {  // a scenario's ids and zones cannot hold them
                throw InputError(where, std::string("the ") + what + " " + quotedText(name) +
                                            " holds a control character");
            }
        }
        const std::string address(w[0]);
        auto [it, fresh] = byAddress.emplace(address, ring.nodes.size());
        if (fresh) {
            ring.nodes.push_back({address,
                                  datacenter,
                                  std::string(w[1]),
                                  std::string(w[2]),
                                  std::string(w[3]),
                                  {},
                                  lineNo});
        }
        NodetoolRingNode& node = ring.nodes[it->second];
        if (node.datacenter != datacenter || node.rack != w[1]) {
            throw InputError(where, "node " + shownName(address) + " is in " +
                                        shownName(datacenter + "/" + std::string(w[1])) +
                                        " here but in " +
                                        shownName(node.datacenter + "/" + node.rack) + " on line " +
                                        std::to_string(node.firstLine));
        }
        const auto [owner, freshToken] = byToken.emplace(*token, it->second);
        if (!freshToken) {
            throw InputError(where, "token " + formatSigned64(*token) + " of node " +
                                        shownName(address) + " is already listed for node " +
                                        shownName(ring.nodes[owner->second].address));
        }
        node.tokens.push_back(*token);
        ++tokens;
    }
    if (tokens == 0) {
        throw InputError(source, "no token lines found; is this the output of nodetool ring?");
    }
    return ring;
}

Scenario nodetoolRingScenario(const NodetoolRing& ring, const std::string& source,
                              std::vector<uint32_t>* nodeLines) {
    ImportedScenario imported(source, nodeLines);
    Scenario& s = imported.scenario();
    s.algorithm = Algorithm::Ring;
    s.space = kSpaceSigned64;
    s.keyHash = HashKind::Murmur3Cassandra;
    s.replicas = 1;
    std::string unusual;
    for (const NodetoolRingNode& node : ring.nodes) {
        NodeSpec spec;
        spec.id = node.address;
        spec.zone = node.datacenter + "/" + node.rack;
        for (const int64_t token : node.tokens) {
            spec.tokens.push_back(signed64ToPosition(token));
        }
        imported.add(std::move(spec), node.firstLine);
        if (node.status != "Up" || node.state != "Normal") {
            unusual +=
                (unusual.empty() ? "" : ", ") + node.address + " " + node.status + "/" + node.state;
        }
    }
    std::string datacenters;
    for (const std::string& dc : ring.datacenters) {
        datacenters += (datacenters.empty() ? "" : ", ") + dc;
    }
    return imported.finish("Cassandra ring from nodetool: " + std::to_string(ring.nodes.size()) +
                               " nodes in " + datacenters,
                           ImportedScenario::importedFrom(source, "nodetool ring") +
                               std::to_string(imported.points()) +
                               " Murmur3Partitioner tokens, zone = DC/rack. " +
                               (unusual.empty() ? std::string("Every node was Up and Normal. ")
                                                : "Not Up and Normal: " + unusual + ". ") +
                               "Set replicas and zoneAware to model the keyspace's replication.",
                           source, "no nodes");
}

std::string formatSigned64(int64_t token) {
    return std::to_string(token);
}

std::optional<int64_t> parseSigned64(std::string_view text) {
    // Long.parseLong also takes a leading '+'.
    if (text.size() > 1 && text.front() == '+' && text[1] != '-') {
        text.remove_prefix(1);
    }
    return parseDecimalI64(text);
}

namespace {
Scenario importNodetoolRing(std::string_view text, const std::string& source,
                            const std::string& name, std::string_view /*part*/,
                            std::vector<uint32_t>* nodeLines) {
    return nodetoolRingScenario(parseNodetoolRing(text, source), name, nodeLines);
}
}  // namespace

const Importer kNodetoolRingImporters[1] = {
    {"nodetool-ring",
     "the text `nodetool ring` prints",
     importNodetoolRing,
     {},
     nullptr,
     "what `nodetool ring` prints (all datacenters): space signed64, key hash\n"
     "murmur3-cassandra, one node per address with its tokens, zone DC/rack.\n"}};

}  // namespace ringscope
