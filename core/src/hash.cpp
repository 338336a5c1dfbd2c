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

std::array<uint8_t, 16> md5Digest(std::string_view data) {
    return compute<16>(Digest::Md5, data);
}

std::array<uint8_t, 32> sha256Digest(std::string_view data) {
    return compute<32>(Digest::Sha256, data);
}

uint64_t xxh64(std::string_view data, uint64_t seed) {
    return XXH64(data.data(), data.size(), seed);
}

}  // namespace ringscope
