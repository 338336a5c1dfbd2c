#include "ringscope/keyset.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <istream>
#include <numeric>

#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/largearray.h"
#include "ringscope/parallel.h"
#include "ringscope/radixsort.h"

namespace ringscope {

namespace {
__extension__ typedef unsigned __int128 Uint128;

}  // namespace

uint64_t SplitMix64::below(uint64_t bound) {
    if (bound == 0) {  // the whole 64-bit range (e.g. a size range [0, 2^64 - 1])
        return next();
    }
    // Lemire, "Fast Random Integer Generation in an Interval" (2019).
    Uint128 m = static_cast<Uint128>(next()) * bound;
    uint64_t low = static_cast<uint64_t>(m);
    if (low < bound) {
        const uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            m = static_cast<Uint128>(next()) * bound;
            low = static_cast<uint64_t>(m);
        }
    }
    return static_cast<uint64_t>(m >> 64);
}

size_t placeholderCount(std::string_view pattern) {
    size_t count = 0;
    for (size_t at = pattern.find(kIndexPlaceholder); at != std::string_view::npos;
         at = pattern.find(kIndexPlaceholder, at + kIndexPlaceholder.size())) {
        ++count;
    }
    return count;
}

// ---------------------------------------------------------------------------------------------
// Names

namespace detail {

PatternCursor::PatternCursor(const std::vector<std::string>& pieces, uint64_t index)
    : m_pieces(&pieces), m_index(index) {
    render();
}

void PatternCursor::render() {
    uint64_t v = m_index;
    m_length = 0;
    do {
        m_digits[sizeof m_digits - ++m_length] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v);
    const std::string_view digits(m_digits + sizeof m_digits - m_length, m_length);
    m_name.clear();
    for (size_t p = 0; p < m_pieces->size(); ++p) {
        if (p) {
            m_name.append(digits);
        }
        m_name.append((*m_pieces)[p]);
    }
}

void PatternCursor::next() {
    if (++m_index == 0 || m_pieces->size() != 2) {
        render();  // wrapped at 2^64, or several placeholders: write the name afresh
        return;
    }
    // One placeholder: bump the decimal digits in place, from the last.
    char* digits = m_name.data() + (*m_pieces)[0].size();
    size_t at = m_length;
    while (at > 0 && digits[at - 1] == '9') {
        digits[--at] = '0';
    }
    if (at == 0) {
        render();  // 99 -> 100: one digit more
        return;
    }
    ++digits[at - 1];
}

}  // namespace detail

KeyNames KeyNames::pattern(std::string_view pattern, uint64_t start, uint64_t count) {
    KeyNames names;
    names.m_pattern = true;
    names.m_start = start;
    names.m_count = static_cast<size_t>(count);
    size_t from = 0;
    for (size_t at = pattern.find(kIndexPlaceholder); at != std::string_view::npos;
         at = pattern.find(kIndexPlaceholder, from)) {
        names.m_pieces.emplace_back(pattern.substr(from, at - from));
        from = at + kIndexPlaceholder.size();
    }
    names.m_pieces.emplace_back(pattern.substr(from));
    return names;
}

KeyNames::KeyNames(const std::vector<std::string>& list) {
    size_t bytes = 0;
    for (const std::string& name : list) {
        bytes += name.size();
    }
    reserve(list.size(), bytes);
    for (const std::string& name : list) {
        append(name);
    }
}

void KeyNames::reserve(size_t keys, size_t bytes) {
    const size_t total = m_text.size() + bytes;
    m_text.reserve(total);
    if (m_short) {
        m_lengths.reserve(m_listed + keys);
        m_starts.reserve((m_listed + keys) / kStartEvery + 1);
    } else if (m_wide || total > UINT32_MAX) {
        m_wideEnds.reserve(m_listed + keys);
    } else {
        m_ends.reserve(m_listed + keys);
    }
}

std::function<void()> KeyNames::prefaultJob(size_t keys, size_t bytes) const {
    const auto room = [](auto& v, size_t n) {
        using T = std::remove_cvref_t<decltype(v[0])>;
        // Past size() and within capacity(): the reserved room, here written through data().
        auto* at = const_cast<T*>(v.data()) + v.size();
        return std::pair<void*, size_t>(at, std::min(n, v.capacity() - v.size()) * sizeof(T));
    };
    const auto text = room(m_text, bytes);
    const auto ends = m_short  ? room(m_lengths, keys)
                      : m_wide ? room(m_wideEnds, keys)
                               : room(m_ends, keys);
    return [text, ends] {
        prefault(ends.first, ends.second);
        prefault(text.first, text.second);
    };
}

