// Driver for capturing AnchorHashQre reference vectors.
// Uses anchorhash/cpp-anchorhash unmodified: AnchorHashQre.hpp/.cpp and
// misc/crc32c_sse42_u64.h (compile with -I<src> <src>/AnchorHashQre.cpp).
//
// Usage:
//   capture_anchor vectors    -> prints "keys 500", keys, and all "state" blocks
//   capture_anchor verify     -> model verification (i) and (ii); exit 1 on mismatch
//   capture_anchor crc        -> crc checks (bitwise CRC-32C, _mm_crc32_u64, isa-l if built with
//   -DHAVE_ISAL)
#include "AnchorHashQre.hpp"
#include "misc/crc32c_sse42_u64.h"

#include <nmmintrin.h>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#ifdef HAVE_ISAL
#include <isa-l/crc.h>
#endif

namespace {

std::vector<uint64_t> make_keys() {
    std::vector<uint64_t> k = {0ull, 1ull, 0xFFFFFFFFFFFFFFFFull, 0x8000000000000000ull};
    uint64_t state = 0;
    while (k.size() < 500) {
        state += 0x9E3779B97F4A7C15ull;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        k.push_back(z ^ (z >> 31));
    }
    return k;
}

struct State {
    uint32_t a, n;
    std::vector<uint32_t> removed;
};

// Fresh object for a model state: AnchorHashQre(a, N) then UpdateRemoval(r) for r in removed.
std::unique_ptr<AnchorHashQre> build(const State& s) {
    std::unique_ptr<AnchorHashQre> h(new AnchorHashQre(s.a, s.n));
    for (uint32_t r : s.removed)
        h->UpdateRemoval(r);
    return h;
}

std::vector<uint32_t> buckets(AnchorHashQre& h, const std::vector<uint64_t>& keys) {
    std::vector<uint32_t> out;
    out.reserve(keys.size());
    for (uint64_t k : keys)
        out.push_back(h.ComputeBucket(k, 0));
    return out;
}

std::string state_str(const State& s) {
    std::string r =
        "capacity=" + std::to_string(s.a) + " nodes=" + std::to_string(s.n) + " removed=";
    for (size_t i = 0; i < s.removed.size(); ++i) {
        if (i)
            r += ",";
        r += std::to_string(s.removed[i]);
    }
    return r;
}

std::vector<State> states() {
    std::vector<State> v = {
        {2, 1, {}},       {20, 10, {}},        {20, 10, {3}},
        {20, 10, {3, 7}}, {20, 10, {3, 7, 9}}, {20, 10, {3, 7, 9, 0}},
        {20, 11, {}},     {20, 12, {}},        {20, 20, {}},
    };
    State s10{200, 100, {}};
    for (uint32_t j = 0; j < 40; ++j)
        s10.removed.push_back((j * 37 + 11) % 100);
    v.push_back(s10);
    v.push_back({1000, 10, {1, 2, 3, 4, 5, 6, 7, 8}});
    v.push_back({10, 5, {4, 3, 2, 1}});
    return v;
}

int cmd_vectors() {
    auto keys = make_keys();
    std::printf("keys %zu\n", keys.size());
    for (uint64_t k : keys)
        std::printf("%016" PRIx64 "\n", k);
    int bad = 0;
    for (const State& s : states()) {
        auto h = build(s);
        auto b = buckets(*h, keys);
        std::printf("state %s\n", state_str(s).c_str());
        for (size_t i = 0; i < b.size(); ++i) {
            std::printf(i ? " %u" : "%u", b[i]);
            // sanity: bucket must be a working node of the model state
            bool removed = false;
            for (uint32_t r : s.removed)
                removed |= (r == b[i]);
            if (b[i] >= s.n || removed) {
                std::fprintf(stderr, "SANITY FAIL: state %s key %zu -> %u\n", state_str(s).c_str(),
                             i, b[i]);
                ++bad;
            }
        }
        std::printf("\n");
    }
    return bad ? 1 : 0;
}

int compare(const char* what, AnchorHashQre& live, const State& model,
            const std::vector<uint64_t>& keys) {
    auto fresh = build(model);
    auto a = buckets(live, keys), b = buckets(*fresh, keys);
    int diff = 0;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (a[i] != b[i]) {
            if (diff < 10)
                std::printf("  MISMATCH %s key[%zu]=%016" PRIx64 ": live=%u fresh=%u\n", what, i,
                            keys[i], a[i], b[i]);
            ++diff;
        }
    }
    std::printf("%-28s model {%s}: %s (%d/%zu differ)\n", what, state_str(model).c_str(),
                diff ? "MISMATCH" : "ok", diff, keys.size());
    return diff;
}

