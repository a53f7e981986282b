#include "ui/sweep/sweep_queue_view.h"

#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/common/number_text.h"
#include "ui/common/phrase_text.h"
#include "ui/common/run_state_text.h"
#include "ui/common/string_conversion.h"
#include "ui/sweep/sweep_job.h"

namespace tfw {
namespace {

QColor stateColor(SweepRunState state) {
    switch (state) {
        case SweepRunState::Running:
            return QColor(0x1E, 0x88, 0xE5);
        case SweepRunState::Done:
            return QColor(0x2E, 0x7D, 0x32);
        case SweepRunState::Failed:
            return QColor(0xC6, 0x28, 0x28);
        case SweepRunState::Skipped:
        case SweepRunState::Pending:
            break;
    }
    return QColor();
}

}  // namespace

SweepQueueView::SweepQueueView(SweepJob* job, QWidget* parent)
    : QWidget(parent),
      m_job(job),
      m_table(new QTableWidget(0, 6, this)),
      m_progress(new QProgressBar(this)),
      m_summary(new QLabel(this)),
      m_pause(new QPushButton(tr("Pause"), this)),
      m_skip(new QPushButton(tr("Skip selected run"), this)),
      m_stop(new QPushButton(tr("Stop"), this)),
      m_resume(new QPushButton(tr("Resume"), this)),
      m_retry(new QPushButton(tr("Retry failed"), this)),
      m_open(new QPushButton(tr("Open sweep…"), this)) {
    m_table->setObjectName(QStringLiteral("sweepQueue"));
    m_table->setHorizontalHeaderLabels(
        {tr("Variant"), tr("Seed"), tr("State"), tr("Step"), tr("Best valid loss"), tr("Message")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(MessageColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_progress->setObjectName(QStringLiteral("sweepProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setFormat(QString());
    m_progress->setTextVisible(true);
    m_pause->setToolTip(tr("The runs in training wait between steps"));
    m_stop->setToolTip(
        tr("The runs in training save a checkpoint and stop; Resume continues them"));
    m_resume->setToolTip(tr("Train what is still pending in this sweep"));
    m_retry->setToolTip(tr("Put failed and skipped runs back in the queue and resume"));
    m_open->setToolTip(tr("Show a sweep folder, to follow its results or resume it"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_pause);
    buttons->addWidget(m_skip);
    buttons->addWidget(m_stop);
    buttons->addStretch(1);
    buttons->addWidget(m_open);
    buttons->addWidget(m_retry);
    buttons->addWidget(m_resume);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_progress);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    connect(m_pause, &QPushButton::clicked, this, [this] { m_job->setPaused(!m_job->isPaused()); });
    connect(m_skip, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow();
        if (row >= 0) m_job->skip(size_t(row));
    });
    connect(m_stop, &QPushButton::clicked, m_job, &SweepJob::stop);
    connect(m_resume, &QPushButton::clicked, this, &SweepQueueView::resumeRequested);
    connect(m_retry, &QPushButton::clicked, this, &SweepQueueView::retryRequested);
    connect(m_open, &QPushButton::clicked, this, &SweepQueueView::openRequested);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &SweepQueueView::updateButtons);
    connect(m_job, &SweepJob::queueChanged, this, &SweepQueueView::showState);
    connect(m_job, &SweepJob::runStarted, this, &SweepQueueView::onStarted);
    connect(m_job, &SweepJob::runStep, this, &SweepQueueView::onStep);
    connect(m_job, &SweepJob::runValidation, this, &SweepQueueView::onValidation);
    connect(m_job, &SweepJob::runEvaluating, this, [this](size_t run, size_t done, size_t total) {
        setCell(int(run), MessageColumn,
                tr("scoring the validation set: %1 of %2").arg(done).arg(total));
    });
    connect(m_job, &SweepJob::runningChanged, this, &SweepQueueView::updateButtons);
    updateProgress();
    connect(m_job, &SweepJob::pausedChanged, this,
            [this](bool paused) { m_pause->setText(paused ? tr("Continue") : tr("Pause")); });
    updateButtons();
}

void SweepQueueView::showState(const SweepState& state) {
    const bool other = !m_state || m_state->dir != state.dir;
    if (other) m_live.clear();
    m_state = state;
    if (m_table->rowCount() != int(state.runs.size()) || other) {
        m_table->setRowCount(int(state.runs.size()));
        for (size_t run = 0; run < state.runs.size(); ++run) {
            const SweepRunEntry& entry = state.runs[run];
            setCell(int(run), VariantColumn, toQString(state.variants.at(entry.variant).label));
            setCell(int(run), SeedColumn, QString::number(entry.seed));
            m_table->item(int(run), VariantColumn)
                ->setToolTip(QDir::toNativeSeparators(toQString(state.run_dir(run))));
        }
    }
    for (size_t run = 0; run < state.runs.size(); ++run) updateRow(run);
    updateProgress();
    updateButtons();
}

void SweepQueueView::showRecorded(const std::vector<Recorded>& runs) {
    for (size_t run = 0; run < runs.size(); ++run) {
        if (runs[run].step <= 0) continue;
        Live& live = m_live[run];
        live.step = runs[run].step;
        live.bestLoss = runs[run].bestLoss;
        updateRow(run);
    }
}

void SweepQueueView::onStarted(size_t run, const TrainingStarted& info) {
    Live& live = m_live[run];
    live.step = info.start_step;
    live.planned = info.planned_steps;
    updateRow(run);
}

void SweepQueueView::onStep(size_t run, const StepReport& report) {
    Live& live = m_live[run];
    live.step = report.step;
    live.fraction = budgetFraction(report, live);
    updateRow(run);
    updateProgress();
}

void SweepQueueView::onValidation(size_t run, const ValidationReport& report) {
    Live& live = m_live[run];
    if (live.bestLoss < 0 || report.loss < live.bestLoss) live.bestLoss = report.loss;
    updateRow(run);
}

// How far a run is into what the sweep's budget gives it (for the progress bar).
double SweepQueueView::budgetFraction(const StepReport& report, const Live& live) const {
    const SweepBudget& budget = m_state->spec.budget;
    double fraction = 0;
    switch (budget.kind) {
        case BudgetKind::Tokens:
            fraction = double(report.tokens_seen) / budget.amount;
            break;
        case BudgetKind::Minutes:
            fraction = report.elapsed_s / (60 * budget.amount);
            break;
        case BudgetKind::Steps:
        case BudgetKind::Unlimited:
            fraction = live.planned > 0 ? double(report.step) / double(live.planned) : 0;
            break;
    }
    return std::clamp(fraction, 0.0, 1.0);
}

void SweepQueueView::setCell(int row, Column column, const QString& text) {
    if (row < 0 || row >= m_table->rowCount()) return;
    QTableWidgetItem* cell = m_table->item(row, column);
    if (!cell) {
        cell = new QTableWidgetItem;
        if (column == SeedColumn || column == StepColumn || column == LossColumn)
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, column, cell);
    }
    cell->setText(text);
}

void SweepQueueView::updateRow(size_t run) {
    if (!m_state || run >= m_state->runs.size()) return;
    const SweepRunEntry& entry = m_state->runs[run];
    const int row = int(run);
    setCell(row, StateColumn, runStateText(to_string(entry.state)));
    m_table->item(row, StateColumn)->setForeground(stateColor(entry.state));
    const auto live = m_live.constFind(run);
    if (live != m_live.constEnd()) {
        setCell(row, StepColumn,
                live->planned > 0 ? QStringLiteral("%L1 / %L2").arg(live->step).arg(live->planned)
                                  : QStringLiteral("%L1").arg(live->step));
        if (live->bestLoss >= 0) setCell(row, LossColumn, fixedText(live->bestLoss, 3));
    }
    // A running run's message is what it does now; keep the evaluation's progress until the
    // queue says more.
    if (!entry.message.empty() || entry.state != SweepRunState::Running)
        setCell(row, MessageColumn, phraseText(entry.message));
}

void SweepQueueView::updateProgress() {
    if (!m_state || m_state->runs.empty()) {
        m_progress->setValue(0);
        m_progress->setFormat(QString());
        m_summary->setText(tr("No sweep yet: define one and start it, or open a sweep folder."));
        return;
    }
    const size_t total = m_state->runs.size();
    const size_t ended = m_state->count(SweepRunState::Done) +
                         m_state->count(SweepRunState::Failed) +
                         m_state->count(SweepRunState::Skipped);
    double current = 0;  // the runs in training, by their share of the budget
    for (size_t run = 0; run < total; ++run)
        if (m_state->runs[run].state == SweepRunState::Running && m_live.contains(run))
            current += m_live.value(run).fraction;
    const double share = (double(ended) + current) / double(total);
    m_progress->setValue(int(1000 * std::clamp(share, 0.0, 1.0)));
    m_progress->setFormat(tr("%1 of %2 runs done").arg(ended).arg(total));
    m_summary->setText(
        tr("<b>%1</b> — %2 · %3 done, %4 failed, %5 skipped, %6 pending")
            .arg(toQString(m_state->name).toHtmlEscaped())
            .arg(phraseText(describe_budget(m_state->spec.budget)).toHtmlEscaped())
            .arg(m_state->count(SweepRunState::Done))
            .arg(m_state->count(SweepRunState::Failed))
            .arg(m_state->count(SweepRunState::Skipped))
            .arg(m_state->count(SweepRunState::Pending) + m_state->count(SweepRunState::Running)));
}

void SweepQueueView::updateButtons() {
    const bool running = m_job->isRunning();
    m_pause->setEnabled(running);
    m_stop->setEnabled(running);
    m_skip->setEnabled(running && m_table->currentRow() >= 0);
    const bool pending = m_state && (m_state->count(SweepRunState::Pending) > 0 ||
                                     m_state->count(SweepRunState::Running) > 0);
    m_resume->setEnabled(!running && pending);
    m_retry->setEnabled(
        !running && m_state &&
        m_state->count(SweepRunState::Failed) + m_state->count(SweepRunState::Skipped) > 0);
    m_open->setEnabled(!running);
    if (!running) m_pause->setText(tr("Pause"));
}

}  // namespace tfw
