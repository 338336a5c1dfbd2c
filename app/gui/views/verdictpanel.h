#pragma once
// Which algorithm? Every algorithm side by side on the scenario's own nodes and keys (verdict.h):
// a sortable table whose every cell explains itself in a tool tip. Computed off the UI thread;
// withheld while a lesson's question is open (its moved counts would give answers away).

#include <atomic>
#include <memory>
#include <optional>

#include "analysispanel.h"
#include "verdict.h"

class QTableWidget;

namespace ringscope {

class VerdictPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit VerdictPanel(Document* document, QWidget* parent = nullptr);
    ~VerdictPanel() override;
    QTableWidget* table() const { return m_table; }
    // The verdict shown; nullopt while withheld or before the first result.
    const std::optional<Verdict>& verdict() const { return m_verdict; }

private:
    // A new verdict is wanted: the one running stops, and the next runs once the view is seen
    // (scheduleWork: a closed dock or a hidden tab computes nothing).
    void request();

    struct Job {
        std::optional<Verdict> verdict;
        QString error;
        bool withheld = false;
    };
    void showVerdict(Job job);

    QTableWidget* m_table;
    std::optional<Verdict> m_verdict;
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
};

}  // namespace ringscope
