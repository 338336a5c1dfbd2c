#include "barchart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QGraphicsItem>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QScatterSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QTextLayout>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <optional>

#include "categorybars.h"
#include "chartparts.h"
#include "numberformat.h"
#include "ringcolors.h"

namespace ringscope {

using namespace charts;

namespace {

constexpr qreal kHeadroom = 1.12;        // value axis above the tallest bar (room for its label)
constexpr int kLabelGap = 10;            // px between category labels written across
constexpr int kUprightGap = 6;           // px between category labels turned upright
constexpr int kValueAxisSpace = 90;      // px the value axis, its title and the margins take
constexpr double kSideAxisShare = 0.4;   // QtCharts' cap on a left axis's share of the width
constexpr int kSideAxisPad = 12;         // px a left axis adds to its widest label
constexpr qreal kLabelMargin = 2;        // px between one category label and the next
constexpr qreal kStackedBarWidth = 0.7;  // of a category's width
// Sideways bars' category labels shrink to fit their rows and QtCharts' share of the width, to
// no smaller than this (points).
constexpr qreal kMinCategoryPoints = 6.5;
constexpr qreal kCategoryStep = 0.5;
// The share of the chart's height upright labels painted by CategoryBars may take before they
// are shortened.
constexpr qreal kUprightLabelShare = 0.35;

QColor lineColor(const ReferenceLine& line, const QPalette& palette) {
    return line.color.isValid() ? line.color : palette.color(QPalette::Text);
}

bool sameShape(const BarChartData& a, const BarChartData& b) {
    if (a.stacked != b.stacked || a.horizontal != b.horizontal ||
        a.categories.size() != b.categories.size() || a.sets.size() != b.sets.size() ||
        a.lines.size() != b.lines.size()) {
        return false;
    }
    for (size_t i = 0; i < a.sets.size(); ++i) {
        if (a.sets[i].name != b.sets[i].name || a.sets[i].color != b.sets[i].color ||
            a.sets[i].outline != b.sets[i].outline) {
            return false;
        }
    }
    for (size_t i = 0; i < a.lines.size(); ++i) {
        if (a.lines[i].name != b.lines[i].name ||
            a.lines[i].perCategory.isEmpty() != b.lines[i].perCategory.isEmpty()) {
            return false;
        }
    }
    return true;
}

// The height of each category's bar (stacked: its own set's one value; grouped: the tallest).
QList<qreal> barTops(const BarChartData& data) {
    QList<qreal> tops(data.categories.size(), 0);
    if (data.stacked) {  // set c is category c's bar: O(categories)
        for (qsizetype c = 0; c < tops.size() && size_t(c) < data.sets.size(); ++c) {
            tops[c] = data.sets[size_t(c)].values.value(0);
        }
        return tops;
    }
    for (qsizetype c = 0; c < tops.size(); ++c) {
        for (const BarSetData& set : data.sets) {
            tops[c] = std::max(tops[c], set.values.value(c));
        }
    }
    return tops;
}

// The colour of category c's bar: its own set's when stacked, else the tallest set's.
QColor barColor(const BarChartData& data, qsizetype c) {
    if (data.stacked) {
        return size_t(c) < data.sets.size() ? data.sets[size_t(c)].color : QColor();
    }
    const BarSetData* tallest = nullptr;
    for (const BarSetData& set : data.sets) {
        if (!tallest || set.values.value(c) > tallest->values.value(c)) {
            tallest = &set;
        }
    }
    return tallest ? tallest->color : QColor();
}

qreal largest(const BarChartData& data) {
    const QList<qreal> tops = barTops(data);
    qreal top = tops.isEmpty() ? 0 : *std::max_element(tops.begin(), tops.end());
    for (const ReferenceLine& line : data.lines) {
        top = std::max(top, line.value);
        for (const qreal v : line.perCategory) {
            top = std::max(top, v);
        }
    }
    return top;
}

// A line across all categories, or steps: each category's value over its own bar. Points are
// (category, value), swapped for sideways bars.
QList<QPointF> linePoints(qsizetype categories, const ReferenceLine& line, bool horizontal) {
    QList<QPointF> points;
    if (line.perCategory.isEmpty()) {
        points = {QPointF(-0.5, line.value), QPointF(qreal(categories) - 0.5, line.value)};
    }
    for (qsizetype c = 0; c < line.perCategory.size(); ++c) {
        points << QPointF(qreal(c) - 0.5, line.perCategory[c])
               << QPointF(qreal(c) + 0.5, line.perCategory[c]);
    }
    if (horizontal) {
        for (QPointF& p : points) {
            p = QPointF(p.y(), p.x());
        }
    }
    return points;
}

// Stacked bars standing up have their category labels painted by CategoryBars rather than by a
// QtCharts category axis, which lays each label out as a rich-text document on every layout pass
// (four passes and 35 ms per update at 101 nodes, when a node is added or removed).
bool paintsOwnLabels(const BarChartData& data) {
    return data.stacked && !data.horizontal;
}

// How many characters every label of `labels` shares at its start (`fromEnd`: at its end), cut
// back to a separator ("10.0." of 10.0.0.2 and 10.0.1.7; ":11211" of host:port ids) and short of
// the shortest label, so that no label is all shared.
qsizetype sharedAffix(const QStringList& labels, bool fromEnd) {
    if (labels.size() < 2) {
        return 0;
    }
    const QString& first = labels.front();
    const auto at = [fromEnd](const QString& label, qsizetype i) {
        return fromEnd ? label[label.size() - 1 - i] : label[i];
    };
    qsizetype shared = first.size();
    for (const QString& label : labels) {
        qsizetype same = 0;
        while (same < shared && same < label.size() && at(label, same) == at(first, same)) {
            ++same;
        }
        shared = std::min(same, label.size() - 1);
    }
    // A tail starts at a separator (node-01 and node-11 share no tail "1"); a head ends at one.
    while (shared > 0 && at(first, shared - 1).isLetterOrNumber()) {
        --shared;
    }
    return shared;
}

// What each label shows within `room` px: whole; else without the tail all labels share; else
// also with the head they share written as an ellipsis; else elided in the middle.
QStringList shortenedLabels(const QStringList& labels, const QFontMetricsF& metrics, qreal room) {
    const auto fits = [&](const QStringList& list) {
        return std::all_of(list.begin(), list.end(), [&](const QString& label) {
            return metrics.horizontalAdvance(label) <= room;
        });
    };
    QStringList shown = labels;
    if (fits(shown)) {
        return shown;
    }
    const qsizetype tail = sharedAffix(labels, true);
    for (QString& label : shown) {
        label.chop(tail);
    }
    if (!fits(shown)) {
        const qsizetype head = sharedAffix(shown, false);
        for (QString& label : shown) {
            label = head > 0 ? QStringLiteral("…") + label.mid(head) : label;
        }
    }
    for (QString& label : shown) {
        label = metrics.elidedText(label, Qt::ElideMiddle, room);
    }
    return shown;
}

// Sideways bars list the first category at the top: the chart's order is reversed.
template <typename T>
QList<T> inChartOrder(QList<T> list, bool horizontal) {
    if (horizontal) {
        std::reverse(list.begin(), list.end());
    }
    return list;
}

}  // namespace

struct BarChart::Impl {
    QChart* chart = makeChart();
    QLabel* title = nullptr;  // outside the chart, so a chart that scrolls keeps it in view
    QScrollArea* scroll = nullptr;
    QChartView* view = nullptr;
    QAbstractBarSeries* bars = nullptr;
    QBarCategoryAxis* categories = nullptr;
    QValueAxis* plainAxis = nullptr;  // the category axis when CategoryBars writes the labels
    QValueAxis* values = nullptr;
    std::vector<QLineSeries*> lines;
    std::vector<QGraphicsSimpleTextItem*> valueLabels;
    std::vector<QGraphicsSimpleTextItem*> lineLabels;  // each reference line's name, on it
    CategoryBars* categoryBars = nullptr;  // the bars of stacked data (made on first use)
    int ownLabelAngle = 0;                 // of the labels CategoryBars writes
    int scrollWidth = 0;                   // > 0: the chart is this wide and scrolls sideways
    QFont categoryFont;                    // the category labels' font before any shrinking to fit
    bool fitting = false;
    // The value axis as last set: a live update that keeps the tallest bar (a drag moving keys
    // between two of a hundred nodes, mostly) leaves the axis, its ticks and labels alone.
    std::optional<std::pair<qreal, qreal>> valueAxisFor;  // the tallest value, the cap
};

BarChart::BarChart(QWidget* parent) : QWidget(parent), m_impl(std::make_unique<Impl>()) {
    Impl& d = *m_impl;
    d.title = makeTitle(this);
    d.scroll = new QScrollArea(this);
    d.scroll->setFrameShape(QFrame::NoFrame);
    // The chart fills the scroll area, or is wider than it (fitCategories sizes it).
    d.scroll->setWidgetResizable(false);
    d.scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    d.view = makeView(d.chart, d.scroll);
    d.scroll->setWidget(d.view);
    d.scroll->viewport()->installEventFilter(this);  // the chart follows the visible area
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(d.title);
    layout->addWidget(d.scroll, 1);
    d.categories = new QBarCategoryAxis(d.chart);
    d.plainAxis = new QValueAxis(d.chart);
    d.plainAxis->setLabelsVisible(false);
    d.plainAxis->setGridLineVisible(false);
    d.plainAxis->setTickCount(2);
    d.values = new QValueAxis(d.chart);
    d.chart->addAxis(d.categories, Qt::AlignBottom);
    d.chart->addAxis(d.values, Qt::AlignLeft);
    d.categoryFont = d.categories->labelsFont();
    applyPalette(d.chart, palette());
    // Value labels sit above their bars: they move whenever the plot area does, and sideways
    // category labels fit the rows it gives them.
    connect(d.chart, &QChart::plotAreaChanged, this, [this] {
        placeValueLabels();
        fitSidewaysLabels();
        if (m_impl->categoryBars) {
            m_impl->categoryBars->plotAreaMoved();
        }
    });
}

BarChart::~BarChart() = default;

int BarChart::categoryLabelAngle() const {
    return paintsOwnLabels(m_data) ? m_impl->ownLabelAngle : m_impl->categories->labelsAngle();
}

bool BarChart::scrolls() const {
    return m_impl->scrollWidth > 0;
}

QString BarChart::valueLabelFormat() const {
    return m_impl->values->labelFormat();
}

QList<QPointF> BarChart::drawnLine(size_t index) const {
    return index < m_impl->lines.size() ? m_impl->lines[index]->points() : QList<QPointF>();
}

QPair<qreal, int> BarChart::valueAxis() const {
    return {m_impl->values->max(), m_impl->values->tickCount()};
}

QStringList BarChart::texts() const {
    const Impl& d = *m_impl;
    QStringList out;
    for (const QString& text : {m_data.title, m_data.valueTitle}) {
        if (!text.isEmpty()) {
            out << text;
        }
    }
    out << m_data.categories;
    // The value axis's tick labels, as QtCharts writes them (its format, the chart's locale).
    const QLocale locale = valueLabelLocale();
    const int ticks = d.values->tickCount();
    for (int t = 0; t < ticks && ticks > 1; ++t) {
        const qreal v = d.values->min() + (d.values->max() - d.values->min()) * t / (ticks - 1);
        out << locale.toString(v, 'f', labelDecimals(d.values->labelFormat()));
    }
    for (const QGraphicsSimpleTextItem* label : d.valueLabels) {
        out << label->text();
    }
    for (const QGraphicsSimpleTextItem* label : d.lineLabels) {
        out << label->text();
    }
    if (d.chart->legend()->isVisible()) {
        for (const QLegendMarker* marker : d.chart->legend()->markers()) {
            if (marker->isVisible()) {
                out << marker->label();
            }
        }
    }
    return out;
}

QLocale BarChart::valueLabelLocale() const {
    return m_impl->chart->localizeNumbers() ? m_impl->chart->locale() : QLocale::c();
}

void BarChart::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette(m_impl->chart, palette());
        fitCategories();  // the labels CategoryBars writes take the new text colour
        for (size_t i = 0; i < m_impl->lines.size() && i < m_data.lines.size(); ++i) {
            m_impl->lines[i]->setPen(QPen(lineColor(m_data.lines[i], palette()), 2, Qt::DashLine));
        }
        placeValueLabels();
    }
}

void BarChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitCategories();
}

bool BarChart::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_impl->scroll->viewport() && event->type() == QEvent::Resize) {
        fitCategories();
    }
    return QWidget::eventFilter(watched, event);
}

QRectF BarChart::plotArea() const {
    return m_impl->chart->plotArea();
}

bool BarChart::showsLegend() const {
    return m_impl->chart->legend()->isVisible() && m_impl->view->isVisible();
}

QStringList BarChart::drawnCategoryLabels() const {
    QStringList out;
    if (paintsOwnLabels(m_data) && m_impl->categoryBars) {
        const QStringList& shown = m_impl->categoryBars->labels();
        for (qsizetype c = 0; c < shown.size() && c < m_data.categories.size(); ++c) {
            if (shown[c] == m_data.categories[c]) {
                out << shown[c];
            }
        }
        return out;
    }
    const QRectF visible = m_impl->chart->rect();
    const QGraphicsScene* scene = m_impl->chart->scene();
    for (const QGraphicsItem* item : scene ? scene->items() : QList<QGraphicsItem*>()) {
        const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
        if (text && text->isVisible() && m_data.categories.contains(text->toPlainText()) &&
            visible.contains(text->mapRectToItem(m_impl->chart, text->boundingRect()))) {
            out << text->toPlainText();
        }
    }
    return out;
}

