// libFuzzer target: bytes as the text `kafka-topics.sh --describe` prints. Any input must parse
// or be refused with an InputError naming its line; what parses keeps the reader's promises:
// every topic has a name and 1 to 2^31 - 1 partitions, and each partition without a leader is
// one of its partitions, named once.
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string_view>

#include "keyhashes/kafka/kafka_topics.h"
#include "ringscope/error.h"

namespace {
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_kafka_topics: %s\n", what);
        std::abort();
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto topics = ringscope::parseKafkaTopics(text, "topics.txt");
        expect(!topics.empty(), "no topic");
        for (const auto& t : topics) {
            expect(!t.name.empty(), "a topic without a name");
            expect(t.partitions >= 1 && t.partitions <= 2147483647u,
                   "a partition count out of range");
            std::set<uint64_t> seen;
            for (const uint64_t p : t.leaderless) {
                expect(p < t.partitions, "a leaderless partition past the count");
                expect(seen.insert(p).second, "a leaderless partition named twice");
            }
        }
    } catch (const ringscope::InputError&) {
    }
    return 0;
}
