#include "ringscope/keyset.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>

#include "ringscope/error.h"

namespace ringscope {

namespace {
__extension__ typedef unsigned __int128 Uint128;
}

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

std::vector<std::string> readKeyLines(std::istream& in, const std::string& source,
                                      std::vector<uint32_t>* lines) {
    std::vector<std::string> names;
    std::string line;
    uint32_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (line.empty()) {
            continue;
        }
        if (names.size() >= kMaxKeys) {
            throw InputError("", "more than " + std::to_string(kMaxKeys) + " keys").inFile(source);
        }
        names.push_back(line);
        if (lines) {
            lines->push_back(number);
        }
    }
    if (in.bad()) {
        throw InputError("", "read error").inFile(source);
    }
    return names;
}

std::string keyFilePath(const KeySetSpec& spec) {
    const std::filesystem::path file(spec.file);
    if (spec.fileBase.empty() || file.empty() || file.is_absolute()) {
        return spec.file;
    }
    return (std::filesystem::path(spec.fileBase) / file).lexically_normal().string();
}

std::vector<std::string> readKeyFile(const std::string& path, std::vector<uint32_t>* lines) {
    const auto refuse = [&](const std::string& reason) {
        throw InputError("", "cannot read the key file: " + reason).inFile(path);
    };
    if (path.empty()) {
        refuse("no file name given");
    }
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (status.type() == std::filesystem::file_type::not_found) {
        refuse("no such file");
    }
    if (status.type() == std::filesystem::file_type::directory) {
        refuse("it is a folder, not a file");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        refuse(error ? error.message() : std::strerror(errno));
    }
    return readKeyLines(in, path, lines);
}

namespace {

std::string expandPattern(const std::string& pattern, uint64_t i) {
    std::string out;
    const std::string number = std::to_string(i);
    size_t from = 0;
    for (size_t at = pattern.find(kIndexPlaceholder); at != std::string::npos;
         at = pattern.find(kIndexPlaceholder, from)) {
        out.append(pattern, from, at - from).append(number);
        from = at + kIndexPlaceholder.size();
    }
    return out.append(pattern, from, std::string::npos);
}

// Standard normal from two uniforms (Box–Muller). Only log, sqrt and cos are used; glibc's are
// correctly rounded in practice, and sizes are rounded to whole bytes.
double normal(SplitMix64& rng) {
    const double u1 = 1.0 - rng.uniform();  // (0, 1]
    const double u2 = rng.uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

}  // namespace

KeySet decorateKeys(std::vector<std::string> names, const SizeSpec& sizes,
                    const PopularitySpec& popularity, uint64_t seed) {
    KeySet set;
    set.names = std::move(names);
    const size_t n = set.names.size();
    SplitMix64 rng(seed);
    set.hasSizes = sizes.kind != SizeSpec::Kind::None;
    set.sizes.assign(n, 1);
    switch (sizes.kind) {
        case SizeSpec::Kind::None:
            break;
        case SizeSpec::Kind::Fixed:
            std::fill(set.sizes.begin(), set.sizes.end(), sizes.fixed);
            break;
        case SizeSpec::Kind::Uniform:
            for (auto& size : set.sizes) {
                size = sizes.min + rng.below(sizes.max - sizes.min + 1);
            }
            break;
        case SizeSpec::Kind::LogNormal:
            for (auto& size : set.sizes) {
                const double v = std::exp(sizes.mu + sizes.sigma * normal(rng));
                size = v >= 1.8e19 ? uint64_t{1} << 63 : std::max<uint64_t>(1, std::llround(v));
            }
            break;
    }
    set.hasPopularity = popularity.kind == PopularitySpec::Kind::Zipf;
    set.requests.assign(n, n ? popularity.requests / double(n) : 0.0);
    if (set.hasPopularity && n > 0) {
        // Ranks are a seeded Fisher–Yates shuffle, so hot keys land anywhere on the ring.
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
        for (size_t k = 0; k < n; ++k) {
            set.requests[k] = popularity.requests * weight[rank[k]] / total;
        }
    }
    return set;
}

KeySet generateKeys(const KeySetSpec& spec) {
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
        throw InputError("keys.popularity.s", "the Zipf exponent must be a finite number >= 0");
    }
    if (!std::isfinite(spec.popularity.requests) || spec.popularity.requests < 0) {
        throw InputError("keys.popularity.requests", "must be a finite number >= 0");
    }
    std::vector<std::string> names;
    switch (spec.kind) {
        case KeySetSpec::Kind::Pattern:
            if (spec.count > kMaxKeys) {
                throw InputError("keys.count", std::to_string(spec.count) +
                                                   " keys is more than the " +
                                                   std::to_string(kMaxKeys) + " supported");
            }
            if (spec.pattern.find(kIndexPlaceholder) == std::string::npos && spec.count > 1) {
                throw InputError("keys.pattern",
                                 "the pattern must contain " + std::string(kIndexPlaceholder));
            }
            names.reserve(spec.count);
            for (uint64_t i = 0; i < spec.count; ++i) {
                names.push_back(expandPattern(spec.pattern, spec.start + i));
            }
            break;
        case KeySetSpec::Kind::List:
            names = spec.list;
            break;
        case KeySetSpec::Kind::File: {
            std::vector<uint32_t> lines;
            const std::string path = keyFilePath(spec);
            names = readKeyFile(path, &lines);
            KeySet set = decorateKeys(std::move(names), spec.sizes, spec.popularity, spec.seed);
            set.lines = std::move(lines);
            set.source = {KeySource::Kind::File, path};
            return set;
        }
    }
    return decorateKeys(std::move(names), spec.sizes, spec.popularity, spec.seed);
}