QStringList BarChart::writtenCategoryLabels() const {
    if (paintsOwnLabels(m_data) && m_impl->categoryBars) {
        return m_impl->categoryBars->labels();
    }
    return m_data.categories;  // QtCharts' axis is given them whole (escaped, in its own order)
}

void BarChart::fitSidewaysLabels() {
    Impl& d = *m_impl;
    if (!m_data.horizontal || m_data.categories.isEmpty() || d.fitting) {
        return;
    }
    // Each label within its row (QtCharts leaves out a label that overlaps its neighbour: in
    // Japanese four of seven went) and within QtCharts' share of the width for a side axis.
    const qreal row = d.chart->plotArea().height() / qreal(m_data.categories.size());
    const qreal room = kSideAxisShare * d.view->width() - kSideAxisPad;
    QFont font = d.categoryFont;
    const auto fits = [&](const QFont& f) {
        for (const QString& label : m_data.categories) {
            // Laid out as QtCharts lays it out: a Japanese label's line is as tall as the CJK
            // font it falls back to, not as the Latin font asked for.
            QTextLayout layout(label, f);
            layout.beginLayout();
            const QTextLine line = layout.createLine();
            layout.endLayout();
            if (line.naturalTextWidth() > room || line.height() + kLabelMargin > row) {
                return false;
            }
        }
        return true;
    };
    while (font.pointSizeF() > kMinCategoryPoints && !fits(font)) {
        font.setPointSizeF(font.pointSizeF() - kCategoryStep);
    }
    if (font != d.categories->labelsFont()) {
        d.fitting = true;  // the new font moves the plot area, which calls back here
        d.categories->setLabelsFont(font);
        d.fitting = false;
    }
}

