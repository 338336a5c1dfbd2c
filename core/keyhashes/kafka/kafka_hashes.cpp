// The Kafka producers' key hashes. The partition is the hash modulo the partition count, which
// mod-N does with the partitions as the nodes in order (partition-0, partition-1, …):
//   kafka-murmur2  the Java client's keyed records, BuiltInPartitioner.partitionForKey:
//                  Utils.toPositive(Utils.murmur2(keyBytes)) (apache/kafka clients/.../Utils.java:
//                  MurmurHash2, seed 0x9747b28c, the sign bit cleared); librdkafka's murmur2 and
//                  murmur2_random partitioners are the same (rd_murmur2(key) & 0x7fffffff).
//   kafka-fnv1a    librdkafka's fnv1a and fnv1a_random (rdfnv1a.c, made to match Sarama's
//                  NewHashPartitioner): FNV-1a 32 read as an int32, its absolute value; INT32_MIN
//                  stays 2^31, as the C negation leaves it and as Sarama's negated remainder ends.
// librdkafka's consistent and consistent_random (its default) are CRC-32 modulo the count: the
// key hash crc32. The _random variants send a key-less record (consistent_random: also an empty
// key) to a random partition; every key Ringscope places has a partition.
// No Debian library has MurmurHash2 with Kafka's seed (libhashkit's murmur seeds with the
// length; librdkafka's rd_murmur2 is not exported), so it is here, a dozen lines from Utils.java.

#include <cstdint>
#include <cstring>

#include "kafka_topics.h"
#include "keyhashes/fnv1a/fnv1a.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

// Utils.murmur2: Java's ints wrap, as uint32_t does; `>>>` is the unsigned shift.
uint32_t kafkaMurmur2(std::string_view data) {
    constexpr uint32_t kSeed = 0x9747b28cu;
    constexpr uint32_t m = 0x5bd1e995u;
    constexpr int r = 24;
    // Utils.murmur2 takes a Java array: its length is an int.
    const auto length = static_cast<uint32_t>(data.size());
    uint32_t h = kSeed ^ length;
    const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
    const size_t whole = data.size() / 4 * 4;
    for (size_t i = 0; i < whole; i += 4) {
        uint32_t k = uint32_t{bytes[i]} | uint32_t{bytes[i + 1]} << 8 |
                     uint32_t{bytes[i + 2]} << 16 | uint32_t{bytes[i + 3]} << 24;
        k *= m;
        k ^= k >> r;
        k *= m;
        h *= m;
        h ^= k;
    }
    switch (data.size() % 4) {
        case 3:
            h ^= uint32_t{bytes[whole + 2]} << 16;
            [[fallthrough]];
        case 2:
            h ^= uint32_t{bytes[whole + 1]} << 8;
            [[fallthrough]];
        case 1:
            h ^= uint32_t{bytes[whole]};
            h *= m;
            break;
        default:
            break;
    }
    h ^= h >> 13;
    h *= m;
    h ^= h >> 15;
    return h;
}

class KafkaMurmur2Hash final : public KeyHashModule {
public:
    KafkaMurmur2Hash() : KeyHashModule(HashKind::KafkaMurmur2, "kafka-murmur2", {}) {}
    // Utils.toPositive: the sign bit cleared (not the absolute value).
    std::optional<uint64_t> hash(std::string_view bytes) const override {
        return kafkaMurmur2(bytes) & 0x7fffffffu;
    }
    // A topic as kafka-topics.sh --describe prints it.
    std::span<const Importer> importers() const override { return kKafkaTopicImporters; }
};

class KafkaFnv1aHash final : public KeyHashModule {
public:
    KafkaFnv1aHash() : KeyHashModule(HashKind::KafkaFnv1a, "kafka-fnv1a", {}) {}
    // rd_fnv1a: `if (h < 0) h = -h` on an int32_t; the negation of the two's complement value,
    // so INT32_MIN (0x80000000) is its own.
    std::optional<uint64_t> hash(std::string_view bytes) const override {
        const uint32_t h = fnv1a32(bytes);
        return (h & 0x80000000u) ? uint32_t(0u - h) : h;
    }
};

}  // namespace

const KeyHashModule& modules::kafkaMurmur2Hash() {
    static const KafkaMurmur2Hash module;
    return module;
}

const KeyHashModule& modules::kafkaFnv1aHash() {
    static const KafkaFnv1aHash module;
    return module;
}

}  // namespace ringscope
