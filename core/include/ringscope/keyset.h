#pragma once
// Key sets: a pattern, an explicit list or a file, with optional per-key sizes and request
// popularity. Every random choice comes from SplitMix64 seeded by the spec, and every transform is
// written out here (no std::*_distribution), so the same spec yields the same keys everywhere.

#include <algorithm>
#include <compare>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/error.h"
#include "ringscope/inputfile.h"
#include "ringscope/key_encoding.h"
#include "ringscope/limits.h"
#include "ringscope/radixsort.h"
#include "ringscope/registry.h"
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

// The placeholder that numbers keys and tokens in name patterns ("session-{i}", "{node}#{i}").
inline constexpr std::string_view kIndexPlaceholder = "{i}";
// How many times a key pattern names the index (each "{i}", left to right, not overlapping).
size_t placeholderCount(std::string_view pattern);

namespace detail {
// Writes the names of a pattern for consecutive indices into one buffer: each step rewrites only
// the digits that changed (amortised O(1) per name), so a pattern's names cost no storage and
// about a nanosecond each. Indices wrap at 2^64 as unsigned arithmetic does.
class PatternCursor {
public:
    PatternCursor(const std::vector<std::string>& pieces, uint64_t index);
    std::string_view name() const { return m_name; }
    void next();

private:
    void render();

    const std::vector<std::string>* m_pieces;
    uint64_t m_index;
    char m_digits[20];
    size_t m_length = 0;  // digits in use, at the end of m_digits
    std::string m_name;
};
}  // namespace detail

struct KeyBatch;

// The names of a key set. A pattern's names ("session-{i}", count, start) are made on demand from
// the key's index and never stored; a list's or a file's names are stored once, back to back in
// one buffer with each name's end (4 bytes a key while the names fit in 4 GiB), not as a string
// object per key. Indexing returns the name by value; forEach is the fast way through a range.
class KeyNames {
public:
    KeyNames() = default;
    // A stored list; implicit, so a vector of names is a key set's names wherever one is taken.
    KeyNames(const std::vector<std::string>& list);
    // The names of `pattern` for indices start, start+1, ... (count of them). The caller checked
    // that a pattern of more than one key holds {i}.
    static KeyNames pattern(std::string_view pattern, uint64_t start, uint64_t count);

    size_t size() const { return m_pattern ? m_count : m_listed; }
    bool empty() const { return size() == 0; }
    bool isPattern() const { return m_pattern; }
    std::string operator[](size_t key) const;
    // Calls fn(key, std::string_view name) for every key in [first, last), in order. The view is
    // valid during the call only.
    template <typename Fn>
    void forEach(size_t first, size_t last, Fn&& fn) const;
    // The index of the key with this name, if any: O(1) for a pattern (the name is parsed back),
    // O(K) for a list (the first match).
    std::optional<size_t> find(std::string_view name) const;
    std::vector<std::string> toVector() const;
    // The first `count` names (all of them if there are fewer).
    KeyNames first(size_t count) const;
    // A stored list grows one name at a time (a reader's batches); reserve() sizes it first.
    // Not for a pattern's names. Inline: a reader calls it for each of ten million lines.
    void append(std::string_view name) {
        if (m_short && name.size() > UINT8_MAX) {
            lengthen();
        }
        if (m_short && m_listed % kStartEvery == 0) {
            m_starts.push_back(m_text.size());
        }
        m_text.append(name);
        m_longest = std::max(m_longest, name.size());
        if (m_short) {
            m_lengths.push_back(static_cast<uint8_t>(name.size()));
        } else {
            appendEnd(m_text.size());
        }
        ++m_listed;
    }
    // Every key of `batch`, in order, as append(name) takes each. O(batch).
    void append(const KeyBatch& batch);
    // Room for `keys` more names of `bytes` more bytes.
    void reserve(size_t keys, size_t bytes);
    // A job that faults in the reserved room the next `keys` names of `bytes` bytes will take
    // (prefault, largearray.h), for another thread to run while a reader appends them. The
    // addresses are taken now. Should appends outgrow the room (more names than expected, or
    // the first name of 256 bytes), the job goes on over memory let go: prefault changes no
    // contents and fails quietly on memory unmapped or not writable, so it costs pages faulted
    // in for nothing (at most the room's), never a wrong name.
    std::function<void()> prefaultJob(size_t keys, size_t bytes) const;
    // The bytes a stored list holds (its buffers' capacity); 0 for a pattern.
    size_t storedBytes() const;
    // A stored list's bytes of names, and of its longest name (kept as names are appended).
    size_t storedNameBytes() const { return m_text.size(); }
    size_t longestStored() const { return m_longest; }

