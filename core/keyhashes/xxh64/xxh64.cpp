// Key hash "xxh64": xxHash64 (Yann Collet) with seed 0, from libxxhash — Envoy's default hash
// for Maglev and its ring, and Ringscope's default key and token hash.

#include "ringscope/hash.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

class Xxh64Hash final : public KeyHashModule {
public:
    Xxh64Hash() : KeyHashModule(HashKind::Xxh64, "xxh64", {}) {}
    std::optional<uint64_t> hash(std::string_view bytes) const override { return xxh64(bytes); }
};

}  // namespace

const KeyHashModule& modules::xxh64Hash() {
    static const Xxh64Hash module;
    return module;
}

}  // namespace ringscope
