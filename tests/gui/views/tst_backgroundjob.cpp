// The views' background job: only the newest result arrives, on the owner's thread, and a view
// closed while its job runs is left alone (no result, no crash).

#include "views/backgroundjob.h"

#include <QThread>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

using namespace ringscope;

namespace {

// A view-like owner holding its job as a member, as the views do. Its work waits until `go`
// is set (or a second has passed), then returns.
class Owner : public QObject {
public:
    Owner(std::atomic<int>& started, std::atomic<int>& delivered, std::atomic<bool>& go)
        : m_job(
              this, 0,
              [&started, &go] {
                  return [&started, &go] {
                      ++started;
                      for (int ms = 0; !go.load() && ms < 1000; ++ms) {
                          QThread::msleep(1);
                      }
                      return 1;
                  };
              },
              [&delivered](int) { ++delivered; }) {}
    BackgroundJob<int>& job() { return m_job; }

private:
    BackgroundJob<int> m_job;
};

}  // namespace

class TestBackgroundJob : public QObject {
    Q_OBJECT
private slots:
    void requestsFoldIntoTheNewest() {
        std::atomic<int> started = 0, delivered = 0;
        std::atomic<bool> go = true;
        Owner owner(started, delivered, go);
        for (int i = 0; i < 5; ++i) {
            owner.job().schedule();
        }
        owner.job().waitForIdle();
        QCOMPARE(delivered.load(), 1);
        QVERIFY(started.load() <= 2);
        QVERIFY(!owner.job().isBusy());
    }

    void closingAViewMidJobDropsItsResult() {
        // The owner goes while the worker runs: the worker finishes, its result is dropped.
        // (A continuation with the owner as context ran on the worker after the owner's job had
        // stopped waiting, and asserted or crashed once the owner was gone.)
        for (int round = 0; round < 20; ++round) {
            std::atomic<int> started = 0, delivered = 0;
            std::atomic<bool> go = false;
            auto owner = std::make_unique<Owner>(started, delivered, go);
            owner->job().schedule();
            while (started.load() == 0) {  // the debounce fires, the worker starts
                QCoreApplication::processEvents();
            }
            // The worker is let go while the owner is being destroyed (which waits for it).
            std::thread release([&go, round] {
                std::this_thread::sleep_for(std::chrono::milliseconds(round % 4));
                go = true;
            });
            owner.reset();
            release.join();
            QThread::msleep(5);
            QCoreApplication::processEvents();
            QCOMPARE(delivered.load(), 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestBackgroundJob)
#include "tst_backgroundjob.moc"
