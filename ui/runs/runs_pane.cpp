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
#include <QTabWidget>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <memory>

#include "core/io/checkpoint_average.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/io/run_management.h"
#include "core/util/error_text.h"
#include "ui/common/canonical_path.h"
#include "ui/common/choice_text.h"
#include "ui/common/date_time_text.h"
#include "ui/common/phrase_text.h"
#include "ui/common/problem_message.h"
#include "ui/common/run_listing.h"
#include "ui/common/run_state_text.h"
#include "ui/common/scalar_export_dialog.h"
#include "ui/common/string_conversion.h"
#include "ui/training/attention_timeline.h"
#include "ui/training/run_charts.h"
#include "widgets/smoothing_slider.h"

namespace tfw {
namespace {

enum Column { Name, Status, Task, DModel, Layers, Heads, Steps, BestLoss, BestPpl, Started, Count };

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
        else if (std::abs(value) >= 1e6)  // a diverged run's perplexity: 9.653e+46, not 47 digits
            item->setData(Qt::DisplayRole, QString::number(value, 'g', 4));
        else
            item->setData(Qt::DisplayRole, QString::number(value, 'f', precision));
    }
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// A date-time cell shows as the whole window shows times and sorts by the ISO text (UTC).
class TimeItem final : public QTableWidgetItem {
  public:
    explicit TimeItem(const std::string& iso) : QTableWidgetItem(dateTimeText(iso)) {
        setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
        setData(Qt::UserRole, toQString(iso));
    }
    bool operator<(const QTableWidgetItem& other) const override {
        return data(Qt::UserRole).toString() < other.data(Qt::UserRole).toString();
    }
};

}  // namespace

