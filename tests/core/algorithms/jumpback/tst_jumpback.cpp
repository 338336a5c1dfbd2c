// JumpBackHash against hash4j's own checksum test, and the properties a consistent bucket hash
// owes: adding bucket n moves keys only into it, removing it brings every key back, balance.
#include <QTest>

#include <algorithm>
#include <array>

#include "algorithms/jumpback/jumpback.h"
#include "algorithms/jumpback/jumpbackplacement.h"
#include "ringscope/assign.h"
#include "ringscope/chisquare.h"
#include "ringscope/diff.h"
#include "ringscope/registry.h"
#include "ringscope/scenariofile.h"
#include "testutil.h"

using namespace ringscope;

namespace {

// java.util.SplittableRandom(seed): nextLong and nextInt as the JDK computes them (the test's
// draws, so that the checksum below sees the same bucket counts and keys as hash4j's).
class JavaSplittableRandom {
public:
    explicit JavaSplittableRandom(uint64_t seed) : m_seed(seed) {}
    uint64_t nextLong() {
        uint64_t z = next();
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    uint32_t nextInt() {
        uint64_t z = next();
        z = (z ^ (z >> 33)) * 0x62a9d9ed799705f5ull;
        return static_cast<uint32_t>(((z ^ (z >> 28)) * 0xcb24d0a5c88c35b3ull) >> 32);
    }

private:
    uint64_t next() { return m_seed += 0x9e3779b97f4a7c15ull; }
    uint64_t m_seed;
};

// komihash 5.0 as a stream (hash4j's Komihash5_0 and AbstractKomihash.HashStreamImpl, seed 0):
// the hash the checksum is taken with. No Debian package ships komihash; this is the test's
// instrument, not a hash Ringscope offers.
// komihash multiplies 64 by 64 bits into 128 (GCC's extension, as komihash.h uses it).
__extension__ typedef unsigned __int128 Wide;

class Komihash5Stream {
public:
    Komihash5Stream() {
        uint64_t s1 = 0x243F6A8885A308D3ull;
        uint64_t s5 = 0x452821E638D01377ull;
        const auto [lo, hi] = multiply(s1, s5);
        s5 += hi;
        s1 = s5 ^ lo;
        m_s = {
            s1, 0x13198A2E03707344ull ^ s1, 0xA4093822299F31D0ull ^ s1, 0x082EFA98EC4E6C89ull ^ s1,
            s5, 0xBE5466CF34E90C6Cull ^ s5, 0xC0AC29B7C97C50DDull ^ s5, 0x3F84D5B5B5470917ull ^ s5};
    }
    void putInt(uint32_t v) {  // little-endian, as hash4j's setInt
        for (int i = 0; i < 4; ++i) {
            m_buffer[m_count % 64] = static_cast<uint8_t>(v >> (8 * i));
            if (m_count % 64 == 63) {
                processBuffer();
            }
            ++m_count;
        }
    }
    uint64_t getAsLong() const {
        uint64_t se1 = m_s[0];
        uint64_t se5 = m_s[4];
        if (m_count > 63) {
            se5 ^= m_s[5] ^ m_s[6] ^ m_s[7];
            se1 ^= m_s[1] ^ m_s[2] ^ m_s[3];
        }
        size_t len = m_count % 64;
        size_t off = 0;
        const auto round = [&](size_t at) {
            const auto [lo, hi] = multiply(se1 ^ word(at), se5 ^ word(at + 8));
            se5 += hi;
            se1 = se5 ^ lo;
        };
        if (len > 31) {
            round(off);
            round(off + 16);
            off += 32;
            len -= 32;
        }
        if (len > 15) {
            round(off);
            off += 16;
            len -= 16;
        }
        uint64_t r2h = se5;
        uint64_t r2l = se1;
        const uint64_t y = uint64_t{1} << ((len << 3) & 63);  // a Java long shift
        if (len > 7) {
            r2l ^= word(off);
            r2h ^= y | (word(off + 8) & (y - 1));
        } else if (m_count > 0) {
            r2l ^= y | (word(off) & (y - 1));
        }
        return finish(r2h, r2l, se5);
    }

private:
    static std::pair<uint64_t, uint64_t> multiply(uint64_t a, uint64_t b) {
        const Wide r = static_cast<Wide>(a) * b;
        return {static_cast<uint64_t>(r), static_cast<uint64_t>(r >> 64)};
    }
    static uint64_t finish(uint64_t r2h, uint64_t r2l, uint64_t see5) {
        const auto [lo, hi] = multiply(r2l, r2h);
        see5 += hi;
        uint64_t see1 = see5 ^ lo;
        const auto [lo2, hi2] = multiply(see1, see5);
        see5 += hi2;
        return lo2 ^ see5;
    }
    // The buffer's bytes from `at` as a little-endian word (bytes past the data are masked off
    // by the caller, as in hash4j).
    uint64_t word(size_t at) const {
        uint64_t v = 0;
        for (size_t i = 0; i < 8 && at + i < m_buffer.size(); ++i) {
            v |= uint64_t{m_buffer[at + i]} << (8 * i);
        }
        return v;
    }
    void processBuffer() {
        uint64_t b[8];
        for (size_t i = 0; i < 8; ++i) {
            b[i] = 0;
            for (size_t j = 0; j < 8; ++j) {
                b[i] |= uint64_t{m_buffer[8 * i + j]} << (8 * j);
            }
            b[i] ^= m_s[i];
        }
        const auto [r1l, r1h] = multiply(b[0], b[4]);
        const auto [r2l, r2h] = multiply(b[1], b[5]);
        const auto [r3l, r3h] = multiply(b[2], b[6]);
        const auto [r4l, r4h] = multiply(b[3], b[7]);
        m_s[4] += r1h;
        m_s[5] += r2h;
        m_s[6] += r3h;
        m_s[7] += r4h;
        m_s[1] = m_s[4] ^ r2l;
        m_s[2] = m_s[5] ^ r3l;
        m_s[3] = m_s[6] ^ r4l;
        m_s[0] = m_s[7] ^ r1l;
    }

