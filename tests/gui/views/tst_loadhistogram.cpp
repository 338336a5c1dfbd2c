// The load histogram: its bars are the core's statistics (live during a token drag), the mean
// line and the annotations are the core's spread, and a drag visibly grows the dragged node's bar.
#include <QApplication>
#include <QChartView>
#include <QSet>
#include <QTest>

#include "barchart.h"
#include "comparisonmodel.h"
#include "loadhistogrampanel.h"
#include "nodetablemodel.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "ringscope/assign.h"
#include "ringscope/placement.h"
#include "testpaths.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

// The bar values drawn, one per node (stacked mode: set i holds node i's value at category i).
std::vector<double> bars(const BarChartData& data) {
    std::vector<double> out;
    for (qsizetype i = 0; i < qsizetype(data.sets.size()); ++i) {
        out.push_back(data.sets[size_t(i)].values.value(0));
    }
    return out;
}

Stats coreStats(const Scenario& s, const KeySet& keys) {
    const Placement p = Placement::build(s);
    return computeStats(p, assign(p, keys.names, hashKeys(keys, keyHashingOf(s))), keys);
}

}  // namespace

class TestLoadHistogram : public QObject {
    Q_OBJECT
private slots:
    // The same bars get the same value axis however the chart got there: seed 003's loads,
    // then a smaller key file's, then seed 003's again (once 0..1,000 in three ticks).
    void valueAxisDoesNotDrift() {
        BarChart chart;
        chart.resize(800, 240);
        chart.show();
        const auto bars = [](QList<qreal> values) {
            BarChartData data;
            data.categories = {QStringLiteral("api-a"), QStringLiteral("api-b"),
                               QStringLiteral("api-c"), QStringLiteral("api-d")};
            data.sets = {{QStringLiteral("keys"), QColor(Qt::blue), std::move(values)}};
            return data;
        };
        chart.setData(bars({483, 283, 234, 0}));
        const QPair<qreal, int> first = chart.valueAxis();
        QCOMPARE(first.first, 600.0);
        for (const QList<qreal>& values :
             {QList<qreal>{333, 208, 234, 225}, {185, 105, 185, 25}, {333, 208, 234, 225}}) {
            chart.setData(bars(values));
        }
        chart.setData(bars({483, 283, 234, 0}));
        QCOMPARE(chart.valueAxis(), first);
    }

