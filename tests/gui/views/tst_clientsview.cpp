// The clients view in the window's document: client B derived from client A (another token
// scheme, the other node order, one change behind) or read from a file, the disagreement
// against a direct per-key count, the derived presets equal to the golden files' client B
// (tests/golden/clients-*), the ring drawing B inside A, and undo/redo followed. Nodes are
// memcached's host:port ids where the pool is ours.
#include <QApplication>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QVariantAnimation>

#include "clientspanel.h"
#include "document.h"
#include "migrationpanel.h"
#include "numberformat.h"
#include "ringscope/assign.h"
#include "ringwidget.h"
#include "scenariojson.h"
#include "testpaths.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

const QString kGolden = ringscope::test::sourcePath("/tests/golden/");

// Keys on whose primary the two scenarios disagree, each key routed alone under each: nodes
// matched by id.
size_t directDisagreement(const Scenario& a, const Scenario& b, const KeySet& keys) {
    const Placement pa = Placement::build(a), pb = Placement::build(b);
    const Assignment xa = assignPerKey(pa, keys.names, hashKeys(keys, pa.keyHashing()));
    const Assignment xb = assignPerKey(pb, keys.names, hashKeys(keys, pb.keyHashing()));
    size_t differ = 0;
    for (size_t k = 0; k < keys.size(); ++k) {
        differ += pa.nodeIds()[xa.primary(k)] != pb.nodeIds()[xb.primary(k)] ? 1 : 0;
    }
    return differ;
}

// The Kafka topic preset's clients in `panel`, shown: B librdkafka's default (CRC-32), C its
// fnv1a, D `d`.
void showKafkaClients(Document& doc, ClientsPanel& panel, ClientView d) {
    panel.resize(1100, 460);
    panel.show();
    doc.setClientView(ClientView{ClientKind::KeyHash, int(HashKind::Crc32), {}, {}});
    doc.setMoreClients(
        {ClientView{ClientKind::KeyHash, int(HashKind::KafkaFnv1a), {}, {}}, std::move(d)});
    panel.waitForIdle();
}

// The scenario without what only a file's reader sees (title, description).
Scenario placementOf(Scenario s) {
    s.title.clear();
    s.description.clear();
    s.keys.fileBase.clear();
    return s;
}

Scenario pool() {
    Scenario s;
    s.space = kSpace32;
    s.keyHash = HashKind::Xxh64;
    for (int i = 1; i <= 4; ++i) {
        NodeSpec n;
        n.id = "10.0.0." + std::to_string(i) + ":11211";
        n.vnodes = 64;
        s.nodes.push_back(n);
    }
    s.keys.pattern = "session:{i}";
    s.keys.count = 3000;
    s.keys.sizes.kind = SizeSpec::Kind::Uniform;
    s.keys.sizes.min = 100;
    s.keys.sizes.max = 900;
    return s;
}

}  // namespace

class TestClientsView : public QObject {
    Q_OBJECT
private slots:
    // The window's three presets derive exactly the client B that the golden files hold.
    void presetsDeriveTheGoldenClients() {
        const Scenario ketama = loadScenarioFile(viewtest::preset("ketama-memcached-pool.json"));
        ClientView twemproxy{ClientKind::TokenScheme, int(TokenScheme::Twemproxy), {}, {}};
        QCOMPARE(placementOf(clientScenario(twemproxy, ketama, ketama)),
                 placementOf(
                     loadScenarioFile(kGolden + QLatin1String("clients-ketama-twemproxy/b.json"))));

        const Scenario seed = loadScenarioFile(viewtest::preset("seed003-collisions.json"));
        const ClientView reversed{ClientKind::ReversedOrder, 0, {}, {}};
        QCOMPARE(placementOf(clientScenario(reversed, seed, seed)),
                 placementOf(
                     loadScenarioFile(kGolden + QLatin1String("clients-seed003-orders/b.json"))));

        const Scenario joined =
            loadScenarioFile(kGolden + QLatin1String("clients-one-change-behind/a.json"));
        const ClientView behind{ClientKind::Behind, 0, {}, {}};
        QCOMPARE(placementOf(clientScenario(behind, joined, ketama)), placementOf(ketama));

        // A token scheme is a ring's: refused, with the reason, for jump.
        Scenario jump = ketama;
        jump.algorithm = Algorithm::Jump;
        QVERIFY_THROWS_EXCEPTION(InputError, clientScenario(twemproxy, jump, jump));
    }

