// The migration view in the window's document: its plan is the core's (ringscope/plan.h) for the
// last change, it follows undo and redo and the pinned baseline, keeps a question's answer back,
// is timed at the rate the user types and exports the rows `ringscope-cli plan --csv` writes.
// Nodes are memcached's host:port ids.
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

#include "document.h"
#include "migrationpanel.h"
#include "ringscope/plan.h"

using namespace ringscope;

namespace {

Scenario pool(int replicas) {
    Scenario s;
    s.title = "memcached pool";
    s.space = kSpace32;
    s.keyHash = HashKind::Xxh64;
    s.replicas = replicas;
    for (int i = 1; i <= 5; ++i) {
        NodeSpec n;
        n.id = "10.0.0." + std::to_string(i) + ":11211";
        n.vnodes = 64;
        s.nodes.push_back(n);
    }
    s.keys.pattern = "session:{i}";
    s.keys.count = 4000;
    s.keys.sizes.kind = SizeSpec::Kind::Uniform;
    s.keys.sizes.min = 200;
    s.keys.sizes.max = 4000;
    return s;
}

}  // namespace

class TestMigrationView : public QObject {
    Q_OBJECT
private slots:
    void planOfTheLastChange() {
        Document doc;
        QVERIFY(doc.replaceScenario(pool(2), {}, false));
        doc.waitForIdle();
        MigrationPanel panel(&doc);
        panel.resize(900, 360);
        panel.show();
        panel.waitForIdle();
        QVERIFY2(panel.summary().contains(QStringLiteral("Nothing to migrate")),
                 qPrintable(panel.summary()));

        QVERIFY(doc.removeNode(2));  // 10.0.0.3:11211
        doc.waitForIdle();
        panel.waitForIdle();
        const MigrationExplanation& e = panel.chart().explanation();
        // The core's plan for the same two states, and diff's moved keys.
        const MigrationPlan direct =
            migrationPlan(countTransfers(doc.baselinePlacement(), doc.baselineAssignment(),
                                         doc.placement(), doc.assignment(), doc.keys()),
                          e.ids.size(), Bandwidth{1e8, 1});
        QCOMPARE(e.plan.primaryKeys, uint64_t(doc.moveSummary().primaryMoved));
        QCOMPARE(e.plan.sentKeys, direct.sentKeys);
        QCOMPARE(e.plan.copyKeys, direct.copyKeys);
        QVERIFY(e.plan.copyKeys > 0);  // R = 2: the removed node's copies are made again
        QCOMPARE(*e.plan.seconds, *direct.seconds);
        QVERIFY2(panel.summary().contains(QStringLiteral("removed 10.0.0.3:11211")),
                 qPrintable(panel.summary()));
        QVERIFY2(panel.summary().contains(QStringLiteral("at 100MB/s per node")),
                 qPrintable(panel.summary()));
        // The removed node sends and receives nothing new; it is drawn as a sender.
        QCOMPARE(e.ids[2], std::string("10.0.0.3:11211"));
        QCOMPARE(e.plan.nodes[2].inKeys, uint64_t{0});
        QVERIFY(e.plan.nodes[2].outKeys > 0);
        // Every id whole, in its row and above its column (upward: "10.0.0.3:11211" across a
        // column was "1…1"); the tool tip gives it too, over the column.
        const QStringList texts = panel.chart().texts();
        QVERIFY2(texts.count(QStringLiteral("10.0.0.3:11211")) == 2, qPrintable(texts.join(u'|')));
        QVERIFY2(!texts.join(u'|').contains(u'…'), qPrintable(texts.join(u'|')));
        const QRectF cell = panel.chart().cellRect(2, 2);
        const auto tip = panel.chart().toolTipAt({cell.center().x(), 20});  // above the cells
        QVERIFY2(tip == QStringLiteral("10.0.0.3:11211"),
                 qPrintable(tip.value_or(QStringLiteral("none")) +
                            QStringLiteral(" at %1,%2").arg(cell.center().x()).arg(cell.top())));
        // The out and in bars have their legend.
        QVERIFY(texts.contains(QStringLiteral("sends")) &&
                texts.contains(QStringLiteral("receives")));
        QVERIFY(!panel.chart().cellRect(2, 0).isEmpty());

        // Twice the rate, half the time.
        const double before = *e.plan.seconds;
        panel.setRate(QStringLiteral("200MB/s"), 1);
        panel.waitForIdle();
        QCOMPARE(*panel.chart().explanation().plan.seconds, before / 2);
        // More streams share each node's rate: the plan takes as long, and the summary says
        // why (two streams of half the rate each made it longer, unexplained).
        panel.setRate(QStringLiteral("200MB/s"), 4);
        panel.waitForIdle();
        QCOMPARE(*panel.chart().explanation().plan.seconds, before / 2);
        QVERIFY2(panel.summary().contains(QStringLiteral("4 streams")) &&
                     panel.summary().contains(QStringLiteral("share each node's rate")),
                 qPrintable(panel.summary()));
        QVERIFY(panel.rateError().isEmpty());
        // A rate that cannot be read, or of 0, says so apart from the plan's sentences, names
        // the forms a rate takes, and leaves the plan untimed.
        for (const QString& bad : {QStringLiteral("fast"), QStringLiteral("0MB/s")}) {
            panel.setRate(bad, 1);
            panel.waitForIdle();
            const QString error = panel.rateError();
            QVERIFY2(error.contains(QStringLiteral("\"%1\"").arg(bad)) &&
                         error.contains(QStringLiteral("125MB/s, 1Gbit/s")),
                     qPrintable(error));
            QVERIFY2(!panel.summary().contains(bad) && !panel.summary().contains(u"rate"),
                     qPrintable(panel.summary()));
            QVERIFY2(panel.summary().contains(QStringLiteral("to send")),
                     qPrintable(panel.summary()));
            QVERIFY(!panel.chart().explanation().plan.seconds);
            // Above the plan's sentences, not in them.
            const QWidget* label = panel.findChild<QLabel*>(QStringLiteral("rateError"));
            QVERIFY(label && label->isVisible());
            for (const QLabel* other : panel.findChildren<QLabel*>()) {
                if (other->text().contains(u"to send")) {
                    QVERIFY(label->geometry().bottom() < other->geometry().top());
                }
            }
        }
        QVERIFY2(panel.rateError().contains(u"more than 0"), qPrintable(panel.rateError()));
        panel.setRate(QStringLiteral("100MB/s"), 1);
        panel.waitForIdle();
        QVERIFY(panel.rateError().isEmpty());

        // Undo: nothing to migrate; redo: the plan again.
        doc.undoStack()->undo();
        doc.waitForIdle();
        panel.waitForIdle();
        QVERIFY(panel.chart().explanation().plan.transfers.empty());
        doc.undoStack()->redo();
        doc.waitForIdle();
        panel.waitForIdle();
        QCOMPARE(panel.chart().explanation().plan.primaryKeys,
                 uint64_t(doc.moveSummary().primaryMoved));

        // Exported: the CLI's CSV rows.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.csv"));
        panel.exportCsv(path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines =
            QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.front(), QStringLiteral("kind,from,to,keys,bytes,seconds"));
        QCOMPARE(qsizetype(lines.size() - 1),
                 qsizetype(panel.chart().explanation().plan.transfers.size()));
        QVERIFY(lines.filter(QStringLiteral("copy,10.0.0.")).size() > 0);
    }