RunsPane::RunsPane(QWidget* parent)
    : QWidget(parent),
      m_table(new QTableWidget(0, Count, this)),
      m_details(new QLabel(this)),
      m_charts(new RunCharts(this)),
      m_timeline(new AttentionTimeline(this)),
      m_resume(new QPushButton(tr("Resume"), this)),
      m_rename(new QPushButton(tr("Rename…"), this)),
      m_delete(new QPushButton(tr("Delete…"), this)),
      m_openFolder(new QPushButton(tr("Open folder"), this)),
      m_inference(new QPushButton(tr("Open in Inference"), this)),
      m_tokens(new QPushButton(tr("Tokens…"), this)),
      m_compare(new QPushButton(tr("Compare"), this)),
      m_average(new QPushButton(tr("Average checkpoints…"), this)),
      m_exportScalars(new QPushButton(tr("Export scalars…"), this)) {
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
        const QString checkpoint =
            m_selectedDetails.dir == m_selected ? m_selectedDetails.inferenceCheckpoint : QString();
        if (!checkpoint.isEmpty()) Q_EMIT inferenceRequested(checkpoint);
    });

    m_tokens->setToolTip(tr("See how the run's tokenizer cuts text in the Tokenization inspector"));
    connect(m_tokens, &QPushButton::clicked, this, [this] {
        if (!m_selected.isEmpty()) Q_EMIT tokensRequested(m_selected);
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
    m_exportScalars->setToolTip(
        tr("Write the selected runs' curves and scores as CSV or JSON, as TensorBoard does"));
    connect(m_exportScalars, &QPushButton::clicked, this, [this] {
        if (selectedRuns().isEmpty()) return;
        auto* dialog = new ScalarExportDialog(selectedRuns(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(refresh);
    buttons->addStretch(1);
    buttons->addWidget(m_inference);
    buttons->addWidget(m_tokens);
    buttons->addWidget(m_compare);
    buttons->addWidget(m_average);
    buttons->addWidget(m_exportScalars);
    buttons->addWidget(m_resume);
    buttons->addWidget(m_rename);
    buttons->addWidget(m_delete);
    buttons->addWidget(m_openFolder);

    // Room for a few runs before the curves take the rest.
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() +
                              5 * m_table->verticalHeader()->defaultSectionSize() +
                              2 * m_table->frameWidth());

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
    auto* views = new QTabWidget(bottom);
    views->addTab(m_charts, tr("Curves"));
    views->addTab(m_timeline, tr("Attention over training"));
    bottomLayout->addWidget(views, 1);

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
    readRuns();
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

QString RunsPane::newestRun() const {
    int newest = -1;
    for (int row = 0; row < m_table->rowCount(); ++row)
        if (newest < 0 || *m_table->item(newest, Started) < *m_table->item(row, Started))
            newest = row;
    return newest < 0 ? QString() : m_table->item(newest, Name)->data(Qt::UserRole).toString();
}

void RunsPane::showEvent(QShowEvent* event) {
    if (!m_root.isEmpty()) refresh();
    QWidget::showEvent(event);
}

void RunsPane::refresh() {
    readRuns();
    if (!m_selected.isEmpty()) readSelectedRun();
}

void RunsPane::readRuns() {
    if (m_listReader.isRunning()) {
        m_listStale = true;  // read again once this reading is in
        return;
    }
    m_listStale = false;
    if (m_selected.isEmpty()) m_details->setText(tr("Reading runs…"));
    m_listReader.start([this, root = m_root](const std::atomic<bool>&) -> BackgroundThread::Done {
        auto listing = std::make_shared<RunsListing>();
        try {
            listing->runs = listRunsAndSweepRuns(root);
        } catch (const std::exception& error) {
            listing->error = toQString(user_error_text(error));
        }
        return [this, listing] { showRuns(*listing); };
    });
}

void RunsPane::showRuns(const RunsListing& listing) {
    if (m_listStale) {
        readRuns();
        return;
    }
    if (!listing.error.isEmpty())
        Q_EMIT statusMessage(tr("Could not read %1: %2").arg(m_root, listing.error));
    if (m_selected.isEmpty()) m_details->clear();
    const QSignalBlocker blocker(m_table);
    m_table->setSortingEnabled(false);
    m_table->setRowCount(0);
    for (const RunSummary& run : listing.runs) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const nlohmann::json& config = run.config;
        const bool lm = config.value("task", std::string()) == "lm";
        const int encoder = configInt(config, "model", "encoder_layers");
        const int decoder = configInt(config, "model", "decoder_layers");
        const RunStatus& status = run.status;
        const bool validated = status.best_valid_loss > 0;

        auto* name = textItem(toQString(run.name));
        name->setData(Qt::UserRole, canonicalPath(toQString(run.dir)));
        name->setToolTip(QDir::toNativeSeparators(toQString(run.dir)));
        m_table->setItem(row, Name, name);
        auto* state = textItem(runStateText(status.state));
        if (!status.message.empty()) state->setToolTip(phraseText(status.message));
        m_table->setItem(row, Status, state);
        m_table->setItem(row, Column::Task,
                         textItem(choiceText(config.value("task", std::string()))));
        m_table->setItem(row, DModel, numberItem(configInt(config, "model", "d_model"), true));
        m_table->setItem(row, Layers,
                         textItem(lm ? QString::number(decoder)
                                     : QStringLiteral("%1 + %2").arg(encoder).arg(decoder)));
        m_table->setItem(row, Heads, numberItem(configInt(config, "model", "heads"), true));
        m_table->setItem(row, Steps, numberItem(double(status.step), true));
        m_table->setItem(row, BestLoss, numberItem(status.best_valid_loss, validated, 3));
        m_table->setItem(row, BestPpl,
                         numberItem(run.best_valid_perplexity, run.best_valid_perplexity > 0, 2));
        m_table->setItem(row, Started, new TimeItem(status.started_at));
    }
    m_table->setSortingEnabled(true);
    if (!m_selected.isEmpty()) selectRowOf(m_selected);  // the selection survives a refresh
    updateButtons();
}

bool RunsPane::selectRowOf(const QString& dir) {
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, Name)->data(Qt::UserRole).toString() == dir) {
            m_table->selectRow(row);
            return true;
        }
    }
    return false;
}

void RunsPane::showRun(const QString& runDir) {
    const QString dir = canonicalPath(runDir);
    {
        const QSignalBlocker blocker(m_table);  // the run is loaded below, once
        if (!selectRowOf(dir)) m_table->clearSelection();
    }
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
    if (dir != m_selected) {
        m_selected = dir;
        m_details->setText(tr("Reading %1…").arg(QDir(dir).dirName().toHtmlEscaped()));
        m_charts->clear();
        m_timeline->setRun(dir);
    }
    readSelectedRun();
    updateButtons();
}

// A run picked (or refreshed) while one is being read is read next; the reading that was
// overtaken is not shown.
void RunsPane::readSelectedRun() {
    if (m_runReader.isRunning()) {
        m_runStale = true;
        return;
    }
    m_runStale = false;
    const std::string dir = m_selected.toStdString();
    m_runReader.start([this, dir](const std::atomic<bool>&) -> BackgroundThread::Done {
        auto details = std::make_shared<RunDetails>();
        details->dir = toQString(dir);
        try {
            details->exists = std::filesystem::is_directory(dir);
            details->status = read_run_status(dir);
            details->history = read_history(dir);
            details->lockHolder = toQString(run_locked_by(dir));
            details->hasLastCheckpoint = std::filesystem::exists(RunPaths(dir).last_checkpoint());
            details->periodicCheckpoints = periodic_checkpoints(dir).size();
            details->inferenceCheckpoint = toQString(preferred_checkpoint(dir));
        } catch (const std::exception& error) {
            details->status.message = verbatim(user_error_text(error));
        }
        return [this, details] { showRunDetails(*details); };
    });
}

void RunsPane::showRunDetails(const RunDetails& details) {
    if (m_runStale || details.dir != m_selected) {
        if (!m_selected.isEmpty()) readSelectedRun();
        return;
    }
    m_selectedDetails = details;
    const RunStatus& status = details.status;
    m_details->setText(
        tr("<b>%1</b> · %2 · step %L3%4")
            .arg(QDir(details.dir).dirName().toHtmlEscaped(), runStateText(status.state))
            .arg(status.step)
            .arg(status.message.empty()
                     ? QString()
                     : QStringLiteral(" · ") + phraseText(status.message).toHtmlEscaped()));
    m_charts->showHistory(details.history);
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
        m_selected =
            canonicalPath(toQString(rename_run(m_selected.toStdString(), name.toStdString())));
    } catch (const std::exception& e) {
        showProblem(this, tr("Rename run"), toQString(user_error_text(e)));
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
        showProblem(this, tr("Delete run"), toQString(user_error_text(e)));
    }
    m_selected.clear();
    m_charts->clear();
    m_timeline->setRun(QString());
    m_details->clear();
    refresh();
    Q_EMIT statusMessage(tr("Deleted %1").arg(name));
}

