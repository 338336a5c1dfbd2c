#include "fnv1a.h"

#include "ringscope/registry.h"

namespace ringscope {

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

namespace {

class Fnv1a32Hash final : public KeyHashModule {
public:
    Fnv1a32Hash() : KeyHashModule(HashKind::Fnv1a32, "fnv1a32", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override { return fnv1a32(bytes); }
};

class Fnv1a64Hash final : public KeyHashModule {
public:
    Fnv1a64Hash() : KeyHashModule(HashKind::Fnv1a64, "fnv1a64", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override { return fnv1a64(bytes); }
};

}  // namespace

const KeyHashModule& modules::fnv1a32Hash() {
    static const Fnv1a32Hash module;
    return module;
}

const KeyHashModule& modules::fnv1a64Hash() {
    static const Fnv1a64Hash module;
    return module;
}

}  // namespace ringscope
