// The mcrouter view: the route it draws ends at the key's owner under each hash function, the
// counts it states equal a direct count with the core's placement, the strip shows each server
// in its node's colour, and no count shows while a question is open.
#include <QApplication>
#include <QRegularExpression>
#include <QTest>

#include "algorithms/mcrouter/mcrouter.h"
#include "algorithms/mcrouter/mcrouterplacement.h"
#include "mcrouterpanel.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "testpaths.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

// A pool of `servers` host:port servers under `func`, 5,000 Japanese keys with a hash stop.
Scenario pool(int servers, McrouterHashFunc func) {
    Scenario s = viewtest::hashedScenario(servers, 0, 5000);
    s.algorithm = Algorithm::Mcrouter;
    s.params.edit<McrouterParams>().hashFunc = func;
    s.keys.pattern = "ユーザー:{i}|#|プロフィール";
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        s.nodes[n].vnodes.reset();
        s.nodes[n].id = "10.0.0." + std::to_string(n + 1) + ":11211";
        const bool atMostOne =
            func == McrouterHashFunc::WeightedCh3 || func == McrouterHashFunc::WeightedCh4;
        s.nodes[n].weight = atMostOne ? 0.25 + 0.25 * double(n % 4) : 1.0 + double(n % 3);
    }
    return s;
}

// The first of `keys` whose routing key `s`'s hash function gives `server` (down or not), else
// keys.size().
size_t firstKeyOn(const Scenario& s, const KeySet& keys, uint32_t server) {
    for (size_t k = 0; k < keys.size(); ++k) {
        if (mcrouterServer(s, keys.names[k]) == server) {
            return k;
        }
    }
    return keys.size();
}

// The primaries of `s`'s keys, placed by the core.
std::vector<uint32_t> primaries(const Scenario& s) {
    Document doc;
    if (!doc.replaceScenario(s, {}, false)) {
        return {};
    }
    doc.waitForIdle();
    std::vector<uint32_t> out;
    for (size_t k = 0; k < doc.keys().size(); ++k) {
        out.push_back(doc.assignment().primary(k));
    }
    return out;
}

}  // namespace

class TestMcrouterView : public QObject {
    Q_OBJECT
private slots:
    void routeEndsAtTheOwner_data() {
        QTest::addColumn<int>("func");
        QTest::addColumn<int>("servers");
        QTest::newRow("Ch3, 10") << int(McrouterHashFunc::Ch3) << 10;
        QTest::newRow("Ch3, 1") << int(McrouterHashFunc::Ch3) << 1;
        QTest::newRow("WeightedCh3, 7") << int(McrouterHashFunc::WeightedCh3) << 7;
        QTest::newRow("Rendezvous, 12") << int(McrouterHashFunc::Rendezvous) << 12;
        QTest::newRow("WeightedRendezvous, 5") << int(McrouterHashFunc::WeightedRendezvous) << 5;
        QTest::newRow("WeightedCh4, 9") << int(McrouterHashFunc::WeightedCh4) << 9;
    }
    void routeEndsAtTheOwner() {
        QFETCH(int, func);
        QFETCH(int, servers);
        Document doc;
        QVERIFY(doc.replaceScenario(pool(servers, McrouterHashFunc(func)), {}, false));
        doc.waitForIdle();
        McrouterPanel panel(&doc);
        for (const size_t key : {size_t{0}, size_t{7}, size_t{4321}}) {
            doc.setSelectedKey(key);
            panel.waitForIdle();
            const McrouterPicture& p = panel.routeView().picture();
            QCOMPARE(p.server, doc.assignment().primary(key));
            QCOMPARE(p.routingKey, QStringLiteral("ユーザー:%1").arg(key));
            const QString owner = QString::fromStdString(doc.scenario().nodes[p.server].id);
            QVERIFY2(panel.summary().contains(
                         QStringLiteral("goes to server %1 (%2)").arg(p.server).arg(owner)),
                     qPrintable(panel.summary()));
            if (servers == 1) {
                continue;  // nothing to choose
            }
            // The last row marked taken is the owner, and its text names it.
            QVERIFY(!p.rows.empty());
            size_t taken = p.rows.size();
            for (size_t r = 0; r < p.rows.size(); ++r) {
                taken = p.rows[r].mark == McrouterRow::Mark::Taken ? r : taken;
            }
            QVERIFY(taken < p.rows.size());
            // A weighted try's numbers compare as printed: "0.012 ≥ weight 0.0125" cannot be.
            static const QRegularExpression compared(
                QStringLiteral("(?:Spooky|next bits) ([0-9.e-]+) (<|≥) weight ([0-9.e-]+)"));
            for (const McrouterRow& row : p.rows) {
                const QRegularExpressionMatch m = compared.match(row.text);
                if (m.hasMatch()) {
                    const double draw = m.captured(1).toDouble(), weight = m.captured(3).toDouble();
                    QVERIFY2(m.captured(2) == QStringLiteral("<") ? draw < weight : draw >= weight,
                             qPrintable(row.text));
                }
            }
            const bool scored = isRendezvous(McrouterHashFunc(func));
            QCOMPARE(p.rows[scored ? 0 : taken].server, uint64_t(p.server));
            QVERIFY2(p.rows[scored ? 0 : taken].text.contains(owner),
                     qPrintable(p.rows[taken].text));
        }
    }