    void liveBarsAreCoreStats_data() {
        QTest::addColumn<Scenario>("scenario");
        QTest::newRow("seed000") << Document::defaultScenario();
        QTest::newRow("hashed ring 5x40") << viewtest::hashedScenario(5, 40, 3000);
        Scenario hrw = viewtest::hashedScenario(4, 0, 2000);
        hrw.algorithm = Algorithm::Rendezvous;
        for (NodeSpec& n : hrw.nodes) {
            n.vnodes.reset();
        }
        QTest::newRow("rendezvous") << hrw;
        Scenario sized = viewtest::hashedScenario(3, 30, 2000);
        sized.keys.sizes.kind = SizeSpec::Kind::Uniform;
        sized.keys.sizes.min = 10;
        sized.keys.sizes.max = 5000;
        sized.keys.popularity.kind = PopularitySpec::Kind::Zipf;
        QTest::newRow("sizes and zipf") << sized;
    }
    void liveBarsAreCoreStats() {
        QFETCH(Scenario, scenario);
        Document doc;
        QVERIFY(doc.replaceScenario(scenario, {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        const Stats expected = coreStats(doc.scenario(), doc.keys());
        for (const LoadMeasure m : {LoadMeasure::Keys, LoadMeasure::Bytes, LoadMeasure::Requests}) {
            if ((m == LoadMeasure::Bytes && !doc.keys().hasSizes) ||
                (m == LoadMeasure::Requests && !doc.keys().hasPopularity)) {
                continue;
            }
            panel.setMeasure(m);
            const std::vector<double> drawn = bars(panel.chartData());
            QCOMPARE(drawn.size(), expected.nodes.size());
            for (size_t n = 0; n < drawn.size(); ++n) {
                QCOMPARE(drawn[n], loadOf(expected.nodes[n], m));
            }
            const Spread& spread = spreadOf(expected, m);
            QCOMPARE(panel.chartData().lines.size(), size_t{1});
            QCOMPARE(panel.chartData().lines[0].value, spread.mean);
            QVERIFY2(panel.annotation().contains(
                         QStringLiteral("max/mean %1").arg(spread.maxOverMean, 0, 'f', 3)),
                     qPrintable(panel.annotation()));
            QVERIFY(panel.annotation().contains(
                QStringLiteral("std-dev/mean %1").arg(spread.stddevOverMean, 0, 'f', 3)));
        }
    }

    // Seed 000: A@20 owns keys 91..20 (30 keys). Dragging it to 40 (not released) gives it 50,
    // takes 20 from B, and the histogram follows during the drag.
    // Under the chart, the chi-square test of the keys' spread: FNV-1a 64 on "n0#0", "n0#1", ...
    // clusters (flagged), xxh64 on the same keys does not; the numbers are the core's.
    void chiSquareFlagsAClusteringHash() {
        for (const HashKind hash : {HashKind::Fnv1a64, HashKind::Xxh64}) {
            Scenario s = viewtest::hashedScenario(5, 100, 20000);
            s.keyHash = hash;
            s.keys.pattern = "n0#{i}";
            Document doc;
            QVERIFY(doc.replaceScenario(s, {}, false));
            doc.waitForIdle();
            ComparisonModel model(&doc, {Algorithm::Ring});
            LoadHistogramPanel panel(&doc, &model);
            const ChiSquare c = chiSquareOf(doc.placement(), coreStats(doc.scenario(), doc.keys()));
            QVERIFY2(panel.annotation().contains(QStringLiteral("χ² %1 on %2 df")
                                                     .arg(format::number(c.statistic, 2))
                                                     .arg(c.degreesOfFreedom)),
                     qPrintable(panel.annotation()));
            QCOMPARE(panel.annotation().contains(QStringLiteral("the key hash clusters")),
                     hash == HashKind::Fnv1a64);
            QCOMPARE(panel.annotation().contains(QStringLiteral("consistent with a random")),
                     hash == HashKind::Xxh64);
            QCOMPARE(c.clustered(), hash == HashKind::Fnv1a64);
            if (c.pValue < 1e-4) {  // rich text: the "<" is written as such, not read as a tag
                QVERIFY2(
                    panel.annotation().contains(QStringLiteral("p &lt; 0.0001 against the arcs")),
                    qPrintable(panel.annotation()));
            }
        }
    }

    void dragUpdatesHistogram() {
        Document doc;
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        const QColor colorA = nodeColors(doc.placement().nodeIds())[0];
        const QImage before = viewtest::grabAt(panel, QSize(480, 360));
        QCOMPARE(bars(panel.chartData()), (std::vector<double>{30, 40, 30}));

        QVERIFY(doc.beginTokenDrag(0));
        for (uint64_t p = 22; p <= 40; p += 2) {
            doc.dragTokenTo(p);
        }
        QTRY_COMPARE(bars(panel.chartData()), (std::vector<double>{50, 20, 30}));
        QVERIFY(panel.chartData().title.contains(u"live"));
        std::vector<double> counts;
        for (const uint64_t c : doc.keyCountsPerNode()) {
            counts.push_back(double(c));
        }
        QCOMPARE(bars(panel.chartData()), counts);
        const QImage during = viewtest::grabAt(panel, QSize(480, 360));
        viewtest::keepShot(during, QStringLiteral("views-load"));
        const int h0 = viewtest::colorHeight(before, colorA);
        const int h1 = viewtest::colorHeight(during, colorA);
        QVERIFY2(h1 > h0 + 20, qPrintable(QStringLiteral("A's bar %1 -> %2 px").arg(h0).arg(h1)));

        QVERIFY(doc.endTokenDrag());
        doc.waitForIdle();
        QTRY_COMPARE(bars(panel.chartData()), (std::vector<double>{50, 20, 30}));
        const Stats committed = coreStats(doc.scenario(), doc.keys());
        QCOMPARE(double(committed.nodes[0].keys), 50.0);
    }

    // Unequal weights: each node is measured against its fair share w/Σw, drawn as a step over
    // its own bar; the annotation says max/ideal, and it is the core's number.
    void weightedNodesAgainstTheirFairShare() {
        Document doc;
        QVERIFY(doc.openFile(
            ringscope::test::sourcePath("/resources/presets/ketama-memcached-pool.json")));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        const Stats expected = coreStats(doc.scenario(), doc.keys());
        QVERIFY(expected.weighted);
        const BarChartData& data = panel.chartData();
        QCOMPARE(data.lines.size(), size_t{1});
        QCOMPARE(data.lines[0].perCategory.size(), qsizetype(4));
        const double total = double(doc.keys().size());
        for (qsizetype n = 0; n < 4; ++n) {
            QCOMPARE(data.lines[0].perCategory[n], total * expected.nodes[size_t(n)].fairShare);
        }
        QCOMPARE(data.lines[0].perCategory[2], total * 0.4);  // 10.0.1.3, weight 2 of 5
        QVERIFY2(panel.annotation().contains(
                     QStringLiteral("max/ideal %1").arg(expected.keys.maxOverIdeal, 0, 'f', 3)),
                 qPrintable(panel.annotation()));
        // The hot node is the one furthest over its share (10.0.1.2), not the heavy 10.0.1.3.
        QVERIFY(panel.annotation().contains(QStringLiteral("(10.0.1.2)")));
        QVERIFY(!panel.annotation().contains(QStringLiteral("max/mean")));
    }

    // A down node's fair share is 0 and the live nodes' are w/Σw over them: the marks over the
    // bars sum to the key count (an nginx upstream of 1/2/1 and a down server drew steps summing
    // to 13,333 of 10,000 keys), with unequal weights and with equal ones, in the chart and in
    // the node table's tool tip, which the CLI's ideal column agrees with.
    void fairSharesWithANodeDown_data() {
        QTest::addColumn<QList<double>>("weights");
        QTest::addColumn<QList<double>>("fair");
        QTest::newRow("nginx 1/2/1, one down")
            << QList<double>{1, 2, 1, 1} << QList<double>{0.25, 0.5, 0.25, 0};
        QTest::newRow("equal, one down")
            << QList<double>{1, 1, 1, 1} << QList<double>{1.0 / 3, 1.0 / 3, 1.0 / 3, 0};
    }
    void fairSharesWithANodeDown() {
        QFETCH(QList<double>, weights);
        QFETCH(QList<double>, fair);
        Scenario s;
        s.tokenScheme = TokenScheme::Nginx;
        s.keyHash = HashKind::Crc32;
        for (qsizetype n = 0; n < weights.size(); ++n) {
            NodeSpec node;
            node.id = "10.0.0." + std::to_string(n + 1) + ":8080";
            node.weight = weights[n];
            node.down = n == 3;
            s.nodes.push_back(node);
        }
        s.keys.pattern = "key-{i}";
        s.keys.count = 10000;
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        const BarChartData& data = panel.chartData();
        QCOMPARE(data.lines.size(), size_t{1});
        QCOMPARE(data.lines[0].perCategory.size(), qsizetype(4));
        double sum = 0;
        for (qsizetype n = 0; n < 4; ++n) {
            QVERIFY2(std::abs(data.lines[0].perCategory[n] - 10000 * fair[n]) < 1e-6,
                     qPrintable(QString::number(data.lines[0].perCategory[n])));
            sum += data.lines[0].perCategory[n];
        }
        QVERIFY2(std::abs(sum - 10000) < 1e-6, qPrintable(QString::number(sum)));
        QCOMPARE(data.lines[0].name, QStringLiteral("fair share w/Σw"));
        NodeTableModel table(&doc);
        for (int n = 0; n < 4; ++n) {
            QCOMPARE(table.index(n, NodeTableModel::Share).data(Qt::ToolTipRole).toString(),
                     QStringLiteral("Fair share w/Σw: %1").arg(format::percent(fair[n])));
        }
    }

    // Cassandra with RF 3: the chart says its counts are primaries, and "Count: All 3 copies"
    // shows what each node stores, every key on each of its three owners; the bars sum to three
    // times the keys and so do the fair-share marks. Without replicas there is no such choice,
    // and the compared algorithms (primaries only) grey it out.
    void replicaCopies() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("cassandra-6x16-rf3.json")));
        doc.waitForIdle();
        const Assignment& a = doc.assignment();
        QCOMPARE(a.replicas, size_t{3});
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        QVERIFY(panel.copiesOffered());
        QVERIFY2(panel.chartData().title.endsWith(QStringLiteral(", primaries")),
                 qPrintable(panel.chartData().title));
        const size_t nodes = doc.placement().nodes().size();
        std::vector<double> primaries(nodes, 0), copies(nodes, 0);
        for (size_t k = 0; k < a.size(); ++k) {
            primaries[a.primary(k)] += 1;
            for (const uint32_t owner : a.ownersOf(k)) {
                copies[owner] += 1;
            }
        }
        QCOMPARE(bars(panel.chartData()), primaries);

        panel.setCopies(LoadCopies::AllCopies);
        QCOMPARE(bars(panel.chartData()), copies);
        QVERIFY2(panel.chartData().title.contains(QStringLiteral("every copy")),
                 qPrintable(panel.chartData().title));
        double drawn = 0;
        for (const double b : bars(panel.chartData())) {
            drawn += b;
        }
        QCOMPARE(drawn, 3.0 * double(a.size()));
        QCOMPARE(panel.chartData().lines.size(), size_t{1});
        QCOMPARE(panel.chartData().lines[0].value, 3.0 * double(a.size()) / double(nodes));
        // Drawn there too: the stacked chart updated in place once kept the old line (1,667).
        for (const QPointF& at : panel.chart()->drawnLine(0)) {
            QCOMPARE(at.y(), 3.0 * double(a.size()) / double(nodes));
        }
        QVERIFY(!panel.chart()->drawnLine(0).isEmpty());
        QVERIFY2(panel.annotation().contains(QStringLiteral("mean %1").arg(
                     format::number(3.0 * double(a.size()) / double(nodes), 1))),
                 qPrintable(panel.annotation()));

        model.waitForIdle();
        panel.setSource(1);  // a compared algorithm: primaries
        QCOMPARE(bars(panel.chartData()).size(), nodes);
        QVERIFY(panel.chartData().title.contains(QStringLiteral(", primaries")));

        Document single;
        QVERIFY(single.replaceScenario(viewtest::hashedScenario(4, 8, 1000), {}, false));
        single.waitForIdle();
        LoadHistogramPanel plain(&single, &model);
        QVERIFY(!plain.copiesOffered());
        QVERIFY(!plain.chartData().title.contains(QStringLiteral("primaries")));
    }

