// A node's name and colour follow its id: a new node continues the naming (node-100 after
// node-99, api-d after api-c), a node keeps its colour when others come and go, and colours that
// meet on the ring are plainly different.
#include <QTest>

#include <algorithm>

#include "nodenames.h"
#include "ringcolors.h"
#include "ringscope/keyset.h"
#include "ringscope/placement.h"
#include "scenariojson.h"
#include "testpaths.h"

using namespace ringscope;

namespace {

// ΔE00 below which two colours side by side read as "the same colour" (10 is plainly different).
constexpr double kDistinct = 7.5;
// ΔE00 between palette entries at most 18 apart (the twelve safe colours among themselves aside).
constexpr double kNeighbourDistinct = 10;
// ΔE00 between any two nodes of a pool of up to six hosts: each its own hue.
constexpr double kPoolDistinct = 12;

Scenario named(std::vector<std::string> ids, int64_t vnodes = 8) {
    Scenario s;
    for (std::string& id : ids) {
        NodeSpec node;
        node.id = std::move(id);
        node.vnodes = vnodes;
        s.nodes.push_back(node);
    }
    return s;
}

std::vector<std::string> series(const char* prefix, int from, int to, int width = 0) {
    std::vector<std::string> ids;
    for (int i = from; i <= to; ++i) {
        std::string n = std::to_string(i);
        n.insert(0, size_t(std::max(0, width - int(n.size()))), '0');
        ids.push_back(prefix + n);
    }
    return ids;
}

Scenario preset(const char* name) {
    return loadScenarioFile(ringscope::test::sourcePath("/resources/presets/") +
                            QLatin1String(name));
}

}  // namespace

class TestNodeNames : public QObject {
    Q_OBJECT
private slots:
    void nextId_data() {
        QTest::addColumn<QStringList>("ids");
        QTest::addColumn<QString>("next");
        const auto strings = [](std::initializer_list<const char*> ids) {
            QStringList out;
            for (const char* id : ids) {
                out << QString::fromLatin1(id);
            }
            return out;
        };
        const auto list = [](std::vector<std::string> ids) {
            QStringList out;
            for (const auto& id : ids) {
                out << QString::fromStdString(id);
            }
            return out;
        };
        QTest::newRow("empty") << QStringList() << QStringLiteral("A");
        QTest::newRow("seed 000") << strings({"A", "B", "C"}) << QStringLiteral("D");
        QTest::newRow("bare number") << list(series("", 0, 0)) << QStringLiteral("1");
        QTest::newRow("letters run on") << strings({"Y", "Z"}) << QStringLiteral("AA");
        QTest::newRow("seed 003") << strings({"api-a", "api-b", "api-c"})
                                  << QStringLiteral("api-d");
        QTest::newRow("padded past its width")
            << list(series("node-", 0, 99, 2)) << QStringLiteral("node-100");
        QTest::newRow("padded") << list(series("node-", 0, 4, 2)) << QStringLiteral("node-05");
        QTest::newRow("unpadded") << list(series("n", 0, 9)) << QStringLiteral("n10");
        QTest::newRow("largest, not last") << strings({"n7", "n2"}) << QStringLiteral("n8");
        QTest::newRow("addresses")
            << strings({"10.0.1.1", "10.0.1.2", "10.0.1.4"}) << QStringLiteral("10.0.1.5");
        QTest::newRow("the last node's series")
            << strings({"web-1", "web-2", "db-a"}) << QStringLiteral("db-b");
        QTest::newRow("hosts on one port")
            << strings({"10.0.0.1:11211", "10.0.0.2:11211", "10.0.0.3:11211"})
            << QStringLiteral("10.0.0.4:11211");
        QTest::newRow("hosts on one port, past 99")
            << strings({"10.0.0.99:80", "10.0.0.100:80"}) << QStringLiteral("10.0.0.101:80");
        QTest::newRow("one host, its ports")
            << strings({"10.0.0.1:11211", "10.0.0.1:11212"}) << QStringLiteral("10.0.0.1:11213");
        QTest::newRow("no numbers") << strings({"alpha", "beta"}) << QStringLiteral("node-3");
        QTest::newRow("words are not letters")
            << strings({"cache", "web"}) << QStringLiteral("node-3");
    }
    void nextId() {
        QFETCH(QStringList, ids);
        QFETCH(QString, next);
        std::vector<std::string> v;
        for (const QString& id : ids) {
            v.push_back(id.toStdString());
        }
        const Scenario s = named(v);
        QCOMPARE(QString::fromStdString(nextNodeId(s)), next);
    }

