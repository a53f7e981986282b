#pragma once
// The workbench window: Experiment, Training, Runs, Inference, Evaluate, Compare and Ablations
// areas as
// tabs, with the menus, toolbar and status bar that connect them.

#include <QMainWindow>
#include <optional>

#include "core/decode/decode_options.h"

#include "ui/common/app_settings.h"

class QAction;
class QLabel;
class QMenu;
class QTabWidget;

namespace tfw {

class ChecksDialog;
class EvaluationPane;
class ComparePane;
class ExperimentPane;
class InferencePane;
class RunsPane;
class SweepPane;
class TokenInspector;
class TrainingPane;
struct TrainingFinished;

struct MainWindowOptions {
    QString preset = QStringLiteral("demo");
    QString runsRoot;  // empty: the one in the settings
};

class MainWindow final : public QMainWindow {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

  public:
    explicit MainWindow(const MainWindowOptions& options, QWidget* parent = nullptr);

    ExperimentPane* experimentPane() const { return m_experiment; }
    TrainingPane* trainingPane() const { return m_training; }
    RunsPane* runsPane() const { return m_runs; }
    InferencePane* inferencePane() const { return m_inference; }
    EvaluationPane* evaluationPane() const { return m_evaluation; }
    ComparePane* comparePane() const { return m_compare; }
    SweepPane* sweepPane() const { return m_sweep; }

    // Opens the sanity checks window on the experiment in the form and runs them all.
    void runChecks();

    // Starts the experiment in the form when it is valid; returns the new run's folder.
    QString startTraining();
    // Closes without asking; a run in progress is stopped first (its last checkpoint saved).
    void closeWhenStopped();
    // Switches to the Inference tab, loads the checkpoint (unless it is loaded and unchanged),
    // fills in the input and reference and decodes, with `options` when given (the settings
    // an evaluation used) or the form's.
    void showInInference(const QString& checkpoint, const QString& source, const QString& reference,
                         const std::optional<DecodeOptions>& options = std::nullopt);

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    void createMenus();
    void loadPreset(const QString& name);
    void resumeRun(const QString& runDir);
    void openRunDialog();
    void openRun(const QString& runDir);
    void chooseRunsRoot();
    void chooseDataFolder();
    void updateRecentRuns();
    void updateStartAction();
    void onRunFinished(const QString& runDir, const TrainingFinished& result);
    void compareRuns(const QStringList& paths);
    void averageCheckpoints(const QString& runDir);
    // Opens the Tokenization inspector with the form's settings; with a run, shows its tokenizer.
    void showTokenInspector(const QString& runDir = {});
    void exportReport();
    ChecksDialog* checksWindow();

    AppSettings m_settings;
    QString m_runsRoot;
    QTabWidget* m_tabs;
    ExperimentPane* m_experiment;
    TrainingPane* m_training;
    RunsPane* m_runs;
    InferencePane* m_inference;
    EvaluationPane* m_evaluation;
    ComparePane* m_compare;
    SweepPane* m_sweep;
    TokenInspector* m_tokenInspector = nullptr;  // a window of its own, made when first asked for
    QMenu* m_recentMenu = nullptr;
    QAction* m_checksAction = nullptr;
    ChecksDialog* m_checks = nullptr;
    QLabel* m_state;
    bool m_closeAfterStop = false;
};

}  // namespace tfw
