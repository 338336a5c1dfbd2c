#pragma once
// The vnode study: load std-dev/mean against vnodes per node (1…1000, log axis) for
// the current nodes and key set, with the 1/√V reference curve. Computed off the UI thread.

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "analysispanel.h"
#include "linechart.h"
#include "vnodestudy.h"

class QLabel;
class QTableWidget;

namespace ringscope {

class Document;

// Ring tokens per node, rounded (vnodes, explicit tokens or ketama points alike); 0 off a ring.
int64_t currentVnodes(const Document& document);

class VnodeStudyPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit VnodeStudyPanel(Document* document, QWidget* parent = nullptr);
    const VnodeStudy& study() const { return m_study; }
    const LineChartData& chartData() const { return m_chart->data(); }
    QTableWidget* table() const { return m_table; }
    const LineChart* chart() const { return m_chart; }

signals:
    void studyChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void show();
    void fillTable();

    QLabel* m_note;
    LineChart* m_chart;
    QTableWidget* m_table;
    VnodeStudy m_study;
};

}  // namespace ringscope
