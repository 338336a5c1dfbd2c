// Key hash "md5", as ketama hashes keys (libmemcached's ketama_server_hash with alignment 0):
// the first four bytes of the MD5 digest, little-endian.

#include "ringscope/hash.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

class Md5Hash final : public KeyHashModule {
public:
    Md5Hash() : KeyHashModule(HashKind::Md5, "md5", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override {
        const auto d = md5Digest(bytes);
        return uint64_t{d[0]} | uint64_t{d[1]} << 8 | uint64_t{d[2]} << 16 | uint64_t{d[3]} << 24;
    }
};

}  // namespace

const KeyHashModule& modules::md5Hash() {
    static const Md5Hash module;
    return module;
}

}  // namespace ringscope