bool BarChart::categoryLabelsFit() const {
    if (!m_data.horizontal) {
        return true;  // turned upright, and past that scrolled
    }
    const QFontMetrics metrics(m_impl->categories->labelsFont());
    int widest = 0;
    for (const QString& label : m_data.categories) {
        widest = std::max(widest, metrics.horizontalAdvance(label));
    }
    return widest + kSideAxisPad <= kSideAxisShare * m_impl->view->width();
}

void BarChart::fitCategories() {
    Impl& d = *m_impl;
    // Labels this chart writes keep the font as it was (a sideways chart before may have shrunk
    // the axis's to fit).
    const QFontMetrics metrics(paintsOwnLabels(m_data) ? d.categoryFont
                                                       : d.categories->labelsFont());
    int across = 0;
    for (const QString& label : m_data.categories) {
        across += metrics.horizontalAdvance(label) + kLabelGap;
    }
    const QSize visible = d.scroll->viewport()->size();
    const int width = visible.width();
    int angle = 0;
    d.scrollWidth = 0;
    if (!m_data.horizontal && across > width - kValueAxisSpace) {
        angle = -90;  // upright: one line height per category
        const int upright =
            int(m_data.categories.size()) * (metrics.height() + kUprightGap) + kValueAxisSpace;
        d.scrollWidth = upright > width ? upright : 0;  // still too many: scroll sideways
    }
    if (paintsOwnLabels(m_data)) {
        fitOwnLabels(angle, visible.height());
    } else if (d.categories->labelsAngle() != angle) {
        d.categories->setLabelsAngle(angle);
    }
    // As tall as the visible area (which loses the scroll bar's height once it scrolls: that
    // resize comes back here).
    d.view->resize(std::max(width, d.scrollWidth), visible.height());
}

