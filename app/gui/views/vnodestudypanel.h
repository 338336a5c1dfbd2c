#pragma once
// The vnode study: load std-dev/mean against vnodes per node (1…1000, log axis) for
// the current nodes and key set, with the 1/√V reference curve. Computed off the UI thread.

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "backgroundjob.h"
#include "chartview.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

class QLabel;
class QTableWidget;

namespace ringscope {

class Document;

inline constexpr int64_t kStudyVnodes[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
inline constexpr size_t kStudyKeys = 100'000;

struct VnodePoint {
    int64_t vnodes = 0;
    double stddevOverMean = 0;
    double maxOverMean = 0;
};

struct VnodeStudy {
    std::vector<VnodePoint> points;  // with the scenario's token hash
    // With xxh64 token names, when the scenario uses another token hash: similar token names
    // ("A#1", "A#2", ...) cluster under FNV-1a, which the second curve makes visible.
    std::vector<VnodePoint> xxhPoints;
    HashKind tokenHash = HashKind::Fnv1a32;
    // The scenario's own V (ring tokens per node, rounded) and the study's point there.
    int64_t currentVnodes = 0;
    std::optional<VnodePoint> current;
    size_t keys = 0;
    bool widenedSpace = false;  // the scenario's space was too small for 1000 vnodes per node
    QString error;
};

// The scenario as a ring of hash-named tokens, V per node (weights kept), for every V of
// kStudyVnodes; the core's stats of each. O(|V| · (N·V log(N·V) + K)).
Scenario studyScenario(const Scenario& scenario, int64_t vnodes, bool* widened = nullptr);
std::vector<VnodePoint> studyCurve(const Scenario& scenario, const KeySet& keys,
                                   const HashedKeys& hashed);
// `currentVnodes` > 0 adds the point for the scenario's own V.
VnodeStudy runVnodeStudy(const Scenario& scenario, const KeySet& keys, int64_t currentVnodes = 0);
// Ring tokens per node, rounded (vnodes, explicit tokens or ketama points alike); 0 off a ring.
int64_t currentVnodes(const Document& document);

class VnodeStudyPanel : public QWidget {
    Q_OBJECT
public:
    explicit VnodeStudyPanel(Document* document, QWidget* parent = nullptr);
    ~VnodeStudyPanel() override;
    const VnodeStudy& study() const { return m_study; }
    const LineChartData& chartData() const { return m_chart->data(); }
    QTableWidget* table() const { return m_table; }
    const LineChart* chart() const { return m_chart; }
    bool isBusy() const { return m_job.isBusy(); }
    void waitForIdle();

signals:
    void studyChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void show();
    void fillTable();

    Document* m_document;
    QLabel* m_note;
    LineChart* m_chart;
    QTableWidget* m_table;
    VnodeStudy m_study;
    BackgroundJob<VnodeStudy> m_job;
};

}  // namespace ringscope
