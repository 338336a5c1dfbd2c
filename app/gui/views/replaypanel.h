#pragma once
// The Replay view: what a fleet change costs the origin behind the caches. The same request
// stream through a cache per node, changed halfway (the baseline to the scenario, or one node
// added when nothing changed), for the scenario as it is and the algorithms beside it: the hit
// ratio or the origin's requests per interval, the change marked, and a table of what each paid.
// Computed off the UI thread with a progress bar and a Cancel button.

#include <QWidget>

#include <memory>
#include <vector>

#include "analysispanel.h"
#include "linechart.h"
#include "replayanalysis.h"

class QComboBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace ringscope {

class ReplayPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit ReplayPanel(Document* document, QWidget* parent = nullptr);
    // Stops a replay still running: closing the window waits for the view's work, and a replay
    // of millions of requests would hold it open.
    ~ReplayPanel() override;
    const ReplayStudy& study() const { return m_study; }
    // The progress of the study last started (null before the first).
    std::shared_ptr<const ReplayStudyProgress> running() const { return m_running; }
    const LineChartData& chartData() const { return m_chart->data(); }
    QTableWidget* table() const { return m_table; }
    QSpinBox* cacheBox() const { return m_cache; }
    QComboBox* requestsBox() const { return m_requests; }
    QComboBox* showBox() const { return m_show; }
    QComboBox* changeBox() const { return m_change; }
    QPushButton* cancelButton() const { return m_cancel; }
    // The sentence above the chart, as shown.
    QString note() const;

signals:
    void studyChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    // The undo history's states when the run replays them, else none.
    std::vector<Scenario> undoSteps() const;
    void setUpWork();
    QHBoxLayout* makeControls();
    void showStudy();
    void fillTable();
    QString sentence() const;

    QLabel* m_note;
    QSpinBox* m_cache;
    QComboBox* m_requests;
    QComboBox* m_change;
    QComboBox* m_show;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QTimer* m_poll;
    LineChart* m_chart;
    QTableWidget* m_table;
    ReplayStudy m_study;
    std::shared_ptr<ReplayStudyProgress> m_running;
    bool m_cacheChosen = false;  // the user set the cache size: keep it across scenarios
};

}  // namespace ringscope
