#pragma once
// What every analysis panel shares: the document it reads, its summary line, its work off the UI
// thread (debounced, one run at a time, only the newest result shown), the document changes that
// redo it, and a quiet teardown. A panel adds the widgets that draw what its analysis returns.

#include <QWidget>

#include <functional>
#include <initializer_list>
#include <memory>

#include "backgroundjob.h"

class QLabel;

namespace ringscope {

class Document;

// A document change a panel follows.
enum class DocumentChange { Scenario, Baseline, QuestionOpen, SelectedKey };

class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    ~AnalysisPanel() override;
    // The summary line as shown.
    QString summary() const;
    // Blocks until the result for the current scenario is shown (tests, screenshots).
    void waitForIdle();
    bool isBusy() const;

protected:
    AnalysisPanel(Document* document, QWidget* parent);
    Document* document() const { return m_document; }
    // Word-wrapped, plain text unless the panel says otherwise; the panel lays it out.
    QLabel* summaryLabel() const { return m_summary; }

    // The panel's work: `prepare` runs on the UI thread and returns the work, holding copies of
    // its inputs; `done` gets the result on the UI thread. Set once, in the constructor.
    template <typename Result>
    void setWork(int debounceMs, std::function<std::function<Result()>()> prepare,
                 std::function<void(Result)> done) {
        m_work = std::make_unique<BackgroundJob<Result>>(this, debounceMs, std::move(prepare),
                                                         std::move(done));
    }
    // Runs the work soon (debounced).
    void scheduleWork();
    // Calls `react` (by default, scheduleWork) whenever one of `changes` happens.
    void follow(std::initializer_list<DocumentChange> changes, std::function<void()> react = {});

private:
    Document* m_document;
    QLabel* m_summary;
    std::unique_ptr<BackgroundWork> m_work;
};

}  // namespace ringscope
