#include "chartview.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ringscope {

namespace {

QChartView* makeView(QWidget* parent, QChart* chart) {
    chart->setAnimationOptions(QChart::NoAnimation);  // live drags must not lag behind
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    const QPalette palette = parent->palette();
    if (palette.color(QPalette::Window).lightness() < 128) {
        chart->setTheme(QChart::ChartThemeDark);
    }
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(parent);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    return view;
}

bool sameShape(const BarChartData& a, const BarChartData& b) {
    if (a.stacked != b.stacked || a.categories.size() != b.categories.size() ||
        a.sets.size() != b.sets.size() || a.lines.size() != b.lines.size()) {
        return false;
    }
    for (size_t i = 0; i < a.sets.size(); ++i) {
        if (a.sets[i].name != b.sets[i].name || a.sets[i].color != b.sets[i].color) {
            return false;
        }
    }
    for (size_t i = 0; i < a.lines.size(); ++i) {
        if (a.lines[i].name != b.lines[i].name) {
            return false;
        }
    }
    return true;
}

qreal largest(const BarChartData& data) {
    qreal top = 0;
    if (data.stacked) {
        for (qsizetype c = 0; c < data.categories.size(); ++c) {
            qreal sum = 0;
            for (const BarSetData& set : data.sets) {
                sum += c < set.values.size() ? set.values[c] : 0;
            }
            top = std::max(top, sum);
        }
    } else {
        for (const BarSetData& set : data.sets) {
            for (const qreal v : set.values) {
                top = std::max(top, v);
            }
        }
    }
    for (const ReferenceLine& line : data.lines) {
        top = std::max(top, line.value);
    }
    return top;
}

QList<QPointF> across(qsizetype categories, qreal value) {
    return {QPointF(-0.5, value), QPointF(qreal(categories) - 0.5, value)};
}

}  // namespace

// ---------------------------------------------------------------------------------------------

struct BarChart::Impl {
    QChart* chart = new QChart;
    QChartView* view = nullptr;
    QAbstractBarSeries* bars = nullptr;
    QBarCategoryAxis* categories = nullptr;
    QValueAxis* values = nullptr;
    std::vector<QLineSeries*> lines;
};

BarChart::BarChart(QWidget* parent) : QWidget(parent), m_impl(std::make_unique<Impl>()) {
    m_impl->view = makeView(this, m_impl->chart);
    m_impl->categories = new QBarCategoryAxis(m_impl->chart);
    m_impl->values = new QValueAxis(m_impl->chart);
    m_impl->values->setLabelFormat(QStringLiteral("%.4g"));
    m_impl->chart->addAxis(m_impl->categories, Qt::AlignBottom);
    m_impl->chart->addAxis(m_impl->values, Qt::AlignLeft);
}

BarChart::~BarChart() = default;

void BarChart::setData(const BarChartData& data) {
    Impl& d = *m_impl;
    const bool inPlace = d.bars && sameShape(m_data, data);
    if (!inPlace) {
        d.chart->removeAllSeries();
        d.lines.clear();
        d.bars = data.stacked ? static_cast<QAbstractBarSeries*>(new QStackedBarSeries)
                              : static_cast<QAbstractBarSeries*>(new QBarSeries);
        d.bars->setBarWidth(data.stacked ? 0.7 : 0.85);
        for (const BarSetData& set : data.sets) {
            auto* bars = new QBarSet(set.name);
            bars->setColor(set.color);
            bars->setBorderColor(set.color.darker(140));
            bars->append(set.values);
            d.bars->append(bars);
        }
        d.chart->addSeries(d.bars);
        d.bars->attachAxis(d.categories);
        d.bars->attachAxis(d.values);
        for (const ReferenceLine& ref : data.lines) {
            auto* line = new QLineSeries;
            line->setName(ref.name);
            QPen pen(ref.color, 2, Qt::DashLine);
            line->setPen(pen);
            line->replace(across(data.categories.size(), ref.value));
            d.chart->addSeries(line);
            line->attachAxis(d.categories);
            line->attachAxis(d.values);
            d.lines.push_back(line);
        }
    } else {
        const QList<QBarSet*> sets = d.bars->barSets();
        for (size_t s = 0; s < data.sets.size(); ++s) {
            const QList<qreal>& values = data.sets[s].values;
            for (qsizetype i = 0; i < values.size(); ++i) {
                if (i >= m_data.sets[s].values.size() || m_data.sets[s].values[i] != values[i]) {
                    sets[qsizetype(s)]->replace(i, values[i]);
                }
            }
        }
        for (size_t i = 0; i < data.lines.size(); ++i) {
            d.lines[i]->replace(across(data.categories.size(), data.lines[i].value));
        }
    }
    if (!inPlace || m_data.categories != data.categories) {
        d.categories->setCategories(data.categories);
    }
    d.chart->setTitle(data.title);
    d.values->setTitleText(data.valueTitle);
    const qreal top = largest(data);
    d.values->setRange(0, top > 0 ? top * 1.12 : 1);
    d.values->applyNiceNumbers();
    m_data = data;
}