namespace {

// The 64-bit value of one key under the hashing, or a message saying why the key has none.
std::optional<uint64_t> hashOne(const KeyHashing& h, const std::string& name, std::string& why) {
    if (h.hash == HashKind::Identity) {
        if (h.space == kSpaceSigned64) {  // a signed token, as its two's-complement bits
            if (const auto token = parseDecimalI64(name)) {
                return static_cast<uint64_t>(*token);
            }
            why = "is not a decimal signed 64-bit integer (keyHash identity, space signed64)";
            return std::nullopt;
        }
        if (const auto value = parseDecimalU64(name)) {
            return value;
        }
        why = "is not a decimal unsigned integer (keyHash identity)";
        return std::nullopt;
    }
    if (h.encoding == KeyEncoding::Utf8) {
        return hashKey(h.hash, name);
    }
    const auto bytes = encodeKey(h.encoding, name);
    if (!bytes) {
        why = "is not " + std::string(keyEncodingExpects(h.encoding)) + " (keyEncoding " +
              std::string(keyEncodingName(h.encoding)) + ")";
        return std::nullopt;
    }
    return hashKey(h.hash, *bytes);
}

}  // namespace

HashedKeys hashKeys(const KeySet& keys, const KeyHashing& hashing) {
    const std::vector<std::string>& names = keys.names;
    HashedKeys out;
    const size_t n = names.size();
    out.hash64.resize(n);
    out.position.resize(n);
    std::string why;
    for (size_t k = 0; k < n; ++k) {
        const auto hash = hashOne(hashing, names[k], why);
        if (!hash) {
            InputError error("", "key \"" + names[k].substr(0, 60) + "\" " + why);
            throw k < keys.lines.size() ? error.fromKeys(keys.source, keys.lines[k])
                                        : error.fromKeys({}, static_cast<uint32_t>(k));
        }
        out.hash64[k] = *hash;
        out.position[k] = reduceToSpace(*hash, hashing.space);
    }
    // Sorting (position, index) pairs keeps the comparisons in cache: ties go by index.
    std::vector<std::pair<uint64_t, uint32_t>> order(n);
    for (size_t k = 0; k < n; ++k) {
        order[k] = {out.position[k], static_cast<uint32_t>(k)};
    }
    std::sort(order.begin(), order.end());
    out.byPosition.resize(n);
    for (size_t k = 0; k < n; ++k) {
        out.byPosition[k] = order[k].second;
    }
    if (keys.hasPopularity) {
        out.weight = keys.requests;
    }
    return out;
}

HashedKeys hashKeys(const KeySet& keys, HashKind kind, uint64_t space) {
    return hashKeys(keys, KeyHashing{kind, space, KeyEncoding::Utf8});
}

}  // namespace ringscope
