// Which algorithm? (verdictpanel.h): one row per algorithm with the verdict's cells and tool
// tips, sorted by a heading's numbers, the scenario's own algorithm in bold, following edits and
// withheld while a lesson's question is open.
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTest>

#include "comparedalgorithm.h"
#include "membershipchange.h"
#include "plaintext.h"
#include "verdictpanel.h"
#include "verdicttable.h"
#include "viewtest.h"

using namespace ringscope;

namespace {

Scenario anchored(int nodes) {
    Scenario s = viewtest::hashedScenario(nodes, 1, 5000);
    s.keyHash = HashKind::Xxh64;
    s.algorithm = Algorithm::Anchor;
    for (NodeSpec& n : s.nodes) {
        n.vnodes.reset();
        n.id = "cache-" + n.id + ".example:11211";
    }
    return s;
}

// The row of an algorithm in the table as sorted now.
int rowOf(const QTableWidget& table, Algorithm algorithm) {
    for (int r = 0; r < table.rowCount(); ++r) {
        if (table.item(r, 0)->text() == algorithmLabel(algorithm)) {
            return r;
        }
    }
    return -1;
}

}  // namespace

class TestVerdictView : public QObject {
    Q_OBJECT
private slots:
    void rowsCellsAndTips() {
        Document doc;
        QVERIFY(doc.replaceScenario(anchored(6), {}, false));
        doc.waitForIdle();
        VerdictPanel panel(&doc);
        panel.show();  // a hidden view computes nothing
        panel.waitForIdle();
        QVERIFY(panel.verdict());
        const Verdict& v = *panel.verdict();
        QTableWidget& table = *panel.table();
        QVERIFY(table.isVisibleTo(&panel));
        QCOMPARE(table.rowCount(), int(verdictAlgorithms().size()));
        QCOMPARE(table.columnCount(), verdict::kColumns);
        for (const VerdictRow& row : v.rows) {
            const int r = rowOf(table, row.algorithm);
            QVERIFY(r >= 0);
            for (int c = 0; c < verdict::kColumns; ++c) {
                const auto column = verdict::Column(c);
                QCOMPARE(table.item(r, c)->text(), verdict::cell(v, row, column));
                QCOMPARE(table.item(r, c)->toolTip(), plain::tip(verdict::tip(v, row, column)));
                QVERIFY(!table.item(r, c)->toolTip().isEmpty());
            }
            // The scenario's own algorithm stands out.
            QCOMPARE(table.item(r, 0)->font().bold(), row.algorithm == Algorithm::Anchor);
        }
        // Short headings, the nodes in their tips.
        QCOMPARE(table.horizontalHeaderItem(int(verdict::Column::RemoveMiddle))->text(),
                 QStringLiteral("Remove middle"));
        QVERIFY(table.horizontalHeaderItem(int(verdict::Column::RemoveMiddle))
                    ->toolTip()
                    .contains(QString::fromStdString(v.middle)));
        QVERIFY(!table.horizontalHeaderItem(int(verdict::Column::Lookup))->toolTip().isEmpty());
        QVERIFY(panel.summary().contains(QStringLiteral("6 nodes")));
        QVERIFY(panel.summary().contains(QStringLiteral("in bold")));
        // Registry order until a heading is clicked.
        for (size_t r = 0; r < v.rows.size(); ++r) {
            QCOMPARE(table.item(int(r), 0)->text(), algorithmLabel(v.rows[r].algorithm));
        }
        table.sortByColumn(int(verdict::Column::RemoveMiddle), Qt::AscendingOrder);
        viewtest::keepShot(viewtest::grabAt(panel, QSize(1400, 420)),
                           QStringLiteral("views-verdict"));
    }

    // A heading sorts by the numbers, not by the text ("1,830 ns" after "37 ns"), both ways.
    void sortsByNumbers() {
        Document doc;
        QVERIFY(doc.replaceScenario(anchored(6), {}, false));
        doc.waitForIdle();
        VerdictPanel panel(&doc);
        panel.show();  // a hidden view computes nothing
        panel.waitForIdle();
        const Verdict& v = *panel.verdict();
        QTableWidget& table = *panel.table();
        for (const auto column : {verdict::Column::Lookup, verdict::Column::Memory,
                                  verdict::Column::RemoveMiddle, verdict::Column::AnyRemoval}) {
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                table.sortByColumn(int(column), order);
                std::vector<double> values;
                for (int r = 0; r < table.rowCount(); ++r) {
                    const QString name = table.item(r, 0)->text();
                    const auto it =
                        std::find_if(v.rows.begin(), v.rows.end(), [&](const VerdictRow& row) {
                            return algorithmLabel(row.algorithm) == name;
                        });
                    QVERIFY(it != v.rows.end());
                    values.push_back(verdict::sortValue(v, *it, column));
                }
                QVERIFY(order == Qt::AscendingOrder
                            ? std::is_sorted(values.begin(), values.end())
                            : std::is_sorted(values.rbegin(), values.rend()));
            }
        }
        // The order chosen stays when the scenario changes.
        table.sortByColumn(int(verdict::Column::Memory), Qt::DescendingOrder);
        QVERIFY(doc.replaceScenario(anchored(7), {}, false));
        doc.waitForIdle();
        panel.waitForIdle();
        QCOMPARE(table.horizontalHeader()->sortIndicatorSection(), int(verdict::Column::Memory));
        QCOMPARE(table.horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
        QVERIFY(panel.summary().contains(QStringLiteral("7 nodes")));
        // Maglev's 65,537-entry table holds the most.
        QCOMPARE(table.item(0, 0)->text(), algorithmLabel(Algorithm::Maglev));
    }

    // While a question is open the moves would give its answer away: the table is hidden.
    void withheldDuringAQuestion() {
        Document doc;
        QVERIFY(doc.replaceScenario(anchored(5), {}, false));
        doc.waitForIdle();
        VerdictPanel panel(&doc);
        panel.show();  // a hidden view computes nothing
        panel.waitForIdle();
        QVERIFY(panel.table()->isVisibleTo(&panel));
        doc.setQuestionOpen(true);
        panel.waitForIdle();
        QVERIFY(!panel.table()->isVisibleTo(&panel));
        QVERIFY(!panel.verdict());
        QCOMPARE(panel.summary(), answerWithheldNote());
        doc.setQuestionOpen(false);
        panel.waitForIdle();
        QVERIFY(panel.table()->isVisibleTo(&panel));
    }
};

QTEST_MAIN(TestVerdictView)
#include "tst_verdictview.moc"
