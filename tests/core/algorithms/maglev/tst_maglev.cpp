// Envoy's Maglev table, against the tables in Envoy's own tests:
// envoyproxy/envoy test/extensions/load_balancing_policies/maglev/maglev_lb_test.cc
// (Basic, BasicWithHostName, Weighted, LocalityWeighted*, BasicWithRetryHostPredicate,
// NoPrimeNumber), and against a straight port of Envoy's build loop on random clusters.
#include <QTest>

#include <algorithm>
#include <set>

#include "algorithms/maglev/maglev_reference.h"
#include "algorithms/maglev/maglevplacement.h"
#include "ringscope/error.h"
#include "ringscope/keyset.h"
#include "testutil.h"

using namespace ringscope;
using ringscope::test::errorOf;

namespace {

std::vector<std::string> envoyHosts(const std::vector<std::string>& ports,
                                    const std::string& prefix) {
    std::vector<std::string> ids;
    for (const auto& port : ports) {
        ids.push_back(prefix + port);
    }
    return ids;
}

const std::vector<std::string> kPorts = {"90", "91", "92", "93", "94", "95"};

}  // namespace

class TestMaglev : public QObject {
    Q_OBJECT
private slots:
    // Each row: hosts (as Envoy hashes them), weights, table size, the table Envoy's test lists
    // (host index per entry), and Envoy's min/max entries per host.
    void envoyTables_data() {
        QTest::addColumn<std::vector<std::string>>("ids");
        QTest::addColumn<std::vector<double>>("weights");
        QTest::addColumn<quint64>("tableSize");
        QTest::addColumn<std::vector<uint32_t>>("expected");
        QTest::addColumn<quint64>("minEntries");
        QTest::addColumn<quint64>("maxEntries");
        const std::vector<double> ones(6, 1.0);
        // Basic: hosts tcp://127.0.0.1:90 … :95, init(7).
        QTest::newRow("Basic") << envoyHosts(kPorts, "127.0.0.1:") << ones << quint64(7)
                               << std::vector<uint32_t>{2, 4, 0, 1, 5, 0, 3} << quint64(1)
                               << quint64(2);
        // BasicWithHostName: the same hosts hashed by hostname "90" … "95".
        QTest::newRow("BasicWithHostName")
            << envoyHosts(kPorts, "") << ones << quint64(7)
            << std::vector<uint32_t>{2, 5, 0, 3, 4, 1, 0} << quint64(1) << quint64(2);
        // Weighted: :90 weight 1, :91 weight 2, init(17).
        QTest::newRow("Weighted") << envoyHosts({"90", "91"}, "127.0.0.1:")
                                  << std::vector<double>{1, 2} << quint64(17)
                                  << std::vector<uint32_t>{1, 0, 0, 1, 0, 1, 1, 0, 1,
                                                           1, 1, 1, 1, 0, 1, 0, 1}
                                  << quint64(6) << quint64(11);
        // LocalityWeightedSameLocalityWeights: one host per locality, localities 1:1, so both
        // hosts normalise to 0.5 whatever their own weights.
        QTest::newRow("LocalityWeightedSameLocalityWeights")
            << envoyHosts({"90", "91"}, "127.0.0.1:") << std::vector<double>{1, 1} << quint64(17)
            << std::vector<uint32_t>{1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1}
            << quint64(8) << quint64(9);
        // LocalityWeightedDifferentLocalityWeights: localities 8 : 0 : 2 hold :90, :92, :91, so
        // :92 drops out and :90, :91 normalise to 0.8 and 0.2 (the same doubles as 8/10, 2/10).
        QTest::newRow("LocalityWeightedDifferentLocalityWeights")
            << envoyHosts({"90", "91"}, "127.0.0.1:") << std::vector<double>{8, 2} << quint64(17)
            << std::vector<uint32_t>{1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0}
            << quint64(4) << quint64(13);
    }
    void envoyTables() {
        QFETCH(std::vector<std::string>, ids);
        QFETCH(std::vector<double>, weights);
        QFETCH(quint64, tableSize);
        QFETCH(std::vector<uint32_t>, expected);
        QFETCH(quint64, minEntries);
        QFETCH(quint64, maxEntries);
        const MaglevTable table(ids, weights, tableSize);
        QCOMPARE(table.size(), tableSize);
        QCOMPARE(std::vector<uint32_t>(table.entries().begin(), table.entries().end()), expected);
        // Envoy's tests route the hashes 0 … 3M−1 and expect entry h mod M.
        for (uint64_t h = 0; h < 3 * tableSize; ++h) {
            QCOMPARE(table.lookup(h), expected[h % tableSize]);
        }
        uint64_t lo = tableSize, hi = 0, total = 0;
        for (uint32_t n = 0; n < ids.size(); ++n) {
            lo = std::min(lo, table.entryCount(n));
            hi = std::max(hi, table.entryCount(n));
            total += table.entryCount(n);
            QCOMPARE(uint64_t(std::count(expected.begin(), expected.end(), n)),
                     table.entryCount(n));
        }
        QCOMPARE(lo, minEntries);  // maglev_lb.min_entries_per_host
        QCOMPARE(hi, maxEntries);  // maglev_lb.max_entries_per_host
        QCOMPARE(total, tableSize);
    }

