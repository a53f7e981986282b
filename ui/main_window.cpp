#include "ui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

#include "core/config/config_io.h"
#include "core/eval/evaluation.h"
#include "core/io/run_directory.h"
#include "ui/checks/checks_dialog.h"
#include "ui/common/problem_message.h"
#include "ui/compare/average_dialog.h"
#include "ui/compare/compare_pane.h"
#include "ui/evaluation/evaluation_pane.h"
#include "ui/experiment/experiment_form.h"
#include "ui/experiment/experiment_pane.h"
#include "ui/help/user_guide.h"
#include "ui/inference/inference_pane.h"
#include "ui/report/report_dialog.h"
#include "ui/runs/runs_pane.h"
#include "ui/settings/settings_dialog.h"
#include "ui/sweep/sweep_job.h"
#include "ui/sweep/sweep_pane.h"
#include "ui/tokens/token_inspector.h"
#include "ui/tokens/tokenizer_chooser.h"
#include "ui/training/training_pane.h"
#include "ui/training/training_runner.h"

namespace tfw {

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent)
    : QMainWindow(parent),
      m_runsRoot(options.runsRoot.isEmpty() ? m_settings.runsRoot() : options.runsRoot),
      m_tabs(new QTabWidget(this)),
      m_experiment(new ExperimentPane(this)),
      m_training(new TrainingPane(this)),
      m_runs(new RunsPane(this)),
      m_inference(new InferencePane(this)),
      m_evaluation(new EvaluationPane(this)),
      m_compare(new ComparePane(this)),
      m_sweep(new SweepPane(this)),
      m_state(new QLabel(this)) {
    setWindowTitle(tr("Transformer Workbench"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_experiment, tr("Experiment"));
    m_tabs->addTab(m_training, tr("Training"));
    m_tabs->addTab(m_runs, tr("Runs"));
    m_tabs->addTab(m_inference, tr("Inference"));
    m_tabs->addTab(m_evaluation, tr("Evaluate"));
    m_tabs->addTab(m_compare, tr("Compare"));
    m_tabs->addTab(m_sweep, tr("Ablations"));
    setCentralWidget(m_tabs);
    statusBar()->addPermanentWidget(m_state);
    m_state->setText(tr("Idle"));

    createMenus();
    m_experiment->setStartAction(m_training->startAction());
    m_experiment->setChecksAction(m_checksAction);

    connect(m_experiment, &ExperimentPane::validityChanged, this, &MainWindow::updateStartAction);
    connect(m_experiment, &ExperimentPane::dataFolderChosen, this, [this](const QString& dir) {
        m_settings.setDataFolder(dir);
        m_experiment->setDataFolder(dir);
    });
    connect(m_training, &TrainingPane::startRequested, this, &MainWindow::startTraining);
    connect(m_training, &TrainingPane::checksDetailsRequested, this, [this] {
        ChecksDialog* dialog = checksWindow();
        dialog->showReport(m_training->checks(),
                           tr("The quick checks that ran before this training run."));
        dialog->show();
        dialog->raise();
    });
    connect(m_training, &TrainingPane::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_evaluation, &EvaluationPane::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_runs, &RunsPane::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_training, &TrainingPane::runFinished, this, &MainWindow::onRunFinished);
    connect(m_training->runner(), &TrainingRunner::runningChanged, this,
            &MainWindow::updateStartAction);
    connect(m_training->runner(), &TrainingRunner::step, this, [this](const StepReport& report) {
        m_state->setText(tr("Training · step %L1").arg(report.step));
    });
    connect(m_runs, &RunsPane::resumeRequested, this, &MainWindow::resumeRun);
    const auto openInInference = [this](const QString& checkpoint) {
        m_tabs->setCurrentWidget(m_inference);
        m_inference->openCheckpoint(checkpoint);
    };
    connect(m_runs, &RunsPane::inferenceRequested, this, openInInference);
    connect(m_training, &TrainingPane::inferenceRequested, this, openInInference);
    connect(m_evaluation, &EvaluationPane::openInInference, this,
            [this](const QString& checkpoint, const QString& source, const QString& reference,
                   const DecodeOptions& options) {
                showInInference(checkpoint, source, reference, options);
            });
    connect(m_inference, &InferencePane::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_inference, &InferencePane::problem, this,
            [this](const QString& message) { showProblem(this, tr("Inference"), message); });
    connect(m_runs, &RunsPane::compareRequested, this, &MainWindow::compareRuns);
    connect(m_runs, &RunsPane::averageRequested, this, &MainWindow::averageCheckpoints);
    connect(m_runs, &RunsPane::tokensRequested, this, &MainWindow::showTokenInspector);
    // A saved evaluation adds to what the Runs and Compare tabs show of its run.
    connect(m_evaluation, &EvaluationPane::evaluationSaved, this, [this] {
        m_runs->refresh();
        m_compare->reload();
    });
    connect(m_compare, &ComparePane::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    // The run folder exists once the trainer has started: list it.
    connect(m_training->runner(), &TrainingRunner::started, m_runs, &RunsPane::refresh);

    // A sweep varies the experiment in the form.
    connect(m_experiment->form(), &ExperimentForm::configChanged, m_sweep,
            [this] { m_sweep->setBaseConfig(m_experiment->config()); });
    connect(m_experiment->form(), &ExperimentForm::varyRequested, this, [this](const QString& key) {
        m_sweep->varyField(key, m_experiment->config());
        m_tabs->setCurrentWidget(m_sweep);
    });
    connect(m_sweep, &SweepPane::compareRequested, this, &MainWindow::compareRuns);
    connect(m_sweep, &SweepPane::experimentRequested, this, [this](ExperimentConfig config) {
        if (config.data.synthetic == Synthetic::None && config.data.dir.empty())
            config.data.dir = m_settings.dataFolder().toStdString();
        m_experiment->form()->setConfig(config);
    });
    connect(m_sweep, &SweepPane::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_sweep, &SweepPane::runningChanged, this, [this](bool running) {
        if (!m_training->isRunning()) m_state->setText(running ? tr("Sweep running") : tr("Idle"));
        if (!running && m_closeAfterStop) close();
    });

    m_runs->setRunsRoot(m_runsRoot);
    m_sweep->setRunsRoot(m_runsRoot);
    m_inference->setRunsRoot(m_runsRoot);
    m_evaluation->setRunsRoot(m_runsRoot);
    m_compare->setRunsRoot(m_runsRoot);
    m_experiment->setDataFolder(m_settings.dataFolder());
    if (!options.preset.isEmpty()) loadPreset(options.preset);
    updateStartAction();

    resize(1480, 940);
    restoreGeometry(m_settings.geometry());
    restoreState(m_settings.windowState());
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QMenu* presets = file->addMenu(tr("&New from preset"));
    for (const std::string& name : preset_names()) {
        const QString preset = QString::fromStdString(name);
        presets->addAction(preset, this, [this, preset] { loadPreset(preset); });
    }
    QAction* open =
        file->addAction(tr("&Open experiment…"), m_experiment, &ExperimentPane::openConfigDialog);
    open->setShortcut(QKeySequence::Open);
    QAction* save = file->addAction(tr("&Save experiment as…"), m_experiment,
                                    &ExperimentPane::saveConfigDialog);
    save->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    file->addAction(tr("Open &run folder…"), this, &MainWindow::openRunDialog);
    m_recentMenu = file->addMenu(tr("Recent &runs"));
    updateRecentRuns();
    file->addAction(tr("&Export report…"), this, &MainWindow::exportReport);
    file->addSeparator();
    file->addAction(tr("Runs &folder…"), this, &MainWindow::chooseRunsRoot);
    file->addAction(tr("&Data folder…"), this, &MainWindow::chooseDataFolder);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_training->startAction());
    run->addAction(m_training->pauseAction());
    run->addAction(m_training->stopAction());
    run->addSeparator();
    m_checksAction = run->addAction(tr("Sanity &checks"), this, &MainWindow::runChecks);
    m_checksAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_checksAction->setToolTip(
        tr("Check the experiment before training: initial loss, overfitting one batch, causal "
           "leak, gradient norms, attention entropy and the data"));

    QToolBar* toolbar = addToolBar(tr("Training"));
    toolbar->setObjectName(QStringLiteral("trainingToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(m_training->startAction());
    toolbar->addWidget(m_training->processesControl());
    toolbar->addAction(m_training->pauseAction());
    toolbar->addAction(m_training->stopAction());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction* show =
            view->addAction(m_tabs->tabText(i), this, [this, i] { m_tabs->setCurrentIndex(i); });
        show->setShortcut(QKeySequence(Qt::CTRL | (Qt::Key_1 + i)));
    }
    view->addSeparator();
    view->addAction(toolbar->toggleViewAction());

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(tr("&Tokenization inspector…"), this, [this] { showTokenInspector(); });
    tools->addSeparator();
    QAction* settings = tools->addAction(tr("&Settings…"), this, [this] {
        SettingsDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted && dialog.save())
            statusBar()->showMessage(tr("The new language is used from the next start."), 8000);
    });
    // QKeySequence::Preferences is empty on plain X11 desktops; Ctrl+, is what others use.
    settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settings->setMenuRole(QAction::PreferencesRole);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide =
        help->addAction(tr("&User guide"), this, [this] { showUserGuide(this, menuBar()); });
    guide->setShortcut(QKeySequence::HelpContents);
    help->addSeparator();
    help->addAction(tr("&About Transformer Workbench"), this, [this] {
        QMessageBox::about(this, tr("About Transformer Workbench"), aboutText(m_runsRoot));
    });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

QString MainWindow::startTraining() {
    if (m_training->isRunning()) return QString();
    ExperimentForm* form = m_experiment->form();
    if (!form->isValid()) {
        statusBar()->showMessage(tr("Cannot start: %1").arg(form->problems().value(0)), 8000);
        m_tabs->setCurrentWidget(m_experiment);
        return QString();
    }
    const QString runDir = m_training->startNew(form->config(), m_runsRoot);
    m_settings.addRecentRun(runDir);
    updateRecentRuns();
    m_runs->setActiveRun(runDir);
    m_tabs->setCurrentWidget(m_training);
    m_state->setText(tr("Training…"));
    return runDir;
}

void MainWindow::closeWhenStopped() {
    if (m_training->isRunning()) {
        m_closeAfterStop = true;
        m_training->stop();
        m_state->setText(tr("Stopping, saving a checkpoint…"));
    }
    if (m_sweep->isRunning()) {
        m_closeAfterStop = true;
        m_sweep->job()->stop();
    }
    close();
}

void MainWindow::showInInference(const QString& checkpoint, const QString& source,
                                 const QString& reference,
                                 const std::optional<DecodeOptions>& options) {
    m_tabs->setCurrentWidget(m_inference);
    m_inference->openCheckpoint(checkpoint);
    if (options) m_inference->setDecodeOptions(*options);
    m_inference->setInput(source, reference);
    m_inference->decode();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_sweep->isRunning()) {
        if (!m_closeAfterStop) {
            const auto answer = QMessageBox::question(
                this, tr("A sweep is running"),
                tr("Stop the sweep and quit?\nIts runs save a checkpoint; open the sweep folder "
                   "in the Ablations tab later to resume it."),
                QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
            if (answer != QMessageBox::Yes) {
                event->ignore();
                return;
            }
            m_closeAfterStop = true;
            m_sweep->job()->stop();
            m_state->setText(tr("Stopping the sweep, saving checkpoints…"));
        }
        // The window closes when the sweep reports that it has stopped.
        event->ignore();
        return;
    }
    if (m_training->isRunning()) {
        if (!m_closeAfterStop) {
            const auto answer = QMessageBox::question(
                this, tr("Training is running"),
                tr("Stop the run and quit?\nThe trainer saves a last checkpoint, so the run "
                   "can be resumed later."),
                QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
            if (answer != QMessageBox::Yes) {
                event->ignore();
                return;
            }
            m_closeAfterStop = true;
            m_training->stop();
            m_state->setText(tr("Stopping, saving a checkpoint…"));
        }
        // The window closes when the trainer reports that it has stopped.
        event->ignore();
        return;
    }
    m_settings.saveWindow(saveGeometry(), saveState());
    event->accept();
}

void MainWindow::loadPreset(const QString& name) {
    if (m_experiment->loadPreset(name))
        statusBar()->showMessage(tr("Preset %1 loaded").arg(name), 5000);
}

void MainWindow::resumeRun(const QString& runDir) {
    if (m_training->isRunning()) return;
    m_training->resumeRun(runDir);
    m_runs->setActiveRun(runDir);
    m_settings.addRecentRun(runDir);
    updateRecentRuns();
    m_tabs->setCurrentWidget(m_training);
}

void MainWindow::openRunDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open run folder"), m_runsRoot);
    if (!dir.isEmpty()) openRun(dir);
}

void MainWindow::openRun(const QString& runDir) {
    if (!QFileInfo::exists(QDir(runDir).filePath(QStringLiteral("config.json")))) {
        showProblem(this, tr("Open run"),
                    tr("%1 is not a run folder (it has no config.json).")
                        .arg(QDir::toNativeSeparators(runDir)));
        return;
    }
    m_settings.addRecentRun(runDir);
    updateRecentRuns();
    m_runs->showRun(runDir);
    m_tabs->setCurrentWidget(m_runs);
}

// The report of what the window shows: the Compare tab's runs, the ablation, or the run chosen
// in Runs (else the one opened last, else the newest listed); the others stay a choice in the
// dialog. A report goes into report/ inside its run or sweep folder, a comparison's into the runs
// folder.
void MainWindow::exportReport() {
    const QString inRunsRoot = QDir(m_runsRoot).filePath(QStringLiteral("report"));
    auto inside = [](const QString& dir) { return QDir(dir).filePath(QStringLiteral("report")); };
    QList<ReportSource> sources;
    int current = 0;
    QStringList runs = m_runs->selectedRuns();
    if (runs.isEmpty() && !m_settings.recentRuns().isEmpty())
        runs = {m_settings.recentRuns().first()};
    if (runs.isEmpty() && !m_runs->newestRun().isEmpty()) runs = {m_runs->newestRun()};
    if (runs.size() == 1)
        sources.append(
            {tr("Run %1").arg(QFileInfo(runs.first()).fileName()), runs, inside(runs.first())});
    else if (runs.size() > 1)
        sources.append({tr("Selected runs (%1)").arg(runs.size()), runs, inRunsRoot});
    // Compared checkpoints stand for the runs they belong to.
    QStringList compared;
    for (const QString& item : m_compare->items()) {
        const QString run = QFileInfo(item).isDir()
                                ? item
                                : QString::fromStdString(run_dir_of_checkpoint(item.toStdString()));
        if (!run.isEmpty() && !compared.contains(run)) compared.append(run);
    }
    if (!compared.isEmpty()) {
        if (m_tabs->currentWidget() == m_compare) current = int(sources.size());
        sources.append({tr("Compared runs (%1)").arg(compared.size()), compared,
                        compared.size() == 1 ? inside(compared.first()) : inRunsRoot});
    }
    if (!m_sweep->sweepDir().isEmpty()) {
        if (m_tabs->currentWidget() == m_sweep) current = int(sources.size());
        sources.append({tr("Ablation %1").arg(QFileInfo(m_sweep->sweepDir()).fileName()),
                        {m_sweep->sweepDir()},
                        inside(m_sweep->sweepDir())});
    }
    if (sources.isEmpty()) {
        showProblem(this, tr("Export report"),
                    tr("There is no run to report on yet: train one, or open a run folder."));
        return;
    }
    const QString language = QLocale().name().startsWith(QLatin1String("zh"))
                                 ? QStringLiteral("zh_CN")
                                 : QStringLiteral("en");
    auto* dialog = new ReportDialog(sources, current, language, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::chooseRunsRoot() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Runs folder"), m_runsRoot);
    if (dir.isEmpty()) return;
    m_runsRoot = dir;
    m_settings.setRunsRoot(dir);
    m_runs->setRunsRoot(dir);
    m_inference->setRunsRoot(dir);
    m_evaluation->setRunsRoot(dir);
    m_compare->setRunsRoot(dir);
    m_sweep->setRunsRoot(dir);
}

void MainWindow::chooseDataFolder() {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Data folder"), m_settings.dataFolder());
    if (dir.isEmpty()) return;
    m_settings.setDataFolder(dir);
    m_experiment->setDataFolder(dir);
}

void MainWindow::updateRecentRuns() {
    m_recentMenu->clear();
    const QStringList runs = m_settings.recentRuns();
    for (const QString& dir : runs)
        m_recentMenu->addAction(QDir::toNativeSeparators(dir), this, [this, dir] { openRun(dir); });
    m_recentMenu->setEnabled(!runs.isEmpty());
}

void MainWindow::updateStartAction() {
    ExperimentForm* form = m_experiment->form();
    const bool running = m_training->isRunning();
    QAction* start = m_training->startAction();
    start->setEnabled(form->isValid() && !running);
    if (running) {
        start->setToolTip(tr("A run is in progress"));
    } else if (!form->isValid()) {
        const QString reason = form->problems().value(0);
        start->setToolTip(tr("Cannot start: %1").arg(reason));
        statusBar()->showMessage(tr("Cannot start: %1").arg(reason));
    } else {
        start->setToolTip(tr("Train the experiment in a new run folder under %1")
                              .arg(QDir::toNativeSeparators(m_runsRoot)));
        statusBar()->clearMessage();
    }
}

void MainWindow::onRunFinished(const QString& runDir, const TrainingFinished& result) {
    m_runs->setActiveRun(QString());
    m_runs->refresh();
    m_runs->showRun(runDir);
    // What a student does next is try the model: Inference and Evaluate start with its best
    // checkpoint (without leaving the Training tab).
    const QString best = QString::fromStdString(RunPaths(runDir.toStdString()).best_checkpoint());
    const bool failed =
        result.reason == FinishReason::Failed || result.reason == FinishReason::Diverged;
    if (!m_closeAfterStop && !failed && QFileInfo::exists(best)) {
        m_inference->openCheckpoint(best);
        m_evaluation->setCheckpoint(best);
    }
    m_state->setText(result.reason == FinishReason::Diverged ? tr("Last run diverged")
                     : failed                                ? tr("Last run failed")
                                                             : tr("Idle"));
    if (m_closeAfterStop) close();
}

void MainWindow::compareRuns(const QStringList& paths) {
    for (const QString& path : paths) m_compare->addItem(path);
    m_tabs->setCurrentWidget(m_compare);
}

ChecksDialog* MainWindow::checksWindow() {
    if (!m_checks) m_checks = new ChecksDialog(this);
    return m_checks;
}

void MainWindow::runChecks() {
    ChecksDialog* dialog = checksWindow();
    dialog->show();
    dialog->raise();
    if (dialog->isRunning()) return;
    dialog->setConfig(m_experiment->config());
    dialog->runChecks();
}

void MainWindow::averageCheckpoints(const QString& runDir) {
    auto* dialog = new AverageDialog(runDir, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &AverageDialog::compareRequested, this, &MainWindow::compareRuns);
    dialog->show();
}

void MainWindow::showTokenInspector(const QString& runDir) {
    if (!m_tokenInspector) {
        m_tokenInspector = new TokenInspector(this);
        m_tokenInspector->setWindowFlag(Qt::Window);
        m_tokenInspector->setExperiment(m_experiment->config());
        // "Experiment settings" trains what the form says now.
        connect(m_experiment->form(), &ExperimentForm::configChanged, m_tokenInspector,
                [this] { m_tokenInspector->setExperiment(m_experiment->config()); });
    }
    if (!runDir.isEmpty()) {
        m_tokenInspector->setRun(runDir);
        m_tokenInspector->chooserA()->useRun();
    }
    m_tokenInspector->show();
    m_tokenInspector->raise();
    m_tokenInspector->activateWindow();
}

}  // namespace tfw
