#include "core/sweep/sweep_runner.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <thread>
#include <vector>

#include "core/config/config_io.h"
#include "core/config/translatable.h"
#include "core/decode/translator.h"
#include "core/eval/evaluation.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/io/run_management.h"
#include "core/train/trainer.h"
#include "core/util/error_text.h"

namespace tfw {
namespace fs = std::filesystem;

void SweepControl::skip(size_t run) {
    std::lock_guard lock(mutex_);
    skipped_.insert(run);
}

bool SweepControl::skipped(size_t run) const {
    std::lock_guard lock(mutex_);
    return skipped_.count(run) > 0;
}

namespace {

Phrase queue_text(const char* pattern, std::vector<std::string> args = {}) {
    return Phrase("SweepQueue", pattern, std::move(args));
}

// The queue in sweep.json, shared by the workers.
class Queue {
  public:
    Queue(SweepState state, SweepObserver& observer, SweepControl& control)
        : state_(std::move(state)), observer_(observer), control_(control) {}

    // The next pending run, marked running; nullopt when none is left or the sweep stops.
    std::optional<size_t> next() {
        std::lock_guard lock(mutex_);
        for (size_t run = 0; run < state_.runs.size(); ++run) {
            if (control_.stop.load()) return std::nullopt;
            if (state_.runs[run].state != SweepRunState::Pending) continue;
            if (control_.skipped(run)) {
                change(run, SweepRunState::Skipped,
                       queue_text(TFW_TR_NOOP("SweepQueue", "skipped")));
                continue;
            }
            change(run, SweepRunState::Running, Phrase());
            return run;
        }
        return std::nullopt;
    }

    void set(size_t run, SweepRunState state, const Phrase& message) {
        std::lock_guard lock(mutex_);
        change(run, state, message);
    }

    SweepState snapshot() const {
        std::lock_guard lock(mutex_);
        return state_;
    }

  private:
    void change(size_t run, SweepRunState state, const Phrase& message) {
        state_.runs[run].state = state;
        state_.runs[run].message = message;
        save_sweep(state_);
        observer_.on_queue(state_);
    }

    mutable std::mutex mutex_;
    SweepState state_;
    SweepObserver& observer_;
    SweepControl& control_;
};

// Forwards one run's reports with its index.
class RunObserver final : public TrainingObserver {
  public:
    RunObserver(SweepObserver& observer, size_t run) : observer_(observer), run_(run) {}
    void on_started(const TrainingStarted& started) override {
        observer_.on_run_started(run_, started);
    }
    void on_step(const StepReport& report) override { observer_.on_run_step(run_, report); }
    void on_validation(const ValidationReport& report) override {
        observer_.on_run_validation(run_, report);
    }
    void on_log(LogLevel level, const std::string& message) override {
        observer_.on_run_log(run_, level, message);
    }

  private:
    SweepObserver& observer_;
    size_t run_;
};

// Copies the sweep's stop / pause / skip onto one run's control while it trains (the trainer
// polls its own control between steps and while paused).
class ControlMirror {
  public:
    ControlMirror(const SweepControl& sweep, TrainingControl& run, size_t index)
        : thread_([this, &sweep, &run, index] {
              while (!done_.load()) {
                  run.stop = sweep.stop.load() || sweep.skipped(index);
                  run.pause = sweep.pause.load();
                  std::this_thread::sleep_for(std::chrono::milliseconds(20));
              }
          }) {}
    ~ControlMirror() {
        done_ = true;
        thread_.join();
    }

