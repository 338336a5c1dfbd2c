#include "ringscope/keyset.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ringscope/error.h"
#include "ringscope/inputfile.h"

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

std::vector<std::string> readKeyLines(InputFile& file, std::vector<uint32_t>* lines,
                                      const Limits& limits) {
    std::vector<std::string> names;
    forEachKeyLine(file, limits, [&](std::string_view key, uint32_t line) {
        names.emplace_back(key);
        if (lines) {
            lines->push_back(line);
        }
    });
    return names;
}

std::vector<std::string> readKeyFile(const std::string& path, std::vector<uint32_t>* lines,
                                     const Limits& limits) {
    InputFile file = InputFile::open(path);
    return readKeyLines(file, lines, limits);
}

size_t placeholderCount(std::string_view pattern) {
    size_t count = 0;
    for (size_t at = pattern.find(kIndexPlaceholder); at != std::string_view::npos;
         at = pattern.find(kIndexPlaceholder, at + kIndexPlaceholder.size())) {
        ++count;
    }
    return count;
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

KeySet generateKeys(const KeySetSpec& spec, const Limits& limits) {
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
            checkKeyVolume(keyVolume(spec), limits, "keys.count", "keys.pattern");
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
            checkKeyVolume(keyVolume(spec), limits, "keys.list", "keys.list");
            names = spec.list;
            break;
        case KeySetSpec::Kind::File: {
            std::vector<uint32_t> lines;
            names = readKeyFile(spec.file, &lines, limits);
            KeySet set = decorateKeys(std::move(names), spec.sizes, spec.popularity, spec.seed);
            set.lines = std::move(lines);
            set.source = {KeySource::Kind::File, spec.file};
            return set;
        }
    }
    return decorateKeys(std::move(names), spec.sizes, spec.popularity, spec.seed);
}

HashedKeys hashKeys(const KeySet& keys, HashKind kind, uint64_t space) {
    const std::vector<std::string>& names = keys.names;
    HashedKeys out;
    const size_t n = names.size();
    out.hash64.resize(n);
    out.position.resize(n);
    for (size_t k = 0; k < n; ++k) {
        const auto hash = hashKey(kind, names[k]);
        if (!hash) {
            InputError error("", "key " + quotedText(names[k]) +
                                     " is not a decimal unsigned integer (keyHash identity)");
            throw k < keys.lines.size() ? error.fromKeys(keys.source, keys.lines[k])
                                        : error.fromKeys({}, static_cast<uint32_t>(k));
        }
        out.hash64[k] = *hash;
        out.position[k] = space == 0 ? *hash : *hash % space;
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
    return out;
}

}  // namespace ringscope