    void paletteIsDistinct() {
        const auto palette = nodePalette();
        QCOMPARE(palette.size(), kNodePaletteSize);
        QCOMPARE(palette[0], QColor(0x00, 0x72, 0xB2));  // Okabe & Ito's blue comes first
        double closest = 1e9;
        for (size_t i = 0; i < palette.size(); ++i) {
            for (size_t j = 0; j < i; ++j) {
                closest = std::min(closest, colorDistance(palette[i], palette[j]));
            }
            // Never the grey of a key mark nor the red of a moved key (past the twelve safe
            // colours, not even close to it: a node's arc must not read as moved keys).
            QVERIFY(colorDistance(palette[i], QColor(0xE6, 0x1E, 0x1E)) > kDistinct);
            QVERIFY2(i < 12 || colorDistance(palette[i], QColor(0xE6, 0x1E, 0x1E)) >= 20,
                     qPrintable(palette[i].name()));
            QVERIFY(palette[i].hslSaturationF() > 0.15);
        }
        QVERIFY2(closest >= kDistinct, qPrintable(QString::number(closest)));
        // Neighbouring entries, which the hosts of one pool take, are much further apart.
        double neighbours = 1e9;
        for (size_t i = 12; i < palette.size(); ++i) {
            for (size_t back = 1; back <= 18; ++back) {  // cyclic: entries are numbers mod 128
                const QColor& other = palette[(i + palette.size() - back) % palette.size()];
                neighbours = std::min(neighbours, colorDistance(palette[i], other));
            }
        }
        QVERIFY2(neighbours >= kNeighbourDistinct, qPrintable(QString::number(neighbours)));
    }

