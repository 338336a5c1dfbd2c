#include "haproxy_hashes.h"

#include <bit>

#include "keyhashes/crc32/crc32.h"
#include "ringscope/registry.h"

namespace ringscope {

uint32_t sdbm32(std::string_view bytes) {
    uint32_t hash = 0;
    for (const unsigned char c : bytes) {
        hash = c + (hash << 6) + (hash << 16) - hash;
    }
    return hash;
}

uint32_t djb2(std::string_view bytes) {
    uint32_t hash = 5381;
    for (const unsigned char c : bytes) {
        hash = (hash << 5) + hash + c;
    }
    return hash;
}

// Two words stirred by each byte, rotated by amounts the words themselves choose.
uint32_t wt6(std::string_view bytes) {
    uint32_t h0 = 0xa53c965au;
    uint32_t h1 = 0x5ca6953au;
    int step0 = 6;
    int step1 = 18;
    for (const unsigned char c : bytes) {
        h0 = ~(h0 ^ c);
        h1 = ~(h1 + c);
        const uint32_t t = std::rotl(h1, step0);
        h1 = std::rotl(h0, step1);
        h0 = t;
        const uint32_t mix = ((h0 >> 16) ^ h1) & 0xffff;
        step0 = static_cast<int>(mix & 0x1f);
        step1 = static_cast<int>(mix >> 11);
    }
    return h0 ^ h1;
}

uint32_t haproxyFullHash(uint32_t a) {
    a = (a + 0x7ed55d16u) + (a << 12);
    a = (a ^ 0xc761c23cu) ^ (a >> 19);
    a = (a + 0x165667b1u) + (a << 5);
    a = (a + 0xd3a2646cu) ^ (a << 9);
    a = (a + 0xfd7046c5u) + (a << 3);
    a = (a ^ 0xb55a4f09u) ^ (a >> 16);
    return a * 3221225473u;
}

namespace {

// One of HAProxy's functions, plain or through full_hash.
template <uint32_t (*Function)(std::string_view), bool Avalanche>
class HaproxyHash final : public KeyHashModule {
public:
    HaproxyHash(HashKind id, std::string_view name) : KeyHashModule(id, name, {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override {
        const uint32_t h = Function(bytes);
        return Avalanche ? haproxyFullHash(h) : h;
    }
};

}  // namespace

const KeyHashModule& modules::sdbmHash() {
    static const HaproxyHash<sdbm32, false> module(HashKind::Sdbm, "sdbm");
    return module;
}
const KeyHashModule& modules::djb2Hash() {
    static const HaproxyHash<djb2, false> module(HashKind::Djb2, "djb2");
    return module;
}
const KeyHashModule& modules::wt6Hash() {
    static const HaproxyHash<wt6, false> module(HashKind::Wt6, "wt6");
    return module;
}
const KeyHashModule& modules::sdbmAvalancheHash() {
    static const HaproxyHash<sdbm32, true> module(HashKind::SdbmAvalanche, "sdbm-avalanche");
    return module;
}
const KeyHashModule& modules::djb2AvalancheHash() {
    static const HaproxyHash<djb2, true> module(HashKind::Djb2Avalanche, "djb2-avalanche");
    return module;
}
const KeyHashModule& modules::wt6AvalancheHash() {
    static const HaproxyHash<wt6, true> module(HashKind::Wt6Avalanche, "wt6-avalanche");
    return module;
}
const KeyHashModule& modules::crc32AvalancheHash() {
    static const HaproxyHash<crc32, true> module(HashKind::Crc32Avalanche, "crc32-avalanche");
    return module;
}

}  // namespace ringscope