    bool operator==(const KeyNames& other) const;
    bool operator==(const std::vector<std::string>& list) const;

    class Iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = std::string;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = std::string;
        Iterator() = default;
        Iterator(const KeyNames* names, size_t key) : m_names(names), m_key(key) {}
        std::string operator*() const { return (*m_names)[m_key]; }
        std::string operator[](difference_type d) const { return *(*this + d); }
        Iterator& operator++() { return ++m_key, *this; }
        Iterator operator++(int) { return {m_names, m_key++}; }
        Iterator& operator--() { return --m_key, *this; }
        Iterator operator--(int) { return {m_names, m_key--}; }
        Iterator& operator+=(difference_type d) {
            return m_key = size_t(difference_type(m_key) + d), *this;
        }
        Iterator& operator-=(difference_type d) { return *this += -d; }
        friend Iterator operator+(Iterator it, difference_type d) { return it += d; }
        friend Iterator operator+(difference_type d, Iterator it) { return it += d; }
        friend Iterator operator-(Iterator it, difference_type d) { return it -= d; }
        friend difference_type operator-(const Iterator& a, const Iterator& b) {
            return difference_type(a.m_key) - difference_type(b.m_key);
        }
        bool operator==(const Iterator& other) const { return m_key == other.m_key; }
        auto operator<=>(const Iterator& other) const { return m_key <=> other.m_key; }

    private:
        const KeyNames* m_names = nullptr;
        size_t m_key = 0;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size()}; }

private:
    bool m_pattern = false;
    std::vector<std::string> m_pieces;  // pattern: the text around each {i}
    uint64_t m_start = 0;
    size_t m_count = 0;
    // A list's names back to back. While every name is shorter than 256 bytes, each name's
    // length is one byte and every kStartEvery-th name's start is kept: 1.125 bytes a key, where
    // ends take 4 (28 MB less at ten million keys). A longer name turns them into each name's
    // end, in m_ends or, once the names pass 4 GiB, m_wideEnds.
    static constexpr size_t kStartEvery = 64;
    std::string m_text;
    std::vector<uint8_t> m_lengths;  // while m_short
    std::vector<uint64_t> m_starts;  // while m_short: names 0, kStartEvery, 2 kStartEvery, ...
    bool m_short = true;
    std::vector<uint32_t> m_ends;
    std::vector<uint64_t> m_wideEnds;
    bool m_wide = false;
    size_t m_listed = 0;
    size_t m_longest = 0;
    // Where the key's name starts: O(kStartEvery) while short, else O(1).
    size_t startOf(size_t key) const {
        if (!m_short) {
            return key == 0 ? 0 : endOf(key - 1);
        }
        size_t from = m_starts[key / kStartEvery];
        for (size_t k = key - key % kStartEvery; k < key; ++k) {
            from += m_lengths[k];
        }
        return from;
    }
    size_t endOf(size_t key) const {
        return m_short  ? startOf(key) + m_lengths[key]
               : m_wide ? size_t(m_wideEnds[key])
                        : m_ends[key];
    }
    std::string_view listed(size_t key) const {
        const size_t from = startOf(key);
        const size_t length = m_short ? m_lengths[key] : endOf(key) - from;
        return std::string_view(m_text.data() + from, length);
    }
    void appendEnd(uint64_t end);
    void lengthen();
};

template <typename Fn>
void KeyNames::forEach(size_t first, size_t last, Fn&& fn) const {
    if (!m_pattern) {
        if (m_short && first < last) {  // each name starts where the one before ended
            size_t from = startOf(first);
            for (size_t k = first; k < last; ++k) {
                const size_t length = m_lengths[k];
                fn(k, std::string_view(m_text.data() + from, length));
                from += length;
            }
            return;
        }
        for (size_t k = first; k < last; ++k) {
            fn(k, listed(k));
        }
        return;
    }
    if (first >= last) {
        return;
    }
    detail::PatternCursor cursor(m_pieces, m_start + first);
    for (size_t k = first; k < last; ++k) {
        fn(k, cursor.name());
        cursor.next();
    }
}

