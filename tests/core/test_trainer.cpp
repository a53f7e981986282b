// Training runs end to end on the synthetic task: files, determinism, exact resume,
// early stopping, failures with messages, checkpoint integrity and the device generator's state.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>

#include <sys/wait.h>
#include <unistd.h>

#include <torch/utils.h>
#include <torch/version.h>

#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "core/decode/translator.h"
#include "core/eval/evaluation.h"
#include "core/io/checkpoint.h"
#include "core/io/generator_state.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/model/model_options.h"
#include "core/train/divergence_watch.h"
#include "core/train/memory_check.h"
#include "core/train/run_progress.h"
#include "core/train/trainer.h"
#include "core/util/step_quantities.h"

#include "tests/core/test_support.h"

using namespace tfw;

namespace {

// Records reports; can ask for a stop after a given step.
struct Recorder : TrainingObserver {
    TrainingStarted started;
    std::vector<StepReport> steps;
    std::vector<ValidationReport> validations;
    std::vector<SamplesReport> samples;
    std::vector<std::string> warnings;
    TrainingControl* control = nullptr;
    int64_t stop_after = -1;
    void on_started(const TrainingStarted& s) override { started = s; }
    void on_step(const StepReport& r) override {
        steps.push_back(r);
        if (r.step == stop_after) control->stop = true;
    }
    void on_validation(const ValidationReport& r) override { validations.push_back(r); }
    void on_samples(const SamplesReport& r) override { samples.push_back(r); }
    void on_log(LogLevel level, const std::string& m) override {
        if (level != LogLevel::Info) warnings.push_back(m);
    }
};

std::string read_text(const std::string& file) {
    std::ifstream in(file);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TrainingFinished run(const ExperimentConfig& c, const std::string& dir, Recorder& recorder,
                     int64_t stop_after = -1) {
    TrainingControl control;
    recorder.control = &control;
    recorder.stop_after = stop_after;
    return train_new(c, dir, recorder, control);
}

}  // namespace

class TestTrainer : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

  private Q_SLOTS:
    void aRunIsLockedWhileItTrains() {
        struct LockWatcher : Recorder {
            std::string dir, holder;
            void on_step(const StepReport& r) override {
                Recorder::on_step(r);
                if (holder.empty()) holder = run_locked_by(dir);
            }
        } watcher;
        watcher.dir = path("locked");
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.max_steps = 4;
        TrainingControl control;
        watcher.control = &control;
        QCOMPARE(int(train_new(c, watcher.dir, watcher, control).reason),
                 int(FinishReason::Completed));
        QCOMPARE(watcher.holder, "process " + std::to_string(getpid()));
        QVERIFY(!std::filesystem::exists(run_lock_path(watcher.dir)));  // released at the end
        QVERIFY(run_locked_by(watcher.dir).empty());
    }

    void aRunAnotherProcessTrainsIsNotResumed() {
        Recorder r;
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.max_steps = 4;
        const std::string dir = path("taken");
        QCOMPARE(int(run(c, dir, r).reason), int(FinishReason::Completed));
        char host[256] = {};
        gethostname(host, sizeof host - 1);
        const long other = static_cast<long>(getppid());  // alive while this test runs
        std::ofstream(run_lock_path(dir)) << other << " " << host << "\n";
        const std::string status = read_text(RunPaths(dir).status());

        TrainingControl control;
        const TrainingFinished f = train_resume(dir, r, control);
        QCOMPARE(int(f.reason), int(FinishReason::Failed));
        QVERIFY2(f.message.find("is being trained by process " + std::to_string(other)) !=
                     std::string::npos,
                 f.message.c_str());
        QCOMPARE(read_text(RunPaths(dir).status()), status);   // the other's status is kept
        QVERIFY(std::filesystem::exists(run_lock_path(dir)));  // and so is its lock

        // A lock left by a process that has ended does not count.
        const pid_t gone = fork();
        if (gone == 0) _exit(0);
        waitpid(gone, nullptr, 0);
        std::ofstream(run_lock_path(dir), std::ios::trunc) << gone << " " << host << "\n";
        QVERIFY(run_locked_by(dir).empty());
        QVERIFY(train_resume(dir, r, control).reason != FinishReason::Failed);
        QVERIFY(!std::filesystem::exists(run_lock_path(dir)));
    }

    void tfwResumeSaysWhyItCannot() {
        const test::CliRun run =
            test::run_tfw({QStringLiteral("resume"), QString::fromStdString(path("no-run"))});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(
            run.err.find("no-run has no checkpoints/last.tfw to resume from") != std::string::npos,
            run.err.c_str());
    }

