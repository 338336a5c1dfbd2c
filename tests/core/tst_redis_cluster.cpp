// Redis Cluster slots, against the vectors Redis publishes:
//   * src/crc16.c of redis/redis: "Output for 123456789: 31C3";
//   * CLUSTER KEYSLOT examples on redis.io (commands/cluster-keyslot.md): somekey 11058,
//     foo{hash_tag} and bar{hash_tag} 2515;
//   * the hash-tag rules of the cluster specification (redis-doc topics/cluster-spec.md):
//     {user1000}.following / .followers, foo{}{bar}, foo{{bar}}zap, foo{bar}{zap};
//   * src/crc16_slottable.h of redis/redis: the shortest key of each slot (slots 0-39 here);
//   * redis-cli --cluster create's "Master[i] -> Slots a - b" lines for 3 masters.
#include <QTest>

#include "algorithms/redis-cluster/redisclusterplacement.h"
#include "ringscope/error.h"
#include "testutil.h"

using namespace ringscope;
using ringscope::test::errorOf;

class TestRedisCluster : public QObject {
    Q_OBJECT
private slots:
    void crc16() {
        QCOMPARE(crc16Xmodem("123456789"), uint16_t(0x31C3));
        QCOMPARE(crc16Xmodem(""), uint16_t(0));
        // Bytes >= 0x80 go in unsigned (Redis's `*buf++` is a char, masked with 0xff).
        QCOMPARE(crc16Xmodem(std::string_view("\xff", 1)), uint16_t(0x1EF0));
    }

    void keySlots_data() {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<uint32_t>("slot");
        QTest::newRow("somekey") << QByteArray("somekey") << 11058u;
        QTest::newRow("foo{hash_tag}") << QByteArray("foo{hash_tag}") << 2515u;
        QTest::newRow("bar{hash_tag}") << QByteArray("bar{hash_tag}") << 2515u;
        QTest::newRow("{user1}.following") << QByteArray("{user1}.following") << 8106u;
        // The spec's cases, each equal to the slot of the bytes it says are hashed.
        QTest::newRow("{user1000}.following")
            << QByteArray("{user1000}.following") << redisSlot("user1000");
        QTest::newRow("{user1000}.followers")
            << QByteArray("{user1000}.followers") << redisSlot("user1000");
        QTest::newRow("foo{}{bar}: whole key")
            << QByteArray("foo{}{bar}") << uint32_t(crc16Xmodem("foo{}{bar}") & 16383);
        QTest::newRow("foo{{bar}}zap: {bar") << QByteArray("foo{{bar}}zap") << redisSlot("{bar");
        QTest::newRow("foo{bar}{zap}: bar") << QByteArray("foo{bar}{zap}") << redisSlot("bar");
        QTest::newRow("{}: whole key") << QByteArray("{}") << uint32_t(crc16Xmodem("{}") & 16383);
        QTest::newRow("a{b: no closing brace")
            << QByteArray("a{b") << uint32_t(crc16Xmodem("a{b") & 16383);
        QTest::newRow("empty") << QByteArray("") << 0u;
        // The values themselves, so a change to crc16 shows here too.
        QTest::newRow("foo{}{bar} value") << QByteArray("foo{}{bar}") << 8363u;
        QTest::newRow("foo{{bar}}zap value") << QByteArray("foo{{bar}}zap") << 4015u;
        QTest::newRow("foo{bar}{zap} value") << QByteArray("foo{bar}{zap}") << 5061u;
        QTest::newRow("{user1000}.following value") << QByteArray("{user1000}.following") << 3443u;
        // crc16_slottable.h: key i lands in slot i.
        const char* table[] = {"06S", "Qi",  "5L5", "4Iu", "4gY", "460", "1Y7", "1LV", "0QG", "ru",
                               "7Ok", "4ji", "4DE", "65n", "2JH", "I8",  "F9",  "SX",  "7nF", "4KD",
                               "4eh", "6PK", "2ke", "1Ng", "0Sv", "4L",  "491", "4hX", "4Ft", "5C4",
                               "2Hy", "09R", "021", "0cX", "4Xv", "6mU", "6Cy", "42R", "0Mt", "nF"};
        for (uint32_t s = 0; s < 40; ++s) {
            QTest::addRow("slottable %u", s) << QByteArray(table[s]) << s;
        }
    }
    void keySlots() {
        QFETCH(QByteArray, key);
        QFETCH(uint32_t, slot);
        QCOMPARE(redisSlot(std::string_view(key.constData(), size_t(key.size()))), slot);
    }

