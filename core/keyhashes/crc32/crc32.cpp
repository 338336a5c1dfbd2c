#include "crc32.h"

#include <zlib.h>

#include <limits>

#include "ringscope/registry.h"

namespace ringscope {

uint32_t crc32Update(uint32_t crc, std::string_view bytes) {
    uLong value = crc;
    // zlib takes lengths as uInt: feed longer inputs in pieces.
    while (!bytes.empty()) {
        const size_t piece = std::min<size_t>(bytes.size(), std::numeric_limits<uInt>::max());
        value =
            ::crc32(value, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(piece));
        bytes.remove_prefix(piece);
    }
    return static_cast<uint32_t>(value);
}

uint32_t crc32(std::string_view bytes) {
    return crc32Update(0, bytes);
}

namespace {

class Crc32Hash final : public KeyHashModule {
public:
    Crc32Hash() : KeyHashModule(HashKind::Crc32, "crc32", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override { return crc32(bytes); }
};

}  // namespace

const KeyHashModule& modules::crc32Hash() {
    static const Crc32Hash module;
    return module;
}

}  // namespace ringscope
