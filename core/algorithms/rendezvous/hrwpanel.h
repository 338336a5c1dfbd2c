#pragma once
// The rendezvous (HRW) view: for the selected key, one bar per node with its score
// (or its race time -ln U / w when weighted), the winner and replicas marked; what the last
// change moved; and, on request, the load shares the naive score/w and score·w would give.

#include <QString>
#include <QWidget>

#include <vector>

#include "barchart.h"
#include "hrwanalysis.h"
#include "ringscope/registry.h"

class QBoxLayout;
class QCheckBox;
class QLabel;

namespace ringscope {

class ComparisonModel;
class Document;
class KeySelector;

// The bars; geometry is worked out when the data or the size changes, paintEvent only paints.
class HrwBars : public QWidget {
    Q_OBJECT
public:
    explicit HrwBars(QWidget* parent = nullptr);
    void setExplanation(HrwExplanation explanation);
    const HrwExplanation& explanation() const { return m_data; }
    QRect rowRect(size_t row) const;
    QSize sizeHint() const override;
    // The texts it draws: each row's node label and its value with the winner or replica mark.
    QStringList texts() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void relayout();
    double textScale() const;
    QFont labelFont(bool winner) const;
    QString shownLabel(const HrwBar& b) const;  // rowLabel, shortened to the room as drawn
    // The labels' column: as wide as the widest, within bounds (set by relayout).
    int measureLabelSpace() const;
    QString rowLabel(const HrwBar& bar) const;
    QString rowValue(const HrwBar& bar) const;

    HrwExplanation m_data;
    std::vector<QColor> m_colors;  // by node, from the explanation's nodes
    int m_labelSpace = 0;          // measureLabelSpace() at the last relayout
    double m_scale = 1;            // rows this many times their least height, as the room allows
    std::vector<QRect> m_rows;
    std::vector<QRectF> m_bars;
};

class HrwPanel : public QWidget {
    Q_OBJECT
public:
    HrwPanel(Document* document, ComparisonModel* comparison, QWidget* parent = nullptr);
    const HrwBars& bars() const { return *m_bars; }
    QString moveNote() const;
    void setWeighted(bool on);
    bool isWeighted() const;
    void setShowNaive(bool on);
    const BarChartData& naiveChartData() const { return m_naiveChart->data(); }
    ComparisonModel* naiveModel() const { return m_naive; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void refresh();
    void refreshMoveNote();
    void refreshNaive();

    Document* m_document;
    Algorithm m_algorithm = Algorithm::Ring;  // the scenario's, when the toggle last followed it
    ComparisonModel* m_comparison;
    ComparisonModel* m_naive = nullptr;  // created when the naive toggle is first switched on
    KeySelector* m_key;
    QCheckBox* m_weighted;
    QCheckBox* m_showNaive;
    QLabel* m_note;
    HrwBars* m_bars;
    BarChart* m_naiveChart;
    QBoxLayout* m_body;  // the scores and the naive chart: stacked, or side by side
};

}  // namespace ringscope
