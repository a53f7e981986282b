#include "ui/runs/runs_pane.h"

#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

#include <exception>

#include "core/io/checkpoint_average.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/io/run_management.h"
#include "ui/common/canonical_path.h"
#include "ui/common/problem_message.h"
#include "ui/training/run_charts.h"
#include "widgets/smoothing_slider.h"

namespace tfw {
namespace {

enum Column { Name, Status, Task, DModel, Layers, Heads, Steps, BestLoss, BestPpl, Started, Count };

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

int configInt(const nlohmann::json& config, const char* section, const char* key) {
    const auto s = config.find(section);
    if (s == config.end() || !s->is_object()) return 0;
    const auto v = s->find(key);
    return v != s->end() && v->is_number() ? v->get<int>() : 0;
}

QTableWidgetItem* textItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

// Numbers sort as numbers; an empty cell stays empty.
QTableWidgetItem* numberItem(double value, bool present, int precision = -1) {
    auto* item = textItem(QString());
    if (present) {
        if (precision < 0)
            item->setData(Qt::DisplayRole, value);
        else
            item->setData(Qt::DisplayRole, QString::number(value, 'f', precision));
    }
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// A date-time cell shows in the user's locale and sorts by time.
QTableWidgetItem* timeItem(const std::string& iso) {
    auto* item = textItem(qs(iso));
    const QDateTime time = QDateTime::fromString(qs(iso), Qt::ISODate);
    if (time.isValid()) item->setData(Qt::DisplayRole, time.toLocalTime());
    return item;
}

}  // namespace

RunsPane::RunsPane(QWidget* parent)
    : QWidget(parent),
      m_table(new QTableWidget(0, Count, this)),
      m_details(new QLabel(this)),
      m_charts(new RunCharts(this)),
      m_resume(new QPushButton(tr("Resume"), this)),
      m_rename(new QPushButton(tr("Rename…"), this)),
      m_delete(new QPushButton(tr("Delete…"), this)),
      m_openFolder(new QPushButton(tr("Open folder"), this)),
      m_inference(new QPushButton(tr("Open in Inference"), this)),
      m_compare(new QPushButton(tr("Compare"), this)),
      m_average(new QPushButton(tr("Average checkpoints…"), this)) {
    m_table->setHorizontalHeaderLabels(
        {tr("Run"), tr("Status"), tr("Task"), tr("d_model"), tr("Layers"), tr("Heads"), tr("Steps"),
         tr("Best valid loss"), tr("Best valid ppl"), tr("Started")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Name, QHeaderView::Stretch);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(Started, Qt::DescendingOrder);  // newest first
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &RunsPane::onSelectionChanged);

    auto* refresh = new QPushButton(tr("Refresh"), this);
    connect(refresh, &QPushButton::clicked, this, &RunsPane::refresh);
    m_resume->setToolTip(tr("Continue training from the run's last checkpoint"));
    connect(m_resume, &QPushButton::clicked, this, [this] {
        if (!m_selected.isEmpty()) Q_EMIT resumeRequested(m_selected);
    });
    connect(m_rename, &QPushButton::clicked, this, &RunsPane::renameSelected);
    connect(m_delete, &QPushButton::clicked, this, &RunsPane::deleteSelected);
    connect(m_openFolder, &QPushButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_selected)); });
    m_inference->setToolTip(tr("Try the run's best checkpoint in the Inference tab"));
    connect(m_inference, &QPushButton::clicked, this, [this] {
        const QString checkpoint = inferenceCheckpoint();
        if (!checkpoint.isEmpty()) Q_EMIT inferenceRequested(checkpoint);
    });

    m_compare->setToolTip(
        tr("Show the selected runs side by side in the Compare tab (select "
           "several with Ctrl or Shift)"));
    connect(m_compare, &QPushButton::clicked, this, [this] {
        if (!selectedRuns().isEmpty()) Q_EMIT compareRequested(selectedRuns());
    });
    connect(m_average, &QPushButton::clicked, this, [this] {
        if (!m_selected.isEmpty()) Q_EMIT averageRequested(m_selected);
    });

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(refresh);
    buttons->addStretch(1);
    buttons->addWidget(m_inference);
    buttons->addWidget(m_compare);
    buttons->addWidget(m_average);
    buttons->addWidget(m_resume);
    buttons->addWidget(m_rename);
    buttons->addWidget(m_delete);
    buttons->addWidget(m_openFolder);

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_table, 1);
    topLayout->addLayout(buttons);

    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* smoothing = new SmoothingSlider(bottom);
    m_charts->setSmoothing(smoothing->weight());
    connect(smoothing, &SmoothingSlider::weightChanged, m_charts, &RunCharts::setSmoothing);
    auto* detailsRow = new QHBoxLayout;
    detailsRow->addWidget(m_details, 1);
    detailsRow->addWidget(smoothing);
    bottomLayout->addLayout(detailsRow);
    bottomLayout->addWidget(m_charts, 1);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
    updateButtons();
}

