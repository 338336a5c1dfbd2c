#pragma once
// The bounded-loads view (Mirrokni, Thorup & Zadimoghaddam; Envoy's hash_balance_factor,
// HAProxy's hash-balance-factor): each node's load against its capacity ceil(c·placed·w/Σw),
// next to what it would carry without the cap; the overflow from a key's first choice to where
// it landed, drawn between the bars; the displaced keys listed with the full nodes they passed;
// and the price: keys moved by a membership change with and without bounding. The factor is the
// scenario's own when it has one, else one to try (the view does not edit the scenario).

#include <QPainterPath>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "analysispanel.h"
#include "boundedanalysis.h"
#include "explanationpicture.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QTableWidget;

namespace ringscope {

class Document;
struct KeySet;
struct Scenario;

// Loads against capacity, one column per node, the overflow drawn as arrows between columns.
class BoundedLoadChart : public ExplanationPicture<BoundedExplanation> {
    Q_OBJECT
public:
    explicit BoundedLoadChart(QWidget* parent = nullptr);
    // Node n's bounded bar, and the y of its capacity line (tests).
    QRectF barRect(size_t node) const;
    qreal capacityY(size_t node) const;
    // Draws one key's overflow chain: first choice, the full nodes it passed, where it landed.
    void setChain(std::vector<uint32_t> chain);
    size_t chainHops() const { return m_chainHops.size(); }
    // The texts it draws: the load axis, the node ids under their bars, the chain's numbers.
    QStringList texts() const;
    // The ids under the bars as drawn: whole, or without the part they share (fittedLabels).
    QStringList shownLabels() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void relayout() override;

private:
    QPainterPath hop(uint32_t from, uint32_t to, qreal lift) const;

    std::vector<uint32_t> m_chain;
    std::vector<QRectF> m_bars;
    std::vector<QRectF> m_received;
    std::vector<QPainterPath> m_chainHops;
    qreal m_axisWidth = 0;
    std::vector<QRectF> m_plain;
    std::vector<qreal> m_capacityY;
    std::vector<QPainterPath> m_flows;
    std::vector<qreal> m_flowWidth;
    QRectF m_plot;
    double m_top = 1;
};

class BoundedLoadPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit BoundedLoadPanel(Document* document, QWidget* parent = nullptr);

    const BoundedExplanation& explanation() const { return *m_data; }
    const BoundedLoadChart& chart() const { return *m_chart; }
    const QTableWidget& displacedTable() const { return *m_keys; }
    void setFactor(double factor);
    void setChange(BoundedChange change);
    QString priceText() const;

private:
    void present(BoundedExplanation explanation);
    void refillChanges();
    void showChain(int row);

    QDoubleSpinBox* m_factor;
    QComboBox* m_change;
    BoundedLoadChart* m_chart;
    QLabel* m_price;
    QTableWidget* m_keys;
    std::shared_ptr<const BoundedExplanation> m_data;
    std::optional<uint32_t> m_scenarioFactor;  // the factor the spin box was last set from
};

}  // namespace ringscope
