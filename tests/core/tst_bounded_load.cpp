// Consistent hashing with bounded loads (Mirrokni, Thorup, Zadimoghaddam 2016) over a ring's
// clockwise walk and Maglev's retry walk: loads stay within capacity, an unbounded factor is the
// plain placement, and the probes per key stay within the paper's O(1/ε²).
#include <QTest>

#include <cmath>
#include <numeric>

#include "algorithms/maglev/maglevplacement.h"
#include "algorithms/ring/ringplacement.h"
#include "ringscope/bounded_load.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/keyset.h"
#include "testutil.h"

using namespace ringscope;
using ringscope::test::errorOf;

namespace {

constexpr uint32_t kUnbounded = 1'000'000'000;  // c = 10^7: no node is ever full

Ring vnodeRing(int nodes, int vnodes) {
    std::vector<RingToken> tokens;
    for (int n = 0; n < nodes; ++n) {
        for (int v = 0; v < vnodes; ++v) {
            tokens.push_back(
                {xxh64("node-" + std::to_string(n) + "#" + std::to_string(v)), uint32_t(n)});
        }
    }
    return Ring(0, std::move(tokens));
}

std::vector<uint64_t> keyHashes(size_t count, uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<uint64_t> out(count);
    for (auto& h : out) {
        h = rng.next();
    }
    return out;
}

double meanProbes(const BoundedLoadResult& r) {
    double sum = 0;
    for (const uint32_t p : r.probes) {
        sum += p;
    }
    return sum / double(r.probes.size());
}

}  // namespace

class TestBoundedLoad : public QObject {
    Q_OBJECT
private slots:
    void smallRingByHand() {
        // A@50, B@99 in 0–99; six keys at position 10 (A's arc), c = 1.5, two nodes:
        // capacity after m keys is ceil(1.5 m / 2) = 1, 2, 3, 3, 4, 5.
        const Ring ring(100, {{50, 0}, {99, 1}});
        const std::vector<uint64_t> positions(6, 10);
        const std::vector<double> nodes{1, 1};
        const std::vector<double> keys(6, 1.0);
        const auto r = boundedLoads(nodes, keys, 150, RingWalk{ring, positions});
        QCOMPARE(r.owner, (LargeVector<uint32_t>{0, 0, 0, 1, 0, 0}));
        QCOMPARE(r.firstChoice, LargeVector<uint32_t>(6, 0));
        QCOMPARE(r.displaced, std::vector<uint32_t>{3});
        QCOMPARE(r.chainStart, (std::vector<uint32_t>{0, 1}));
        QCOMPARE(r.chainNodes, std::vector<uint32_t>{0});
        QCOMPARE(r.load, (std::vector<double>{5, 1}));
        QCOMPARE(r.capacity, (std::vector<double>{5, 5}));
        QCOMPARE(r.probes, (LargeVector<uint32_t>{1, 1, 1, 2, 1, 1}));
        QVERIFY(r.overCapacity.empty());
    }

    void loadsWithinCapacity_data() {
        QTest::addColumn<bool>("maglev");
        QTest::addColumn<uint32_t>("factor");
        QTest::addColumn<bool>("weighted");
        for (const bool maglev : {false, true}) {
            for (const uint32_t factor : {101u, 110u, 125u, 150u, 200u}) {
                for (const bool weighted : {false, true}) {
                    QTest::addRow("%s c=%u%% %s", maglev ? "maglev" : "ring", factor,
                                  weighted ? "weighted nodes" : "equal nodes")
                        << maglev << factor << weighted;
                }
            }
        }
    }
    void loadsWithinCapacity() {
        QFETCH(bool, maglev);
        QFETCH(uint32_t, factor);
        QFETCH(bool, weighted);
        const int n = 20;
        const size_t k = 20000;
        std::vector<double> nodes;
        std::vector<std::string> ids;
        for (int i = 0; i < n; ++i) {
            nodes.push_back(weighted ? double(1 + i % 4) : 1.0);
            ids.push_back("node-" + std::to_string(i));
        }
        const auto hashes = keyHashes(k, factor);
        const std::vector<double> keys(k, 1.0);
        const Ring ring = vnodeRing(n, 100);
        const MaglevTable table(ids, nodes, 4099);
        const auto r = maglev ? boundedLoads(nodes, keys, factor, MaglevWalk{table, hashes})
                              : boundedLoads(nodes, keys, factor, RingWalk{ring, hashes});
        QVERIFY(r.overCapacity.empty());
        double total = 0, sumWeights = 0;
        for (const double w : nodes) {
            sumWeights += w;
        }
        for (int i = 0; i < n; ++i) {
            QVERIFY2(r.load[i] <= r.capacity[i], qPrintable(QString::number(i)));
            // capacity = ceil(c · K · w / Σw)
            QCOMPARE(r.capacity[i],
                     std::ceil(double(k) * factor * nodes[i] / (100.0 * sumWeights)));
            total += r.load[i];
        }
        QCOMPARE(total, double(k));
        // First choices are the plain placement; a key lands away from it exactly when it is
        // listed as displaced, and its chain starts at its first choice.
        size_t d = 0;
        for (uint32_t key = 0; key < k; ++key) {
            const uint32_t plain = maglev ? table.lookup(hashes[key]) : ring.owner(hashes[key]);
            QCOMPARE(r.firstChoice[key], plain);
            const bool moved = r.owner[key] != plain;
            QCOMPARE(d < r.displaced.size() && r.displaced[d] == key, moved);
            if (moved) {
                QCOMPARE(r.chainNodes[r.chainStart[d]], plain);
                QCOMPARE(r.probes[key], r.chainStart[d + 1] - r.chainStart[d] + 1);
                ++d;
            }
        }
        QCOMPARE(d, r.displaced.size());
    }

