#pragma once
// One piece of long work at a time on a thread of its own, for the object that reports its
// outcome. The work runs with a cancel flag and returns what to do with its result; that is
// called on the owner's thread once the work's thread has ended, so the job no longer counts
// as running by then. Destroying it cancels and waits: declare it after everything the work
// uses, so that it goes first.

#include <QObject>

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>

class QProgressBar;
class QThread;

namespace tfw {

class BackgroundThread {
  public:
    using Done = std::function<void()>;
    using Work = std::function<Done(const std::atomic<bool>& cancelled)>;

    explicit BackgroundThread(QObject* owner) : m_owner(owner) {}
    ~BackgroundThread();
    BackgroundThread(const BackgroundThread&) = delete;
    BackgroundThread& operator=(const BackgroundThread&) = delete;

    bool isRunning() const { return m_thread != nullptr; }
    // Ignored (false) while work is running.
    bool start(Work work);
    void cancel();

  private:
    QObject* m_owner;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

// A progress callback for core work running on a BackgroundThread: shows (done, total) on
// `bar`, on the bar's thread, and answers whether to go on (false once cancelled).
std::function<bool(size_t done, size_t total)> progressOn(QProgressBar* bar,
                                                          const std::atomic<bool>& cancelled);

}  // namespace tfw
