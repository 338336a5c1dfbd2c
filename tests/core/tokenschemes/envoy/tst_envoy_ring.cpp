// Envoy's ring hash, against the rings and lookups in Envoy's own tests:
// envoyproxy/envoy test/extensions/load_balancing_policies/ring_hash/ring_hash_lb_test.cc.
// Host indices in the rows are positions in each test's host list, as in Envoy's EXPECTs.
#include <QTest>

#include <limits>

#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/keyset.h"
#include "testutil.h"
#include "tokenschemes/envoy/envoy_ring.h"

using namespace ringscope;
using ringscope::test::errorOf;

namespace {

using Lookups = std::vector<std::pair<quint64, uint32_t>>;    // hash -> host index
using Positions = std::vector<std::pair<quint64, uint32_t>>;  // ring position -> host index
constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

std::vector<std::string> hosts(std::initializer_list<const char*> ports,
                               const std::string& prefix = "127.0.0.1:") {
    std::vector<std::string> ids;
    for (const char* port : ports) {
        ids.push_back(prefix + port);
    }
    return ids;
}

// Envoy's normalizeLocalityWeights: host weight · (locality weight / Σ locality weights) / Σ host
// weights in that locality, in Envoy's order of operations.
std::vector<double> localityNormalized(const std::vector<std::vector<double>>& hostWeights,
                                       const std::vector<double>& localityWeights) {
    double localitySum = 0;
    for (const double w : localityWeights) {
        localitySum += w;
    }
    std::vector<double> out;
    for (size_t l = 0; l < hostWeights.size(); ++l) {
        if (localityWeights[l] == 0) {
            continue;
        }
        const double lw = localityWeights[l] / localitySum;
        double sum = 0;
        for (const double w : hostWeights[l]) {
            sum += w;
        }
        for (const double w : hostWeights[l]) {
            out.push_back(w * lw / sum);
        }
    }
    return out;
}

double minOf(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

// Hits of `count` hashes i · (2^64−1)/count, as Envoy's *LargeRing tests spread them.
std::vector<uint32_t> spreadCounts(const Ring& ring, size_t nodes, uint64_t count) {
    std::vector<uint32_t> counts(nodes, 0);
    for (uint64_t i = 0; i < count; ++i) {
        ++counts[ring.owner(i * (kMax / count))];
    }
    return counts;
}

// Envoy's Ring::chooseHost binary search (ported there from ketama_get_server), as the oracle for
// Ring::successor: signed indices, the wrap to 0 when h is above the last token.
size_t ketamaSearch(const Ring& ring, uint64_t h) {
    const auto n = static_cast<int64_t>(ring.size());
    int64_t lowp = 0, highp = n, midp = 0;
    while (true) {
        midp = (lowp + highp) / 2;
        if (midp == n) {
            return 0;
        }
        const uint64_t midval = ring.position(size_t(midp));
        const uint64_t midval1 = midp == 0 ? 0 : ring.position(size_t(midp - 1));
        if (h <= midval && h > midval1) {
            return size_t(midp);
        }
        if (midval < h) {
            lowp = midp + 1;
        } else {
            highp = midp - 1;
        }
        if (lowp > highp) {
            return 0;
        }
    }
}

}  // namespace

class TestEnvoyRing : public QObject {
    Q_OBJECT
private slots:
    void basicRings_data() {
        QTest::addColumn<std::vector<std::string>>("ids");
        QTest::addColumn<Positions>("ring");
        QTest::addColumn<Lookups>("lookups");
        // Basic: hosts :90 … :95, minimum_ring_size 12; the "hash ring" table in the test.
        QTest::newRow("Basic")
            << hosts({"90", "91", "92", "93", "94", "95"})
            << Positions{{833437586790550860ull, 4},   {928266305478181108ull, 2},
                         {1033482794131418490ull, 0},  {3551244743356806947ull, 5},
                         {3851675632748031481ull, 3},  {5583722120771150861ull, 1},
                         {6311230543546372928ull, 1},  {7700377290971790572ull, 3},
                         {13144177310400110813ull, 5}, {13444792449719432967ull, 2},
                         {15516499411664133160ull, 4}, {16117243373044804889ull, 0}}
            << Lookups{{0, 4},
                       {kMax, 4},
                       {3551244743356806947ull, 5},
                       {3551244743356806948ull, 3},
                       {16117243373044804880ull, 0}};
        // BasicWithHostname: the same hosts hashed by hostname "90" … "95".
        QTest::newRow("BasicWithHostname")
            << hosts({"90", "91", "92", "93", "94", "95"}, "")
            << Positions{{1975508444536362413ull, 5},  {2376063919839173711ull, 5},
                         {2386806903309390596ull, 3},  {6749904478991551885ull, 4},
                         {6803900775736438537ull, 3},  {7225015537174310577ull, 2},
                         {8787465352164086522ull, 0},  {11282020843382717940ull, 2},
                         {13723418369486627818ull, 1}, {13776502110861797421ull, 0},
                         {14338313586354474791ull, 1}, {15364271037087512980ull, 4}}
            << Lookups{{0, 5}, {kMax, 5}, {7225015537174310577ull, 2}, {6803900775736438537ull, 3}};
    }
    void basicRings() {
        QFETCH(std::vector<std::string>, ids);
        QFETCH(Positions, ring);
        QFETCH(Lookups, lookups);
        const EnvoyRingBuild build =
            envoyRingTokens(ids, std::vector<double>(ids.size(), 1.0), EnvoyRingSizes{12});
        QCOMPARE(build.ringSize, 12u);  // ring_hash_lb.size
        QCOMPARE(build.hashesPerNode, std::vector<uint64_t>(6, 2));
        const Ring r = envoyRing(build);
        QCOMPARE(r.size(), ring.size());
        for (size_t i = 0; i < ring.size(); ++i) {
            QCOMPARE(r.position(i), ring[i].first);
            QCOMPARE(r.node(i), ring[i].second);
        }
        for (const auto& [hash, host] : lookups) {
            QCOMPARE(r.owner(hash), host);
        }
    }

