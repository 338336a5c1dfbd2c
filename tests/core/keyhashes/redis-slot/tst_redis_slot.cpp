// Key hash "redis-slot" (keyhashes/redis-slot): CRC16/XMODEM of Redis's src/crc16.c, the hash
// tag of src/cluster.c, and the slots redis.io and Redis's src/crc16_slottable.h give for keys.
#include <QTest>

#include "keyhashes/redis-slot/redisslot.h"
#include "ringscope/registry.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestRedisSlot : public QObject {
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
};

QTEST_GUILESS_MAIN(TestRedisSlot)
#include "tst_redis_slot.moc"