    void singleHostTakesEveryEntry() {
        // SingleHost / WeightedSingleHost: every hash goes to the one host. (Envoy now builds a
        // degenerate one-entry table for a single host and reports 1 entry; the routing is the
        // same, and here the host holds all M entries.)
        const std::vector<std::string> ids = {"127.0.0.1:90"};
        const MaglevTable table(ids, std::vector<double>{7}, 17);
        for (uint64_t h = 0; h < 17; ++h) {
            QCOMPARE(table.lookup(h), 0u);
        }
        QCOMPARE(table.entryCount(0), 17u);
    }

    void retryWalk() {
        // BasicWithRetryHostPredicate: hash 10 picks entry 3 (:91); the second attempt picks
        // :90 and the third, the last of retry count 2, :95.
        const auto ids = envoyHosts(kPorts, "127.0.0.1:");
        const MaglevTable table(ids, std::vector<double>(6, 1.0), 7);
        QCOMPARE(table.retry(10, 0), 1u);
        QCOMPARE(table.retry(10, 1), 0u);
        QCOMPARE(table.retry(10, 2), 5u);
        // Replicas are the distinct nodes of that walk, primary first.
        std::vector<uint32_t> out(3);
        QCOMPARE(table.replicas(10, out), size_t(3));
        QCOMPARE(out, (std::vector<uint32_t>{1, 0, 5}));
    }

    void replicasReachEveryNode() {
        // The walk covers the table within retryAttemptsToCoverTable() attempts, so asking for
        // every node returns every node that holds an entry.
        const auto ids = envoyHosts(kPorts, "127.0.0.1:");
        const MaglevTable table(ids, std::vector<double>(6, 1.0), 7);
        QCOMPARE(table.retryAttemptsToCoverTable(), 8u);
        SplitMix64 rng(5);
        for (int i = 0; i < 2000; ++i) {
            const uint64_t h = rng.next();
            std::vector<uint32_t> out(6);
            QCOMPARE(table.replicas(h, out), size_t(6));
            QCOMPARE(out.front(), table.lookup(h));
            QCOMPARE(std::set<uint32_t>(out.begin(), out.end()).size(), size_t(6));
        }
        std::vector<uint32_t> tooMany(7);
        QCOMPARE(table.replicas(1, tooMany), size_t(6));
    }

    void nonPrimeSizeIsEnvoysError() {
        // NoPrimeNumber: init(8) throws "The table size of maglev must be prime number".
        const auto ids = envoyHosts(kPorts, "127.0.0.1:");
        const std::vector<double> w(6, 1.0);
        const QString expected =
            QStringLiteral("maglev.tableSize: The table size of maglev must be prime number");
        QCOMPARE(errorOf([&] { MaglevTable(ids, w, 8); }), expected);
        QCOMPARE(errorOf([&] { MaglevTable(ids, w, 65536); }), expected);
        QCOMPARE(errorOf([&] { MaglevTable(ids, w, 1); }), expected);
        QCOMPARE(errorOf([&] { MaglevTable(ids, w, 0); }), expected);
        QCOMPARE(
            errorOf([&] { MaglevTable(ids, w, 5000101); }),
            QStringLiteral("maglev.tableSize: The table size of maglev is limited to 5000011"));
        QCOMPARE(errorOf([&] { MaglevTable(ids, w, 65537); }), QString());
        QCOMPARE(errorOf([&] { MaglevTable(ids, w, 2); }), QString());
    }