// Each key's line in the file it came from (1-based), kept as runs of keys on consecutive lines:
// a file without blank lines costs nothing per key. Lines saturate at 2^32 - 1 (they are for
// messages only).
class KeyLines {
public:
    KeyLines() = default;
    // Key k on line lines[k].
    KeyLines(const std::vector<uint32_t>& lines);
    // Keys 1, 2, ... count, named by their order (--key arguments).
    static KeyLines numbered(size_t count);
    // The next key is on `line`. Inline: a reader calls it for each of ten million lines.
    void add(uint32_t line) {
        // The next key continues the last run when it is on the line after (or both saturated).
        if (m_runs.empty() || lineIn(m_runs.back(), m_count) != line) {
            m_runs.push_back({m_count, line});
        }
        ++m_count;
    }
    size_t size() const { return m_count; }
    bool empty() const { return m_count == 0; }
    // The key's line, or nothing past the last key.
    std::optional<uint32_t> of(size_t key) const;
    KeyLines first(size_t count) const;
    std::vector<uint32_t> toVector() const;
    // How many runs of consecutive lines are stored.
    size_t storedRuns() const { return m_runs.size(); }
    bool operator==(const KeyLines&) const = default;

private:
    struct Run {
        size_t key;     // the run's first key
        uint32_t line;  // its line; key + i is on line + i
        bool operator==(const Run&) const = default;
    };
    // The line of `key` in `run` (at or after its first key), saturated.
    static uint32_t lineIn(const Run& run, size_t key) {
        return static_cast<uint32_t>(
            std::min<uint64_t>(run.line + uint64_t(key - run.key), UINT32_MAX));
    }
    std::vector<Run> m_runs;
    size_t m_count = 0;
};

// A key set: its names and, only when the spec has them, per-key sizes and Zipf popularity.
// Without sizes every key is one byte; without popularity every key gets an even share of the
// requests. Per key, only what the spec makes different per key is stored.
struct KeySet {
    KeyNames names;
    std::vector<uint64_t> sizes;   // bytes per key when hasSizes, else empty
    std::vector<double> requests;  // requests per key when hasPopularity, else empty
    double evenRequests = 0;       // each key's requests without popularity: requests / K
    KeyLines lines;                // per key, its line in `source` (empty: numbered "key N")
    KeySource source;              // where the keys came from, for messages
    bool hasSizes = false;
    bool hasPopularity = false;
    size_t size() const { return names.size(); }
    uint64_t sizeOf(size_t key) const { return hasSizes ? sizes[key] : 1; }
    double requestsOf(size_t key) const { return hasPopularity ? requests[key] : evenRequests; }
};

// The high 64 bits of a · b: a 64-bit draw `a` spread over [0, b) (Lemire's multiply-shift).
inline uint64_t multiplyHigh(uint64_t a, uint64_t b) {
    __extension__ typedef unsigned __int128 Wide;
    return uint64_t(Wide(a) * b >> 64);
}

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

// Per-key sizes drawn in key order from a seeded stream (the draws decorateKeys makes), so keys
// that arrive one batch at a time get the sizes a whole key set would. Throws InputError
// ("keys.sizes") for a spec that cannot draw.
class SizeDraw {
public:
    SizeDraw(const SizeSpec& spec, uint64_t seed);
    uint64_t next();
    // The generator, to continue drawing after the sizes (decorateKeys' popularity shuffle).
    SplitMix64& rng() { return m_rng; }

private:
    SizeSpec m_spec;
    SplitMix64 m_rng;
};

// Keys back to back in one buffer: what a reader (or a pattern) hands over per batch.
struct KeyBatch {
    uint64_t first = 0;           // the index of the batch's first key in its key set
    std::string text;             // the keys' bytes, back to back
    std::vector<size_t> ends;     // end of each key in `text`
    std::vector<uint32_t> lines;  // each key's line in its source (1-based), or empty: by index
    size_t size() const { return ends.size(); }
    std::string_view key(size_t i) const {
        const size_t from = i ? ends[i - 1] : 0;
        return std::string_view(text).substr(from, ends[i] - from);
    }
    void clear() {
        text.clear();
        ends.clear();
        lines.clear();
    }
    void add(std::string_view key, uint32_t line) {
        text.append(key);
        ends.push_back(text.size());
        lines.push_back(line);
    }
};

