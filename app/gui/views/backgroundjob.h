#pragma once
// One debounced background computation at a time, for the views that recompute off the UI
// thread: requests made while one runs are folded into a single rerun, and only the newest
// result reaches the owner, on the owner's thread.

#include <QCoreApplication>
#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>

namespace ringscope {

// Debounce intervals of the views' background jobs: a quick one for what follows each edit,
// a slower one for studies that place the keys many times.
inline constexpr int kViewDebounceMs = 120;
inline constexpr int kStudyDebounceMs = 300;

// A background job whatever its result type, as a panel that owns one drives it.
class BackgroundWork {
public:
    virtual ~BackgroundWork() = default;
    // Starts the work after the debounce interval (restarting it if already pending).
    virtual void schedule() = 0;
    virtual bool isBusy() const = 0;
    // Runs a pending request now and processes events until the newest result is delivered.
    virtual void waitForIdle() = 0;
};

template <typename Result>
class BackgroundJob final : public BackgroundWork {
public:
    using Work = std::function<Result()>;

    // `prepare` runs on the owner's thread and returns the work, holding copies of its inputs;
    // `done` receives the result on the owner's thread.
    BackgroundJob(QObject* owner, int debounceMs, std::function<Work()> prepare,
                  std::function<void(Result)> done)
        : m_prepare(std::move(prepare)), m_done(std::move(done)) {
        m_debounce.setSingleShot(true);
        m_debounce.setInterval(debounceMs);
        QObject::connect(&m_debounce, &QTimer::timeout, owner, [this] { start(); });
        QObject::connect(&m_watcher, &QFutureWatcherBase::finished, owner, [this] { finished(); });
    }
    // Waits for the worker alone; the result, delivered through the watcher on the owner's
    // event loop, is dropped with the watcher. (Not QFuture::then with the owner as context:
    // Qt 6.4 runs that continuation on the worker after waitForFinished returns, and it
    // asserts or crashes when the owner is gone by then.)
    ~BackgroundJob() override { m_work.waitForFinished(); }
    BackgroundJob(const BackgroundJob&) = delete;
    BackgroundJob& operator=(const BackgroundJob&) = delete;

    void schedule() override { m_debounce.start(); }
    bool isBusy() const override { return m_running || m_debounce.isActive(); }
    void waitForIdle() override {
        if (m_debounce.isActive()) {
            m_debounce.stop();
            start();
        }
        while (isBusy()) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        }
    }

private:
    void start() {
        if (m_running) {
            m_pending = true;
            return;
        }
        m_running = true;
        m_pending = false;
        m_work = QtConcurrent::run(m_prepare());
        m_watcher.setFuture(m_work);
    }
    void finished() {
        m_running = false;
        if (m_pending) {
            start();
            return;
        }
        m_done(m_work.result());
    }

    std::function<Work()> m_prepare;
    std::function<void(Result)> m_done;
    QTimer m_debounce;
    QFuture<Result> m_work;
    QFutureWatcher<Result> m_watcher;
    bool m_running = false;
    bool m_pending = false;
};

}  // namespace ringscope