    // Mistakes in the arguments themselves exit with 2 and name the argument.
    void tfwUsageMistakesExitWithTwo() {
        const QString run = QString::fromStdString(path("never-made"));
        const test::CliRun bad_key = test::run_tfw(
            {"train", "--preset", "demo", "--set", "model.dmodel=64", "--run-dir", run});
        QCOMPARE(bad_key.exit_code, 2);
        QVERIFY2(bad_key.err.find("--set model.dmodel=64: unknown configuration key "
                                  "'model.dmodel'") != std::string::npos,
                 bad_key.err.c_str());
        const test::CliRun bad_value = test::run_tfw(
            {"train", "--preset", "demo", "--set", "model.d_model=big", "--run-dir", run});
        QCOMPARE(bad_value.exit_code, 2);
        QVERIFY2(bad_value.err.find("must be an integer") != std::string::npos,
                 bad_value.err.c_str());
        const test::CliRun bad_preset =
            test::run_tfw({"train", "--preset", "no-such", "--run-dir", run});
        QCOMPARE(bad_preset.exit_code, 2);
        QVERIFY2(bad_preset.err.find("unknown preset 'no-such'") != std::string::npos,
                 bad_preset.err.c_str());
        QVERIFY(!std::filesystem::exists(path("never-made")));
        const test::CliRun option_as_value =
            test::run_tfw({"train", "--preset", "demo", "--set", "--run-dir", run});
        QCOMPARE(option_as_value.exit_code, 2);
        QVERIFY2(option_as_value.err.find("--set needs a value KEY=VALUE, got '--run-dir'") !=
                     std::string::npos,
                 option_as_value.err.c_str());
    }

