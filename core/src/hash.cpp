#include "ringscope/hash.h"

#include <openssl/evp.h>
#include <xxhash.h>

#include <charconv>
#include <memory>
#include <stdexcept>

#include "ringscope/cassandra.h"
#include "ringscope/redis_cluster.h"

namespace ringscope {

namespace {

struct MdFree {
    void operator()(EVP_MD* md) const { EVP_MD_free(md); }
};
struct CtxFree {
    void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

enum class Digest : uint8_t { Md5, Sha256 };

const char* digestName(Digest digest) {
    switch (digest) {
        case Digest::Md5:
            return "MD5";
        case Digest::Sha256:
            return "SHA256";
    }
    return "?";
}

// Fetching an EVP_MD is expensive (provider lookup); do it once per algorithm.
const EVP_MD* fetched(Digest digest) {
    static const std::unique_ptr<EVP_MD, MdFree> md5(
        EVP_MD_fetch(nullptr, digestName(Digest::Md5), nullptr));
    static const std::unique_ptr<EVP_MD, MdFree> sha256(
        EVP_MD_fetch(nullptr, digestName(Digest::Sha256), nullptr));
    const EVP_MD* md = nullptr;
    switch (digest) {
        case Digest::Md5:
            md = md5.get();
            break;
        case Digest::Sha256:
            md = sha256.get();
            break;
    }
    if (md == nullptr) {
        throw std::runtime_error(std::string("libcrypto has no ") + digestName(digest) + " digest");
    }
    return md;
}

template <size_t N>
std::array<uint8_t, N> compute(Digest which, std::string_view data) {
    thread_local const std::unique_ptr<EVP_MD_CTX, CtxFree> ctx(EVP_MD_CTX_new());
    std::array<uint8_t, N> out{};
    unsigned int length = 0;
    if (!ctx || EVP_DigestInit_ex2(ctx.get(), fetched(which), nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), data.data(), data.size()) != 1 ||
        EVP_DigestFinal_ex(ctx.get(), out.data(), &length) != 1 || length != N) {
        throw std::runtime_error(std::string("libcrypto failed to compute ") + digestName(which));
    }
    return out;
}

}  // namespace

std::optional<uint64_t> parseDecimalU64(std::string_view text) {
    uint64_t value = 0;
    if (text.empty() || text.front() < '0' || text.front() > '9') {
        return std::nullopt;
    }
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

uint32_t fnv1a32(std::string_view data) {
    uint32_t hash = 0x811c9dc5u;
    for (unsigned char byte : data) {
        hash = (hash ^ byte) * 0x01000193u;
    }
    return hash;
}

uint64_t fnv1a64(std::string_view data) {
    uint64_t hash = 0xcbf29ce484222325ull;
    for (unsigned char byte : data) {
        hash = (hash ^ byte) * 0x100000001b3ull;
    }
    return hash;
}

std::array<uint8_t, 16> md5Digest(std::string_view data) {
    return compute<16>(Digest::Md5, data);
}

std::array<uint8_t, 32> sha256Digest(std::string_view data) {
    return compute<32>(Digest::Sha256, data);
}

uint64_t xxh64(std::string_view data, uint64_t seed) {
    return XXH64(data.data(), data.size(), seed);
}

std::optional<uint64_t> hashKey(HashKind kind, std::string_view key) {
    switch (kind) {
        case HashKind::Identity:
            return parseDecimalU64(key);
        case HashKind::Fnv1a32:
            return fnv1a32(key);
        case HashKind::Fnv1a64:
            return fnv1a64(key);
        case HashKind::Md5: {
            const auto d = md5Digest(key);
            return uint64_t{d[0]} | uint64_t{d[1]} << 8 | uint64_t{d[2]} << 16 |
                   uint64_t{d[3]} << 24;
        }
        case HashKind::Sha256: {
            const auto d = sha256Digest(key);
            uint64_t value = 0;
            for (int i = 0; i < 8; ++i) {
                value = value << 8 | d[i];
            }
            return value;
        }
        case HashKind::Xxh64:
            return xxh64(key);
        case HashKind::Murmur3Cassandra:
            return static_cast<uint64_t>(murmur3CassandraToken(key));
        case HashKind::RedisSlot:
            return redisSlot(key);
    }
    return std::nullopt;
}

std::string formatHashValue(HashKind kind, uint64_t value) {
    return kind == HashKind::Murmur3Cassandra ? formatSigned64(static_cast<int64_t>(value))
                                              : std::to_string(value);
}

}  // namespace ringscope
