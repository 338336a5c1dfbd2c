#include "rendezvous.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "ringscope/hash.h"
#include "ringscope/space.h"

namespace ringscope {

namespace {

void appendField(std::string& out, std::string_view field) {
    const auto n = static_cast<uint32_t>(field.size());
    const char length[4] = {static_cast<char>(n >> 24), static_cast<char>(n >> 16),
                            static_cast<char>(n >> 8), static_cast<char>(n)};
    out.append(length, 4).append(field);
}

// hrwEncode's bytes, appended to `out`.
void appendEncoding(std::string& out, std::string_view key, std::string_view node) {
    appendField(out, key);
    appendField(out, node);
}

}  // namespace

std::string hrwEncode(std::string_view key, std::string_view node) {
    std::string out;
    out.reserve(8 + key.size() + node.size());
    appendEncoding(out, key, node);
    return out;
}

Digest256 hrwScore(std::string_view key, std::string_view node) {
    // hrwEncode's bytes in one buffer a thread: a score is made for every key and node, and an
    // allocation each cost BM_HrwRoute/100 a tenth of its time (22.4 µs, now 19.9 µs), more under
    // AddressSanitizer, whose allocations are slow.
    thread_local std::string encoded;
    encoded.clear();
    appendEncoding(encoded, key, node);
    return sha256Digest(encoded);
}

uint64_t digestPrefix(const Digest256& digest) {
    uint64_t value = 0;
    for (int i = 0; i < 8; ++i) {
        value = value << 8 | digest[i];
    }
    return value;
}

double hrwUniform(const Digest256& digest) {
    return (static_cast<double>(digestPrefix(digest)) + 0.5) / kTwoTo64;  // exact: a power of two
}

double hrwWeightedTime(const Digest256& digest, double weight) {
    return -std::log(hrwUniform(digest)) / weight;
}

HrwRank hrwRank(std::string_view key, std::string_view node, double weight, HrwVariant variant) {
    HrwRank rank;
    rank.digest = hrwScore(key, node);
    switch (variant) {
        case HrwVariant::Plain:
            rank.value = 0;
            break;
        case HrwVariant::Weighted:
            rank.value = -hrwWeightedTime(rank.digest, weight);
            break;
        case HrwVariant::NaiveDivide:
            rank.value = hrwUniform(rank.digest) / weight;
            break;
        case HrwVariant::NaiveMultiply:
            rank.value = hrwUniform(rank.digest) * weight;
            break;
    }
    return rank;
}

bool hrwBetter(const HrwRank& a, std::string_view nodeA, const HrwRank& b, std::string_view nodeB,
               HrwVariant variant) {
    if (variant != HrwVariant::Plain && a.value != b.value) {
        return a.value > b.value;
    }
    const int c = std::memcmp(a.digest.data(), b.digest.data(), a.digest.size());
    if (c != 0) {
        return c > 0;
    }
    return nodeA > nodeB;
}

void hrwTop(std::string_view key, std::span<const std::string> nodes,
            std::span<const double> weights, HrwVariant variant, std::span<uint32_t> out,
            std::span<const uint8_t> down) {
    // Insertion into a small best-first list: R is tiny, so this beats sorting N scores.
    std::vector<HrwRank> best;
    best.reserve(out.size() + 1);
    size_t filled = 0;
    for (uint32_t n = 0; n < nodes.size(); ++n) {
        if (!down.empty() && down[n]) {
            continue;
        }
        const HrwRank rank = hrwRank(key, nodes[n], weights[n], variant);
        size_t at = filled;
        while (at > 0 && hrwBetter(rank, nodes[n], best[at - 1], nodes[out[at - 1]], variant)) {
            --at;
        }
        if (at >= out.size()) {
            continue;
        }
        if (filled < out.size()) {
            best.push_back({});
            ++filled;
        }
        for (size_t i = filled - 1; i > at; --i) {
            best[i] = best[i - 1];
            out[i] = out[i - 1];
        }
        best[at] = rank;
        out[at] = n;
    }
}

}  // namespace ringscope