    // What the summary says adding and removing servers would move is what the core's placement
    // moves, key by key; Ch3 renumbers after a server taken from the middle.
    void countsAreThePlacements() {
        const Scenario s = pool(8, McrouterHashFunc::Ch3);
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        McrouterPanel panel(&doc);
        panel.waitForIdle();
        const std::vector<uint32_t> now = primaries(s);
        Scenario bigger = s;
        NodeSpec added = s.nodes.back();
        added.id = "10.0.0.9:11211";
        bigger.nodes.push_back(added);
        Scenario middle = s;
        middle.nodes.erase(middle.nodes.begin() + 4);
        const std::vector<uint32_t> more = primaries(bigger);
        const std::vector<uint32_t> fewer = primaries(middle);
        size_t addMoved = 0;
        size_t middleMoved = 0;
        for (size_t k = 0; k < now.size(); ++k) {
            addMoved += more[k] != now[k] ? 1 : 0;
            QVERIFY(more[k] == now[k] || more[k] == 8);
            // The same server, named by its id: those after server 4 are renumbered.
            middleMoved += middle.nodes[fewer[k]].id != s.nodes[now[k]].id ? 1 : 0;
        }
        const QString text = panel.summary();
        QVERIFY2(
            text.contains(QStringLiteral("Adding a server at the end of the pool would move "
                                         "%1 keys (%2), 0 of them between servers that "
                                         "stay")
                              .arg(format::count(addMoved), format::percentOf(addMoved, 5000))),
            qPrintable(text));
        QVERIFY2(text.contains(
                     QStringLiteral("Removing server 4 (10.0.0.5:11211) from the middle "
                                    "would move %1 keys (%2)")
                         .arg(format::count(middleMoved), format::percentOf(middleMoved, 5000))),
                 qPrintable(text));
        QVERIFY(middleMoved > 2 * addMoved);

        doc.setSelectedKey(11);
        panel.waitForIdle();
        const QImage image = viewtest::grabAt(panel, QSize(760, 420));
        viewtest::keepShot(image, QStringLiteral("views-mcrouter"));
        // Each server of the pool in its node's colour.
        const McrouterRouteView& view = panel.routeView();
        const std::vector<QColor> colors = nodeColors(doc.scenario().nodes);
        for (uint32_t server = 0; server < 8; ++server) {
            const QPoint at =
                view.mapTo(&panel, view.serverRect(server).center().toPoint() + QPoint(0, 6));
            QVERIFY2(viewtest::distance(image.pixelColor(at), colors[server]) < 40,
                     qPrintable(image.pixelColor(at).name() + u' ' + colors[server].name()));
        }
    }