void RunsPane::setRunsRoot(const QString& root) {
    m_root = root;
    refresh();
}

void RunsPane::setActiveRun(const QString& runDir) {
    m_active = runDir.isEmpty() ? QString() : canonicalPath(runDir);
    updateButtons();
}

int RunsPane::runCount() const {
    return m_table->rowCount();
}

QStringList RunsPane::selectedRuns() const {
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) rows << index.row();
    std::sort(rows.begin(), rows.end());
    QStringList dirs;
    for (const int row : rows) dirs << m_table->item(row, Name)->data(Qt::UserRole).toString();
    return dirs;
}

void RunsPane::refresh() {
    const QString keep = m_selected;
    const QSignalBlocker blocker(m_table);
    m_table->setSortingEnabled(false);
    m_table->setRowCount(0);
    std::vector<RunSummary> runs;
    try {
        runs = list_runs(m_root.toStdString());
    } catch (const std::exception& error) {
        Q_EMIT statusMessage(tr("Could not read %1: %2").arg(m_root, qs(error.what())));
    }
    for (const RunSummary& run : runs) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const nlohmann::json& config = run.config;
        const bool lm = config.value("task", std::string()) == "lm";
        const int encoder = configInt(config, "model", "encoder_layers");
        const int decoder = configInt(config, "model", "decoder_layers");
        const RunStatus& status = run.status;
        const bool validated = status.best_valid_loss > 0;

        auto* name = textItem(qs(run.name));
        name->setData(Qt::UserRole, canonicalPath(qs(run.dir)));
        name->setToolTip(QDir::toNativeSeparators(qs(run.dir)));
        m_table->setItem(row, Name, name);
        auto* state = textItem(qs(status.state));
        if (!status.message.empty()) state->setToolTip(qs(status.message));
        m_table->setItem(row, Status, state);
        m_table->setItem(row, Column::Task, textItem(qs(config.value("task", std::string()))));
        m_table->setItem(row, DModel, numberItem(configInt(config, "model", "d_model"), true));
        m_table->setItem(row, Layers,
                         textItem(lm ? QString::number(decoder)
                                     : QStringLiteral("%1 + %2").arg(encoder).arg(decoder)));
        m_table->setItem(row, Heads, numberItem(configInt(config, "model", "heads"), true));
        m_table->setItem(row, Steps, numberItem(double(status.step), true));
        m_table->setItem(row, BestLoss, numberItem(status.best_valid_loss, validated, 3));
        m_table->setItem(row, BestPpl,
                         numberItem(run.best_valid_perplexity, run.best_valid_perplexity > 0, 2));
        m_table->setItem(row, Started, timeItem(status.started_at));
    }
    m_table->setSortingEnabled(true);
    m_selected.clear();
    if (!keep.isEmpty()) showRun(keep);
    updateButtons();
}

void RunsPane::showRun(const QString& runDir) {
    const QString dir = canonicalPath(runDir);
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, Name)->data(Qt::UserRole).toString() == dir) {
            m_table->selectRow(row);  // onSelectionChanged loads the charts
            if (m_selected == dir) return;
        }
    }
    m_table->clearSelection();
    loadRun(dir);
}

