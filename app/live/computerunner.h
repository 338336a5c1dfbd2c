#pragma once
// Works out scenarios for the document: at once on the calling thread when cheap, else in the
// background with progress and cancel. One computation at a time; starting one cancels the last.

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

#include "computed.h"
#include "failure.h"

namespace ringscope {

class ComputeRunner : public QObject {
    Q_OBJECT
public:
    // Work units (see computeCost) below which a change is computed right away on the UI thread:
    // a node edit over a million cached keys is one O(K + T) sweep, a few tens of milliseconds.
    static constexpr uint64_t kSyncCost = 1'500'000;

    explicit ComputeRunner(QObject* parent = nullptr);
    ~ComputeRunner() override;

    static bool isCheap(const Scenario& scenario, const Computed* previous) {
        return computeCost(scenario, previous) <= kSyncCost;
    }

    bool isBusy() const { return m_watcher != nullptr; }
    // Cancels what runs, then works out `scenario` and, if given, `from` (computeStep over
    // `known`) within `limits`: a cheap step at once (returned; throws InputError), else in the
    // background (returns an empty step; finished() or failed() follows).
    ComputedStep run(const Scenario& scenario, const Scenario* from, std::vector<ComputedPtr> known,
                     const Limits& limits = Limits());
    // Stops a background computation, waiting for it to stop (so two never run at once).
    void cancel();
    // Stops it without waiting or a signal, for good (the owner goes away): the work holds
    // copies of its inputs and ends at its next step on its own.
    void abandon();
    // Blocks until a background computation is done and its signal delivered.
    void wait();

signals:
    void finished(ComputedStep computed);
    void failed(const Failure& failure);  // empty when it was cancelled
    void busyChanged(bool busy);
    void progressChanged(int percent);

private:
    // What a background computation hands back: the result, or why there is none.
    struct Job {
        ComputedStep computed;
        Failure error;
    };
    void finish();
    // Takes the watcher out of service (disconnected); null when nothing runs.
    std::unique_ptr<QFutureWatcher<Job>> release();

    QFutureWatcher<Job>* m_watcher = nullptr;
};

}  // namespace ringscope
