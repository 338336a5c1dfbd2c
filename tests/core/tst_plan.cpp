// The migration plan (ringscope/plan.h): every transfer against a direct per-key count for every
// registered algorithm, with replicas, key sizes and down nodes; the primary transfers against
// diff's totals; the timing of a hand-worked plan; the rates people write.
#include <QTest>

#include <algorithm>
#include <map>
#include <tuple>

#include "registrysamples.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/plan.h"
#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

namespace {

using Cells = std::map<std::tuple<int, uint32_t, uint32_t>, std::pair<uint64_t, uint64_t>>;

struct Direct {
    Cells transfers;  // (kind, from, to) -> keys, bytes
    std::map<std::pair<uint32_t, uint32_t>, uint64_t> primaries;
    std::vector<uint64_t> newHoldings;  // per node: keys it holds after and did not before
};

// The rule of plan.h, key by key, written out plainly.
Direct directPlan(const Placement& before, const Assignment& a, const Placement& after,
                  const Assignment& b, const KeySet& keys, NodeMatch match) {
    const std::vector<uint32_t> map = nodeRenumbering(after, before, match);
    const std::optional<DownSides> down = downSidesOf(before, after, map);
    Direct d;
    d.newHoldings.assign(commonNodeIds(before, after, match).size(), 0);
    for (size_t k = 0; k < keys.size(); ++k) {
        const auto xs = a.ownersOf(k);
        const std::vector<uint32_t> x(xs.begin(), xs.end());
        std::vector<uint32_t> y;
        for (const uint32_t n : b.ownersOf(k)) {
            y.push_back(map[n]);
        }
        if (x == y) {
            continue;
        }
        const auto held = [&](uint32_t n) { return std::count(x.begin(), x.end(), n) > 0; };
        uint32_t source = kNoSource;
        for (const uint32_t n : x) {
            if (!down || (!down->isDown(n) && !down->wasDown(n))) {
                source = n;
                break;
            }
        }
        const uint64_t bytes = keys.sizeOf(k);
        const auto add = [&](int kind, uint32_t from, uint32_t to) {
            auto& cell = d.transfers[{kind, from, to}];
            ++cell.first;
            cell.second += bytes;
        };
        if (x[0] != y[0]) {
            ++d.primaries[{x[0], y[0]}];
            add(0, held(y[0]) ? y[0] : source, y[0]);
        }
        for (size_t i = 1; i < y.size(); ++i) {
            if (!held(y[i]) && y[i] != y[0]) {
                add(1, source, y[i]);
            }
        }
        for (const uint32_t n : y) {
            d.newHoldings[n] += held(n) ? 0 : 1;
        }
    }
    return d;
}

// The sample with sizes, and the changes a plan is made for: a node removed, a node added, the
// first node down. Those the algorithm refuses are left out.
std::vector<std::pair<std::string, Scenario>> changesOf(const Scenario& before) {
    std::vector<std::pair<std::string, Scenario>> out;
    Scenario removed = before;
    removed.nodes.erase(removed.nodes.begin() + 1);
    out.emplace_back("removed", removed);
    Scenario added = before;
    NodeSpec extra = before.nodes.back();
    extra.id = "10.0.0.9:11211";
    extra.tokens.clear();
    added.nodes.push_back(extra);
    out.emplace_back("added", added);
    Scenario down = before;
    down.nodes.front().down = true;
    out.emplace_back("down", down);
    return out;
}

}  // namespace

