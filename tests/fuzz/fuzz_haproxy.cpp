// libFuzzer target: bytes as an HAProxy configuration. Any input must parse or be refused with
// an InputError; what parses keeps the reader's promises: every server has a name and a weight
// from 0 to 256, no two servers of a proxy share an id, and each proxy with `hash-type
// consistent` gives a scenario of its servers but the backups, numbered as HAProxy numbers
// them (distinct ids), 16 points per unit of weight.
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string_view>

#include "ringscope/error.h"
#include "tokenschemes/haproxy/haproxy.h"

namespace {
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_haproxy: %s\n", what);
        std::abort();
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<ringscope::HaproxyProxy> proxies;
    try {
        proxies = ringscope::parseHaproxyConfig(text, "haproxy.cfg");
    } catch (const ringscope::InputError&) {
        return 0;
    }
    for (const ringscope::HaproxyProxy& p : proxies) {
        std::set<uint32_t> ids;
        size_t onRing = 0;
        uint64_t points = 0;
        for (const ringscope::HaproxyServer& server : p.servers) {
            expect(server.weight >= 0 && server.weight <= 256, "a weight outside 0-256");
            expect(!server.id || ids.insert(*server.id).second, "a server id used twice");
            if (!server.backup) {
                ++onRing;
                points += uint64_t(server.weight) * 16;
            }
        }
        try {
            const ringscope::Scenario s =
                ringscope::haproxyScenario(proxies, p.name, "haproxy.cfg", "haproxy.cfg");
            expect(s.nodes.size() == onRing, "a server lost or a backup placed");
            const std::vector<uint32_t> numbered = ringscope::haproxyServerIds(s);
            expect(std::set<uint32_t>(numbered.begin(), numbered.end()).size() == numbered.size(),
                   "two servers numbered alike");
            if (points <= 1 << 16) {
                expect(ringscope::haproxyTokens(s).size() == points, "not 16 points per weight");
            }
        } catch (const ringscope::InputError&) {
        }
    }
    return 0;
}
