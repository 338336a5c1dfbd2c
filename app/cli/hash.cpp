#include "command.h"

namespace ringscope::cli {

// Each key's hash in its native form: KEY<TAB>VALUE (murmur3-cassandra: the signed token,
// redis-slot: the slot).
int hash(const Options& o, std::ostream& out) {
    if (!o.keyHash) {
        throw InputError(
            "hash", std::string("needs --key-hash NAME (one of: ") + choicesIn(kKeyHashes) + ")");
    }
    if (o.keys.empty() || !o.positional.empty()) {
        throw InputError("hash", std::string("takes keys from --keys FILE|- or --key K, and no "
                                             "scenario\n") +
                                     usage());
    }
    const KeySet keys = resolveKeys(o.keys, Scenario{}, o.read.limits);
    // The space leaves the 64-bit value as it is; only identity reads it (signed64 or not).
    const HashedKeys hashed =
        hashKeys(keys, KeyHashing{*o.keyHash, kSpace64, o.keyEncoding.value_or(KeyEncoding::Utf8)});
    BlockWriter lines(out);
    for (size_t k = 0; k < keys.size(); ++k) {
        lines.text() += keys.names[k] + '\t' + formatHashValue(*o.keyHash, hashed.hash64[k]) + '\n';
        if (!lines.add()) {
            break;
        }
    }
    lines.flush();
    return 0;
}

}  // namespace ringscope::cli
