#pragma once
// Reads what `kafka-topics.sh --describe` prints (apache/kafka tools/src/main/java/org/apache/
// kafka/tools/TopicCommand.java, TopicDescription and PartitionDescription): for each
// topic a summary line of tab-separated "Name: value" fields — Topic, TopicId (Kafka 2.8 and
// later), PartitionCount, ReplicationFactor, Configs — then one line per partition, indented:
// Topic, Partition, Leader ("none" or -1 when it has none), Replicas, Isr. Releases before 2.8
// write the fields without the space ("PartitionCount:12"); both are read.
//
// The import (`ringscope-cli import kafka-topic FILE [--topic NAME]`) is the topic's partitions as
// the Java producer's default partitioner sees them: mod-N over partition-0 … partition-(N-1),
// key hash kafka-murmur2.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/module.h"

namespace ringscope {

struct KafkaTopic {
    std::string name;
    uint64_t partitions = 0;           // PartitionCount
    uint64_t replicationFactor = 0;    // ReplicationFactor (0: not given)
    std::vector<uint64_t> leaderless;  // partitions listed with no leader
    uint32_t line = 0;                 // 1-based line of the summary
};

// The topics of the text, in order. `source` names it in messages. Throws
// InputError("source:line", ...) for a line that is neither a summary nor a partition of the topic
// before it, a count that is not a whole number from 1 to 2^31 - 1, a partition listed twice or
// past the count, or no topic at all.
std::vector<KafkaTopic> parseKafkaTopics(std::string_view text, const std::string& source);

extern const Importer kKafkaTopicImporters[1];

}  // namespace ringscope
