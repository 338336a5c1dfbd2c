#pragma once
// A bar chart for the analysis panels: grouped or stacked bars, sideways when category names are
// long, reference lines (the mean, each node's ideal) and value labels. It follows the widget
// palette (also when it changes at run time), writes axis numbers plainly with thousands
// separators, and stays legible when small: crowded category labels turn upright, and past that
// the chart scrolls sideways; upright names longer than a short chart has room for drop first
// what every name shares (a port, a subnet), not what tells them apart. Qt Charts stays inside
// (chartparts.h).

#include <QColor>
#include <QList>
#include <QLocale>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace ringscope {

struct BarSetData {
    QString name;
    QColor color;
    QList<qreal> values;  // one per category
    QColor outline = {};  // a heavy outline in this colour (an outlier); none when invalid
};

// A horizontal line across the chart (the mean), or a step per category (each node's ideal).
struct ReferenceLine {
    QString name;
    QColor color;  // invalid: the palette's text colour (and it follows a palette change)
    qreal value = 0;
    QList<qreal> perCategory = {};  // when set: one value per category, drawn as steps
};

struct BarChartData {
    QString title;
    QString valueTitle;
    QStringList categories;
    std::vector<BarSetData> sets;
    // Stacked: set c is category c's bar, its one value (values[0]) in its own colour (a
    // per-node or per-algorithm colour, named by the category): n values for n categories, so
    // 40,000 nodes are 40,000 values, not 40,000². Else sets are grouped, one value per category
    // each, with a legend entry each.
    bool stacked = false;
    std::vector<ReferenceLine> lines;
    bool percentLabels = false;  // each bar labelled with its value, a percentage
    // Per category, a word written where its value would be ("n/a": nothing could be counted);
    // empty entries (or none) show the value.
    QStringList valueNotes = {};
    // Bars run sideways, first category on top: long category names fit beside them.
    bool horizontal = false;
    // > 0: the value axis never goes past this (100 for shares: no axis to 120 %).
    qreal valueCap = 0;
};

class BarChart : public QWidget {
    Q_OBJECT
public:
    explicit BarChart(QWidget* parent = nullptr);
    ~BarChart() override;
    // Same categories and set names as before: the values are updated in place (no new series).
    void setData(const BarChartData& data);
    const BarChartData& data() const { return m_data; }
    // How the category labels are laid out now, for tests.
    int categoryLabelAngle() const;
    // Whether every category label fits whole: QtCharts gives sideways bars' labels at most
    // 40 % of the chart's width and, with truncation off, lets a longer one run off its edge.
    bool categoryLabelsFit() const;
    // The category labels QtCharts draws whole now (it leaves out labels that would overlap
    // their neighbours, and one running past the chart's left edge is cut).
    QStringList drawnCategoryLabels() const;
    // What each category's label says as written (shortened to its room), for tests.
    QStringList writtenCategoryLabels() const;
    // Where the bars are drawn, in the chart's coordinates; whether the legend shows.
    QRectF plotArea() const;
    bool showsLegend() const;
    bool scrolls() const;
    // The value axis's tick labels: their printf format, and the number locale they use.
    QString valueLabelFormat() const;
    QLocale valueLabelLocale() const;
    // The value axis's top and tick count.
    QPair<qreal, int> valueAxis() const;
    // The points the reference line `index` is drawn through, in values (not pixels).
    QList<QPointF> drawnLine(size_t index) const;
    // Every text the chart shows: its title, the axis titles, the category labels, the bars'
    // value labels, the reference lines' names and the legend's entries.
    QStringList texts() const;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitCategories();
    void fitOwnLabels(int angle, int height);
    void fitSidewaysLabels();
    void placeValueLabels();

    struct Impl;
    std::unique_ptr<Impl> m_impl;
    BarChartData m_data;
};

}  // namespace ringscope
