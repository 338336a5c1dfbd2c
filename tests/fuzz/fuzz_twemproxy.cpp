// libFuzzer target: bytes as a twemproxy (nutcracker) YAML configuration. Any input must parse
// or be refused with an InputError; what parses keeps the reader's promises: every server has a
// name, a weight of at least 1 and a name no other server of its pool has, and each ketama pool
// gives a scenario of all its servers, each named as twemproxy hashes it, whose points are those
// of ketama_update's formula (a multiple of four, about 160 per server).
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string_view>

#include "ringscope/error.h"
#include "tokenschemes/twemproxy/twemproxy.h"

namespace {
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_twemproxy: %s\n", what);
        std::abort();
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<ringscope::TwemproxyPool> pools;
    try {
        pools = ringscope::parseTwemproxyConfig(text, "nutcracker.yml");
    } catch (const ringscope::InputError&) {
        return 0;
    }
    for (const ringscope::TwemproxyPool& p : pools) {
        std::set<std::string> names;
        for (const ringscope::TwemproxyServer& server : p.servers) {
            expect(!server.name.empty(), "a server without a name");
            expect(server.weight >= 1, "a weight below 1");
            expect(names.insert(server.name).second, "two servers of a pool named alike");
        }
        if (p.distribution != "ketama" || p.servers.empty()) {
            continue;
        }
        try {
            const ringscope::Scenario s =
                ringscope::twemproxyScenario(pools, p.name, "nutcracker.yml", "nutcracker.yml");
            expect(s.nodes.size() == p.servers.size(), "a server lost");
            for (size_t n = 0; n < s.nodes.size(); ++n) {
                expect(s.nodes[n].id == p.servers[n].name, "a node not named as twemproxy hashes");
            }
            if (s.nodes.size() <= 64) {
                const size_t tokens = ringscope::twemproxyTokens(s).size();
                expect(tokens % 4 == 0, "points not in fours");
                expect(tokens <= 160 * s.nodes.size() + 4, "more points than 160 a server");
            }
        } catch (const ringscope::InputError&) {
        }
    }
    return 0;
}
