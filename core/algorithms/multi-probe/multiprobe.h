#pragma once
// Multi-probe consistent hashing (B. Appleton and M. O'Reilly, "Multi-Probe Consistent Hashing",
// 2015), bit-exact with dgryski/go-mpchash: each node is one point on a 64-bit ring, its id
// hashed with SipHash-2-4 under seed 0; a key is hashed twice, h1 under seeds[0] and h2 under
// seeds[1], and probe i (0 ≤ i < probes) is h1 + i·h2 mod 2^64; each probe's nearest point
// strictly after it (past the end, the first point) is a candidate, and the candidate nearest to
// its probe wins, a tie to the earlier probe. One point a node and k probes a key give a
// peak-to-mean load near 1 + 1/k without virtual nodes. A key's preference order is its node,
// then the node it would have without that one, and so on (removing a node that is not the
// winner never changes the winner): its replicas, and where it fails over to.
//
// SipHash-2-4 is libsodium's crypto_shorthash_siphash24, with dchest/siphash's Hash(k0, k1, m)
// key: k0 and k1 little-endian, k1 = 0 here.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace ringscope {

// SipHash-2-4 of `bytes` under the 128-bit key (k0, k1): dchest/siphash's Hash(k0, k1, bytes).
uint64_t sipHash24(uint64_t k0, uint64_t k1, std::string_view bytes);

// The probes of a key: h1 + i·h2 for i < probes.
struct MultiProbeKey {
    uint64_t h1 = 0;
    uint64_t h2 = 0;
    uint64_t probe(uint32_t i) const { return h1 + uint64_t{i} * h2; }
};
MultiProbeKey multiProbeKey(std::string_view key, const std::array<uint64_t, 2>& seeds);

// The nodes' points, sorted; the owner of equal points is the later node (go-mpchash keeps the
// last it maps).
class MultiProbeRing {
public:
    struct Point {
        uint64_t value;
        uint32_t node;
    };
    // `ids` hashed with seed 0; `skip[n]` leaves node n out (a down node), when given.
    explicit MultiProbeRing(std::span<const std::string> ids, std::span<const uint8_t> skip = {});
    const std::vector<Point>& points() const { return m_points; }
    bool empty() const { return m_points.empty(); }
    // The index in points() of the nearest point strictly after `position`, wrapping.
    size_t after(uint64_t position) const;

    // What one probe found, and the winner among a key's probes.
    struct Look {
        uint64_t probe = 0;
        size_t point = 0;       // index in points()
        uint64_t distance = 0;  // points()[point].value - probe, mod 2^64
    };
    struct Result {
        std::vector<Look> looks;  // every probe's, in probe order
        size_t winner = 0;        // index in looks
    };
    // The index in points() of the key's point: the least distance, the earlier probe on a tie.
    // Points of the `excluded` nodes are passed over (the key's next choices: its replicas);
    // npos when every point is.
    static constexpr size_t npos = ~size_t{0};
    size_t winnerPoint(const MultiProbeKey& key, uint32_t probes,
                       std::span<const uint32_t> excluded = {}) const;
    Result lookAll(const MultiProbeKey& key, uint32_t probes) const;

private:
    std::vector<Point> m_points;
};

}  // namespace ringscope