class TestPlan : public QObject {
    Q_OBJECT
private slots:
    // The flat map PairCounts (and named tokens) count in agrees with std::map over random keys,
    // through its growth, with 2^64 - 1 (the empty mark) and 0 among them.
    void flatMapAgreesWithStdMap() {
        FlatMap64<uint64_t> flat;
        std::map<uint64_t, uint64_t> reference;
        uint64_t state = 12345;
        const auto next = [&state] {
            state += 0x9e3779b97f4a7c15ull;
            return state;
        };
        for (int i = 0; i < 50'000; ++i) {
            const uint64_t r = next();
            const uint64_t key = i % 997 == 0 ? UINT64_MAX : i % 991 == 0 ? 0 : r % 20'000;
            flat[key] += r & 0xff;
            reference[key] += r & 0xff;
            if (i % 5000 == 0) {
                QVERIFY(!flat.find(r | (uint64_t{1} << 63)) ||
                        reference.count(r | (uint64_t{1} << 63)));
            }
        }
        QCOMPARE(flat.size(), reference.size());
        size_t seen = 0;
        flat.forEach([&](uint64_t key, uint64_t value) {
            ++seen;
            QCOMPARE(value, reference.at(key));
        });
        QCOMPARE(seen, reference.size());
        for (const auto& [key, value] : reference) {
            QVERIFY(flat.find(key) && *flat.find(key) == value);
        }
        QVERIFY(!flat.find(20'001));
    }
    // Erasing keeps every other key findable (the runs after a gap shift back), in a map
    // crowded into few slots so that runs wrap past the end, with the empty mark among them;
    // erasing a key that is not there changes nothing.
    void flatMapErase() {
        FlatMap64<uint64_t> flat;
        std::map<uint64_t, uint64_t> reference;
        uint64_t state = 777;
        const auto next = [&state] {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            return state >> 11;
        };
        for (int round = 0; round < 20'000; ++round) {
            const uint64_t key = round % 101 == 0 ? UINT64_MAX : next() % 300;
            if (next() % 3 == 0) {
                flat.erase(key);
                reference.erase(key);
            } else {
                flat[key] = uint64_t(round);
                reference[key] = uint64_t(round);
            }
            if (round % 97 == 0) {
                QCOMPARE(flat.size(), reference.size());
                for (uint64_t k = 0; k < 300; ++k) {
                    const auto it = reference.find(k);
                    QCOMPARE(flat.find(k) != nullptr, it != reference.end());
                    if (it != reference.end()) {
                        QCOMPARE(*flat.find(k), it->second);
                    }
                }
            }
        }
        const size_t before = flat.size();
        flat.erase(123'456);
        QCOMPARE(flat.size(), before);
        QVERIFY(flat.bytes() >= flat.size() * 16);
    }
    // Seed 000 and D@40: B sends D the keys 21-40, nothing else moves.
    void seed000AddsD() {
        const KeySet keys = patternKeys("{i}", 100);
        const Placement a = Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}}));
        const Placement b =
            Placement::build(explicitRing({{"A", {20}}, {"B", {60}}, {"C", {90}}, {"D", {40}}}));
        const PlanCounter counter =
            countTransfers(a, assignAll(a, keys), b, assignAll(b, keys), keys);
        const MigrationPlan plan = migrationPlan(counter, 4);
        QCOMPARE(plan.transfers.size(), size_t{1});
        const Transfer& t = plan.transfers.front();
        QCOMPARE(t.kind, TransferKind::Primary);
        QCOMPARE(t.from, uint32_t{1});  // B
        QCOMPARE(t.to, uint32_t{3});    // D, after A, B, C in the common numbering
        QCOMPARE(t.keys, uint64_t{20});
        QCOMPARE(plan.nodes[1].outKeys, uint64_t{20});
        QCOMPARE(plan.nodes[3].inKeys, uint64_t{20});
        QVERIFY(!plan.seconds);
        QCOMPARE(commonNodeIds(a, b), (std::vector<std::string>{"A", "B", "C", "D"}));
    }

    void everyAlgorithm_data() {
        QTest::addColumn<int>("sample");
        const auto samples = registrySamples();
        for (size_t i = 0; i < samples.size(); ++i) {
            QTest::newRow(samples[i].name.c_str()) << int(i);
        }
    }
    // Every registered algorithm, with its replicas and random key sizes: the transfers equal
    // the direct count, the primaries sum to diff's totals, every new holding arrives exactly
    // once, and the nodes' traffic adds up.
    void everyAlgorithm() {
        QFETCH(int, sample);
        Scenario before = registrySamples()[size_t(sample)].scenario;
        before.keys.sizes.kind = SizeSpec::Kind::Uniform;
        before.keys.sizes.min = 100;
        before.keys.sizes.max = 5000;
        const KeySet keys = generateKeys(before.keys);
        const Placement a = Placement::build(before);
        const Assignment as = assignAll(a, keys);
        int planned = 0;
        for (const auto& [name, after] : changesOf(before)) {
            std::optional<Placement> b;
            try {
                validate(after);
                b.emplace(Placement::build(after));
            } catch (const InputError&) {
                continue;  // this algorithm refuses the change
            }
            const Assignment bs = assignAll(*b, keys);
            const NodeMatch match = NodeMatch::ById;
            const DiffResult d = diff(a, as, *b, bs, keys, match);
            const PlanCounter counter = countTransfers(a, as, *b, bs, keys, match);
            const size_t nodes = commonNodeIds(a, *b, match).size();
            const MigrationPlan plan = migrationPlan(counter, nodes, Bandwidth{1e6, 2});
            const Direct direct = directPlan(a, as, *b, bs, keys, match);

            Cells got;
            for (const Transfer& t : plan.transfers) {
                got[{int(t.kind), t.from, t.to}] = {t.keys, t.bytes};
            }
            QVERIFY2(got == direct.transfers, name.c_str());
            std::map<std::pair<uint32_t, uint32_t>, uint64_t> pairs;
            uint64_t pairKeys = 0, pairBytes = 0;
            for (const PairCounts::Pair& p : counter.primaryPairs().pairs()) {
                pairs[{p.from, p.to}] = p.keys;
                pairKeys += p.keys;
                pairBytes += p.bytes;
            }
            QVERIFY2(pairs == direct.primaries, name.c_str());
            QCOMPARE(pairKeys, uint64_t(d.primaryMoved));
            QCOMPARE(pairBytes, d.bytesMoved);
            QCOMPARE(plan.primaryKeys, uint64_t(d.primaryMoved));
            QCOMPARE(plan.primaryBytes, d.bytesMoved);

            // Each node receives once what it newly holds (or is promoted in place, or has no
            // source to receive it from).
            std::vector<uint64_t> arriving(nodes, 0);
            uint64_t outKeys = 0, inKeys = 0, inPlace = 0;
            for (const Transfer& t : plan.transfers) {
                arriving[t.to] += t.inPlace() ? 0 : t.keys;
                inPlace += t.inPlace() ? t.keys : 0;
            }
            QCOMPARE(plan.inPlaceKeys, inPlace);
            // The busiest node is the first that takes the plan's time.
            if (*plan.seconds > 0) {
                QVERIFY(plan.busiestNode);
                QCOMPARE(plan.nodes[*plan.busiestNode].seconds, *plan.seconds);
                for (uint32_t n = 0; n < *plan.busiestNode; ++n) {
                    QVERIFY(plan.nodes[n].seconds < *plan.seconds);
                }
            } else {
                QVERIFY(!plan.busiestNode);
            }
            for (size_t n = 0; n < nodes; ++n) {
                QCOMPARE(arriving[n], direct.newHoldings[n]);
                outKeys += plan.nodes[n].outKeys;
                inKeys += plan.nodes[n].inKeys;
                QVERIFY(plan.nodes[n].seconds >= double(plan.nodes[n].inBytes) / 1e6 - 1e-9);
                QVERIFY(*plan.seconds >= plan.nodes[n].seconds);
            }
            QCOMPARE(outKeys, plan.sentKeys);
            QCOMPARE(inKeys, plan.sentKeys);
            QCOMPARE(plan.sentKeys + plan.unavailableKeys <= plan.primaryKeys + plan.copyKeys,
                     true);
            if (before.replicas > 1 && name == "removed") {
                // A removed holder's keys need a new copy each, if it held any.
                bool held = false;
                for (size_t k = 0; k < keys.size() && !held; ++k) {
                    const auto owners = as.ownersOf(k);
                    held = std::count(owners.begin(), owners.end(), 1u) > 0;
                }
                QCOMPARE(plan.copyKeys > 0, held);
            }
            ++planned;
        }
        QVERIFY(planned >= 1);
    }

    // A down primary cannot send: its keys come from their replica, or from nowhere.
    void downPrimarySendsNothing() {
        Scenario s = vnodeRing(4, 16);
        s.replicas = 2;
        const KeySet keys = patternKeys("k{i}", 2000);
        const Placement a = Placement::build(s);
        Scenario down = s;
        down.nodes[0].down = true;
        const Placement b = Placement::build(down);
        const PlanCounter counter =
            countTransfers(a, assignAll(a, keys), b, assignAll(b, keys), keys);
        const MigrationPlan plan = migrationPlan(counter, 4);
        QVERIFY(plan.primaryKeys > 0);
        for (const Transfer& t : plan.transfers) {
            QVERIFY(t.from != 0);  // node 0 is down
        }
        QCOMPARE(plan.nodes[0].outKeys, uint64_t{0});
        QCOMPARE(plan.unavailableKeys, uint64_t{0});  // R = 2: one live copy is left
        // The old replica takes over in place: promoted, nothing sent for those.
        QVERIFY(std::any_of(plan.transfers.begin(), plan.transfers.end(),
                            [](const Transfer& t) { return t.inPlace(); }));
        Scenario single = s;
        single.replicas = 1;
        Scenario singleDown = single;
        singleDown.nodes[0].down = true;
        const Placement c = Placement::build(single), e = Placement::build(singleDown);
        const MigrationPlan lost =
            migrationPlan(countTransfers(c, assignAll(c, keys), e, assignAll(e, keys), keys), 4);
        QVERIFY(lost.unavailableKeys > 0);
        QCOMPARE(lost.unavailableKeys, lost.primaryKeys);  // R = 1: nobody else held them
        QCOMPARE(lost.sentKeys, uint64_t{0});
    }

    // Worked by hand: node 0 sends 300 and 100 bytes, node 1 sends 50; 100 bytes/s per node.
    void timing() {
        PlanCounter counter;
        counter.count(std::vector<uint32_t>{0}, std::vector<uint32_t>{1}, 300);
        counter.count(std::vector<uint32_t>{0}, std::vector<uint32_t>{2}, 100);
        counter.count(std::vector<uint32_t>{1}, std::vector<uint32_t>{2}, 50);
        // Two streams sharing 100 B/s: node 0's two transfers run at 50 B/s each until the
        // 100 bytes are sent (2 s), then the rest of the 300 at 100 B/s (2 s more: 4 s in all).
        // Node 1 sends 50 bytes alone (0.5 s) and receives 300 (3 s); node 2 receives 150
        // (1.5 s).
        MigrationPlan two = migrationPlan(counter, 3, Bandwidth{100, 2});
        QCOMPARE(two.transfers[0].seconds, 4.0);
        QCOMPARE(two.transfers[1].seconds, 2.0);
        QCOMPARE(two.transfers[2].seconds, 0.5);
        QCOMPARE(two.nodes[0].seconds, 4.0);
        QCOMPARE(two.nodes[1].seconds, 3.0);
        QCOMPARE(two.nodes[2].seconds, 1.5);
        QCOMPARE(*two.seconds, 4.0);
        QCOMPARE(two.busiestNode, std::optional<uint32_t>(0));
        QCOMPARE(two.inPlaceKeys, uint64_t{0});
        // One stream of 100 B/s: node 0 sends 3 s then 1 s; the plan is no shorter or longer.
        const MigrationPlan one = migrationPlan(counter, 3, Bandwidth{100, 1});
        QCOMPARE(one.transfers[0].seconds, 3.0);
        QCOMPARE(one.transfers[1].seconds, 1.0);
        QCOMPARE(one.nodes[0].seconds, 4.0);
        QCOMPARE(one.nodes[1].seconds, 3.0);
        QCOMPARE(*one.seconds, 4.0);
        QCOMPARE(one.sentBytes, uint64_t{450});
    }

    // A node sends at its whole rate while it has bytes to send, so more streams never lengthen
    // a plan (they split the rate and lengthened it: one 19 MB transfer took twice as long on
    // two streams of half the rate, the other idle): every node is done after its bytes out
    // or in / rate, whatever the streams.
    void moreStreamsNeverLengthen() {
        const Scenario s = vnodeRing(5, 32);
        Scenario fewer = s;
        fewer.nodes.pop_back();
        const KeySet keys = patternKeys("k{i}", 3000);
        const Placement a = Placement::build(s), b = Placement::build(fewer);
        const PlanCounter counter =
            countTransfers(a, assignAll(a, keys), b, assignAll(b, keys), keys);
        const double rate = 1000;
        const MigrationPlan one = migrationPlan(counter, 5, Bandwidth{rate, 1});
        QVERIFY(*one.seconds > 0);
        for (const uint32_t streams : {2u, 3u, 8u, 64u}) {
            const MigrationPlan more = migrationPlan(counter, 5, Bandwidth{rate, streams});
            QCOMPARE(*more.seconds, *one.seconds);
            for (size_t n = 0; n < 5; ++n) {
                const NodeTraffic& node = more.nodes[n];
                QCOMPARE(node.seconds, double(std::max(node.outBytes, node.inBytes)) / rate);
            }
            for (const Transfer& t : more.transfers) {
                // No transfer outlasts its node, nor is faster than the whole rate.
                if (t.sent()) {
                    QVERIFY(t.seconds <= more.nodes[t.from].seconds * (1 + 1e-12));
                    QVERIFY(t.seconds >= double(t.bytes) / rate * (1 - 1e-12));
                }
            }
        }
    }

    void rates_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("bytesPerSecond");
        QTest::newRow("MB/s") << "100MB/s" << 1e8;
        QTest::newRow("GiB/s") << "1GiB/s" << 1073741824.0;
        QTest::newRow("spaced") << "1.5 GiB/s" << 1.5 * 1073741824.0;
        QTest::newRow("Gbit/s") << "10Gbit/s" << 1.25e9;
        QTest::newRow("Mbps") << "800Mbps" << 1e8;
        QTest::newRow("kB") << "64kB" << 64e3;
        QTest::newRow("bytes") << "125000000" << 1.25e8;
        QTest::newRow("B/s") << "4096B/s" << 4096.0;
    }
    void rates() {
        QFETCH(QString, text);
        QFETCH(double, bytesPerSecond);
        QCOMPARE(parseRate(text.toStdString(), "--bandwidth"), bytesPerSecond);
    }

    // A rate that is not one says which forms are accepted; 0 says a rate must be more.
    void badRates_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        for (const char* bad : {"", "fast", "-1MB/s", "1.2.3MB/s", "100XB/s", "MB/s", "1e400", ".",
                                "100 MB /s", "/s"}) {
            QTest::newRow(bad) << QString::fromLatin1(bad) << QStringLiteral("expected a rate");
        }
        QTest::newRow("0MB/s") << QStringLiteral("0MB/s")
                               << QStringLiteral("a rate must be more than 0, got \"0MB/s\"");
        QTest::newRow("0") << QStringLiteral("0") << QStringLiteral("a rate must be more than 0");
    }
    void badRates() {
        QFETCH(QString, text);
        QFETCH(QString, why);
        const QString error = errorOf([&] { parseRate(text.toStdString(), "--bandwidth"); });
        QVERIFY2(error.contains(QStringLiteral("--bandwidth")) && error.contains(why) &&
                     error.contains(QStringLiteral("125MB/s, 1Gbit/s, 100MiB/s or 800Mbps")),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "tst_plan.moc"
