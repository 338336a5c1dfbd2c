#pragma once
// What the bar and line charts share inside: Qt Charts set up the same way (the widget palette,
// plain numbers with thousands separators, escaped texts, a bold title above). Only barchart.cpp
// and linechart.cpp include it, so Qt Charts stays behind those two widgets: moving to Qt Graphs
// later means rewriting these three files.

#include <QString>
#include <QStringList>

class QAbstractSeries;
class QChart;
class QChartView;
class QLabel;
class QPalette;
class QValueAxis;
class QWidget;

namespace ringscope::charts {

inline constexpr int kValueTicks = 5;  // what nice numbers start from on every update

// Qt Charts draws category and axis labels, legend entries and titles as HTML: text that names
// nodes goes in escaped, so an id "<h1>BIG</h1>" reads as written.
QString chartText(const QString& text);
QStringList chartTexts(QStringList texts);
// The chart's colours from the widget palette: background, text, grid and axis lines. Axis
// labels are never cut to "…" (the charts make room for them instead).
void applyPalette(QChart* chart, const QPalette& palette);
QChart* makeChart();
QLabel* makeTitle(QWidget* parent);
void setTitle(QLabel* label, const QString& title);
QChartView* makeView(QChart* chart, QWidget* parent);
// Plain numbers with as many decimals as the tick step needs: "%.0f" for 0, 2,000, 4,000.
QString labelFormat(qreal step);
// The decimals of a "%.2f" label format.
int labelDecimals(const QString& format);
void formatValueAxis(QValueAxis* axis);
void hideFromLegend(QChart* chart, QAbstractSeries* series);

}  // namespace ringscope::charts
