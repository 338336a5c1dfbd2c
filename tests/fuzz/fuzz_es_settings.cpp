// libFuzzer target: bytes as an Elasticsearch index's settings (JSON), imported as
// `ringscope-cli import elasticsearch-settings` imports them. Any input must give a scenario or be
// refused with an InputError; what is imported keeps the importer's promises: the elasticsearch
// algorithm and its key hash over one node a shard, named INDEX[i] in order, its routing shards a
// multiple of the shards.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "algorithms/elasticsearch/elasticsearch_settings.h"
#include "algorithms/elasticsearch/elasticsearchplacement.h"
#include "ringscope/error.h"
#include "ringscope/registry.h"
#include "scenariojson.h"

namespace {
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_es_settings: %s\n", what);
        std::abort();
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ringscope::Limits limits;
    limits.set(ringscope::Limit::Nodes, 2000);  // a few thousand shards at most, for speed
    try {
        const ringscope::Scenario s =
            ringscope::importedScenario(ringscope::kElasticsearchImporters[0], text,
                                        "settings.json", "settings.json", "", limits);
        expect(s.algorithm == ringscope::Algorithm::Elasticsearch, "another algorithm");
        expect(!s.nodes.empty(), "no shard");
        const uint32_t r = ringscope::routingShardsOf(s);
        expect(r >= s.nodes.size() && r % s.nodes.size() == 0, "routing shards not a multiple");
        expect(s.keyHash == ringscope::HashKind::EsMurmur3, "another key hash");
        // The shards named INDEX[0] ... INDEX[N-1], in order, the index's name at most 255 bytes.
        const std::string& first = s.nodes.front().id;
        const std::string index = first.substr(0, first.rfind('['));
        expect(index.size() <= 255, "an index name over 255 bytes");
        for (size_t i = 0; i < s.nodes.size(); ++i) {
            expect(s.nodes[i].id == index + "[" + std::to_string(i) + "]", "a shard misnamed");
        }
    } catch (const ringscope::InputError&) {
    }
    return 0;
}