    // Against the pinned baseline: two steps add up; an open question keeps the plan back.
    void pinnedBaselineAndQuestions() {
        Document doc;
        QVERIFY(doc.replaceScenario(pool(1), {}, false));
        doc.waitForIdle();
        MigrationPanel panel(&doc);
        doc.pinBaseline();
        QVERIFY(doc.removeNode(0));
        doc.waitForIdle();
        QVERIFY(doc.removeNode(0));
        doc.waitForIdle();
        panel.waitForIdle();
        const MigrationPlan plan = panel.chart().explanation().plan;  // a copy: the view moves on
        QCOMPARE(plan.primaryKeys, uint64_t(doc.moveSummary().primaryMoved));
        QCOMPARE(plan.nodes[0].inKeys + plan.nodes[1].inKeys, uint64_t{0});  // both left
        doc.setQuestionOpen(true);
        panel.waitForIdle();
        QVERIFY(panel.chart().explanation().plan.transfers.empty());
        QVERIFY(!panel.summary().contains(QString::number(plan.primaryKeys)));
        doc.setQuestionOpen(false);
        panel.waitForIdle();
        QCOMPARE(panel.chart().explanation().plan.primaryKeys, plan.primaryKeys);
    }
};

QTEST_MAIN(TestMigrationView)
#include "tst_migrationview.moc"
