#include "murmur3_128.h"

#include <murmurhash.h>

#include <limits>
#include <stdexcept>

#include "ringscope/registry.h"

namespace ringscope {

std::array<uint64_t, 2> murmur3x64_128(std::string_view bytes, uint32_t seed) {
    // libmurmurhash takes the length as unsigned int; keys are far shorter (Limit::StringBytes),
    // and Guava hashes at most 2^31 - 1 bytes (a Java array) in one call.
    if (bytes.size() > std::numeric_limits<unsigned int>::max()) {
        throw std::length_error("murmur3-128: more than 4 GiB in one key");
    }
    std::array<uint64_t, 2> out{};
    lmmh_x64_128(bytes.data(), static_cast<unsigned int>(bytes.size()), seed, out.data());
    return out;
}

namespace {

class Murmur3x128Hash final : public KeyHashModule {
public:
    Murmur3x128Hash() : KeyHashModule(HashKind::Murmur3x128, "murmur3-128", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override {
        return murmur3x64_128(bytes)[0];
    }
};

}  // namespace

const KeyHashModule& modules::murmur3x128Hash() {
    static const Murmur3x128Hash module;
    return module;
}

}  // namespace ringscope
