// Ringscope: mcrouter routing capture driver.
//
// Links the REAL, unmodified mcrouter and folly sources that capture.sh extracts:
//   mcrouter/lib/fbi/hash.c                    furc_hash, murmur_hash_64A
//   folly/hash/SpookyHashV2.cpp                SpookyHashV2::Hash32
//   mcrouter/lib/WeightedCh3HashFunc.cpp       WeightedCh3HashFunc::hash
//   mcrouter/lib/RendezvousHashHelper.cpp      RendezvousIterator, keyHash
//   mcrouter/lib/RendezvousHashFunc.cpp        RendezvousHashFunc
//   mcrouter/lib/WeightedRendezvousHashFunc.cpp
// plus the real headers (Ch3HashFunc.h is header-only). Only folly/glog plumbing is
// stubbed (see stubs/). It first checks published test vectors, extracted verbatim from
// the upstream test files or copied from them, and exits non-zero on any mismatch. Then
// it reads hex keys (one per line) from argv[1] and writes the TSV header and rows to
// stdout. Diagnostics go to stderr.

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <folly/hash/SpookyHashV2.h>
#include <folly/json/dynamic.h>

#include "mcrouter/lib/Ch3HashFunc.h"
#include "mcrouter/lib/RendezvousHashFunc.h"
#include "mcrouter/lib/WeightedCh3HashFunc.h"
#include "mcrouter/lib/fbi/WeightedFurcHash.h"
#include "mcrouter/lib/WeightedRendezvousHashFunc.h"
#include "mcrouter/lib/fbi/hash.h"

using facebook::memcache::Ch3HashFunc;
using facebook::memcache::RendezvousHashFunc;
using facebook::memcache::WeightedCh3HashFunc;
using facebook::memcache::WeightedRendezvousHashFunc;

