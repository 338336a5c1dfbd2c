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

#include "backgroundjob.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QTableWidget;

namespace ringscope {

class Document;
struct KeySet;
struct Scenario;

inline constexpr size_t kBoundedSampleKeys = 200'000;
inline constexpr size_t kBoundedListedKeys = 1000;  // displaced keys listed in the table
inline constexpr size_t kBoundedDrawnFlows = 12;    // overflow arrows drawn, the largest
// The factor tried on a scenario without bounded loads: Envoy's and HAProxy's usual 1.25.
inline constexpr uint32_t kBoundedDefaultPercent = 125;

// A membership change whose price is counted: remove node `node`, or add one node.
struct BoundedChange {
    bool add = false;
    size_t node = 0;
    bool operator==(const BoundedChange&) const = default;
};

struct DisplacedKey {
    size_t key = 0;
    QString name;
    double weight = 1;
    uint32_t firstChoice = 0;
    std::vector<uint32_t> passed;  // full nodes passed, first choice first
    uint32_t landed = 0;
};

struct OverflowFlow {
    uint32_t from = 0;  // first choice
    uint32_t to = 0;    // where the keys landed
    double weight = 0;
    size_t keys = 0;
};

struct BoundedExplanation {
    QStringList ids;
    std::vector<QColor> colors;
    QString algorithm;         // what places the keys: "Ring" or "Maglev"
    bool ownFactor = false;    // the scenario's own bounded loads
    bool substituted = false;  // the scenario's algorithm takes no bounded loads: shown as a ring
    uint32_t factorPercent = kBoundedDefaultPercent;
    bool weighted = false;          // loads are requests (Zipf popularity), not keys
    std::vector<double> load;       // per node, bounded (the core's)
    std::vector<double> capacity;   // per node, once every key is placed
    std::vector<double> plainLoad;  // per node: first choices, i.e. without the cap
    std::vector<double> received;   // per node: load of displaced keys that landed on it
    double placed = 0;
    size_t keys = 0;
    size_t keysTotal = 0;
    size_t displacedCount = 0;
    size_t overCapacity = 0;
    std::vector<DisplacedKey> displaced;  // the first kBoundedListedKeys
    std::vector<OverflowFlow> flows;      // by weight, largest first
    // The price of `change`.
    BoundedChange change;
    QString changeText;  // "removing B", "adding node-7"
    size_t movedBounded = 0;
    size_t movedPlain = 0;
    double ideal = 0;
    QString error;
};

// The bounded placement of the scenario's keys (its own factor, else `factorPercent`; a scenario
// whose algorithm takes no bounded loads is placed as a ring), and what `change` moves with and
// without bounding, by the core's diff. Pure; O(K · probes).
BoundedExplanation explainBoundedLoads(const Scenario& scenario,
                                       const std::shared_ptr<const KeySet>& keys, size_t keysTotal,
                                       uint32_t factorPercent, BoundedChange change);

// Loads against capacity, one column per node, the overflow drawn as arrows between columns.
class BoundedLoadChart : public QWidget {
    Q_OBJECT
public:
    explicit BoundedLoadChart(QWidget* parent = nullptr);
    void setExplanation(std::shared_ptr<const BoundedExplanation> explanation);
    // Node n's bounded bar, and the y of its capacity line (tests).
    QRectF barRect(size_t node) const;
    qreal capacityY(size_t node) const;
    // Draws one key's overflow chain: first choice, the full nodes it passed, where it landed.
    void setChain(std::vector<uint32_t> chain);
    size_t chainHops() const { return m_chainHops.size(); }
    // The texts it draws: the load axis, the node ids under their bars, the chain's numbers.
    QStringList texts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void relayout();
    QPainterPath hop(uint32_t from, uint32_t to, qreal lift) const;

    std::shared_ptr<const BoundedExplanation> m_data;
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

class BoundedLoadPanel : public QWidget {
    Q_OBJECT
public:
    explicit BoundedLoadPanel(Document* document, QWidget* parent = nullptr);
    ~BoundedLoadPanel() override;

    const BoundedExplanation& explanation() const { return *m_data; }
    const BoundedLoadChart& chart() const { return *m_chart; }
    const QTableWidget& displacedTable() const { return *m_keys; }
    void setFactor(double factor);
    void setChange(BoundedChange change);
    QString summary() const;
    QString priceText() const;
    // Blocks until the view shows the current scenario (tests, screenshots).
    void waitForIdle();

private:
    void present(BoundedExplanation explanation);
    void refillChanges();
    void showChain(int row);

    Document* m_document;
    QDoubleSpinBox* m_factor;
    QComboBox* m_change;
    BoundedLoadChart* m_chart;
    QLabel* m_summary;
    QLabel* m_price;
    QTableWidget* m_keys;
    std::shared_ptr<const BoundedExplanation> m_data;
    std::optional<uint32_t> m_scenarioFactor;  // the factor the spin box was last set from
    BackgroundJob<BoundedExplanation> m_job;
};

}  // namespace ringscope
