#include "redisslot.h"

#include <array>

#include "ringscope/registry.h"

namespace ringscope {

namespace {

constexpr uint16_t kXmodemPolynomial = 0x1021;  // x^16 + x^12 + x^5 + 1

// crc16tab of Redis's crc16.c: entry b is the CRC of the byte b, shifted MSB first.
constexpr std::array<uint16_t, 256> xmodemTable() {
    std::array<uint16_t, 256> table{};
    for (uint32_t b = 0; b < 256; ++b) {
        uint32_t crc = b << 8;
        for (int bit = 0; bit < 8; ++bit) {
            crc = (crc & 0x8000) ? (crc << 1) ^ kXmodemPolynomial : crc << 1;
        }
        table[b] = static_cast<uint16_t>(crc);
    }
    return table;
}

constexpr std::array<uint16_t, 256> kXmodemTable = xmodemTable();
static_assert(kXmodemTable[1] == 0x1021 && kXmodemTable[255] == 0x1ef0);

class RedisSlotHash final : public KeyHashModule {
public:
    RedisSlotHash() : KeyHashModule(HashKind::RedisSlot, "redis-slot", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override { return redisSlot(bytes); }
};

}  // namespace

uint16_t crc16Xmodem(std::string_view data) {
    uint16_t crc = 0;
    for (const unsigned char byte : data) {
        crc = static_cast<uint16_t>((crc << 8) ^ kXmodemTable[((crc >> 8) ^ byte) & 0xff]);
    }
    return crc;
}

std::string_view redisHashTag(std::string_view key) {
    const size_t open = key.find('{');
    if (open == std::string_view::npos) {
        return key;
    }
    const size_t close = key.find('}', open + 1);
    if (close == std::string_view::npos || close == open + 1) {
        return key;
    }
    return key.substr(open + 1, close - open - 1);
}

const KeyHashModule& modules::redisSlotHash() {
    static const RedisSlotHash module;
    return module;
}

}  // namespace ringscope