    void unevenHosts() {
        // UnevenHosts: two hosts, minimum_ring_size 3 -> 2 hashes each, ring size 4.
        const EnvoyRingBuild a =
            envoyRingTokens(hosts({"80", "81"}), std::vector<double>{1, 1}, EnvoyRingSizes{3});
        QCOMPARE(a.ringSize, 4u);
        QCOMPARE(a.hashesPerNode, (std::vector<uint64_t>{2, 2}));
        const Ring ra = envoyRing(a);
        const std::vector<std::pair<uint64_t, uint32_t>> expectA = {{5454692015285649509ull, 0},
                                                                    {7859399908942313493ull, 1},
                                                                    {13838424394637650569ull, 0},
                                                                    {16064866803292627174ull, 1}};
        for (size_t i = 0; i < expectA.size(); ++i) {
            QCOMPARE(ra.token(i), (RingToken{expectA[i].first, expectA[i].second}));
        }
        QCOMPARE(ra.owner(0), 0u);
        // Then :81 and :82.
        const Ring rb = envoyRing(
            envoyRingTokens(hosts({"81", "82"}), std::vector<double>{1, 1}, EnvoyRingSizes{3}));
        const std::vector<std::pair<uint64_t, uint32_t>> expectB = {{7859399908942313493ull, 0},
                                                                    {8241336090459785962ull, 1},
                                                                    {12882406409176325258ull, 1},
                                                                    {16064866803292627174ull, 0}};
        for (size_t i = 0; i < expectB.size(); ++i) {
            QCOMPARE(rb.token(i), (RingToken{expectB[i].first, expectB[i].second}));
        }
        QCOMPARE(rb.owner(0), 0u);
    }

