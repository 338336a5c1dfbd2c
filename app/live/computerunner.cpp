#include "computerunner.h"

#include <QtConcurrent/QtConcurrentRun>

namespace ringscope {

ComputeRunner::ComputeRunner(QObject* parent) : QObject(parent) {}

ComputeRunner::~ComputeRunner() {
    disconnect(this, nullptr, nullptr, nullptr);  // the owner may be half destroyed already
    abandon();
}

ComputedStep ComputeRunner::run(const Scenario& scenario, const Scenario* from,
                                std::vector<ComputedPtr> known, const Limits& limits) {
    cancel();
    if (computeStepCost(scenario, from, known) <= kSyncCost) {
        return computeStep(scenario, from, known, {}, limits);
    }
    m_watcher = new QFutureWatcher<Job>(this);
    connect(m_watcher, &QFutureWatcher<Job>::progressValueChanged, this,
            &ComputeRunner::progressChanged);
    connect(m_watcher, &QFutureWatcher<Job>::finished, this, &ComputeRunner::finish);
    std::optional<Scenario> start = from ? std::optional<Scenario>(*from) : std::nullopt;
    m_watcher->setFuture(
        QtConcurrent::run([scenario, start = std::move(start), known = std::move(known),
                           limits](QPromise<Job>& promise) {
            promise.setProgressRange(0, 100);
            Job job;
            try {
                job.computed = computeStep(
                    scenario, start ? &*start : nullptr, known,
                    [&](int percent) {
                        promise.setProgressValue(percent);
                        return !promise.isCanceled();
                    },
                    limits);
            } catch (const std::exception& e) {
                job.error = Failure::of(e);
            }
            promise.addResult(std::move(job));
        }));
    emit busyChanged(true);
    return {};
}

std::unique_ptr<QFutureWatcher<ComputeRunner::Job>> ComputeRunner::release() {
    std::unique_ptr<QFutureWatcher<Job>> watcher(std::exchange(m_watcher, nullptr));
    if (watcher) {
        watcher->disconnect(this);
    }
    return watcher;
}

void ComputeRunner::finish() {
    auto watcher = release();
    if (!watcher) {
        return;
    }
    const bool hasResult = !watcher->isCanceled() && watcher->future().resultCount() > 0;
    const Job job = hasResult ? watcher->result() : Job{};
    watcher.release()->deleteLater();  // this may run inside the watcher's own signal
    emit busyChanged(false);
    if (job.computed.current) {
        emit finished(job.computed);
    } else {
        emit failed(job.error);
    }
}

void ComputeRunner::cancel() {
    const auto watcher = release();
    if (!watcher) {
        return;
    }
    watcher->cancel();
    watcher->waitForFinished();
    emit busyChanged(false);
}

void ComputeRunner::abandon() {
    if (const auto watcher = release()) {
        watcher->cancel();  // the worker stops at its next progress step; nobody waits
    }
}

void ComputeRunner::wait() {
    if (m_watcher) {
        m_watcher->waitForFinished();
        finish();
    }
}

}  // namespace ringscope
