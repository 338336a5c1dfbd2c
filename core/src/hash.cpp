#include "ringscope/hash.h"

#include <openssl/evp.h>
#include <xxhash.h>

#include <charconv>
#include <memory>
#include <stdexcept>

namespace ringscope {

namespace {

struct MdFree {
    void operator()(EVP_MD* md) const { EVP_MD_free(md); }
};
struct CtxFree {
    void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

// Fetching an EVP_MD is expensive (provider lookup); do it once per algorithm.
const EVP_MD* fetched(const char* name) {
    static const std::unique_ptr<EVP_MD, MdFree> md5(EVP_MD_fetch(nullptr, "MD5", nullptr));
    static const std::unique_ptr<EVP_MD, MdFree> sha256(EVP_MD_fetch(nullptr, "SHA256", nullptr));
    const EVP_MD* md = name[0] == 'M' ? md5.get() : sha256.get();
    if (md == nullptr) {
        throw std::runtime_error(std::string("libcrypto has no ") + name + " digest");
    }
    return md;
}

template <size_t N>
std::array<uint8_t, N> digest(const char* name, const void* data, size_t size) {
    thread_local const std::unique_ptr<EVP_MD_CTX, CtxFree> ctx(EVP_MD_CTX_new());
    std::array<uint8_t, N> out{};
    unsigned int length = 0;
    if (!ctx || EVP_DigestInit_ex2(ctx.get(), fetched(name), nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), data, size) != 1 ||
        EVP_DigestFinal_ex(ctx.get(), out.data(), &length) != 1 || length != N) {
        throw std::runtime_error(std::string("libcrypto failed to compute ") + name);
    }
    return out;
}

}  // namespace

std::string_view hashName(HashKind kind) {
    switch (kind) {
        case HashKind::Identity:
            return "identity";
        case HashKind::Fnv1a32:
            return "fnv1a32";
        case HashKind::Fnv1a64:
            return "fnv1a64";
        case HashKind::Md5:
            return "md5";
        case HashKind::Sha256:
            return "sha256";
        case HashKind::Xxh64:
            return "xxh64";
    }
    return "?";
}

std::optional<HashKind> hashFromName(std::string_view name) {
    for (HashKind kind : kAllHashes) {
        if (hashName(kind) == name) {
            return kind;
        }
    }
    return std::nullopt;
}

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
    return digest<16>("MD5", data.data(), data.size());
}

std::array<uint8_t, 32> sha256Digest(std::string_view data) {
    return digest<32>("SHA256", data.data(), data.size());
}

std::array<uint8_t, 32> sha256Digest(const uint8_t* data, size_t size) {
    return digest<32>("SHA256", data, size);
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
    }
    return std::nullopt;
}

}  // namespace ringscope
