// The Elasticsearch view: the route it draws is the core's and ends at the document's owner, the
// split and reindex counts it states equal a direct count with esRoute, the strips show each
// shard (and each child) in its node's colour, and no count shows while a question is open.
#include <QApplication>
#include <QTest>

#include <bit>
#include <cmath>

#include "algorithms/elasticsearch/elasticsearch.h"
#include "algorithms/elasticsearch/elasticsearchplacement.h"
#include "elasticsearchpanel.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "testpaths.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

// An index of `shards` host:port shards, its routing shards `routing` (0: the default), 5,000
// Japanese document ids.
Scenario esScenario(int shards, uint32_t routing = 0) {
    Scenario s = viewtest::hashedScenario(shards, 0, 5000);
    s.algorithm = Algorithm::Elasticsearch;
    s.params.edit<ElasticsearchParams>().routingShards = routing;
    s.keys.pattern = "注文-{i}";
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        s.nodes[n].vnodes.reset();
        s.nodes[n].id = "es-" + std::to_string(n + 1) + ":9200";
    }
    return s;
}

int32_t hashOf(uint64_t keyHash) {
    return std::bit_cast<int32_t>(uint32_t(keyHash));
}

}  // namespace

class TestElasticsearchView : public QObject {
    Q_OBJECT
private slots:
    void routeIsTheCoresAndEndsAtTheOwner_data() {
        QTest::addColumn<int>("shards");
        QTest::addColumn<uint>("routing");
        QTest::newRow("8 shards, default 1024") << 8 << 0u;
        QTest::newRow("5 shards, 640") << 5 << 640u;
        QTest::newRow("6 shards, 6 (no split left)") << 6 << 6u;
        QTest::newRow("1 shard") << 1 << 0u;
    }
    void routeIsTheCoresAndEndsAtTheOwner() {
        QFETCH(int, shards);
        QFETCH(uint, routing);
        Document doc;
        QVERIFY(doc.replaceScenario(esScenario(shards, routing), {}, false));
        doc.waitForIdle();
        ElasticsearchPanel panel(&doc);
        const uint32_t r = routing != 0 ? routing : esDefaultRoutingShards(uint32_t(shards));
        for (const size_t key : {size_t{0}, size_t{7}, size_t{4321}}) {
            doc.setSelectedKey(key);
            panel.waitForIdle();
            const EsPicture& p = panel.routeView().picture();
            const std::string name = "注文-" + std::to_string(key);
            QCOMPARE(p.route.hash, *esMurmur3(name));
            QCOMPARE(p.route.hash, hashOf(viewtest::keyHashes(doc)[key]));
            QCOMPARE(p.routingShards, r);
            QCOMPARE(p.route.shard, doc.assignment().primary(key));
            const QString owner = QString::fromStdString(doc.scenario().nodes[p.route.shard].id);
            QVERIFY2(panel.summary().contains(
                         QStringLiteral("goes to shard %1 (%2)").arg(p.route.shard).arg(owner)),
                     qPrintable(panel.summary()));
            const QStringList rows = panel.routeView().rowTexts();
            QVERIFY(rows.size() >= 3);
            QVERIFY2(rows[2].contains(owner), qPrintable(rows[2]));
            QVERIFY2(rows[1].endsWith(QStringLiteral("= routing slot ") +
                                      QLocale().toString(p.route.slot)),
                     qPrintable(rows[1]));
        }
    }

