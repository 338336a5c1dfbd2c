#pragma once
// The vnode study: load std-dev/mean against vnodes per node (1…1000, log axis) for
// the current nodes and key set, with the 1/√V reference curve. Computed off the UI thread.

#include <QWidget>

#include <memory>
#include <vector>

#include "backgroundjob.h"
#include "chartview.h"
#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

class QLabel;

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
    size_t keys = 0;
    bool widenedSpace = false;  // the scenario's space was too small for 1000 vnodes per node
    QString error;
};

// The scenario as a ring of hash-named tokens, V per node (weights kept), for every V of
// kStudyVnodes; the core's stats of each. O(|V| · (N·V log(N·V) + K)).
Scenario studyScenario(const Scenario& scenario, int64_t vnodes, bool* widened = nullptr);
std::vector<VnodePoint> studyCurve(const Scenario& scenario, const KeySet& keys,
                                   const HashedKeys& hashed);
VnodeStudy runVnodeStudy(const Scenario& scenario, const KeySet& keys);

class VnodeStudyPanel : public QWidget {
    Q_OBJECT
public:
    explicit VnodeStudyPanel(Document* document, QWidget* parent = nullptr);
    ~VnodeStudyPanel() override;
    const VnodeStudy& study() const { return m_study; }
    const LineChartData& chartData() const { return m_chart->data(); }
    bool isBusy() const { return m_job.isBusy(); }
    void waitForIdle();

signals:
    void studyChanged();

private:
    void show();

    Document* m_document;
    QLabel* m_note;
    LineChart* m_chart;
    VnodeStudy m_study;
    BackgroundJob<VnodeStudy> m_job;
};

}  // namespace ringscope