    void hashTag() {
        QCOMPARE(redisHashTag("foo{bar}{zap}"), std::string_view("bar"));
        QCOMPARE(redisHashTag("foo{{bar}}zap"), std::string_view("{bar"));
        QCOMPARE(redisHashTag("foo{}{bar}"), std::string_view("foo{}{bar}"));
        QCOMPARE(redisHashTag("nobraces"), std::string_view("nobraces"));
        QCOMPARE(redisHashTag("}{x}"), std::string_view("x"));
    }

    void redisCliSplit() {
        // redis-cli --cluster create with three masters prints
        //   Master[0] -> Slots 0 - 5460, Master[1] -> Slots 5461 - 10922,
        //   Master[2] -> Slots 10923 - 16383.
        QCOMPARE(redisCliCreateSplit(3),
                 (std::vector<SlotRange>{{0, 5460}, {5461, 10922}, {10923, 16383}}));
        QCOMPARE(redisCliCreateSplit(4),
                 (std::vector<SlotRange>{{0, 4095}, {4096, 8191}, {8192, 12287}, {12288, 16383}}));
        QCOMPARE(redisCliCreateSplit(1), (std::vector<SlotRange>{{0, 16383}}));
        // Every N: contiguous, complete, and no master more than one slot above another.
        for (size_t n = 1; n <= 2000; n += (n < 64 ? 1 : 37)) {
            const auto split = redisCliCreateSplit(n);
            QCOMPARE(split.size(), n);
            uint32_t next = 0, lo = kRedisSlots, hi = 0;
            for (const SlotRange r : split) {
                QCOMPARE(r.first, next);
                QVERIFY(r.last >= r.first);
                next = r.last + 1;
                lo = std::min(lo, r.last - r.first + 1);
                hi = std::max(hi, r.last - r.first + 1);
            }
            QCOMPARE(next, kRedisSlots);
            QVERIFY2(hi - lo <= 1, qPrintable(QString::number(n)));
        }
        QCOMPARE(errorOf([] { redisCliCreateSplit(0); }),
                 QStringLiteral("nodes: a Redis cluster needs between 1 and 16384 masters"));
    }

    void slotMap() {
        const std::vector<std::string> ids = {"A", "B", "C"};
        const std::vector<std::vector<SlotRange>> ranges = {
            {{0, 5460}}, {{5461, 10922}}, {{10923, 16383}}};
        const RedisSlotMap map(ids, ranges);
        QCOMPARE(map.owner(0), 0u);
        QCOMPARE(map.owner(5460), 0u);
        QCOMPARE(map.owner(5461), 1u);
        QCOMPARE(map.owner(16383), 2u);
        QCOMPARE(map.slotCount(1), 5462u);
        QCOMPARE(map.rangesOf(2), (std::vector<SlotRange>{{10923, 16383}}));
        // Mid-reshard: B gave 5461-5500 to C; C's ranges merge where they touch.
        const std::vector<std::vector<SlotRange>> moved = {
            {{0, 5460}}, {{5501, 10922}}, {{10923, 16383}, {5461, 5500}}};
        const RedisSlotMap after(ids, moved);
        QCOMPARE(after.rangesOf(2), (std::vector<SlotRange>{{5461, 5500}, {10923, 16383}}));
        QCOMPARE(after.owner(redisSlot("somekey")), 2u);
    }

    void slotMapErrors() {
        const std::vector<std::string> ids = {"A", "B", "C"};
        using Ranges = std::vector<std::vector<SlotRange>>;
        QCOMPARE(
            errorOf([&] {
                RedisSlotMap(ids, Ranges{{{0, 5461}}, {{5461, 10922}}, {{10923, 16383}}});
            }),
            QStringLiteral("nodes[1] (B).slots[0]: slot 5461 is owned by both \"A\" and \"B\""));
        QCOMPARE(errorOf([&] {
                     RedisSlotMap(ids, Ranges{{{0, 5450}}, {{5461, 10922}}, {{10923, 16383}}});
                 }),
                 QStringLiteral("slots: slots 5451-5460 are owned by no node"));
        QCOMPARE(errorOf([&] {
                     RedisSlotMap(ids, Ranges{{{0, 5460}}, {{5461, 10922}}, {{10923, 16382}}});
                 }),
                 QStringLiteral("slots: slot 16383 is owned by no node"));
        QCOMPARE(
            errorOf([&] {
                RedisSlotMap(ids, Ranges{{{0, 5460}}, {{5461, 10922}}, {{10923, 16384}}});
            }),
            QStringLiteral(
                "nodes[2] (C).slots[0]: slot range 10923-16384 must run upwards within 0-16383"));
        QCOMPARE(errorOf([&] {
                     RedisSlotMap(ids, Ranges{{{10, 5}}, {}, {}});
                 }),
                 QStringLiteral(
                     "nodes[0] (A).slots[0]: slot range 10-5 must run upwards within 0-16383"));
    }
};

QTEST_GUILESS_MAIN(TestRedisCluster)
#include "tst_redis_cluster.moc"
