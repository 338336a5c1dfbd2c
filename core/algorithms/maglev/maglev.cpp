#include "maglev.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "ringscope/envoy_weights.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"

namespace ringscope {

namespace {

constexpr uint32_t kEmpty = std::numeric_limits<uint32_t>::max();

// Envoy's TableBuildEntry, as flat state: where the node's permutation stands and its weight
// bookkeeping.
struct BuildEntry {
    uint64_t position;  // (offset + skip·next) mod M, advanced by adding skip (no division)
    uint64_t skip;
    double weight;
    double target = 0;
    uint32_t node;
};

}  // namespace

namespace detail {

FastMod::FastMod(uint64_t d) : m_d(d) {
    const unsigned log2d = 63 - static_cast<unsigned>(std::countl_zero(d));
    m_shift = log2d;
    if ((d & (d - 1)) == 0) {
        return;  // n >> log2 d
    }
    // floor(2^(64 + log2d) / d) fits in 64 bits because d > 2^log2d.
    const U128 numerator = static_cast<U128>(1) << (64 + log2d);
    auto magic = static_cast<uint64_t>(numerator / d);
    const auto rem = static_cast<uint64_t>(numerator % d);
    if (d - rem >= (uint64_t{1} << log2d)) {
        // The 65-bit magic: keep its low 64 bits and add n back in quotient().
        magic += magic;
        const uint64_t twiceRem = rem + rem;
        if (twiceRem >= d || twiceRem < rem) {
            magic += 1;
        }
        m_add = true;
    }
    m_magic = magic + 1;
}

}  // namespace detail

bool isPrime(uint64_t n) {
    if (n < 4) {
        return n >= 2;
    }
    if (n % 2 == 0) {
        return false;
    }
    for (uint64_t f = 3; f * f <= n; f += 2) {
        if (n % f == 0) {
            return false;
        }
    }
    return true;
}

void checkMaglevTableSize(uint64_t tableSize) {
    if (!isPrime(tableSize)) {
        throw InputError("maglev.tableSize", kMaglevNotPrimeMessage);
    }
    if (tableSize > kMaglevMaxTableSize) {
        throw InputError("maglev.tableSize", "The table size of maglev is limited to " +
                                                 std::to_string(kMaglevMaxTableSize));
    }
}

MaglevTable::MaglevTable(std::span<const std::string> ids, std::span<const double> weights,
                         uint64_t tableSize, std::vector<MaglevFillStep>* fill) {
    checkMaglevTableSize(tableSize);
    const EnvoyNormalizedWeights normalized = envoyNormalizeWeights(ids, weights);
    const uint64_t m = tableSize;
    const size_t n = ids.size();
    m_normalized = normalized.weights;
    m_perm.resize(n);
    m_count.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        m_perm[i] = {xxh64(ids[i], 0) % m, xxh64(ids[i], 1) % (m - 1) + 1};
    }
    // Envoy sorts (id, host, weight) tuples; equal ids keep the caller's order here.
    m_order.resize(n);
    std::iota(m_order.begin(), m_order.end(), 0u);
    std::stable_sort(m_order.begin(), m_order.end(),
                     [&](uint32_t a, uint32_t b) { return ids[a] < ids[b]; });

    std::vector<BuildEntry> build;
    build.reserve(n);
    for (const uint32_t node : m_order) {
        build.push_back({m_perm[node].offset, m_perm[node].skip, m_normalized[node], 0, node});
    }

    m_entries.assign(m, kEmpty);
    const double maxWeight = normalized.max;
    uint64_t filled = 0;
    for (uint32_t round = 1; filled < m; ++round) {
        for (size_t i = 0; i < build.size() && filled < m; ++i) {
            BuildEntry& e = build[i];
            // Envoy: `if (iteration * entry.weight_ < entry.target_weight_) continue;`
            if (static_cast<double>(round) * e.weight < e.target) {
                continue;
            }
            e.target += maxWeight;
            uint64_t skipped = 0;
            while (m_entries[e.position] != kEmpty) {
                e.position += e.skip;
                e.position -= e.position >= m ? m : 0;
                ++skipped;
            }
            m_entries[e.position] = e.node;
            if (fill) {
                fill->push_back({round, e.node, e.position, skipped});
            }
            e.position += e.skip;
            e.position -= e.position >= m ? m : 0;
            ++m_count[e.node];
            ++filled;
        }
    }
    m_coverAttempts = std::bit_ceil(m);
    m_mod = detail::FastMod(m);
}

size_t MaglevTable::replicas(uint64_t hash, std::span<uint32_t> out,
                             std::span<const uint8_t> down) const {
    size_t found = 0;
    for (uint64_t attempt = 0; found < out.size() && attempt <= m_coverAttempts; ++attempt) {
        const uint32_t node = retry(hash, attempt);
        if ((down.empty() || !down[node]) &&
            std::find(out.begin(), out.begin() + static_cast<ptrdiff_t>(found), node) ==
                out.begin() + static_cast<ptrdiff_t>(found)) {
            out[found++] = node;
        }
    }
    return found;
}

uint64_t maglevEntriesMoved(const MaglevTable& before, std::span<const std::string> idsBefore,
                            const MaglevTable& after, std::span<const std::string> idsAfter,
                            std::vector<uint64_t>* moved) {
    if (before.size() != after.size()) {
        throw InputError("maglev.tableSize", "the tables differ in size (" +
                                                 std::to_string(before.size()) + " and " +
                                                 std::to_string(after.size()) +
                                                 "), so their entries cannot be compared");
    }
    // Each node of `before` as its number in `after` (kEmpty when it is gone).
    std::unordered_map<std::string_view, uint32_t> afterIndex;
    for (size_t n = 0; n < idsAfter.size(); ++n) {
        afterIndex.emplace(idsAfter[n], static_cast<uint32_t>(n));
    }
    std::vector<uint32_t> renumbered(idsBefore.size(), kEmpty);
    for (size_t n = 0; n < idsBefore.size(); ++n) {
        if (const auto found = afterIndex.find(idsBefore[n]); found != afterIndex.end()) {
            renumbered[n] = found->second;
        }
    }
    uint64_t count = 0;
    for (uint64_t i = 0; i < before.size(); ++i) {
        if (renumbered[before.entry(i)] != after.entry(i)) {
            ++count;
            if (moved) {
                moved->push_back(i);
            }
        }
    }
    return count;
}

}  // namespace ringscope