// ---------------------------------------------------------------------------------------------

struct LineChart::Impl {
    QChart* chart = new QChart;
    QChartView* view = nullptr;
    QAbstractAxis* x = nullptr;
    QAbstractAxis* y = nullptr;
    std::vector<QLineSeries*> series;
};

LineChart::LineChart(QWidget* parent) : QWidget(parent), m_impl(std::make_unique<Impl>()) {
    m_impl->view = makeView(this, m_impl->chart);
}

LineChart::~LineChart() = default;

void LineChart::setData(const LineChartData& data) {
    Impl& d = *m_impl;
    bool inPlace = !d.series.empty() && data.series.size() == m_data.series.size() &&
                   data.logX == m_data.logX && data.logY == m_data.logY;
    for (size_t i = 0; inPlace && i < data.series.size(); ++i) {
        inPlace = data.series[i].name == m_data.series[i].name;
    }
    const auto axis = [&d](bool log, Qt::Alignment where, QAbstractAxis* old) -> QAbstractAxis* {
        if (old) {
            d.chart->removeAxis(old);
            delete old;
        }
        QAbstractAxis* a = nullptr;
        if (log) {
            auto* l = new QLogValueAxis;
            l->setBase(10);
            l->setLabelFormat(QStringLiteral("%g"));
            l->setMinorTickCount(-1);
            a = l;
        } else {
            auto* v = new QValueAxis;
            v->setLabelFormat(QStringLiteral("%.3g"));
            a = v;
        }
        d.chart->addAxis(a, where);
        return a;
    };
    if (!inPlace) {
        d.chart->removeAllSeries();
        d.series.clear();
        d.x = axis(data.logX, Qt::AlignBottom, d.x);
        d.y = axis(data.logY, Qt::AlignLeft, d.y);
        for (const LineSeriesData& s : data.series) {
            auto* line = new QLineSeries;
            line->setName(s.name);
            line->setPen(QPen(s.color, 2, s.dashed ? Qt::DashLine : Qt::SolidLine));
            line->setPointsVisible(!s.dashed);
            d.chart->addSeries(line);
            line->attachAxis(d.x);
            line->attachAxis(d.y);
            d.series.push_back(line);
        }
    }
    qreal x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool first = true;
    for (size_t i = 0; i < data.series.size(); ++i) {
        d.series[i]->replace(data.series[i].points);
        for (const QPointF& p : data.series[i].points) {
            x0 = first ? p.x() : std::min(x0, p.x());
            x1 = first ? p.x() : std::max(x1, p.x());
            y0 = first ? p.y() : std::min(y0, p.y());
            y1 = first ? p.y() : std::max(y1, p.y());
            first = false;
        }
    }
    if (!first) {
        d.x->setRange(x0, x1);
        if (data.logY) {
            d.y->setRange(std::pow(10.0, std::floor(std::log10(std::max(y0, 1e-9)))),
                          std::pow(10.0, std::ceil(std::log10(std::max(y1, 1e-9)))));
        } else {
            d.y->setRange(0, y1 * 1.1);
        }
    }
    d.x->setTitleText(data.xTitle);
    d.y->setTitleText(data.yTitle);
    d.chart->setTitle(data.title);
    m_data = data;
}

}  // namespace ringscope
