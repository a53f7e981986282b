// Checkpoint averaging: the mean of the weights, refusal of checkpoints that do not fit
// together, the run's periodic checkpoints, measuring an average against the best checkpoint,
// and `tfw average` (with --measure).
#include <QTemporaryDir>
#include <QtTest>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "tests/core/test_support.h"

#include "core/compare/checkpoint_averaging.h"
#include "core/compare/validation_loss.h"
#include "core/data/split_reader.h"
#include "core/io/checkpoint_average.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/train/trainer.h"

using namespace tfw;

namespace {

ExperimentConfig tiny_run_with_periodic_checkpoints() {
    ExperimentConfig c = test::tiny_reverse_run();
    c.train.save_every = 4;
    return c;
}

std::map<std::string, at::Tensor> weights(const std::string& checkpoint) {
    std::map<std::string, at::Tensor> tensors;
    LoadedModel loaded = load_model(checkpoint);
    for (const auto& item : loaded.model->named_parameters()) tensors[item.key()] = item.value();
    return tensors;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

class TestCheckpointAverage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_run;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_run = path("run");
        TrainingObserver quiet;
        TrainingControl control;
        const TrainingFinished finished =
            train_new(tiny_run_with_periodic_checkpoints(), m_run, quiet, control);
        QCOMPARE(int(finished.reason), int(FinishReason::Completed));
    }

    void listsPeriodicCheckpointsByStep() {
        const auto found = periodic_checkpoints(m_run);
        QCOMPARE(found.size(), size_t(3));
        QCOMPARE(found[0].step, int64_t(4));
        QCOMPARE(found[1].step, int64_t(8));
        QCOMPARE(found[2].step, int64_t(12));
        QCOMPARE(found[2].path, RunPaths(m_run).step_checkpoint(12));
        QVERIFY(periodic_checkpoints(path("no-such-run")).empty());
    }

    void averageIsTheElementwiseMean() {
        const RunPaths run(m_run);
        const std::string a = run.step_checkpoint(4), b = run.step_checkpoint(8);
        size_t calls = 0;
        const auto averaged = average_checkpoints({b, a}, [&](size_t done, size_t total) {
            ++calls;
            return done <= total;
        });
        QVERIFY(averaged.has_value());
        QCOMPARE(calls, size_t(2));
        // The newest (step 8) gives position and history; nothing to resume from.
        QCOMPARE(averaged->position.step, int64_t(8));
        QVERIFY(!averaged->history.empty());
        QVERIFY(averaged->optimizer.empty());
        save_checkpoint(*averaged, path("mean.tfw"));

        const auto wa = weights(a), wb = weights(b), mean = weights(path("mean.tfw"));
        QCOMPARE(mean.size(), wa.size());
        bool any_differs = false;
        for (const auto& [key, value] : mean) {
            const at::Tensor expected =
                (wa.at(key).to(at::kDouble) + wb.at(key).to(at::kDouble)) / 2;
            QVERIFY2(at::allclose(value.to(at::kDouble), expected, 1e-6, 1e-7), key.c_str());
            any_differs = any_differs || !at::equal(wa.at(key), wb.at(key));
        }
        QVERIFY(any_differs);  // the two checkpoints really are different models
    }

    void cancellingReturnsNothing() {
        const RunPaths run(m_run);
        const auto averaged = average_checkpoints({run.step_checkpoint(4), run.step_checkpoint(8)},
                                                  [](size_t done, size_t) { return done < 1; });
        QVERIFY(!averaged.has_value());
    }

    void mismatchedModelsAreRefusedWithTheirNames() {
        const std::string a = RunPaths(m_run).step_checkpoint(4);
        Checkpoint other = load_checkpoint(a);
        other.config.model.heads = 4;
        save_checkpoint(other, path("heads4.tfw"));
        try {
            average_checkpoints({a, path("heads4.tfw")});
            QFAIL("averaged models with different heads");
        } catch (const CheckpointError& e) {
            const std::string message = e.what();
            QVERIFY2(contains(message, a) && contains(message, path("heads4.tfw")), e.what());
            QVERIFY2(contains(message, "model.heads (2 vs 4)"), e.what());
        }

        Checkpoint tokens = load_checkpoint(a);
        tokens.tgt_tokenizer += " ";
        tokens.src_tokenizer = tokens.tgt_tokenizer;
        save_checkpoint(tokens, path("tokens.tfw"));
        try {
            average_checkpoints({a, path("tokens.tfw")});
            QFAIL("averaged models with different tokenizers");
        } catch (const CheckpointError& e) {
            QVERIFY2(contains(e.what(), "tokenizers differ"), e.what());
        }
    }

