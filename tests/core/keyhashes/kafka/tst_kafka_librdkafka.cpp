// librdkafka's partitioners, called in Debian's librdkafka itself (rd_kafka_msg_partitioner_*,
// rdkafka.h), against Ringscope's topic: mod-N over the partitions with crc32 (consistent,
// consistent_random: the client's default), kafka-murmur2 (murmur2, murmur2_random: the Java
// client's) and kafka-fnv1a (fnv1a, fnv1a_random). The _random variants are random only for a
// key-less record (and consistent_random for an empty key): every key here has bytes.
#include <librdkafka/rdkafka.h>

#include <QTest>
#include <random>

#include "kafkatopic.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

using Partitioner = int32_t (*)(const rd_kafka_topic_t*, const void*, size_t, int32_t, void*,
                                void*);

struct Row {
    const char* name;
    Partitioner partitioner;
    HashKind keyHash;
};

const Row kPartitioners[] = {
    {"consistent", rd_kafka_msg_partitioner_consistent, HashKind::Crc32},
    {"consistent_random", rd_kafka_msg_partitioner_consistent_random, HashKind::Crc32},
    {"murmur2", rd_kafka_msg_partitioner_murmur2, HashKind::KafkaMurmur2},
    {"murmur2_random", rd_kafka_msg_partitioner_murmur2_random, HashKind::KafkaMurmur2},
    {"fnv1a", rd_kafka_msg_partitioner_fnv1a, HashKind::KafkaFnv1a},
    {"fnv1a_random", rd_kafka_msg_partitioner_fnv1a_random, HashKind::KafkaFnv1a},
};

int32_t librdkafka(const Row& row, std::string_view key, int32_t partitions) {
    // No topic handle: these partitioners read it only to pick a random partition.
    return row.partitioner(nullptr, key.data(), key.size(), partitions, nullptr, nullptr);
}

// Keys as producers send them, and the bytes no text has: ids, host:port, Japanese, emoji, every
// length to 40 (each of murmur2's tails), then random bytes of random lengths, every byte value.
std::vector<std::string> keys() {
    std::vector<std::string> out;
    for (int i = 0; i < 300; ++i) {
        out.push_back("user:" + std::to_string(i));
        out.push_back("10.0.0." + std::to_string(i % 250) + ":9092");
        out.push_back("注文-" + std::to_string(i) + "-🚀");
    }
    for (size_t n = 1; n <= 40; ++n) {
        out.emplace_back(n, '\xff');
    }
    std::mt19937_64 random(20261207);
    for (int i = 0; i < 5000; ++i) {
        std::string key(1 + random() % 64, '\0');
        for (char& c : key) {
            c = char(random());
        }
        out.push_back(key);
    }
    return out;
}

}  // namespace

class TestKafkaLibrdkafka : public QObject {
    Q_OBJECT
private slots:
    void partitionsAsLibrdkafka_data() {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("partitions");
        for (int r = 0; r < int(std::size(kPartitioners)); ++r) {
            for (int n : {1, 3, 12, 100, 1000}) {
                QTest::addRow("%s, %d partitions", kPartitioners[r].name, n) << r << n;
            }
        }
    }
    void partitionsAsLibrdkafka() {
        QFETCH(int, row);
        QFETCH(int, partitions);
        const Row& r = kPartitioners[row];
        const std::vector<std::string> all = keys();
        const std::vector<int> got = primariesOf(kafkaTopic(partitions, r.keyHash, all));
        for (size_t k = 0; k < all.size(); ++k) {
            const int32_t expected = librdkafka(r, all[k], partitions);
            QVERIFY2(
                got[k] == expected,
                qPrintable(QStringLiteral("key %1 (hex %2): librdkafka %3, Ringscope %4")
                               .arg(k)
                               .arg(QString::fromLatin1(QByteArray::fromStdString(all[k]).toHex()))
                               .arg(expected)
                               .arg(got[k])));
        }
    }

    // The hash itself, beyond any topic's size: a partition count of 2^31 - 1 leaves all of it
    // but the one value it wraps.
    void wholeHashes() {
        const std::vector<std::string> all = keys();
        for (const Row& r : kPartitioners) {
            for (const std::string& key : all) {
                QCOMPARE(int64_t(*hashKey(r.keyHash, key) % 2147483647u),
                         int64_t(librdkafka(r, key, 2147483647)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestKafkaLibrdkafka)
#include "tst_kafka_librdkafka.moc"
