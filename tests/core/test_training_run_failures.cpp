// Training runs that cannot start or go on, with messages that say why: bad data, models too
// large, runs stopped before their first checkpoint, damaged or lost checkpoints on resume.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"
#include "core/train/memory_check.h"

#include "tests/core/test_support.h"
#include "tests/core/training_recorder.h"

using namespace tfw;
using test::read_text;
using test::Recorder;
using test::run;

class TestTrainingRunFailures : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

  private Q_SLOTS:
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
};

QTEST_APPLESS_MAIN(TestTrainingRunFailures)
#include "test_training_run_failures.moc"
