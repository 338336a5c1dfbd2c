// Key hash "identity" (SPEC §2, teaching mode): the key is its own position, a decimal unsigned
// integer; in the signed64 space a signed token as Cassandra writes it (its two's-complement
// bits); under Maglev a raw 64-bit hash value. Elsewhere the key must lie in the space.

#include "ringscope/hash.h"
#include "ringscope/key_encoding.h"
#include "ringscope/keyset.h"
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
    // The text is the number: no encoding applies. A position must lie in the space, as a
    // token must, unless the algorithm reads raw 64-bit hash values (Maglev).
    std::optional<uint64_t> hashText(std::string_view text,
                                     const KeyHashing& hashing) const override {
        if (hashing.space == kSpaceSigned64) {  // a signed token, as its two's-complement bits
            const auto token = parseDecimalI64(text);
            return token ? std::optional(static_cast<uint64_t>(*token)) : std::nullopt;
        }
        const auto value = parseDecimalU64(text);
        return value && (hashing.rawValues || inSpace(*value, hashing.space)) ? value
                                                                              : std::nullopt;
    }
    std::string rejection(std::string_view text, const KeyHashing& hashing) const override {
        if (hashing.space != kSpaceSigned64 && parseDecimalU64(text)) {
            return "is outside the hash space [0, " + spaceName(hashing.space) +
                   ") (keyHash identity uses each key as its position)";
        }
        return hashing.space == kSpaceSigned64
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
