// Assigning a key set (ringscope/assign.h): the whole-set sweep against a lookup per key, batches
// routed for streaming, and the live ring, whose incremental updates must equal a full
// recompute whatever the sequence of edits.
#include <QTest>

#include "ringscope/keychange.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

// The owners a fresh sweep computes, in position order, for the live ring's current tokens.
std::vector<uint32_t> fresh(const LiveRing& live) {
    LiveRing copy = live;
    copy.recomputeAll();
    return {copy.sortedOwners().begin(), copy.sortedOwners().end()};
}

std::vector<uint64_t> countPerNode(const LiveRing& live) {
    std::vector<uint64_t> counts(live.keysPerNode().size(), 0);
    for (const uint32_t owner : live.sortedOwners()) {
        if (owner < counts.size()) {
            ++counts[owner];
        }
    }
    return counts;
}

// Every key's primary right now, in key order (what a ChangeTracker classifies).
std::vector<uint32_t> ownersInKeyOrder(const LiveRing& live) {
    std::vector<uint32_t> owners(live.keyCount());
    for (size_t k = 0; k < owners.size(); ++k) {
        owners[k] = live.ownerOf(k);
    }
    return owners;
}

// A tracker whose baseline is the live ring's owners now.
ChangeTracker trackFrom(const LiveRing& live) {
    const std::vector<uint32_t> owners = ownersInKeyOrder(live);
    return ChangeTracker(LargeVector<uint32_t>(owners.begin(), owners.end()), 1, owners, 1);
}

// Reclassifies the keys an edit recomputed, as the desktop program does during a drag.
void track(ChangeTracker& tracker, const LiveRing& live, const std::vector<KeyRange>& ranges) {
    for (const KeyRange& range : ranges) {
        for (size_t rank = range.first; rank < range.last; ++rank) {
            const uint32_t owner = live.sortedOwners()[rank];
            tracker.update(live.sortedKeys()[rank], {&owner, 1});
        }
    }
}

// Keys whose primary differs from `baseline`, counted from scratch.
size_t countMoved(const LiveRing& live, const std::vector<uint32_t>& baseline) {
    const std::vector<uint32_t> now = ownersInKeyOrder(live);
    size_t n = 0;
    for (size_t k = 0; k < now.size(); ++k) {
        n += now[k] != baseline[k];
    }
    return n;
}

}  // namespace

class TestAssign : public QObject {
    Q_OBJECT
private slots:
    // Owners take one byte a key below 255 nodes, two below 65,535, and widen when an edit
    // brings a node past the width, keeping every owner (the all-ones value stays "no owner").
    void ownersTakeTheNodesWidth() {
        NodeIndices a(3, kNoNodeIndex, 254);
        QCOMPARE(a.width(), size_t(1));
        QCOMPARE(a[1], kNoNodeIndex);
        a.set(0, 7);
        a.set(2, 254);
        QCOMPARE(a.width(), size_t(1));
        a.set(1, 255);  // 0xFF is "no owner" at one byte
        QCOMPARE(a.width(), size_t(2));
        QCOMPARE(a.toVector(), (std::vector<uint32_t>{7, 255, 254}));
        a.fill(0, 1, 70000);
        QCOMPARE(a.width(), size_t(4));
        a.fill(2, 3, kNoNodeIndex);
        QCOMPARE(a.toVector(), (std::vector<uint32_t>{70000, 255, kNoNodeIndex}));
        QCOMPARE(NodeIndices(2, 0, 65534).width(), size_t(2));
        QCOMPARE(NodeIndices(2, 0, 65535).width(), size_t(4));

        const KeySet keys = patternKeys("k{i}", 5000);
        const HashedKeys h = hashKeys(keys, HashKind::Xxh64, kSpace32);
        std::vector<RingToken> tokens;
        for (uint32_t n = 0; n < 200; ++n) {
            tokens.push_back({uint64_t(n) * 21474836, n});
        }
        LiveRing live(Ring(kSpace32, tokens), h);
        QCOMPARE(live.sortedOwners().width(), size_t(1));
        QCOMPARE(live.sortedOwners().bytes(), size_t(5000));
        // Mid-arc positions (tokens sit every 21,474,836): node 400 takes about 23 keys.
        live.addNode(400, std::vector<uint64_t>{(1u << 31) + 10'000'000, (3u << 30) + 10'000'000});
        QCOMPARE(live.sortedOwners().width(), size_t(2));
        QCOMPARE(live.sortedOwners().toVector(), fresh(live));
        QCOMPARE(countPerNode(live),
                 std::vector<uint64_t>(live.keysPerNode().begin(), live.keysPerNode().end()));
        QCOMPARE(live.keysPerNode().size(), size_t(401));
        QVERIFY(live.keysPerNode()[400] > 0);
    }

