#include "cassandra.h"

#include <algorithm>
#include <bit>

#include "nodetool_ring.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

constexpr uint64_t kC1 = 0x87c37b91114253d5ull;
constexpr uint64_t kC2 = 0x4cf5ad432745937full;

uint64_t fmix(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

// The two lanes' mixes of a 64-bit chunk, in the body and in the tail alike.
uint64_t mixK1(uint64_t k1) {
    return std::rotl(k1 * kC1, 31) * kC2;
}
uint64_t mixK2(uint64_t k2) {
    return std::rotl(k2 * kC2, 33) * kC1;
}

uint64_t block(const unsigned char* p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) {
        v = (v << 8) | p[i];  // little-endian, bytes masked with 0xff as getBlock does
    }
    return v;
}

// A tail byte as Cassandra reads it: ((long) key.get(i)) << shift, the byte sign-extended.
uint64_t tailByte(unsigned char b, int shift) {
    return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int8_t>(b))) << shift;
}

}  // namespace

std::array<uint64_t, 2> cassandraMurmur3(std::string_view bytes, uint64_t seed) {
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    const size_t length = bytes.size();
    const size_t blocks = length / 16;
    uint64_t h1 = seed;
    uint64_t h2 = seed;
    for (size_t i = 0; i < blocks; ++i) {
        h1 ^= mixK1(block(data + 16 * i));
        h1 = std::rotl(h1, 27);
        h1 += h2;
        h1 = h1 * 5 + 0x52dce729;
        h2 ^= mixK2(block(data + 16 * i + 8));
        h2 = std::rotl(h2, 31);
        h2 += h1;
        h2 = h2 * 5 + 0x38495ab5;
    }
    const unsigned char* tail = data + 16 * blocks;
    const size_t rest = length & 15;
    uint64_t k1 = 0;
    uint64_t k2 = 0;
    if (rest > 8) {
        for (size_t i = rest; i-- > 8;) {
            k2 ^= tailByte(tail[i], static_cast<int>(8 * (i - 8)));
        }
        h2 ^= mixK2(k2);
    }
    if (rest > 0) {
        for (size_t i = std::min<size_t>(rest, 8); i-- > 0;) {
            k1 ^= tailByte(tail[i], static_cast<int>(8 * i));
        }
        h1 ^= mixK1(k1);
    }
    // Java: h1 ^= length (an int, widened to long).
    h1 ^= static_cast<uint64_t>(length);
    h2 ^= static_cast<uint64_t>(length);
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 += h2;
    h2 += h1;
    return {h1, h2};
}

int64_t murmur3CassandraToken(std::string_view bytes) {
    if (bytes.empty()) {
        return std::numeric_limits<int64_t>::min();  // Murmur3Partitioner.MINIMUM
    }
    const auto token = static_cast<int64_t>(cassandraMurmur3(bytes)[0]);
    return token == std::numeric_limits<int64_t>::min() ? std::numeric_limits<int64_t>::max()
                                                        : token;
}

namespace {

// Key hash "murmur3-cassandra": the Murmur3Partitioner token as its two's-complement bits, written
// signed; the family brings the reader of `nodetool ring`.
class Murmur3CassandraHash final : public KeyHashModule {
public:
    Murmur3CassandraHash() : KeyHashModule(HashKind::Murmur3Cassandra, "murmur3-cassandra", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override {
        return static_cast<uint64_t>(murmur3CassandraToken(bytes));
    }
    std::string format(uint64_t value) const override {
        return std::to_string(static_cast<int64_t>(value));  // as Long.toString
    }
    std::span<const Importer> importers() const override { return kNodetoolRingImporters; }
};

}  // namespace

const KeyHashModule& modules::murmur3CassandraHash() {
    static const Murmur3CassandraHash module;
    return module;
}

}  // namespace ringscope