// Reads keys one per line (a trailing '\r' is dropped, empty lines skipped) from a stream or a
// file, a batch at a time, in large blocks. The one reader of key files and standard input:
// readKeyFile, readKeyLines and the CLI's streaming commands all read through it. A line longer
// than the string-bytes limit is measured (not kept) and refused, naming its line; a whole key
// set's caps (keys, key-bytes) are readKeyLines' to check, as streaming holds one batch at a time.
class KeyLineReader {
public:
    // Reads from `in` (not owned); `source` names it in messages ("<stdin>").
    KeyLineReader(std::istream& in, std::string source, const Limits& limits = Limits());
    // Reads an open file or descriptor (InputFile::borrow for standard input).
    KeyLineReader(InputFile file, const Limits& limits = Limits());
    // Opens a key file: a regular file only (InputFile::open). Throws InputError naming the file
    // and the reason it cannot be read ("no such file", "is a directory, not a file", "is a FIFO,
    // not a regular file", "Permission denied").
    explicit KeyLineReader(const std::string& path, const Limits& limits = Limits());
    ~KeyLineReader();
    KeyLineReader(const KeyLineReader&) = delete;
    KeyLineReader& operator=(const KeyLineReader&) = delete;

    const std::string& source() const { return m_source; }
    // Bytes read so far, and the size the file system reports (0 for a stream): for messages.
    uint64_t bytesRead() const { return m_bytesRead; }
    uint64_t sizeHint() const { return m_file ? m_file->sizeHint() : 0; }
    // Appends up to `max` keys to `batch` (which it does not clear). Returns false when the input
    // is exhausted and nothing was added. Throws InputError (read error, a line over the limit)
    // naming the source.
    bool next(KeyBatch& batch, size_t max);
    // The same, each key handed to add(std::string_view key, uint32_t line) as it is found (the
    // view valid during the call): no batch in between. Returns the keys added. keyfile.cpp's.
    template <typename Add>
    size_t nextKeys(Add&& add, size_t max);

private:
    size_t readBlock(char* into, size_t size);
    bool fill();
    [[noreturn]] void refuseLongLine();

    std::unique_ptr<InputFile> m_file;
    std::istream* m_in = nullptr;
    std::string m_source;
    Limits m_limits;
    std::vector<char> m_buffer;
    size_t m_begin = 0, m_end = 0;
    uint64_t m_bytesRead = 0;
    uint32_t m_line = 0;  // saturates: messages only
    bool m_eof = false;
};

// Checks a spec's sizes and popularity, and that a pattern's indices end by 2^64 - 1 (they
// would wrap to 0). Throws InputError ("keys.sizes", "keys.count", ...).
void checkKeyDecoration(const KeySetSpec& spec);

// Builds the keys of a spec within the limits (keys, key-bytes, string-bytes; a pattern's names
// are not stored). Throws InputError ("keys.count", "keys.pattern", the key file, ...) on bad
// input.
KeySet generateKeys(const KeySetSpec& spec, const Limits& limits = Limits());

// Fills sizes and requests for the given names, as generateKeys does.
KeySet decorateKeys(KeyNames names, const SizeSpec& sizes, const PopularitySpec& popularity,
                    uint64_t seed);

// What a key set costs, counted from its spec without generating it: keys and bytes of all
// names (a pattern's expansion is summed per digit length: O(20)). A key file counts as empty
// here; its reader enforces the same limits while it reads.
struct KeyVolume {
    uint64_t keys = 0;
    uint64_t bytes = 0;
    uint64_t longest = 0;  // bytes of the longest key
};
KeyVolume keyVolume(const KeySetSpec& spec);
// The same counted over names at hand (a key file's, a list read, --key). O(K).
KeyVolume keyVolume(const KeyNames& names);
// Reads the key names one per line (a trailing '\r' is dropped, empty lines skipped); `lines`, if
// given, receives each key's 1-based line number. Only a regular file is read, within the
// limits: each line at string-bytes, all bytes at key-bytes, keys at keys (past a cap it reads no
// further than needed to say how much the input needs). Throws InputError naming the file and
// the reason it cannot be read.
KeyNames readKeyFile(const std::string& path, KeyLines* lines = nullptr,
                     const Limits& limits = Limits());
// The same from a reader (a stream, standard input); the names and lines are appended to `names`
// and `lines` (keys from several sources in turn), the caps applying to each source.
void readKeyLines(KeyLineReader& reader, KeyNames& names, KeyLines* lines,
                  const Limits& limits = Limits());
KeyNames readKeyLines(std::istream& in, const std::string& source, KeyLines* lines = nullptr,
                      const Limits& limits = Limits());
// How many keys a key file holds and their bytes, read within the same limits as readKeyFile (and
// refused the same way) without keeping them.
KeyVolume countKeyFile(const std::string& path, const Limits& limits = Limits());

