#pragma once
// Runs the core trainer on the thread this object lives on and forwards its reports as
// signals. The only place in the window that calls train_new / train_resume.

#include <QObject>
#include <QString>

#include "core/config/experiment_config.h"
#include "ui/training/training_types.h"

namespace tfw {

class TrainingWorker final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingWorker)

  public:
    // `control` outlives the worker; the window sets its flags directly.
    explicit TrainingWorker(TrainingControl& control) : m_control(control) {}

    // Both block until the run ends; call them through a queued invocation. With several
    // processes this thread is rank 0 of a data-parallel run and starts the others (a run is
    // resumed on as many processes as it was trained on).
    void trainNew(const ExperimentConfig& config, const QString& runDir, int processes = 1);
    void trainResume(const QString& runDir);

  Q_SIGNALS:
    void started(const tfw::TrainingStarted& info);
    void step(const tfw::StepReport& report);
    void validation(const tfw::ValidationReport& report);
    void samples(const tfw::SamplesReport& report);
    void attentionSnapshot(const tfw::AttentionSnapshotReport& report);
    void checks(const tfw::ChecksReport& report);
    void logMessage(tfw::LogLevel level, const QString& message);
    void finished(const tfw::TrainingFinished& result);

  private:
    template <typename Run>
    void guarded(Run run);

    TrainingControl& m_control;
};

}  // namespace tfw
