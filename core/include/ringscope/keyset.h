#pragma once
// Key sets: a pattern, an explicit list or a file, with optional per-key sizes and request
// popularity. Every random choice comes from SplitMix64 seeded by the spec, and every transform is
// written out here (no std::*_distribution), so the same spec yields the same keys everywhere.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/key_encoding.h"
#include "ringscope/space.h"

namespace ringscope {

struct SizeSpec {
    enum class Kind : uint8_t { None, Fixed, Uniform, LogNormal };
    Kind kind = Kind::None;
    uint64_t fixed = 1;            // Fixed
    uint64_t min = 1, max = 1;     // Uniform, inclusive
    double mu = 8.0, sigma = 1.0;  // LogNormal: exp(N(mu, sigma)), rounded, at least 1
    bool operator==(const SizeSpec&) const = default;
};

struct PopularitySpec {
    enum class Kind : uint8_t { Uniform, Zipf };
    Kind kind = Kind::Uniform;
    double s = 1.0;               // Zipf exponent: the key of rank r gets weight 1 / r^s
    double requests = 1'000'000;  // total requests spread over the keys
    bool operator==(const PopularitySpec&) const = default;
};

struct KeySetSpec {
    enum class Kind : uint8_t { Pattern, List, File };
    Kind kind = Kind::Pattern;
    std::string pattern = "key-{i}";  // Pattern: {i} is replaced by start, start+1, ...
    uint64_t count = 0;
    uint64_t start = 0;
    std::vector<std::string> list;  // List
    std::string file;               // File: one key per line, as the user wrote it
    std::string fileBase;           // the folder a relative `file` is in (the scenario file's)
    SizeSpec sizes;
    PopularitySpec popularity;
    uint64_t seed = 1;
    bool operator==(const KeySetSpec&) const = default;
};

inline constexpr uint64_t kMaxKeys = 50'000'000;

// The placeholder that numbers keys and tokens in name patterns ("session-{i}", "{node}#{i}").
inline constexpr std::string_view kIndexPlaceholder = "{i}";

struct KeySet {
    std::vector<std::string> names;
    std::vector<uint64_t> sizes;   // bytes per key; all 1 when the spec has no sizes
    std::vector<double> requests;  // requests per key
    std::vector<uint32_t> lines;   // per key, its line in `source` (empty: numbered "key N")
    KeySource source;              // where the keys came from, for messages
    bool hasSizes = false;
    bool hasPopularity = false;
    size_t size() const { return names.size(); }
};

// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and identical on every platform.
class SplitMix64 {
public:
    explicit SplitMix64(uint64_t seed) : m_state(seed) {}
    uint64_t next() {
        uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    // Uniform in [0, bound) by Lemire's multiply-shift with rejection; bound 0 means 2^64.
    uint64_t below(uint64_t bound);

private:
    uint64_t m_state;
};

// The file a File spec reads: `file` when it is absolute or there is no base, else fileBase/file.
std::string keyFilePath(const KeySetSpec& spec);

// Reads the key names one per line (a trailing '\r' is dropped, empty lines skipped); `lines`, if
// given, receives each key's 1-based line number. Throws InputError naming the file and the
// reason it cannot be read ("no such file", "is a folder", "Permission denied").
std::vector<std::string> readKeyFile(const std::string& path,
                                     std::vector<uint32_t>* lines = nullptr);
std::vector<std::string> readKeyLines(std::istream& in, const std::string& source,
                                      std::vector<uint32_t>* lines = nullptr);

// Builds the keys of a spec. Throws InputError ("keys.count", "keys.file", ...) on bad input.
KeySet generateKeys(const KeySetSpec& spec);

// Fills sizes and requests for the given names, as generateKeys does.
KeySet decorateKeys(std::vector<std::string> names, const SizeSpec& sizes,
                    const PopularitySpec& popularity, uint64_t seed);

// How keys become positions: the key encoding turns a key's text into bytes (key_encoding.h),
// the key hash turns the bytes into a 64-bit value (hash.h), and the space reduces the value to a
// position (space.h). Under identity the key is the value itself, written as the space writes
// positions (a signed token in signed64).
struct KeyHashing {
    HashKind hash = HashKind::Xxh64;
    uint64_t space = kSpace32;
    KeyEncoding encoding = KeyEncoding::Utf8;
    bool operator==(const KeyHashing&) const = default;
};

// A key set hashed into one space: 64-bit hash and position per key, and the key indices sorted
// by position (ties by index). `weight` is each key's requests when the key set has popularity
// (empty: every key weighs 1), for placements that place keys by load (bounded loads).
// Throws InputError for a key the encoding cannot read or a non-decimal identity key, naming its
// source and line ("keys.txt:3", "--key 2") or else its index ("key 4").
struct HashedKeys {
    std::vector<uint64_t> hash64;
    std::vector<uint64_t> position;
    std::vector<uint32_t> byPosition;
    std::vector<double> weight;
    size_t size() const { return hash64.size(); }
};
HashedKeys hashKeys(const KeySet& keys, const KeyHashing& hashing);
// The same for UTF-8 keys.
HashedKeys hashKeys(const KeySet& keys, HashKind kind, uint64_t space);

}  // namespace ringscope