    // libmemcached against twemproxy on the ketama pool: counts against a direct per-key count,
    // the matrix's pairs sum to them, the list and the ring show the keys.
    void ketamaAgainstTwemproxy() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("ketama-memcached-pool.json")));
        doc.waitForIdle();
        ClientsPanel panel(&doc);
        RingWidget ring(&doc);
        ring.resize(700, 700);
        panel.resize(1000, 380);
        panel.show();
        ring.show();
        panel.waitForIdle();
        QVERIFY2(panel.summary().contains(QStringLiteral("Pick a client B")),
                 qPrintable(panel.summary()));
        QVERIFY(!ring.scene().drawsClientRing());

        doc.setClientView(ClientView{ClientKind::TokenScheme, int(TokenScheme::Twemproxy), {}, {}});
        panel.waitForIdle();
        const ClientComparison* c = doc.clientComparison();
        QVERIFY(c);
        const size_t direct = directDisagreement(doc.scenario(), c->b->scenario, doc.keys());
        QCOMPARE(c->diff.primaryMoved, direct);
        QCOMPARE(direct, size_t(14428));  // tests/golden/clients-ketama-twemproxy/stderr
        QCOMPARE(c->disagreeing.size(), direct);
        uint64_t pairKeys = 0, pairBytes = 0;
        for (const Transfer& t : panel.chart().explanation().plan.transfers) {
            QVERIFY(t.from != t.to);
            pairKeys += t.keys;
            pairBytes += t.bytes;
        }
        QCOMPARE(pairKeys, uint64_t(direct));
        QCOMPARE(pairBytes, c->diff.bytesMoved);
        QVERIFY2(panel.summary().contains(
                     QStringLiteral("Client A and client B disagree on 14,428 of 20,000 keys")),
                 qPrintable(panel.summary()));
        // B was derived by another token scheme, but twemproxy gives the pool the points ketama
        // gives it: what differs is the key hash alone, and the headline says that.
        QCOMPARE(c->differences, (std::vector<ClientDifference>{{ClientDifference::What::KeyHash,
                                                                 "md5", "twemproxy-fnv1a_64"}}));
        QVERIFY2(panel.summary().contains(QStringLiteral(
                     "Client B differs from client A in the key hash (md5 → twemproxy-fnv1a_64).")),
                 qPrintable(panel.summary()));
        QVERIFY2(!panel.summary().contains(QStringLiteral("point")), qPrintable(panel.summary()));
        QVERIFY(panel.chart().texts().contains(QStringLiteral("A ↓ B →")));
        QCOMPARE(panel.keyList().rowCount(), ClientsPanel::kMaxListedKeys);
        const size_t first = c->disagreeing[0];
        QCOMPARE(panel.keyList().item(0, 0)->text(),
                 QString::fromStdString(doc.keys().names[first]));
        QVERIFY(panel.keyList().item(0, 1)->text() != panel.keyList().item(0, 2)->text());
        QVERIFY(ring.scene().drawsClientRing());
        QCOMPARE(ring.scene().clientMarks(), RingScene::kMaxClientMarks);
        // Every mark on the ring is in its legend: B's ring and the keys A and B place apart.
        QVERIFY(ring.scene().texts().contains(QStringLiteral("inner ring: client B")));
        QVERIFY(ring.scene().texts().contains(QStringLiteral("clients A and B disagree")));

        // A click on a listed key selects it.
        const QRect cell = panel.keyList().visualItemRect(panel.keyList().item(0, 0));
        QTest::mouseClick(panel.keyList().viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(doc.selectedKey(), std::optional<size_t>(first));

        // No client B: nothing drawn inside the ring.
        doc.setClientView(std::nullopt);
        panel.waitForIdle();
        QVERIFY(!doc.clientComparison());
        QVERIFY(!ring.scene().drawsClientRing());
        QVERIFY(!ring.scene().texts().contains(QStringLiteral("inner ring: client B")));
    }

    // An edit with client B set glides as without it: the comparison of the new state, which
    // arrives after the edit, draws client B's ring again and leaves the glide playing (before,
    // the ring's widget stopped the glide for it).
    void anEditGlidesWithClientBSet() {
        Document doc;  // seed 000: 100 keys in 0-99
        // Whether the ring glides just before and just after it takes each new comparison (the
        // first connection runs before the widget's, the second after).
        RingWidget* shown = nullptr;
        std::vector<std::pair<bool, bool>> glides;
        connect(&doc, &Document::clientComparisonChanged, this, [&] {
            glides.push_back({shown && shown->scene().isMigrating(), false});
        });
        ClientsPanel panel(&doc);
        RingWidget ring(&doc);
        shown = &ring;
        connect(&doc, &Document::clientComparisonChanged, this,
                [&] { glides.back().second = ring.scene().isMigrating(); });
        ring.resize(700, 700);
        panel.resize(1000, 380);
        panel.show();
        ring.show();
        doc.setClientView(ClientView{ClientKind::KeyHash, int(HashKind::Xxh64), {}, {}});
        panel.waitForIdle();
        QVERIFY(doc.clientComparison());
        QVERIFY(ring.scene().drawsClientRing());
        QVERIFY(ring.animatesChanges());

        glides.clear();
        NodeSpec d;
        d.id = "D";
        d.tokens = {40};
        QVERIFY(doc.addNode(d));  // A@20 hands 21-40 to D
        doc.waitForIdle();
        QVERIFY(ring.scene().isMigrating());
        // Held where it is, so it cannot end by itself however long the comparison takes.
        auto* glide = ring.findChild<QVariantAnimation*>();
        QVERIFY(glide && glide->state() == QAbstractAnimation::Running);
        glide->pause();
        panel.waitForIdle();
        const ClientComparison* after = doc.clientComparison();
        QVERIFY(after && after->a == doc.computed());
        QVERIFY(ring.scene().drawsClientRing());
        QCOMPARE(ring.scene().clientMarks(),
                 std::min(after->disagreeing.size(), RingScene::kMaxClientMarks));
        QVERIFY(!glides.empty());
        QVERIFY(glides.back().first);   // the comparison came while the edit's glide played
        QVERIFY(glides.back().second);  // failed before: taking it stopped the glide
        QVERIFY(ring.scene().isMigrating());

        // Client B taken away mid-glide: its ring goes, the glide plays on.
        doc.setClientView(std::nullopt);
        QVERIFY(!ring.scene().drawsClientRing());
        QVERIFY(ring.scene().isMigrating());
    }

    // Kafka: the Java producer (the preset) against librdkafka's default partitioner (the same
    // topic under CRC-32), as Presets > Clients opens them: the share the README states,
    // against a direct per-key count, and the key hash named as the one difference.
    void kafkaJavaAgainstLibrdkafka() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("kafka-topic.json")));
        doc.waitForIdle();
        ClientsPanel panel(&doc);
        panel.resize(1000, 380);
        panel.show();
        doc.setClientView(ClientView{ClientKind::KeyHash, int(HashKind::Crc32), {}, {}});
        panel.waitForIdle();
        const ClientComparison* c = doc.clientComparison();
        QVERIFY(c);
        QCOMPARE(c->diff.primaryMoved,
                 directDisagreement(doc.scenario(), c->b->scenario, doc.keys()));
        QCOMPARE(c->diff.primaryMoved,
                 size_t(91600));  // README, "Two clients: where they disagree"
        QCOMPARE(c->differences, (std::vector<ClientDifference>{
                                     {ClientDifference::What::KeyHash, "kafka-murmur2", "crc32"}}));
        QVERIFY2(panel.summary().contains(
                     QStringLiteral("Client A and client B disagree on 91,600 of 100,000 keys")),
                 qPrintable(panel.summary()));
        viewtest::keepShot(panel.grab().toImage(), QStringLiteral("clients-kafka"));
    }

    // Four Kafka producers on one topic (Presets > Clients > Kafka: the Java producer,
    // librdkafka and Go): each matrix cell is the share a direct per-key count gives for that
    // pair; a clicked cell's pair is the one the sentence, the heat map and the key list are
    // about, each key listed with the owners per-key routing gives; the ring stays A against
    // B; Remove drops the clicked column's client.
    void fourKafkaClientsMatrix() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("kafka-topic.json")));
        doc.waitForIdle();
        ClientsPanel panel(&doc);
        showKafkaClients(doc, panel,
                         ClientView{ClientKind::KeyHash, int(HashKind::KafkaMurmur2), {}, {}});
        const QTableWidget& m = panel.matrix();
        QVERIFY(m.isVisible());
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.columnCount(), 4);
        std::vector<Scenario> clients{doc.scenario()};
        for (const HashKind hash :
             {HashKind::Crc32, HashKind::KafkaFnv1a, HashKind::KafkaMurmur2}) {
            clients.push_back(doc.scenario());
            clients.back().keyHash = hash;
        }
        const size_t keys = doc.keys().size();
        size_t direct[4][4] = {};
        for (size_t i = 0; i < 4; ++i) {
            for (size_t j = 0; j < 4; ++j) {
                if (i == j) {
                    QCOMPARE(m.item(int(i), int(j))->text(), QStringLiteral("·"));
                    continue;
                }
                direct[i][j] = directDisagreement(clients[i], clients[j], doc.keys());
                QCOMPARE(m.item(int(i), int(j))->text(), format::percentOf(direct[i][j], keys));
                QVERIFY2(
                    m.item(int(i), int(j))
                        ->toolTip()
                        .contains(
                            QStringLiteral(" disagree on %1 of ").arg(format::count(direct[i][j]))),
                    qPrintable(m.item(int(i), int(j))->toolTip()));
                // The topic's keys have Zipf popularity: the requests of those keys.
                double requests = 0, total = 0;
                const Placement pi = Placement::build(clients[i]),
                                pj = Placement::build(clients[j]);
                const KeySet& ks = doc.keys();
                const Assignment xi = assignPerKey(pi, ks.names, hashKeys(ks, pi.keyHashing()));
                const Assignment xj = assignPerKey(pj, ks.names, hashKeys(ks, pj.keyHashing()));
                for (size_t k = 0; k < keys; ++k) {
                    total += ks.requestsOf(k);
                    if (pi.nodeIds()[xi.primary(k)] != pj.nodeIds()[xj.primary(k)]) {
                        requests += ks.requestsOf(k);
                    }
                }
                QVERIFY2(m.item(int(i), int(j))
                             ->toolTip()
                             .contains(QStringLiteral(", %1 of the requests")
                                           .arg(format::percent(requests / total))),
                         qPrintable(m.item(int(i), int(j))->toolTip()));
            }
        }
        QCOMPARE(direct[0][3], size_t(0));      // Java's murmur2 is librdkafka's
        QCOMPARE(direct[0][1], size_t(91600));  // as the two-client case above
        QVERIFY(direct[1][2] > keys * 8 / 10);  // CRC-32 against FNV-1a: unrelated
        QVERIFY(m.verticalHeaderItem(2)->text().contains(QStringLiteral("kafka-fnv1a")));
        // B against C, clicked.
        emit const_cast<QTableWidget&>(m).cellClicked(1, 2);
        panel.waitForIdle();
        QCOMPARE(panel.shownPair(), (std::pair<int, int>{1, 2}));
        QVERIFY2(panel.summary().contains(
                     QStringLiteral("Client B and client C disagree on %1 of 100,000 keys")
                         .arg(format::count(direct[1][2]))),
                 qPrintable(panel.summary()));
        QVERIFY2(panel.summary().contains(QStringLiteral("the key hash (crc32 → kafka-fnv1a)")),
                 qPrintable(panel.summary()));
        const QTableWidget& list = panel.keyList();
        QCOMPARE(list.horizontalHeaderItem(1)->text(), QStringLiteral("Client B"));
        QCOMPARE(list.horizontalHeaderItem(2)->text(), QStringLiteral("Client C"));
        QCOMPARE(list.rowCount(), ClientsPanel::kMaxListedKeys);
        const Placement pb = Placement::build(clients[1]), pc = Placement::build(clients[2]);
        for (const int row : {0, 1, ClientsPanel::kMaxListedKeys - 1}) {
            KeySet one;
            one.names.append(list.item(row, 0)->text().toStdString());
            const Assignment xb = assignPerKey(pb, one.names, hashKeys(one, pb.keyHashing()));
            const Assignment xc = assignPerKey(pc, one.names, hashKeys(one, pc.keyHashing()));
            QCOMPARE(list.item(row, 1)->text().toStdString(), pb.nodeIds()[xb.primary(0)]);
            QCOMPARE(list.item(row, 2)->text().toStdString(), pc.nodeIds()[xc.primary(0)]);
            QVERIFY(xb.primary(0) != xc.primary(0));
        }
        // The ring still draws B inside A.
        QVERIFY(doc.clientComparison());
        QCOMPARE(doc.clientComparison()->b->scenario.keyHash, HashKind::Crc32);
        viewtest::keepShot(panel.grab().toImage(), QStringLiteral("views-clients"));
        // A against D, clicked, then removed: three clients, and the pair back to A and B.
        emit const_cast<QTableWidget&>(m).cellClicked(0, 3);
        panel.waitForIdle();
        QVERIFY2(panel.summary().contains(QStringLiteral("Client A and client D agree")),
                 qPrintable(panel.summary()));
        auto* remove = panel.findChild<QPushButton*>(QStringLiteral("removeClient"));
        QVERIFY(remove);
        QCOMPARE(remove->text(), QStringLiteral("Remove D"));
        QVERIFY(remove->isVisible());
        remove->click();
        panel.waitForIdle();
        QCOMPARE(doc.moreClients().size(), size_t(1));
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(panel.shownPair(), (std::pair<int, int>{0, 1}));
        QVERIFY(!remove->isVisible());
        // No client B: none of the others either.
        doc.setClientView(std::nullopt);
        panel.waitForIdle();
        QVERIFY(doc.moreClients().empty());
        QVERIFY(!m.isVisible());
    }

    // The matrix's edges: a client that cannot be made (a token scheme for a topic) is a dash
    // with its error while the others stay; a cell of column A shows that pair (B against A);
    // of two quick clicks the second is shown, and Remove drops the shown pair's client; with
    // the view hidden the ring's client B still follows an edit.
    void matrixEdges() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("kafka-topic.json")));
        doc.waitForIdle();
        ClientsPanel panel(&doc);
        showKafkaClients(doc, panel,
                         ClientView{ClientKind::TokenScheme, int(TokenScheme::Ketama), {}, {}});
        const QTableWidget& m = panel.matrix();
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.item(0, 3)->text(), QStringLiteral("—"));
        QCOMPARE(m.item(3, 1)->text(), QStringLiteral("—"));
        QVERIFY2(m.item(0, 3)->toolTip().contains(QStringLiteral("client D")) &&
                     m.item(0, 3)->toolTip().contains(QStringLiteral("token scheme")),
                 qPrintable(m.item(0, 3)->toolTip()));
        QCOMPARE(m.item(0, 1)->text(), format::percentOf(91'600, 100'000));
        QVERIFY(doc.clientComparison());  // B is made: the ring draws it
        auto& clicked = const_cast<QTableWidget&>(m);
        emit clicked.cellClicked(1, 0);
        panel.waitForIdle();
        QCOMPARE(panel.shownPair(), (std::pair<int, int>{1, 0}));
        QVERIFY2(panel.summary().contains(
                     QStringLiteral("Client B and client A disagree on 91,600 of 100,000 keys")),
                 qPrintable(panel.summary()));
        auto* remove = panel.findChild<QPushButton*>(QStringLiteral("removeClient"));
        QVERIFY(remove && !remove->isVisible());
        emit clicked.cellClicked(1, 2);
        emit clicked.cellClicked(0, 3);
        panel.waitForIdle();
        QCOMPARE(panel.shownPair(), (std::pair<int, int>{0, 3}));
        QVERIFY2(panel.summary().contains(QStringLiteral("client D")), qPrintable(panel.summary()));
        QCOMPARE(remove->text(), QStringLiteral("Remove D"));
        QVERIFY(remove->isVisible());
        remove->click();
        panel.waitForIdle();
        QCOMPARE(doc.moreClients().size(), size_t(1));
        QCOMPARE(doc.moreClients().front().choice, int(HashKind::KafkaFnv1a));
        QCOMPARE(panel.shownPair(), (std::pair<int, int>{0, 1}));
        panel.hide();
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        QTRY_VERIFY(doc.clientComparison());
        QCOMPARE(doc.clientComparison()->a->placement.nodes().size(), size_t(13));
        QCOMPARE(doc.clientComparison()->b->placement.nodes().size(), size_t(13));
    }

    // libmemcached against spymemcached on the ketama pool, as Presets > Clients opens them:
    // spymemcached hashes each server by its address with the port and has no weights, so the
    // points differ (and the key hash, MD5, does not); the share against a direct per-key count.
    void ketamaAgainstSpymemcached() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("ketama-memcached-pool.json")));
        doc.waitForIdle();
        ClientsPanel panel(&doc);
        panel.resize(1000, 380);
        panel.show();
        doc.setClientView(
            ClientView{ClientKind::TokenScheme, int(TokenScheme::Spymemcached), {}, {}});
        panel.waitForIdle();
        const ClientComparison* c = doc.clientComparison();
        QVERIFY2(c, qPrintable(panel.summary()));
        for (const NodeSpec& node : c->b->scenario.nodes) {
            QCOMPARE(node.weight, 1.0);  // spymemcached reads every server alike
        }
        const size_t direct = directDisagreement(doc.scenario(), c->b->scenario, doc.keys());
        QCOMPARE(c->diff.primaryMoved, direct);
        QVERIFY2(direct > doc.keys().size() / 2, qPrintable(QString::number(direct)));
        QVERIFY(!c->differences.empty());
        QCOMPARE(c->differences.front().what, ClientDifference::What::Points);
        for (const ClientDifference& d : c->differences) {
            QVERIFY(d.what != ClientDifference::What::KeyHash);  // both MD5
        }
        QVERIFY2(
            panel.summary().contains(
                QStringLiteral("Client A and client B disagree on %L1 of 20,000 keys").arg(direct)),
            qPrintable(panel.summary()));
        viewtest::keepShot(panel.grab().toImage(), QStringLiteral("clients-spymemcached"));
    }

    // Seed 003's +1 probing: the same three nodes in the other order disagree only where vnodes
    // collided; nodes are matched by id (a reordering is no rename).
    void seed003TwoOrders() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("seed003-collisions.json")));
        doc.waitForIdle();
        ClientsPanel panel(&doc);
        doc.setClientView(ClientView{ClientKind::ReversedOrder, 0, {}, {}});
        panel.waitForIdle();
        const ClientComparison* c = doc.clientComparison();
        QVERIFY(c);
        QCOMPARE(c->diff.primaryMoved,
                 directDisagreement(doc.scenario(), c->b->scenario, doc.keys()));
        QVERIFY(c->diff.primaryMoved > 0);
        QVERIFY(c->diff.primaryMoved < doc.keys().size() / 4);
        using What = ClientDifference::What;
        QCOMPARE(c->differences.size(), size_t{2});
        QCOMPARE(c->differences[0].what, What::Points);  // the collisions went the other way
        QCOMPARE(c->differences[1].what, What::NodeOrder);
        QVERIFY2(panel.summary().contains(
                     QStringLiteral("in the ring's points, the order of the nodes.")),
                 qPrintable(panel.summary()));
        // Without a collision the order does not matter: the same nodes on a 2^32 ring agree.
        Scenario wide = doc.scenario();
        wide.space = kSpace32;
        QVERIFY(doc.replaceScenario(wide, {}, false));
        doc.waitForIdle();
        panel.waitForIdle();
        QVERIFY(doc.clientComparison());
        QCOMPARE(doc.clientComparison()->diff.primaryMoved, size_t{0});
        QVERIFY2(panel.summary().contains(QStringLiteral("agree")), qPrintable(panel.summary()));
    }

    // A client one change behind follows the edits, undo and redo; a host:port pool.
    void oneChangeBehind() {
        Document doc;
        QVERIFY(doc.replaceScenario(pool(), {}, false));
        doc.waitForIdle();
        ClientsPanel panel(&doc);
        doc.setClientView(ClientView{ClientKind::Behind, 0, {}, {}});
        panel.waitForIdle();
        QCOMPARE(doc.clientComparison()->diff.primaryMoved, size_t{0});

        QVERIFY(doc.removeNode(1));  // 10.0.0.2:11211 leaves; client B still sends keys there
        doc.waitForIdle();
        panel.waitForIdle();
        const ClientComparison* c = doc.clientComparison();
        QVERIFY(c);
        QCOMPARE(c->diff.primaryMoved, doc.moveSummary().primaryMoved);
        QVERIFY(c->diff.primaryMoved > 0);
        for (const Transfer& t : c->pairs.plan.transfers) {
            QCOMPARE(c->pairs.ids[t.to], std::string("10.0.0.2:11211"));  // B's owner
        }
        QVERIFY2(panel.summary().contains(
                     QStringLiteral("Client B differs from client A in the ring's points, the "
                                    "nodes (B also has 10.0.0.2:11211).")),
                 qPrintable(panel.summary()));
        QVERIFY2(panel.summary().contains(QStringLiteral("MiB")) ||
                     panel.summary().contains(QStringLiteral("KiB")),
                 qPrintable(panel.summary()));

        doc.undoStack()->undo();
        doc.waitForIdle();
        panel.waitForIdle();
        QCOMPARE(doc.clientComparison()->diff.primaryMoved, size_t{0});
        doc.undoStack()->redo();
        doc.waitForIdle();
        panel.waitForIdle();
        QVERIFY(doc.clientComparison()->diff.primaryMoved > 0);

        // A question waits for its guess: the disagreement (the keys a change moves) is kept
        // back, in the view and on the ring, and shown again once it is answered.
        doc.setQuestionOpen(true);
        panel.waitForIdle();
        QVERIFY(!doc.clientComparison());
        QVERIFY2(!panel.summary().contains(QStringLiteral("disagree")),
                 qPrintable(panel.summary()));
        QCOMPARE(panel.keyList().rowCount(), 0);
        doc.setQuestionOpen(false);
        panel.waitForIdle();
        QVERIFY(doc.clientComparison());
        QVERIFY(doc.clientComparison()->diff.primaryMoved > 0);
    }

    // Client B from a file: the golden twemproxy pool; a broken file leaves client B as it was.
    void clientFromAFile() {
        Document doc;
        QVERIFY(doc.openFile(viewtest::preset("ketama-memcached-pool.json")));
        doc.waitForIdle();
        ClientsPanel panel(&doc);
        panel.openClientFile(kGolden + QLatin1String("clients-ketama-twemproxy/b.json"));
        panel.waitForIdle();
        QVERIFY(doc.clientComparison());
        QCOMPARE(doc.clientComparison()->diff.primaryMoved, size_t(14428));
        QSignalSpy rejected(&doc, &Document::inputRejected);
        panel.openClientFile(kGolden + QLatin1String("clients-ketama-twemproxy/missing.json"));
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(doc.clientView()->kind, ClientKind::File);
        panel.waitForIdle();
        QCOMPARE(doc.clientComparison()->diff.primaryMoved, size_t(14428));
    }
};

QTEST_MAIN(TestClientsView)
#include "tst_clientsview.moc"
