#include "ui/training/training_pane.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>
#include <cmath>
#include <memory>

#include "core/io/run_directory.h"
#include "ui/checks/checks_view.h"
#include "ui/common/canonical_path.h"
#include "ui/training/attention_timeline.h"
#include "ui/training/log_view.h"
#include "ui/training/run_charts.h"
#include "ui/training/training_runner.h"
#include "widgets/smoothing_slider.h"

namespace tfw {
namespace {

QString duration(double seconds) {
    const auto total = static_cast<long long>(seconds + 0.5);
    const long long h = total / 3600, m = (total / 60) % 60, s = total % 60;
    return h > 0 ? QStringLiteral("%1:%2:%3")
                       .arg(h)
                       .arg(m, 2, 10, QLatin1Char('0'))
                       .arg(s, 2, 10, QLatin1Char('0'))
                 : QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

}  // namespace

TrainingPane::TrainingPane(QWidget* parent)
    : QWidget(parent),
      m_runner(new TrainingRunner(this)),
      m_start(
          new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Start training"), this)),
      m_pause(new QAction(style()->standardIcon(QStyle::SP_MediaPause), tr("&Pause"), this)),
      m_stop(new QAction(style()->standardIcon(QStyle::SP_MediaStop), tr("S&top"), this)),
      m_processesControl(new QWidget(this)),
      m_processes(new QSpinBox(m_processesControl)),
      m_runInfo(new QLabel(tr("No run yet: set up an experiment, then press Start."), this)),
      m_progress(new QProgressBar(this)),
      m_progressText(new QLabel(this)),
      m_checksInfo(new QLabel(this)),
      m_openInference(new QPushButton(tr("Open in Inference"), this)),
      m_smoothing(new SmoothingSlider(this)),
      m_charts(new RunCharts(this)),
      m_timeline(new AttentionTimeline(this)),
      m_log(new LogView(this)) {
    m_start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_pause->setCheckable(true);
    m_pause->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    m_pause->setToolTip(tr("Pause after the current step; press again to resume"));
    m_stop->setToolTip(tr("Stop after the current step and save a last checkpoint"));
    connect(m_start, &QAction::triggered, this, &TrainingPane::startRequested);

    m_processes->setObjectName(QStringLiteral("processes"));
    m_processes->setRange(1, 16);
    m_processes->setToolTip(
        tr("Train a new run on this many processes of this computer (data parallel): one per "
           "GPU, or several CPU processes to try it out. Each process takes an equal share of "
           "every batch and the gradients are summed, so the run learns as one process would; "
           "the charts show the whole run. A run is resumed on as many processes as it was "
           "started on."));
    auto* processesLayout = new QHBoxLayout(m_processesControl);
    processesLayout->setContentsMargins(6, 0, 6, 0);
    auto* processesLabel = new QLabel(tr("Processes:"), m_processesControl);
    processesLabel->setBuddy(m_processes);
    processesLayout->addWidget(processesLabel);
    processesLayout->addWidget(m_processes);
    connect(m_pause, &QAction::toggled, m_runner, &TrainingRunner::setPaused);
    connect(m_stop, &QAction::triggered, this, &TrainingPane::stop);

    m_charts->setSmoothing(m_smoothing->weight());
    connect(m_smoothing, &SmoothingSlider::weightChanged, m_charts, &RunCharts::setSmoothing);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_runInfo, 1);
    controls->addWidget(m_smoothing);

    m_runInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runInfo->setWordWrap(true);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);  // until a run has a plan
    auto* progress = new QHBoxLayout;
    progress->addWidget(m_progress, 2);
    progress->addWidget(m_progressText, 1);
    progress->addWidget(m_checksInfo);
    progress->addWidget(m_openInference);
    m_openInference->setToolTip(tr("Try the finished run's best checkpoint in the Inference tab"));
    m_openInference->hide();  // until a run has finished with a checkpoint
    connect(m_openInference, &QPushButton::clicked, this,
            [this] { Q_EMIT inferenceRequested(m_finishedCheckpoint); });
    m_checksInfo->setToolTip(
        tr("The quick sanity checks that ran before training; click for what "
           "each measured"));
    connect(m_checksInfo, &QLabel::linkActivated, this, &TrainingPane::checksDetailsRequested);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    // The curves, and how the heads' attention forms (snapshots of the probe inputs).
    auto* views = new QTabWidget(this);
    views->addTab(m_charts, tr("Curves"));
    views->addTab(m_timeline, tr("Attention over training"));
    splitter->addWidget(views);
    splitter->addWidget(m_log);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addLayout(progress);
    layout->addWidget(splitter, 1);