    void tinyWeightedRings_data() {
        QTest::addColumn<std::vector<std::string>>("ids");
        QTest::addColumn<std::vector<double>>("normalized");
        QTest::addColumn<quint64>("ringSize");
        QTest::addColumn<quint64>("minHashes");
        QTest::addColumn<quint64>("maxHashes");
        QTest::addColumn<Lookups>("lookups");
        const Lookups tiny = {{928266305478181108ull, 2},   {4443673547860492590ull, 2},
                              {5583722120771150861ull, 1},  {6311230543546372928ull, 1},
                              {13444792449719432967ull, 2}, {16117243373044804889ull, 0}};
        // HostWeightedTinyRing: weights 1, 2, 3 in a ring of exactly 6.
        QTest::newRow("HostWeightedTinyRing")
            << hosts({"90", "91", "92"}) << std::vector<double>{1.0 / 6, 2.0 / 6, 3.0 / 6}
            << quint64(6) << quint64(1) << quint64(3) << tiny;
        // LocalityWeightedTinyRing: one host per locality, locality weights 1, 2, 3, 0.
        QTest::newRow("LocalityWeightedTinyRing")
            << hosts({"90", "91", "92"}) << localityNormalized({{1}, {1}, {1}, {1}}, {1, 2, 3, 0})
            << quint64(6) << quint64(1) << quint64(3) << tiny;
        // HostAndLocalityWeightedTinyRing: :90/:91 weights 1, 2 in locality A, :92/:93 weights
        // 1, 2 in locality B, localities 1 : 2, ring of exactly 9.
        QTest::newRow("HostAndLocalityWeightedTinyRing")
            << hosts({"90", "91", "92", "93"}) << localityNormalized({{1, 2}, {1, 2}}, {1, 2})
            << quint64(9) << quint64(1) << quint64(4)
            << Lookups{{928266305478181108ull, 2},   {3851675632748031481ull, 3},
                       {5583722120771150861ull, 1},  {6311230543546372928ull, 1},
                       {7700377290971790572ull, 3},  {12559126875973811811ull, 3},
                       {13444792449719432967ull, 2}, {13784988426630141778ull, 3},
                       {16117243373044804889ull, 0}};
    }
    void tinyWeightedRings() {
        QFETCH(std::vector<std::string>, ids);
        QFETCH(std::vector<double>, normalized);
        QFETCH(quint64, ringSize);
        QFETCH(quint64, minHashes);
        QFETCH(quint64, maxHashes);
        QFETCH(Lookups, lookups);
        const EnvoyRingBuild build = envoyRingTokensNormalized(ids, normalized, minOf(normalized),
                                                               EnvoyRingSizes{ringSize, ringSize});
        QCOMPARE(build.ringSize, ringSize);
        QCOMPARE(*std::min_element(build.hashesPerNode.begin(), build.hashesPerNode.end()),
                 minHashes);
        QCOMPARE(*std::max_element(build.hashesPerNode.begin(), build.hashesPerNode.end()),
                 maxHashes);
        const Ring ring = envoyRing(build);
        for (const auto& [hash, host] : lookups) {
            QCOMPARE(ring.owner(hash), host);
        }
    }

