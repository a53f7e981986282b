#pragma once
// The state and loop of one training run (new or resumed). trainer.h is its public face;
// the optimizer, loss scaler, sample preview and checkpoint writer have files of their own.

#include <memory>
#include <string>

#include <torch/optim/optimizer.h>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/distributed/distributed_setup.h"
#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/io/run_tensorboard_log.h"
#include "core/model/transformer_model.h"
#include "core/train/divergence_watch.h"
#include "core/train/loss_scaler.h"
#include "core/train/training_observer.h"

namespace tfw {

class GradientAllReducer;
class ProcessGroup;
class ValidationScorer;

class TrainingRun {
  public:
    TrainingRun(std::string run_dir, TrainingObserver& observer, TrainingControl& control,
                DistributedSetup distributed = {});
    ~TrainingRun();
    TrainingFinished start(const ExperimentConfig& config);  // a new run
    // From checkpoints/last.tfw, or `from` (a file of the run's checkpoints/ or a path); a run
    // stopped before its first checkpoint starts again from step 0.
    TrainingFinished resume(const std::string& from = "");

  private:
    TrainingFinished guarded(const std::function<void()>& setup);
    // Data parallel: joins the other ranks (first, so that a failure anywhere reaches them).
    void join_process_group();
    // Rank 0 hands the run's name and tokenizers to the other ranks of a new run, or its error.
    void share_setup(const std::string& error = "");
    void prepare_from_rank0();
    at::Device training_device() const;
    void build(const Checkpoint* from);
    // A new run's first steps once its folder is taken: log, history, data, checks, model.
    void begin_at_step_zero(const std::string& note = "");
    // Resuming a run whose process ended before its first checkpoint was written.
    void restart_without_checkpoint();
    TrainingFinished loop();
    bool train_step(const std::vector<Batch>& batches, size_t first, size_t count);
    ValidationReport validate();
    void report_samples();
    // Snapshots the probes' attention at this step, once (see attention_snapshots.h); a failed
    // write (full disk) is a warning.
    void snapshot_attention_maps();
    // Writes the checkpoints. A failed save (full disk) is a warning and the run goes on,
    // except the `final` one at the end of the run, which fails it.
    void save(bool best, bool final = false);
    // The quick sanity checks of a new run: to the log, checks.json and the observer. A
    // failed check is a warning; training goes on.
    void run_quick_checks();
    void log(LogLevel level, const std::string& message);
    void log_to_file(LogLevel level, const std::string& message);
    void report_steps();
    // The run's TensorBoard event file for this session; a failure is a warning.
    void open_tensorboard_log(int64_t first_step);
    // What every rank acts on at the top of a step: a stop asked of any rank, and rank 0's
    // pause button and clock (so that all stop at the same step and use the same rate).
    struct Agreement {
        bool stop = false, pause = false, time_up = false;
        double budget_used = 0;  // share of train.max_minutes spent (time-based schedules)
    };
    Agreement agree();
    bool wait_while_paused(Agreement& agreement);
    // What went wrong once the loss diverged, and what to try (the log, status, finish message).
    Phrase divergence_message() const;
    void write_status(const std::string& state, const Phrase& message = {});
    double elapsed() const;

    std::string run_dir_;
    RunPaths paths_;
    DistributedSetup distributed_;
    std::unique_ptr<ProcessGroup> group_;          // null for one process
    std::unique_ptr<GradientAllReducer> reducer_;  // null for one process
    bool setup_shared_ = false;
    double budget_used_ = 0;
    TrainingObserver& observer_;
    TrainingControl& control_;

    ExperimentConfig config_;
    PreparedData data_;
    TransformerModel model_{nullptr};
    std::unique_ptr<torch::optim::Optimizer> optimizer_;
    at::Device device_{at::kCPU};
    PrecisionChoice precision_;  // train.precision as this device runs it (auto resolved)
    TrainingPosition position_;
    std::unique_ptr<HistoryWriter> history_;
    std::unique_ptr<RunTensorBoardLog> tensorboard_;  // null when its file could not be made
    std::unique_ptr<RunLock> lock_;  // held from start or resume to the end of the run
    std::ofstream log_file_;
    std::string started_at_;
    // Whether a failure is written to status.json: a resume that never started training leaves
    // the run's status as it was.
    bool owns_status_ = false;
    int64_t planned_steps_ = 0, steps_per_epoch_ = 0;
    LossScaler loss_scaler_;                    // fp16 only
    DivergenceWatch divergence_;                // fed every step's loss
    bool divergence_told_ = false;              // logged (and the run ended, if it stops on it)
    std::vector<std::vector<int>> probes_;      // empty: no attention snapshots
    std::unique_ptr<ValidationScorer> scorer_;  // train.valid_metric bleu / rouge_l, rank 0
    int64_t last_snapshot_step_ = -1;
    struct {
        int64_t count = 0, bytes = 0;
        double seconds = 0;
    } snapshots_;  // written in this session

    // Sums since the last step report.
    struct Pending {
        double loss = 0, nll = 0, grad_norm = 0;
        int64_t tokens = 0, all_tokens = 0, steps = 0;
        double since = 0;  // elapsed() at the last report
    } pending_;
    double session_start_ = 0;   // steady clock seconds when this session began
    double elapsed_before_ = 0;  // training time of earlier sessions (resume)
    double paused_s_ = 0;
    double last_lr_ = 0;  // the rate of the latest optimizer step (reported with it)
};

}  // namespace tfw
