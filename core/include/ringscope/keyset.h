#pragma once
// Key sets: a pattern, an explicit list or a file, with optional per-key sizes and request
// popularity. Every random choice comes from SplitMix64 seeded by the spec, and every transform is
// written out here (no std::*_distribution), so the same spec yields the same keys everywhere.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/limits.h"

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
    std::string file;               // File: one key per line
    SizeSpec sizes;
    PopularitySpec popularity;
    uint64_t seed = 1;
    bool operator==(const KeySetSpec&) const = default;
};

// The placeholder that numbers keys and tokens in name patterns ("session-{i}", "{node}#{i}").
inline constexpr std::string_view kIndexPlaceholder = "{i}";
// How many times a key pattern names the index (each "{i}", left to right, not overlapping).
size_t placeholderCount(std::string_view pattern);

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

// Reads the key names one per line (a trailing '\r' is dropped, empty lines skipped); `lines`, if
// given, receives each key's 1-based line number. Only a regular file is read, within the
// limits (see forEachKeyLine in inputfile.h). Throws InputError naming the file.
std::vector<std::string> readKeyFile(const std::string& path,
                                     std::vector<uint32_t>* lines = nullptr,
                                     const Limits& limits = Limits());
// The same from an open file or stream (standard input).
class InputFile;
std::vector<std::string> readKeyLines(InputFile& file, std::vector<uint32_t>* lines,
                                      const Limits& limits);

// Builds the keys of a spec within the limits (keys, key-bytes, string-bytes). Throws
// InputError ("keys.count", "keys.pattern", the key file, ...) on bad input.
KeySet generateKeys(const KeySetSpec& spec, const Limits& limits = Limits());

// Fills sizes and requests for the given names, as generateKeys does.
KeySet decorateKeys(std::vector<std::string> names, const SizeSpec& sizes,
                    const PopularitySpec& popularity, uint64_t seed);

// A key set hashed into one space: 64-bit hash and position per key, and the key indices sorted
// by position (ties by index). Throws InputError for a non-decimal identity key, naming its
// source and line ("keys.txt:3", "--key 2") or else its index ("key 4").
struct HashedKeys {
    std::vector<uint64_t> hash64;
    std::vector<uint64_t> position;
    std::vector<uint32_t> byPosition;
    size_t size() const { return hash64.size(); }
};
HashedKeys hashKeys(const KeySet& keys, HashKind kind, uint64_t space);

}  // namespace ringscope
