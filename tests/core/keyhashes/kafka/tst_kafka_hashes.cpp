// The Kafka producers' key hashes (keyhashes/kafka) and a topic as mod-N over its partitions:
// the vectors Kafka, librdkafka and kafka-python publish, and the Java client's own code run on
// this machine (data/java-partitions.tsv, data/capture/README.md). librdkafka itself is called
// by tst_kafka_librdkafka.
#include <QTest>

#include "kafkatopic.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

uint64_t hashOf(HashKind kind, std::string_view key) {
    return *hashKey(kind, key);
}

// Java's int of a murmur2 value: the test files write them signed.
uint64_t positive(int32_t javaInt) {
    return uint32_t(javaInt) & 0x7fffffffu;
}

}  // namespace

class TestKafkaHashes : public QObject {
    Q_OBJECT
private slots:
    // apache/kafka clients/src/test/java/org/apache/kafka/common/utils/UtilsTest.java,
    // testMurmur2, through Utils.toPositive.
    void kafkasOwnMurmur2Vectors() {
        QCOMPARE(hashOf(HashKind::KafkaMurmur2, "21"), positive(-973932308));
        QCOMPARE(hashOf(HashKind::KafkaMurmur2, "foobar"), positive(-790332482));
        QCOMPARE(hashOf(HashKind::KafkaMurmur2, "a-little-bit-long-string"), positive(-985981536));
        QCOMPARE(hashOf(HashKind::KafkaMurmur2, "a-little-bit-longer-string"),
                 positive(-1486304829));
        QCOMPARE(hashOf(HashKind::KafkaMurmur2, "lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8"),
                 positive(-58897971));
        QCOMPARE(hashOf(HashKind::KafkaMurmur2, "abc"), positive(479470107));
    }

    // confluentinc/librdkafka src/rdmurmur2.c (unittest_murmur2, java_murmur2_results) and
    // src/rdfnv1a.c (unittest_fnv1a, golang_hashfnv_results: Go's hash/fnv, as Sarama).
    void librdkafkasVectors() {
        const std::string unaligned = "PreAmbleWillBeRemoved,ThePrePartThatIs";
        const std::vector<std::string> keys = {"kafka",
                                               "giberish123456789",
                                               "1234",
                                               "234",
                                               "34",
                                               "4",
                                               unaligned,
                                               unaligned.substr(1),
                                               unaligned.substr(2),
                                               unaligned.substr(3),
                                               ""};
        const uint32_t murmur2[] = {0xd067cf64, 0x8f552b0c, 0x9fc97b14, 0xe7c009ca,
                                    0x873930da, 0x5a4b5ca1, 0x78424f1c, 0x4a62b377,
                                    0xe0e4e09e, 0x62b8b43f, 0x106e08d9};
        const uint32_t fnv1a[] = {0xd33c4e1,  0x77a58295, 0x23bdd03,  0x2dea3cd2,
                                  0x740fa83e, 0x310ca263, 0x65cbd69c, 0x6e49c79a,
                                  0x69eed356, 0x6abcc023, 0x7ee3623b};
        for (size_t i = 0; i < keys.size(); ++i) {
            QCOMPARE(hashOf(HashKind::KafkaMurmur2, keys[i]), uint64_t{murmur2[i] & 0x7fffffffu});
            // rd_fnv1a's results are already the absolute values.
            QCOMPARE(hashOf(HashKind::KafkaFnv1a, keys[i]), uint64_t{fnv1a[i]});
        }
    }

    // dpkp/kafka-python test/test_partitioner.py, test_murmur2_java_compatibility ("compare with
    // output from Kafka's org.apache.kafka.clients.producer.Partitioner"): 1,000 partitions.
    void kafkaPythonsThousandPartitions() {
        const std::vector<std::string> keys = {"",    "a",         "ab",
                                               "abc", "123456789", std::string("\0 ", 2)};
        const std::vector<int> expected = {681, 524, 434, 107, 566, 742};
        QCOMPARE(primariesOf(kafkaTopic(1000, HashKind::KafkaMurmur2, keys)), expected);
    }

    // The Java client's own Utils.murmur2 and BuiltInPartitioner.partitionForKey (OpenJDK 17) on
    // 1,349 keys — ids, host:port, URLs, Japanese, emoji, every tail length, a 1,000-byte key —
    // and 1 to 1,000 partitions: each key's partition under a topic of that many.
    void javaProducersPartitions() {
        const QStringList lines =
            QString::fromStdString(readSourceFile(QStringLiteral(
                                       "tests/core/keyhashes/kafka/data/java-partitions.tsv")))
                .split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.first(),
                 QStringLiteral("key\tmurmur2\tp1\tp3\tp7\tp12\tp100\tp1000\tp2147483647"));
        std::vector<std::string> keys;
        std::vector<QStringList> rows;
        for (const QString& line : lines.mid(1)) {
            rows.push_back(line.split(u'\t'));
            keys.push_back(rows.back()[0].toStdString());
        }
        QCOMPARE(keys.size(), size_t{1349});
        for (size_t k = 0; k < keys.size(); ++k) {
            QCOMPARE(hashOf(HashKind::KafkaMurmur2, keys[k]), positive(rows[k][1].toInt()));
            // A count no topic reaches: the hash modulo 2^31 − 1, which 0x7fffffff wraps to 0.
            QCOMPARE(hashOf(HashKind::KafkaMurmur2, keys[k]) % 2147483647u,
                     rows[k][8].toULongLong());
        }
        const int counts[] = {1, 3, 7, 12, 100, 1000};
        for (int c = 0; c < 6; ++c) {
            const std::vector<int> got =
                primariesOf(kafkaTopic(counts[c], HashKind::KafkaMurmur2, keys));
            for (size_t k = 0; k < keys.size(); ++k) {
                QVERIFY2(
                    got[k] == rows[k][2 + c].toInt(),
                    qPrintable(QStringLiteral("%1 partitions, key \"%2\": Java %3, Ringscope %4")
                                   .arg(counts[c])
                                   .arg(rows[k][0], rows[k][2 + c])
                                   .arg(got[k])));
            }
        }
    }

    // toPositive clears the sign bit; it is not the absolute value, which differs on every
    // negative hash: "a" hashes negative.
    void signBitClearedNotNegated() {
        const int32_t javaInt = -1563381124;  // Utils.murmur2("a"), data/java-partitions.tsv
        QCOMPARE(hashOf(HashKind::KafkaMurmur2, "a"), positive(javaInt));
        QVERIFY(hashOf(HashKind::KafkaMurmur2, "a") != uint64_t(-int64_t{javaInt}));
    }

    // rd_fnv1a negates a negative int32; INT32_MIN is its own negation and stays 2^31.
    void fnv1aAbsoluteValue() {
        for (const char* key : {"kafka", "a", "b", "partition", "🚀"}) {
            const auto h = int32_t(hashOf(HashKind::Fnv1a32, key));
            const uint64_t expected = h < 0 ? uint64_t(-int64_t{h}) : uint64_t(h);
            QCOMPARE(hashOf(HashKind::KafkaFnv1a, key), expected);
        }
    }
};

QTEST_GUILESS_MAIN(TestKafkaHashes)
#include "tst_kafka_hashes.moc"