    connect(m_runner, &TrainingRunner::started, this, &TrainingPane::onStarted);
    connect(m_runner, &TrainingRunner::step, this, &TrainingPane::onStep);
    connect(m_runner, &TrainingRunner::validation, m_charts, &RunCharts::addValidation);
    connect(m_runner, &TrainingRunner::samples, this, [this](const SamplesReport& report) {
        for (const auto& sample : report.samples) {
            const bool exact = !sample.reference.empty() && sample.output == sample.reference;
            m_log->addMessage(LogLevel::Info,
                              tr("  %1  \u21d2  %2%3")
                                  .arg(QString::fromStdString(sample.input),
                                       QString::fromStdString(sample.output),
                                       exact ? tr("   \u2713 matches the reference") : QString()));
        }
    });
    connect(m_runner, &TrainingRunner::attentionSnapshot, m_timeline,
            &AttentionTimeline::addSnapshot);
    connect(m_runner, &TrainingRunner::logMessage, this,
            [this](LogLevel level, const QString& message) {
                m_log->addMessage(level, message);
                if (level == LogLevel::Error) m_lastError = message;
            });
    connect(m_runner, &TrainingRunner::checks, this, &TrainingPane::showChecks);
    connect(m_runner, &TrainingRunner::finished, this, &TrainingPane::onFinished);
    connect(m_runner, &TrainingRunner::runningChanged, this, &TrainingPane::updateActions);
    connect(m_runner, &TrainingRunner::pausedChanged, this, [this](bool paused) {
        m_pause->setChecked(paused);
        m_pause->setText(paused ? tr("&Resume") : tr("&Pause"));
        m_pause->setIcon(
            style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
        Q_EMIT statusMessage(paused ? tr("Training paused") : tr("Training resumed"));
        if (paused) m_progressText->setText(tr("paused"));
    });
    updateActions();
}

QString TrainingPane::startNew(const ExperimentConfig& config, const QString& runsRoot) {
    if (isRunning()) return QString();
    QDir().mkpath(runsRoot);
    const QString runDir = QString::fromStdString(new_run_dir(runsRoot.toStdString(), config.name));
    m_runner->startNew(config, runDir, m_processes->value());
    beginRun(runDir, false);
    return runDir;
}

// The run so far is read (off the window's thread) before the trainer starts appending to it;
// the run counts as running from the request on.
void TrainingPane::resumeRun(const QString& runDir) {
    if (isRunning()) return;
    m_stopWhenStarted = false;
    const std::string dir = runDir.toStdString();
    m_historyReader.start([this, runDir, dir](const std::atomic<bool>&) -> BackgroundThread::Done {
        auto history = std::make_shared<RunHistory>();
        try {
            *history = read_history(dir);
        } catch (const std::exception&) {
            // Charts start empty; the trainer says what is wrong with the run.
        }
        return [this, runDir, history] {
            m_runner->resume(runDir);
            beginRun(runDir, true);
            m_charts->showHistory(*history);
            if (m_stopWhenStarted) m_runner->stop();
        };
    });
    updateActions();
}

bool TrainingPane::isRunning() const {
    return m_runner->isRunning() || m_historyReader.isRunning();
}

void TrainingPane::stop() {
    if (!isRunning()) return;
    if (m_runner->isRunning())
        m_runner->stop();
    else
        m_stopWhenStarted = true;
    m_stop->setEnabled(false);
    m_pause->setEnabled(false);
    m_progressText->setText(tr("stopping, saving a checkpoint…"));
    Q_EMIT statusMessage(tr("Stopping after the current step…"));
}

void TrainingPane::showChecks(const ChecksReport& report) {
    m_checks = report;
    m_checksRun = m_runner->runDir();
    const bool failed = !report.all_passed();
    m_checksInfo->setText(
        tr("<span style='color:%1'>Checks: %2</span> <a href='#checks'>details</a>")
            .arg(failed ? QStringLiteral("#c62828") : QStringLiteral("#2e7d32"),
                 ChecksView::summaryText(report).toHtmlEscaped()));
}

void TrainingPane::beginRun(const QString& runDir, bool resuming) {
    m_charts->clear();
    m_timeline->setRun(runDir);
    m_lastError.clear();
    // A resumed run runs no checks: the summary of its own checks stays.
    if (!resuming || canonicalPath(runDir) != canonicalPath(m_checksRun)) {
        m_checks = {};
        m_checksRun.clear();
        m_checksInfo->clear();
    }
    m_openInference->hide();
    m_plan = {};
    m_firstElapsed = -1;
    m_progress->setRange(0, 0);  // busy until the trainer knows its plan
    m_progressText->setText(tr("preparing data and model…"));
    m_runInfo->setText(tr("Run: %1").arg(QDir::toNativeSeparators(runDir)));
    m_log->addMessage(LogLevel::Info,
                      resuming ? tr("Resuming %1").arg(runDir) : tr("Starting %1").arg(runDir));
}

QString TrainingPane::deviceText(const TrainingStarted& info) {
    const QString device = !info.gpu.empty()   ? QString::fromStdString(info.gpu)
                           : info.threads == 1 ? tr("CPU (1 thread)")
                                               : tr("CPU (%1 threads)").arg(info.threads);
    if (info.processes <= 1) return device;
    return tr("%1 × %2 processes (%3)")
        .arg(device, QString::number(info.processes), QString::fromStdString(info.backend));
}

QString TrainingPane::precisionText(const PrecisionChoice& precision) {
    const QString name = QString::fromLatin1(precision_name(precision.precision));
    if (!precision.automatic) return name;
    return precision.native_bf16 ? tr("%1 (auto: native bf16 here)").arg(name)
                                 : tr("%1 (auto: no native bf16 here)").arg(name);
}

void TrainingPane::onStarted(const TrainingStarted& info) {
    m_plan = info;
    m_firstElapsed = -1;
    m_rate = StepRateAverage();
    m_progress->setRange(0, kProgressSteps);
    showProgress(run_progress(info, info.start_step, 0, info.start_step, 0), info.start_step, 0);
    m_progress->setTextVisible(true);
    const QLocale locale;
    m_runInfo->setText(
        tr("<b>%1</b> · %2 · %3 parameters · %4 training / %5 validation examples")
            .arg(QDir(QString::fromStdString(info.run_dir)).dirName().toHtmlEscaped(),
                 (deviceText(info) + QStringLiteral(" · ") + precisionText(info.precision))
                     .toHtmlEscaped(),
                 locale.toString(qlonglong(info.parameters)),
                 locale.toString(qlonglong(info.train_examples)),
                 locale.toString(qlonglong(info.valid_examples))));
    m_runInfo->setToolTip(QDir::toNativeSeparators(QString::fromStdString(info.run_dir)));
    m_progressText->setText(tr("training…"));
}

void TrainingPane::onStep(const StepReport& report) {
    m_charts->addStep(report);
    if (m_firstElapsed < 0) m_firstElapsed = report.elapsed_s;
    m_rate.add(report.step, report.elapsed_s);
    const RunProgress progress = run_progress(m_plan, m_rate, report.step, report.elapsed_s);
    showProgress(progress, report.step, report.elapsed_s);
    if (m_runner->isPaused()) return;
    QString text = tr("epoch %1 (%2%) · %3 elapsed")
                       .arg(report.epoch)
                       .arg(int(report.epoch_progress * 100))
                       .arg(duration(report.elapsed_s));
    // The first seconds' speed says little about the rest.
    if (progress.seconds_left >= 0 && (progress.by_time || report.elapsed_s - m_firstElapsed > 1.0))
        text += tr(" · about %1 left").arg(duration(progress.seconds_left));
    m_progressText->setText(text);
}

void TrainingPane::showProgress(const RunProgress& progress, int64_t step, double elapsedS) {
    m_progress->setValue(int(progress.fraction * kProgressSteps));
    if (progress.by_time)
        m_progress->setFormat(tr("minute %1 of %2 (time budget)")
                                  .arg(int(elapsedS / 60))
                                  .arg(m_plan.time_budget_s / 60, 0, 'g', 4));
    else
        m_progress->setFormat(tr("step %L1 of %L2").arg(step).arg(m_plan.planned_steps));
}

void TrainingPane::onFinished(const TrainingFinished& result) {
    const QString runDir = m_runner->runDir();
    QString summary;
    switch (result.reason) {
        case FinishReason::Completed:
            summary = tr("Training completed at step %L1.").arg(result.step);
            break;
        case FinishReason::EarlyStopped:
            summary = result.score_name.empty()
                          ? tr("Stopped early at step %L1: validation loss stopped improving.")
                                .arg(result.step)
                          : tr("Stopped early at step %L1: validation %2 stopped improving.")
                                .arg(result.step)
                                .arg(QString::fromStdString(result.score_name));
            break;
        case FinishReason::Stopped:
            summary = tr("Stopped at step %L1; the last checkpoint is saved, so the run can be "
                         "resumed from the Runs area.")
                          .arg(result.step);
            break;
        case FinishReason::Failed:
            summary = tr("Training failed: %1").arg(QString::fromStdString(result.message));
            break;
        case FinishReason::Diverged:
            summary = tr("The run %1").arg(QString::fromStdString(result.message));
            break;
    }
    // A diverged run is told as a failure is: in red, with what to try.
    const bool failed =
        result.reason == FinishReason::Failed || result.reason == FinishReason::Diverged;
    if (!failed && result.best_valid_loss > 0)
        summary += tr(" Best validation loss %1 (perplexity %2).")
                       .arg(result.best_valid_loss, 0, 'f', 3)
                       .arg(std::exp(result.best_valid_loss), 0, 'f', 2);
    if (!failed && result.best_valid_score >= 0)
        summary += tr(" Best checkpoint: validation %1 %2 at step %L3.")
                       .arg(QString::fromStdString(result.score_name))
                       .arg(result.best_valid_score, 0, 'f', 2)
                       .arg(result.best_step);
    // The trainer usually logged the failure itself already.
    if (!failed || m_lastError != QString::fromStdString(result.message))
        m_log->addMessage(failed ? LogLevel::Error : LogLevel::Info, summary);
    if (m_plan.planned_steps <= 0) m_progress->setRange(0, 1);
    const bool diverged = result.reason == FinishReason::Diverged;
    switch (result.reason) {
        case FinishReason::Completed:
            m_progressText->setText(tr("finished"));
            break;
        case FinishReason::EarlyStopped:
            m_progressText->setText(tr("stopped early at step %L1").arg(result.step));
            break;
        case FinishReason::Stopped:
            m_progressText->setText(
                tr("stopped at step %L1 · resume it from the Runs area").arg(result.step));
            break;
        case FinishReason::Failed:
            m_progressText->setText(tr("failed"));
            break;
        case FinishReason::Diverged:
            m_progressText->setText(tr("diverged"));
            break;
    }
    Q_EMIT statusMessage(diverged ? tr("Training diverged")
                         : failed ? tr("Training failed")
                                  : summary);

    if (failed) {
        auto* box = new QMessageBox(QMessageBox::Critical,
                                    diverged ? tr("Training diverged") : tr("Training failed"),
                                    summary, QMessageBox::Ok, this);
        box->setInformativeText(
            tr("The run's files are kept in %1.").arg(QDir::toNativeSeparators(runDir)));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();  // not exec(): the window keeps running behind it
    }
    const QString best = QString::fromStdString(RunPaths(runDir.toStdString()).best_checkpoint());
    m_finishedCheckpoint = !failed && QFileInfo::exists(best) ? best : QString();
    m_openInference->setVisible(!m_finishedCheckpoint.isEmpty());
    Q_EMIT runFinished(runDir, result);
}

void TrainingPane::updateActions() {
    const bool running = isRunning();
    m_pause->setEnabled(running);
    m_stop->setEnabled(running);
    m_processesControl->setEnabled(!running);
    if (!running) {
        m_pause->setChecked(false);
        m_pause->setText(tr("&Pause"));
        m_pause->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
    }
}

}  // namespace tfw
