#include "kafka_topics.h"

#include <charconv>
#include <limits>
#include <optional>
#include <set>

#include "ringscope/error.h"
#include "ringscope/importpart.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

// A line's "Name: value" fields, tab-separated; a field without a colon has an empty name.
std::vector<std::pair<std::string_view, std::string_view>> fields(std::string_view line) {
    std::vector<std::pair<std::string_view, std::string_view>> out;
    size_t start = 0;
    while (start <= line.size()) {
        const size_t tab = std::min(line.find('\t', start), line.size());
        const std::string_view field = trimmed(line.substr(start, tab - start));
        if (!field.empty()) {
            const size_t colon = field.find(':');
            out.emplace_back(
                colon == std::string_view::npos ? std::string_view()
                                                : trimmed(field.substr(0, colon)),
                colon == std::string_view::npos ? field : trimmed(field.substr(colon + 1)));
        }
        start = tab + 1;
    }
    return out;
}

std::optional<std::string_view> field(
    const std::vector<std::pair<std::string_view, std::string_view>>& all, std::string_view name) {
    for (const auto& [n, value] : all) {
        if (n == name) {
            return value;
        }
    }
    return std::nullopt;
}

// A whole number up to `max`, or nullopt.
std::optional<uint64_t> count(std::string_view text, uint64_t max) {
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value > max) {
        return std::nullopt;
    }
    return value;
}

constexpr uint64_t kMaxPartitions = std::numeric_limits<int32_t>::max();

}  // namespace

std::vector<KafkaTopic> parseKafkaTopics(std::string_view text, const std::string& source) {
    std::vector<KafkaTopic> topics;
    std::set<uint64_t> listed;  // the partitions of the last topic listed so far
    uint32_t number = 0;
    while (!text.empty() || number == 0) {
        const size_t end = std::min(text.find('\n'), text.size());
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++number;
        const std::string where = source + ":" + std::to_string(number);
        const auto f = fields(line);
        if (f.empty()) {
            if (text.empty()) {
                break;
            }
            continue;
        }
        const auto topic = field(f, "Topic");
        if (const auto partitions = field(f, "PartitionCount")) {
            KafkaTopic t;
            t.name = topic ? std::string(*topic) : std::string();
            if (t.name.empty()) {
                throw InputError(where, "a topic summary without its Topic");
            }
            const auto n = count(*partitions, kMaxPartitions);
            if (!n || *n == 0) {
                throw InputError(where, "PartitionCount " + quotedText(*partitions) +
                                            " is not a whole number from 1 to 2147483647");
            }
            t.partitions = *n;
            if (const auto r = field(f, "ReplicationFactor")) {
                t.replicationFactor = count(*r, kMaxPartitions).value_or(0);
            }
            t.line = number;
            topics.push_back(std::move(t));
            listed.clear();
            continue;
        }
        const auto partition = field(f, "Partition");
        if (!partition) {
            throw InputError(where,
                             "neither a topic's summary (PartitionCount) nor one of its "
                             "partitions (Partition); is this kafka-topics.sh --describe?");
        }
        if (topics.empty() || (topic && *topic != topics.back().name)) {
            throw InputError(where, "a partition of " + quotedText(topic.value_or("")) +
                                        " before that topic's summary");
        }
        KafkaTopic& t = topics.back();
        const auto p = count(*partition, kMaxPartitions);
        if (!p || *p >= t.partitions) {
            throw InputError(where, "partition " + quotedText(*partition) + " of " +
                                        quotedText(t.name) + ", which has " +
                                        std::to_string(t.partitions) + " partitions (0 to " +
                                        std::to_string(t.partitions - 1) + ")");
        }
        if (!listed.insert(*p).second) {
            throw InputError(where, "partition " + std::to_string(*p) + " of " +
                                        quotedText(t.name) + " is listed twice");
        }
        const auto leader = field(f, "Leader");
        if (leader && (*leader == "none" || *leader == "-1")) {
            t.leaderless.push_back(*p);
        }
    }
    if (topics.empty()) {
        throw InputError(source,
                         "no topic summary (a line with PartitionCount); is this "
                         "kafka-topics.sh --describe?");
    }
    return topics;
}

namespace {

Scenario topicScenario(const KafkaTopic& t, const std::string& name,
                       std::vector<uint32_t>* nodeLines) {
    ImportedScenario imported(name, nodeLines);
    Scenario& s = imported.scenario();
    s.algorithm = Algorithm::ModN;
    s.keyHash = HashKind::KafkaMurmur2;
    s.replicas = 1;
    imported.lists(
        {"Partitions without a leader (keyed records to them fail until one is elected)"});
    ImportedScenario::checkNodeCount(t.partitions, name + ":" + std::to_string(t.line),
                                     "partitions");
    for (uint64_t p = 0; p < t.partitions; ++p) {
        NodeSpec node;
        node.id = "partition-" + std::to_string(p);
        imported.add(std::move(node), t.line);
    }
    for (const uint64_t p : t.leaderless) {
        imported.list(
            "Partitions without a leader (keyed records to them fail until one is elected)",
            "partition-" + std::to_string(p));
    }
    return imported.finish(
        "Kafka topic " + t.name + ": " + std::to_string(t.partitions) + " partitions",
        ImportedScenario::importedFrom(name, "kafka-topics.sh --describe") + "topic " + t.name +
            ", " + std::to_string(t.partitions) + " partitions" +
            (t.replicationFactor ? ", replication factor " + std::to_string(t.replicationFactor)
                                 : std::string()) +
            ". Keyed records go where the Java producer sends them (kafka-murmur2 modulo the "
            "partition count; librdkafka's murmur2 partitioner is the same). librdkafka's default, "
            "consistent_random, is keyHash crc32; its fnv1a is kafka-fnv1a.",
        name, "no partitions");
}

Scenario importKafkaTopic(std::string_view text, const std::string& source, const std::string& name,
                          std::string_view part, std::vector<uint32_t>* nodeLines) {
    const std::vector<KafkaTopic> topics = parseKafkaTopics(text, source);
    const KafkaTopic& t = chooseImportPart(
        topics, [](const KafkaTopic& k) { return k.name; }, [](const KafkaTopic&) { return true; },
        part, source, {"topic", "topics", "a PartitionCount", "--topic"});
    return topicScenario(t, name, nodeLines);
}

std::vector<std::string> kafkaTopicNames(std::string_view text, const std::string& source) {
    return importableParts(
        parseKafkaTopics(text, source), [](const KafkaTopic& k) { return k.name; },
        [](const KafkaTopic&) { return true; });
}

}  // namespace

const Importer kKafkaTopicImporters[1] = {
    {"kafka-topic", "the text `kafka-topics.sh --describe` prints", importKafkaTopic, "--topic",
     kafkaTopicNames,
     "what `kafka-topics.sh --describe` prints (--topic NAME chooses one of several): mod-N\n"
     "over partition-0 ... partition-(N-1), key hash kafka-murmur2 (the Java producer's keyed\n"
     "records; librdkafka's default is crc32); partitions without a leader named.\n"}};

}  // namespace ringscope
