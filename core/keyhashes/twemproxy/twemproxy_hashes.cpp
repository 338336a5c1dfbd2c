#include "keyhashes/twemproxy/twemproxy_hashes.h"

#include <libhashkit-1.0/hashkit.h>

#include <array>

#include "keyhashes/redis-slot/redisslot.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

// CRC-16/XMODEM's table: entry i is the CRC of the one byte i.
const std::array<uint32_t, 256>& crc16Table() {
    static const std::array<uint32_t, 256> table = [] {
        std::array<uint32_t, 256> t{};
        for (unsigned i = 0; i < 256; ++i) {
            const char byte = static_cast<char>(i);
            t[i] = crc16Xmodem(std::string_view(&byte, 1));
        }
        return t;
    }();
    return table;
}

uint32_t littleEndian16(const unsigned char* p) {
    return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8;
}

}  // namespace

// nc_crc16.c: crc = (crc << 8) ^ crc16tab[((crc >> 8) ^ *key++) & 0x00ff], crc a uint32_t.
uint32_t twemproxyCrc16(std::string_view bytes) {
    uint32_t crc = 0;
    for (const unsigned char c : bytes) {
        crc = (crc << 8) ^ crc16Table()[((crc >> 8) ^ c) & 0xff];
    }
    return crc;
}

// nc_hsieh.c (Paul Hsieh's SuperFastHash from 0, 16-bit words read little-endian as on x86; the
// third byte of a 3-byte tail is a signed char there).
uint32_t twemproxyHsieh(std::string_view bytes) {
    if (bytes.empty()) {
        return 0;
    }
    const auto* key = reinterpret_cast<const unsigned char*>(bytes.data());
    uint32_t hash = 0;
    for (size_t words = bytes.size() >> 2; words > 0; --words, key += 4) {
        hash += littleEndian16(key);
        const uint32_t tmp = (littleEndian16(key + 2) << 11) ^ hash;
        hash = (hash << 16) ^ tmp;
        hash += hash >> 11;
    }
    switch (bytes.size() & 3) {
        case 3:
            hash += littleEndian16(key);
            hash ^= hash << 16;
            hash ^= static_cast<uint32_t>(static_cast<int32_t>(static_cast<signed char>(key[2])))
                    << 18;
            hash += hash >> 11;
            break;
        case 2:
            hash += littleEndian16(key);
            hash ^= hash << 11;
            hash += hash >> 17;
            break;
        case 1:
            hash += key[0];
            hash ^= hash << 10;
            hash += hash >> 1;
            break;
        default:
            break;
    }
    hash ^= hash << 3;
    hash += hash >> 5;
    hash ^= hash << 4;
    hash += hash >> 17;
    hash ^= hash << 25;
    hash += hash >> 6;
    return hash;
}

namespace {

template <uint32_t (*Function)(const char*, size_t)>
uint32_t fromLibhashkit(std::string_view bytes) {
    return Function(bytes.data(), bytes.size());
}

template <uint32_t (*Function)(std::string_view)>
class TwemproxyHash final : public KeyHashModule {
public:
    TwemproxyHash(HashKind id, std::string_view name) : KeyHashModule(id, name, {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override { return Function(bytes); }
};

}  // namespace

const KeyHashModule& modules::twemproxyOneAtATimeHash() {
    static const TwemproxyHash<fromLibhashkit<libhashkit_one_at_a_time>> module(
        HashKind::TwemproxyOneAtATime, "twemproxy-one_at_a_time");
    return module;
}
const KeyHashModule& modules::twemproxyFnv1_64Hash() {
    static const TwemproxyHash<fromLibhashkit<libhashkit_fnv1_64>> module(
        HashKind::TwemproxyFnv1_64, "twemproxy-fnv1_64");
    return module;
}
const KeyHashModule& modules::twemproxyFnv1a_64Hash() {
    static const TwemproxyHash<fromLibhashkit<libhashkit_fnv1a_64>> module(
        HashKind::TwemproxyFnv1a_64, "twemproxy-fnv1a_64");
    return module;
}
const KeyHashModule& modules::twemproxyFnv1_32Hash() {
    static const TwemproxyHash<fromLibhashkit<libhashkit_fnv1_32>> module(
        HashKind::TwemproxyFnv1_32, "twemproxy-fnv1_32");
    return module;
}
const KeyHashModule& modules::twemproxyCrc16Hash() {
    static const TwemproxyHash<twemproxyCrc16> module(HashKind::TwemproxyCrc16, "twemproxy-crc16");
    return module;
}
const KeyHashModule& modules::twemproxyCrc32Hash() {
    static const TwemproxyHash<fromLibhashkit<libhashkit_crc32>> module(HashKind::TwemproxyCrc32,
                                                                        "twemproxy-crc32");
    return module;
}
const KeyHashModule& modules::twemproxyHsiehHash() {
    static const TwemproxyHash<twemproxyHsieh> module(HashKind::TwemproxyHsieh, "twemproxy-hsieh");
    return module;
}
const KeyHashModule& modules::twemproxyMurmurHash() {
    static const TwemproxyHash<fromLibhashkit<libhashkit_murmur>> module(HashKind::TwemproxyMurmur,
                                                                         "twemproxy-murmur");
    return module;
}
const KeyHashModule& modules::twemproxyJenkinsHash() {
    static const TwemproxyHash<fromLibhashkit<libhashkit_jenkins>> module(
        HashKind::TwemproxyJenkins, "twemproxy-jenkins");
    return module;
}

}  // namespace ringscope
