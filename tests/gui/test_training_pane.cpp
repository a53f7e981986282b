// Training from the window: a tiny demo run reaches the charts and leaves a complete run
// folder; a run stops cleanly on request and can be resumed (unless another process trains
// it); the window stays responsive.
#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "core/config/config_io.h"
#include "core/history/step_quantities.h"
#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/train/trainer.h"
#include "tests/core/tiny_checkpoint.h"
#include "ui/runs/runs_pane.h"
#include "ui/training/attention_timeline.h"
#include "ui/training/log_view.h"
#include "ui/training/run_charts.h"
#include "ui/training/training_pane.h"
#include "ui/training/training_runner.h"
#include "widgets/live_chart.h"

using namespace tfw;

namespace {

constexpr int kRunTimeoutMs = 60000;

// The demo task with a smaller model: the point is the plumbing, not the translations.
ExperimentConfig tinyDemo(int maxSteps) {
    ExperimentConfig config = load_preset("demo");
    config.model.d_model = 64;
    config.model.ffn_dim = 128;
    config.model.encoder_layers = 1;
    config.model.decoder_layers = 1;
    config.train.batch_tokens = 1500;
    config.train.max_steps = maxSteps;
    config.train.valid_every = 10;
    config.train.log_every = 2;
    config.train.threads = 2;
    return config;
}

struct Latency {
    int ticks = 0;
    double p50 = 0, p99 = 0, max = 0;  // ms later than scheduled
};

// Runs a 5 ms timer until `done` and records how late each tick fires.
template <typename Done>
Latency measureLatency(Done done) {
    constexpr qint64 periodNs = 5'000'000;
    QVector<double> lateness;
    QElapsedTimer clock;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(5);
    qint64 due = periodNs;
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        lateness.append(std::max<qint64>(0, now - due) / 1e6);
        due = now + periodNs;
    });
    clock.start();
    probe.start();
    // A plain event loop; the probe wakes it at least every 5 ms.
    const QDeadlineTimer deadline(kRunTimeoutMs);
    while (!done() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    probe.stop();
    Latency result;
    if (lateness.isEmpty()) return result;
    std::sort(lateness.begin(), lateness.end());
    result.ticks = int(lateness.size());
    result.p50 = lateness[lateness.size() / 2];
    result.p99 = lateness[int(lateness.size() * 0.99)];
    result.max = lateness.last();
    return result;
}

}  // namespace

