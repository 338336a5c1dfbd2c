#pragma once
// The bars of a stacked bar chart (barchart.cpp's): one item painting every category's bar.

#include <QAbstractSeries>
#include <QChart>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QPainter>

#include "barchart.h"

namespace ringscope::charts {

inline constexpr int kOutlineWidth = 3;  // px of a bar's outline
// Category labels painted under upright bars: px between the axis and a label.
inline constexpr qreal kOwnLabelPad = 4;

// Stacked data (each set filling only its own category) drawn as one bar per category in its
// set's colour. QtCharts makes a bar item for every value of every set: N² for N nodes (10,201 at
// 101 nodes, a quarter of a second to build and as long again for every update). Instead one
// invisible set of the category totals lays the bars out (axes, ranges, value labels) and this
// item paints each bar where QtCharts would, in its own colour and outline.
class CategoryBars : public QGraphicsItem {
public:
    CategoryBars(QChart* chart, qreal barWidth) : QGraphicsItem(chart), m_chart(chart) {
        m_half = barWidth / 2;
        setZValue(kBarsZ);  // the series' level: lines added after it are drawn over it
    }
    void setBars(const BarChartData* data, QAbstractSeries* series) {
        prepareGeometryChange();
        m_data = data;
        m_series = series;
        update();
    }
    void plotAreaMoved() {
        prepareGeometryChange();
        update();
    }
    // The category labels under the bars (none: QtCharts' axis writes them): `shown` one per
    // category, across (angle 0) or upright (-90) in `extent` px below the axis.
    void setLabels(QStringList shown, const QFont& font, const QColor& color, int angle,
                   qreal extent) {
        prepareGeometryChange();
        m_labels = std::move(shown);
        m_labelFont = font;
        m_labelColor = color;
        m_labelAngle = angle;
        m_labelExtent = extent;
        update();
    }
    const QStringList& labels() const { return m_labels; }
    QRectF boundingRect() const override {
        const qreal below = m_labels.isEmpty() ? 0 : kOwnLabelPad + m_labelExtent;
        return m_chart->plotArea().adjusted(-kOutlineWidth, -kOutlineWidth, kOutlineWidth,
                                            kOutlineWidth + below);
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        if (!m_data || !m_series) {
            return;
        }
        const BarChartData& data = *m_data;
        const qsizetype n = data.categories.size();
        painter->save();
        painter->setClipRect(m_chart->plotArea());
        for (qsizetype c = 0; c < n && size_t(c) < data.sets.size(); ++c) {
            const BarSetData& set = data.sets[size_t(c)];
            const qreal top = set.values.value(0);
            QRectF bar;
            if (data.horizontal) {
                const qreal row = qreal(n - 1 - c);
                bar = QRectF(m_chart->mapToPosition(QPointF(0, row - m_half), m_series),
                             m_chart->mapToPosition(QPointF(top, row + m_half), m_series));
            } else {
                bar = QRectF(m_chart->mapToPosition(QPointF(qreal(c) - m_half, 0), m_series),
                             m_chart->mapToPosition(QPointF(qreal(c) + m_half, top), m_series));
            }
            painter->setBrush(set.color);
            painter->setPen(set.outline.isValid() ? QPen(set.outline, kOutlineWidth)
                                                  : QPen(set.color.darker(140)));
            painter->drawRect(bar.normalized());
        }
        painter->restore();
        paintLabels(painter);
    }

private:
    void paintLabels(QPainter* painter) const {
        if (m_labels.isEmpty() || !m_series) {
            return;
        }
        painter->save();
        painter->setFont(m_labelFont);
        painter->setPen(m_labelColor);
        const qreal top = m_chart->plotArea().bottom() + kOwnLabelPad;
        const qreal line = QFontMetricsF(m_labelFont).height();
        for (qsizetype c = 0; c < m_labels.size(); ++c) {
            const qreal left = m_chart->mapToPosition(QPointF(qreal(c) - 0.5, 0), m_series).x();
            const qreal right = m_chart->mapToPosition(QPointF(qreal(c) + 0.5, 0), m_series).x();
            const qreal centre = (left + right) / 2;
            if (m_labelAngle == 0) {
                painter->drawText(QRectF(left, top, right - left, line),
                                  Qt::AlignHCenter | Qt::AlignTop, m_labels[c]);
            } else {  // reading upwards, ending at the axis
                painter->save();
                painter->translate(centre, top);
                painter->rotate(-90);
                painter->drawText(QRectF(-m_labelExtent, -line / 2, m_labelExtent, line),
                                  Qt::AlignRight | Qt::AlignVCenter, m_labels[c]);
                painter->restore();
            }
        }
        painter->restore();
    }

    static constexpr qreal kBarsZ = 5;  // QtCharts' series level (ChartPresenter::SeriesZValue)
    QChart* m_chart;
    qreal m_half = 0.35;
    QStringList m_labels;
    QFont m_labelFont;
    QColor m_labelColor;
    int m_labelAngle = 0;
    qreal m_labelExtent = 0;
    const BarChartData* m_data = nullptr;
    QAbstractSeries* m_series = nullptr;
};

}  // namespace ringscope::charts
