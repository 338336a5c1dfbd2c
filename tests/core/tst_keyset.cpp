// Key sets: patterns, lists, files, sizes and Zipf popularity, identical on every platform.
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <numeric>

#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestKeySet : public QObject {
    Q_OBJECT
private slots:
    void pattern() {
        KeySetSpec spec;
        spec.pattern = "session-{i}";
        spec.count = 3;
        spec.start = 7;
        QCOMPARE(generateKeys(spec).names,
                 (std::vector<std::string>{"session-7", "session-8", "session-9"}));
        spec.pattern = "{i}/{i}";
        spec.count = 1;
        QCOMPARE(generateKeys(spec).names, std::vector<std::string>{"7/7"});
    }

    void splitMixIsPinned() {
        // SplitMix64 reference output for seed 1234567 (Vigna's splitmix64.c).
        SplitMix64 rng(1234567);
        QCOMPARE(rng.next(), Q_UINT64_C(6457827717110365317));
        QCOMPARE(rng.next(), Q_UINT64_C(3203168211198807973));
        QCOMPARE(rng.next(), Q_UINT64_C(9817491932198370423));
        SplitMix64 full(1234567);
        QCOMPARE(full.below(0), Q_UINT64_C(6457827717110365317));  // 0 is the whole range
        SplitMix64 bounded(5);
        for (int i = 0; i < 10000; ++i) {
            QVERIFY(bounded.below(7) < 7);
        }
    }

    void sizesAreDeterministic() {
        KeySetSpec spec;
        spec.pattern = "k{i}";
        spec.count = 1000;
        spec.sizes.kind = SizeSpec::Kind::Uniform;
        spec.sizes.min = 100;
        spec.sizes.max = 200;
        const KeySet a = generateKeys(spec);
        QCOMPARE(generateKeys(spec).sizes, a.sizes);
        QVERIFY(std::all_of(a.sizes.begin(), a.sizes.end(),
                            [](uint64_t s) { return s >= 100 && s <= 200; }));
        QCOMPARE(*std::min_element(a.sizes.begin(), a.sizes.end()), uint64_t(100));
        QCOMPARE(*std::max_element(a.sizes.begin(), a.sizes.end()), uint64_t(200));
        spec.seed = 2;
        QVERIFY(generateKeys(spec).sizes != a.sizes);
        // Pinned values: the same seed gives these sizes on every platform.
        spec.seed = 1;
        spec.count = 4;
        QCOMPARE(generateKeys(spec).sizes, (std::vector<uint64_t>{157, 175, 198, 144}));

        spec.sizes.kind = SizeSpec::Kind::LogNormal;
        spec.sizes.mu = std::log(1000.0);
        spec.sizes.sigma = 0.5;
        spec.count = 20001;
        std::vector<uint64_t> sizes = generateKeys(spec).sizes;
        std::nth_element(sizes.begin(), sizes.begin() + 10000, sizes.end());
        QVERIFY(std::abs(double(sizes[10000]) - 1000.0) < 30.0);  // median exp(mu)
    }

    void zipf() {
        KeySetSpec spec;
        spec.pattern = "k{i}";
        spec.count = 1000;
        spec.popularity.kind = PopularitySpec::Kind::Zipf;
        spec.popularity.s = 1.0;
        spec.popularity.requests = 1e6;
        const KeySet keys = generateKeys(spec);
        const double total = std::accumulate(keys.requests.begin(), keys.requests.end(), 0.0);
        QVERIFY(std::abs(total - 1e6) < 1e-3);
        double harmonic = 0;
        for (int r = 1; r <= 1000; ++r) {
            harmonic += 1.0 / r;
        }
        const double hottest = *std::max_element(keys.requests.begin(), keys.requests.end());
        QVERIFY(std::abs(hottest - 1e6 / harmonic) < 1e-6);
        // Every rank is used once.
        std::vector<double> sorted = keys.requests;
        std::sort(sorted.rbegin(), sorted.rend());
        QVERIFY(std::abs(sorted[9] - 1e6 / harmonic / 10) < 1e-6);
    }

    void fileAndLines() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("keys.txt")).toStdString();
        std::ofstream(path) << "7\n\n12\r\nabc\n";
        std::vector<uint32_t> lines;
        QCOMPARE(readKeyFile(path, &lines), (std::vector<std::string>{"7", "12", "abc"}));
        QCOMPARE(lines, (std::vector<uint32_t>{1, 3, 4}));
        KeySetSpec spec;
        spec.kind = KeySetSpec::Kind::File;
        spec.file = path;
        const KeySet keys = generateKeys(spec);
        // The non-decimal key under identity is named by file and line.
        const QString error = errorOf([&] { hashKeys(keys, HashKind::Identity, 100); });
        QCOMPARE(error, QString::fromStdString(path + ":4: key \"abc\" is not a decimal unsigned "
                                                      "integer (keyHash identity)"));
        const QString missing = errorOf([&] { readKeyFile(path + ".missing"); });
        QCOMPARE(missing, QString::fromStdString(path + ".missing: no such file"));
    }

    void hashedKeysSorted() {
        const KeySet keys = patternKeys("{i}", 100);
        const HashedKeys h = hashKeys(keys, HashKind::Identity, 10);
        QCOMPARE(h.position[37], uint64_t(7));
        for (size_t i = 1; i < h.byPosition.size(); ++i) {
            QVERIFY(h.position[h.byPosition[i - 1]] <= h.position[h.byPosition[i]]);
        }
    }

    void badSpecs() {
        KeySetSpec spec;
        spec.count = kMaxKeys + 1;
        QVERIFY(errorOf([&] { generateKeys(spec); }).startsWith(QStringLiteral("keys.count")));
        spec.count = 2;
        spec.pattern = "same";
        QVERIFY(errorOf([&] { generateKeys(spec); }).startsWith(QStringLiteral("keys.pattern")));
    }
};

QTEST_GUILESS_MAIN(TestKeySet)
#include "tst_keyset.moc"
