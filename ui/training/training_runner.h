#pragma once
// Owns the training thread: starts runs on it, relays the worker's reports to the window
// and pauses or stops them through the trainer's control flags. One run at a time.

#include <QObject>
#include <QString>
#include <QThread>

#include "core/config/experiment_config.h"
#include "ui/training/training_types.h"

namespace tfw {

class TrainingWorker;

class TrainingRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingRunner)

  public:
    explicit TrainingRunner(QObject* parent = nullptr);
    // Stops a run that is still going (the trainer saves its last checkpoint) and waits.
    ~TrainingRunner() override;

    bool isRunning() const { return m_running; }
    bool isPaused() const { return m_paused; }
    QString runDir() const { return m_runDir; }

    // processes > 1: data parallel on that many local processes (docs/distributed.md).
    void startNew(const ExperimentConfig& config, const QString& runDir, int processes = 1);
    void resume(const QString& runDir);
    void setPaused(bool paused);
    void stop();

  Q_SIGNALS:
    void started(const tfw::TrainingStarted& info);
    void step(const tfw::StepReport& report);
    void validation(const tfw::ValidationReport& report);
    void samples(const tfw::SamplesReport& report);
    void attentionSnapshot(const tfw::AttentionSnapshotReport& report);
    void checks(const tfw::ChecksReport& report);  // the quick checks before a new run
    void logMessage(tfw::LogLevel level, const QString& message);
    void finished(const tfw::TrainingFinished& result);
    void runningChanged(bool running);
    void pausedChanged(bool paused);

  private:
    void beginRun(const QString& runDir);
    void onFinished(const TrainingFinished& result);

    TrainingControl m_control;
    QThread m_thread;
    TrainingWorker* m_worker;  // lives on m_thread; deleted after the thread ends
    QString m_runDir;
    bool m_running = false;
    bool m_paused = false;
};

}  // namespace tfw
