#include "linechart.h"

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

#include "chartparts.h"
#include "numberformat.h"
#include "ringcolors.h"

namespace ringscope {

using namespace charts;

namespace {

constexpr int kMarkDotSize = 12;

}  // namespace

struct LineChart::Impl {
    QChart* chart = makeChart();
    QLabel* title = nullptr;
    QChartView* view = nullptr;
    QAbstractAxis* x = nullptr;
    QAbstractAxis* y = nullptr;
    std::vector<QLineSeries*> series;
    QLineSeries* markLine = nullptr;
    QScatterSeries* markDot = nullptr;
};

LineChart::LineChart(QWidget* parent) : QWidget(parent), m_impl(std::make_unique<Impl>()) {
    m_impl->title = makeTitle(this);
    m_impl->view = makeView(m_impl->chart, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_impl->title);
    layout->addWidget(m_impl->view, 1);
    applyPalette(m_impl->chart, palette());
}

LineChart::~LineChart() = default;

QStringList LineChart::texts() const {
    QStringList out;
    for (const QString& text : {m_data.title, m_data.xTitle, m_data.yTitle}) {
        if (!text.isEmpty()) {
            out << text;
        }
    }
    for (const LineSeriesData& series : m_data.series) {
        out << series.name;
    }
    if (m_data.mark) {
        out << m_data.mark->label;
    }
    return out;
}

void LineChart::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette(m_impl->chart, palette());
    }
}

QString LineChart::pointText(size_t series, qreal x) const {
    if (series >= m_data.series.size() || m_data.series[series].points.isEmpty()) {
        return {};
    }
    const LineSeriesData& s = m_data.series[series];
    const auto distance = [this, x](const QPointF& p) {
        return m_data.logX && x > 0 && p.x() > 0 ? std::fabs(std::log(p.x() / x))
                                                 : std::fabs(p.x() - x);
    };
    const QPointF nearest = *std::min_element(
        s.points.begin(), s.points.end(),
        [&](const QPointF& a, const QPointF& b) { return distance(a) < distance(b); });
    return tr("<b>%1</b><br>%2: %3<br>%4: %5")
        .arg(s.name.toHtmlEscaped(), m_data.xTitle.toHtmlEscaped(),
             format::significant(nearest.x(), 4), m_data.yTitle.toHtmlEscaped(),
             format::significant(nearest.y(), 3));
}

// Over 80 lines: sets up the series, axes and labels QtCharts needs in the order it needs them.
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
            // (A bare "%g" with localized numbers draws no labels at all in Qt 6.4.)
            l->setLabelFormat(QStringLiteral("%.4g"));
            l->setMinorTickCount(-1);
            a = l;
        } else {
            a = new QValueAxis;
        }
        d.chart->addAxis(a, where);
        return a;
    };
    if (!inPlace) {
        d.chart->removeAllSeries();
        d.series.clear();
        d.x = axis(data.logX, Qt::AlignBottom, d.x);
        d.y = axis(data.logY, Qt::AlignLeft, d.y);
        for (size_t i = 0; i < data.series.size(); ++i) {
            const LineSeriesData& s = data.series[i];
            auto* line = new QLineSeries;
            line->setName(chartText(s.name));
            line->setPen(QPen(s.color, 2, s.dashed ? Qt::DashLine : Qt::SolidLine));
            d.chart->addSeries(line);
            line->attachAxis(d.x);
            line->attachAxis(d.y);
            d.series.push_back(line);
            // The values under the mouse, as a tool tip.
            connect(line, &QLineSeries::hovered, this, [this, i](const QPointF& at, bool on) {
                if (on) {
                    QToolTip::showText(QCursor::pos(), pointText(i, at.x()), this);
                } else {
                    QToolTip::hideText();
                }
            });
        }
        d.markLine = new QLineSeries;
        d.markDot = new QScatterSeries;
        d.markDot->setMarkerSize(kMarkDotSize);
        for (QXYSeries* s :
             {static_cast<QXYSeries*>(d.markLine), static_cast<QXYSeries*>(d.markDot)}) {
            d.chart->addSeries(s);
            s->attachAxis(d.x);
            s->attachAxis(d.y);
            hideFromLegend(d.chart, s);
        }
        applyPalette(d.chart, palette());
    }
    qreal x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool first = true;
    for (size_t i = 0; i < data.series.size(); ++i) {
        const LineSeriesData& s = data.series[i];
        d.series[i]->setPen(QPen(s.color, 2, s.dashed ? Qt::DashLine : Qt::SolidLine));
        d.series[i]->setPointsVisible(!s.dashed && s.dots);
        d.series[i]->replace(data.series[i].points);
        for (const QPointF& p : data.series[i].points) {
            x0 = first ? p.x() : std::min(x0, p.x());
            x1 = first ? p.x() : std::max(x1, p.x());
            y0 = first ? p.y() : std::min(y0, p.y());
            y1 = first ? p.y() : std::max(y1, p.y());
            first = false;
        }
    }
    qreal bottom = 0, top = 1;
    if (!first) {
        d.x->setRange(x0, x1);
        if (!data.logX) {
            formatValueAxis(static_cast<QValueAxis*>(d.x));
        }
        if (data.logY) {
            bottom = std::pow(10.0, std::floor(std::log10(std::max(y0, 1e-9))));
            top = std::pow(10.0, std::ceil(std::log10(std::max(y1, 1e-9))));
            d.y->setRange(bottom, top);
        } else {
            top = y1 * 1.1;
            d.y->setRange(0, top);
            formatValueAxis(static_cast<QValueAxis*>(d.y));
        }
    }
    if (data.mark) {
        const QColor c = data.mark->color;
        d.markLine->setPen(QPen(c, 1.5, Qt::DotLine));
        d.markLine->replace({QPointF(data.mark->at.x(), bottom), QPointF(data.mark->at.x(), top)});
        d.markDot->setColor(c);
        d.markDot->setBorderColor(palette().color(QPalette::Base));
        d.markDot->replace({data.mark->at});
        d.markDot->setPointLabelsVisible(true);
        d.markDot->setPointLabelsFormat(data.mark->label);
        d.markDot->setPointLabelsColor(palette().color(QPalette::Text));
    } else {
        d.markLine->clear();
        d.markDot->clear();
    }
    d.x->setTitleText(chartText(data.xTitle));
    d.y->setTitleText(chartText(data.yTitle));
    setTitle(d.title, data.title);
    m_data = data;
}

}  // namespace ringscope