void RunsPane::updateButtons() {
    // With several rows selected only Compare applies: the others act on one run. Until the
    // selected run has been read, nothing that acts on it is offered.
    const RunDetails& details = m_selectedDetails;
    const bool selected = selectedRuns().size() <= 1 && !m_selected.isEmpty() &&
                          details.dir == m_selected && details.exists;
    const bool active = selected && m_selected == m_active;
    // Another process (a tfw on the command line, another window) may be training it.
    const QString holder = selected && !active ? details.lockHolder : QString();
    const bool busy = active || !holder.isEmpty();
    const bool resumable = selected && !busy && m_active.isEmpty() &&
                           details.status.state != "completed" && details.hasLastCheckpoint;
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
    m_exportScalars->setEnabled(!selectedRuns().isEmpty());
    const size_t periodic = selected ? details.periodicCheckpoints : 0;
    m_average->setEnabled(periodic >= 2);
    m_average->setToolTip(
        periodic >= 2 ? tr("Average the run's last periodic checkpoints and compare the result "
                           "with its best checkpoint")
                      : tr("Needs a run with two or more periodic checkpoints (written every "
                           "train.save_every steps)"));
    m_inference->setEnabled(selected && !details.inferenceCheckpoint.isEmpty());
    m_tokens->setEnabled(selected && !details.inferenceCheckpoint.isEmpty());
}

}  // namespace tfw