    // A hundred nodes at the bottom dock's default size: names upright, the chart scrolls
    // sideways rather than eliding them, and the value axis reads 10,000 (not 1e+04).
    void hundredNodesStayLegible() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(100, 8, 100'000), {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        const QImage image = viewtest::grabAt(panel, QSize(1000, 260));
        viewtest::keepShot(image, QStringLiteral("views-load-100"));
        QCOMPARE(panel.chartData().categories.size(), qsizetype(100));
        QCOMPARE(panel.chart()->categoryLabelAngle(), -90);
        QVERIFY(panel.chart()->scrolls());
        QCOMPARE(panel.chart()->valueLabelFormat(), QStringLiteral("%.0f"));
        QVERIFY(panel.chart()->valueLabelLocale().toString(10000.0, 'f', 0).size() > 5);

        // Three nodes: names across, nothing to scroll.
        Document small;
        LoadHistogramPanel few(&small, &model);
        viewtest::grabAt(few, QSize(1000, 260));
        QCOMPARE(few.chart()->categoryLabelAngle(), 0);
        QVERIFY(!few.chart()->scrolls());
    }

    // A memcached pool of 101 host:port nodes in a chart as short as the window's dock: the
    // upright names (painted by the chart itself, not by QtCharts' axis) drop the ":11211" and
    // the "10.0.0." every node shares rather than the part that tells nodes apart, each is
    // written under its own bar, and with room they are written whole.
    void hostPortNamesTellNodesApart() {
        Scenario s = viewtest::hashedScenario(101, 8, 50'000);
        for (size_t n = 0; n < s.nodes.size(); ++n) {
            s.nodes[n].id =
                "10.0." + std::to_string(n / 60) + "." + std::to_string(n % 60 + 2) + ":11211";
        }
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        // Drawn as a window shows it: once the picture stops changing (QtCharts lays out later).
        const auto settled = [&panel](QSize size) {
            QImage last = viewtest::grabAt(panel, size);
            for (int round = 0; round < 40; ++round) {
                QTest::qWait(25);
                QImage now = viewtest::grabAt(panel, size);
                if (now == last) {
                    break;
                }
                last = std::move(now);
            }
            return last;
        };
        const QImage image = settled(QSize(740, 250));
        viewtest::keepShot(image, QStringLiteral("views-load-hostport"));
        const BarChart& chart = *panel.chart();
        QCOMPARE(chart.categoryLabelAngle(), -90);
        const QStringList written = chart.writtenCategoryLabels();
        QCOMPARE(written.size(), qsizetype(101));
        QCOMPARE(QSet<QString>(written.begin(), written.end()).size(), qsizetype(101));
        for (qsizetype c = 0; c < written.size(); ++c) {
            const QString& id = chart.data().categories[c];
            QString core = written[c];
            core.remove(QStringLiteral("…"));
            QVERIFY2(!core.isEmpty() && id.contains(core) && !written[c].contains(u':'),
                     qPrintable(id + QStringLiteral(" -> ") + written[c]));
        }
        QCOMPARE(written[0], QStringLiteral("…0.2"));  // 10.0.0.2:11211 beside 10.0.1.2:11211
        QCOMPARE(written[60], QStringLiteral("…1.2"));

        // Written where the bars stand: text-coloured pixels under nearly every bar's centre.
        auto* view = panel.findChild<QChartView*>();
        QVERIFY(view);
        const QImage drawn = view->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QRectF plot = chart.plotArea();
        const QColor text = panel.palette().color(QPalette::Text);
        int marked = 0;
        for (qsizetype c = 0; c < written.size(); ++c) {
            const int x = int(plot.left() + (qreal(c) + 0.5) * plot.width() / 101.0);
            bool ink = false;
            for (int y = int(plot.bottom()) + 5; y < drawn.height() && !ink; ++y) {
                for (int dx = -2; dx <= 2 && !ink; ++dx) {
                    ink = viewtest::distance(drawn.pixelColor(x + dx, y), text) < 200;
                }
            }
            marked += ink ? 1 : 0;
        }
        QVERIFY2(marked >= 95, qPrintable(QString::number(marked)));

        // Tall enough: every name whole.
        viewtest::grabAt(panel, QSize(740, 700));
        QCOMPARE(chart.writtenCategoryLabels(), chart.data().categories);
        QCOMPARE(chart.drawnCategoryLabels().size(), qsizetype(101));

        // To the algorithms grouped (QtCharts' axis names the nodes) and back to Live.
        model.waitForIdle();
        panel.setSource(panel.groupedSource());
        viewtest::grabAt(panel, QSize(740, 700));
        QVERIFY(!chart.data().stacked);
        QCOMPARE(chart.writtenCategoryLabels(), chart.data().categories);
        panel.setSource(0);
        const QImage back = settled(QSize(740, 250));
        QVERIFY(chart.data().stacked);
        QCOMPARE(chart.writtenCategoryLabels(), written);
        viewtest::keepShot(back, QStringLiteral("views-load-hostport-back"));
        QCOMPARE(back, image);
    }

    // Each node's bar is drawn in the node's colour, as tall as its count (the chart paints one
    // bar per category itself: QtCharts would make a bar for every node at every node).
    void everyNodeBarInItsColour() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(24, 8, 48'000), {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        const QImage image = viewtest::grabAt(panel, QSize(1600, 420));
        QVERIFY(!panel.chart()->scrolls());
        const std::vector<QColor> colors = nodeColors(doc.scenario().nodes);
        const std::vector<uint64_t> counts = doc.keyCountsPerNode();
        const size_t most = size_t(std::max_element(counts.begin(), counts.end()) - counts.begin());
        const size_t least =
            size_t(std::min_element(counts.begin(), counts.end()) - counts.begin());
        QVERIFY(counts[most] > counts[least]);
        for (size_t n = 0; n < colors.size(); ++n) {
            QVERIFY2(viewtest::colorHeight(image, colors[n]) > 40,
                     qPrintable(QString::fromStdString(doc.scenario().nodes[n].id)));
        }
        QVERIFY(viewtest::colorHeight(image, colors[most]) >
                viewtest::colorHeight(image, colors[least]));
    }

    // On a dark palette the chart draws on the dark base with light text, also when the palette
    // changes while it is shown (View -> Theme).
    void darkPaletteChart() {
        Document doc;
        ComparisonModel model(&doc, {Algorithm::Ring});
        LoadHistogramPanel panel(&doc, &model);
        const QImage light = viewtest::grabAt(panel, QSize(480, 300));
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2e));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x21));
        dark.setColor(QPalette::Text, QColor(0xea, 0xea, 0xea));
        dark.setColor(QPalette::WindowText, QColor(0xea, 0xea, 0xea));
        panel.setPalette(dark);
        const QImage image = viewtest::grabAt(panel, QSize(480, 300));
        // The chart is on the dark base: a third of the picture, and next to none of it before
        // (a few pixels of the black text).
        const int pixels = image.width() * image.height();
        const int base = viewtest::countColor(image, QColor(0x1e, 0x1e, 0x21), 12);
        QVERIFY2(base > pixels / 3, qPrintable(QString::number(base)));
        QVERIFY(viewtest::countColor(light, QColor(0x1e, 0x1e, 0x21), 12) < pixels / 100);
        // Light text: the axis numbers, names and title; the mean line in the text colour too.
        QVERIFY(viewtest::countColor(image, QColor(0xea, 0xea, 0xea), 40) > 150);
        QVERIFY(!panel.chartData().lines[0].color.isValid());  // drawn in the palette's text
        // The bars keep their node colours.
        const QColor colorB = nodeColors(doc.scenario().nodes)[1];
        QVERIFY(viewtest::colorHeight(image, colorB) > 40);
    }

    void groupedShowsEveryAlgorithm() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(4, 20, 2000), {}, false));
        doc.waitForIdle();
        ComparisonModel model(&doc, comparedAlgorithms());
        LoadHistogramPanel panel(&doc, &model);
        panel.setSource(panel.groupedSource());
        model.waitForIdle();
        const BarChartData& data = panel.chartData();
        QCOMPARE(data.sets.size(), comparedAlgorithms().size());
        QCOMPARE(data.categories.size(), qsizetype(4));
        for (const BarSetData& set : data.sets) {
            double total = 0;
            for (const qreal v : set.values) {
                total += v;
            }
            QCOMPARE(total, 2000.0);
        }
    }
};

QTEST_MAIN(TestLoadHistogram)
#include "tst_loadhistogram.moc"