class TestTrainingPane final : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QElapsedTimer idle;
        idle.start();
        const Latency baseline = measureLatency([&] { return idle.elapsed() > 500; });
        qInfo("event-loop latency when idle (5 ms timer, %d ticks): p50 %.2f ms, p99 %.2f ms",
              baseline.ticks, baseline.p50, baseline.p99);
    }

    // Every charted entry of step_quantities() gets a chart that step reports feed.
    void everyChartedStepQuantityHasAChart() {
        RunCharts charts;
        std::vector<const StepQuantity*> charted;
        for (const StepQuantity& q : step_quantities())
            if (q.chart_title) charted.push_back(&q);
        const QList<LiveChart*> all = charts.charts();
        QCOMPARE(all.size(), 3 + int(charted.size()));  // loss, perplexity, accuracy first
        StepReport report;
        report.step = 1;
        report.lr = 0.5;
        charts.addStep(report);
        for (size_t i = 0; i < charted.size(); ++i) {
            LiveChart* chart = all[3 + int(i)];
            QCOMPARE(chart->pointCount(chart->seriesNames().first()), 1);
        }
    }

    // A run that picks its best checkpoint by BLEU shows BLEU where validation accuracy was;
    // the next run shown (judged by its loss) gets the accuracy back.
    void aRunJudgedByBleuChartsItInPlaceOfAccuracy() {
        RunCharts charts;
        const int before = charts.charts().size();
        ValidationReport loss_only;
        loss_only.step = 10;
        loss_only.accuracy = 0.5;
        charts.addValidation(loss_only);
        QCOMPARE(charts.charts().size(), before);
        LiveChart* accuracy = charts.charts()[2];

        ValidationReport with_bleu = loss_only;
        with_bleu.step = 20;
        with_bleu.score_key = "bleu";
        with_bleu.score = 31.5;
        charts.addValidation(with_bleu);
        QCOMPARE(charts.charts().size(), before + 1);
        LiveChart* bleu = charts.charts().last();
        QVERIFY(!accuracy->isVisibleTo(&charts));
        QVERIFY(bleu->isVisibleTo(&charts));
        QCOMPARE(bleu->pointCount(QStringLiteral("valid")), 1);
        QCOMPARE(accuracy->pointCount(QStringLiteral("valid")), 2);

        charts.clear();
        QCOMPARE(charts.charts().size(), before);
        QVERIFY(accuracy->isVisibleTo(&charts));
    }

    void theDeviceLineNamesThreadsAndProcesses() {
        TrainingStarted info;
        info.threads = 1;
        QCOMPARE(TrainingPane::deviceText(info), QStringLiteral("CPU (1 thread)"));
        info.threads = 2;
        QCOMPARE(TrainingPane::deviceText(info), QStringLiteral("CPU (2 threads)"));
        info.gpu = "cuda:0 NVIDIA H100";
        info.processes = 8;
        info.backend = "nccl";
        QCOMPARE(TrainingPane::deviceText(info),
                 QStringLiteral("cuda:0 NVIDIA H100 × 8 processes (nccl)"));
    }

    void tinyRunFillsChartsAndRunFolder() {
        QTemporaryDir root;
        TrainingPane pane;
        QSignalSpy finished(&pane, &TrainingPane::runFinished);
        const QString runDir = pane.startNew(tinyDemo(20), root.path());
        QVERIFY(pane.isRunning());
        QVERIFY(finished.wait(kRunTimeoutMs));

        const auto result = finished.first().at(1).value<TrainingFinished>();
        QVERIFY2(result.reason == FinishReason::Completed, result.message.c_str());
        QCOMPARE(result.step, 20);
        QCOMPARE(pane.charts()->lossPoints(QStringLiteral("train")), 10);
        QCOMPARE(pane.charts()->lossPoints(QStringLiteral("valid")), 2);
        QVERIFY(QFileInfo(runDir).isDir());
        QVERIFY(QFileInfo::exists(QDir(runDir).filePath(QStringLiteral("config.json"))));
        QVERIFY(QFileInfo::exists(QDir(runDir).filePath(QStringLiteral("history.jsonl"))));
        QCOMPARE(pane.log()->errorCount(), 0);
        // Attention snapshots (with every validation, and of the untrained model) arrive live.
        QTRY_COMPARE(pane.attentionTimeline()->steps(), (QVector<qint64>{0, 10, 20}));

        // The Runs area lists it and draws the same curves from its history.
        RunsPane runs;
        runs.setRunsRoot(root.path());
        QTRY_COMPARE(runs.runCount(), 1);
        runs.showRun(runDir);
        QTRY_COMPARE(runs.charts()->lossPoints(QStringLiteral("train")), 10);
        QCOMPARE(runs.charts()->lossPoints(QStringLiteral("valid")), 2);
        QTRY_COMPARE(runs.attentionTimeline()->steps(), (QVector<qint64>{0, 10, 20}));
        QTRY_COMPARE(runs.attentionTimeline()->shownStep(), qint64(20));
    }

    void stopKeepsCheckpointAndResumeContinues() {
        QTemporaryDir root;
        TrainingPane pane;
        QSignalSpy steps(pane.runner(), &TrainingRunner::step);
        QSignalSpy finished(&pane, &TrainingPane::runFinished);
        // Event-loop latency while training, with the charts on screen (shown and laid out
        // before the run, so that the first paint is not counted).
        pane.resize(1200, 800);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QTest::qWait(200);
        // Reports every 10 steps: a pause lands between two reports most of the time.
        ExperimentConfig config = tinyDemo(1000);
        config.train.log_every = 10;
        QSignalSpy logged(pane.runner(), &TrainingRunner::logMessage);
        const QString runDir = pane.startNew(config, root.path());
        const Latency busy = measureLatency([&] { return steps.count() >= 30; });
        qInfo(
            "event-loop latency while training (5 ms timer, %d ticks): p50 %.2f ms, p99 %.2f ms, "
            "max %.2f ms",
            busy.ticks, busy.p50, busy.p99, busy.max);

        // Paused, the trainer sends nothing after the step it was in.
        QSignalSpy paused(pane.runner(), &TrainingRunner::pausedChanged);
        pane.pauseAction()->trigger();
        QCOMPARE(paused.count(), 1);
        QVERIFY(pane.runner()->isPaused());
        // The step in flight may still report; after that, silence.
        int whilePaused = -1;
        for (int i = 0; i < 20 && whilePaused != int(steps.count()); ++i) {
            whilePaused = int(steps.count());
            QTest::qWait(1000);
        }
        QTest::qWait(1500);
        QCOMPARE(int(steps.count()), whilePaused);
        // The bar shows the step the log says the run paused at.
        QString pausedAt;
        for (const auto& message : logged)
            if (message.at(1).toString().startsWith(QStringLiteral("paused at step ")))
                pausedAt = message.at(1).toString().mid(15);
        QVERIFY(!pausedAt.isEmpty());
        QCOMPARE(QString::number(steps.last().at(0).value<StepReport>().step), pausedAt);
        QVERIFY2(pane.progressBar()->text().startsWith(QStringLiteral("step %1 of").arg(pausedAt)),
                 qPrintable(pane.progressBar()->text()));
        QVERIFY(!pane.checksInfo()->text().isEmpty());  // the checks ran before the run

        // Stop works from the paused state too.
        pane.stop();
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY(!pane.runner()->isPaused());
        const auto stopped = finished.first().at(1).value<TrainingFinished>();
        QVERIFY2(stopped.reason == FinishReason::Stopped, stopped.message.c_str());
        QVERIFY(QFileInfo::exists(
            QString::fromStdString(RunPaths(runDir.toStdString()).last_checkpoint())));
        QCOMPARE(QString::fromStdString(read_run_status(runDir.toStdString()).state),
                 QStringLiteral("stopped"));
        // A stopped run does not read "finished".
        QVERIFY2(pane.progressText()->text().startsWith(
                     QStringLiteral("stopped at step %1").arg(stopped.step)),
                 qPrintable(pane.progressText()->text()));

        // Resume: the charts start with the history so far and the run goes on from there.
        QSignalSpy started(pane.runner(), &TrainingRunner::started);
        pane.resumeRun(runDir);
        QVERIFY(started.wait(kRunTimeoutMs));
        QCOMPARE(started.first().at(0).value<TrainingStarted>().start_step, stopped.step);
        QVERIFY(!pane.checksInfo()->text().isEmpty());  // the run's checks summary stays
        QVERIFY(pane.charts()->lossPoints(QStringLiteral("train")) > 0);
        pane.stop();
        finished.clear();
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY(finished.first().at(1).value<TrainingFinished>().step >= stopped.step);
    }

    // Two local processes (data parallel over Gloo): the window's thread is rank 0 and feeds
    // one set of charts; pause and stop reach the other rank; the run resumes on 2 processes.
    void twoProcessesTrainOneRunWithOneSetOfCharts() {
        QTemporaryDir root;
        TrainingPane pane;
        QCOMPARE(pane.processesBox()->value(), 1);
        pane.processesBox()->setValue(2);
        QSignalSpy started(pane.runner(), &TrainingRunner::started);
        QSignalSpy steps(pane.runner(), &TrainingRunner::step);
        QSignalSpy finished(&pane, &TrainingPane::runFinished);
        const QString runDir = pane.startNew(tinyDemo(400), root.path());
        QVERIFY(!pane.processesControl()->isEnabled());
        QVERIFY(started.wait(kRunTimeoutMs));
        const auto info = started.first().at(0).value<TrainingStarted>();
        QVERIFY2(device_summary(info).find("x 2 processes (gloo)") != std::string::npos,
                 device_summary(info).c_str());
        QCOMPARE(info.processes, 2);
        QVERIFY2(TrainingPane::deviceText(info).endsWith(QStringLiteral(" × 2 processes (gloo)")),
                 qPrintable(TrainingPane::deviceText(info)));
        QTRY_VERIFY_WITH_TIMEOUT(steps.count() >= 10, kRunTimeoutMs);

        pane.pauseAction()->trigger();  // rank 0's pause holds rank 1 too
        int whilePaused = -1;
        for (int i = 0; i < 20 && whilePaused != int(steps.count()); ++i) {
            whilePaused = int(steps.count());
            QTest::qWait(1000);
        }
        QCOMPARE(int(steps.count()), whilePaused);
        pane.pauseAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(int(steps.count()) > whilePaused + 4, kRunTimeoutMs);
        pane.stop();
        QVERIFY(finished.wait(kRunTimeoutMs));
        const auto stopped = finished.first().at(1).value<TrainingFinished>();
        QVERIFY2(stopped.reason == FinishReason::Stopped, stopped.message.c_str());
        // One set of charts: one point per reported step, as for one process.
        QCOMPARE(pane.charts()->lossPoints(QStringLiteral("train")), int(steps.count()));
        const RunPaths paths(runDir.toStdString());
        QCOMPARE(load_checkpoint_summary(paths.last_checkpoint()).position.world_size, 2);

        // Resumed from the window, whatever the box says now: on the 2 processes it was started on.
        pane.processesBox()->setValue(1);
        started.clear();
        finished.clear();
        pane.resumeRun(runDir);
        QVERIFY(started.wait(kRunTimeoutMs));
        const auto resumed = started.first().at(0).value<TrainingStarted>();
        QCOMPARE(resumed.start_step, stopped.step);
        QVERIFY2(device_summary(resumed).find("x 2 processes") != std::string::npos,
                 device_summary(resumed).c_str());
        pane.stop();
        QVERIFY(finished.wait(kRunTimeoutMs));
        const auto last = finished.first().at(1).value<TrainingFinished>();
        QVERIFY2(last.reason == FinishReason::Stopped, last.message.c_str());
        QCOMPARE(pane.log()->errorCount(), 0);
    }

    void aRunTrainedElsewhereIsNotOfferedForResuming() {
        QTemporaryDir root;
        const QString runDir = root.filePath(QStringLiteral("elsewhere"));
        struct StopAtTwo : TrainingObserver {
            TrainingControl* control = nullptr;
            void on_step(const StepReport& r) override {
                if (r.step == 2) control->stop = true;
            }
        } observer;
        TrainingControl control;
        observer.control = &control;
        QCOMPARE(int(train_new(test::tiny_reverse_run(), runDir.toStdString(), observer, control)
                         .reason),
                 int(FinishReason::Stopped));
        RunsPane runs;
        runs.setRunsRoot(root.path());
        runs.showRun(runDir);
        QPushButton* resume = nullptr;
        for (QPushButton* button : runs.findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Resume")) resume = button;
        QVERIFY(resume);
        QTRY_VERIFY(resume->isEnabled());  // once the run has been read

        // Another process (its id: this test's parent, alive) trains the run right now.
        char host[256] = {};
        gethostname(host, sizeof host - 1);
        std::ofstream(run_lock_path(runDir.toStdString())) << getppid() << " " << host << "\n";
        runs.refresh();
        runs.showRun(runDir);
        QTRY_VERIFY(resume->toolTip().contains(
            QStringLiteral("Being trained by process %1").arg(getppid())));
        QVERIFY(!resume->isEnabled());
        std::filesystem::remove(run_lock_path(runDir.toStdString()));
        runs.refresh();
        runs.showRun(runDir);
        QTRY_VERIFY(resume->isEnabled());
    }

    // train.lr 10: the run is told as diverged, in red, with what to try; never "finished".
    void aDivergedRunIsShownAsDiverged() {
        QTemporaryDir root;
        TrainingPane pane;
        QSignalSpy finished(&pane, &TrainingPane::runFinished);
        ExperimentConfig config = tinyDemo(60);
        config.train.lr = 10;
        pane.startNew(config, root.path());
        QVERIFY(finished.wait(kRunTimeoutMs));
        const auto result = finished.first().at(1).value<TrainingFinished>();
        QVERIFY2(result.reason == FinishReason::Diverged, result.message.c_str());
        QVERIFY(pane.log()->errorCount() > 0);
        const auto labels = pane.findChildren<QLabel*>();
        QVERIFY(std::any_of(labels.begin(), labels.end(),
                            [](QLabel* l) { return l->text() == QStringLiteral("diverged"); }));
        QVERIFY(std::none_of(labels.begin(), labels.end(),
                             [](QLabel* l) { return l->text() == QStringLiteral("finished"); }));
        QMessageBox* box = pane.findChild<QMessageBox*>();
        QVERIFY(box);
        QCOMPARE(box->windowTitle(), QStringLiteral("Training diverged"));
        QVERIFY2(box->text().contains(QStringLiteral("train.lr (now 10)")),
                 qPrintable(box->text()));
    }

    void thePrecisionIsSaidWithHowAutoChoseIt() {
        QCOMPARE(TrainingPane::precisionText(choose_precision(Precision::Bf16, false, false)),
                 QStringLiteral("bf16"));
        QCOMPARE(TrainingPane::precisionText(choose_precision(Precision::Auto, false, false)),
                 QStringLiteral("fp32 (auto: no native bf16 here)"));
        QCOMPARE(TrainingPane::precisionText(choose_precision(Precision::Auto, true, true)),
                 QStringLiteral("bf16 (auto: native bf16 here)"));
    }

    void badDataFailsWithAMessage() {
        QTemporaryDir root;
        TrainingPane pane;
        QSignalSpy finished(&pane, &TrainingPane::runFinished);
        ExperimentConfig config = tinyDemo(20);
        config.data.synthetic = Synthetic::None;
        config.data.train_src = root.filePath(QStringLiteral("missing.de")).toStdString();
        config.data.train_tgt = config.data.valid_src = config.data.valid_tgt =
            config.data.train_src;
        const QString runDir = pane.startNew(config, root.path() + QStringLiteral("/runs"));
        QVERIFY(finished.wait(kRunTimeoutMs));
        const auto result = finished.first().at(1).value<TrainingFinished>();
        QVERIFY(result.reason == FinishReason::Failed);
        QVERIFY2(QString::fromStdString(result.message).contains(QStringLiteral("missing.de")),
                 result.message.c_str());
        QVERIFY(pane.log()->errorCount() > 0);
        QVERIFY(!pane.isRunning());
    }
};

QTEST_MAIN(TestTrainingPane)
#include "test_training_pane.moc"
