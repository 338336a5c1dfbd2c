#pragma once
// What every analysis panel shares: the document it reads, its summary line, its work off the UI
// thread (debounced, one run at a time, only the newest result shown), the document changes that
// redo it, and a quiet teardown. A panel adds the widgets that draw what its analysis returns.

#include <QSize>
#include <QWidget>

#include <exception>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

#include "backgroundjob.h"
#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/scenario.h"

class QLabel;
class QTimer;

namespace ringscope {

class Document;

// The panels' common measures: the least size of a dock's panel (a drawing, a drawing with a chart
// under it, a drawing with a table beside it), and their layouts' margin and spacing.
inline constexpr QSize kPanelMinimumSize{320, 240};
inline constexpr QSize kChartPanelMinimumSize{320, 260};
inline constexpr QSize kTablePanelMinimumSize{360, 200};
inline constexpr int kPanelMargin = 6;
inline constexpr int kPanelSpacing = 4;
// A "Show:" choice is at least this many characters wide ("Last change: node-12 removed").
inline constexpr int kChoiceMinimumChars = 24;
// How long a panel shows its last result as it was once the document changed: past this, while
// the new result is still being worked out, the panel is drawn disabled (greyed), so that no
// sentence about the old scenario reads as one about the new (a Maglev preset opened under
// load showed "This scenario uses Ring" and the old four nodes below its six-host title).
inline constexpr int kStaleAfterMs = 250;

// A document change a panel follows.
enum class DocumentChange { Scenario, Baseline, QuestionOpen, SelectedKey };

// A panel's input error: wrapped plain text in the "moved" red, hidden until there is one.
void setUpErrorLabel(QLabel* label);

// What a panel that explains one key, with what-ifs counted over a sample of the keys (JumpBack,
// multi-probe, the in-place buckets, Elasticsearch), works out: the what-if, none while a question
// is open, or the error that stopped it.
template <typename WhatIf>
struct WhatIfJob {
    std::optional<WhatIf> whatIf;
    bool withheld = false;  // a question is open: the key's picture, no counts
    size_t keysTotal = 0;   // the document's keys; the what-if counts over the sample
    QString error;
};
// Such a panel's counts line while it has no counts to say, each after a space (the line follows
// the key's sentence): `counting` until the job is done, then the error that stopped it, the
// withheld note, or nothing when there was nothing to count. Once there are counts: none.
std::optional<QString> whatIfPendingText(bool done, const QString& error, bool withheld,
                                         bool counted, const QString& counting);
template <typename WhatIf>
std::optional<QString> whatIfPending(const WhatIfJob<WhatIf>& job, bool done,
                                     const QString& counting) {
    return whatIfPendingText(done, job.error, job.withheld, job.whatIf.has_value(), counting);
}
// An error as a panel says it (describeFailure's text).
QString failureText(const std::exception& error);

class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    ~AnalysisPanel() override;
    // The summary line as shown.
    QString summary() const;
    // Blocks until the result for the current scenario is shown (tests, screenshots), working it
    // out now if the panel put it off while hidden.
    void waitForIdle();
    bool isBusy() const;
    // True while the panel is drawn disabled: what it shows is older than the document.
    bool isStale() const;

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
        m_work = std::make_unique<BackgroundJob<Result>>(
            this, debounceMs, std::move(prepare), [this, done = std::move(done)](Result result) {
                done(std::move(result));
                showCurrent();
            });
    }
    // What a what-if works on, copied on the UI thread: the scenario, the first `cap` keys.
    struct WhatIfInputs {
        Scenario scenario;
        std::shared_ptr<const KeySet> keys;
        size_t keysTotal = 0;
        bool withheld = false;
        Limits limits;
    };
    WhatIfInputs whatIfInputs(size_t cap) const;
    // The panel's work as such a what-if: `prepare` runs on the UI thread and returns the count
    // (holding what else it needs), which runs over the sampled keys unless a question is open.
    template <typename WhatIf>
    using WhatIfCount = std::function<WhatIf(const Scenario&, const KeySet&, const Limits&)>;
    template <typename WhatIf>
    void setWhatIfWork(size_t cap, std::function<WhatIfCount<WhatIf>()> prepare,
                       std::function<void(WhatIfJob<WhatIf>)> done) {
        setWork<WhatIfJob<WhatIf>>(
            kViewDebounceMs,
            [this, cap, prepare = std::move(prepare)] {
                return [in = whatIfInputs(cap), count = prepare()] {
                    WhatIfJob<WhatIf> job;
                    job.keysTotal = in.keysTotal;
                    job.withheld = in.withheld;
                    try {
                        if (!in.withheld) {
                            job.whatIf = count(in.scenario, *in.keys, in.limits);
                        }
                    } catch (const std::exception& error) {
                        job.error = failureText(error);
                    }
                    return job;
                };
            },
            std::move(done));
    }
    // The key panels' layout: the key chooser over `picture` over the summary.
    void layOutKeyPicture(QWidget* key, QWidget* picture);
    // A key panel's wiring (JumpBack, Elasticsearch, mcrouter): that layout, its what-if
    // counted by `count` over `cap` sampled keys into `result` (`done` false while it counts),
    // and `refresh` called with each result and at every change of the scenario, the baseline,
    // an open question or the selected key. `result` and `done` are the panel's own members.
    template <typename WhatIf>
    void setUpKeyPanel(QWidget* key, QWidget* picture, size_t cap, WhatIfCount<WhatIf> count,
                       WhatIfJob<WhatIf>& result, bool& done, std::function<void()> refresh) {
        setWhatIfWork<WhatIf>(
            cap, [count] { return count; },
            [&result, &done, refresh](WhatIfJob<WhatIf> job) {
                result = std::move(job);
                done = true;
                refresh();
            });
        layOutKeyPicture(key, picture);
        follow({DocumentChange::Scenario, DocumentChange::Baseline, DocumentChange::QuestionOpen},
               [this, &done, refresh] {
                   done = false;
                   refresh();
                   scheduleWork();
               });
        follow({DocumentChange::SelectedKey}, refresh);
        refresh();
        scheduleWork();
    }
    // Runs the work soon (debounced); while the panel is hidden (its dock closed, or a tab behind
    // another), not until it is shown: a closed view computes nothing at an edit or a lesson step.
    void scheduleWork();
    // True while another part of the window draws what the work works out (the ring draws the
    // clients view's client B): then the work runs hidden too.
    virtual bool worksWhileHidden() const { return false; }
    void showEvent(QShowEvent* event) override;
    // A direct child that stays usable while the panel is drawn stale (a running study's
    // Cancel button): the panel greys its other children instead of itself.
    void keepUsableWhileStale(QWidget* widget);
    // Calls `react` (by default, scheduleWork) whenever one of `changes` happens.
    void follow(std::initializer_list<DocumentChange> changes, std::function<void()> react = {});

private:
    void showCurrent();  // the newest result is shown: no longer stale
    void greyOut(bool grey);

    Document* m_document;
    QLabel* m_summary;
    QTimer* m_stale;  // from a change to the moment the panel greys out
    bool m_isStale = false;
    bool m_putOff = false;  // the document changed while the panel was hidden
    std::vector<QWidget*> m_usable;
    std::unique_ptr<BackgroundWork> m_work;
};

}  // namespace ringscope
