#include "jumpback.h"

#include <bit>

#include "jumpbackplacement.h"
#include "ringscope/error.h"
#include "ringscope/json.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

// The walk's source of 64-bit values: the first value, then one more per further draw.
class JumpBackDraws {
public:
    JumpBackDraws(uint64_t key, JumpBackPrng prng) : m_prng(prng), m_state(key) {
        if (m_prng == JumpBackPrng::SplitMix64) {
            m_state += kGolden;
        }
    }
    uint64_t first() const { return m_prng == JumpBackPrng::SplitMix64 ? mix(m_state) : m_state; }
    uint64_t next() {
        if (m_prng == JumpBackPrng::SplitMix64) {
            m_state += kGolden;
            return mix(m_state);
        }
        m_state ^= m_state << 7;
        m_state ^= m_state >> 9;
        return m_state;
    }

private:
    static constexpr uint64_t kGolden = 0x9e3779b97f4a7c15ull;
    static uint64_t mix(uint64_t z) {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }

    JumpBackPrng m_prng;
    uint64_t m_state;
};

// The one walk: `seen(step)` sees every candidate; returns the bucket.
template <typename Seen>
uint32_t walk(uint64_t key, uint32_t n, JumpBackPrng prng, Seen seen) {
    using Outcome = JumpBackStep::Outcome;
    if (n <= 1) {
        seen(JumpBackStep{0, 0, true, Outcome::Zero});
        return 0;
    }
    JumpBackDraws draws(key, prng);
    const uint64_t r0 = draws.first();
    uint32_t bits =
        static_cast<uint32_t>(r0 ^ (r0 >> 32)) & (0xFFFFFFFFu >> std::countl_zero(n - 1));
    while (bits != 0) {
        const uint32_t rangeMin = std::bit_floor(bits);
        // The first candidate takes its low bits from r0's low or high half, as the number of
        // set bits left is even or odd (Java: a long shift by popcount << 5, taken mod 64).
        const int shift = (std::popcount(bits) << 5) & 63;
        uint32_t bucket = rangeMin + (static_cast<uint32_t>(r0 >> shift) & (rangeMin - 1));
        if (bucket < n) {
            seen(JumpBackStep{rangeMin, bucket, true, Outcome::Taken});
            return bucket;
        }
        seen(JumpBackStep{rangeMin, bucket, true, Outcome::Beyond});
        const uint32_t rangeMax = (rangeMin << 1) - 1;
        bool below = false;
        while (!below) {
            const uint64_t r1 = draws.next();
            for (const uint32_t half :
                 {static_cast<uint32_t>(r1), static_cast<uint32_t>(r1 >> 32)}) {
                bucket = half & rangeMax;
                if (bucket < rangeMin) {
                    seen(JumpBackStep{rangeMin, bucket, false, Outcome::BelowRange});
                    below = true;
                    break;
                }
                if (bucket < n) {
                    seen(JumpBackStep{rangeMin, bucket, false, Outcome::Taken});
                    return bucket;
                }
                seen(JumpBackStep{rangeMin, bucket, false, Outcome::Beyond});
            }
        }
        bits ^= rangeMin;
    }
    seen(JumpBackStep{0, 0, false, Outcome::Zero});
    return 0;
}

}  // namespace

uint32_t jumpBackHash(uint64_t key, uint32_t buckets, JumpBackPrng prng) {
    return walk(key, buckets, prng, [](const JumpBackStep&) {});
}

std::vector<JumpBackStep> jumpBackWalk(uint64_t key, uint32_t buckets, JumpBackPrng prng) {
    std::vector<JumpBackStep> steps;
    walk(key, buckets, prng, [&](const JumpBackStep& step) { steps.push_back(step); });
    return steps;
}

void JumpBackPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                              std::span<uint32_t> out) const {
    const size_t n = nodes.size();
    detail::followingBuckets(
        jumpBackHash(key.hash64, static_cast<uint32_t>(n), m_prng), n, out,
        [](size_t b) { return static_cast<uint32_t>(b); }, nodes.down);
}

namespace {

class JumpBackModule final : public AlgorithmModule {
public:
    JumpBackModule()
        : AlgorithmModule(Algorithm::JumpBack, "jumpback",
                          QT_TRANSLATE_NOOP("Algorithm", "JumpBack"),
                          {.weights = false,
                           .bucketsInNodeOrder = true,
                           .compared = Compared::Plain,
                           .view = "jumpback",
                           .color = 0xAA4499}) {}  // purple (Tol)

    // Like jump it reads a key's whole 64-bit value: identity keys are raw values.
    void fixKeyHashing(KeyHashing& hashing) const override { hashing.rawValues = true; }

    // "jumpback": {"prng": "splitmix64"}.
    void readParams(const json::Object& root, Scenario& s) const override {
        if (!root.contains("jumpback")) {
            return;
        }
        const json::Object& j = json::object(root["jumpback"], "jumpback");
        json::allowOnly(j, {"prng"}, "jumpback");
        if (!j.contains("prng")) {
            return;
        }
        s.params.edit<JumpBackParams>().prng =
            json::named(j["prng"], "jumpback.prng", kJumpBackPrngNames);
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kRoot[] = {"jumpback"};
        return {.root = kRoot};
    }
    void writeParams(const Scenario& s, json::Object& root) const override {
        const JumpBackParams& p = s.params.get<JumpBackParams>();
        if (p == JumpBackParams{}) {
            return;
        }
        root.set("jumpback",
                 json::Object{{"prng", std::string(nameIn(kJumpBackPrngNames, p.prng))}});
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes&) const override {
        return std::make_shared<JumpBackPlacement>(s.params.get<JumpBackParams>().prng);
    }
};

}  // namespace

const AlgorithmModule& modules::jumpBackAlgorithm() {
    static const JumpBackModule module;
    return module;
}

}  // namespace ringscope