void KeyNames::appendEnd(uint64_t end) {
    if (!m_wide && end > UINT32_MAX) {  // past 4 GiB: every end in 64 bits from here on
        m_wideEnds.assign(m_ends.begin(), m_ends.end());
        m_ends = std::vector<uint32_t>();  // let go (`= {}` would keep the memory)
        m_wide = true;
    }
    if (m_wide) {
        m_wideEnds.push_back(end);
    } else {
        m_ends.push_back(static_cast<uint32_t>(end));
    }
}

void KeyNames::lengthen() {
    const std::vector<uint8_t> lengths = std::exchange(m_lengths, {});
    m_starts = std::vector<uint64_t>();
    m_short = false;
    m_wide = m_text.size() > UINT32_MAX;
    if (m_wide) {
        m_wideEnds.reserve(lengths.capacity());
    } else {
        m_ends.reserve(lengths.capacity());
    }
    uint64_t end = 0;
    for (const uint8_t length : lengths) {
        end += length;
        appendEnd(end);
    }
}

void KeyNames::append(const KeyBatch& batch) {
    for (size_t i = 0; i < batch.size(); ++i) {
        append(batch.key(i));
    }
}

size_t KeyNames::storedBytes() const {
    if (m_pattern) {
        return 0;
    }
    return m_text.capacity() + m_lengths.capacity() + m_starts.capacity() * sizeof(uint64_t) +
           m_ends.capacity() * sizeof(uint32_t) + m_wideEnds.capacity() * sizeof(uint64_t);
}

std::string KeyNames::operator[](size_t key) const {
    if (!m_pattern) {
        return std::string(listed(key));
    }
    return std::string(detail::PatternCursor(m_pieces, m_start + key).name());
}

std::optional<size_t> KeyNames::find(std::string_view name) const {
    if (!m_pattern) {
        for (size_t k = 0, from = 0; k < m_listed; ++k) {  // each name from the end of the last
            const std::string_view here =
                m_short ? std::string_view(m_text).substr(from, m_lengths[k]) : listed(k);
            if (here == name) {
                return k;
            }
            from += here.size();
        }
        return std::nullopt;
    }
    if (m_pieces.size() == 1) {  // no placeholder: one key at most
        return m_count > 0 && name == m_pieces[0] ? std::optional<size_t>(0) : std::nullopt;
    }
    // The digits after the first piece are the index (no leading zeros); the name must then be
    // exactly the pattern's name of that index.
    const std::string_view head = m_pieces[0];
    if (!name.starts_with(head)) {
        return std::nullopt;
    }
    size_t digits = 0;
    while (head.size() + digits < name.size() && digits < 20 && name[head.size() + digits] >= '0' &&
           name[head.size() + digits] <= '9') {
        ++digits;
    }
    for (size_t length = 1; length <= digits; ++length) {
        const auto value = parseDecimalU64(name.substr(head.size(), length));
        if (!value || (length > 1 && name[head.size()] == '0')) {
            continue;
        }
        const uint64_t key = *value - m_start;  // indices wrap as the names do
        if (key < m_count && detail::PatternCursor(m_pieces, *value).name() == name) {
            return static_cast<size_t>(key);
        }
    }
    return std::nullopt;
}

std::vector<std::string> KeyNames::toVector() const {
    std::vector<std::string> out;
    out.reserve(size());
    forEach(0, size(), [&out](size_t, std::string_view name) { out.emplace_back(name); });
    return out;
}

KeyNames KeyNames::first(size_t count) const {
    if (!m_pattern) {
        count = std::min(count, size());
        KeyNames out;
        out.reserve(count, count ? endOf(count - 1) : 0);
        forEach(0, count, [&out](size_t, std::string_view name) { out.append(name); });
        return out;
    }
    KeyNames out = *this;
    out.m_count = std::min(count, m_count);
    return out;
}

bool KeyNames::operator==(const KeyNames& other) const {
    if (m_pattern && other.m_pattern) {
        return m_count == other.m_count &&
               (m_count == 0 || (m_start == other.m_start && m_pieces == other.m_pieces));
    }
    if (size() != other.size()) {
        return false;
    }
    if (!m_pattern && !other.m_pattern && m_short && other.m_short) {
        return m_lengths == other.m_lengths && m_text == other.m_text;
    }
    bool same = true;
    forEach(0, size(), [&](size_t k, std::string_view name) { same = same && name == other[k]; });
    return same;
}

