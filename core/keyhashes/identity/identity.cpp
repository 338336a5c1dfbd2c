// Key hash "identity" (SPEC §2, teaching mode): the key is its own position, a decimal unsigned
// integer; in the signed64 space a signed token as Cassandra writes it (its two's-complement
// bits); under Maglev a raw 64-bit hash value.

#include "ringscope/hash.h"
#include "ringscope/key_encoding.h"
#include "ringscope/registry.h"
#include "ringscope/space.h"

namespace ringscope {

namespace {

class IdentityHash final : public KeyHashModule {
public:
    IdentityHash() : KeyHashModule(HashKind::Identity, "identity", {.keysArePositions = true}) {}

    std::optional<uint64_t> hash(std::string_view bytes) const override {
        return parseDecimalU64(bytes);
    }
    // The text is the number: no encoding applies.
    std::optional<uint64_t> hashText(std::string_view text, uint64_t space,
                                     KeyEncoding) const override {
        if (space == kSpaceSigned64) {
            const auto token = parseDecimalI64(text);
            return token ? std::optional(static_cast<uint64_t>(*token)) : std::nullopt;
        }
        return parseDecimalU64(text);
    }
    std::string rejection(uint64_t space, KeyEncoding) const override {
        return space == kSpaceSigned64
                   ? "is not a decimal signed 64-bit integer (keyHash identity, space signed64)"
                   : "is not a decimal unsigned integer (keyHash identity)";
    }
};

}  // namespace

const KeyHashModule& modules::identityHash() {
    static const IdentityHash module;
    return module;
}

}  // namespace ringscope
