// MementoHash against SUPSI-DTI-ISIN/java-consistent-hashing-algorithms' MementoEngine (@ 68803f8)
// run on this machine (Debian's JDK 17, Guava 31.1 and commons-codec's XXHash32): no published
// vectors exist, so data/memento-vectors.txt was captured by data/capture/capture.sh (the
// engine's sources unmodified, a driver of ours that hands it the key's 64-bit value as its hash
// and the engine's own hash(long, int) as its rehash): 500 keys in 13 states — removals in the
// middle, at the end (the b-array shrinking), several in a row, half the buckets removed. The
// capture also checked the scenario's model: one engine driven by removals and additions equals,
// after every step, a fresh one built from (nodes, removed).
#include <QTest>

#include "algorithms/jump/jump.h"
#include "algorithms/memento/memento.h"
#include "algorithms/memento/memento_reference.h"
#include "algorithms/memento/mementoplacement.h"
#include "removedbucketstest.h"

using namespace ringscope;

class TestMemento : public QObject {
    Q_OBJECT
private slots:
    void referenceVectors() {
        const test::ReferenceVectors v = test::readReferenceVectors(
            QStringLiteral("tests/core/algorithms/memento/data/memento-vectors.txt"));
        QCOMPARE(v.keys.size(), size_t{500});
        QCOMPARE(v.states.size(), size_t{13});
        for (const test::ReferenceVectors::State& state : v.states) {
            MementoTable table(state.nodes);
            for (const uint32_t b : state.removed) {
                table.remove(b);
            }
            for (size_t k = 0; k < v.keys.size(); ++k) {
                QCOMPARE(table.bucketOf(v.keys[k]), state.buckets[k]);
                QCOMPARE(table.path(v.keys[k]).back().bucket, state.buckets[k]);
                QCOMPARE(table.path(v.keys[k]).back().replacer, -1);
            }
        }
        test::checkVectorsThroughPlacement("memento", v, false);
    }

    // Without removals Memento is Guava's consistentHash, which is the paper's jump hash but for
    // its arithmetic (a division where the paper multiplies): the same buckets.
    void withoutRemovalsItIsJumpHash() {
        SplitMix64 rng(7);
        for (int i = 0; i < 20'000; ++i) {
            const uint64_t key = rng.next();
            const auto n = static_cast<int32_t>(1 + rng.next() % 5000);
            QCOMPARE(guavaConsistentHash(key, n), jumpHash(key, n));
        }
    }

    // Removing the last bucket while none other is removed shrinks the b-array; adding brings it
    // back; with a bucket removed before it, the last is remembered like any other.
    void lastBucketShrinksTheArray() {
        MementoTable table(10);
        table.remove(9);
        QCOMPARE(table.arraySize(), 9u);
        QCOMPARE(table.replacer(9), -1);
        table.remove(3);
        QCOMPARE(table.replacer(3), 8);  // 8 working after it went
        table.remove(8);
        QCOMPARE(table.replacer(8), 7);
        QCOMPARE(table.add(), 8u);
        QCOMPARE(table.add(), 3u);
        QCOMPARE(table.add(), 9u);
        QCOMPARE(table.arraySize(), 10u);
        QCOMPARE(table.add(), 10u);
    }

    // The literal port of the engine (memento_reference.h, the benchmarks' baseline: a hash map,
    // Guava's loop as written) agrees on random states: 50 b-arrays, up to 3/4 removed.
    void agreesWithTheLiteralPort() {
        SplitMix64 rng(6);
        for (int t = 0; t < 50; ++t) {
            const auto n = uint32_t(1 + rng.next() % 300);
            MementoTable table(n);
            reference::MementoEngine port{int32_t(n)};
            std::vector<uint32_t> working(n);
            for (uint32_t i = 0; i < n; ++i) {
                working[i] = i;
            }
            for (uint64_t r = rng.next() % (n * 3 / 4 + 1); r > 0; --r) {
                const size_t at = rng.next() % working.size();
                table.remove(working[at]);
                port.removeBucket(int32_t(working[at]));
                working.erase(working.begin() + std::ptrdiff_t(at));
            }
            for (int k = 0; k < 500; ++k) {
                const uint64_t key = rng.next();
                QCOMPARE(int32_t(table.bucketOf(key)), port.getBucket(int64_t(key)));
            }
        }
    }

    void properties() { test::checkInPlaceProperties("memento"); }

    void parametersInTheFile() {
        QCOMPARE(test::errorOf([] {
                     test::inPlaceScenario("memento", 5, json::Object{{"capacity", 10}}, 1);
                 }),
                 QStringLiteral("memento.capacity: unknown field (known: removed)"));
    }
};

QTEST_GUILESS_MAIN(TestMemento)
#include "tst_memento.moc"
