#pragma once
// Filling a QTableWidget of many rows: a header that resizes to its contents measures every row
// on every setItem (quadratic; a thousand rows freeze the window), so the views fill with
// updates off and measure the columns once.

#include <QHeaderView>
#include <QScrollBar>
#include <QTableWidget>

#include <functional>

namespace ringscope {

// Sets up a read-only table whose columns are sized by refill(), rows one line high.
inline void setUpReadOnlyTable(QTableWidget* table, const QStringList& headers) {
    table->setColumnCount(int(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table->horizontalHeader()->setStretchLastSection(true);
}

// A few rows beside a chart: read-only, no selection, rows one line high, as wide as its columns
// (fitToColumns after each fill) so the chart takes the rest.
inline void setUpSideTable(QTableWidget* table) {
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 4);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
}
inline void fitToColumns(QTableWidget* table) {
    table->resizeColumnsToContents();
    table->setFixedWidth(table->horizontalHeader()->length() + 2 * table->frameWidth() +
                         table->verticalScrollBar()->sizeHint().width());
}

// Replaces the rows: fillRow(row) for each, then the columns fit their contents. O(rows).
inline void refill(QTableWidget* table, int rows, const std::function<void(int row)>& fillRow) {
    table->setUpdatesEnabled(false);
    table->setRowCount(rows);
    for (int row = 0; row < rows; ++row) {
        fillRow(row);
    }
    table->resizeColumnsToContents();
    table->setUpdatesEnabled(true);
}

}  // namespace ringscope
