// Key hash "sha256": the first eight bytes of the SHA-256 digest, big-endian.

#include "ringscope/hash.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

class Sha256Hash final : public KeyHashModule {
public:
    Sha256Hash() : KeyHashModule(HashKind::Sha256, "sha256", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override {
        const auto d = sha256Digest(bytes);
        uint64_t value = 0;
        for (int i = 0; i < 8; ++i) {
            value = value << 8 | d[i];
        }
        return value;
    }
};

}  // namespace

const KeyHashModule& modules::sha256Hash() {
    static const Sha256Hash module;
    return module;
}

}  // namespace ringscope
