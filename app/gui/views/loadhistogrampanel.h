#pragma once
// Load histograms: per-node bars for keys, bytes or requests, with the mean line and
// max/mean and std-dev/mean annotated. "Live" follows the document (and a token drag) as it
// happens; the other choices show the comparison model's placement by one algorithm, or all of
// them grouped.

#include <QTimer>
#include <QWidget>

#include <span>
#include <vector>

#include "barchart.h"
#include "ringscope/chisquare.h"
#include "ringscope/stats.h"

class QComboBox;
class QLabel;

namespace ringscope {

class ComparisonModel;
class Document;

enum class LoadMeasure : uint8_t { Keys, Bytes, Requests };
// With replicas: count each key on its primary only, or on every node that stores a copy.
enum class LoadCopies : uint8_t { Primaries, AllCopies };

// Every key's primary owner right now (live during a token drag), in key order; kNoOwner when
// the ring is empty. O(K).
std::vector<uint32_t> livePrimaries(const Document& document);
// The core's statistics over livePrimaries(). O(K + N).
Stats liveStats(const Document& document);
double loadOf(const NodeLoad& load, LoadMeasure measure);
const Spread& spreadOf(const Stats& stats, LoadMeasure measure);
// The reference drawn over per-node loads: the mean line, or with unequal weights each node's
// fair share w/Σw of the total as a step over its own bar.
ReferenceLine idealLine(const Stats& stats, LoadMeasure measure, const QColor& color);

class LoadHistogramPanel : public QWidget {
    Q_OBJECT
public:
    LoadHistogramPanel(Document* document, ComparisonModel* comparison, QWidget* parent = nullptr);

    // 0: live (the document's own algorithm); 1..: comparedAlgorithms(); last: all grouped.
    void setSource(int source);
    void setMeasure(LoadMeasure measure);
    // Offered with replicas (R > 1) on the live placement; else primaries.
    void setCopies(LoadCopies copies);
    bool copiesOffered() const;
    int groupedSource() const;
    // What is drawn, for tests.
    const BarChartData& chartData() const { return m_chart->data(); }
    const BarChart* chart() const { return m_chart; }
    QString annotation() const;

private:
    void scheduleRefresh();
    void refresh();
    void refreshMeasures();
    void refreshCopies();
    LoadCopies copies() const;
    void showStats(const Stats& stats, const QString& name);
    // "χ² 3.21 on 4 df, p = 0.523 against the arcs", and a flag when the keys cluster.
    static QString chiSquareText(const ChiSquare& chiSquare,
                                 const std::optional<StructureBalance>& balance,
                                 std::span<const std::string> ids);
    void showGrouped();

    Document* m_document;
    ComparisonModel* m_comparison;
    QComboBox* m_source;
    QComboBox* m_measure;
    QLabel* m_copiesLabel;
    QComboBox* m_copies;
    QLabel* m_annotation;
    BarChart* m_chart;
    QTimer m_liveTimer;
};

}  // namespace ringscope