    void badNodesAreNamed() {
        const std::vector<std::string> ids = {"a", "", "c"};
        QCOMPARE(errorOf([&] {
                     MaglevTable(ids, std::vector<double>{1, 1, 1}, 7);
                 }),
                 QStringLiteral("nodes[1].id: the node id is empty"));
        const std::vector<std::string> ok = {"a", "b", "c"};
        QCOMPARE(errorOf([&] {
                     MaglevTable(ok, std::vector<double>{1, 0, 1}, 7);
                 }),
                 QStringLiteral("nodes[1] (b).weight: the weight must be a finite number above 0"));
        QCOMPARE(errorOf([&] {
                     MaglevTable(ok, std::vector<double>{1, 1, -2}, 7);
                 }),
                 QStringLiteral("nodes[2] (c).weight: the weight must be a finite number above 0"));
        QCOMPARE(errorOf([&] {
                     MaglevTable(ok, std::vector<double>{1, std::nan(""), 1}, 7);
                 }),
                 QStringLiteral("nodes[1] (b).weight: the weight must be a finite number above 0"));
        QCOMPARE(errorOf([&] { MaglevTable({}, {}, 7); }),
                 QStringLiteral("nodes: the node list is empty; add at least one node"));
    }

    void matchesEnvoysLoop_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<quint64>("tableSize");
        QTest::addColumn<bool>("weighted");
        QTest::newRow("3 in 7") << 3 << quint64(7) << false;
        QTest::newRow("10 in 251") << 10 << quint64(251) << false;
        QTest::newRow("10 in 251 weighted") << 10 << quint64(251) << true;
        QTest::newRow("40 in 4099 weighted") << 40 << quint64(4099) << true;
        QTest::newRow("100 in 65537") << 100 << quint64(65537) << false;
        QTest::newRow("100 in 65537 weighted") << 100 << quint64(65537) << true;
        QTest::newRow("300 in 251 (more nodes than entries)") << 300 << quint64(251) << true;
    }
    void matchesEnvoysLoop() {
        QFETCH(int, nodes);
        QFETCH(quint64, tableSize);
        QFETCH(bool, weighted);
        SplitMix64 rng(uint64_t(nodes) * tableSize);
        std::vector<std::string> ids;
        std::vector<double> weights;
        double sum = 0;
        for (int i = 0; i < nodes; ++i) {
            ids.push_back("10.0." + std::to_string(rng.below(256)) + "." + std::to_string(i) +
                          ":8080");
            weights.push_back(weighted ? double(1 + rng.below(128)) : 1.0);  // Envoy: 1…128
            sum += weights.back();
        }
        std::vector<double> normalized;
        for (const double w : weights) {
            normalized.push_back(w / sum);
        }
        const MaglevTable table(ids, weights, tableSize);
        const auto envoy =
            reference::envoyMaglevTable(reference::envoyHosts(ids), normalized, tableSize);
        for (uint64_t i = 0; i < tableSize; ++i) {
            QCOMPARE(table.entry(i), envoy[i]->index);
        }
    }

    void fillStepsFollowEachPermutation() {
        const auto ids = envoyHosts({"90", "91", "92"}, "127.0.0.1:");
        std::vector<MaglevFillStep> fill;
        const MaglevTable table(ids, std::vector<double>{1, 2, 3}, 17, &fill);
        QCOMPARE(fill.size(), size_t(17));
        std::vector<uint64_t> probes(3, 0);  // j of each node's permutation so far
        std::set<uint64_t> taken;
        uint32_t lastRound = 1;
        for (const MaglevFillStep& step : fill) {
            QVERIFY(step.round >= lastRound);
            lastRound = step.round;
            const MaglevPermutation p = table.permutation(step.node);
            const uint64_t j = probes[step.node] + step.skipped;
            QCOMPARE(step.entry, (p.offset + p.skip * j) % 17);
            probes[step.node] = j + 1;
            QVERIFY(taken.insert(step.entry).second);
            QCOMPARE(table.entry(step.entry), step.node);
        }
        // Round 1 visits every node in id order (the heaviest always takes an entry).
        QCOMPARE(fill[0].node, table.fillOrder()[0]);
        // Entries track M·w/Σw.
        for (uint32_t n = 0; n < 3; ++n) {
            QVERIFY(std::abs(double(table.entryCount(n)) - table.idealEntries(n)) <= 1.0);
        }
        QCOMPARE(table.idealEntries(2), 17.0 * 3 / 6);
    }

    // Entries moved by a membership change are counted by id: a direct entry-by-entry comparison
    // of the two tables' host names, and the same tables in another node order count the same.
    void entriesMovedComparesIds() {
        const auto six = envoyHosts(kPorts, "127.0.0.1:");
        std::vector<std::string> five = six;
        five.erase(five.begin() + 2);
        const std::vector<double> w6(6, 1.0), w5(5, 1.0);
        for (const uint64_t m : {uint64_t{17}, uint64_t{251}, uint64_t{65537}}) {
            const MaglevTable before(six, w6, m);
            const MaglevTable after(five, w5, m);
            uint64_t direct = 0;
            for (uint64_t i = 0; i < m; ++i) {
                direct += six[before.entry(i)] != five[after.entry(i)] ? 1 : 0;
            }
            std::vector<uint64_t> entries;
            QCOMPARE(maglevEntriesMoved(before, six, after, five, &entries), direct);
            QCOMPARE(entries.size(), size_t(direct));
            for (const uint64_t i : entries) {
                QVERIFY(six[before.entry(i)] != five[after.entry(i)]);
            }
            QVERIFY(std::is_sorted(entries.begin(), entries.end()));
            // Every entry the removed host held moves; Maglev aims to move little else.
            QVERIFY(direct >= before.entryCount(2));
            std::vector<std::string> reversed(five.rbegin(), five.rend());
            const MaglevTable afterReversed(reversed, w5, m);
            QCOMPARE(maglevEntriesMoved(before, six, afterReversed, reversed), direct);
            QCOMPARE(maglevEntriesMoved(before, six, before, six), uint64_t{0});
        }
        const MaglevTable a(six, w6, 17), b(six, w6, 251);
        QCOMPARE(errorOf([&] { maglevEntriesMoved(a, six, b, six); }),
                 QStringLiteral("maglev.tableSize: the tables differ in size (17 and 251), so "
                                "their entries cannot be compared"));
    }

    void fillOrderIsSortedById() {
        // Envoy sorts by the hashed string, bytewise: "127.0.0.1:100" < "127.0.0.1:90".
        const std::vector<std::string> ids = {"127.0.0.1:90", "127.0.0.1:100", "127.0.0.1:9"};
        const MaglevTable table(ids, std::vector<double>{1, 1, 1}, 7);
        QCOMPARE(std::vector<uint32_t>(table.fillOrder().begin(), table.fillOrder().end()),
                 (std::vector<uint32_t>{1, 2, 0}));
    }

    void lookupIsTheRemainder() {
        // lookup() computes h mod M by multiplication; it must agree with % everywhere.
        for (const uint64_t m :
             std::initializer_list<uint64_t>{1, 2, 3, 7, 17, 251, 4096, 65537, 5000011,
                                             (uint64_t{1} << 63) + 1, ~uint64_t{0}}) {
            const detail::FastMod mod(m);
            std::vector<uint64_t> probes = {0,
                                            1,
                                            m - 1,
                                            m,
                                            m + 1,
                                            ~uint64_t{0},
                                            ~uint64_t{0} - 1,
                                            2 * m - 1,
                                            2 * m,
                                            uint64_t{1} << 63,
                                            (uint64_t{1} << 63) - 1};
            for (uint64_t k = 1; k < 5; ++k) {
                probes.push_back((~uint64_t{0} / m) * m - k);
                probes.push_back((~uint64_t{0} / m) * m + k - 1);
            }
            SplitMix64 rng(m);
            for (int i = 0; i < 100000; ++i) {
                probes.push_back(rng.next());
            }
            for (const uint64_t h : probes) {
                QCOMPARE(mod(h), h % m);
            }
        }
        const auto ids = envoyHosts(kPorts, "127.0.0.1:");
        const MaglevTable table(ids, std::vector<double>(6, 1.0), 65537);
        SplitMix64 rng(3);
        for (int i = 0; i < 100000; ++i) {
            const uint64_t h = rng.next();
            QCOMPARE(table.lookup(h), table.entry(h % 65537));
        }
    }

    void isPrimeSmall() {
        std::vector<uint64_t> primes;
        for (uint64_t n = 0; n < 40; ++n) {
            if (isPrime(n)) {
                primes.push_back(n);
            }
        }
        QCOMPARE(primes, (std::vector<uint64_t>{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}));
        QVERIFY(isPrime(65537));
        QVERIFY(isPrime(5000011));
        QVERIFY(!isPrime(65535));
        QVERIFY(!isPrime(1000001));  // 101 · 9901
    }
};

QTEST_GUILESS_MAIN(TestMaglev)
#include "tst_maglev.moc"
