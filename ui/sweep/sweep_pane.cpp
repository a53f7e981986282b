#include "ui/sweep/sweep_pane.h"

#include <QDir>
#include <QFileDialog>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include "core/config/config_schema.h"
#include "core/io/run_directory.h"
#include "core/sweep/sweep_state.h"
#include "core/util/error_text.h"
#include "ui/common/problem_message.h"
#include "ui/sweep/sweep_define_view.h"
#include "ui/sweep/sweep_job.h"
#include "ui/sweep/sweep_queue_view.h"
#include "ui/sweep/sweep_results_view.h"

namespace tfw {
namespace {

size_t endedRuns(const SweepState& state) {
    return state.count(SweepRunState::Done) + state.count(SweepRunState::Failed) +
           state.count(SweepRunState::Skipped);
}

}  // namespace

SweepPane::SweepPane(QWidget* parent)
    : QWidget(parent),
      m_job(new SweepJob(this)),
      m_sections(new QTabWidget(this)),
      m_define(new SweepDefineView(this)),
      m_queue(new SweepQueueView(m_job, this)),
      m_results(new SweepResultsView(this)) {
    m_sections->addTab(m_define, tr("Define"));
    m_sections->addTab(m_queue, tr("Queue"));
    m_sections->addTab(m_results, tr("Results"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_sections);

    connect(m_define, &SweepDefineView::startRequested, this, &SweepPane::start);
    connect(m_define, &SweepDefineView::experimentRequested, this, &SweepPane::experimentRequested);
    connect(m_queue, &SweepQueueView::openRequested, this, &SweepPane::openSweepDialog);
    connect(m_queue, &SweepQueueView::resumeRequested, this, [this] { resume(); });
    connect(m_queue, &SweepQueueView::retryRequested, this, [this] { resume(true); });
    connect(m_results, &SweepResultsView::compareRequested, this, &SweepPane::compareRequested);
    connect(m_results, &SweepResultsView::statusMessage, this, &SweepPane::statusMessage);
    connect(m_job, &SweepJob::queueChanged, this, &SweepPane::onQueue);
    connect(m_job, &SweepJob::runningChanged, this, [this](bool running) {
        m_define->setBusy(running);
        Q_EMIT runningChanged(running);
    });
    connect(m_job, &SweepJob::runLog, this,
            [this](size_t run, LogLevel level, const QString& text) {
                if (level >= LogLevel::Warning)
                    Q_EMIT statusMessage(tr("Sweep run %1: %2").arg(run + 1).arg(text));
            });
    connect(
        m_job, &SweepJob::finished, this,
        [this](const SweepOutcome& outcome, const QString& error) {
            if (!error.isEmpty()) {
                showProblem(this, tr("Sweep"), tr("The sweep could not run: %1").arg(error));
                return;
            }
            m_results->refresh();
            Q_EMIT statusMessage(
                outcome.stopped
                    ? tr("Sweep stopped: %1 runs pending; Resume continues it").arg(outcome.pending)
                    : tr("Sweep finished: %1 done, %2 failed, %3 skipped")
                          .arg(outcome.done)
                          .arg(outcome.failed)
                          .arg(outcome.skipped));
        });
}

SweepPane::~SweepPane() = default;

void SweepPane::setBaseConfig(const ExperimentConfig& config) {
    m_define->setBaseConfig(config);
}

void SweepPane::setRunsRoot(const QString& root) {
    m_runsRoot = root;
    m_define->setRunsRoot(root);
}

void SweepPane::varyField(const QString& key, const ExperimentConfig& config) {
    QString value;
    if (const ConfigField* field = find_config_field(key.toStdString())) {
        const nlohmann::json current = field->get(config);
        if (current.is_string()) {
            value = QString::fromStdString(current.get<std::string>());
        } else if (current.is_array()) {  // a pair: "0.9,0.98"
            QStringList parts;
            for (const auto& part : current) parts << QString::fromStdString(part.dump());
            value = parts.join(QLatin1Char(','));
        } else {
            value = QString::fromStdString(current.dump());
        }
    }
    m_define->addAxis(key, value);
    m_sections->setCurrentWidget(m_define);
}

bool SweepPane::start() {
    m_define->refreshNow();
    const auto spec = m_define->spec();
    if (isRunning() || !spec || !m_define->problems().isEmpty()) return false;
    const QString dir = m_define->outputFolder();
    if (!m_job->startNew(*spec, dir)) return false;
    m_dir = dir;
    m_ended = 0;
    m_sections->setCurrentWidget(m_queue);
    // The next sweep goes to a folder of its own.
    m_define->setOutputFolder(QString());
    Q_EMIT statusMessage(tr("Sweep started in %1").arg(QDir::toNativeSeparators(dir)));
    return true;
}

bool SweepPane::resume(bool retry) {
    if (m_dir.isEmpty() || !m_job->resume(m_dir, retry)) return false;
    m_sections->setCurrentWidget(m_queue);
    return true;
}

bool SweepPane::isRunning() const {
    return m_job->isRunning();
}

void SweepPane::openSweep(const QString& dir) {
    if (isRunning()) return;
    m_loader.start([this, dir](const std::atomic<bool>&) -> BackgroundThread::Done {
        try {
            const SweepState state = load_sweep(dir.toStdString());
            // How far each run got, from its own history.
            std::vector<SweepQueueView::Recorded> recorded(state.runs.size());
            for (size_t run = 0; run < state.runs.size(); ++run) {
                const RunHistory history = read_history(state.run_dir(run));
                if (!history.steps.empty()) recorded[run].step = history.steps.back().step;
                for (const ValidationReport& validation : history.validations)
                    if (recorded[run].bestLoss < 0 || validation.loss < recorded[run].bestLoss)
                        recorded[run].bestLoss = validation.loss;
            }
            return [this, dir, state, recorded] {
                if (isRunning()) return;
                m_dir = dir;
                m_ended = endedRuns(state);
                m_queue->showState(state);
                m_queue->showRecorded(recorded);
                m_results->showSweep(dir);
                m_sections->setCurrentWidget(m_queue);
            };
        } catch (const std::exception& e) {
            const QString error = QString::fromStdString(user_error_text(e));
            return [this, dir, error] {
                showProblem(this, tr("Open sweep"),
                            tr("%1 holds no sweep: %2").arg(QDir::toNativeSeparators(dir), error));
            };
        }
    });
}

void SweepPane::openSweepDialog() {
    const QString start = m_runsRoot.isEmpty() ? QString() : QDir(m_runsRoot).filePath("sweeps");
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open sweep folder"), start);
    if (!dir.isEmpty()) openSweep(dir);
}

void SweepPane::onQueue(const SweepState& state) {
    // The results follow from the first report on, once the folder surely exists.
    if (m_results->sweepDir() != m_dir) m_results->showSweep(m_dir);
    const size_t ended = endedRuns(state);
    if (ended != m_ended) {
        m_ended = ended;
        m_results->refresh();
    }
}

}  // namespace tfw