bool KeyNames::operator==(const std::vector<std::string>& list) const {
    if (size() != list.size()) {
        return false;
    }
    bool same = true;
    forEach(0, size(), [&](size_t k, std::string_view name) { same = same && name == list[k]; });
    return same;
}

KeyLines::KeyLines(const std::vector<uint32_t>& lines) {
    for (const uint32_t line : lines) {
        add(line);
    }
}

KeyLines KeyLines::numbered(size_t count) {
    KeyLines lines;
    if (count > 0) {
        lines.m_runs.push_back({0, 1});
        lines.m_count = count;
    }
    return lines;
}

std::optional<uint32_t> KeyLines::of(size_t key) const {
    if (key >= m_count) {
        return std::nullopt;
    }
    const auto after = std::upper_bound(m_runs.begin(), m_runs.end(), key,
                                        [](size_t k, const Run& run) { return k < run.key; });
    return lineIn(*std::prev(after), key);
}

KeyLines KeyLines::first(size_t count) const {
    KeyLines out = *this;
    out.m_count = std::min(count, m_count);
    while (!out.m_runs.empty() && out.m_runs.back().key >= out.m_count) {
        out.m_runs.pop_back();
    }
    return out;
}

std::vector<uint32_t> KeyLines::toVector() const {
    std::vector<uint32_t> out;
    out.reserve(m_count);
    for (size_t k = 0; k < m_count; ++k) {
        out.push_back(*of(k));
    }
    return out;
}

