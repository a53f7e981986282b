// Training runs end to end on the synthetic task: the run's files and lock, determinism (and
// the golden history), exact resume, the device generator's state and checkpoint integrity.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include <torch/utils.h>
#include <nlohmann/json.hpp>

#include "core/config/config_error.h"
#include "core/history/step_quantities.h"
#include "core/io/checkpoint.h"
#include "core/io/generator_state.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"

#include "tests/core/test_support.h"
#include "tests/core/training_recorder.h"

using namespace tfw;
using test::read_text;
using test::Recorder;
using test::run;

namespace {

bool numbers_agree(const nlohmann::json& got, const nlohmann::json& expected, double tolerance) {
    if (got.is_number_float() || expected.is_number_float()) {
        if (!got.is_number() || !expected.is_number()) return false;
        const double a = got.get<double>(), b = expected.get<double>();
        return std::abs(a - b) <= tolerance * std::max({1.0, std::abs(a), std::abs(b)});
    }
    if (got.is_object() && expected.is_object()) {
        if (got.size() != expected.size()) return false;
        for (const auto& [key, value] : expected.items())
            if (!got.contains(key) || !numbers_agree(got.at(key), value, tolerance)) return false;
        return true;
    }
    return got == expected;
}

// "" when two histories have the same lines with the same keys and values, floating-point
// numbers within a relative tolerance; else the first line that differs.
std::string history_difference(const std::string& got, const std::string& expected,
                               double tolerance) {
    std::istringstream a(got), b(expected);
    std::string line_a, line_b;
    for (int line = 1;; ++line) {
        const bool more_a = static_cast<bool>(std::getline(a, line_a));
        const bool more_b = static_cast<bool>(std::getline(b, line_b));
        if (!more_a && !more_b) return "";
        if (more_a != more_b ||
            !numbers_agree(nlohmann::json::parse(line_a), nlohmann::json::parse(line_b), tolerance))
            return "line " + std::to_string(line) + ":\n  got      " + line_a + "\n  expected " +
                   line_b;
    }
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
    // The whole history.jsonl of a tiny run on the CPU against the one the trainer wrote before
    // its restructuring: the same lines, keys and counts, and the same numbers. On the machine
    // and LibTorch that wrote the file the bytes are identical (said in the log); elsewhere
    // kernels round differently, so numbers may differ in their last digits (1e-5 relative).
    // The wall-clock fields (elapsed_s, tokens_per_s) are masked.
    void aTinyRunWritesTheGoldenHistory() {
        const std::string golden =
            std::string(TFW_TEST_DATA_DIR) + "/trainer/tiny-reverse-history.jsonl";
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.device = DevicePref::Cpu;
        Recorder r;
        run(c, path("golden"), r);
        const std::regex wall_clock("\"(elapsed_s|tokens_per_s)\":[^,}]*");
        const std::string history = std::regex_replace(
            read_text(RunPaths(path("golden")).history()), wall_clock, "\"$1\":\"masked\"");
        const std::string expected = read_text(golden);
        qInfo("history.jsonl %s the golden file",
              history == expected ? "is byte-identical to" : "differs in rounding from");
        const std::string difference = history_difference(history, expected, 1e-5);
        QVERIFY2(difference.empty(), difference.c_str());
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
    void aNonEmptyRunDirectoryIsRefused() {
        const std::string status = read_text(RunPaths(path("basic")).status());
        Recorder r;
        const TrainingFinished f = run(test::tiny_reverse_run(), path("basic"), r);
        QCOMPARE(int(f.reason), int(FinishReason::Failed));
        QVERIFY(f.message.find("not empty") != std::string::npos);
        QCOMPARE(read_text(RunPaths(path("basic")).status()), status);  // that run's, untouched
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
