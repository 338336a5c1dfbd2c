// DxHash against SUPSI-DTI-ISIN/java-consistent-hashing-algorithms' DxEngine (@ 68803f8) run on
// this machine (Debian's JDK 17): no published vectors exist, so data/dx-vectors.txt was captured
// by MementoHash's recipe (tests/core/algorithms/memento/data/capture/capture.sh: the engine's
// sources unmodified, a driver of ours that seeds its java.util.Random with the key's 64-bit
// value): 500 keys in 12 states — removals in the middle, at the end, several in a row, capacity
// full, two working buckets of 1,000. The capture also checked the model: one engine driven by
// removals and additions equals, after every step, a fresh one built from (capacity, nodes,
// removed).
#include <QTest>

#include "algorithms/dx/dx.h"
#include "algorithms/dx/dx_reference.h"
#include "algorithms/dx/dxplacement.h"
#include "removedbucketstest.h"
#include "ringscope/work.h"

using namespace ringscope;

class TestDx : public QObject {
    Q_OBJECT
private slots:
    // java.util.Random(42): nextInt(10) and nextInt(16) as the JDK gives them (JDK 17's
    // `new Random(42).nextInt(10)` is 0, then 3, 8, 4, 0; `new Random(42).nextInt(16)` is 11), run
    // with Temurin 25 here.
    void javaRandom() {
        JavaRandom r(42);
        const int32_t want[] = {0, 3, 8, 4, 0};
        for (const int32_t w : want) {
            QCOMPARE(r.nextInt(10), w);
        }
        QCOMPARE(JavaRandom(42).nextInt(16), 11);
    }

    void referenceVectors() {
        const test::ReferenceVectors v = test::readReferenceVectors(
            QStringLiteral("tests/core/algorithms/dx/data/dx-vectors.txt"));
        QCOMPARE(v.keys.size(), size_t{500});
        QCOMPARE(v.states.size(), size_t{12});
        test::checkVectorsThroughTable(
            v, [](const auto& state) { return DxTable(state.capacity, state.nodes); },
            [](const DxTable& table, uint64_t key, uint32_t bucket) {
                QCOMPARE(table.draws(key, 100'000).back(), bucket);
            });
        test::checkVectorsThroughPlacement("dx", v, true);
    }

    // Only the seed's low 48 bits count (java.util.Random's scramble).
    void onlyTheLow48BitsCount() {
        const DxTable table(20, 10);
        QCOMPARE(table.bucketOf(0x8000000000000000ull), table.bucketOf(0));
        QCOMPARE(table.bucketOf(0xffff000000001234ull), table.bucketOf(0x1234));
    }

    // The literal port of the engine (dx_reference.h, the benchmarks' baseline: Java's Random and
    // a BitSet as written) agrees on random states: 50 tables, up to 3/4 removed.
    void agreesWithTheLiteralPort() {
        struct Both {
            DxTable table;
            reference::DxEngine port;
        };
        test::checkAgainstLiteralPort(
            7,
            [](uint32_t n, uint32_t a) {
                return Both{DxTable(a, n), reference::DxEngine{int32_t(n), int32_t(a)}};
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

    void properties() { test::checkInPlaceProperties("dx"); }

    // A key draws capacity / working times: a table far larger than its working buckets is
    // refused by the limit on draws, before any key is placed.
    void drawsAreBounded() {
        QString error;
        try {
            const Scenario s =
                test::inPlaceScenario("dx", 2, json::Object{{"capacity", 100'000}}, 100'000);
            error = test::errorOf([&] { checkWork(s, Limits()); });
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        QVERIFY2(error.contains("bucket-draws"), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestDx)
#include "tst_dx.moc"