namespace {

int gFailures = 0;
int gChecks = 0;

void check(bool ok, const std::string& what) {
    ++gChecks;
    if (!ok) {
        ++gFailures;
        std::fprintf(stderr, "FAIL: %s\n", what.c_str());
    }
}

template <class A, class B>
void checkEq(const A& got, const B& want, const std::string& what) {
    bool ok = (got == want);
    check(ok, what);
    if (!ok) {
        std::cerr << "      got " << got << ", want " << want << "\n";
    }
}

std::string vecStr(const std::vector<size_t>& v) {
    std::string s = "{";
    for (size_t i = 0; i < v.size(); ++i) {
        s += (i ? ", " : "") + std::to_string(v[i]);
    }
    return s + "}";
}

void checkVec(const std::vector<size_t>& got, const std::vector<size_t>& want,
              const std::string& what) {
    checkEq(vecStr(got), vecStr(want), what);
}

// Published vectors extracted verbatim by capture.sh from the upstream tests:
//   kGoldenValues (mcrouter/lib/fbi/test/hash_test.cpp) and
//   expected[512] (folly/hash/test/SpookyHashV2Test.cpp, Bob Jenkins' TestResults).
#include "furc_golden.inc"
#define BUFSIZE (512)
#include "spooky_expected.inc"
#undef BUFSIZE

// As mcrouter/lib/test/HashTestUtil.cpp genEndpoints / genWeights.
struct Endpoints {
    std::vector<std::string> raw;
    std::vector<folly::StringPiece> ref;
};
Endpoints makeEndpoints(std::vector<std::string> names) {
    Endpoints e;
    e.raw = std::move(names);
    for (const auto& s : e.raw) {
        e.ref.emplace_back(s);
    }
    return e;
}
Endpoints genEndpoints(int n) {
    std::vector<std::string> v;
    for (int i = 0; i < n; ++i) {
        v.push_back("xxx." + std::to_string(i) + ".yy");
    }
    return makeEndpoints(std::move(v));
}
folly::dynamic genWeights(const std::vector<double>& weights) {
    folly::dynamic json = folly::dynamic::object();
    json.insert("weights", folly::dynamic::array(weights));
    return json;
}

std::string testMaxKey() {
    std::string k;
    for (int i = 0; i < 256; ++i) {
        k.push_back(static_cast<char>(i - 128));
    }
    return k;
}

uint32_t checksum(size_t count, const char* fmt, const std::string& base,
                  const std::function<size_t(folly::StringPiece)>& f) {
    uint32_t acc = 0;
    char buf[32];
    for (uint32_t i = 0; i < count; ++i) {
        int len = std::snprintf(buf, sizeof(buf), fmt, i);
        std::string key = base + std::string(buf, len);
        acc = acc * 31u + static_cast<uint32_t>(f(folly::StringPiece(key)));
    }
    return acc;
}

void checkPublished() {
    // --- SpookyHashV2 (folly/hash/test/SpookyHashV2Test.cpp TestResults) ---
    {
        uint8_t buf[512];
        int bad = 0;
        for (int i = 0; i < 512; ++i) {
            buf[i] = static_cast<uint8_t>(i + 128);
            uint32_t saw = folly::hash::SpookyHashV2::Hash32(buf, i, 0);
            if (saw != expected[i]) {
                ++bad;
            }
            if (i < 2 || i == 191 || i == 192) {
                std::fprintf(stderr, "  spooky32(buf, %d, 0) = 0x%08x (expected 0x%08" PRIx64 ")\n",
                             i, saw, expected[i]);
            }
        }
        checkEq(folly::hash::SpookyHashV2::Hash32(buf, 0, 0), 0x6bf50919u, "spooky i=0");
        checkEq(folly::hash::SpookyHashV2::Hash32(buf, 1, 0), 0x70de1d26u, "spooky i=1");
        checkEq(bad, 0, "spooky: all 512 reference values");
    }

    // --- furc_hash golden table (mcrouter/lib/fbi/test/hash_test.cpp) ---
    {
        size_t n = sizeof(kGoldenValues) / sizeof(kGoldenValues[0]);
        int bad = 0;
        for (size_t i = 0; i < n; ++i) {
            const auto& e = kGoldenValues[i];
            if (furc_hash(e.key, e.len, e.m) != e.expected) {
                ++bad;
            }
        }
        std::fprintf(stderr, "  furc golden table: %zu entries\n", n);
        checkEq(bad, 0, "furc golden table");
        checkEq(furc_maximum_pool_size(), 8388608u, "furc_maximum_pool_size");
    }

    // --- Ch3 (mcrouter/lib/test/Ch3HashTest.cpp) ---
    {
        Ch3HashFunc f100(100), f1(1), fmax(furc_maximum_pool_size()), f99999(99999);
        checkEq(f100("sample"), 97u, "ch3 n=100 sample");
        checkEq(f100(""), 72u, "ch3 n=100 empty");
        checkEq(f1("sample"), 0u, "ch3 n=1 sample");
        checkEq(fmax(""), 6173600u, "ch3 n=8388608 empty");
        checkEq(fmax("sample"), 5167780u, "ch3 n=8388608 sample");
        std::string mk = testMaxKey();
        checkEq(f99999(mk), 31015u, "ch3 n=99999 test_max_key");
        std::string rk(mk.rbegin(), mk.rend());
        checkEq(f99999(rk), 67101u, "ch3 n=99999 reversed test_max_key");
        Ch3HashFunc f3(3);
        std::vector<size_t> c(3, 0);
        for (size_t i = 0; i < 1000; ++i) {
            ++c[f3(std::to_string(i))];
        }
        checkVec(c, {307, 342, 351}, "ch3 n=3 counts keys 0..999");
        std::fprintf(stderr,
                     "  ch3 n=100: sample->%zu, \"\"->%zu; n=8388608: \"\"->%zu, sample->%zu; n=3 "
                     "counts %s\n",
                     f100("sample"), f100(""), fmax(""), fmax("sample"), vecStr(c).c_str());
    }

    // --- WeightedCh3 (mcrouter/lib/test/WeightedCh3HashFuncTest.cpp) ---
    {
        WeightedCh3HashFunc w100(std::vector<double>(100, 1.0));
        checkEq(w100("sample"), 97u, "wch3 unit n=100 sample");
        checkEq(w100(""), 72u, "wch3 unit n=100 empty");
        WeightedCh3HashFunc zero1(std::vector<double>{0.0});
        checkEq(zero1("sample"), 0u, "wch3 {0.0} sample");
        WeightedCh3HashFunc zero100(std::vector<double>(100, 0.0));
        checkEq(zero100("sample"), 59u, "wch3 100x0.0 sample");
        checkEq(zero100(""), 45u, "wch3 100x0.0 empty");
        WeightedCh3HashFunc w3(std::vector<double>{1.0, 1.0, 0.7});
        Ch3HashFunc c3(3);
        std::vector<size_t> c(3, 0);
        bool sameUnlessTwo = true;
        for (size_t i = 0; i < 1000; ++i) {
            auto key = std::to_string(i);
            size_t a = c3(key), b = w3(key);
            ++c[b];
            if (a != 2 && a != b) {
                sameUnlessTwo = false;
            }
        }
        checkVec(c, {341, 371, 288}, "wch3 {1,1,0.7} counts keys 0..999");
        check(sameUnlessTwo, "wch3 {1,1,0.7}: keys not on 2 under ch3 keep their server");
        std::fprintf(stderr, "  wch3 {1,1,0.7} counts %s; 100x0.0: sample->%zu, \"\"->%zu\n",
                     vecStr(c).c_str(), zero100("sample"), zero100(""));

        WeightedCh3HashFunc w10(std::vector<double>{0.429, 0.541, 0.117, 0.998, 0.283, 0.065, 0.109,
                                                    0.042, 0.676, 0.943});
        std::vector<size_t> c10(10, 0);
        for (size_t i = 0; i < 10000; ++i) {
            ++c10[w10(std::to_string(i))];
        }
        checkVec(c10, {1016, 1252, 288, 2354, 661, 195, 247, 122, 1668, 2197},
                 "wch3 random weights counts keys 0..9999");

        struct Sum {
            size_t n;
            double w;
            uint32_t want;
        };
        for (Sum s :
             {Sum{2, 0.5, 2395690262u}, Sum{10, 0.5, 547444706u}, Sum{100, 0.5, 2951198297u},
              Sum{1000, 0.5, 1336857622u}, Sum{10000, 0.5, 3378951161u}, Sum{2, 0.0, 3431444300u},
              Sum{10, 0.0, 1290067504u}, Sum{100, 0.0, 2604325093u}, Sum{1000, 0.0, 337394182u}}) {
            WeightedCh3HashFunc f(std::vector<double>(s.n, s.w));
            checkEq(checksum(10000, "k%u", "", f), s.want,
                    "wch3 checksum k%u n=" + std::to_string(s.n) + " w=" + std::to_string(s.w));
        }
        std::string base(128, 'A');
        for (size_t i = 0; i < 128; ++i) {
            base[i] = static_cast<char>('A' + (i % 26));
        }
        for (Sum s :
             {Sum{2, 0.5, 3784301429u}, Sum{10, 0.5, 707485837u}, Sum{100, 0.5, 4273108085u},
              Sum{1000, 0.5, 954106693u}, Sum{2, 0.0, 2171781178u}, Sum{10, 0.0, 2937312667u},
              Sum{100, 0.0, 532711027u}}) {
            WeightedCh3HashFunc f(std::vector<double>(s.n, s.w));
            checkEq(
                checksum(10000, "%u", base, f), s.want,
                "wch3 long-key checksum n=" + std::to_string(s.n) + " w=" + std::to_string(s.w));
        }
        WeightedCh3HashFunc mixed(std::vector<double>{1.0, 0.5, 0.0, 0.75, 1.0});
        checkEq(checksum(10000, "d%u", "", mixed), 2309057571u, "wch3 mixed checksum d%u");
    }

    // --- Rendezvous (mcrouter/lib/test/RendezvousHashTest.cpp) ---
    {
        auto e3 = genEndpoints(3);
        auto e343 = genEndpoints(343);
        RendezvousHashFunc f3(e3.ref, folly::dynamic::object());
        RendezvousHashFunc f343(e343.ref, folly::dynamic::object());
        checkEq(f3("sample"), 1u, "rv n=3 sample");
        checkEq(f3(""), 1u, "rv n=3 empty");
        checkEq(f3("mykey"), 1u, "rv n=3 mykey");
        checkEq(f3(testMaxKey()), 1u, "rv n=3 test_max_key");
        checkEq(f343(testMaxKey()), 183u, "rv n=343 test_max_key");
        checkEq(f343("sample"), 45u, "rv n=343 sample");
        checkEq(f343(""), 291u, "rv n=343 empty");
        checkEq(f343("mykey"), 132u, "rv n=343 mykey");
        std::fprintf(stderr, "  rendezvous n=343: sample->%zu, \"\"->%zu, mykey->%zu\n",
                     f343("sample"), f343(""), f343("mykey"));
        std::vector<size_t> c(3, 0);
        for (size_t i = 0; i < 1000; ++i) {
            ++c[f3("mykey:" + std::to_string(i))];
        }
        checkVec(c, {337, 353, 310}, "rv n=3 counts mykey:0..999");
        auto e10 = genEndpoints(10);
        RendezvousHashFunc f10(e10.ref, folly::dynamic::object());
        std::vector<size_t> c10(10, 0);
        for (size_t i = 0; i < 10000; ++i) {
            ++c10[f10("mykey:" + std::to_string(i))];
        }
        checkVec(c10, {947, 1026, 1028, 981, 1016, 970, 1013, 939, 1023, 1057},
                 "rv n=10 counts mykey:0..9999");
        int bad = 0;
        for (int i = 0; i < 10000; ++i) {
            auto key = "mykey:" + std::to_string(i);
            bad += (f343(key) != *f343.begin(key));
        }
        checkEq(bad, 0, "rv n=343 operator() == *begin()");
    }

    // --- WeightedRendezvous (mcrouter/lib/test/WeightedRendezvousHashTest.cpp) ---
    {
        auto e3 = genEndpoints(3);
        auto e343 = genEndpoints(343);
        WeightedRendezvousHashFunc f3(e3.ref, genWeights(std::vector<double>(3, 1)));
        WeightedRendezvousHashFunc f343(e343.ref, genWeights(std::vector<double>(343, 1)));
        checkEq(f3("sample"), 0u, "wrv n=3 sample");
        checkEq(f3(""), 2u, "wrv n=3 empty");
        checkEq(f3("mykey"), 1u, "wrv n=3 mykey");
        checkEq(f3(testMaxKey()), 1u, "wrv n=3 test_max_key");
        checkEq(f343(testMaxKey()), 142u, "wrv n=343 test_max_key");
        checkEq(f343("sample"), 115u, "wrv n=343 sample");
        checkEq(f343(""), 279u, "wrv n=343 empty");
        checkEq(f343("mykey"), 302u, "wrv n=343 mykey");
        std::fprintf(stderr, "  weighted-rendezvous n=343: sample->%zu, \"\"->%zu, mykey->%zu\n",
                     f343("sample"), f343(""), f343("mykey"));
        struct Counts {
            std::vector<double> w;
            std::vector<size_t> want;
        };
        for (const Counts& t :
             std::vector<Counts>{{{1, 1, 1}, {3409, 3360, 3231}},
                                 {{1, 0.5, 0.1}, {6292, 3118, 590}},
                                 {{1, 0, 0.5}, {6737, 0, 3263}},
                                 {{1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5},
                                  {1381, 1299, 1283, 1359, 1296, 667, 669, 665, 672, 709}}}) {
            auto e = genEndpoints(static_cast<int>(t.w.size()));
            WeightedRendezvousHashFunc f(e.ref, genWeights(t.w));
            std::vector<size_t> c(t.w.size(), 0);
            for (size_t i = 0; i < 10000; ++i) {
                ++c[f("mykey:" + std::to_string(i))];
            }
            checkVec(c, t.want, "wrv counts mykey:0..9999 n=" + std::to_string(t.w.size()));
        }
    }
}

std::string fromHex(const std::string& hex) {
    if (hex.size() % 2) {
        std::fprintf(stderr, "bad hex line: %s\n", hex.c_str());
        std::exit(2);
    }
    std::string out;
    for (size_t i = 0; i < hex.size(); i += 2) {
        out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    }
    return out;
}

// Weight of server i, as the capture spec says: ((i * 7) % 10 + 1) / 10.0.
double weightOf(size_t i) {
    return ((i * 7) % 10 + 1) / 10.0;
}

// Diagnostics only (not used for the TSV): the number of WeightedCh3 tries and the longest
// key Spooky saw. It mirrors the loop of WeightedCh3HashFunc::hash (32 tries, salt = reversed
// decimal digits of a counter appended to the original key) and must agree with it.
struct Wch3Trace {
    size_t index;
    size_t tries;
    size_t maxLen;
};
Wch3Trace traceWch3(const std::string& key, const std::vector<double>& weights) {
    Wch3Trace t{0, 0, 0};
    std::string cur = key;
    for (size_t i = 0, salt = 0; i < 32; ++i) {
        t.tries = i + 1;
        t.maxLen = std::max(t.maxLen, cur.size());
        t.index = furc_hash(cur.data(), cur.size(), weights.size());
        uint64_t p = folly::hash::SpookyHashV2::Hash32(cur.data(), cur.size(), 0xface2014);
        uint64_t w = weights[t.index] * std::numeric_limits<uint32_t>::max();
        if (p < w) {
            return t;
        }
        cur = key;
        auto s = salt++;
        do {
            cur.push_back(static_cast<char>(s % 10 + '0'));
            s /= 10;
        } while (s > 0);
    }
    return t;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s KEYS_HEX_FILE > out.tsv\n", argv[0]);
        return 2;
    }