void RunsPane::onSelectionChanged() {
    const auto rows = m_table->selectionModel()->selectedRows();
    updateButtons();
    if (rows.isEmpty()) return;
    const QString dir = m_table->item(rows.first().row(), Name)->data(Qt::UserRole).toString();
    if (dir != m_selected) loadRun(dir);
}

void RunsPane::loadRun(const QString& dir) {
    m_selected = dir;
    const RunStatus status = read_run_status(dir.toStdString());
    m_details->setText(tr("<b>%1</b> · %2 · step %L3%4")
                           .arg(QDir(dir).dirName().toHtmlEscaped(), qs(status.state))
                           .arg(status.step)
                           .arg(status.message.empty()
                                    ? QString()
                                    : QStringLiteral(" · ") + qs(status.message).toHtmlEscaped()));
    m_charts->showHistory(read_history(dir.toStdString()));
    updateButtons();
}

void RunsPane::renameSelected() {
    if (m_selected.isEmpty() || m_selected == m_active) return;
    const QDir dir(m_selected);
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename run"), tr("New name:"),
                                               QLineEdit::Normal, dir.dirName(), &ok)
                             .trimmed();
    if (!ok || name.isEmpty() || name == dir.dirName()) return;
    try {
        m_selected = canonicalPath(qs(rename_run(m_selected.toStdString(), name.toStdString())));
    } catch (const std::exception& e) {
        showProblem(this, tr("Rename run"), qs(e.what()));
        return;
    }
    refresh();
}

void RunsPane::deleteSelected() {
    if (m_selected.isEmpty() || m_selected == m_active) return;
    const QString name = QDir(m_selected).dirName();
    const auto answer = QMessageBox::question(
        this, tr("Delete run"),
        tr("Delete the run %1 with its checkpoints and history?\nThis cannot be undone.").arg(name),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Yes) return;
    try {
        delete_run(m_selected.toStdString());
    } catch (const std::exception& e) {
        showProblem(this, tr("Delete run"), qs(e.what()));
    }
    m_selected.clear();
    m_charts->clear();
    m_details->clear();
    refresh();
    Q_EMIT statusMessage(tr("Deleted %1").arg(name));
}

void RunsPane::updateButtons() {
    // With several rows selected only Compare applies: the others act on one run.
    const bool selected =
        selectedRuns().size() <= 1 && !m_selected.isEmpty() && QFileInfo::exists(m_selected);
    const bool active = selected && m_selected == m_active;
    // Another process (a tfw on the command line, another window) may be training it.
    const QString holder =
        selected && !active ? qs(run_locked_by(m_selected.toStdString())) : QString();
    const bool busy = active || !holder.isEmpty();
    const RunStatus status = selected ? read_run_status(m_selected.toStdString()) : RunStatus{};
    const bool resumable =
        selected && !busy && m_active.isEmpty() && status.state != "completed" &&
        QFileInfo::exists(qs(RunPaths(m_selected.toStdString()).last_checkpoint()));
    m_resume->setEnabled(resumable);
    m_resume->setToolTip(!holder.isEmpty() ? tr("Being trained by %1 right now").arg(holder)
                         : resumable       ? tr("Continue training from the run's last checkpoint")
                                           : tr("Only a stopped or interrupted run with a last "
                                                      "checkpoint can be resumed, while no other run is "
                                                      "training"));
    m_rename->setEnabled(selected && !busy);
    m_delete->setEnabled(selected && !busy);
    m_openFolder->setEnabled(selected);
    m_compare->setEnabled(!selectedRuns().isEmpty());
    const size_t periodic = selected ? periodic_checkpoints(m_selected.toStdString()).size() : 0;
    m_average->setEnabled(periodic >= 2);
    m_average->setToolTip(
        periodic >= 2 ? tr("Average the run's last periodic checkpoints and compare the result "
                           "with its best checkpoint")
                      : tr("Needs a run with two or more periodic checkpoints (written every "
                           "train.save_every steps)"));
    m_inference->setEnabled(!inferenceCheckpoint().isEmpty());
}

QString RunsPane::inferenceCheckpoint() const {
    return m_selected.isEmpty() ? QString() : qs(preferred_checkpoint(m_selected.toStdString()));
}

}  // namespace tfw
