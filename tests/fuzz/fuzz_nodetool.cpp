// libFuzzer target: bytes as the text `nodetool ring` prints. Any input must parse or be
// refused with an InputError naming its line; what parses keeps the reader's promises: every
// node has a token, no token is listed twice, every node's datacenter is one of those listed.
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string_view>

#include "keyhashes/cassandra/nodetool_ring.h"
#include "ringscope/error.h"

namespace {
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_nodetool: %s\n", what);
        std::abort();
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const ringscope::NodetoolRing ring = ringscope::parseNodetoolRing(text, "ring.txt");
        expect(!ring.nodes.empty(), "a ring without nodes");
        std::set<int64_t> tokens;
        const std::set<std::string> datacenters(ring.datacenters.begin(), ring.datacenters.end());
        for (const auto& node : ring.nodes) {
            expect(!node.tokens.empty(), "a node without tokens");
            expect(datacenters.count(node.datacenter) == 1, "a node in an unlisted datacenter");
            for (const int64_t token : node.tokens) {
                expect(tokens.insert(token).second, "a token listed twice");
            }
        }
    } catch (const ringscope::InputError&) {
    }
    return 0;
}
