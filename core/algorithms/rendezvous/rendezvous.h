#pragma once
// Rendezvous / highest-random-weight hashing (Thaler & Ravishankar 1998), exactly as seed 000:
// score = SHA-256(be32(len(key)) || key || be32(len(node)) || node) over UTF-8 bytes; the largest
// digest wins, ties broken by the larger node id. Weighted HRW (Schindelhauer & Schomaker 2005):
// U = (first 8 digest bytes as big-endian u64 + 0.5) / 2^64, T = -ln(U) / w, smallest T wins,
// so node i wins with probability w_i / sum(w).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ringscope {

using Digest256 = std::array<uint8_t, 32>;

// The length-prefixed encoding of seed 000 (so ("ab","c") and ("a","bc") differ).
std::string hrwEncode(std::string_view key, std::string_view node);

// The SHA-256 score of (key, node). One digest: O(len(key) + len(node)).
Digest256 hrwScore(std::string_view key, std::string_view node);

// First 8 digest bytes, big-endian.
uint64_t digestPrefix(const Digest256& digest);

// U in (0, 1) from a digest, and the weighted race time T = -ln(U) / weight.
double hrwUniform(const Digest256& digest);
double hrwWeightedTime(const Digest256& digest, double weight);

enum class HrwVariant : uint8_t {
    Plain,         // largest digest, ties by larger node id
    Weighted,      // smallest -ln(U)/w (ties by larger node id)
    NaiveDivide,   // largest U / w: what "divide the hash by the weight" does (wrong direction)
    NaiveMultiply  // largest U * w: favours heavy nodes, but not in proportion to w
};

// One node's rank key under a variant: larger is better. For Plain the digest itself decides.
struct HrwRank {
    Digest256 digest{};
    double value = 0;  // variant score (larger wins) for the weighted and naive variants
};
HrwRank hrwRank(std::string_view key, std::string_view node, double weight, HrwVariant variant);

// True if (a, nodeA) ranks above (b, nodeB) under the variant.
bool hrwBetter(const HrwRank& a, std::string_view nodeA, const HrwRank& b, std::string_view nodeB,
               HrwVariant variant);

// The top out.size() nodes for `key`, best first, as indices into `nodes`. Nodes marked in
// `down` (node -> 1, or empty when all are up) are not ranked, so a down node's keys go to their
// next-highest score. O(N·hash + N·R).
void hrwTop(std::string_view key, std::span<const std::string> nodes,
            std::span<const double> weights, HrwVariant variant, std::span<uint32_t> out,
            std::span<const uint8_t> down = {});

}  // namespace ringscope
