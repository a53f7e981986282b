// How training runs end: time budgets and progress, early stopping by loss, BLEU or ROUGE,
// divergence with what to try, and the status messages they leave.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <torch/utils.h>

#include "core/decode/translator.h"
#include "core/eval/evaluation.h"
#include "core/io/checkpoint.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/model/model_options.h"
#include "core/train/divergence_watch.h"
#include "core/train/run_progress.h"
#include "core/train/validation_pass.h"

#include "tests/core/test_support.h"
#include "tests/core/training_recorder.h"

using namespace tfw;
using test::read_text;
using test::Recorder;
using test::run;

class TestTrainingRunEnd : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

  private Q_SLOTS:
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
    // The best validation is the lowest loss, or the highest score when the run is scored; every
    // other one counts against patience, and best_valid_loss stays the lowest loss seen.
    void theBestValidationIsTheLowestLossOrTheHighestScore() {
        ValidationReport r;
        r.step = 6;
        r.loss = 2.0;
        BestUpdate u = update_best(TrainingPosition{}, r);
        QVERIFY(u.is_best);
        QCOMPARE(u.position.best_step, int64_t(6));
        QCOMPARE(u.position.best_valid_loss, 2.0);
        QCOMPARE(u.position.validated_step, int64_t(6));
        r.step = 12;
        r.loss = 2.5;
        u = update_best(u.position, r);
        QVERIFY(!u.is_best);
        QCOMPARE(u.position.bad_validations, 1);
        QCOMPARE(u.position.best_step, int64_t(6));

        r.score_key = "bleu";
        r.step = 18;
        r.loss = 3.0;
        r.score = 10;
        u = update_best(u.position, r);
        QVERIFY(u.is_best);  // the first score, though its loss is the highest
        QCOMPARE(u.position.best_valid_score, 10.0);
        QCOMPARE(u.position.best_valid_loss, 2.0);
        QCOMPARE(u.position.bad_validations, 0);
        r.step = 24;
        r.loss = 1.0;
        r.score = 9;
        u = update_best(u.position, r);
        QVERIFY(!u.is_best);  // the lowest loss, but a lower score
        QCOMPARE(u.position.best_valid_loss, 1.0);
        QCOMPARE(u.position.best_step, int64_t(18));
        QCOMPARE(u.position.bad_validations, 1);
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
};

QTEST_APPLESS_MAIN(TestTrainingRunEnd)
#include "test_training_run_end.moc"
