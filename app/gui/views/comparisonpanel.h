#pragma once
// The algorithm comparison: for the last membership change, the keys (and bytes) each algorithm
// moves next to the ideal, as a chart and a table side by side, and each one's balance against
// the ideal (the mean, or each node's fair share w/Σw with unequal weights).

#include <QWidget>

#include "barchart.h"
#include "ringscope/scenario.h"

class QLabel;
class QTableWidget;

namespace ringscope {

class ComparisonModel;
struct AlgorithmResult;
struct ComparisonResult;
class Document;

// What the comparison says of an algorithm beyond its numbers, for the change shown (jump: how
// it repairs its buckets), registered by the algorithm's own folder as views are.
struct ComparisonNote {
    Algorithm algorithm;
    QString (*text)(const Scenario& before, const Scenario& after);
};
class ComparisonNoteRegistration {
public:
    explicit ComparisonNoteRegistration(const ComparisonNote& note);
};

class ComparisonPanel : public QWidget {
    Q_OBJECT
public:
    enum Column {
        Name,
        KeysMoved,
        MovedPercent,
        IdealPercent,
        TimesIdeal,
        BytesMoved,
        MaxOverMean,
        StddevOverMean,
        ColumnCount
    };

    ComparisonPanel(Document* document, ComparisonModel* model, QWidget* parent = nullptr);
    // What is shown, for tests.
    const BarChartData& chartData() const { return m_chart->data(); }
    const BarChart& chart() const { return *m_chart; }
    QTableWidget* table() const { return m_table; }
    QString headline() const;
    // The registered notes of the algorithms compared, one a line.
    QString notes() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void refresh();
    QString headlineText(const ComparisonResult& result, bool hasDiff) const;
    void setHeaders(bool weighted, bool sized);
    void setCell(int row, int column, const QString& text, bool strong = false);
    void setNumbers(int row, const AlgorithmResult& result, bool outlier);
    void setNotApplicable(int row, const QString& notApplicable, const QString& error);
    // Narrower than the chart's least width and the whole table: the table alone, scrolling
    // sideways if it must (in the smallest window both were cut: the chart's names and title,
    // the table's columns).
    void fitToWidth();

    Document* m_document;
    ComparisonModel* m_model;
    QLabel* m_headline;
    BarChart* m_chart;
    QTableWidget* m_table;
    QLabel* m_notes;
    QLabel* m_notCompared;  // the algorithms that cannot run on the scenario, and why
};

}  // namespace ringscope