    std::array<uint64_t, 8> m_s{};
    std::array<uint8_t, 64> m_buffer{};
    uint64_t m_count = 0;
};

Scenario buckets(uint32_t n, JumpBackPrng prng = JumpBackPrng::SplitMix64) {
    json::Array nodes;
    for (uint32_t i = 0; i < n; ++i) {
        nodes.push_back(json::Object{{"id", "10.0.1." + std::to_string(i) + ":6379"}});
    }
    json::Object file{{"format", "ringscope/1"},
                      {"algorithm", "jumpback"},
                      {"nodes", nodes},
                      {"keys", json::Object{{"pattern", "user:{i}:ключ"},
                                            {"count", json::Value::count(100'000)}}}};
    if (prng != JumpBackPrng::SplitMix64) {
        file.set("jumpback", json::Object{{"prng", std::string(nameIn(kJumpBackPrngNames, prng))}});
    }
    return scenarioFromValue(json::Value(std::move(file)));
}

}  // namespace

class TestJumpBack : public QObject {
    Q_OBJECT
private slots:
    // hash4j's AbstractConsistentBucketHasherTest.testCheckSum with the expected values of
    // ConsistentJumpBackBucketHasherSplitMix64Test and
    // ConsistentJumpBackBucketHasherXorshiftL7R9Test (dynatrace-oss/hash4j,
    // src/test/java/com/dynatrace/hash4j/consistent/): 1,000,000 bucket counts and keys from
    // SplittableRandom(0x0a55871a9d9103b7), every bucket into komihash 5.0.
    void hash4jChecksum_data() {
        QTest::addColumn<int>("prng");
        QTest::addColumn<quint64>("checksum");
        QTest::newRow("splitmix64")
            << int(JumpBackPrng::SplitMix64) << Q_UINT64_C(0x23d7a0d288cd67e7);
        QTest::newRow("xorshift-l7r9")
            << int(JumpBackPrng::XorshiftL7R9) << Q_UINT64_C(0x4230b4d46f271c99);
    }
    void hash4jChecksum() {
        QFETCH(int, prng);
        QFETCH(quint64, checksum);
        JavaSplittableRandom random(0x0a55871a9d9103b7ull);
        Komihash5Stream sum;
        for (int i = 0; i < 1'000'000; ++i) {
            // Math.max(1, random.nextInt() >>> 1 >>> random.nextInt()): the int shift mod 32.
            const uint32_t first = random.nextInt();
            const uint32_t shift = random.nextInt() & 31;
            const uint32_t n = std::max<uint32_t>(1, (first >> 1) >> shift);
            const uint64_t key = random.nextLong();
            sum.putInt(jumpBackHash(key, n, JumpBackPrng(prng)));
        }
        QCOMPARE(sum.getAsLong(), checksum);
    }

    // hash4j's testZeroKey: the xorshift generator stays at 0 from 0, and the walk still ends.
    void zeroKeyEnds() {
        for (const uint32_t n : {2u, 3u, 1000u, 0x40000001u, 0x7FFFFFFFu}) {
            QCOMPARE(jumpBackHash(0, n, JumpBackPrng::XorshiftL7R9), 0u);
            QVERIFY(jumpBackHash(0, n, JumpBackPrng::SplitMix64) < n);
        }
    }

    // The walk the view draws is the hash's: it ends in the answer, each candidate in its range.
    void walkEndsInTheAnswer() {
        SplitMix64 rng(44);
        for (int i = 0; i < 20000; ++i) {
            const uint64_t key = rng.next();
            const auto n = uint32_t(1 + rng.below(i % 2 ? 40 : 100000));
            for (const JumpBackPrng prng : {JumpBackPrng::SplitMix64, JumpBackPrng::XorshiftL7R9}) {
                const std::vector<JumpBackStep> walk = jumpBackWalk(key, n, prng);
                QVERIFY(!walk.empty());
                const JumpBackStep& last = walk.back();
                QVERIFY(last.outcome == JumpBackStep::Outcome::Taken ||
                        last.outcome == JumpBackStep::Outcome::Zero);
                QCOMPARE(last.bucket, jumpBackHash(key, n, prng));
                for (size_t s = 0; s + 1 < walk.size(); ++s) {
                    QVERIFY(walk[s].outcome == JumpBackStep::Outcome::Beyond ||
                            walk[s].outcome == JumpBackStep::Outcome::BelowRange);
                }
                for (const JumpBackStep& step : walk) {
                    if (step.outcome == JumpBackStep::Outcome::Beyond) {
                        QVERIFY(step.bucket >= n && step.bucket < 2 * step.rangeMin);
                    }
                    if (step.outcome == JumpBackStep::Outcome::BelowRange) {
                        QVERIFY(step.bucket < step.rangeMin);
                    }
                }
            }
        }
    }

    // hash4j's testMonotonicityWithSmallNumBuckets: from n to n + 1 buckets a key stays or moves
    // to bucket n.
    void monotone() {
        SplitMix64 rng(2024);
        for (int i = 0; i < 3000; ++i) {
            const uint64_t key = rng.next();
            for (const JumpBackPrng prng : {JumpBackPrng::SplitMix64, JumpBackPrng::XorshiftL7R9}) {
                uint32_t was = 0;
                for (uint32_t n = 1; n < 300; ++n) {
                    const uint32_t now = jumpBackHash(key, n, prng);
                    QVERIFY(now == was || now == n - 1);
                    was = now;
                }
            }
        }
    }

    // The scenario: 37 host:port buckets and 100,000 keys with non-ASCII bytes. Adding a node
    // moves keys only into it (about its share's worth, none between old nodes), and the diff
    // back (removing it again) counts exactly those keys; max/mean load under 1.1.
    void addRemoveAndBalance_data() {
        QTest::addColumn<int>("prng");
        QTest::newRow("splitmix64") << int(JumpBackPrng::SplitMix64);
        QTest::newRow("xorshift-l7r9") << int(JumpBackPrng::XorshiftL7R9);
    }
    void addRemoveAndBalance() {
        QFETCH(int, prng);
        const Scenario before = buckets(37, JumpBackPrng(prng));
        QCOMPARE(before.params.get<JumpBackParams>().prng, JumpBackPrng(prng));
        Scenario after = before;
        after.nodes.push_back(NodeSpec{});
        after.nodes.back().id = "10.0.1.37:6379";
        const test::PlacedScenario a(before);
        const test::PlacedScenario b(after);
        std::vector<size_t> load(37);
        size_t moved = 0;
        for (size_t k = 0; k < a.keys.size(); ++k) {
            ++load[a.assignment.primary(k)];
            if (a.assignment.primary(k) != b.assignment.primary(k)) {
                QCOMPARE(b.assignment.primary(k), 37u);
                ++moved;
            }
        }
        QVERIFY(moved > 100'000 / 38 * 8 / 10 && moved < 100'000 / 38 * 12 / 10);
        const double mean = 100'000.0 / 37;
        QVERIFY2(double(*std::max_element(load.begin(), load.end())) / mean < 1.1,
                 qPrintable(QString::number(*std::max_element(load.begin(), load.end()))));
        const DiffResult d = diff(b.placement, b.assignment, a.placement, a.assignment, a.keys);
        QCOMPARE(d.primaryMoved, moved);
    }

    // A down node's bucket's keys go to the next live bucket's node, which then holds 2/N: the
    // χ² test expects that (the buckets' shares), not the live nodes' equal shares, so the key
    // hash is not blamed for it.
    void downNodeIsNotBlamedOnTheHash() {
        Scenario s = buckets(9);
        s.nodes[4].down = true;
        const test::PlacedScenario placed(s);
        const Stats stats = computeStats(placed.placement, placed.assignment, placed.keys);
        const ChiSquare c = chiSquareOf(placed.placement, stats);
        QCOMPARE(c.againstKey, std::string_view("buckets"));
        QVERIFY2(!c.clustered(), qPrintable(QString::number(c.pValue)));
        const auto shares = placed.placement.spaceShares();
        QVERIFY(shares);
        QCOMPARE(shares->shares[4], 0.0);
        QCOMPARE(shares->shares[5], 2.0 / 9);
        QCOMPARE(shares->shares[0], 1.0 / 9);
        // The keys agree: node 5 holds about twice node 0's.
        QVERIFY(stats.nodes[5].keys > stats.nodes[0].keys * 18 / 10);
    }

    // "jumpback": {"prng": ...} is read, written back, and a wrong name refused where it stands.
    void prngInTheFile() {
        const Scenario s = buckets(5, JumpBackPrng::XorshiftL7R9);
        const json::Value file = scenarioToValue(s);
        QCOMPARE(file.toObject()["jumpback"].toObject()["prng"].toString(),
                 std::string("xorshift-l7r9"));
        QVERIFY(scenarioToValue(buckets(5)).toObject().find("jumpback") == nullptr);
        json::Object wrong = file.toObject();
        wrong.set("jumpback", json::Object{{"prng", "xorshift"}});
        QCOMPARE(test::errorOf([&] { scenarioFromValue(json::Value(wrong)); }),
                 QStringLiteral("jumpback.prng: unknown value \"xorshift\" (one of: splitmix64, "
                                "xorshift-l7r9)"));
    }
};

QTEST_GUILESS_MAIN(TestJumpBack)
#include "tst_jumpback.moc"
