#include "boundedloadpanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

#include "comparedalgorithm.h"
#include "document.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "placed.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/bounded_load.h"
#include "ringscope/diff.h"
#include "scenarioedits.h"
#include "tablefill.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

// The node ids under bars `room` pixels wide: whole where they all fit; else without the start
// they all share, up to a separator ("…10:8080" for 10.0.0.10:8080 among 10.0.0.x), then without
// the end they share too ("…10…"); each shortened in the middle only when still too wide. Ids
// elided in the middle one by one ran together as "10.0….:8080".
QStringList fittedLabels(const QStringList& ids, double room, const QFontMetricsF& metrics) {
    const auto fit = [&](const QStringList& labels) {
        return std::all_of(labels.begin(), labels.end(), [&](const QString& label) {
            return metrics.horizontalAdvance(label) <= room;
        });
    };
    if (ids.size() < 2 || fit(ids)) {
        return ids;
    }
    const auto separator = [](QChar c) {
        return c == u'.' || c == u':' || c == u'-' || c == u'_' || c == u'/' || c == u'#';
    };
    // The shared start, ending at a separator, leaving something of every id.
    qsizetype shortest = ids[0].size();
    for (const QString& id : ids) {
        shortest = std::min(shortest, id.size());
    }
    qsizetype start = 0;
    while (start < shortest - 1 && std::all_of(ids.begin(), ids.end(), [&](const QString& id) {
               return id[start] == ids[0][start];
           })) {
        ++start;
    }
    while (start > 0 && !separator(ids[0][start - 1])) {
        --start;
    }
    QStringList out;
    for (const QString& id : ids) {
        out << (start > 0 ? QStringLiteral("…") + id.mid(start) : id);
    }
    if (fit(out)) {
        return out;
    }
    // The shared end, from a separator on.
    qsizetype end = 0;
    const auto at = [&](const QString& id, qsizetype back) { return id[id.size() - 1 - back]; };
    while (end < shortest - start - 1 &&
           std::all_of(ids.begin(), ids.end(),
                       [&](const QString& id) { return at(id, end) == at(ids[0], end); })) {
        ++end;
    }
    while (end > 0 && !separator(at(ids[0], end - 1))) {
        --end;
    }
    for (QString& label : out) {
        if (end > 0) {
            label = label.left(label.size() - end) + QStringLiteral("…");
        }
        label = metrics.elidedText(label, Qt::ElideMiddle, room);
    }
    return out;
}

constexpr qreal kMargin = 8;
constexpr qreal kLabelHeight = 18;
constexpr qreal kFlowSpace = 46;  // above the tallest bar, for the overflow arrows
constexpr qreal kHeadroom = 1.08;
constexpr qreal kMaxFlowWidth = 4;
constexpr int kFlowAlpha = 110;  // the overflow arches behind the selected key's chain
constexpr double kFactorStep = 0.05;
constexpr double kMaxFactor = 10.0;

// Where each key landed before the full nodes it passed: that chain is the long one, and last,
// where it may run past the edge ("Landed on" was hidden there).
enum Column { KeyColumn, WeightColumn, FirstColumn, LandedColumn, PassedColumn, ColumnCount };

QString loadText(double value, bool weighted) {
    return weighted ? format::significant(value, 4) : format::count(uint64_t(std::llround(value)));
}

}  // namespace

// ---------------------------------------------------------------------------------------------

BoundedLoadChart::BoundedLoadChart(QWidget* parent) : ExplanationPicture(parent) {}

QSize BoundedLoadChart::sizeHint() const {
    return {520, 220};
}

QSize BoundedLoadChart::minimumSizeHint() const {
    return {200, 140};
}

QRectF BoundedLoadChart::barRect(size_t node) const {
    return node < m_bars.size() ? m_bars[node] : QRectF();
}

qreal BoundedLoadChart::capacityY(size_t node) const {
    return node < m_capacityY.size() ? m_capacityY[node] : 0;
}

void BoundedLoadChart::setChain(std::vector<uint32_t> chain) {
    m_chain = std::move(chain);
    relayout();
    update();
}

