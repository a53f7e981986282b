#include "ui/training/training_worker.h"

#include <QTemporaryDir>

#include <exception>
#include <filesystem>

#include "core/config/config_io.h"
#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"
#include "core/train/trainer.h"
#include "core/util/error_text.h"
#include "ui/training/other_ranks.h"

namespace tfw {
namespace {

// Turns observer callbacks (on the training thread) into the worker's signals; Qt queues
// them to the receivers' thread.
class SignallingObserver final : public TrainingObserver {
  public:
    explicit SignallingObserver(TrainingWorker& worker) : m_worker(worker) {}

    void on_started(const TrainingStarted& info) override { Q_EMIT m_worker.started(info); }
    void on_step(const StepReport& report) override { Q_EMIT m_worker.step(report); }
    void on_validation(const ValidationReport& report) override {
        Q_EMIT m_worker.validation(report);
    }
    void on_samples(const SamplesReport& report) override { Q_EMIT m_worker.samples(report); }
    void on_attention_snapshot(const AttentionSnapshotReport& report) override {
        Q_EMIT m_worker.attentionSnapshot(report);
    }
    void on_checks(const ChecksReport& report) override { Q_EMIT m_worker.checks(report); }
    void on_log(LogLevel level, const std::string& message) override {
        Q_EMIT m_worker.logMessage(level, QString::fromStdString(message));
    }
    // finished is emitted once, from guarded(), with the trainer's return value.
    void on_finished(const TrainingFinished&) override {}

  private:
    TrainingWorker& m_worker;
};

}  // namespace

template <typename Run>
void TrainingWorker::guarded(Run run) {
    TrainingFinished result;
    // The trainer reports problems of the run as FinishReason::Failed; anything thrown
    // (c10::Error, std::bad_alloc, a bad run folder) is a std::exception and ends the
    // same way, so that the window always hears that the run is over.
    try {
        SignallingObserver observer(*this);
        result = run(observer);
    } catch (const std::exception& error) {
        result.reason = FinishReason::Failed;
        result.message = user_error_text(error);
    } catch (...) {
        result.reason = FinishReason::Failed;
        result.message = "unknown error";
    }
    Q_EMIT finished(result);
}

void TrainingWorker::trainNew(const ExperimentConfig& config, const QString& runDir,
                              int processes) {
    const std::string dir = runDir.toStdString();
    guarded([&](TrainingObserver& observer) {
        if (processes <= 1) return train_new(config, dir, observer, m_control);
        // `tfw train` takes an experiment file; the ranks then train rank 0's, from the store.
        QTemporaryDir configDir;
        if (!configDir.isValid())
            throw std::runtime_error("cannot make a temporary folder for the ranks' config");
        const std::string configFile = configDir.filePath("config.json").toStdString();
        save_config_file(config, configFile);
        const DistributedSetup setup = localDistributedSetup(processes);
        OtherRanks others(setup, {"train", "--config", configFile, "--run-dir", dir});
        TrainingFinished result = train_new(config, dir, observer, m_control, setup);
        others.finish(result);
        return result;
    });
}

void TrainingWorker::trainResume(const QString& runDir) {
    const std::string dir = runDir.toStdString();
    guarded([&](TrainingObserver& observer) {
        // A run trained on several processes continues on as many.
        const RunPaths paths(dir);
        const int processes =
            std::filesystem::exists(paths.last_checkpoint())
                ? load_checkpoint_summary(paths.last_checkpoint()).position.world_size
                : 1;
        if (processes <= 1) return train_resume(dir, observer, m_control);
        const DistributedSetup setup = localDistributedSetup(processes);
        OtherRanks others(setup, {"resume", dir});
        TrainingFinished result = train_resume(dir, observer, m_control, setup);
        others.finish(result);
        return result;
    });
}

}  // namespace tfw