namespace {

// Standard normal from two uniforms (Box–Muller). Only log, sqrt and cos are used; glibc's are
// correctly rounded in practice, and sizes are rounded to whole bytes.
double normal(SplitMix64& rng) {
    const double u1 = 1.0 - rng.uniform();  // (0, 1]
    const double u2 = rng.uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Sizes and popularity

SizeDraw::SizeDraw(const SizeSpec& spec, uint64_t seed) : m_spec(spec), m_rng(seed) {}

uint64_t SizeDraw::next() {
    switch (m_spec.kind) {
        case SizeSpec::Kind::None:
            return 1;
        case SizeSpec::Kind::Fixed:
            return m_spec.fixed;
        case SizeSpec::Kind::Uniform:
            return m_spec.min + m_rng.below(m_spec.max - m_spec.min + 1);
        case SizeSpec::Kind::LogNormal: {
            const double v = std::exp(m_spec.mu + m_spec.sigma * normal(m_rng));
            return v >= 1.8e19 ? uint64_t{1} << 63 : std::max<uint64_t>(1, std::llround(v));
        }
    }
    return 1;
}

KeySet decorateKeys(KeyNames names, const SizeSpec& sizes, const PopularitySpec& popularity,
                    uint64_t seed) {
    KeySet set;
    set.names = std::move(names);
    const size_t n = set.names.size();
    SizeDraw draw(sizes, seed);
    set.hasSizes = sizes.kind != SizeSpec::Kind::None;
    if (set.hasSizes) {
        set.sizes.resize(n);
        for (auto& size : set.sizes) {
            size = draw.next();
        }
    }
    set.hasPopularity = popularity.kind == PopularitySpec::Kind::Zipf;
    set.evenRequests = n ? popularity.requests / double(n) : 0.0;
    if (set.hasPopularity && n > 0) {
        // Ranks are a seeded Fisher–Yates shuffle, so hot keys land anywhere on the ring.
        SplitMix64& rng = draw.rng();
        std::vector<uint32_t> rank(n);
        std::iota(rank.begin(), rank.end(), 0u);
        for (size_t i = n - 1; i > 0; --i) {
            std::swap(rank[i], rank[rng.below(i + 1)]);
        }
        std::vector<double> weight(n);
        double total = 0;
        for (size_t r = 0; r < n; ++r) {
            weight[r] = std::pow(double(r + 1), -popularity.s);
            total += weight[r];
        }
        set.requests.resize(n);
        for (size_t k = 0; k < n; ++k) {
            set.requests[k] = popularity.requests * weight[rank[k]] / total;
        }
    }
    return set;
}

void checkKeyDecoration(const KeySetSpec& spec) {
    if (spec.kind == KeySetSpec::Kind::Pattern && spec.count > 0 &&
        spec.count - 1 > UINT64_MAX - spec.start) {
        throw InputError("keys.count",
                         std::to_string(spec.count) + " keys from index " +
                             std::to_string(spec.start) +
                             " run past 18446744073709551615 (2^64 - 1), the last index a key "
                             "pattern has; lower keys.start or keys.count");
    }
    if (spec.sizes.kind == SizeSpec::Kind::Uniform && spec.sizes.min > spec.sizes.max) {
        throw InputError("keys.sizes", "min is greater than max");
    }
    if (spec.sizes.kind == SizeSpec::Kind::LogNormal &&
        (!std::isfinite(spec.sizes.mu) || !std::isfinite(spec.sizes.sigma) ||
         spec.sizes.sigma < 0)) {
        throw InputError("keys.sizes", "log-normal needs a finite mu and a sigma >= 0");
    }
    if (spec.popularity.kind == PopularitySpec::Kind::Zipf &&
        (!std::isfinite(spec.popularity.s) || spec.popularity.s < 0)) {
        throw InputError("keys.popularity.zipf", "the Zipf exponent must be a finite number >= 0");
    }
    if (!std::isfinite(spec.popularity.requests) || spec.popularity.requests < 0) {
        throw InputError("keys.popularity.requests", "must be a finite number >= 0");
    }
}

KeySet generateKeys(const KeySetSpec& spec, const Limits& limits) {
    checkKeyDecoration(spec);
    KeyNames names;
    switch (spec.kind) {
        case KeySetSpec::Kind::Pattern:
            checkKeyVolume(keyVolume(spec), limits, "keys.count", "keys.pattern");
            if (spec.pattern.find(kIndexPlaceholder) == std::string::npos && spec.count > 1) {
                throw InputError("keys.pattern",
                                 "the pattern must contain " + std::string(kIndexPlaceholder));
            }
            names = KeyNames::pattern(spec.pattern, spec.start, spec.count);
            break;
        case KeySetSpec::Kind::List:
            checkKeyVolume(keyVolume(spec), limits, "keys.list", "keys.list");
            names = spec.list;
            break;
        case KeySetSpec::Kind::File: {
            KeyLines lines;
            const std::string path = keyFilePath(spec);
            names = readKeyFile(path, &lines, limits);
            KeySet set = decorateKeys(std::move(names), spec.sizes, spec.popularity, spec.seed);
            set.lines = std::move(lines);
            set.source = {KeySource::Kind::File, path};
            return set;
        }
    }
    return decorateKeys(std::move(names), spec.sizes, spec.popularity, spec.seed);
}

// ---------------------------------------------------------------------------------------------
// What a key set costs

KeyVolume keyVolume(const KeySetSpec& spec) {
    KeyVolume volume;
    switch (spec.kind) {
        case KeySetSpec::Kind::Pattern: {
            volume.keys = spec.count;
            if (spec.count == 0) {
                break;
            }
            const uint64_t indexes = placeholderCount(spec.pattern);
            const uint64_t fixed = spec.pattern.size() - indexes * kIndexPlaceholder.size();
            // Indices run start, start + 1, ... (a spec whose indices would pass 2^64 - 1 is
            // refused by checkKeyDecoration; the sum below stays right if one got here).
            const uint64_t last = spec.start + (spec.count - 1);
            const uint64_t digits =
                last >= spec.start ? decimalDigitsBetween(spec.start, last)
                                   : saturatingAdd(decimalDigitsBetween(spec.start, UINT64_MAX),
                                                   decimalDigitsBetween(0, last));
            volume.bytes =
                saturatingAdd(saturatingMul(spec.count, fixed), saturatingMul(indexes, digits));
            const uint64_t widest = last >= spec.start ? std::to_string(last).size() : 20;
            volume.longest = saturatingAdd(fixed, saturatingMul(indexes, widest));
            break;
        }
        case KeySetSpec::Kind::List:
            volume.keys = spec.list.size();
            for (const std::string& key : spec.list) {
                volume.bytes = saturatingAdd(volume.bytes, key.size());
                volume.longest = std::max<uint64_t>(volume.longest, key.size());
            }
            break;
        case KeySetSpec::Kind::File:
            break;
    }
    return volume;
}

void checkKeyVolume(const KeyVolume& volume, const Limits& limits, const std::string& countField,
                    const std::string& sizeField) {
    checkLimit(limits, Limit::Keys, volume.keys, countField, "keys");
    checkLimit(limits, Limit::StringBytes, volume.longest, sizeField, "bytes in its longest key");
    checkLimit(limits, Limit::KeyBytes, volume.bytes, sizeField, "bytes of keys");
}

// ---------------------------------------------------------------------------------------------
// Hashing

// What a key-hash module does with a key unless it says otherwise (module.h).
std::optional<uint64_t> KeyHashModule::hashText(std::string_view text,
                                                const KeyHashing& hashing) const {
    if (hashing.encoding == KeyEncoding::Utf8) {
        return hash(text);
    }
    const auto bytes = encodeKey(hashing.encoding, text);
    return bytes ? hash(*bytes) : std::nullopt;
}

std::string KeyHashModule::rejection(std::string_view /*text*/, const KeyHashing& hashing) const {
    return "is not " + std::string(keyEncodingExpects(hashing.encoding)) + " (keyEncoding " +
           std::string(keyEncodingName(hashing.encoding)) + ")";
}

std::optional<uint64_t> hashKeyText(const KeyHashing& h, std::string_view name) {
    return moduleOf(h.hash).hashText(name, h);
}

InputError rejectedKey(std::string_view name, const KeyHashing& hashing, const KeySource& source,
                       std::optional<uint32_t> line, size_t index) {
    InputError error(
        "", "key " + quotedText(name) + " " + moduleOf(hashing.hash).rejection(name, hashing));
    return line ? error.fromKeys(source, *line) : error.fromKeys({}, static_cast<uint32_t>(index));
}

namespace {

// store(k, hash) for every key, in parallel. Each chunk notes its first rejected key; the error is
// the lowest one, as a single thread would find it.
template <typename Store>
void hashEachKey(const KeySet& keys, const KeyHashing& hashing, Store&& store) {
    const size_t n = keys.size();
    const size_t chunks = chunksFor(n, 8);
    std::vector<size_t> rejected(chunks, n);
    const KeyHashModule& module = moduleOf(hashing.hash);
    forChunks(n, chunks, [&](size_t c, size_t first, size_t last) {
        keys.names.forEach(first, last, [&](size_t k, std::string_view name) {
            const auto hash = module.hashText(name, hashing);
            if (!hash) {
                rejected[c] = std::min(rejected[c], k);
                return;
            }
            store(k, *hash);
        });
    });
    const size_t bad = *std::min_element(rejected.begin(), rejected.end());
    if (bad < n) {
        throw rejectedKey(keys.names[bad], hashing, keys.source, keys.lines.of(bad), bad);
    }
}

}  // namespace

std::vector<uint64_t> hashKeyNames(const KeySet& keys, const KeyHashing& hashing) {
    std::vector<uint64_t> hash64(keys.size());
    hashEachKey(keys, hashing, [&](size_t k, uint64_t hash) { hash64[k] = hash; });
    return hash64;
}

size_t firstRankAfter(const SortedPositions& positions, size_t from, uint64_t at) {
    return positions.visit([&](auto sorted) {
        size_t step = 1;
        size_t lo = from;
        size_t hi = from;
        while (hi < sorted.size() && sorted[hi] <= at) {
            lo = hi + 1;
            hi = std::min(sorted.size(), hi + step);
            step *= 2;
        }
        return size_t(
            std::upper_bound(sorted.begin() + ptrdiff_t(lo), sorted.begin() + ptrdiff_t(hi), at) -
            sorted.begin());
    });
}

HashedKeys hashKeys(const KeySet& keys, const KeyHashing& hashing, KeyValues keep) {
    HashedKeys out;
    out.space = hashing.space;
    PositionOrder order;
    if (keep == KeyValues::Positions && positionsFit32(hashing.space)) {
        resizeFaulted(out.position32, keys.size());
        hashEachKey(keys, hashing, [&](size_t k, uint64_t hash) {
            out.position32[k] = static_cast<uint32_t>(reduceToSpace(hash, hashing.space));
        });
        order = sortByPosition(out.position32, hashing.space);
    } else {
        out.hash64 = hashKeyNames(keys, hashing);
        order = sortByPosition(out.hash64, hashing.space);
    }
    out.sortedPositions = std::move(order.positions);
    out.byPosition = std::move(order.keys);
    if (keys.hasPopularity) {
        out.weight = keys.requests;
    }
    return out;
}

HashedKeys hashKeys(const KeySet& keys, HashKind kind, uint64_t space) {
    return hashKeys(keys, KeyHashing{kind, space, KeyEncoding::Utf8});
}

size_t HashedKeys::rankOf(size_t key) const {
    // Equal positions hold their keys in index order: search the position, then the index.
    const uint64_t x = positionOf(key);
    const size_t n = sortedPositions.size();
    const auto from = byPosition.begin() + ptrdiff_t(sortedPositions.lowerBound(0, n, x));
    const auto to = byPosition.begin() + ptrdiff_t(sortedPositions.upperBound(0, n, x));
    return static_cast<size_t>(std::lower_bound(from, to, static_cast<uint32_t>(key)) -
                               byPosition.begin());
}

}  // namespace ringscope
