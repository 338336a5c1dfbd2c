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
