// libFuzzer target: bytes as an nginx configuration. Any input must parse or be refused with an
// InputError; what parses keeps the reader's promises: every upstream has a name and its
// servers an address and a weight ≥ 1, and each upstream with `hash … consistent` gives a
// scenario of its servers but the backups, which places (small weights) as nginx would: 160
// points per unit of weight, none repeated.
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string_view>

#include "ringscope/error.h"
#include "tokenschemes/nginx/nginx.h"

namespace {
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_nginx: %s\n", what);
        std::abort();
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<ringscope::NginxUpstream> upstreams;
    try {
        upstreams = ringscope::parseNginxUpstreams(text, "nginx.conf");
    } catch (const ringscope::InputError&) {
        return 0;
    }
    for (const ringscope::NginxUpstream& up : upstreams) {
        expect(up.line >= 1, "an upstream without its line");
        size_t onRing = 0;
        int64_t weights = 0;
        for (const ringscope::NginxServer& server : up.servers) {
            expect(!server.address.empty(), "a server without an address");
            expect(server.weight >= 1, "a weight below 1");
            if (!server.backup) {
                ++onRing;
                weights = weights > 1000 ? weights : weights + server.weight;
            }
        }
        if (!up.consistent) {
            continue;
        }
        try {
            const ringscope::Scenario s =
                ringscope::nginxScenario(upstreams, up.name, "nginx.conf", "nginx.conf");
            expect(s.nodes.size() == onRing, "a server lost or a backup placed");
            if (weights <= 1000) {
                const auto tokens = ringscope::nginxTokens(s);
                expect(tokens.size() <= size_t(weights) * 160, "more points than 160 per weight");
                std::set<uint64_t> positions;
                for (const auto& t : tokens) {
                    expect(positions.insert(t.position).second, "a point repeated");
                }
            }
        } catch (const ringscope::InputError&) {
        }
    }
    return 0;
}
