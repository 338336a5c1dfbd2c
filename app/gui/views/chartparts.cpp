#include "chartparts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedBarSeries>
#include <QTextLayout>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "numberformat.h"

namespace ringscope::charts {

namespace {

constexpr int kMaxAxisDecimals = 4;

}  // namespace

// Qt Charts draws category and axis labels, legend entries and titles as HTML: text that names
// nodes goes in escaped, so an id "<h1>BIG</h1>" reads as written.
QString chartText(const QString& text) {
    return text.toHtmlEscaped();
}
QStringList chartTexts(QStringList texts) {
    for (QString& text : texts) {
        text = chartText(text);
    }
    return texts;
}

// The chart's colours from the widget palette: background, text, grid and axis lines. Axis
// labels are never cut to "…" (the charts make room for them instead).
void applyPalette(QChart* chart, const QPalette& palette) {
    const QColor background = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    QColor grid = text;
    grid.setAlphaF(0.16f);
    QColor minorGrid = text;
    minorGrid.setAlphaF(0.07f);
    QColor line = text;
    line.setAlphaF(0.55f);
    chart->setBackgroundBrush(background);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setTruncateLabels(false);
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(minorGrid);
        axis->setLinePenColor(line);
    }
}

QChart* makeChart() {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);  // live drags must not lag behind
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setLocalizeNumbers(true);
    chart->setLocale(format::numberLocale());  // "10,000", never "1e+04"
    QFont title = chart->titleFont();
    title.setBold(true);
    chart->setTitleFont(title);
    return chart;
}

QLabel* makeTitle(QWidget* parent) {
    auto* title = new QLabel(parent);
    title->setTextFormat(Qt::PlainText);
    title->setAlignment(Qt::AlignCenter);
    QFont font = title->font();
    font.setBold(true);
    title->setFont(font);
    title->setAutoFillBackground(true);
    title->setBackgroundRole(QPalette::Base);
    title->setForegroundRole(QPalette::Text);
    return title;
}

void setTitle(QLabel* label, const QString& title) {
    label->setText(title);
    label->setVisible(!title.isEmpty());
}

QChartView* makeView(QChart* chart, QWidget* parent) {
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    view->setMinimumHeight(140);
    return view;
}

// Plain numbers with as many decimals as the tick step needs: "%.0f" for 0, 2,000, 4,000.
QString labelFormat(qreal step) {
    const int decimals = step >= 1 || step <= 0
                             ? 0
                             : std::min(kMaxAxisDecimals, int(std::ceil(-std::log10(step) - 1e-9)));
    return QStringLiteral("%.%1f").arg(decimals);
}

// The decimals of a "%.2f" label format.
int labelDecimals(const QString& format) {
    const qsizetype dot = format.indexOf(u'.');
    return dot < 0 ? 0 : format.mid(dot + 1).chopped(1).toInt();
}

void formatValueAxis(QValueAxis* axis) {
    // applyNiceNumbers() starts from the tick count it left last time: without a fresh start
    // the steps only grow coarser (0..600 became 0..1,000 for the same bars after a few edits).
    axis->setTickCount(kValueTicks);
    axis->applyNiceNumbers();
    const int ticks = std::max(2, axis->tickCount());
    axis->setLabelFormat(labelFormat((axis->max() - axis->min()) / (ticks - 1)));
}

void hideFromLegend(QChart* chart, QAbstractSeries* series) {
    for (QLegendMarker* marker : chart->legend()->markers(series)) {
        marker->setVisible(false);
    }
}

}  // namespace ringscope::charts
