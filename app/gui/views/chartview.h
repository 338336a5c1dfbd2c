#pragma once
// A small chart interface for the analysis panels. Qt Charts is deprecated upstream in favour of
// Qt Graphs (which Qt 6.4 lacks), so every Qt Charts type stays inside chartview.cpp: moving to
// Qt Graphs later means rewriting this one file.

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

namespace ringscope {

struct BarSetData {
    QString name;
    QColor color;
    QList<qreal> values;  // one per category
};

// A horizontal line across the whole chart (the mean, the ideal).
struct ReferenceLine {
    QString name;
    QColor color;
    qreal value = 0;
};

struct BarChartData {
    QString title;
    QString valueTitle;
    QStringList categories;
    std::vector<BarSetData> sets;
    // Stacked: each set fills only its own category, so each category gets its set's colour
    // (a per-node or per-algorithm colour with a legend entry). Else sets are grouped.
    bool stacked = false;
    std::vector<ReferenceLine> lines;
};

class BarChart : public QWidget {
    Q_OBJECT
public:
    explicit BarChart(QWidget* parent = nullptr);
    ~BarChart() override;
    // Same categories and set names as before: the values are updated in place (no new series).
    void setData(const BarChartData& data);
    const BarChartData& data() const { return m_data; }

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    BarChartData m_data;
};

struct LineSeriesData {
    QString name;
    QColor color;
    QList<QPointF> points;
    bool dashed = false;
};

struct LineChartData {
    QString title;
    QString xTitle;
    QString yTitle;
    bool logX = false;
    bool logY = false;
    std::vector<LineSeriesData> series;
};

class LineChart : public QWidget {
    Q_OBJECT
public:
    explicit LineChart(QWidget* parent = nullptr);
    ~LineChart() override;
    // Same series names as before: each series gets one replace(points).
    void setData(const LineChartData& data);
    const LineChartData& data() const { return m_data; }

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    LineChartData m_data;
};

}  // namespace ringscope
