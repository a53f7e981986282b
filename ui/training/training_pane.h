#pragma once
// The Training area: start, pause and stop a run, follow it on live charts with a
// progress bar and time estimate, and read the trainer's log.

#include <QWidget>

#include "core/config/experiment_config.h"
#include "core/train/run_progress.h"
#include "ui/common/background_thread.h"
#include "ui/training/training_types.h"

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace tfw {

class AttentionTimeline;
class LogView;
class RunCharts;
class SmoothingSlider;
class TrainingRunner;

class TrainingPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingPane)

  public:
    explicit TrainingPane(QWidget* parent = nullptr);

    // For the window's menu and toolbar. Start asks the window for the experiment
    // (startRequested); pause and stop act here.
    QAction* startAction() const { return m_start; }
    QAction* pauseAction() const { return m_pause; }
    QAction* stopAction() const { return m_stop; }
    // "Processes: N" for the toolbar: how many local processes the next new run trains on.
    QWidget* processesControl() const { return m_processesControl; }
    QSpinBox* processesBox() const { return m_processes; }

    // A new run in a fresh folder under runsRoot; returns that folder.
    QString startNew(const ExperimentConfig& config, const QString& runsRoot);
    void resumeRun(const QString& runDir);
    bool isRunning() const;
    void stop();

    TrainingRunner* runner() const { return m_runner; }
    RunCharts* charts() const { return m_charts; }
    AttentionTimeline* attentionTimeline() const { return m_timeline; }
    LogView* log() const { return m_log; }
    // The quick checks the current run made before training (empty before they arrive).
    const ChecksReport& checks() const { return m_checks; }
    QLabel* checksInfo() const { return m_checksInfo; }
    // Under the bar: "training…", "paused", "stopped at step 120", "finished".
    QLabel* progressText() const { return m_progressText; }
    QProgressBar* progressBar() const { return m_progress; }
    // "CPU (2 threads)", "cuda:0 NVIDIA H200 × 2 processes (nccl)" in the window's language.
    static QString deviceText(const TrainingStarted& info);
    // "bf16", "fp32 (auto: no native bf16 here)".
    static QString precisionText(const PrecisionChoice& precision);

  Q_SIGNALS:
    void startRequested();
    void runFinished(const QString& runDir, const tfw::TrainingFinished& result);
    void statusMessage(const QString& message);
    void checksDetailsRequested();                       // the student clicked the checks line
    void inferenceRequested(const QString& checkpoint);  // "Open in Inference" after a run

  private:
    void beginRun(const QString& runDir, bool resuming);
    void onStarted(const TrainingStarted& info);
    void onStep(const StepReport& report);
    void onFinished(const TrainingFinished& result);
    // The bar in steps, or in minutes when the time budget ends the run first.
    void showProgress(const RunProgress& progress, int64_t step, double elapsedS);
    void showChecks(const ChecksReport& report);
    void updateActions();

    static constexpr int kProgressSteps = 1000;  // the bar's resolution

    TrainingRunner* m_runner;
    QAction* m_start;
    QAction* m_pause;
    QAction* m_stop;
    QWidget* m_processesControl;
    QSpinBox* m_processes;
    QLabel* m_runInfo;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    QLabel* m_checksInfo;
    QPushButton* m_openInference;
    QString m_finishedCheckpoint;  // the best checkpoint of the run that finished last
    ChecksReport m_checks;
    SmoothingSlider* m_smoothing;
    RunCharts* m_charts;
    AttentionTimeline* m_timeline;
    LogView* m_log;
    QString m_lastError;             // the trainer's last error message in this run
    TrainingStarted m_plan;          // the running session's plan
    double m_firstElapsed = -1;      // the first reported step's elapsed time (< 0: none yet)
    StepRateAverage m_rate;          // this session's smoothed speed, for the time left
    QString m_checksRun;             // the run m_checks belong to
    bool m_stopWhenStarted = false;  // stop asked for while the run so far was being read
    BackgroundThread m_historyReader{this};
};

}  // namespace tfw