// keys, string-bytes (the longest key) and key-bytes of a key set, named by `countField` and
// `sizeField` ("keys.count" and "keys.pattern").
void checkKeyVolume(const KeyVolume& volume, const Limits& limits, const std::string& countField,
                    const std::string& sizeField);

// How keys become positions: the key encoding turns a key's text into bytes (key_encoding.h),
// the key hash turns the bytes into a 64-bit value (hash.h), and the space reduces the value to a
// position (space.h). Under identity the key is the value itself, written as the space writes
// positions (a signed token in signed64): a position, so it must lie in the space as a token
// must, unless `rawValues` (Maglev reads identity keys as raw 64-bit hash values).
struct KeyHashing {
    HashKind hash = HashKind::Xxh64;
    uint64_t space = kSpace32;
    KeyEncoding encoding = KeyEncoding::Utf8;
    bool rawValues = false;
    bool operator==(const KeyHashing&) const = default;
};

// What a hashed key set keeps of each key in key order.
enum class KeyValues : uint8_t {
    Hashes,    // the 64-bit hash, for placements that read more of it than the position (jump,
               // Maglev, mod-N, Redis slots, bounded loads)
    Positions  // the position alone: in spaces up to 2^32 four bytes a key instead of eight
};

// A key set hashed into one space: each key's 64-bit hash or, when only positions were asked
// for in a space up to 2^32, its position (in key order), and the keys sorted by position, ties
// by index (position order). A key's position is reduceToSpace(hash64, space).
// `weight` is each key's requests when the key set has popularity (empty: every key weighs 1),
// for placements that place keys by load (bounded loads).
// Throws InputError for a key the encoding cannot read or a non-decimal identity key, naming its
// source and line ("keys.txt:3", "--key 2") or else its index ("key 4").
struct HashedKeys {
    std::vector<uint64_t> hash64;      // key order; empty when only positions were kept
    std::vector<uint32_t> position32;  // key order, only when hash64 is not kept
    SortedPositions sortedPositions;   // position order
    std::vector<uint32_t> byPosition;  // position order: the key index
    std::vector<double> weight;        // key order, only with popularity
    uint64_t space = kSpace32;
    size_t size() const { return byPosition.size(); }
    // True when every key's 64-bit hash is kept (KeyValues::Hashes, or a space past 2^32).
    bool hasHashes() const { return hash64.size() == byPosition.size(); }
    uint64_t positionOf(size_t key) const {
        return position32.empty() ? reduceToSpace(hash64[key], space) : position32[key];
    }
    // The key's index in position order. O(log K).
    size_t rankOf(size_t key) const;
    // The bytes held per key (hash or position, sorted position, key index).
    size_t bytes() const {
        return hash64.size() * 8 + position32.size() * 4 + sortedPositions.bytes() +
               byPosition.size() * 4;
    }
};

// A half-open range [first, last) of keys in position order (ranks of HashedKeys::byPosition).
struct KeyRange {
    size_t first = 0;
    size_t last = 0;
};

// The first rank at or after `from` whose position in `sorted` (ascending) is past `at`, searched
// outwards from `from`: a ring's arc holds about K/T keys, a few cache lines, where a search of
// the whole tail would miss. The one search a sweep or a follow of the ring's arcs makes.
size_t firstRankAfter(const SortedPositions& sorted, size_t from, uint64_t at);

// Generates (for a pattern), encodes, hashes and sorts every key, split over the hardware
// threads: O(K) hashing and an O(K) radix sort. `keep` says what the key order keeps (positions
// alone only where they fit in 32 bits; else the hashes). Throws InputError as above.
HashedKeys hashKeys(const KeySet& keys, const KeyHashing& hashing,
                    KeyValues keep = KeyValues::Hashes);
// The same for UTF-8 keys.
HashedKeys hashKeys(const KeySet& keys, HashKind kind, uint64_t space);

// The keys' hashes alone, in key order, in parallel. Throws InputError as hashKeys does.
std::vector<uint64_t> hashKeyNames(const KeySet& keys, const KeyHashing& hashing);

// One key's 64-bit value under the hashing (encoding, then hash; identity reads the number as the
// space writes positions), or nullopt when the key has none. O(length).
std::optional<uint64_t> hashKeyText(const KeyHashing& hashing, std::string_view name);

// The error of a key that the hashing rejects (a bad encoding, a non-decimal identity key),
// naming its source line when known, else its index.
InputError rejectedKey(std::string_view name, const KeyHashing& hashing, const KeySource& source,
                       std::optional<uint32_t> line, size_t index);

}  // namespace ringscope
