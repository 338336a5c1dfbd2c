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
        test::checkVectorsThroughTable(
            v, [](const auto& state) { return MementoTable(state.nodes); },
            [](const MementoTable& table, uint64_t key, uint32_t bucket) {
                QCOMPARE(table.path(key).back().bucket, bucket);
                QCOMPARE(table.path(key).back().replacer, -1);
            });
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
        struct Both {
            MementoTable table;
            reference::MementoEngine port;
        };
        test::checkAgainstLiteralPort(
            6,
            [](uint32_t n, uint32_t) {
                return Both{MementoTable(n), reference::MementoEngine{int32_t(n)}};
            },
            [](Both& both, uint32_t b) {
                both.table.remove(b);
                both.port.removeBucket(int32_t(b));
            },
            [](const Both& both, uint64_t key) {
                return std::pair<int64_t, int64_t>(both.table.bucketOf(key),
                                                   both.port.getBucket(int64_t(key)));
            });
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
