// The hash ring (ringscope/ring.h): seed 000's asserts, the successor and the nearer-token rules,
// arcs and wrap-around. The token schemes and the ring placement have their own suites
// (tests/core/tokenschemes/, tests/core/algorithms/ring/).
#include <QFile>
#include <QTest>

#include <algorithm>
#include <set>

#include "keyhashes/fnv1a/fnv1a.h"
#include "ringscope/diff.h"
#include "ringscope/hash.h"
#include "testutil.h"
#include "tokenschemes/named/named.h"

using namespace ringscope;
using namespace ringscope::test;

class TestRing : public QObject {
    Q_OBJECT
private slots:
    // Every assert of seed 000's Ring example.
    void seed000() {
        const Placement before =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}));
        const Placement after =
            Placement::build(explicitRing({{"A", {20}}, {"D", {40}}, {"B", {60}}, {"C", {90}}}));
        QCOMPARE(ownersAt(before, 20), "A");  // the right end point belongs to the token
        QCOMPARE(ownersAt(before, 21), "B");
        QCOMPARE(ownersAt(before, 99), "A");  // past the last token wraps around
        std::vector<uint64_t> moved;
        for (uint64_t p = 0; p < 100; ++p) {
            if (ownersAt(before, p) != ownersAt(after, p)) {
                moved.push_back(p);
                QCOMPARE(ownersAt(after, p), "D");
            }
        }
        std::vector<uint64_t> expected;
        for (uint64_t p = 21; p <= 40; ++p) {
            expected.push_back(p);
        }
        QCOMPARE(moved, expected);
        const Placement before2 =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}, 2));
        const Placement after2 =
            Placement::build(explicitRing({{"A", {20}}, {"D", {40}}, {"B", {60}}, {"C", {90}}}, 2));
        QCOMPARE(ownersAt(before2, 10), "A,B");
        QCOMPARE(ownersAt(after2, 10), "A,D");
        const Placement vnodes =
            Placement::build(explicitRing({{"A", {20, 40}}, {"B", {60}}, {"C", {90}}}, 3));
        QCOMPARE(ownersAt(vnodes, 10), "A,B,C");
    }

    void successor_data() {
        QTest::addColumn<quint64>("position");
        QTest::addColumn<int>("token");
        QTest::newRow("zero") << quint64(0) << 0;
        QTest::newRow("on first") << quint64(20) << 0;
        QTest::newRow("after first") << quint64(21) << 1;
        QTest::newRow("on middle") << quint64(60) << 1;
        QTest::newRow("on last") << quint64(90) << 2;
        QTest::newRow("wrap") << quint64(91) << 0;
        QTest::newRow("end of space") << quint64(99) << 0;
    }
    void successor() {
        QFETCH(quint64, position);
        QFETCH(int, token);
        const Ring ring(100, {{20, 0}, {60, 1}, {90, 2}});
        QCOMPARE(int(ring.successor(position)), token);
    }

    void successorMatchesLowerBound() {
        // The radix index against a plain lower_bound, on random and clustered rings.
        SplitMix64 rng(7);
        for (const uint64_t space : {uint64_t{100}, uint64_t{1000003}, kSpace32, kSpace64}) {
            for (const size_t count : {size_t{1}, size_t{2}, size_t{17}, size_t{5000}}) {
                std::vector<RingToken> tokens;
                std::set<uint64_t> used;
                while (tokens.size() < std::min<uint64_t>(count, space ? space / 2 : count)) {
                    // Half the tokens clustered near 0 to stress the first buckets.
                    uint64_t p = rng.next();
                    p = (tokens.size() % 2) ? p % 20000 : p;
                    p = space ? p % space : p;
                    if (used.insert(p).second) {
                        tokens.push_back({p, uint32_t(tokens.size())});
                    }
                }
                const Ring ring(space, tokens);
                const auto positions = ring.positions();
                for (int i = 0; i < 3000; ++i) {
                    uint64_t x = rng.next();
                    x = (i % 3 == 0) ? x % 70 : x;
                    x = space ? x % space : x;
                    size_t expected =
                        size_t(std::lower_bound(positions.begin(), positions.end(), x) -
                               positions.begin());
                    expected = expected == positions.size() ? 0 : expected;
                    QCOMPARE(ring.successor(x), expected);
                }
            }
        }
    }

    void moveIsEraseThenInsert() {
        // Ring::move against erase then insert of the same token: the same arrays, the same new
        // index, and a radix index that answers successor() as a plain lower_bound does, over
        // moves up, down, across the wrap, onto equal positions and within neighbours.
        SplitMix64 rng(11);
        for (const uint64_t space : {uint64_t{1000}, kSpace32, kSpace64}) {
            std::vector<RingToken> tokens;
            for (uint32_t t = 0; t < 600; ++t) {
                const uint64_t p = space ? rng.next() % space : rng.next();
                tokens.push_back({p, t % 7, t});
            }
            Ring moved(space, tokens);
            Ring reference(space, tokens);
            for (int step = 0; step < 400; ++step) {
                const size_t i = size_t(rng.next() % moved.size());
                uint64_t to = rng.next();
                to = step % 5 == 0 ? moved.position(size_t(rng.next() % moved.size()))  // equal
                     : space       ? to % space
                                   : to;
                RingToken token = reference.token(i);
                token.position = to;
                reference.erase(i);
                const size_t expected = reference.insert(token);
                QCOMPARE(moved.move(i, to), expected);
                QVERIFY(std::ranges::equal(moved.positions(), reference.positions()));
                QVERIFY(std::ranges::equal(moved.nodes(), reference.nodes()));
                for (size_t t = 0; t < moved.size(); ++t) {
                    QCOMPARE(moved.token(t).index, reference.token(t).index);
                }
                for (int probe = 0; probe < 50; ++probe) {
                    const uint64_t x = space ? rng.next() % space : rng.next();
                    QCOMPARE(moved.successor(x), reference.successor(x));
                }
            }
        }
    }

    void arcs() {
        const Ring ring(100, {{20, 0}, {60, 1}, {90, 2}});
        QCOMPARE(ring.arcFraction(0), 0.30);  // (90, 20] wraps: 91..99 and 0..20
        QCOMPARE(ring.arcFraction(1), 0.40);  // (20, 60]
        QCOMPARE(ring.arcFraction(2), 0.30);  // (60, 90]
        const Ring single(100, {{5, 0}});
        QCOMPARE(single.arcFraction(0), 1.0);
    }

    // HAProxy's rule: the nearer of the token before and the token at or after, the one before
    // winning a tie, wrapping round the space.
    void nearer_data() {
        QTest::addColumn<quint64>("position");
        QTest::addColumn<int>("token");
        QTest::newRow("at a token") << quint64(60) << 1;
        QTest::newRow("nearer the next") << quint64(50) << 1;
        QTest::newRow("tie goes before") << quint64(40) << 0;
        QTest::newRow("nearer the one before") << quint64(30) << 0;
        QTest::newRow("past the last, nearer it") << quint64(95) << 2;
        QTest::newRow("past the last, still nearer it") << quint64(99) << 2;
        QTest::newRow("before the first, nearer the last") << quint64(0) << 2;
        QTest::newRow("wrapping tie goes before") << quint64(5) << 2;
        QTest::newRow("before the first, nearer it") << quint64(10) << 0;
    }
    void nearer() {
        QFETCH(quint64, position);
        QFETCH(int, token);
        // Tokens at 20, 60 and 90 in 0-99: 90 -> 20 wraps over 30 positions.
        const Ring ring(100, {{20, 0}, {60, 1}, {90, 2}});
        QCOMPARE(ring.nearer(position), size_t(token));
        QCOMPARE(ring.lookup(position, LookupRule::Nearer), size_t(token));
        QCOMPARE(ring.lookup(position, LookupRule::Successor), ring.successor(position));
        const Ring single(100, {{42, 0}});
        QCOMPARE(single.nearer(position), size_t{0});
    }
};

QTEST_GUILESS_MAIN(TestRing)
#include "tst_ring.moc"
