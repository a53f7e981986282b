#pragma once
// How the trainer talks to whoever runs it (terminal, GUI worker, tests): small value
// structs through a callback interface, and a control block it polls between steps.

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/check/check_result.h"
#include "core/device/precision_choice.h"
#include "core/history/training_reports.h"
#include "core/util/log_level.h"

namespace tfw {

struct TrainingStarted {
    std::string run_dir;
    std::string gpu;            // "cuda:0 NVIDIA H200"; empty on the CPU
    int threads = 0;            // CPU threads per process (CPU runs)
    int processes = 1;          // data-parallel processes (ranks)
    std::string backend;        // their process group's backend ("gloo", "nccl") when processes > 1
    PrecisionChoice precision;  // what the matrix products run in (auto resolved)
    int64_t parameters = 0;
    int64_t train_examples = 0;
    int64_t valid_examples = 0;
    int64_t steps_per_epoch = 0;  // optimizer steps
    int64_t planned_steps = 0;    // min(max_steps, epochs * steps_per_epoch)
    int64_t start_step = 0;       // > 0 when resuming
    double time_budget_s = 0;     // train.max_minutes in seconds (0 = none), of run elapsed time
};

// Where it trains, for logs and the terminal: "cpu (2 threads)",
// "cuda:0 NVIDIA H200 x 2 processes (nccl)". The window words it itself.
std::string device_summary(const TrainingStarted& started);

// A few fixed validation inputs decoded (greedy) after a validation, so a run shows what
// it has learned, not only how its loss moves.
struct SampleOutput {
    std::string input;      // source text, or a language model's prompt
    std::string output;     // the model's output (lm: the continuation)
    std::string reference;  // what the data says
};

struct SamplesReport {
    int64_t step = 0;
    std::vector<SampleOutput> samples;
};

// Each head's mean normalised attention entropy, [layer][head], per stack: 0 = every query reads
// one key, 1 = uniform over the keys it may read. A stack the model lacks is empty.
struct ProbeEntropies {
    std::vector<std::vector<double>> encoder_self, decoder_self, cross;
};

// An attention snapshot of the probe inputs was written to the run's attention/ folder.
struct AttentionSnapshotReport {
    int64_t step = 0;
    std::vector<ProbeEntropies> probes;  // in probe order
};

// Diverged: the loss became non-finite or exploded (core/train/divergence_watch.h).
enum class FinishReason { Completed, Stopped, EarlyStopped, Failed, Diverged };

struct TrainingFinished {
    FinishReason reason = FinishReason::Completed;
    std::string message;  // for Failed and Diverged: what went wrong and what to try
    int64_t step = 0;
    double best_valid_loss = 0;  // the lowest validation loss
    // train.valid_metric bleu / rouge_l: best.tfw's score ("BLEU", "ROUGE-L"), at best_step.
    std::string score_name;
    double best_valid_score = -1;  // -1: none
    int64_t best_step = 0;
    std::string last_checkpoint;
    std::string best_checkpoint;
};

class TrainingObserver {
  public:
    virtual ~TrainingObserver() = default;
    // The quick sanity checks, before a new run trains (not when resuming).
    virtual void on_checks(const ChecksReport&) {}
    virtual void on_started(const TrainingStarted&) {}
    virtual void on_step(const StepReport&) {}
    virtual void on_validation(const ValidationReport&) {}
    virtual void on_samples(const SamplesReport&) {}
    virtual void on_attention_snapshot(const AttentionSnapshotReport&) {}
    virtual void on_log(LogLevel, const std::string&) {}
    virtual void on_finished(const TrainingFinished&) {}
};

// Set from any thread; the trainer polls it between steps.
struct TrainingControl {
    std::atomic<bool> stop{false};
    std::atomic<bool> pause{false};
    // Set by the trainer while it writes the run's final checkpoint and status, which a caller
    // that quits at once (a second Ctrl+C) should wait for.
    std::atomic<bool> finishing{false};
};

}  // namespace tfw