QPainterPath BoundedLoadChart::hop(uint32_t from, uint32_t to, qreal lift) const {
    // From the top of one column to the top of another, arched over the bars.
    const auto top = [&](uint32_t n) {
        return std::min({m_plain[n].top(), m_capacityY[n], m_bars[n].top()}) - 3;
    };
    const QPointF a(m_bars[from].center().x(), top(from));
    const QPointF b(m_bars[to].center().x(), top(to));
    const qreal arch =
        std::min(std::min(a.y(), b.y()) - kMargin, lift + std::abs(b.x() - a.x()) * 0.25);
    QPainterPath path(a);
    path.cubicTo(a - QPointF(0, arch), b - QPointF(0, arch), b);
    return path;
}

void BoundedLoadChart::relayout() {
    m_bars.clear();
    m_received.clear();
    m_plain.clear();
    m_capacityY.clear();
    m_flows.clear();
    m_flowWidth.clear();
    m_chainHops.clear();
    if (!m_data || m_data->load.empty()) {
        return;
    }
    const BoundedExplanation& e = *m_data;
    const size_t n = e.load.size();
    double top = 1;
    for (size_t i = 0; i < n; ++i) {
        top = std::max({top, e.load[i], e.capacity[i], e.plainLoad[i]});
    }
    m_top = top * kHeadroom;
    m_axisWidth = fontMetrics().horizontalAdvance(loadText(m_top, e.weighted)) + 8;
    m_plot = QRectF(kMargin + m_axisWidth, kMargin + kFlowSpace,
                    std::max<qreal>(10, width() - 2 * kMargin - m_axisWidth),
                    std::max<qreal>(10, height() - 2 * kMargin - kFlowSpace - kLabelHeight));
    const qreal slot = m_plot.width() / qreal(n);
    const qreal barWidth = std::max<qreal>(2, slot * 0.62);
    const auto y = [&](double value) { return m_plot.bottom() - m_plot.height() * value / m_top; };
    for (size_t i = 0; i < n; ++i) {
        const qreal x = m_plot.left() + qreal(i) * slot + (slot - barWidth) / 2;
        m_bars.emplace_back(QPointF(x, y(e.load[i])), QPointF(x + barWidth, m_plot.bottom()));
        m_received.emplace_back(QPointF(x, y(e.load[i])),
                                QPointF(x + barWidth, y(e.load[i] - e.received[i])));
        m_plain.emplace_back(QPointF(x, y(e.plainLoad[i])), QPointF(x + barWidth, m_plot.bottom()));
        m_capacityY.push_back(y(e.capacity[i]));
    }
    // All overflow, faintly: one arch per (first choice, landed) pair, the largest only.
    double heaviest = 0;
    for (const OverflowFlow& f : e.flows) {
        heaviest = std::max(heaviest, f.weight);
    }
    const size_t drawn = std::min(e.flows.size(), kBoundedDrawnFlows);
    for (size_t i = 0; i < drawn; ++i) {
        const OverflowFlow& f = e.flows[i];
        m_flows.push_back(hop(f.from, f.to, 10));
        m_flowWidth.push_back(1 + (kMaxFlowWidth - 1) * std::sqrt(f.weight / heaviest));
    }
    // The selected key's chain, hop by hop: its first choice, the full nodes after it, where it
    // landed.
    for (size_t i = 0; i + 1 < m_chain.size(); ++i) {
        if (m_chain[i] < n && m_chain[i + 1] < n) {
            m_chainHops.push_back(hop(m_chain[i], m_chain[i + 1], 24));
        }
    }
}

QStringList BoundedLoadChart::shownLabels() const {
    if (!m_data || m_bars.empty()) {
        return {};
    }
    const qreal slot = m_plot.width() / qreal(m_bars.size());
    return fittedLabels(m_data->ids, slot - 4, QFontMetricsF(font()));
}

QStringList BoundedLoadChart::texts() const {
    QStringList out;
    if (!m_data || m_bars.empty()) {
        return out;
    }
    out << loadText(m_top, m_data->weighted) << QStringLiteral("0");
    out << shownLabels();
    for (size_t i = 0; i < m_chainHops.size(); ++i) {
        out << QString::number(i + 1);
    }
    return out;
}

void BoundedLoadChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    if (!m_data || m_bars.empty()) {
        return;
    }
    const BoundedExplanation& e = *m_data;
    p.setPen(colors.faintText);
    p.drawLine(m_plot.bottomLeft(), m_plot.bottomRight());
    p.drawText(QRectF(kMargin, m_plot.top() - 8, m_axisWidth - 4, 16), Qt::AlignRight,
               loadText(m_top, e.weighted));
    p.drawText(QRectF(kMargin, m_plot.bottom() - 8, m_axisWidth - 4, 16), Qt::AlignRight,
               QStringLiteral("0"));
    for (size_t i = 0; i < m_bars.size(); ++i) {
        // The load with the cap (hatched on top: what overflowed here from other nodes), the load
        // without it (dashed), and the capacity (a line across).
        p.fillRect(m_bars[i], m_colors[i]);
        p.fillRect(m_received[i], QBrush(contrastingText(m_colors[i]), Qt::BDiagPattern));
        p.setPen(QPen(colors.faintText, 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(m_plain[i]);
        p.setPen(QPen(colors.text, 2));
        const qreal cy = m_capacityY[i];
        p.drawLine(QPointF(m_bars[i].left() - 4, cy), QPointF(m_bars[i].right() + 4, cy));
    }
    // Each id under its own bar's slot, never over its neighbour's.
    const QStringList labels = shownLabels();
    const qreal slot = m_plot.width() / qreal(m_bars.size());
    p.setPen(colors.text);
    for (size_t i = 0; i < m_bars.size(); ++i) {
        const QRectF label(m_bars[i].center().x() - slot / 2 + 1, m_plot.bottom() + 2, slot - 2,
                           kLabelHeight);
        p.drawText(label, Qt::AlignHCenter | Qt::AlignTop, labels.value(qsizetype(i)));
    }
    const auto arrow = [&](const QPainterPath& path, const QColor& color, qreal width) {
        p.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        const QPointF tip = path.pointAtPercent(1);
        const qreal h = 4 + width;
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawPolygon(QPolygonF({tip, tip + QPointF(-h * 0.6, -h), tip + QPointF(h * 0.6, -h)}));
    };
    QColor faint = colors.walk;
    faint.setAlpha(kFlowAlpha);
    for (size_t i = 0; i < m_flows.size(); ++i) {
        arrow(m_flows[i], faint, m_flowWidth[i]);
    }
    for (size_t i = 0; i < m_chainHops.size(); ++i) {
        arrow(m_chainHops[i], colors.selection, 3);
        const QPointF mid = m_chainHops[i].pointAtPercent(0.5);
        const QRectF badge(mid.x() - 9, mid.y() - 9, 18, 18);
        p.setPen(Qt::NoPen);
        p.setBrush(colors.selection);
        p.drawEllipse(badge);
        p.setPen(contrastingText(colors.selection));
        p.drawText(badge, Qt::AlignCenter, QString::number(i + 1));
    }
}

// ---------------------------------------------------------------------------------------------

// Over 80 lines: makes the panel's widgets, their layout and connections in reading order.
BoundedLoadPanel::BoundedLoadPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_factor(new QDoubleSpinBox(this)),
      m_change(new QComboBox(this)),
      m_chart(new BoundedLoadChart(this)),
      m_price(new QLabel(this)),
      m_keys(new QTableWidget(this)),
      m_data(std::make_shared<BoundedExplanation>()) {
    setWork<BoundedExplanation>(
        kViewDebounceMs,
        [this] {
            BoundedChange change;
            const int index = m_change->currentIndex();
            change.add = index <= 0;
            change.node = size_t(std::max(0, index - 1));
            return [scenario = this->document()->scenario(),
                    keys = sampleKeys(this->document()->computed()->keys, kBoundedSampleKeys),
                    total = this->document()->keys().size(),
                    percent = uint32_t(std::lround(m_factor->value() * 100)),
                    change] { return explainBoundedLoads(scenario, keys, total, percent, change); };
        },
        [this](BoundedExplanation e) { present(std::move(e)); });
    m_factor->setRange(kMinBalanceFactorPercent / 100.0, kMaxFactor);
    m_factor->setSingleStep(kFactorStep);
    m_factor->setDecimals(2);
    m_factor->setValue(kBoundedDefaultPercent / 100.0);
    m_factor->setToolTip(
        tr("The balance factor c: a node takes keys up to ceil(c · placed · "
           "w/Σw); Envoy's hash_balance_factor and HAProxy's "
           "hash-balance-factor are c·100"));
    m_change->setToolTip(tr("The membership change whose price is counted"));
    m_price->setWordWrap(true);
    m_price->setTextFormat(Qt::PlainText);
    m_price->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setUpReadOnlyTable(m_keys, {tr("Key"), tr("Load"), tr("First choice"), tr("Landed on"),
                                tr("Full nodes passed")});
    m_keys->setTextElideMode(Qt::ElideMiddle);
    m_keys->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_keys->setSelectionMode(QAbstractItemView::SingleSelection);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Balance factor c:"), this));
    controls->addWidget(m_factor);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Price of:"), this));
    controls->addWidget(m_change, 1);
    auto* left = new QVBoxLayout;
    left->addLayout(controls);
    left->addWidget(m_chart, 1);
    auto* side = new QVBoxLayout;
    side->addWidget(summaryLabel());
    side->addWidget(m_price);
    side->addWidget(m_keys, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 3);
    layout->addLayout(side, 2);
    setMinimumSize(kTablePanelMinimumSize);

    connect(m_factor, &QDoubleSpinBox::valueChanged, this, [this] { scheduleWork(); });
    connect(m_change, &QComboBox::currentIndexChanged, this, [this] { scheduleWork(); });
    connect(m_keys, &QTableWidget::currentCellChanged, this, [this](int row) {
        showChain(row);
        if (row >= 0 && size_t(row) < m_data->displaced.size() &&
            m_data->displaced[size_t(row)].key < this->document()->keys().size()) {
            this->document()->setSelectedKey(m_data->displaced[size_t(row)].key);
        }
    });
    follow({DocumentChange::QuestionOpen}, [this] {
        if (m_data) {
            present(*m_data);
        }
    });
    follow({DocumentChange::Scenario}, [this] {
        refillChanges();
        const std::optional<uint32_t> own = this->document()->scenario().boundedLoadPercent;
        if (own && own != m_scenarioFactor) {
            const QSignalBlocker block(m_factor);
            m_factor->setValue(*own / 100.0);
        }
        m_scenarioFactor = own;
        scheduleWork();
    });
    refillChanges();
    m_scenarioFactor = this->document()->scenario().boundedLoadPercent;
    if (m_scenarioFactor) {
        m_factor->setValue(*m_scenarioFactor / 100.0);
    }
    scheduleWork();
}

void BoundedLoadPanel::setFactor(double factor) {
    m_factor->setValue(factor);
}

void BoundedLoadPanel::setChange(BoundedChange change) {
    m_change->setCurrentIndex(change.add ? 0 : int(change.node) + 1);
}

QString BoundedLoadPanel::priceText() const {
    return m_price->text();
}

void BoundedLoadPanel::showChain(int row) {
    std::vector<uint32_t> chain;
    if (row >= 0 && size_t(row) < m_data->displaced.size()) {
        const DisplacedKey& d = m_data->displaced[size_t(row)];
        chain = d.passed;
        chain.push_back(d.landed);
    }
    m_chart->setChain(std::move(chain));
}

void BoundedLoadPanel::refillChanges() {
    const Scenario& s = document()->scenario();
    const int keep = m_change->currentIndex();
    const QSignalBlocker block(m_change);
    m_change->clear();
    m_change->addItem(tr("adding a node"));
    for (const NodeSpec& n : s.nodes) {
        m_change->addItem(tr("removing %1").arg(qs(n.id)));
    }
    // Default: removing the first node, the failure bounded loads are priced by.
    m_change->setCurrentIndex(
        keep >= 0 && keep < m_change->count() ? keep : std::min(1, int(s.nodes.size())));
}

void BoundedLoadPanel::present(BoundedExplanation explanation) {
    m_data = std::make_shared<const BoundedExplanation>(std::move(explanation));
    const BoundedExplanation& e = *m_data;
    const std::vector<QColor> colors = nodeColors(e.nodes);
    m_chart->setExplanation(m_data);
    m_factor->setEnabled(!e.ownFactor);
    if (!e.error.isEmpty()) {
        summaryLabel()->setText(e.error);
        m_price->clear();
        m_keys->setRowCount(0);
        return;
    }
    const QString c = format::number(e.factorPercent / 100.0, 2);
    QString text;
    if (e.substituted) {
        text =
            tr("Bounded loads apply to ring and Maglev; these keys are placed on a ring of the "
               "same nodes. ");
    }
    text += e.ownFactor ? tr("%1 with the scenario's bounded loads, c = %2. ").arg(e.algorithm, c)
                        : tr("%1 with bounded loads c = %2 (a trial; the scenario has none). ")
                              .arg(e.algorithm, c);
    const QString unit = e.weighted ? tr("requests") : tr("keys");
    double maxCapacity = 0;
    for (const double capacity : e.capacity) {
        maxCapacity = std::max(maxCapacity, capacity);
    }
    text += tr("Bars: %1 per node, hatched what overflowed in; dashed: without the cap; line: "
               "capacity ceil(c · placed · w/Σw), at most %2. %3 of %4 keys landed away from "
               "their first choice (arches; the selected key's chain numbered).")
                .arg(unit, loadText(maxCapacity, e.weighted), format::count(e.displacedCount),
                     format::count(e.keys));
    if (e.overCapacity > 0) {
        text += tr(" %1 heavy keys fit nowhere and went to the node with the most room.")
                    .arg(format::count(e.overCapacity));
    }
    if (e.keysTotal > e.keys) {
        text += tr(" Over the first %1 of %2 keys.")
                    .arg(format::count(e.keys), format::count(e.keysTotal));
    }
    summaryLabel()->setText(text);
    if (document()->isQuestionOpen()) {
        m_price->setText(answerWithheldNote());  // what a change moves is the question's
    } else if (e.changeText.isEmpty()) {
        m_price->setText(tr("Pick a membership change to see its price."));
    } else {
        m_price->setText(
            tr("The price, %1: %2 keys move with bounded loads (%3), %4 without "
               "(%5); ideal %6.")
                .arg(e.changeText, format::count(e.movedBounded),
                     format::percentOf(e.movedBounded, e.keys), format::count(e.movedPlain),
                     format::percentOf(e.movedPlain, e.keys), format::percent(e.ideal)));
    }
    const QSignalBlocker block(m_keys);
    refill(m_keys, int(e.displaced.size()), [&](int row) {
        const DisplacedKey& d = e.displaced[size_t(row)];
        const auto set = [&](int column, const QString& value) {
            auto* item = new QTableWidgetItem(value);
            m_keys->setItem(row, column, item);
            return item;
        };
        QStringList passed;
        for (const uint32_t n : d.passed) {
            passed << e.ids.value(qsizetype(n));
        }
        set(KeyColumn, d.name);
        set(WeightColumn, loadText(d.weight, e.weighted))
            ->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        set(FirstColumn, e.ids.value(qsizetype(d.firstChoice)));
        set(PassedColumn, passed.join(QStringLiteral(" → ")));
        QPixmap swatch(12, 12);
        swatch.fill(colors[d.landed]);
        set(LandedColumn, e.ids.value(qsizetype(d.landed)))->setIcon(swatch);
    });
    if (m_keys->rowCount() > 0) {
        m_keys->setCurrentCell(0, KeyColumn);
    }
    showChain(m_keys->currentRow());
}

namespace {
// The Bounded loads view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"bounded-loads", "boundedLoadDock", QT_TRANSLATE_NOOP("QObject", "Bounded loads"), 90,
     [](const ViewContext& c) -> QWidget* { return new BoundedLoadPanel(c.document, c.parent); }}};
}  // namespace

}  // namespace ringscope
