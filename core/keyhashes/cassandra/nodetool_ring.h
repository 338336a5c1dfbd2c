#pragma once
// Reads the text `nodetool ring` prints (Apache Cassandra's tools/nodetool/Ring.java): for each
// datacenter a "Datacenter: NAME" line, a "==========" rule, the header
// "Address Rack Status State Load Owns Token", a line with the datacenter's last token, then one
// line per token — address, rack, Up/Down/?, Normal/Joining/Leaving/Moving, load (which may hold
// a space: "45.71 KiB", "0 bytes", or "?"), owns ("33.33%" or "?"), token. The vnode warning,
// the "Note:" line and blank lines are skipped. Addresses may carry a port (nodetool -pp) or be
// host names (-r).
//
// Tested against output laid out with Ring.java's own format string
// ("%-{w}s  %-12s%-7s%-8s%-16s%-20s%-44s%n") and the single-node line of Cassandra's
// test/unit/org/apache/cassandra/tools/nodetool/RingTest.java.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/module.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct NodetoolRingNode {
    std::string address;
    std::string datacenter;
    std::string rack;
    std::string status;           // Up, Down or ?
    std::string state;            // Normal, Joining, Leaving or Moving
    std::vector<int64_t> tokens;  // in the order the output lists them
    uint32_t firstLine = 0;       // 1-based line of the node's first token
    bool operator==(const NodetoolRingNode&) const = default;
};

struct NodetoolRing {
    std::vector<NodetoolRingNode> nodes;   // in order of first appearance
    std::vector<std::string> datacenters;  // in order of appearance
};

// Parses the text. `source` names it in messages ("ring.txt"). Throws InputError("source:line",
// message) for a token line before any "Datacenter:", a line that is not one of the shapes
// above, a token that is not a signed 64-bit integer, an address listed in two datacenters or
// racks, a token listed twice (naming both addresses), or text with no token at all. O(lines).
NodetoolRing parseNodetoolRing(std::string_view text, const std::string& source);

// Tokens as Cassandra prints them (Long.toString) and reads them (Long.parseLong: optional
// sign, decimal digits). O(1).
std::string formatSigned64(int64_t token);
std::optional<int64_t> parseSigned64(std::string_view text);

// The equivalent scenario (SPEC §6): a ring in the signed64 space with key hash
// murmur3-cassandra, one node per address in order of first appearance with its tokens, zone
// "DC/rack", one replica; the title and description name `source` and the nodes that were not
// Up and Normal. O(tokens).
// `nodeLines`, if given, receives the line of each node's first token.
Scenario nodetoolRingScenario(const NodetoolRing& ring, const std::string& source,
                              std::vector<uint32_t>* nodeLines = nullptr);

// `ringscope-cli import nodetool-ring FILE`: the two above in a row.
extern const Importer kNodetoolRingImporters[1];

}  // namespace ringscope