    void unboundedIsPlainPlacement() {
        const Ring ring = vnodeRing(10, 50);
        const auto hashes = keyHashes(5000, 9);
        const std::vector<double> nodes(10, 1.0);
        const auto r =
            boundedLoads(nodes, std::vector<double>(5000, 1.0), kUnbounded, RingWalk{ring, hashes});
        for (size_t key = 0; key < hashes.size(); ++key) {
            QCOMPARE(r.owner[key], ring.owner(hashes[key]));
        }
        QVERIFY(r.displaced.empty());
        QCOMPARE(meanProbes(r), 1.0);
    }

    void probesWithinPaperBound_data() {
        QTest::addColumn<uint32_t>("factor");
        QTest::addColumn<int>("vnodes");
        // One token per node is the paper's setting (and the most uneven ring).
        for (const int vnodes : {1, 100}) {
            for (const uint32_t factor : {110u, 125u, 150u, 200u}) {
                QTest::addRow("c = %.2f, %d vnodes", factor / 100.0, vnodes) << factor << vnodes;
            }
        }
    }
    void probesWithinPaperBound() {
        // The paper: with capacity ceil((1+ε) m / n), a key looks at O(1/ε²) nodes in
        // expectation for ε ≤ 1, and 1 + O(log c / c) for c ≥ 2. The constants are not
        // stated; the measured means stay under the bounds taken with constant 1.
        QFETCH(uint32_t, factor);
        QFETCH(int, vnodes);
        const double epsilon = (factor - 100) / 100.0;
        const int n = 50;
        const Ring ring = vnodeRing(n, vnodes);
        const auto hashes = keyHashes(100000, 3);
        const std::vector<double> nodes(n, 1.0);
        const auto r = boundedLoads(nodes, std::vector<double>(hashes.size(), 1.0), factor,
                                    RingWalk{ring, hashes});
        const double mean = meanProbes(r);
        qInfo("c = %.2f: mean probes %.4f, 1/eps^2 = %.1f, displaced %zu of %zu", factor / 100.0,
              mean, 1.0 / (epsilon * epsilon), r.displaced.size(), hashes.size());
        if (epsilon < 1) {
            QVERIFY2(mean <= 1.0 / (epsilon * epsilon),
                     qPrintable(QStringLiteral("mean probes %1").arg(mean)));
        } else {
            // For c ≥ 2 the paper's bound is 1 + O(log c / c).
            const double c = factor / 100.0;
            QVERIFY2(mean <= 1 + std::log(c) / c,
                     qPrintable(QStringLiteral("mean probes %1").arg(mean)));
        }
        // No node above capacity, and bounding never raises the plain maximum.
        const double capacity = std::ceil(factor * double(hashes.size()) / (100.0 * n));
        std::vector<double> plain(n, 0);
        for (const uint64_t h : hashes) {
            ++plain[ring.owner(h)];
        }
        const double maxLoad = *std::max_element(r.load.begin(), r.load.end());
        QVERIFY(maxLoad <= capacity);
        QVERIFY(maxLoad <= *std::max_element(plain.begin(), plain.end()));
    }

    void zipfRequests() {
        // Keys weighted by Zipf popularity: a node takes a key while load + requests fits.
        // A key heavier than any node's room lands on the walked node with the most room and is
        // listed; every other node stays within capacity.
        KeySetSpec spec;
        spec.pattern = "session-{i}";
        spec.count = 5000;
        spec.popularity.kind = PopularitySpec::Kind::Zipf;
        spec.popularity.s = 1.1;
        spec.popularity.requests = 100000;
        const KeySet keys = generateKeys(spec);
        std::vector<uint64_t> hashes;
        for (const auto& name : keys.names) {
            hashes.push_back(xxh64(name));
        }
        const Ring ring = vnodeRing(16, 100);
        const std::vector<double> nodes(16, 1.0);
        const auto r = boundedLoads(nodes, keys.requests, 125, RingWalk{ring, hashes});
        QVERIFY(!r.overCapacity.empty());  // the hottest key is ~10% of all requests
        std::vector<bool> tookHeavy(16, false);
        for (const uint32_t key : r.overCapacity) {
            tookHeavy[r.owner[key]] = true;
        }
        for (int i = 0; i < 16; ++i) {
            if (!tookHeavy[i]) {
                QVERIFY(r.load[i] <= r.capacity[i] + 1e-9);
            }
        }
        QCOMPARE(r.placed, std::accumulate(keys.requests.begin(), keys.requests.end(), 0.0));
    }

    void badFactor() {
        const Ring ring(100, {{50, 0}});
        const std::vector<uint64_t> positions{1};
        QCOMPARE(errorOf([&] {
                     boundedLoads(std::vector<double>{1}, std::vector<double>{1}, 99,
                                  RingWalk{ring, positions});
                 }),
                 QStringLiteral("boundedLoad.factor: the balance factor must be at least 1.00, "
                                "not 0.990000"));
    }
};

QTEST_GUILESS_MAIN(TestBoundedLoad)
#include "tst_bounded_load.moc"