    void largeRingCounts_data() {
        QTest::addColumn<std::vector<std::string>>("ids");
        QTest::addColumn<std::vector<double>>("normalized");
        QTest::addColumn<EnvoyRingSizes>("sizes");
        QTest::addColumn<quint64>("ringSize");
        QTest::addColumn<std::vector<uint64_t>>("hashesPerNode");
        QTest::addColumn<quint64>("spread");
        QTest::addColumn<std::vector<uint32_t>>("counts");
        // HostWeightedLargeRing / LocalityWeightedLargeRing: 6000 hashes over weights 1, 2, 3.
        QTest::newRow("HostWeightedLargeRing")
            << hosts({"90", "91", "92"}) << std::vector<double>{1.0 / 6, 2.0 / 6, 3.0 / 6}
            << EnvoyRingSizes{6144, kEnvoyDefaultMaxRingSize} << quint64(6144)
            << std::vector<uint64_t>{1024, 2048, 3072} << quint64(6000)
            << std::vector<uint32_t>{987, 1932, 3081};
        QTest::newRow("LocalityWeightedLargeRing")
            << hosts({"90", "91", "92"}) << localityNormalized({{1}, {1}, {1}, {1}}, {1, 2, 3, 0})
            << EnvoyRingSizes{6144, kEnvoyDefaultMaxRingSize} << quint64(6144)
            << std::vector<uint64_t>{1024, 2048, 3072} << quint64(6000)
            << std::vector<uint32_t>{987, 1932, 3081};
        // HostAndLocalityWeightedLargeRing: 9000 hashes.
        QTest::newRow("HostAndLocalityWeightedLargeRing")
            << hosts({"90", "91", "92", "93"}) << localityNormalized({{1, 2}, {1, 2}}, {1, 2})
            << EnvoyRingSizes{9216, kEnvoyDefaultMaxRingSize} << quint64(9216)
            << std::vector<uint64_t>{1024, 2048, 2048, 4096} << quint64(9000)
            << std::vector<uint32_t>{924, 2009, 2053, 4014};
        // LargeFractionalScale: two hosts in a ring of exactly 1023.
        QTest::newRow("LargeFractionalScale")
            << hosts({"90", "91"}) << std::vector<double>{0.5, 0.5} << EnvoyRingSizes{1023, 1023}
            << quint64(1023) << std::vector<uint64_t>{512, 511} << quint64(1023)
            << std::vector<uint32_t>{526, 497};
    }
    void largeRingCounts() {
        QFETCH(std::vector<std::string>, ids);
        QFETCH(std::vector<double>, normalized);
        QFETCH(EnvoyRingSizes, sizes);
        QFETCH(quint64, ringSize);
        QFETCH(std::vector<uint64_t>, hashesPerNode);
        QFETCH(quint64, spread);
        QFETCH(std::vector<uint32_t>, counts);
        const EnvoyRingBuild build =
            envoyRingTokensNormalized(ids, normalized, minOf(normalized), sizes);
        QCOMPARE(build.ringSize, ringSize);
        QCOMPARE(build.hashesPerNode, hashesPerNode);
        QCOMPARE(spreadCounts(envoyRing(build), ids.size(), spread), counts);
    }

    void smallFractionalScale() {
        // SmallFractionalScale: four hosts in a ring of exactly 2 -> two hosts get no hash.
        const EnvoyRingBuild build = envoyRingTokens(
            hosts({"90", "91", "92", "93"}), std::vector<double>(4, 1.0), EnvoyRingSizes{2, 2});
        QCOMPARE(build.ringSize, 2u);
        QCOMPARE(*std::min_element(build.hashesPerNode.begin(), build.hashesPerNode.end()), 0u);
        QCOMPARE(*std::max_element(build.hashesPerNode.begin(), build.hashesPerNode.end()), 1u);
        const auto counts = spreadCounts(envoyRing(build), 4, 1024);
        QCOMPARE(std::count(counts.begin(), counts.end(), 0u), 2);
    }

    void lopsidedWeightSmallScale() {
        // LopsidedWeightSmallScale: :0 alone in a locality of weight 127, :1 … :1023 in one of
        // weight 1, ring of exactly 1024: :0 gets 1016 hashes, every 128th light host one.
        std::vector<std::string> ids;
        for (int i = 0; i < 1024; ++i) {
            ids.push_back("127.0.0.1:" + std::to_string(i));
        }
        const auto normalized = localityNormalized({{1}, std::vector<double>(1023, 1.0)}, {127, 1});
        const EnvoyRingBuild build = envoyRingTokensNormalized(ids, normalized, minOf(normalized),
                                                               EnvoyRingSizes{1024, 1024});
        QCOMPARE(build.ringSize, 1024u);
        QCOMPARE(*std::min_element(build.hashesPerNode.begin(), build.hashesPerNode.end()), 0u);
        QCOMPARE(*std::max_element(build.hashesPerNode.begin(), build.hashesPerNode.end()), 1016u);
        const Ring ring = envoyRing(build);
        const Lookups expected = {{11664790346325243808ull, 1},   {15894554872961148518ull, 128},
                                  {13958138884277627155ull, 256}, {15803774069438192949ull, 384},
                                  {3829253010855396576ull, 512},  {17918147347826565154ull, 640},
                                  {6442769608292299103ull, 768},  {5881074926069334434ull, 896}};
        for (const auto& [hash, host] : expected) {
            QCOMPARE(ring.owner(hash), host);
        }
    }

