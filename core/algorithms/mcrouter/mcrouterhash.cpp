// The hashes under mcrouter's pool hash functions (mcrouter.h): MurmurHash64A and furc_hash
// (mcrouter/lib/fbi/hash.c), weightedFurcHash (mcrouter/lib/fbi/WeightedFurcHash.cpp), SpookyHash
// V2 (folly/hash/SpookyHashV2.cpp, Bob Jenkins' public domain code) and Hash128to64
// (mcrouter/lib/RendezvousHashHelper.h). Words are read little-endian byte by byte, as those read
// them on the x86-64 and AArch64 hosts they run on.

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "mcrouter.h"

namespace ringscope {

namespace {

uint64_t load(const char* p, size_t bytes) {
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; ++i) {
        v |= uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
    }
    return v;
}
uint64_t load64(const char* p) {
    return load(p, 8);
}

// ---- MurmurHash64A --------------------------------------------------------------------------

constexpr uint64_t kMurmurMul = 0xc6a4a7935bd1e995ULL;
constexpr int kMurmurShift = 47;

uint64_t murmurMix(uint64_t k) {
    k *= kMurmurMul;
    k ^= k >> kMurmurShift;
    return k * kMurmurMul;
}

uint64_t murmurFinish(uint64_t h) {
    h ^= h >> kMurmurShift;
    h *= kMurmurMul;
    return h ^ (h >> kMurmurShift);
}

// ---- furc_hash ------------------------------------------------------------------------------

constexpr uint32_t kFurcSeed = 4193360111u;
constexpr uint32_t kFurcTries = 32;
constexpr uint32_t kFurcShift = 23;

// The bit stream furc_hash reads: word 0 is the key's MurmurHash64A, each next word the
// MurmurHash64A of the one before (murmur_rehash_64A). Words are made as the reads reach them.
class FurcBits {
public:
    explicit FurcBits(std::string_view key) { m_words.push_back(murmurHash64A(key, kFurcSeed)); }
    uint32_t operator()(uint32_t index) { return uint32_t(word64(index >> 6) >> (index & 63)) & 1; }
    // The 32 bits from `index` on (furcGetNext32Bits).
    uint32_t next32(uint32_t index) {
        const uint32_t word = index >> 6;
        const uint32_t shift = index & 63;
        const uint64_t low = word64(word) >> shift;
        return uint32_t(shift <= 32 ? low : low | word64(word + 1) << (64 - shift));
    }

private:
    uint64_t word64(uint32_t word) {
        while (m_words.size() <= word) {
            m_words.push_back(murmurFinish(
                (kFurcSeed ^ (8 * kMurmurMul) ^ murmurMix(m_words.back())) * kMurmurMul));
        }
        return m_words[word];
    }

