#pragma once
// The Ablations tab: a sweep (ablation study) of the experiment in the Experiment tab.
// Define (fields to vary, seeds, budget; runs, time and problems live), Queue (the runs as they
// train, pause / skip / stop / resume, opening a sweep folder) and Results (mean ± std over
// seeds per variant, charts, exports). The sweep trains on a thread of its own
// (core/sweep/sweep_runner.h); a sweep folder keeps its queue, so one that was stopped or
// whose window was closed is opened and resumed later.

#include <QStringList>
#include <QWidget>

#include "core/config/experiment_config.h"
#include "ui/common/background_thread.h"

class QTabWidget;

namespace tfw {

class SweepDefineView;
class SweepJob;
class SweepQueueView;
class SweepResultsView;
struct SweepState;

class SweepPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SweepPane)

  public:
    explicit SweepPane(QWidget* parent = nullptr);
    ~SweepPane() override;

    void setBaseConfig(const ExperimentConfig& config);
    void setRunsRoot(const QString& root);
    // Adds `key` to the varied fields with its value in `config`, and shows Define.
    void varyField(const QString& key, const ExperimentConfig& config);

    // Creates the defined sweep's folder and trains it; false when it cannot start.
    bool start();
    // Shows a sweep folder (read off the UI thread) in Queue and Results.
    void openSweep(const QString& dir);
    // Trains what is pending in the sweep shown; retry: failed and skipped runs too.
    bool resume(bool retry = false);
    bool isRunning() const;

    SweepDefineView* define() const { return m_define; }
    SweepQueueView* queue() const { return m_queue; }
    SweepResultsView* results() const { return m_results; }
    SweepJob* job() const { return m_job; }
    QTabWidget* sections() const { return m_sections; }
    QString sweepDir() const { return m_dir; }

  Q_SIGNALS:
    void compareRequested(const QStringList& runDirs);
    // A built-in ablation's base experiment, for the Experiment form.
    void experimentRequested(const tfw::ExperimentConfig& config);
    void statusMessage(const QString& message);
    void runningChanged(bool running);

  private:
    void onQueue(const SweepState& state);
    void openSweepDialog();

    QString m_runsRoot;
    QString m_dir;       // the sweep shown in Queue and Results
    size_t m_ended = 0;  // runs of it that had ended when last heard (to refresh the results)
    SweepJob* m_job;
    QTabWidget* m_sections;
    SweepDefineView* m_define;
    SweepQueueView* m_queue;
    SweepResultsView* m_results;
    BackgroundThread m_loader{this};
};

}  // namespace tfw