    void cliAveragesTheLastCheckpointsOfARun() {
        const std::string out = path("last2.tfw");
        const test::CliRun run =
            test::run_tfw({"average", "--run", QString::fromStdString(m_run), "--last", "2",
                           "--out", QString::fromStdString(out)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY2(contains(run.out, "step-8.tfw") && contains(run.out, "step-12.tfw"),
                 run.out.c_str());
        QVERIFY(!contains(run.out, "step-4.tfw"));
        const Checkpoint c = load_checkpoint(out);
        QCOMPARE(c.position.step, int64_t(12));
        QVERIFY(c.optimizer.empty());
        load_model(out);  // loads as a model
    }

    void cliAveragesGivenCheckpoints() {
        const RunPaths run(m_run);
        const std::string out = path("given.tfw");
        const test::CliRun cli = test::run_tfw({"average", "--checkpoints",
                                                QString::fromStdString(run.step_checkpoint(4)),
                                                QString::fromStdString(run.step_checkpoint(12)),
                                                "--out", QString::fromStdString(out)});
        QVERIFY2(cli.exit_code == 0, cli.err.c_str());
        QCOMPARE(load_checkpoint(out).position.step, int64_t(12));
    }

    void cliSaysWhichCheckpointsExist() {
        const test::CliRun run = test::run_tfw({"average", "--run", QString::fromStdString(m_run),
                                                "--last", "5", "--out", m_dir.filePath("x.tfw")});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(contains(run.err,
                          "has 3 periodic checkpoints (step-4.tfw, step-8.tfw, "
                          "step-12.tfw)"),
                 run.err.c_str());
        QVERIFY2(contains(run.err, "train.save_every=4"), run.err.c_str());
        QVERIFY(!std::filesystem::exists(path("x.tfw")));

        const test::CliRun help = test::run_tfw({"average", "--help"});
        QCOMPARE(help.exit_code, 0);
        QVERIFY(contains(help.out, "usage: tfw average") && contains(help.out, "--last N"));
    }

    void measuresTheAverageAgainstTheBestCheckpoint() {
        std::vector<int> percents;
        const auto measured = average_and_measure(m_run, 2, path("measured.tfw"),
                                                  [&](int percent, AveragingStage, size_t, size_t) {
                                                      percents.push_back(percent);
                                                      return true;
                                                  });
        QVERIFY(measured.has_value());
        QCOMPARE(measured->steps, (std::vector<int64_t>{8, 12}));
        QCOMPARE(measured->best_path, RunPaths(m_run).best_checkpoint());
        QVERIFY(measured->averaged_loss > 0 && measured->best_loss > 0);
        QVERIFY(qAbs(measured->averaged_perplexity - std::exp(measured->averaged_loss)) <
                1e-6 * measured->averaged_perplexity);
        QVERIFY(std::is_sorted(percents.begin(), percents.end()) && percents.back() >= 85);
        // The best checkpoint's loss is the validation loss measured for it on its own.
        LoadedModel best = load_model(measured->best_path);
        const ReferenceLoss direct =
            validation_loss(best, read_split(best.checkpoint.config, Split::Valid));
        QCOMPARE(measured->best_loss, direct.loss());

        const test::CliRun cli =
            test::run_tfw({"average", "--run", QString::fromStdString(m_run), "--last", "2",
                           "--measure", "--out", QString::fromStdString(path("cli-measured.tfw"))});
        QVERIFY2(cli.exit_code == 0, cli.err.c_str());
        QVERIFY2(contains(cli.out, "average of steps 8-12"), cli.out.c_str());
        char loss[32];
        std::snprintf(loss, sizeof loss, "%.4f", measured->averaged_loss);
        QVERIFY2(contains(cli.out, loss), cli.out.c_str());
    }

    void measuringCanBeCancelled() {
        const auto measured = average_and_measure(
            m_run, 2, path("cancelled.tfw"), [](int, AveragingStage stage, size_t, size_t) {
                return stage != AveragingStage::MeasuringAverage;
            });
        QVERIFY(!measured.has_value());
    }

    void cliRefusesMismatchedCheckpoints() {
        const test::CliRun run = test::run_tfw(
            {"average", "--checkpoints", QString::fromStdString(RunPaths(m_run).step_checkpoint(4)),
             m_dir.filePath("heads4.tfw"), "--out", m_dir.filePath("bad.tfw")});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(contains(run.err, "model.heads"), run.err.c_str());
    }
};

QTEST_APPLESS_MAIN(TestCheckpointAverage)
#include "test_checkpoint_average.moc"