    std::fprintf(stderr, "Checking published values...\n");
    checkPublished();
    std::fprintf(stderr, "Published values: %d checks, %d failures\n", gChecks, gFailures);
    if (gFailures != 0) {
        std::fprintf(stderr, "ERROR: published values do not match; no TSV written\n");
        return 1;
    }

    std::vector<std::string> keys;
    {
        std::ifstream in(argv[1]);
        std::string line;
        while (std::getline(in, line)) {
            keys.push_back(fromHex(line));
        }
    }

    std::vector<std::string> names;
    std::vector<std::function<size_t(folly::StringPiece)>> cols;

    for (uint32_t n : {1u, 2u, 3u, 5u, 10u, 100u, 1000u, 65536u, 8388608u}) {
        names.push_back("ch3/" + std::to_string(n));
        cols.push_back(Ch3HashFunc(n));
    }
    std::vector<std::vector<double>> wch3Weights;
    for (size_t n : {3, 10, 100}) {
        std::vector<double> w;
        for (size_t i = 0; i < n; ++i) {
            w.push_back(weightOf(i));
        }
        wch3Weights.push_back(w);
        names.push_back("weighted-ch3/" + std::to_string(n));
        cols.push_back(WeightedCh3HashFunc(w));
    }
    // Endpoints "10.0.{i / 256}.{i % 256}:11211". The funcs keep only hashes of them.
    auto serverEndpoints = [](size_t n) {
        std::vector<std::string> v;
        for (size_t i = 0; i < n; ++i) {
            v.push_back("10.0." + std::to_string(i / 256) + "." + std::to_string(i % 256) +
                        ":11211");
        }
        return makeEndpoints(std::move(v));
    };
    std::vector<RendezvousHashFunc> rvFuncs;
    for (size_t n : {3, 10, 100}) {
        auto e = serverEndpoints(n);
        rvFuncs.emplace_back(e.ref, folly::dynamic::object());
        names.push_back("rendezvous/" + std::to_string(n));
        cols.push_back(rvFuncs.back());
    }
    std::vector<WeightedRendezvousHashFunc> wrvFuncs;
    for (size_t n : {3, 10, 100}) {
        auto e = serverEndpoints(n);
        std::vector<double> w;
        for (size_t i = 0; i < n; ++i) {
            w.push_back(weightOf(i));
        }
        wrvFuncs.emplace_back(e.ref, genWeights(w));
        names.push_back("weighted-rendezvous/" + std::to_string(n));
        cols.push_back(wrvFuncs.back());
    }