    // The hosts of a small pool each take their own hue. The Envoy Maglev preset's six hosts
    // (10.0.0.10-12 and 10.0.1.13-15 on :8080) once came out as five browns and salmons, two of
    // them (#dd7766, #bb7777) 9.4 ΔE00 apart.
    void smallPoolsSpread_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::newRow("Envoy Maglev preset") << preset("envoy-maglev.json");
        QTest::newRow("Envoy ring preset") << preset("envoy-ring-hash-weighted.json");
        QTest::newRow("nginx preset") << preset("nginx-upstream.json");
        QTest::newRow("HAProxy preset") << preset("haproxy-backend.json");
        QTest::newRow("twemproxy preset") << preset("twemproxy-pool.json");
        for (int first : {1, 10, 100, 250}) {
            for (const char* port : {":11211", ":8080", ":6379"}) {
                std::vector<std::string> hosts;
                for (int i = first; i < first + 6; ++i) {
                    hosts.push_back("10.0.0." + std::to_string(i) + port);
                }
                QTest::newRow(qPrintable(QString::fromStdString(hosts.front() + " … 6 hosts")))
                    << named(hosts);
                std::vector<std::string> subnets;
                for (int i = 0; i < 6; ++i) {
                    subnets.push_back("10.0." + std::to_string(i / 3) + "." +
                                      std::to_string(first + i) + port);
                }
                QTest::newRow(qPrintable(QString::fromStdString(subnets.front() + " two subnets")))
                    << named(subnets);
            }
        }
    }
    void smallPoolsSpread() {
        QFETCH(Scenario, scenario);
        QVERIFY(scenario.nodes.size() <= 6);
        const std::vector<QColor> colors = nodeColors(scenario.nodes);
        for (size_t a = 0; a < colors.size(); ++a) {
            for (size_t b = 0; b < a; ++b) {
                QVERIFY2(
                    colorDistance(colors[a], colors[b]) >= kPoolDistinct,
                    qPrintable(
                        QStringLiteral("%1 %2 vs %3 %4: %5")
                            .arg(QString::fromStdString(scenario.nodes[a].id), colors[a].name(),
                                 QString::fromStdString(scenario.nodes[b].id), colors[b].name())
                            .arg(colorDistance(colors[a], colors[b]))));
            }
        }
    }

    // An id whose only number is 7 takes the eighth colour, whatever its words.
    void colourFollowsTheNumber() {
        const QColor eighth = nodePalette()[7];
        for (const char* id : {"H", "api-h", "node-07", "7", "web-7"}) {
            const Scenario s = named({"Q", id});  // Q takes entry 16, out of the way
            QCOMPARE(nodeColors(s.nodes)[1], eighth);
        }
    }

    // Every number of an id counts, as the digits of one number in base 13 (a port before its
    // host): addresses, ports and zone letters each tell ids apart.
    void idNumbers_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<qulonglong>("number");
        const auto base13 = [](std::initializer_list<uint64_t> digits) {
            uint64_t v = 0;
            for (const uint64_t d : digits) {
                v = (v * 13 + d) % 128;
            }
            return qulonglong(v);
        };
        QTest::newRow("one number") << QStringLiteral("node-07") << base13({7});
        QTest::newRow("a letter") << QStringLiteral("api-h") << base13({7});
        QTest::newRow("an address") << QStringLiteral("10.0.1.7") << base13({10, 0, 1, 7});
        QTest::newRow("host:port, the port first")
            << QStringLiteral("10.0.0.2:11211") << base13({11211 % 128, 10, 0, 0, 2});
        QTest::newRow("IPv6") << QStringLiteral("[::1]:80") << base13({80, 1});
        QTest::newRow("zone and index") << QStringLiteral("b1") << base13({1, 1});
        QTest::newRow("words do not count") << QStringLiteral("cache-b2") << base13({1, 2});
        QTest::newRow("glued letters are a word") << QStringLiteral("Ab3") << base13({3});
    }
    void idNumbers() {
        QFETCH(QString, id);
        QFETCH(qulonglong, number);
        QCOMPARE(idNumber(id.toStdString(), 128), std::optional<uint64_t>(number));
        QCOMPARE(idNumber("alpha", 128), std::nullopt);
        // Hosts of one pool on one port are neighbours in the palette (whose neighbours are far
        // apart: each was picked as far as possible from all before it).
        QCOMPARE(*idNumber("10.0.0.3:11211", 128), (*idNumber("10.0.0.2:11211", 128) + 1) % 128);
    }

    // Adding a 13th node recolours none of the twelve; removing one recolours none of the rest.
    void stableAcrossAddAndRemove_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::newRow("A..L") << named(
            {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"});
        QTest::newRow("node-00..node-11") << named(series("node-", 0, 11, 2));
        QTest::newRow("100 nodes") << preset("scale-100x256-1M.json");
        QTest::newRow("ketama pool") << preset("ketama-memcached-pool.json");
        QTest::newRow("seed 003") << preset("seed003-3nodes.json");
        // Ids as real pools name their hosts: removing 10.0.0.2:11211 or a Maglev host once
        // shifted every later host's colour (they all asked for the port's entry).
        std::vector<std::string> memcached;
        for (int i = 1; i <= 8; ++i) {
            memcached.push_back("10.0.0." + std::to_string(i) + ":11211");
        }
        QTest::newRow("memcached host:port") << named(memcached);
        QTest::newRow("Envoy Maglev preset") << preset("envoy-maglev.json");
        QTest::newRow("Envoy ring preset") << preset("envoy-ring-hash-weighted.json");
        QTest::newRow("Redis preset") << preset("redis-cluster-resharding.json");
        QTest::newRow("Cassandra preset") << preset("cassandra-6x16-rf3.json");
        QTest::newRow("zones a1..c2") << preset("replicas-zones.json");
        QTest::newRow("IPv6 ports")
            << named({"[::1]:80", "[::1]:81", "[::2]:80", "[::2]:81", "[::3]:80"});
        QTest::newRow("mixed shapes") << named({"10.0.0.2:11211", "[::1]:80", "api-b", "node-07",
                                                "10.0.0.3:11211", "api-c", "[::1]:81", "node-08"});
        std::vector<std::string> ports;
        for (int port = 7000; port < 7012; ++port) {
            ports.push_back("127.0.0.1:" + std::to_string(port));
        }
        QTest::newRow("one host, many ports") << named(ports);
    }
    void stableAcrossAddAndRemove() {
        QFETCH(Scenario, scenario);
        const std::vector<QColor> before = nodeColors(scenario.nodes);
        Scenario added = scenario;
        NodeSpec extra;
        extra.id = nextNodeId(scenario);
        added.nodes.push_back(extra);
        const std::vector<QColor> after = nodeColors(added.nodes);
        QVERIFY(std::equal(before.begin(), before.end(), after.begin()));
        for (const QColor& c : before) {
            QVERIFY(colorDistance(c, after.back()) >= kDistinct);
        }
        for (size_t gone = 0; gone < scenario.nodes.size(); ++gone) {
            Scenario removed = scenario;
            removed.nodes.erase(removed.nodes.begin() + ptrdiff_t(gone));
            const std::vector<QColor> rest = nodeColors(removed.nodes);
            for (size_t n = 0; n < rest.size(); ++n) {
                QCOMPARE(rest[n], before[n < gone ? n : n + 1]);
            }
        }
    }

    // A colour the user picked wins and takes nothing from the others.
    void pickedColour() {
        Scenario s = named({"A", "B", "C"});
        const std::vector<QColor> automatic = nodeColors(s.nodes);
        s.nodes[1].color = 0x123456;
        const std::vector<QColor> picked = nodeColors(s.nodes);
        QCOMPARE(picked[1], QColor(0x12, 0x34, 0x56));
        QCOMPARE(picked[0], automatic[0]);
        QCOMPARE(picked[2], automatic[2]);
    }

    // Arcs that meet on the ring never share a near-identical colour, far beyond the twelve
    // colour-blind-safe ones: the presets, and rings of 13 to 120 nodes with named, numbered
    // and hashed ids.
    void adjacentArcsDistinct_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::newRow("scale preset") << preset("scale-100x256-1M.json");
        QTest::newRow("vnode lesson") << preset("vnode-lesson.json");
        QTest::newRow("ketama pool") << preset("ketama-memcached-pool.json");
        QTest::newRow("zones") << preset("replicas-zones.json");
        QTest::newRow("13 letters")
            << named({"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"});
        QTest::newRow("120 numbered") << named(series("node-", 0, 119, 3), 16);
        SplitMix64 rng(7);
        for (int round = 0; round < 6; ++round) {
            std::vector<std::string> ids;
            const int count = 13 + int(rng.below(48));
            for (int i = 0; i < count; ++i) {
                ids.push_back("host" + std::to_string(rng.next() % 100000) + ".example");
            }
            std::sort(ids.begin(), ids.end());
            ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
            QTest::newRow(qPrintable(QStringLiteral("%1 hashed ids").arg(ids.size())))
                << named(ids, 32);
        }
    }
    void adjacentArcsDistinct() {
        QFETCH(Scenario, scenario);
        const Placement p = Placement::build(scenario);
        const std::vector<QColor> colors = nodeColors(scenario.nodes);
        const Ring& ring = p.ring();
        QVERIFY(ring.size() > 1);
        double closest = 1e9;
        for (size_t t = 0; t < ring.size(); ++t) {
            const uint32_t a = ring.nodes()[t];
            const uint32_t b = ring.nodes()[ring.next(t)];
            if (a != b) {
                closest = std::min(closest, colorDistance(colors[a], colors[b]));
            }
        }
        QVERIFY2(closest >= kDistinct, qPrintable(QString::number(closest)));
    }

    // Labels on coloured cells: black or white, whichever reads (WCAG AA: contrast 4.5).
    void labelsOnColouredCells() {
        QCOMPARE(contrastingText(QColor(0xDD, 0xCC, 0x77)), QColor(Qt::black));  // sand
        QCOMPARE(contrastingText(QColor(0x33, 0x22, 0x88)), QColor(Qt::white));  // indigo
        const auto luminance = [](const QColor& c) {
            const auto lin = [](double v) {
                return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
            };
            return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
        };
        for (const QColor& fill : nodePalette()) {
            const double a = luminance(fill);
            const double b = luminance(contrastingText(fill));
            const double ratio = (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
            QVERIFY2(ratio >= 4.5, qPrintable(fill.name()));
        }
    }
};

QTEST_GUILESS_MAIN(TestNodeNames)
#include "tst_nodenames.moc"
