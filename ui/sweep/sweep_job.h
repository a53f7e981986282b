#pragma once
// Owns the thread a sweep trains on: creates the sweep folder (or takes an existing one) and
// runs what is pending with run_sweep, relaying its reports to the window as signals on the
// window's thread, and pauses, skips or stops runs through SweepControl. One sweep at a time.

#include <QObject>
#include <QString>

#include <memory>

#include "core/sweep/sweep_runner.h"
#include "ui/common/background_thread.h"
#include "ui/training/training_types.h"

namespace tfw {

class SweepJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SweepJob)

  public:
    explicit SweepJob(QObject* parent = nullptr);
    // Stops a sweep that is still going (its runs save a checkpoint) and waits.
    ~SweepJob() override;

    bool isRunning() const { return m_thread.isRunning(); }
    bool isPaused() const { return m_paused; }

    // Both are ignored (false) while a sweep runs. startNew creates the folder first.
    bool startNew(const SweepSpec& spec, const QString& dir);
    // retry: failed and skipped runs go back into the queue first.
    bool resume(const QString& dir, bool retry = false);
    void setPaused(bool paused);
    void skip(size_t run);
    // The runs in training save and stop; they continue when the sweep is resumed.
    void stop();

  Q_SIGNALS:
    void queueChanged(const tfw::SweepState& state);
    void runStarted(size_t run, const tfw::TrainingStarted& info);
    void runStep(size_t run, const tfw::StepReport& report);
    void runValidation(size_t run, const tfw::ValidationReport& report);
    void runEvaluating(size_t run, size_t done, size_t total);
    // A run's trainer said something (warnings and errors are worth showing).
    void runLog(size_t run, tfw::LogLevel level, const QString& message);
    // error: why the sweep could not run at all (empty when it ran).
    void finished(const tfw::SweepOutcome& outcome, const QString& error);
    void runningChanged(bool running);
    void pausedChanged(bool paused);

  private:
    bool launch(const QString& dir, std::function<void()> prepare);

    std::shared_ptr<SweepControl> m_control;
    QString m_dir;
    bool m_paused = false;
    BackgroundThread m_thread{this};  // last: it goes first, while the rest is still there
};

}  // namespace tfw