    std::vector<uint64_t> m_words;
};

// furc_hash's walk: `tried` sees each number read. The level d (⌈log2 m⌉ at first) only falls;
// the bit index a runs on through the tries and drops back to d when a level bit is 0.
template <class Tried>
uint32_t furcWalk(std::string_view key, uint32_t m, Tried tried) {
    if (m <= 1) {
        return 0;
    }
    FurcBits bit(key);
    uint32_t d = uint32_t(std::bit_width(m - 1));
    uint32_t a = d;
    for (uint32_t t = 0; t < kFurcTries; ++t) {
        while (bit(a) == 0) {
            if (--d == 0) {
                return 0;
            }
            a = d;
        }
        a += kFurcShift;
        uint32_t number = 1;
        for (uint32_t i = 0; i + 1 < d; ++i) {
            number = number << 1 | bit(a);
            a += kFurcShift;
        }
        tried(FurcTry{d, number});
        if (number < m) {
            return number;
        }
    }
    return 0;
}

// weightedFurcHash's walk (WeightedCh4): furc's tree read on from where the last attempt ended,
// each attempt's number kept when its weight is 1 or the next 32 bits fall below weight ×
// (2^32 − 1); a level running out, or 32 numbers ≥ m, gives 0. After `kFurcTries` attempts the
// last 32 bits read, modulo m. `tried` sees each attempt.
template <class Tried>
uint32_t weightedFurcWalk(std::string_view key, std::span<const double> weights, Tried tried) {
    const auto m = static_cast<uint32_t>(weights.size());
    if (m <= 1) {
        return 0;
    }
    FurcBits bit(key);
    const uint32_t msb = uint32_t(std::bit_width(m - 1));
    uint32_t d = msb;
    uint32_t start = 0;
    uint32_t a = d;
    uint32_t numbersOut = 0;  // numbers ≥ m read in this attempt
    uint32_t next = 0;
    for (uint32_t attempt = 0; attempt < kFurcTries;) {
        uint32_t number = m;
        while (bit(a) == 0) {
            if (--d == start) {
                number = 0;
                break;
            }
            a = d;
        }
        a += kFurcShift;
        if (number != 0) {
            number = 1;
            for (uint32_t i = start; i + 1 < d; ++i) {
                number = number << 1 | bit(a);
                a += kFurcShift;
            }
            if (number >= m) {
                if (++numbersOut < kFurcTries) {
                    continue;
                }
                number = 0;
            }
        }
        // A weight outside [0, 1] (another algorithm's scenario) is taken as its nearest bound.
        const double weight = std::clamp(weights[number], 0.0, 1.0);
        if (weight == 1) {
            tried(WeightedTry{{}, number, 0, uint64_t{1} << 32});
            return number;
        }
        const auto threshold = static_cast<uint64_t>(weight * 4294967295.0);
        next = bit.next32(a);
        tried(WeightedTry{{}, number, next, threshold});
        if (next < threshold) {
            return number;
        }
        numbersOut = 0;
        start = a;
        d = a + msb;
        a = d;
        ++attempt;
    }
    return next % m;
}

// ---- SpookyHash V2 --------------------------------------------------------------------------

constexpr uint64_t kSpookyConst = 0xdeadbeefdeadbeefULL;
constexpr size_t kSpookyVars = 12;
constexpr size_t kSpookyBlock = kSpookyVars * 8;  // 96 bytes
constexpr size_t kSpookyShortLimit = 2 * kSpookyBlock;

using SpookyState = std::array<uint64_t, kSpookyVars>;

// ShortMix and ShortEnd over (h0, h1, h2, h3), as SpookyV2.h writes them: a round of each
// rotation, in order, on the variable whose turn it is.
void shortMix(uint64_t h[4]) {
    constexpr int kRot[12] = {50, 52, 30, 41, 54, 48, 38, 37, 62, 34, 5, 36};
    for (int i = 0; i < 12; ++i) {
        const int x = (i + 2) % 4;  // h2, h3, h0, h1, …
        h[x] = std::rotl(h[x], kRot[i]);
        h[x] += h[(x + 1) % 4];
        h[(x + 2) % 4] ^= h[x];
    }
}

void shortEnd(uint64_t h[4]) {
    constexpr int kRot[11] = {15, 52, 26, 51, 28, 9, 47, 54, 32, 25, 63};
    for (int i = 0; i < 11; ++i) {
        const int x = (i + 3) % 4;  // h3 ^= h2; h2 = rot(h2); h3 += h2; then h0, h1, …
        const int y = (x + 3) % 4;
        h[x] ^= h[y];
        h[y] = std::rotl(h[y], kRot[i]);
        h[x] += h[y];
    }
}

void spookyShort(std::string_view bytes, uint64_t& hash1, uint64_t& hash2) {
    const char* p = bytes.data();
    const size_t length = bytes.size();
    size_t remainder = length % 32;
    uint64_t h[4] = {hash1, hash2, kSpookyConst, kSpookyConst};  // a, b, c, d
    if (length > 15) {
        for (const char* end = p + length / 32 * 32; p < end; p += 32) {
            h[2] += load64(p);
            h[3] += load64(p + 8);
            shortMix(h);
            h[0] += load64(p + 16);
            h[1] += load64(p + 24);
        }
        if (remainder >= 16) {
            h[2] += load64(p);
            h[3] += load64(p + 8);
            shortMix(h);
            p += 16;
            remainder -= 16;
        }
    }
    // The last 0–15 bytes: up to 8 into c, the rest into d, and the length in d's top byte.
    h[3] += uint64_t(length) << 56;
    if (remainder == 0) {
        h[2] += kSpookyConst;
        h[3] += kSpookyConst;
    } else {
        h[2] += load(p, std::min<size_t>(remainder, 8));
        if (remainder > 8) {
            h[3] += load(p + 8, remainder - 8);
        }
    }
    shortEnd(h);
    hash1 = h[0];
    hash2 = h[1];
}

void spookyMix(const uint64_t* data, SpookyState& s) {
    constexpr int kRot[12] = {11, 32, 43, 31, 17, 28, 39, 57, 55, 54, 22, 46};
    for (size_t i = 0; i < kSpookyVars; ++i) {
        s[i] += data[i];
        s[(i + 2) % kSpookyVars] ^= s[(i + 10) % kSpookyVars];
        s[(i + 11) % kSpookyVars] ^= s[i];
        s[i] = std::rotl(s[i], kRot[i]);
        s[(i + 11) % kSpookyVars] += s[(i + 1) % kSpookyVars];
    }
}

void spookyEndPartial(SpookyState& h) {
    constexpr int kRot[12] = {44, 15, 34, 21, 38, 33, 10, 13, 38, 53, 42, 54};
    for (size_t i = 0; i < kSpookyVars; ++i) {
        h[(i + 11) % kSpookyVars] += h[(i + 1) % kSpookyVars];
        h[(i + 2) % kSpookyVars] ^= h[(i + 11) % kSpookyVars];
        h[(i + 1) % kSpookyVars] = std::rotl(h[(i + 1) % kSpookyVars], kRot[i]);
    }
}

}  // namespace