  private:
    std::atomic<bool> done_{false};
    std::thread thread_;
};

bool trained(const std::string& run_dir) {
    const std::string state = read_run_status(run_dir).state;
    return state == "completed" || state == "early_stopped";
}

bool has_evaluation(const std::string& run_dir) {
    std::error_code error;
    const fs::path evals = fs::path(run_dir) / "evals";
    return fs::is_directory(evals, error) && !fs::is_empty(evals, error);
}

// Decodes the validation set with the run's best checkpoint and keeps the scores in evals/.
// False when it was cancelled.
bool evaluate_run(const std::string& run_dir, size_t run, SweepObserver& observer,
                  const SweepControl& control) {
    const std::string checkpoint = preferred_checkpoint(run_dir);
    if (checkpoint.empty()) throw std::runtime_error("the run has no checkpoint to evaluate");
    const ExperimentConfig config = load_config_file(RunPaths(run_dir).config());
    const char* device = config.train.device == DevicePref::Cpu    ? "cpu"
                         : config.train.device == DevicePref::Cuda ? "cuda"
                                                                   : "auto";
    Translator translator(load_model(checkpoint, device));
    const EvaluationSet set = evaluation_split(config, "valid");
    const auto evaluation =
        evaluate(translator, checkpoint, set, decode_options_from(config.decode), std::nullopt,
                 [&](size_t done, size_t total) {
                     observer.on_run_evaluating(run, done, total);
                     return !control.stop.load() && !control.skipped(run);
                 });
    if (!evaluation) return false;
    save_evaluation(run_dir, *evaluation);
    return true;
}

void run_one(Queue& queue, size_t run, SweepObserver& observer, SweepControl& control) {
    const SweepState state = queue.snapshot();
    const SweepRunEntry& entry = state.runs[run];
    const std::string run_dir = state.run_dir(run);
    try {
        if (!trained(run_dir)) {
            RunObserver forward(observer, run);
            TrainingControl training;
            TrainingFinished finished;
            {
                ControlMirror mirror(control, training, run);
                if (fs::exists(RunPaths(run_dir).last_checkpoint())) {
                    finished = train_resume(run_dir, forward, training);
                } else {
                    // Interrupted before its first checkpoint: nothing worth keeping.
                    fs::remove_all(run_dir);
                    ExperimentConfig config =
                        run_config(state.spec, state.variants[entry.variant], entry.seed);
                    config.name = fs::path(run_dir).filename().string();
                    if (state.spec.jobs > 1 && config.train.threads == 0)
                        config.train.threads =
                            std::max(1, static_cast<int>(std::thread::hardware_concurrency()) /
                                            state.spec.jobs);
                    finished = train_new(config, run_dir, forward, training);
                }
            }
            // A diverged variant has no model worth scoring: it counts as a failure.
            if (finished.reason == FinishReason::Failed ||
                finished.reason == FinishReason::Diverged)
                return queue.set(run, SweepRunState::Failed, verbatim(finished.message));
            if (finished.reason == FinishReason::Stopped) {
                if (control.skipped(run))
                    return queue.set(run, SweepRunState::Skipped,
                                     queue_text(TFW_TR_NOOP("SweepQueue", "skipped at step %1"),
                                                {std::to_string(finished.step)}));
                // How it stopped, as the run's status says it (in the window's language).
                return queue.set(run, SweepRunState::Pending, read_run_status(run_dir).message);
            }
        }
        const bool seq2seq =
            load_config_file(RunPaths(run_dir).config()).task != Task::LanguageModel;
        if (state.spec.evaluate && seq2seq && !has_evaluation(run_dir) &&
            !evaluate_run(run_dir, run, observer, control)) {
            if (control.skipped(run))
                return queue.set(run, SweepRunState::Skipped,
                                 queue_text(TFW_TR_NOOP("SweepQueue", "skipped")));
            return queue.set(
                run, SweepRunState::Pending,
                queue_text(TFW_TR_NOOP("SweepQueue", "trained; evaluation continues on resume")));
        }
        queue.set(run, SweepRunState::Done, read_run_status(run_dir).message);
    } catch (const std::exception& e) {
        queue.set(run, SweepRunState::Failed, verbatim(user_error_text(e)));
    }
}

}  // namespace

SweepOutcome run_sweep(const std::string& sweep_dir, SweepObserver& observer,
                       SweepControl& control) {
    SweepState state = load_sweep(sweep_dir);
    const RunLock lock(state.dir);  // one process per sweep
    // Runs marked running were interrupted (a crash, a killed process): they continue.
    for (auto& run : state.runs)
        if (run.state == SweepRunState::Running) run.state = SweepRunState::Pending;
    Queue queue(std::move(state), observer, control);
    observer.on_queue(queue.snapshot());

    auto work = [&] {
        while (const auto run = queue.next()) run_one(queue, *run, observer, control);
    };
    const int jobs = std::max(1, queue.snapshot().spec.jobs);
    std::vector<std::thread> workers;
    for (int j = 1; j < jobs; ++j) workers.emplace_back(work);
    work();
    for (auto& worker : workers) worker.join();

    const SweepState final_state = queue.snapshot();
    SweepOutcome outcome;
    outcome.done = final_state.count(SweepRunState::Done);
    outcome.failed = final_state.count(SweepRunState::Failed);
    outcome.skipped = final_state.count(SweepRunState::Skipped);
    outcome.pending = final_state.count(SweepRunState::Pending);
    outcome.stopped = control.stop.load() && outcome.pending > 0;
    return outcome;
}

void requeue_sweep_runs(const std::string& sweep_dir) {
    SweepState state = load_sweep(sweep_dir);
    for (auto& run : state.runs)
        if (run.state == SweepRunState::Failed || run.state == SweepRunState::Skipped) {
            run.state = SweepRunState::Pending;
            run.message = Phrase();
        }
    save_sweep(state);
}

}  // namespace tfw
