#pragma once
// Budgets: how much memory and work one input may ask for. A few kilobytes of JSON can name
// billions of keys, tokens or digests ("count": 5e7 with "replicas": 100; a key pattern that
// repeats {i} a thousand times); a file name can point at /dev/zero. Every such cost is counted
// here from the scenario's numbers and lengths, before anything is generated, and compared with
// a named limit. A refusal names the field, what it would cost and the limit; the command-line
// tool raises a limit with --limit NAME=VALUE, the desktop program asks before it goes past one.
//
// This is the one place for the limits: what a scenario's placement and keys cost is counted by
// work.h (and by the modules it asks), what a key set costs by keyset.h, and the readers of
// files and JSON check their own sizes against the same Limits.
//
// The defaults are set so that any scenario within all of them finishes `ringscope-cli stats`
// in 10 s on the 2-core build machine, shared and busy: a SHA-256 of one key and node costs
// about 106 ns of one core (BM_HrwRoute), so 25 million take 1.3 s on both cores idle and
// under 4 s busy; placing 5 million named tokens (hashing, +1 probing, sorting) takes 2.5 s of
// one core, and 256 MiB of token names under md5 4.5 s.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ringscope/error.h"
#include "ringscope/names.h"

namespace ringscope {

enum class Limit : uint8_t {
    ScenarioBytes,    // bytes of a scenario or lesson file
    JsonEntries,      // entries of one JSON array or object
    StringBytes,      // bytes of one string: a JSON string, a key, one line of a key file
    Keys,             // keys in a key set
    KeyBytes,         // bytes of all key names together, and of a key file
    Nodes,            // nodes in a scenario
    Tokens,           // ring tokens (explicit, vnodes x weight, ketama points)
    TokenNameBytes,   // bytes hashed to place named tokens
    TokenReplicas,    // ring tokens x replicas (the replica table)
    KeyReplicas,      // keys x replicas (the owner table)
    RendezvousWork,   // keys x nodes under rendezvous (one SHA-256 digest each)
    MaglevWork,       // Maglev's table fill: rounds x nodes
    ImportBytes,      // bytes of a `nodetool ring` listing to import
    BoundedLoadWork,  // keys x nodes under bounded loads (a key may walk past every node)
    RendezvousBytes,  // bytes hashed under rendezvous: each key with each node id
    LessonKeys,       // keys worked out over all of a lesson's steps
    BucketDraws,      // keys x expected draws under DxHash (capacity / working buckets)
};

struct LimitRow {
    Limit value;
    std::string_view name;  // for --limit NAME=VALUE and messages
    uint64_t fallback;      // the default
    std::string_view what;  // what is counted, for --help and the README
};

inline constexpr uint64_t kMiB = uint64_t{1} << 20;
inline constexpr uint64_t kGiB = uint64_t{1} << 30;

inline constexpr LimitRow kLimitRows[] = {
    {Limit::ScenarioBytes, "scenario-bytes", 16 * kMiB, "bytes of a scenario or lesson file"},
    {Limit::JsonEntries, "json-entries", 1'000'000, "entries of one JSON array or object"},
    {Limit::StringBytes, "string-bytes", 64 * 1024,
     "bytes of one string: a JSON string, a key, a line of a key file"},
    {Limit::Keys, "keys", 10'000'000, "keys in a key set"},
    {Limit::KeyBytes, "key-bytes", 1 * kGiB, "bytes of all keys together, and of a key file"},
    {Limit::Nodes, "nodes", 100'000, "nodes in a scenario"},
    {Limit::Tokens, "tokens", 5'000'000,
     "ring tokens (explicit, vnodes x weight, 4 per ketama digest)"},
    {Limit::TokenNameBytes, "token-name-bytes", 256 * kMiB,
     "bytes of token names hashed to place a ring"},
    {Limit::TokenReplicas, "token-replicas", 50'000'000, "ring tokens x replicas"},
    {Limit::KeyReplicas, "key-replicas", 100'000'000, "keys x replicas"},
    {Limit::RendezvousWork, "rendezvous-work", 25'000'000,
     "keys x nodes under rendezvous (one SHA-256 each)"},
    {Limit::MaglevWork, "maglev-work", 1'000'000'000,
     "Maglev table fill steps: rounds (M x largest weight / total weight) x nodes"},
    {Limit::ImportBytes, "import-bytes", 256 * kMiB, "bytes of a nodetool ring listing to import"},
    {Limit::BoundedLoadWork, "bounded-load-work", 1'000'000'000,
     "keys x nodes under bounded loads (a key's walk may pass every node)"},
    {Limit::RendezvousBytes, "rendezvous-bytes", 2 * kGiB,
     "bytes hashed under rendezvous: every key with every node id (key bytes x nodes + keys x "
     "id bytes)"},
    {Limit::LessonKeys, "lesson-keys", 20'000'000,
     "keys worked out over all of a lesson's steps (each scenario a step shows or its question "
     "makes)"},
    {Limit::BucketDraws, "bucket-draws", 1'000'000'000,
     "keys x expected draws under DxHash (its capacity / working buckets: a key draws until it "
     "finds a working one)"},
};
static_assert(indexedByValue(kLimitRows));
inline constexpr size_t kLimitCount = std::size(kLimitRows);

constexpr std::string_view limitName(Limit limit) {
    return nameIn(kLimitRows, limit);
}
constexpr uint64_t defaultLimit(Limit limit) {
    return rowOf(kLimitRows, limit).fallback;
}

// The most keys a key set may have unless the keys limit is raised.
inline constexpr uint64_t kMaxKeys = defaultLimit(Limit::Keys);

// One value per limit; the defaults unless raised (or lowered).
class Limits {
public:
    constexpr Limits() {
        for (size_t i = 0; i < kLimitCount; ++i) {
            m_values[i] = kLimitRows[i].fallback;
        }
    }
    constexpr uint64_t operator[](Limit limit) const {
        return m_values[static_cast<size_t>(limit)];
    }
    constexpr void set(Limit limit, uint64_t value) {
        m_values[static_cast<size_t>(limit)] = value;
    }
    // Sets one limit from "NAME=VALUE" (VALUE a whole number, or with a K/M/G suffix for 2^10,
    // 2^20, 2^30). Throws InputError(`option`, ...) naming the choices.
    void parse(std::string_view assignment, const std::string& option);
    bool operator==(const Limits&) const = default;

private:
    std::array<uint64_t, kLimitCount> m_values{};
};

// The refusal of `amount` (of `what`) over a limit: InputError(field, "needs <amount> <what>,
// more than the limit <name> = <value>") with the waiver that raises the limit to `amount`; an
// amount saturated at 2^64 - 1 reads "2^64 or more", with no waiver (no limit can hold it).
InputError limitError(const Limits& limits, Limit limit, uint64_t amount, std::string field,
                      std::string_view what);
// Throws limitError(...) when amount > limits[limit].
void checkLimit(const Limits& limits, Limit limit, uint64_t amount, std::string field,
                std::string_view what);

// a * b and a + b, saturating at 2^64 - 1 (a cost that does not fit is over every limit).
constexpr uint64_t saturatingMul(uint64_t a, uint64_t b) {
    uint64_t product = 0;
    return __builtin_mul_overflow(a, b, &product) ? UINT64_MAX : product;
}
constexpr uint64_t saturatingAdd(uint64_t a, uint64_t b) {
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}
// total += amount for a total users read (bytes): stops at 2^64 - 1 and notes in `saturated`
// that it did, so the total is shown as a lower bound, never wrapped.
constexpr void addSaturating(uint64_t& total, uint64_t amount, bool& saturated) {
    saturated = saturated || amount > UINT64_MAX - total;
    total = saturatingAdd(total, amount);
}
// Such a total as text: one that stopped at 2^64 - 1 reads ">=18446744073709551615" (the
// command line's text and CSV, and the plan's CSV, say it alike).
std::string saturatedTotalText(uint64_t total, bool saturated);

// The sum of the decimal lengths of first, first + 1, ..., last (inclusive), saturating: what
// the index digits of generated names cost ("session-{i}", "{node}#{i}"). O(20).
uint64_t decimalDigitsBetween(uint64_t first, uint64_t last);
// The same for the indices 0, 1, ..., count - 1 of `count` generated names.
inline uint64_t indexDigitsBelow(uint64_t count) {
    return count == 0 ? 0 : decimalDigitsBetween(0, count - 1);
}
// The bytes of `count` generated names, each `fixedBytes` besides its index i (0 … count − 1)
// written `indexes` times ("{node}-{i}": the node's bytes + 1, once). Saturating. O(20).
inline uint64_t indexedNameBytes(uint64_t count, uint64_t fixedBytes, uint64_t indexes = 1) {
    return saturatingAdd(saturatingMul(count, fixedBytes),
                         saturatingMul(indexes, indexDigitsBelow(count)));
}

}  // namespace ringscope