int cmd_verify() {
    auto keys = make_keys();
    int fails = 0;
    // (i) one live object through remove 3,7,9,0 then six UpdateNewBucket calls
    State m{20, 10, {}};
    AnchorHashQre live(20, 10);
    fails += compare("(i) initial", live, m, keys);
    for (uint32_t r : {3u, 7u, 9u, 0u}) {
        live.UpdateRemoval(r);
        m.removed.push_back(r);
        fails += compare(("(i) UpdateRemoval(" + std::to_string(r) + ")").c_str(), live, m, keys);
    }
    for (int i = 1; i <= 6; ++i) {
        uint32_t expect;
        if (!m.removed.empty()) {
            expect = m.removed.back();
            m.removed.pop_back();
        } else {
            expect = m.n++;
        }
        uint32_t got = live.UpdateNewBucket();
        std::printf("(i) UpdateNewBucket #%d returned %u, model expects %u: %s\n", i, got, expect,
                    got == expect ? "ok" : "MISMATCH");
        if (got != expect)
            ++fails;
        fails += compare(("(i) after add #" + std::to_string(i)).c_str(), live, m, keys);
    }
    // (ii) AnchorHashQre(20,11) vs AnchorHashQre(20,10)+UpdateNewBucket()
    {
        AnchorHashQre x(20, 10);
        uint32_t got = x.UpdateNewBucket();
        std::printf("(ii) AnchorHashQre(20,10).UpdateNewBucket() returned %u (expect 10): %s\n",
                    got, got == 10 ? "ok" : "MISMATCH");
        if (got != 10)
            ++fails;
        fails += compare("(ii) (20,10)+add vs (20,11)", x, State{20, 11, {}}, keys);
    }
    std::printf("verify: %s\n", fails ? "FAILURES" : "all ok");
    return fails ? 1 : 0;
}

// Raw reflected CRC-32C (poly 0x82F63B78), no pre/post inversion, over 8 LE bytes of v.
uint32_t crc32c_bitwise_u64(uint32_t crc, uint64_t v) {
    for (int i = 0; i < 8; ++i) {
        crc ^= (uint8_t)(v >> (8 * i));
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
    }
    return crc;
}

int cmd_crc() {
    uint64_t s = 0x123456789abcdefull;
    auto rnd = [&s]() {  // splitmix64
        s += 0x9E3779B97F4A7C15ull;
        uint64_t z = s;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    const int n = 5000;
    int bad_ref = 0, bad_bit = 0, hi_nonzero = 0, bad_isal = 0;
    for (int i = 0; i < n; ++i) {
        uint64_t crc64 = rnd();  // full 64-bit seed, upper half random
        uint64_t v = rnd();
        if (i < 4) {
            crc64 = i < 2 ? 0 : ~0ull;
            v = (i & 1) ? ~0ull : 0;
        }
        uint64_t mm = _mm_crc32_u64(crc64, v);
        if (mm >> 32)
            ++hi_nonzero;
        uint32_t ref = crc32c_sse42_u64(v, crc64);  // reference: (key, seed)
        uint32_t bit = crc32c_bitwise_u64((uint32_t)crc64, v);
        if (ref != (uint32_t)mm)
            ++bad_ref;
        if (bit != (uint32_t)mm)
            ++bad_bit;
#ifdef HAVE_ISAL
        unsigned char le[8];
        for (int b = 0; b < 8; ++b)
            le[b] = (unsigned char)(v >> (8 * b));
        unsigned int is = crc32_iscsi(le, 8, (unsigned int)crc64);
        unsigned int isb = crc32_iscsi_base(le, 8, (unsigned int)crc64);
        if (is != (uint32_t)mm || isb != (uint32_t)mm)
            ++bad_isal;
#endif
    }
    std::printf("crc pairs tested: %d (random 64-bit crc and v)\n", n);
    std::printf("_mm_crc32_u64 results with nonzero upper 32 bits: %d\n", hi_nonzero);
    std::printf("reference crc32c_sse42_u64(v, crc) != (uint32)_mm_crc32_u64(crc, v): %d\n",
                bad_ref);
    std::printf("bitwise raw reflected CRC-32C((uint32)crc, LE8(v)) != _mm_crc32_u64: %d\n",
                bad_bit);
#ifdef HAVE_ISAL
    std::printf("isa-l crc32_iscsi/crc32_iscsi_base(LE8(v), 8, (uint32)crc) != _mm_crc32_u64: %d\n",
                bad_isal);
#else
    std::printf("isa-l: not built (no -DHAVE_ISAL)\n");
#endif
    std::printf("crc32c(key=0, seed=0) = %08x ; crc32c(key=1, seed=0) = %08x\n",
                crc32c_sse42_u64(0, 0), crc32c_sse42_u64(1, 0));
    return (bad_ref || bad_bit || bad_isal || hi_nonzero) ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::string cmd = argc > 1 ? argv[1] : "vectors";
    if (cmd == "vectors")
        return cmd_vectors();
    if (cmd == "verify")
        return cmd_verify();
    if (cmd == "crc")
        return cmd_crc();
    std::fprintf(stderr, "usage: %s vectors|verify|crc\n", argv[0]);
    return 2;
}