    // A key whose server is down: the view names the live node that serves it.
    void downServerNamesItsServer() {
        Scenario s = pool(10, McrouterHashFunc::Ch3);
        s.nodes[3].down = true;
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        McrouterPanel panel(&doc);
        const size_t shown = firstKeyOn(s, doc.keys(), 3);
        QVERIFY(shown < doc.keys().size());
        doc.setSelectedKey(shown);
        panel.waitForIdle();
        QCOMPARE(doc.assignment().primary(shown), 4u);
        QVERIFY2(panel.summary().contains(
                     u"goes to server 3 (10.0.0.4:11211, down: 10.0.0.5:11211 serves it)"),
                 qPrintable(panel.summary()));
    }

    // Under rendezvous a down server's key goes to the next by score, which the view names and
    // marks; the down server's row says it is down.
    void downRendezvousServerNamesTheNextByScore() {
        Scenario s = pool(12, McrouterHashFunc::Rendezvous);
        s.nodes[5].down = true;
        Document doc;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        McrouterPanel panel(&doc);
        const size_t shown = firstKeyOn(s, doc.keys(), 5);
        QVERIFY(shown < doc.keys().size());
        doc.setSelectedKey(shown);
        panel.waitForIdle();
        const uint32_t owner = doc.assignment().primary(shown);
        QVERIFY(owner != 5);
        const QString id = QString::fromStdString(s.nodes[owner].id);
        QVERIFY2(
            panel.summary().contains(
                QStringLiteral("goes to server 5 (10.0.0.6:11211, down: %1 serves it)").arg(id)),
            qPrintable(panel.summary()));
        const McrouterPicture& p = panel.routeView().picture();
        QCOMPARE(p.rows[0].mark, McrouterRow::Mark::Refused);
        QVERIFY(p.rows[0].text.endsWith(u"down"));
        QCOMPARE(p.rows[1].mark, McrouterRow::Mark::Taken);
        QCOMPARE(p.rows[1].server, uint64_t(owner));
    }

    // Ch3's server 0: the level bits ran down to none; the row says so, not "no number below".
    void ch3ServerZeroSaysWhy() {
        Document doc;
        QVERIFY(doc.replaceScenario(pool(8, McrouterHashFunc::Ch3), {}, false));
        doc.waitForIdle();
        McrouterPanel panel(&doc);
        size_t shown = 5000;
        for (size_t k = 0; k < 5000 && shown == 5000; ++k) {
            shown = doc.assignment().primary(k) == 0 ? k : shown;
        }
        QVERIFY(shown < 5000);
        doc.setSelectedKey(shown);
        panel.waitForIdle();
        const McrouterPicture& p = panel.routeView().picture();
        QVERIFY(!p.rows.empty());
        QCOMPARE(p.rows.back().text,
                 QStringLiteral("no level bit left: server 0 (10.0.0.1:11211)"));
        QCOMPARE(p.rows.back().mark, McrouterRow::Mark::Taken);
    }

    // While a predict question is open the counts are not shown, the route is.
    void countsWithheldWhileAQuestionIsOpen() {
        Document doc;
        QVERIFY(doc.replaceScenario(pool(6, McrouterHashFunc::Rendezvous), {}, false));
        doc.waitForIdle();
        doc.setQuestionOpen(true);
        McrouterPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY(!panel.summary().contains(u"would move"));
        QVERIFY(panel.summary().contains(answerWithheldNote()));
        QVERIFY(!panel.routeView().rowTexts().isEmpty());
        doc.setQuestionOpen(false);
        panel.waitForIdle();
        QVERIFY(panel.summary().contains(u"would move"));
    }

    // Another algorithm's scenario: the view says it shows what mcrouter would do.
    void otherAlgorithmSaysSo() {
        Document doc;
        QVERIFY(doc.replaceScenario(viewtest::hashedScenario(6, 10, 2000), {}, false));
        doc.waitForIdle();
        McrouterPanel panel(&doc);
        panel.waitForIdle();
        QVERIFY2(panel.summary().startsWith(u"This scenario uses Ring; shown is what mcrouter's "
                                            u"Ch3 would do"),
                 qPrintable(panel.summary()));
        const std::string name = doc.keys().names[0];
        QCOMPARE(panel.routeView().picture().server, furcHash(mcrouterRoutingKey(name), 6));
    }
};

QTEST_MAIN(TestMcrouterView)
#include "tst_mcrouterview.moc"