    void retryHostPredicate() {
        // BasicWithRetryHostPredicate (the Basic ring, hash 0): attempts walk the ring one token
        // at a time and wrap.
        const Ring ring =
            envoyRing(envoyRingTokens(hosts({"90", "91", "92", "93", "94", "95"}),
                                      std::vector<double>(6, 1.0), EnvoyRingSizes{12}));
        QCOMPARE(envoyRingRetry(ring, 0, 0), 4u);
        QCOMPARE(envoyRingRetry(ring, 0, 1), 2u);
        QCOMPARE(envoyRingRetry(ring, 0, 2), 0u);
        QCOMPARE(envoyRingRetry(ring, 0, 13), 2u);
    }

    void badRingSizes() {
        // BadRingSizeBounds: minimum 20, maximum 10.
        const auto ids = hosts({"90"});
        const std::vector<double> w{1};
        QCOMPARE(
            errorOf([&] {
                envoyRingTokens(ids, w, EnvoyRingSizes{20, 10});
            }),
            QStringLiteral(
                "tokens.minRingSize: ring hash: minimum_ring_size (20) > maximum_ring_size (10)"));
        QCOMPARE(errorOf([&] {
                     envoyRingTokens(ids, w, EnvoyRingSizes{0, 10});
                 }),
                 QStringLiteral("tokens.minRingSize: ring sizes must be between 1 and 8388608"));
        QCOMPARE(errorOf([&] {
                     envoyRingTokens(ids, w, EnvoyRingSizes{1, 8388609});
                 }),
                 QStringLiteral("tokens.minRingSize: ring sizes must be between 1 and 8388608"));
        QCOMPARE(errorOf([&] { envoyRingTokens(ids, std::vector<double>{0}); }),
                 QStringLiteral(
                     "nodes[0] (127.0.0.1:90).weight: the weight must be a finite number above 0"));
    }

    void defaultsAndScale() {
        // Defaults 1024 / 8388608: three equal hosts get ceil(1024/3) = 342 hashes each.
        const EnvoyRingBuild build =
            envoyRingTokens(hosts({"1", "2", "3"}), std::vector<double>(3, 1.0));
        QCOMPARE(build.scale, std::ceil(1.0 / 3 * 1024) / (1.0 / 3));
        QCOMPARE(build.ringSize, 1026u);
        QCOMPARE(build.hashesPerNode, (std::vector<uint64_t>{342, 342, 342}));
        // Token i of node n is xxh64("{n}_{i}").
        QCOMPARE(build.tokens[0].position, xxh64("127.0.0.1:1_0"));
        QCOMPARE(build.tokens[341].position, xxh64("127.0.0.1:1_341"));
        QCOMPARE(build.tokens[342].position, xxh64("127.0.0.1:2_0"));
    }

    void lookupIsEnvoysKetamaSearch() {
        SplitMix64 rng(11);
        const Ring ring = envoyRing(envoyRingTokens(hosts({"90", "91", "92", "93", "94", "95"}),
                                                    std::vector<double>(6, 1.0)));
        for (int i = 0; i < 50000; ++i) {
            const uint64_t h = rng.next();
            QCOMPARE(ring.successor(h), ketamaSearch(ring, h));
        }
        for (size_t t = 0; t < ring.size(); ++t) {
            for (const uint64_t h :
                 {ring.position(t) - 1, ring.position(t), ring.position(t) + 1}) {
                QCOMPARE(ring.successor(h), ketamaSearch(ring, h));
            }
        }
        QCOMPARE(ring.successor(0), ketamaSearch(ring, 0));
        QCOMPARE(ring.successor(kMax), ketamaSearch(ring, kMax));
    }
};

QTEST_GUILESS_MAIN(TestEnvoyRing)
#include "tst_envoy_ring.moc"