    // What the summary says a split and a reindex would move is what esRoute moves, key by key.
    void countsAreEsRoutes() {
        const int shards = 6;
        Document doc;
        QVERIFY(doc.replaceScenario(esScenario(shards), {}, false));
        doc.waitForIdle();
        ElasticsearchPanel panel(&doc);
        panel.waitForIdle();
        const uint32_t r = esDefaultRoutingShards(shards);       // 768
        const uint32_t r7 = esDefaultRoutingShards(shards + 1);  // 896
        size_t split = 0;
        size_t reindex = 0;
        for (const uint64_t h : viewtest::keyHashes(doc)) {
            const uint32_t now = esRoute(hashOf(h), r, shards).shard;
            const uint32_t after = esRoute(hashOf(h), r, 2 * shards).shard;
            QCOMPARE(after / 2, now);
            split += after != now ? 1 : 0;
            reindex += esRoute(hashOf(h), r7, shards + 1).shard != now ? 1 : 0;
        }
        const QString text = panel.summary();
        QVERIFY2(
            text.contains(QStringLiteral("Splitting into 12 shards would put %1 documents (%2) "
                                         "on a new shard number, every one on a child of its "
                                         "shard.")
                              .arg(format::count(split), format::percentOf(split, 5000))),
            qPrintable(text));
        QVERIFY2(
            text.contains(QStringLiteral("Reindexing into a new index of 7 shards (896 routing "
                                         "shards) would move %1 documents (%2)")
                              .arg(format::count(reindex), format::percentOf(reindex, 5000))),
            qPrintable(text));
        QVERIFY(!text.contains(u"Counted over"));

        doc.setSelectedKey(11);
        panel.waitForIdle();
        const QImage image = viewtest::grabAt(panel, QSize(760, 420));
        viewtest::keepShot(image, QStringLiteral("views-elasticsearch"));
        // Each shard of the index in its node's colour, each child of the split in its parent's
        // (or that colour darkened).
        const EsRouteView& view = panel.routeView();
        const std::vector<QColor> colors = nodeColors(doc.scenario().nodes);
        for (uint32_t s = 0; s < uint32_t(shards); ++s) {
            const QPoint at = view.mapTo(
                &panel, view.shardRect(s, shards, false).center().toPoint() + QPoint(0, 6));
            QVERIFY2(viewtest::distance(image.pixelColor(at), colors[s]) < 40,
                     qPrintable(image.pixelColor(at).name() + u' ' + colors[s].name()));
        }
        for (uint32_t c = 0; c < uint32_t(2 * shards); c += 2) {
            const QPoint at = view.mapTo(
                &panel, view.shardRect(c, 2 * shards, true).center().toPoint() + QPoint(0, 6));
            QVERIFY(viewtest::distance(image.pixelColor(at), colors[c / 2]) < 40);
        }
        QVERIFY(!std::isnan(view.slotX()));
        QCOMPARE(view.picture().splitShards, uint32_t(2 * shards));
    }

    // A document whose shard's node is down: the view names the live node that serves it.
    void downShardNamesItsServer() {
        Scenario s = esScenario(10);
        s.nodes[3].down = true;
        s.nodes[4].down = true;
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        ElasticsearchPanel panel(&doc);
        const std::vector<uint64_t> hashes = viewtest::keyHashes(doc);
        size_t shown = hashes.size();
        for (size_t k = 0; k < hashes.size() && shown == hashes.size(); ++k) {
            shown =
                esRoute(hashOf(hashes[k]), esDefaultRoutingShards(10), 10).shard == 3 ? k : shown;
        }
        QVERIFY(shown < hashes.size());
        doc.setSelectedKey(shown);
        panel.waitForIdle();
        QCOMPARE(doc.assignment().primary(shown), 5u);
        QVERIFY2(
            panel.summary().contains(u"goes to shard 3 (es-4:9200, down: es-6:9200 serves it)"),
            qPrintable(panel.summary()));
        // The what-ifs are about where documents are stored: a down shard's documents still go
        // to its children in a split.
        QVERIFY2(panel.summary().contains(u"every one on a child of its shard"),
                 qPrintable(panel.summary()));
    }

    // While a predict question is open the counts are not shown, the route is.
    void countsWithheldWhileAQuestionIsOpen() {
        Document doc;
        QVERIFY(doc.replaceScenario(esScenario(8), {}, false));
        doc.waitForIdle();
        doc.setQuestionOpen(true);
        ElasticsearchPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(!panel.summary().contains(u"would move"));
        QVERIFY(panel.summary().contains(answerWithheldNote()));
        QVERIFY(!panel.routeView().rowTexts().isEmpty());
        doc.setQuestionOpen(false);
        panel.waitForIdle();
        QVERIFY(panel.summary().contains(u"would move"));
    }

    // Another algorithm's scenario: the view says it shows what Elasticsearch would do.
    void otherAlgorithmSaysSo() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(6, 10, 2000), {}, false));
        doc.waitForIdle();
        ElasticsearchPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY2(panel.summary().startsWith(u"This scenario uses Ring"),
                 qPrintable(panel.summary()));
        const std::string name = doc.keys().names[0];
        QCOMPARE(panel.routeView().picture().route.shard,
                 esRoute(*esMurmur3(name), esDefaultRoutingShards(6), 6).shard);
    }
};

QTEST_MAIN(TestElasticsearchView)
#include "tst_elasticsearchview.moc"