    // WeightedCh4: mcrouter::weightedFurcHash with WeightedCh4HashFunc's 32 retries (the
    // function is still in mcrouter/lib/fbi; the HashFunc wrapper was removed in 2025-02).
    for (const auto& w : wch3Weights) {
        names.push_back("weighted-ch4/" + std::to_string(w.size()));
        cols.push_back([w](folly::StringPiece key) -> size_t {
            return facebook::mcrouter::weightedFurcHash(
                key, folly::Range<const double*>(w.data(), w.data() + w.size()), 32);
        });
    }

    std::string out = "key_hex";
    for (const auto& n : names) {
        out += "\t" + n;
    }
    out += "\n";
    static const char* kHex = "0123456789abcdef";
    for (const auto& key : keys) {
        for (unsigned char ch : key) {
            out += kHex[ch >> 4];
            out += kHex[ch & 15];
        }
        for (const auto& f : cols) {
            out += "\t" + std::to_string(f(folly::StringPiece(key)));
        }
        out += "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);

    // Diagnostics on the captured rows.
    int beginMismatch = 0, wrvBeginMismatch = 0, traceMismatch = 0;
    size_t retried = 0, maxTries = 0, longSalted = 0;
    for (const auto& key : keys) {
        for (const auto& f : rvFuncs) {
            beginMismatch += (f(key) != *f.begin(key));
        }
        for (const auto& f : wrvFuncs) {
            wrvBeginMismatch += (f(key) != *f.begin(key));
        }
        for (const auto& w : wch3Weights) {
            auto t = traceWch3(key, w);
            traceMismatch += (t.index != WeightedCh3HashFunc::hash(key, w));
            retried += (t.tries > 1);
            maxTries = std::max(maxTries, t.tries);
            longSalted += (key.size() < 192 && t.maxLen >= 192);
        }
    }
    std::fprintf(stderr,
                 "Rows: %zu keys, %zu configurations\n"
                 "rendezvous operator() != *begin(): %d; weighted-rendezvous: %d\n"
                 "weighted-ch3: %zu of %zu (key, n) cells needed a retry, max tries %zu, "
                 "%zu reached Spooky's long path only through a salt; trace mismatches %d\n",
                 keys.size(), names.size(), beginMismatch, wrvBeginMismatch, retried,
                 keys.size() * wch3Weights.size(), maxTries, longSalted, traceMismatch);
    if (beginMismatch != 0 || traceMismatch != 0) {
        std::fprintf(stderr, "ERROR: diagnostics disagree with the real code\n");
        return 1;
    }
    return 0;
}
