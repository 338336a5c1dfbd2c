#pragma once
// The algorithm comparison: for the last membership change, the keys (and bytes)
// each algorithm moves next to the ideal, as a chart and a table, and each one's balance.

#include <QWidget>

#include "chartview.h"

class QLabel;
class QTableWidget;

namespace ringscope {

class ComparisonModel;
class Document;

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
    QTableWidget* table() const { return m_table; }
    QString headline() const;

private:
    void refresh();

    Document* m_document;
    ComparisonModel* m_model;
    QLabel* m_headline;
    BarChart* m_chart;
    QTableWidget* m_table;
};

}  // namespace ringscope
