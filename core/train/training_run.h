#pragma once
// One training run (new or resumed) on one process or as one rank of a data-parallel run;
// trainer.h is its public face. Its files are split by job:
//   training_run.cpp        opening a run (new, resumed, restarted) and ending a failed one
//   training_run_model.cpp  the model, optimizer and position it trains, and their checkpoints
//   training_run_loop.cpp   the loop over epochs and steps, and the ways a run ends
//   training_run_step.cpp   one optimizer step, one validation, and their reports
// with the run's files (run_files), the other ranks (run_ranks), sample previews and attention
// snapshots (run_previews), the validation pass (validation_pass) and the messages (run_messages)
// in files of their own.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <torch/optim/optimizer.h>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/distributed/distributed_setup.h"
#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"
#include "core/model/transformer_model.h"
#include "core/train/divergence_watch.h"
#include "core/train/loss_scaler.h"
#include "core/train/optimizer_step.h"
#include "core/train/run_files.h"
#include "core/train/run_previews.h"
#include "core/train/run_ranks.h"
#include "core/train/step_graphs.h"
#include "core/train/training_observer.h"

namespace tfw {

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
    // training_run.cpp
    // Runs `setup` and the loop; any exception ends the run as Failed with a message.
    TrainingFinished train_or_fail(const std::function<void()>& setup);
    void resume_from(const Checkpoint& checkpoint, const std::string& source,
                     const std::string& from);
    // A new run's rank > 0 takes its setup from rank 0 and reads the data.
    void prepare_from_rank0();
    // A new run's first steps once its folder is taken: log, history, data, checks, model.
    void begin_at_step_zero(const std::string& note = "");
    // Resuming a run whose process ended before its first checkpoint was written.
    void restart_without_checkpoint();
    // The quick sanity checks of a new run: to the log, checks.json and the observer. A
    // failed check is a warning; training goes on.
    void run_quick_checks();
    void log(LogLevel level, const std::string& message);
    void write_status(const std::string& state, const Phrase& message = {});
    double elapsed() const;

    // training_run_model.cpp
    at::Device training_device() const;
    void build(const Checkpoint* from);
    void report_started(int threads, const std::vector<Batch>& epoch_batches);
    // Writes the checkpoints (rank 0). A failed save (full disk) is a warning and the run goes
    // on, except the `final` one at the end of the run, which fails it.
    void save(bool best, bool final = false);

    // training_run_loop.cpp
    TrainingFinished loop();
    // Validation with its previews and the checkpoint after it.
    ValidationReport validate_and_save();
    // Completed and early-stopped runs end validated; a stop request only saves, promptly.
    TrainingFinished finish(FinishReason reason, std::string state, Phrase message);
    StepAgreement agree();
    bool wait_while_paused(StepAgreement& agreement);
    bool out_of_patience() const;
    TrainingFinished finish_early();
    // After the steps were reported: a run whose optimizer halted on a non-finite loss ends,
    // and so does one that diverged when train.stop_on_divergence is on (else it is told once).
    std::optional<TrainingFinished> end_if_diverged();
    void snapshot_attention_maps();

    // training_run_step.cpp
    bool train_step(const std::vector<Batch>& batches, size_t first, size_t count);
    // One batch's step through step_graphs_ (one process, no accumulation, no fp16; recorded
    // as CUDA graphs on a GPU with train.cuda_graphs): the step's sums as train_step keeps them.
    StepOutputs graphed_step(const Batch& batch, int64_t tokens);
    // What follows every step: the halt flag, the device-side divergence rule, the position and
    // the sums kept for the next report.
    void finish_step(const StepOutputs& out, int64_t tokens, int64_t all_tokens);
    // Reads the steps since the last report back from the device (the only read of a step
    // outside fp16), feeds the divergence watch and reports them.
    void report_steps();
    ValidationReport validate();

    std::string run_dir_;
    RunPaths paths_;
    RunRanks ranks_;
    TrainingObserver& observer_;
    TrainingControl& control_;
    RunFiles files_;
    RunPreviews previews_;

    ExperimentConfig config_;
    PreparedData data_;
    TransformerModel model_{nullptr};
    std::unique_ptr<torch::optim::Optimizer> optimizer_;
    std::unique_ptr<OptimizerStep> optimizer_step_;  // clipping and the update, on optimizer_
    std::unique_ptr<StepGraphs> step_graphs_;  // null with several processes, accumulation, fp16
    at::Device device_{at::kCPU};
    PrecisionChoice precision_;  // train.precision as this device runs it (auto resolved)
    TrainingPosition position_;
    int64_t planned_steps_ = 0, steps_per_epoch_ = 0;
    LossScaler loss_scaler_;        // fp16 only
    DivergenceWatch divergence_;    // fed every step's loss at the reports
    bool divergence_told_ = false;  // logged (and the run ended, if it stops on it)
    // Nonzero on the device from the first step whose loss or gradients were not finite: the
    // optimizer changes nothing from there on, until the next report ends the run.
    at::Tensor halt_;
    at::Tensor above_limit_;                    // exploded steps in a row, on the device
    bool halted_ = false;                       // a report saw it
    std::unique_ptr<ValidationScorer> scorer_;  // train.valid_metric bleu / rouge_l, rank 0
    double budget_used_ = 0;  // share of train.max_minutes spent, as the ranks agreed

    // The steps since the last report.
    struct Pending {
        std::vector<at::Tensor> sums;  // per step, on the device: loss, NLL, gradient norm, halt
        std::vector<int64_t> tokens, all_tokens;  // per step: target tokens, this rank's tokens
        double since = 0;                         // elapsed() at the last report
    } pending_;
    double session_start_ = 0;   // steady clock seconds when this session began
    double elapsed_before_ = 0;  // training time of earlier sessions (resume)
    double paused_s_ = 0;
    double last_lr_ = 0;  // the rate of the latest optimizer step (reported with it)
};

}  // namespace tfw