// The labels CategoryBars writes: their room below the plot (a chart margin, so QtCharts keeps
// the plot clear of it) and what each shows in it.
void BarChart::fitOwnLabels(int angle, int height) {
    Impl& d = *m_impl;
    d.ownLabelAngle = angle;
    const QFontMetricsF exact(d.categoryFont);
    qreal extent = exact.height();
    QStringList shown = m_data.categories;
    if (angle != 0) {
        const qreal room = std::max(exact.height(), kUprightLabelShare * height);
        shown = shortenedLabels(m_data.categories, exact, room);
        extent = 0;
        for (const QString& label : shown) {
            extent = std::max(extent, exact.horizontalAdvance(label));
        }
        extent = std::ceil(extent);
    }
    QMargins margins = d.chart->margins();
    margins.setBottom(2 + int(kOwnLabelPad + extent));
    if (margins != d.chart->margins()) {
        d.chart->setMargins(margins);
    }
    if (d.categoryBars) {
        d.categoryBars->setLabels(std::move(shown), d.categoryFont, palette().color(QPalette::Text),
                                  angle, extent);
    }
}

// Over 80 lines: sets up the series, axes and labels QtCharts needs in the order it needs them, in
// place when the shape is the same.
void BarChart::setData(const BarChartData& data) {
    Impl& d = *m_impl;
    const bool inPlace = d.bars && sameShape(m_data, data);
    const bool sideways = data.horizontal;
    const bool ownLabels = paintsOwnLabels(data);
    // The axis along the categories: QtCharts' with its labels, or a plain one under labels
    // CategoryBars writes.
    QAbstractAxis* along = ownLabels ? static_cast<QAbstractAxis*>(d.plainAxis) : d.categories;
    if (!inPlace) {
        d.chart->removeAllSeries();
        d.lines.clear();
        const Qt::Alignment alongSide = sideways ? Qt::AlignLeft : Qt::AlignBottom;
        if (!d.chart->axes().contains(along) || along->alignment() != alongSide) {
            for (QAbstractAxis* axis : d.chart->axes()) {
                d.chart->removeAxis(axis);
            }
            d.chart->addAxis(along, alongSide);
            d.chart->addAxis(d.values, sideways ? Qt::AlignBottom : Qt::AlignLeft);
        }
        if (sideways) {
            d.bars = new QHorizontalBarSeries;
        } else {
            d.bars = new QBarSeries;
        }
        d.bars->setBarWidth(data.stacked ? kStackedBarWidth : 0.85);
        if (data.stacked) {
            // One invisible set of the category totals; CategoryBars paints the bars.
            auto* totals = new QBarSet(QString());
            totals->setColor(Qt::transparent);
            totals->setPen(Qt::NoPen);
            totals->append(inChartOrder(barTops(data), sideways));
            d.bars->append(totals);
        }
        for (const BarSetData& set : data.stacked ? std::vector<BarSetData>() : data.sets) {
            auto* bars = new QBarSet(chartText(set.name));
            bars->setColor(set.color);
            if (set.outline.isValid()) {
                bars->setPen(QPen(set.outline, kOutlineWidth));
            } else {
                bars->setBorderColor(set.color.darker(140));
            }
            bars->append(inChartOrder(set.values, sideways));
            d.bars->append(bars);
        }
        d.chart->addSeries(d.bars);
        d.bars->attachAxis(along);
        d.bars->attachAxis(d.values);
        if (data.stacked) {
            hideFromLegend(d.chart, d.bars);  // the category labels name the bars
            if (!d.categoryBars) {
                d.categoryBars = new CategoryBars(d.chart, kStackedBarWidth);
            }
        }
        for (const ReferenceLine& ref : data.lines) {
            auto* line = new QLineSeries;
            line->setName(chartText(ref.name));
            line->setPen(QPen(lineColor(ref, palette()), 2, Qt::DashLine));
            line->replace(linePoints(data.categories.size(), ref, sideways));
            d.chart->addSeries(line);
            line->attachAxis(along);
            line->attachAxis(d.values);
            d.lines.push_back(line);
        }
        // Stacked bars are named by their categories and reference lines carry their names on
        // the plot: only grouped sets need a legend.
        d.chart->legend()->setVisible(!data.stacked);
        // Sideways bars name their reference lines above the plot: leave room for one line.
        const int top = sideways && !data.lines.empty() ? QFontMetrics(font()).height() + 2 : 2;
        d.chart->setMargins(QMargins(2, top, 2, 2));
        applyPalette(d.chart, palette());
    } else if (data.stacked) {
        QBarSet* totals = d.bars->barSets().front();
        const QList<qreal> values = inChartOrder(barTops(data), sideways);
        const QList<qreal> old = inChartOrder(barTops(m_data), sideways);
        for (qsizetype i = 0; i < values.size(); ++i) {
            if (old[i] != values[i]) {
                totals->replace(i, values[i]);
            }
        }
    } else {
        const QList<QBarSet*> sets = d.bars->barSets();
        for (size_t s = 0; s < data.sets.size(); ++s) {
            const QList<qreal> values = inChartOrder(data.sets[s].values, sideways);
            const QList<qreal> old = inChartOrder(m_data.sets[s].values, sideways);
            for (qsizetype i = 0; i < values.size(); ++i) {
                if (i >= old.size() || old[i] != values[i]) {
                    sets[qsizetype(s)]->replace(i, values[i]);
                }
            }
        }
    }
    if (inPlace) {  // stacked or not: the reference lines move with the numbers
        for (size_t i = 0; i < data.lines.size(); ++i) {
            d.lines[i]->replace(linePoints(data.categories.size(), data.lines[i], sideways));
        }
    }
    if (ownLabels) {
        d.plainAxis->setRange(-0.5, qreal(data.categories.size()) - 0.5);
    } else if (!inPlace || m_data.categories != data.categories) {
        const bool labels = d.categories->labelsVisible();
        d.categories->setLabelsVisible(false);
        d.categories->setCategories(chartTexts(inChartOrder(data.categories, sideways)));
        d.categories->setLabelsVisible(labels);
    }
    setTitle(d.title, data.title);
    d.values->setTitleText(chartText(data.valueTitle));
    const qreal top = largest(data);
    const std::pair axisFor{top, data.valueCap};
    if (!inPlace || d.valueAxisFor != axisFor) {
        d.valueAxisFor = axisFor;
        d.values->setRange(0, top > 0 ? top * kHeadroom : 1);
        formatValueAxis(d.values);
        if (data.valueCap > 0 && d.values->max() > data.valueCap) {
            // A share stops at 100 %: the axis ends there, in fifths.
            d.values->setRange(0, data.valueCap);
            d.values->setTickCount(kValueTicks + 1);
            d.values->setLabelFormat(labelFormat(data.valueCap / kValueTicks));
        }
    }
    // The category labels are fitted again when they or their font change; a resize fits them
    // on its own (resizeEvent).
    const bool refit = !inPlace || m_data.categories != data.categories;
    m_data = data;
    if (d.categoryBars) {
        d.categoryBars->setVisible(data.stacked);
        d.categoryBars->setBars(data.stacked ? &m_data : nullptr, d.bars);
        if (!ownLabels && !d.categoryBars->labels().isEmpty()) {
            d.categoryBars->setLabels({}, {}, {}, 0, 0);
        }
    }
    placeValueLabels();
    if (refit) {
        fitCategories();
    }
}

