#pragma once
// Trains the runs of a sweep folder one after another (or `jobs` at a time), each an ordinary
// run: a run that had finished is kept, one that was interrupted continues from its last
// checkpoint, the rest start new. After training, a seq2seq run's best checkpoint decodes the
// validation set with the experiment's decoding settings and the scores are saved in the run's
// evals/ folder (BLEU + chrF, or ROUGE), where the report and the Compare area read them.
// Blocks until the queue is empty or it is stopped; run it on a worker thread in a GUI.

#include <atomic>
#include <cstddef>
#include <mutex>
#include <set>
#include <string>

#include "core/sweep/sweep_state.h"
#include "core/train/training_observer.h"

namespace tfw {

// Calls come from the thread training the run (several at once when jobs > 1).
class SweepObserver {
  public:
    virtual ~SweepObserver() = default;
    virtual void on_queue(const SweepState&) {}  // after every change of a run's state
    virtual void on_run_started(size_t, const TrainingStarted&) {}
    virtual void on_run_step(size_t, const StepReport&) {}
    virtual void on_run_validation(size_t, const ValidationReport&) {}
    virtual void on_run_log(size_t, LogLevel, const std::string&) {}
    // Decoding the validation set for the scores: done of total inputs.
    virtual void on_run_evaluating(size_t, size_t /*done*/, size_t /*total*/) {}
};

// Set from any thread. stop: the runs in training save and stop (they continue on resume);
// pause: they wait between steps; skip(run): that run is left out (stopped if training).
class SweepControl {
  public:
    std::atomic<bool> stop{false};
    std::atomic<bool> pause{false};
    void skip(size_t run);
    bool skipped(size_t run) const;

  private:
    mutable std::mutex mutex_;
    std::set<size_t> skipped_;
};

struct SweepOutcome {
    bool stopped = false;  // by SweepControl::stop; the rest is pending
    size_t done = 0, failed = 0, skipped = 0, pending = 0;
};

// Runs what is pending in the sweep folder. A run that fails is marked failed and the queue
// goes on. Throws ConfigError when the folder holds no sweep.
SweepOutcome run_sweep(const std::string& sweep_dir, SweepObserver& observer,
                       SweepControl& control);

// Puts failed and skipped runs back in the queue (for a resume that retries them).
void requeue_sweep_runs(const std::string& sweep_dir);

}  // namespace tfw
