#pragma once
// A line chart for the analysis panels: series on linear or log axes, one point called out (the
// current setting), hover texts. It follows the widget palette and writes axis numbers plainly,
// as the bar chart does; Qt Charts stays inside (chartparts.h).

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace ringscope {

struct LineSeriesData {
    QString name;
    QColor color;
    QList<QPointF> points;
    bool dashed = false;
    bool dots = true;  // a dot at each point of a solid line (off for a dense one)
};

// One point called out on the chart (the current setting): a vertical line and a large dot.
struct ChartMark {
    QPointF at;
    QString label;
    QColor color;
};

struct LineChartData {
    QString title;
    QString xTitle;
    QString yTitle;
    bool logX = false;
    bool logY = false;
    std::vector<LineSeriesData> series;
    std::optional<ChartMark> mark = {};
};

class LineChart : public QWidget {
    Q_OBJECT
public:
    explicit LineChart(QWidget* parent = nullptr);
    ~LineChart() override;
    // Same series names as before: each series gets one replace(points).
    void setData(const LineChartData& data);
    const LineChartData& data() const { return m_data; }
    // The hover text for the point of series `series` nearest to x (what a tool tip shows).
    QString pointText(size_t series, qreal x) const;
    // Every text the chart shows: the title, the axis titles, the series names, the mark.
    QStringList texts() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    LineChartData m_data;
};

}  // namespace ringscope