    void seed000Drag() {
        // Drag D from 40 to 50 in seed 000's ring: keys 41..50 move from B to D.
        const KeySet keys = patternKeys("{i}", 100);
        const HashedKeys h = hashKeys(keys, HashKind::Identity, 100);
        LiveRing live(Ring(100, {{20, 0}, {40, 3}, {60, 1}, {90, 2}}), h);
        ChangeTracker tracker = trackFrom(live);
        const auto ranges = live.moveToken(1, 50);
        QCOMPARE(ranges.size(), size_t(1));
        track(tracker, live, ranges);
        QCOMPARE(tracker.primaryMoved(), size_t(10));
        QCOMPARE(tracker.change(45), KeyChange::Primary);
        QCOMPARE(tracker.change(51), KeyChange::None);
        QCOMPARE(live.ownerOf(45), 3u);
        QCOMPARE(live.ownerOf(51), 1u);
        QCOMPARE(live.keysPerNode()[3], uint64_t(30));  // D owns (20, 50]
        // Crossing a neighbour: D from 50 to 70 (past B at 60) lands at index 2.
        size_t index = 0;
        live.moveToken(1, 70, &index);
        QCOMPARE(index, size_t(2));
        QCOMPARE(live.ring().position(index), uint64_t(70));
        QCOMPARE(live.ownerOf(65), 3u);
        QCOMPARE(live.ownerOf(45), 1u);
        QCOMPARE(std::vector<uint32_t>(live.sortedOwners().begin(), live.sortedOwners().end()),
                 fresh(live));
    }

    // Found by the scenario fuzzer: when every token stands at one position, the first of them
    // owns the whole ring (not an empty arc), so removing or erasing it must recompute every
    // key. Before, keys kept the removed node as their owner.
    void tokensAllAtOnePosition_data() {
        QTest::addColumn<int>("edit");
        QTest::newRow("remove the owning node") << 0;
        QTest::newRow("erase the owning token") << 1;
        QTest::newRow("move the owning token away") << 2;
        QTest::newRow("insert before the owner") << 3;
    }
    void tokensAllAtOnePosition() {
        QFETCH(int, edit);
        std::vector<std::string> names;  // three keys at every position of 0-99
        for (int i = 0; i < 300; ++i) {
            names.push_back(std::to_string(i % 100));
        }
        const KeySet keys = decorateKeys(names, {}, {}, 1);
        const HashedKeys h = hashKeys(keys, HashKind::Identity, 100);
        LiveRing live(Ring(100, {{56, 1}}), h);
        live.insertToken({56, 0});  // after node 1's: node 1 owns everything
        QCOMPARE(live.ring().node(0), 1u);
        QCOMPARE(live.ownerOf(0), 1u);
        switch (edit) {
            case 0:
                live.removeNode(1);
                break;
            case 1:
                live.eraseToken(0);
                break;
            case 2:
                live.moveToken(0, 20);
                break;
            case 3:
                live.insertToken({56, 2});
                live.eraseToken(0);
                break;
        }
        QCOMPARE(std::vector<uint32_t>(live.sortedOwners().begin(), live.sortedOwners().end()),
                 fresh(live));
    }

