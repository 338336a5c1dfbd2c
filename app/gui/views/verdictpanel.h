#pragma once
// Which algorithm? Every algorithm side by side on the scenario's own nodes and keys (verdict.h):
// a sortable table whose every cell explains itself in a tool tip. Computed off the UI thread;
// withheld while a lesson's question is open (its moved counts would give answers away).

#include <optional>

#include "analysispanel.h"
#include "verdict.h"

class QTableWidget;

namespace ringscope {

class VerdictPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit VerdictPanel(Document* document, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }
    // The verdict shown; nullopt while withheld or before the first result.
    const std::optional<Verdict>& verdict() const { return m_verdict; }

private:
    struct Job {
        std::optional<Verdict> verdict;
        QString error;
        bool withheld = false;
    };
    void show(Job job);

    QTableWidget* m_table;
    std::optional<Verdict> m_verdict;
};

}  // namespace ringscope
