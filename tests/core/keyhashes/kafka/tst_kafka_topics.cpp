// `kafka-topics.sh --describe` read (keyhashes/kafka, kafka_topics.h): the layout of
// apache/kafka's TopicCommand.java (TopicDescription, PartitionDescription) in
// data/describe-3.6.txt and the older one without spaces in data/describe-2.4.txt, and what a bad
// line says.
#include <QTest>

#include "keyhashes/kafka/kafka_topics.h"
#include "ringscope/error.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

std::string data(const char* name) {
    return readSourceFile(QStringLiteral("tests/core/keyhashes/kafka/data/") +
                          QString::fromLatin1(name));
}

Scenario imported(const std::string& text, std::string_view topic = {}) {
    return kKafkaTopicImporters[0].read(text, "t.txt", "t.txt", topic, nullptr);
}

}  // namespace

class TestKafkaTopics : public QObject {
    Q_OBJECT
private slots:
    void describe() {
        const auto topics = parseKafkaTopics(data("describe-3.6.txt"), "d.txt");
        QCOMPARE(topics.size(), size_t(2));
        QCOMPARE(topics[0].name, std::string("orders"));
        QCOMPARE(topics[0].partitions, uint64_t(6));
        QCOMPARE(topics[0].replicationFactor, uint64_t(3));
        QCOMPARE(topics[0].leaderless, std::vector<uint64_t>{2});
        QCOMPARE(topics[1].name, std::string("payments"));
        QCOMPARE(topics[1].partitions, uint64_t(12));
        QCOMPARE(topics[1].line, uint32_t(8));
        // Before Kafka 2.8: no TopicId, no space after the colons; Leader -1.
        const auto old = parseKafkaTopics(data("describe-2.4.txt"), "d.txt");
        QCOMPARE(old.size(), size_t(1));
        QCOMPARE(old[0].partitions, uint64_t(3));
        QCOMPARE(old[0].leaderless, std::vector<uint64_t>{2});
    }

    // The topic as the Java producer sees it: mod-N over its partitions, kafka-murmur2.
    void importsTheTopic() {
        const std::string text = data("describe-3.6.txt");
        const QString several = errorOf([&] { imported(text); });
        QVERIFY2(several.contains(QStringLiteral("orders, payments")) &&
                     several.contains(QStringLiteral("--topic")),
                 qPrintable(several));
        const Scenario s = imported(text, "orders");
        QCOMPARE(s.algorithm, Algorithm::ModN);
        QCOMPARE(s.keyHash, HashKind::KafkaMurmur2);
        QCOMPARE(s.nodes.size(), size_t(6));
        QCOMPARE(s.nodes[5].id, std::string("partition-5"));
        QVERIFY2(QString::fromStdString(s.description).contains(QStringLiteral("partition-2")),
                 s.description.c_str());
        QCOMPARE(imported(text, "payments").nodes.size(), size_t(12));
        QVERIFY(errorOf([&] { imported(text, "refunds"); }).contains(QStringLiteral("refunds")));
    }

    // A count a file gives as a number is refused over the node limit before any node is made:
    // 2^31 - 1 partitions in one short line would otherwise fill the memory.
    void hugeCountRefusedBeforeTheNodes() {
        const QString e = errorOf([] { imported("Topic: a\tPartitionCount: 2147483647\n", ""); });
        QVERIFY2(e == QStringLiteral("t.txt:1: 2147483647 partitions: more nodes than an import "
                                     "makes (at most 100000, the default limit nodes)"),
                 qPrintable(e));
        QCOMPARE(imported("Topic: a\tPartitionCount: 100000\n", "").nodes.size(), size_t{100000});
    }

    // A bad line is refused where it is, saying what it expected.
    void refusals_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("no topic") << ""
                                  << "t.txt: no topic summary";
        QTest::newRow("count") << "Topic: a\tPartitionCount: 0\n"
                               << "t.txt:1: PartitionCount \"0\" is not a whole number";
        QTest::newRow("huge count") << "Topic: a\tPartitionCount: 2147483648\n"
                                    << "t.txt:1: PartitionCount";
        QTest::newRow("past the count")
            << "Topic: a\tPartitionCount: 2\n\tTopic: a\tPartition: 2\tLeader: 1\n"
            << "t.txt:2: partition \"2\" of \"a\", which has 2 partitions (0 to 1)";
        QTest::newRow("twice")
            << "Topic: a\tPartitionCount: 2\n\tTopic: a\tPartition: 1\n\tTopic: a\tPartition: 1\n"
            << "t.txt:3: partition 1 of \"a\" is listed twice";
        QTest::newRow("other topic") << "Topic: a\tPartitionCount: 2\n\tTopic: b\tPartition: 0\n"
                                     << "t.txt:2: a partition of \"b\" before that topic's summary";
        QTest::newRow("not describe") << "hello world\n"
                                      << "t.txt:1: neither a topic's summary";
    }
    void refusals() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const QString e = errorOf([&] { parseKafkaTopics(text.toStdString(), "t.txt"); });
        QVERIFY2(e.startsWith(message), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TestKafkaTopics)
#include "tst_kafka_topics.moc"