void BarChart::placeValueLabels() {
    Impl& d = *m_impl;
    const BarChartData& data = m_data;
    const QList<qreal> tops = !data.percentLabels || !d.bars ? QList<qreal>() : barTops(data);
    while (d.valueLabels.size() > size_t(tops.size())) {
        delete d.valueLabels.back();
        d.valueLabels.pop_back();
    }
    while (d.valueLabels.size() < size_t(tops.size())) {
        d.valueLabels.push_back(new QGraphicsSimpleTextItem(d.chart));
        d.valueLabels.back()->setZValue(10);
    }
    // Each reference line's name: above its start (in view also when the chart scrolls), or for
    // sideways bars above the plot.
    const size_t lines = d.bars ? data.lines.size() : 0;
    while (d.lineLabels.size() > lines) {
        delete d.lineLabels.back();
        d.lineLabels.pop_back();
    }
    while (d.lineLabels.size() < lines) {
        d.lineLabels.push_back(new QGraphicsSimpleTextItem(d.chart));
        d.lineLabels.back()->setZValue(10);
    }
    const QRectF plot = d.chart->plotArea();
    for (size_t i = 0; i < lines; ++i) {
        const ReferenceLine& line = data.lines[i];
        QGraphicsSimpleTextItem* label = d.lineLabels[i];
        label->setText(line.name);
        label->setBrush(lineColor(line, palette()));
        const QRectF box = label->boundingRect();
        const qreal value = line.perCategory.isEmpty() ? line.value : line.perCategory.front();
        if (data.horizontal) {  // above the plot, centred on the line
            const QPointF at = d.chart->mapToPosition(QPointF(value, 0), d.bars);
            label->setPos(at.x() - box.width() / 2, plot.top() - box.height() - 1);
        } else {
            const qreal first = line.perCategory.isEmpty() ? line.value : line.perCategory.front();
            const QPointF at = d.chart->mapToPosition(QPointF(0, first), d.bars);
            label->setPos(plot.left() + 4, at.y() - box.height() - 1);
        }
    }
    for (qsizetype c = 0; c < tops.size(); ++c) {
        QGraphicsSimpleTextItem* label = d.valueLabels[size_t(c)];
        const QString note = data.valueNotes.value(c);
        label->setText(note.isEmpty() ? format::percent(tops[c] / 100.0) : note);
        label->setBrush(palette().color(QPalette::Text));
        const QRectF box = label->boundingRect();
        // Past the end of the bar, and past a reference line it would sit on; inside the bar's
        // end when the plot has no room past it (a bar near 100 %).
        if (data.horizontal) {
            const qreal row = qreal(tops.size() - 1 - c);
            const QPointF at = d.chart->mapToPosition(QPointF(tops[c], row), d.bars);
            qreal x = at.x() + 4;
            for (const ReferenceLine& line : data.lines) {
                const qreal lineX = d.chart->mapToPosition(QPointF(line.value, row), d.bars).x();
                if (line.perCategory.isEmpty() && lineX >= x - 2 && lineX <= x + box.width()) {
                    x = lineX + 4;
                }
            }
            if (x + box.width() > plot.right() && at.x() - box.width() - 4 > plot.left()) {
                x = at.x() - box.width() - 4;
                label->setBrush(contrastingText(barColor(data, c)));
            }
            label->setPos(x, at.y() - box.height() / 2);
        } else {
            const QPointF at = d.chart->mapToPosition(QPointF(qreal(c), tops[c]), d.bars);
            qreal y = at.y() - box.height() - 2;
            for (const ReferenceLine& line : data.lines) {
                const qreal value = line.perCategory.value(c, line.value);
                const qreal lineY = d.chart->mapToPosition(QPointF(qreal(c), value), d.bars).y();
                if (lineY >= y && lineY <= y + box.height() + 2) {
                    y = lineY - box.height() - 3;
                }
            }
            label->setPos(at.x() - box.width() / 2, y);
        }
    }
}

}  // namespace ringscope
