// twemproxy's key hashes (nutcracker 0.5.0, `hash:` of a pool; src/hashkit/; SPEC §6) that no
// other module computes: "twemproxy-one_at_a_time", "twemproxy-fnv1_64", "twemproxy-fnv1a_64"
// (its 64-bit names are 32-bit functions: fnv1a_64 runs FNV-1a with the 64-bit offset basis and
// prime cut to 32 bits), "twemproxy-fnv1_32", "twemproxy-crc16" (a CRC-16/XMODEM table step in a
// 32-bit register that is never masked), "twemproxy-crc32" (libmemcached's form: bits 16–30 of
// the IEEE CRC-32), "twemproxy-hsieh", "twemproxy-murmur" (MurmurHash2, seed 0xdeadbeef ×
// length) and "twemproxy-jenkins" (lookup3's hashlittle). twemproxy's md5, fnv1a_32 and crc32a
// are Ringscope's md5, fnv1a32 and crc32.
//
// twemproxy took these functions from libmemcached's libhashkit, which computes them here
// (checked equal to twemproxy's src/hashkit/*.c on 200,000 random byte strings); libhashkit in
// Debian is built without hsieh, whose few lines are written below from nc_hsieh.c, and crc16
// steps the table of keyhashes/redis-slot. Tested with twemproxy's src/test_all.c values and
// nutcracker 0.5.0's own routes for each (tests/core/tokenschemes/twemproxy/data).

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

// nc_crc16.c: crc = (crc << 8) ^ crc16tab[((crc >> 8) ^ *key++) & 0x00ff], crc a uint32_t.
uint32_t crc16InAWord(std::string_view bytes) {
    uint32_t crc = 0;
    for (const unsigned char c : bytes) {
        crc = (crc << 8) ^ crc16Table()[((crc >> 8) ^ c) & 0xff];
    }
    return crc;
}

// nc_hsieh.c (Paul Hsieh's SuperFastHash from 0, 16-bit words read little-endian as on x86; the
// third byte of a 3-byte tail is a signed char there).
uint32_t hsieh(std::string_view bytes) {
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
    static const TwemproxyHash<crc16InAWord> module(HashKind::TwemproxyCrc16, "twemproxy-crc16");
    return module;
}
const KeyHashModule& modules::twemproxyCrc32Hash() {
    static const TwemproxyHash<fromLibhashkit<libhashkit_crc32>> module(HashKind::TwemproxyCrc32,
                                                                        "twemproxy-crc32");
    return module;
}
const KeyHashModule& modules::twemproxyHsiehHash() {
    static const TwemproxyHash<hsieh> module(HashKind::TwemproxyHsieh, "twemproxy-hsieh");
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