    void randomEditsEqualFullRecompute_data() {
        QTest::addColumn<quint64>("space");
        QTest::newRow("0-99") << quint64(100);
        QTest::newRow("2^32") << quint64(kSpace32);
        QTest::newRow("2^64") << quint64(kSpace64);
    }
    void randomEditsEqualFullRecompute() {
        QFETCH(quint64, space);
        SplitMix64 rng(space + 11);
        const auto randomPosition = [&] { return space ? rng.below(space) : rng.next(); };
        const KeySet keys = patternKeys("k{i}", 5000);
        const HashedKeys h = hashKeys(keys, HashKind::Xxh64, space);
        std::vector<RingToken> tokens;
        for (uint32_t i = 0; i < 40; ++i) {
            tokens.push_back({randomPosition(), i % 6});
        }
        LiveRing live(Ring(space, tokens), h);
        ChangeTracker tracker = trackFrom(live);
        std::vector<uint32_t> baseline = ownersInKeyOrder(live);
        for (int step = 0; step < 600; ++step) {
            std::vector<KeyRange> ranges;
            const size_t t = live.ring().empty() ? 0 : rng.below(live.ring().size());
            switch (rng.below(6)) {
                case 0:  // drag within neighbours, or anywhere
                case 1:
                    if (!live.ring().empty()) {
                        const uint64_t lo = t > 0 ? live.ring().position(t - 1) + 1 : 0;
                        const uint64_t hi = t + 1 < live.ring().size()
                                                ? live.ring().position(t + 1)
                                                : (space ? space : ~uint64_t{0});
                        ranges =
                            live.moveToken(t, hi > lo ? lo + rng.below(hi - lo) : randomPosition());
                    }
                    break;
                case 2:
                    ranges = live.moveToken(t, randomPosition());
                    break;
                case 3:
                    ranges = live.insertToken({randomPosition(), uint32_t(rng.below(8))});
                    break;
                case 4:
                    if (live.ring().size() > 1) {
                        ranges = live.eraseToken(t);
                    }
                    break;
                case 5: {
                    if (rng.below(4) == 0) {
                        ranges = live.removeNode(uint32_t(rng.below(8)));
                    } else {
                        std::vector<uint64_t> positions;
                        for (int i = 0; i < 5; ++i) {
                            positions.push_back(randomPosition());
                        }
                        ranges = live.addNode(uint32_t(rng.below(8)), positions);
                    }
                    break;
                }
            }
            track(tracker, live, ranges);
            if (live.ring().empty()) {
                track(tracker, live, live.insertToken({randomPosition(), 0}));
            }
            QCOMPARE(std::vector<uint32_t>(live.sortedOwners().begin(), live.sortedOwners().end()),
                     fresh(live));
            QCOMPARE(tracker.primaryMoved(), countMoved(live, baseline));
            QCOMPARE(std::vector<uint64_t>(live.keysPerNode().begin(), live.keysPerNode().end()),
                     countPerNode(live));
            if (step % 100 == 99) {
                tracker = trackFrom(live);
                baseline = ownersInKeyOrder(live);
                QCOMPARE(tracker.primaryMoved(), size_t(0));
            }
        }
    }

    void sweepEqualsPerKey() {
        // The merge-sweep assignment against one lookup per key, replicas included; at 150,000
        // keys the sweep is split over the threads, each from its own first token.
        for (const auto& [replicas, count] :
             {std::pair<int64_t, size_t>{1, 20000}, {3, 20000}, {1, 150000}, {3, 150000}}) {
            Scenario s = vnodeRing(7, 50);
            s.replicas = replicas;
            s.zoneAware = replicas == 3;
            for (size_t i = 0; i < s.nodes.size(); ++i) {
                s.nodes[i].zone = "z" + std::to_string(i % 3);
            }
            const Placement p = Placement::build(s);
            const KeySet keys = patternKeys("user:{i}", count);
            const HashedKeys h = hashKeys(keys, p.keyHash(), p.space());
            QCOMPARE(assign(p, keys.names, h).owners, assignPerKey(p, keys.names, h).owners);
        }
    }

    // A batch hashed and routed, as the command-line tool streams keys, is what assign() gives;
    // a key the hash rejects is named by its line.
    void routeBatchIsTheAssignment() {
        for (Algorithm algorithm : {Algorithm::Ring, Algorithm::Rendezvous, Algorithm::Maglev}) {
            Scenario s = vnodeRing(5, 32, algorithm);
            s.replicas = 2;
            const Placement p = Placement::build(s);
            const KeySet keys = patternKeys("user:{i}", 3000);
            const Assignment all = assignAll(p, keys);
            KeyBatch batch;
            for (size_t k = 0; k < keys.size(); ++k) {
                batch.text += keys.names[k];
                batch.ends.push_back(batch.text.size());
            }
            LargeVector<uint32_t> owners(keys.size() * 2);
            routeBatch(p, batch, keys.source, owners);
            QCOMPARE(owners, all.owners);
        }
        Scenario s = explicitRing({{"A", {20}}, {"B", {60}}});
        const Placement p = Placement::build(s);
        KeyBatch batch;
        batch.first = 10;
        for (const char* key : {"1", "2", "three"}) {
            batch.text += key;
            batch.ends.push_back(batch.text.size());
        }
        batch.lines = {4, 5, 6};
        std::vector<uint32_t> owners(3);
        QCOMPARE(errorOf([&] {
                     routeBatch(p, batch, KeySource{KeySource::Kind::File, "keys.txt"}, owners);
                 }),
                 QStringLiteral("keys.txt:6: key \"three\" is not a decimal unsigned integer "
                                "(keyHash identity)"));
    }
};

QTEST_GUILESS_MAIN(TestAssign)
#include "tst_assign.moc"