uint64_t murmurHash64A(std::string_view bytes, uint32_t seed) {
    const size_t len = bytes.size();
    uint64_t h = seed ^ (len * kMurmurMul);
    const size_t whole = len / 8 * 8;
    for (size_t i = 0; i < whole; i += 8) {
        h ^= murmurMix(load64(bytes.data() + i));
        h *= kMurmurMul;
    }
    if (len > whole) {
        h ^= load(bytes.data() + whole, len - whole);
        h *= kMurmurMul;
    }
    return murmurFinish(h);
}

void spookyHash128(std::string_view bytes, uint64_t& h1, uint64_t& h2) {
    if (bytes.size() < kSpookyShortLimit) {
        spookyShort(bytes, h1, h2);
        return;
    }
    SpookyState h;
    for (size_t i = 0; i < kSpookyVars; i += 3) {
        h[i] = h1;
        h[i + 1] = h2;
        h[i + 2] = kSpookyConst;
    }
    std::array<uint64_t, kSpookyVars> block{};
    const size_t blocks = bytes.size() / kSpookyBlock;
    for (size_t b = 0; b < blocks; ++b) {
        for (size_t i = 0; i < kSpookyVars; ++i) {
            block[i] = load64(bytes.data() + b * kSpookyBlock + i * 8);
        }
        spookyMix(block.data(), h);
    }
    // The rest, zero-padded to a block whose last byte is the rest's length.
    const size_t rest = bytes.size() - blocks * kSpookyBlock;
    std::array<char, kSpookyBlock> last{};
    std::memcpy(last.data(), bytes.data() + blocks * kSpookyBlock, rest);
    last[kSpookyBlock - 1] = static_cast<char>(rest);
    for (size_t i = 0; i < kSpookyVars; ++i) {
        h[i] += load64(last.data() + i * 8);
    }
    for (int round = 0; round < 3; ++round) {
        spookyEndPartial(h);
    }
    h1 = h[0];
    h2 = h[1];
}

uint32_t spookyHash32(std::string_view bytes, uint32_t seed) {
    uint64_t h1 = seed;
    uint64_t h2 = seed;
    spookyHash128(bytes, h1, h2);
    return static_cast<uint32_t>(h1);
}

uint64_t hash128to64(uint64_t upper, uint64_t lower) {
    constexpr uint64_t kMul = 0x9ddfea08eb382d69ULL;
    uint64_t a = (lower ^ upper) * kMul;
    a ^= a >> 47;
    uint64_t b = (upper ^ a) * kMul;
    b ^= b >> 47;
    return b * kMul;
}

uint32_t furcHash(std::string_view key, uint32_t m) {
    return furcWalk(key, m, [](const FurcTry&) {});
}

std::vector<FurcTry> furcTries(std::string_view key, uint32_t m) {
    std::vector<FurcTry> tries;
    furcWalk(key, m, [&](const FurcTry& t) { tries.push_back(t); });
    return tries;
}

uint32_t weightedFurcHash(std::string_view key, std::span<const double> weights) {
    return weightedFurcWalk(key, weights, [](const WeightedTry&) {});
}

std::vector<WeightedTry> weightedFurcTries(std::string_view key, std::span<const double> weights,
                                           uint32_t& server) {
    std::vector<WeightedTry> tries;
    server = weightedFurcWalk(key, weights, [&](WeightedTry t) { tries.push_back(std::move(t)); });
    return tries;
}

}  // namespace ringscope