    // A run folder that cannot be written is named with the system's reason, not as a raw
    // "filesystem error" (the run's folder) or "cannot create RUN/train.lock" with none.
    void unwritableRunFoldersAreNamedWithTheReason() {
        const std::string file = path("a-file");
        std::ofstream(file) << "not a folder\n";
        const test::CliRun run =
            test::run_tfw({"train", "--preset", "demo", "--set", "train.max_steps=1", "--run-dir",
                           QString::fromStdString(file + "/run")});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.find("cannot create " + file + "/run/checkpoints: Not a directory") !=
                     std::string::npos,
                 run.err.c_str());
        QVERIFY2(run.err.find("filesystem error") == std::string::npos, run.err.c_str());
        try {
            RunLock lock(file);
            QFAIL("locked a file");
        } catch (const ConfigError& e) {
            QCOMPARE(std::string(e.what()),
                     "cannot create " + run_lock_path(file) + ": Not a directory");
        }
    }

    void aRunWritesItsDirectory() {
        Recorder r;
        const TrainingFinished f = run(test::tiny_reverse_run(), path("basic"), r);
        QCOMPARE(int(f.reason), int(FinishReason::Completed));
        QCOMPARE(f.step, int64_t(12));
        const RunPaths p(path("basic"));
        for (const auto& file : {p.config(), p.status(), p.history(), p.log(), p.last_checkpoint(),
                                 p.best_checkpoint()})
            QVERIFY2(std::filesystem::exists(file), file.c_str());
        QCOMPARE(read_run_status(p.dir).state, std::string("completed"));
        const RunHistory h = read_history(p.dir);
        QCOMPARE(h.steps.size(), size_t(12));
        QCOMPARE(h.validations.size(), size_t(2));
        QCOMPARE(r.steps.size(), size_t(12));
        QVERIFY(h.steps.back().train_loss < h.steps.front().train_loss);
        QVERIFY(h.validations[0].perplexity > 1.0);
        // Each validation is followed by a few decoded validation inputs.
        QCOMPARE(r.samples.size(), size_t(2));
        QCOMPARE(r.samples[1].step, int64_t(12));
        QCOMPARE(r.samples[1].samples.size(), size_t(4));
        for (const auto& s : r.samples[1].samples)
            QVERIFY(!s.input.empty() && !s.reference.empty());
    }

    void sameSeedSameCurve() {
        Recorder a, b;
        run(test::tiny_reverse_run(), path("seed-a"), a);
        run(test::tiny_reverse_run(), path("seed-b"), b);
        for (size_t i = 0; i < a.steps.size(); ++i)
            QCOMPARE(a.steps[i].train_loss, b.steps[i].train_loss);
        ExperimentConfig other = test::tiny_reverse_run();
        other.train.seed = 7;
        Recorder c;
        run(other, path("seed-c"), c);
        QVERIFY(c.steps[3].train_loss != a.steps[3].train_loss);
    }

    // The whole history.jsonl of a tiny run on the CPU, byte for byte, against the one the
    // trainer wrote before its restructuring; the wall-clock fields (elapsed_s, tokens_per_s)
    // are masked. The numbers depend on LibTorch's kernels, so the file is for one version.
    void aTinyRunWritesTheGoldenHistory() {
        const std::string golden = std::string(TFW_TEST_DATA_DIR) +
                                   "/trainer/tiny-reverse-history-libtorch-" TORCH_VERSION ".jsonl";
        if (!std::filesystem::exists(golden))
            QSKIP(("no golden history for LibTorch " TORCH_VERSION ": " + golden).c_str());
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.device = DevicePref::Cpu;
        Recorder r;
        run(c, path("golden"), r);
        const std::regex wall_clock("\"(elapsed_s|tokens_per_s)\":[^,}]*");
        const std::string history = std::regex_replace(
            read_text(RunPaths(path("golden")).history()), wall_clock, "\"$1\":\"masked\"");
        QCOMPARE(history, read_text(golden));
    }

    void resumingContinuesExactly() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.accumulate = 2;  // resume must also keep the position inside an epoch
        Recorder whole;
        run(c, path("whole"), whole);

        Recorder first;
        const TrainingFinished stopped = run(c, path("split"), first, /*stop_after=*/5);
        QCOMPARE(int(stopped.reason), int(FinishReason::Stopped));
        QCOMPARE(read_run_status(path("split")).state, std::string("stopped"));
        Recorder second;
        TrainingControl control;
        const TrainingFinished resumed = train_resume(path("split"), second, control);
        QCOMPARE(int(resumed.reason), int(FinishReason::Completed));
        QCOMPARE(second.steps.front().step, int64_t(6));
        for (const auto& s : second.steps)
            QCOMPARE(s.train_loss, whole.steps[size_t(s.step - 1)].train_loss);
        QCOMPARE(read_history(path("split")).steps.size(), size_t(12));
    }

    // A run killed right after its end-of-epoch checkpoint (valid_every 0) resumes without
    // validating that step again: a repeated validation would count against patience.
    void resumingAtAnEpochEndValidatesOnce() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.valid_every = 0;
        c.train.max_steps = 0;
        c.train.epochs = 3;
        c.train.patience = 1;
        Recorder whole;
        run(c, path("epochs-whole"), whole);
        QCOMPARE(whole.validations.size(), size_t(3));

        // The first step of epoch 2 is reported after the end-of-epoch save; a copy of the
        // directory then is what a kill at that moment leaves.
        struct CopyAtStep : Recorder {
            int64_t at = 0;
            std::string from, to;
            void on_step(const StepReport& r) override {
                if (r.step != at) return;
                std::filesystem::copy(from, to, std::filesystem::copy_options::recursive);
                std::filesystem::remove(run_lock_path(to));  // a killed process's lock is stale
            }
        } first;
        first.at = whole.validations[0].step + 1;
        first.from = path("epochs-first");
        first.to = path("epochs-killed");
        run(c, first.from, first);
        Recorder second;
        TrainingControl control;
        const TrainingFinished resumed = train_resume(first.to, second, control);
        QCOMPARE(int(resumed.reason), int(FinishReason::Completed));
        QCOMPARE(second.validations.size(), size_t(2));
        QVERIFY(second.validations.front().step > whole.validations[0].step);
        const RunHistory history = read_history(first.to);
        QCOMPARE(history.validations.size(), size_t(3));
        for (size_t i = 0; i < 3; ++i)
            QCOMPARE(history.validations[i].loss, whole.validations[i].loss);
    }

    // A run that ended at train.max_steps, resumed, has nothing left to train.
    void resumingARunThatReachedMaxStepsTrainsNoMore() {
        Recorder first;
        run(test::tiny_reverse_run(), path("max-steps"), first);
        QCOMPARE(first.steps.back().step, int64_t(12));
        Recorder second;
        TrainingControl control;
        const TrainingFinished resumed = train_resume(path("max-steps"), second, control);
        QCOMPARE(int(resumed.reason), int(FinishReason::Completed));
        QCOMPARE(resumed.step, int64_t(12));
        QVERIFY(second.steps.empty());
        QCOMPARE(read_history(path("max-steps")).steps.size(), size_t(12));
        QCOMPARE(load_checkpoint(RunPaths(path("max-steps")).last_checkpoint()).position.step,
                 int64_t(12));
    }

    // A GPU run's checkpoints keep the device generator (dropout masks on the GPU come from
    // it); the capture/restore round trip is the same on the CPU generator.
    void generatorStateRestoresTheDraws() {
        const at::Device cpu(at::kCPU);
        at::manual_seed(5);
        at::randn({3});
        const GeneratorState state = capture_generator_state(cpu);
        QCOMPARE(state.device, std::string("cpu"));
        QVERIFY(!state.bytes.empty());
        const at::Tensor after_capture = at::randn({1000});
        at::randn({17});
        QVERIFY(restore_generator_state(state, cpu));
        QVERIFY(at::equal(at::randn({1000}), after_capture));
        // A state from another device is not forced onto this one.
        QVERIFY(!restore_generator_state({"cuda:0", state.bytes}, cpu));
        QVERIFY(!restore_generator_state({}, cpu));
        // CPU runs keep none: their dropout masks come from fast_dropout's counter.
        QVERIFY(training_generator_state(cpu).bytes.empty());
    }

    void checkpointsCarryTheDeviceGenerator() {
        // "basic" is a CPU run, like every checkpoint written before the state existed: none.
        Checkpoint checkpoint = load_checkpoint(RunPaths(path("basic")).last_checkpoint());
        QVERIFY(checkpoint.device_generator.device.empty());
        QVERIFY(checkpoint.device_generator.bytes.empty());
        checkpoint.device_generator = {"cuda:0", std::string("\x01\x00\xff seed+offset", 16)};
        save_checkpoint(checkpoint, path("with-generator.tfw"));
        const Checkpoint loaded = load_checkpoint(path("with-generator.tfw"));
        QCOMPARE(loaded.device_generator.device, checkpoint.device_generator.device);
        QCOMPARE(loaded.device_generator.bytes, checkpoint.device_generator.bytes);
        QCOMPARE(loaded.weights, checkpoint.weights);
    }

    void bf16TrainsOnTheCpu() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.precision = Precision::Bf16;
        Recorder r;
        const TrainingFinished f = run(c, path("bf16"), r);
        QCOMPARE(int(f.reason), int(FinishReason::Completed));
        QVERIFY(std::isfinite(r.validations.back().loss));
        QVERIFY(r.steps.back().train_loss < r.steps.front().train_loss);
    }

    // With only a time budget, a cosine schedule decays with the clock: the rate falls
    // after warmup and is near zero by the time the budget ends the run.
    void aCosineWithATimeBudgetEndsNearZero() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.schedule = Schedule::Cosine;
        c.train.max_steps = 0;
        c.train.epochs = 100000;
        c.train.max_minutes = 0.02;  // 1.2 s
        c.train.valid_every = 100000;
        Recorder r;
        const TrainingFinished f = run(c, path("clock"), r);
        QVERIFY2(f.reason == FinishReason::Completed, f.message.c_str());
        QVERIFY2(f.message.find("max_minutes") != std::string::npos, f.message.c_str());
        QVERIFY(r.steps.size() > size_t(c.train.warmup_steps) + 10);
        for (size_t i = size_t(c.train.warmup_steps) + 1; i < r.steps.size(); ++i)
            QVERIFY(r.steps[i].lr <= r.steps[i - 1].lr);
        QVERIFY2(r.steps.back().lr < 0.01 * c.train.lr, std::to_string(r.steps.back().lr).c_str());

        // Its progress is told by the clock: 100,000 epochs are planned, the budget ends it.
        QCOMPARE(r.started.time_budget_s, 1.2);
        const StepReport& middle = r.steps[r.steps.size() / 2];
        const RunProgress p =
            run_progress(r.started, r.steps.front().step, r.steps.front().elapsed_s, middle.step,
                         middle.elapsed_s);
        QVERIFY(p.by_time);
        QVERIFY2(std::abs(p.seconds_left - (1.2 - middle.elapsed_s)) < 1e-9,
                 std::to_string(p.seconds_left).c_str());
        QCOMPARE(p.fraction, middle.elapsed_s / 1.2);
    }

    // Time left comes from the speed so far, or from the time budget when that ends the run
    // sooner; unknown (< 0) before a step has been timed.
    void progressFollowsStepsOrTheTimeBudget() {
        TrainingStarted plan;
        plan.planned_steps = 1000;
        // 100 steps in 10 s: 900 steps left take 90 s.
        RunProgress p = run_progress(plan, 0, 0, 100, 10);
        QVERIFY(!p.by_time);
        QCOMPARE(p.seconds_left, 90.0);
        QCOMPARE(p.fraction, 0.1);
        QCOMPARE(run_progress(plan, 0, 0, 0, 0).seconds_left, -1.0);
        // A budget of 60 s ends it first: 50 s left, a sixth of the budget spent.
        plan.time_budget_s = 60;
        p = run_progress(plan, 0, 0, 100, 10);
        QVERIFY(p.by_time);
        QCOMPARE(p.seconds_left, 50.0);
        QCOMPARE(p.fraction, 10.0 / 60.0);
        // Before a timed step, the budget is all that is known.
        QCOMPARE(run_progress(plan, 0, 0, 0, 0).seconds_left, 60.0);
        // A budget of 600 s is not reached: the steps end the run.
        plan.time_budget_s = 600;
        p = run_progress(plan, 0, 0, 100, 10);
        QVERIFY(!p.by_time);
        QCOMPARE(p.seconds_left, 90.0);
        // A resumed session measures its own speed: steps 500-600 in 20 s.
        plan.time_budget_s = 0;
        p = run_progress(plan, 500, 100, 600, 120);
        QCOMPARE(p.seconds_left, 80.0);
        QCOMPARE(p.fraction, 0.6);
    }

    // The time left by the moving average of the step rate: steady at a steady speed, and a
    // slow interval (a validation) moves it a little, where the average since the start jumps.
    void timeLeftFollowsASmoothedStepRate() {
        TrainingStarted plan;
        plan.planned_steps = 1000;
        StepRateAverage rate;
        QCOMPARE(run_progress(plan, rate, 0, 0).seconds_left, -1.0);
        rate.add(0, 0);
        QCOMPARE(run_progress(plan, rate, 0, 0).seconds_left, -1.0);  // one report: no speed
        // 10 steps per second, reported every 10 steps.
        int64_t step = 0;
        double elapsed = 0;
        for (int i = 0; i < 30; ++i) rate.add(step += 10, elapsed += 1);
        QCOMPARE(rate.steps_per_s(), 10.0);
        const double steady = run_progress(plan, rate, step, elapsed).seconds_left;
        QCOMPARE(steady, (1000.0 - 300.0) / 10.0);
        // A validation makes one interval 5 s long instead of 1 s.
        rate.add(step += 10, elapsed += 5);
        const double after = run_progress(plan, rate, step, elapsed).seconds_left;
        const double sinceStart = run_progress(plan, 0, 0, step, elapsed).seconds_left;
        const double expected = (1000.0 - 310.0) / 10.0;
        QVERIFY2(after / expected < 1.12, std::to_string(after).c_str());
        QVERIFY(after < sinceStart);
        // Back at speed, the estimate returns to it.
        for (int i = 0; i < 60; ++i) rate.add(step += 10, elapsed += 1);
        QVERIFY(std::abs(rate.steps_per_s() - 10.0) < 0.1);
        // The first intervals count equally: a slow first second is not remembered for long.
        StepRateAverage start;
        start.add(0, 0);
        start.add(10, 2);  // 5 steps/s while warming up
        start.add(20, 3);  // then 10
        QCOMPARE(start.steps_per_s(), 7.5);
        // A time budget still ends the run when it comes first.
        plan.time_budget_s = 40;
        QVERIFY(run_progress(plan, rate, step, elapsed).by_time);
    }

    void earlyStoppingEndsARunThatStopsImproving() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.schedule = Schedule::Constant;
        c.train.lr = 0.0;  // nothing changes, so validation never improves
        c.train.patience = 1;
        c.train.valid_every = 2;
        Recorder r;
        const TrainingFinished f = run(c, path("early"), r);
        QCOMPARE(int(f.reason), int(FinishReason::EarlyStopped));
        QCOMPARE(f.step, int64_t(4));
        // status.json keeps why, in English and as the pattern the window translates.
        const RunStatus status = read_run_status(path("early"));
        QCOMPARE(status.state, std::string("early_stopped"));
        QCOMPARE(status.message.context, std::string("RunStatus"));
        QCOMPARE(status.message.pattern,
                 std::string("stopped early: validation loss has not improved for %1 validations "
                             "(best at step %2)"));
        QCOMPARE(status.message.args, (std::vector<std::string>{"1", "2"}));
        QCOMPARE(status.message.text(), f.message);
    }

    // A status.json written before the pattern was kept, or an error's message: shown as it is.
    void aStatusMessageWithoutItsPatternIsShownVerbatim() {
        const std::string dir = path("old-status");
        std::filesystem::create_directories(dir);
        std::ofstream(RunPaths(dir).status())
            << R"({"state": "completed", "step": 8, "message": "finished: 8 epochs"})";
        const RunStatus old = read_run_status(dir);
        QCOMPARE(old.message.text(), std::string("finished: 8 epochs"));
        QVERIFY(old.message.context.empty());

        RunStatus none;
        none.state = "running";
        write_run_status(dir, none);
        const RunLock training(dir);  // running indeed (no live holder would read as stopped)
        QVERIFY(read_run_status(dir).message.empty());
    }

    // train.valid_metric bleu: every validation carries the validation set's greedy BLEU,
    // best.tfw is the validation with the highest one (not the lowest loss), and that figure is
    // what evaluating best.tfw on the validation set with beam 1 gives.
    void theBestCheckpointCanGoByValidationBleu() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.valid_metric = ValidMetric::Bleu;
        c.train.max_steps = 240;
        c.train.valid_every = 30;
        c.train.lr = 5e-3;
        Recorder r;
        const std::string dir = path("by-bleu");
        const TrainingFinished f = run(c, dir, r);
        QCOMPARE(r.validations.size(), size_t(8));
        double best = -1;
        int64_t best_step = 0;
        for (const ValidationReport& v : r.validations) {
            QCOMPARE(v.score_key, std::string("bleu"));
            QVERIFY2(v.score >= 0 && v.score <= 100, std::to_string(v.score).c_str());
            QCOMPARE(v.is_best, v.score > best);
            if (v.is_best) best = v.score, best_step = v.step;
        }
        // It learned something to choose by (a tiny model on this task: BLEU about 1).
        QVERIFY2(best > r.validations.front().score, std::to_string(best).c_str());
        QCOMPARE(f.score_name, std::string("BLEU"));
        QCOMPARE(f.best_valid_score, best);
        QCOMPARE(f.best_step, best_step);

        const std::string best_tfw = RunPaths(dir).best_checkpoint();
        QCOMPARE(load_checkpoint(best_tfw).position.step, best_step);
        DecodeOptions greedy = decode_options_from(c.decode);
        greedy.beam = 1;
        Translator translator(load_model(best_tfw));
        const auto evaluation =
            evaluate(translator, best_tfw, evaluation_split(c, "valid"), greedy);
        QVERIFY(evaluation.has_value());
        QCOMPARE(evaluation->metric("bleu")->value, best);

        const RunHistory history = read_history(dir);
        QCOMPARE(history.validations.size(), r.validations.size());
        for (size_t i = 0; i < r.validations.size(); ++i) {
            QCOMPARE(history.validations[i].score_key, std::string("bleu"));
            QCOMPARE(history.validations[i].score, r.validations[i].score);
        }
        QVERIFY(read_text(RunPaths(dir).log()).find(", BLEU ") != std::string::npos);
    }

    void earlyStoppingCanGoByValidationRouge() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.valid_metric = ValidMetric::RougeL;
        c.train.schedule = Schedule::Constant;
        c.train.lr = 0.0;  // nothing changes, so the score never improves
        c.train.patience = 2;
        c.train.valid_every = 2;
        Recorder r;
        const TrainingFinished f = run(c, path("early-rouge"), r);
        QCOMPARE(int(f.reason), int(FinishReason::EarlyStopped));
        QCOMPARE(f.step, int64_t(6));
        QCOMPARE(f.best_step, int64_t(2));
        QVERIFY2(f.message.find("validation ROUGE-L has not improved for 2 validations") !=
                     std::string::npos,
                 f.message.c_str());
        QCOMPARE(r.validations.front().score_key, std::string("rougeL"));
    }

    // A loss far above anything a working model reaches, for steps in a row, or one that is not
    // a number: the verdict every rank of a run comes to from the same losses.
    void divergenceIsAnExplodedOrNonFiniteLoss() {
        DivergenceWatch watch(std::log(28.0));
        for (int step = 1; step <= 100; ++step)  // the demo starts near 9.4 with ln(28) = 3.3
            QVERIFY(!watch.observe(step, 9.4 - 0.05 * step));
        QVERIFY(!watch.observe(101, 7506));  // one bad batch is not a divergence
        QVERIFY(!watch.observe(102, 3.0));
        for (int step = 103; step < 103 + DivergenceWatch::kStepsAboveLimit - 1; ++step)
            QVERIFY(!watch.observe(step, 35100));
        QVERIFY(watch.observe(107, 35100));
        QCOMPARE(watch.step(), int64_t(107));
        QCOMPARE(watch.loss(), 35100.0);
        QVERIFY(!watch.non_finite());
        QVERIFY(watch.observe(108, 2.0));  // once diverged, it stays so

        DivergenceWatch nan(std::log(28.0));
        QVERIFY(nan.observe(3, std::nan("")));
        QVERIFY(nan.non_finite());
        QCOMPARE(nan.step(), int64_t(3));
    }

    // train.lr 10: the loss explodes to thousands of nats per token. The run says so, ends as
    // diverged with what to try, and stays resumable; it no longer trains on and calls itself
    // finished.
    void anExplodingLossEndsTheRunAsDiverged() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.lr = 10;
        c.train.max_steps = 40;
        c.train.valid_every = 20;
        Recorder stopped;
        const TrainingFinished f = run(c, path("exploded"), stopped);
        QCOMPARE(int(f.reason), int(FinishReason::Diverged));
        QVERIFY2(f.step < 40, f.message.c_str());
        QVERIFY2(f.message.find("diverged at step " + std::to_string(f.step)) == 0,
                 f.message.c_str());
        QVERIFY2(f.message.find("train.lr (now 10)") != std::string::npos, f.message.c_str());
        const RunStatus status = read_run_status(path("exploded"));
        QCOMPARE(status.state, std::string("diverged"));
        QCOMPARE(status.message.text(), f.message);
        QVERIFY(std::filesystem::exists(RunPaths(path("exploded")).last_checkpoint()));

        // Told to train on, it does, says so once, and still does not end as a success.
        c.train.stop_on_divergence = false;
        Recorder on;
        const TrainingFinished g = run(c, path("exploded-on"), on);
        QCOMPARE(int(g.reason), int(FinishReason::Diverged));
        QCOMPARE(g.step, int64_t(40));
        QVERIFY2(g.message.find("finished: reached train.max_steps (40)") == 0, g.message.c_str());
        QVERIFY2(g.message.find("Its loss diverged at step") != std::string::npos,
                 g.message.c_str());
        QCOMPARE(read_run_status(path("exploded-on")).state, std::string("diverged"));
        QCOMPARE(std::count_if(on.warnings.begin(), on.warnings.end(),
                               [](const std::string& w) {
                                   return w.find("Training goes on") != std::string::npos;
                               }),
                 std::ptrdiff_t(1));
    }

    // A run whose weights went bad (here: a NaN planted in the last checkpoint) must stop
    // with a message that says what to try, and keep its files.
    void aDivergingRunSaysWhatToTry() {
        Recorder first;
        run(test::tiny_reverse_run(), path("nan"), first);
        const std::string last = RunPaths(path("nan")).last_checkpoint();
        Checkpoint c = load_checkpoint(last);
        c.config.train.max_steps = 20;
        TransformerModel model(model_options(c.config, c.src_vocab, c.tgt_vocab));
        load_module(*model, c.weights);
        {
            torch::NoGradGuard no_grad;
            model->parameters().front().view(-1)[0] = std::nan("");
        }
        c.weights = serialize_module(*model);
        save_checkpoint(c, last);

        Recorder r;
        TrainingControl control;
        const TrainingFinished f = train_resume(path("nan"), r, control);
        QCOMPARE(int(f.reason), int(FinishReason::Diverged));
        QVERIFY2(f.message.find("the loss became NaN at step 13") != std::string::npos,
                 f.message.c_str());
        QVERIFY(f.message.find("train.lr") != std::string::npos);
        QCOMPARE(read_run_status(path("nan")).state, std::string("diverged"));
        QVERIFY(std::filesystem::exists(RunPaths(path("nan")).best_checkpoint()));
    }

    void badDataFailsWithTheFileNamed() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.data.synthetic = Synthetic::None;
        c.data.train_src = path("missing.en");
        c.data.train_tgt = path("missing.de");
        c.data.valid_src = path("missing.en");
        c.data.valid_tgt = path("missing.de");
        Recorder r;
        const TrainingFinished f = run(c, path("baddata"), r);
        QCOMPARE(int(f.reason), int(FinishReason::Failed));
        QVERIFY2(f.message.find("missing.en") != std::string::npos, f.message.c_str());
        QVERIFY(std::filesystem::exists(RunPaths(path("baddata")).log()));
    }

    void aNonEmptyRunDirectoryIsRefused() {
        const std::string status = read_text(RunPaths(path("basic")).status());
        Recorder r;
        const TrainingFinished f = run(test::tiny_reverse_run(), path("basic"), r);
        QCOMPARE(int(f.reason), int(FinishReason::Failed));
        QVERIFY(f.message.find("not empty") != std::string::npos);
        QCOMPARE(read_text(RunPaths(path("basic")).status()), status);  // that run's, untouched
    }

    // A run killed before (or while) writing its first checkpoint has a config.json and no
    // last.tfw: resuming starts it again from step 0, saying so, and removes the partial file.
    void aRunStoppedBeforeItsFirstCheckpointResumesFromStepZero() {
        ExperimentConfig c = test::tiny_reverse_run();
        Recorder whole;
        QCOMPARE(int(run(c, path("first-whole"), whole).reason), int(FinishReason::Completed));

        const std::string dir = path("first-killed");
        const RunPaths paths(dir);
        std::filesystem::create_directories(paths.checkpoints());
        save_config_file(c, paths.config());
        std::ofstream(paths.history()) << R"({"kind":"step","step":1,"loss":)";  // torn
        std::ofstream(paths.last_checkpoint() + ".partial") << "TFWCKPT\nhalf";
        RunStatus status;
        status.state = "running";
        write_run_status(dir, status);

        struct Lines : Recorder {
            std::vector<std::string> info;
            void on_log(LogLevel level, const std::string& m) override {
                Recorder::on_log(level, m);
                info.push_back(m);
            }
        } resumed;
        TrainingControl control;
        const TrainingFinished f = train_resume(dir, resumed, control);
        QVERIFY2(f.reason == FinishReason::Completed, f.message.c_str());
        QVERIFY(std::find(resumed.info.begin(), resumed.info.end(),
                          "no checkpoint to resume from: the run ended before its first one was "
                          "written, so it starts again from step 0") != resumed.info.end());
        QVERIFY(!std::filesystem::exists(paths.last_checkpoint() + ".partial"));
        QCOMPARE(resumed.steps.front().step, int64_t(1));
        QCOMPARE(resumed.steps.size(), whole.steps.size());
        for (size_t i = 0; i < whole.steps.size(); ++i)
            QCOMPARE(resumed.steps[i].train_loss, whole.steps[i].train_loss);
        QCOMPARE(read_history(dir).steps.size(), whole.steps.size());
        QCOMPARE(read_run_status(dir).state, std::string("completed"));
        // The CLI says so too: `tfw resume` of a folder with a config and no checkpoint.
        std::filesystem::remove_all(paths.checkpoints());
        const test::CliRun cli = test::run_tfw({"resume", QString::fromStdString(dir)});
        QVERIFY2(cli.exit_code == 0, cli.err.c_str());
        QVERIFY2(cli.out.find("starts again from step 0") != std::string::npos ||
                     cli.err.find("starts again from step 0") != std::string::npos,
                 (cli.out + cli.err).c_str());
    }

    // A resume that fails on a damaged last.tfw leaves the run's status as it was (not
    // "failed" at step 0), names the newest intact checkpoint, and `--from` continues from it.
    void aFailedResumeKeepsTheStatusAndNamesAnIntactCheckpoint() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.save_every = 4;
        c.train.valid_every = 0;
        Recorder r;
        const std::string dir = path("damaged-last");
        QCOMPARE(int(run(c, dir, r, /*stop_after=*/9).reason), int(FinishReason::Stopped));
        const RunPaths paths(dir);
        const std::string status = read_text(paths.status());
        {  // one byte of the header changed
            std::fstream f(paths.last_checkpoint(),
                           std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(40);
            const char byte = static_cast<char>(f.peek());
            f.put(byte == 'x' ? 'y' : 'x');
        }
        TrainingControl control;
        Recorder second;
        const TrainingFinished failed = train_resume(dir, second, control);
        QCOMPARE(int(failed.reason), int(FinishReason::Failed));
        QVERIFY2(failed.message.find(paths.last_checkpoint() + ": checkpoint header is corrupt") !=
                     std::string::npos,
                 failed.message.c_str());
        QVERIFY2(failed.message.find("step-8.tfw (step 8) is intact: `tfw resume " + dir +
                                     " --from step-8.tfw` continues from it") != std::string::npos,
                 failed.message.c_str());
        QCOMPARE(read_text(paths.status()), status);
        QCOMPARE(read_run_status(dir).state, std::string("stopped"));

        Recorder third;
        const TrainingFinished resumed =
            train_resume(dir, third, control, DistributedSetup{}, "step-8.tfw");
        QVERIFY2(resumed.reason == FinishReason::Completed, resumed.message.c_str());
        QCOMPARE(third.steps.front().step, int64_t(9));
        QCOMPARE(load_checkpoint(paths.last_checkpoint()).position.step, int64_t(12));
    }

    // A kill while last.tfw was being copied to step-N.tfw lost that copy for good; resuming
    // at that step makes it again (from last.tfw, the same checkpoint) and says so.
    void aStepCheckpointLostWhileCopyingIsMadeAgain() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.save_every = 4;
        c.train.valid_every = 4;
        Recorder r;
        const std::string dir = path("lost-copy");
        QCOMPARE(int(run(c, dir, r, /*stop_after=*/8).reason), int(FinishReason::Stopped));
        const RunPaths paths(dir);
        QCOMPARE(load_checkpoint(paths.last_checkpoint()).position.step, int64_t(8));
        std::filesystem::remove(paths.step_checkpoint(8));
        std::filesystem::remove(paths.best_checkpoint());
        struct Watcher : Recorder {
            std::string step8;
            bool there_before_training = false;
            void on_started(const TrainingStarted& s) override {
                Recorder::on_started(s);  // before the stop's own save below writes it anyway
                there_before_training = std::filesystem::exists(step8);
            }
        } second;
        second.step8 = paths.step_checkpoint(8);
        TrainingControl control;
        control.stop = true;  // resume, and stop at once
        train_resume(dir, second, control);
        QVERIFY(second.there_before_training);
        QCOMPARE(load_checkpoint(paths.step_checkpoint(8)).position.step, int64_t(8));
        const auto said = [&](const std::string& text) {
            return std::any_of(second.warnings.begin(), second.warnings.end(),
                               [&](const std::string& w) { return w.find(text) == 0; });
        };
        QVERIFY(said("step-8.tfw was lost when the run was stopped while copying it"));
        if (load_checkpoint(paths.last_checkpoint()).position.best_step == 8) {
            QVERIFY(said("best.tfw was lost"));
            QCOMPARE(load_checkpoint(paths.best_checkpoint()).position.step, int64_t(8));
        }
    }

    // d_model 8192 with 64+64 layers used to pass validation and be killed by the system after
    // a minute with no message, status or cleanup: it is refused before anything is made.
    void aModelTooLargeForTheMachineIsRefusedUpFront() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.model.d_model = 8192;
        c.model.ffn_dim = 32768;
        c.model.heads = 64;
        c.model.encoder_layers = c.model.decoder_layers = 64;
        Recorder r;
        const std::string dir = path("too-large");
        const TrainingFinished f = run(c, dir, r);
        QCOMPARE(int(f.reason), int(FinishReason::Failed));
        QVERIFY2(f.message.find("the model cannot be trained here") != std::string::npos &&
                     f.message.find("and this computer has") != std::string::npos &&
                     f.message.find("model.d_model (now 8192)") != std::string::npos,
                 f.message.c_str());
        QVERIFY(!std::filesystem::exists(dir));
        try {  // the figures: 1 GB is too little for 100 M parameters, 3 GB are enough
            ExperimentConfig small = test::tiny_reverse_run();
            small.model.d_model = 1024;
            small.model.ffn_dim = 4096;
            small.model.encoder_layers = small.model.decoder_layers = 4;
            require_memory_for(small, 1000, 1000, 3'000'000'000, "here");
            require_memory_for(small, 1000, 1000, 1'000'000'000, "here");
            QFAIL("no error");
        } catch (const ConfigError& e) {
            QVERIFY2(
                std::string(e.what()).find("and here has 1.0 GB available") != std::string::npos,
                e.what());
        }
    }

    void damagedCheckpointsGiveClearErrors() {
        const std::string good = RunPaths(path("basic")).last_checkpoint();
        QVERIFY(load_checkpoint(good).weights.size() > 1000);
        auto expect_error = [](const std::string& file, const std::string& fragment) {
            try {
                load_checkpoint(file);
            } catch (const CheckpointError& e) {
                QVERIFY2(std::string(e.what()).find(fragment) != std::string::npos, e.what());
                return;
            }
            QFAIL("no error");
        };
        const auto size = std::filesystem::file_size(good);
        std::filesystem::copy_file(good, path("truncated.tfw"));
        std::filesystem::resize_file(path("truncated.tfw"), size / 2);
        expect_error(path("truncated.tfw"), "truncated");

        std::ofstream(path("foreign.tfw")) << "PK\x03\x04 something else entirely";
        expect_error(path("foreign.tfw"), "not a Transformer Workbench checkpoint");

        // A model exported as safetensors: what it is, and the command that imports it.
        std::filesystem::create_directories(path("exported"));
        const std::string header =
            "{\"w\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}";
        {
            std::ofstream out(path("exported/model.safetensors"), std::ios::binary);
            uint64_t length = header.size();
            for (int i = 0; i < 8; ++i) out.put(char((length >> (8 * i)) & 0xff));
            out << header << "\0\0\0\0";
        }
        expect_error(path("exported/model.safetensors"), "exported as safetensors");
        expect_error(path("exported/model.safetensors"),
                     "tfw import --from " + path("exported") + " --out model.tfw");

        std::filesystem::copy_file(good, path("flipped.tfw"));
        {
            std::fstream f(path("flipped.tfw"), std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(static_cast<std::streamoff>(size - 100));
            f.put('\x5a');
        }
        expect_error(path("flipped.tfw"), "checksum");
        expect_error(path("absent.tfw"), "cannot open");
        expect_error(path("basic"), "is a folder, not a checkpoint");
    }

    // A measurement added to step_quantities() reaches history.jsonl and comes back.
    void everyStepQuantityRoundTripsThroughTheHistory() {
        StepReport report;
        report.step = 7;
        const std::vector<StepQuantity>& quantities = step_quantities();
        for (size_t i = 0; i < quantities.size(); ++i) report.*quantities[i].member = 1.25 + i;
        const RunHistory history = parse_history(to_json(report).dump() + "\n");
        QCOMPARE(history.steps.size(), size_t(1));
        QCOMPARE(history.steps[0].step, int64_t(7));
        for (size_t i = 0; i < quantities.size(); ++i)
            QCOMPARE(history.steps[0].*quantities[i].member, 1.25 + i);

        report.grad_norm = std::nan("");  // a diverged step: kept as null, read back as NaN
        QVERIFY(std::isnan(parse_history(to_json(report).dump()).steps[0].grad_norm));
    }
};

QTEST_APPLESS_MAIN(TestTrainer)
#include "test_trainer.moc"
