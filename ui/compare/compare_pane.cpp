#include "ui/compare/compare_pane.h"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

#include "core/compare/compare_item.h"
#include "core/compare/config_diff.h"
#include "core/compare/metrics_table.h"
#include "core/config/config_io.h"
#include "core/io/run_directory.h"
#include "core/io/run_management.h"
#include "core/sweep/sweep_state.h"
#include "core/util/error_text.h"
#include "ui/common/canonical_path.h"
#include "ui/common/file_stamp.h"
#include "ui/common/scalar_export_dialog.h"
#include "ui/common/string_conversion.h"
#include "ui/compare/compare_curves.h"
#include "ui/compare/comparison_table_view.h"
#include "ui/compare/side_by_side_view.h"
#include "widgets/chart_style.h"
#include "widgets/color_swatch.h"

namespace tfw {

struct ComparePane::Entry {
    QString path;
    int colorSlot = 0;
    bool loaded = false;   // item holds what was read
    bool reading = false;  // waiting for the reader or being read (again)
    CompareItem item;
    QString checkpoint;  // what "Side by side" decodes; empty when there is none
    FileStamp stamp;     // of the file that changes with the item, when it was read
};

namespace {

// A checkpoint changes as a file; a run with its status.json (every validation, every end).
FileStamp itemStamp(const QString& path) {
    const QFileInfo info(path);
    return FileStamp::of(
        info.isDir() ? QString::fromStdString(RunPaths(path.toStdString()).status()) : path);
}

}  // namespace

// What the reader hands back for one path.
struct ComparePane::ReadItem {
    QString path;
    CompareItem item;
    QString checkpoint;
    QString error;  // empty when the item was read
};

namespace {

QTableWidget* makeTable(QWidget* parent) {
    auto* table = new QTableWidget(parent);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(false);
    table->setWordWrap(false);
    table->setAlternatingRowColors(true);
    table->horizontalHeader()->setMinimumSectionSize(120);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return table;
}

// What "Side by side" decodes for an item: the checkpoint itself, or a run's best (else last).
QString decodableCheckpoint(const QString& path, bool isRun) {
    return isRun ? toQString(preferred_checkpoint(path.toStdString())) : path;
}

// The decoding options of an item's experiment (the defaults where its config is unreadable).
DecodeOptions decodeDefaults(const nlohmann::json& config) {
    try {
        return decode_options_from(config_from_json(config).decode);
    } catch (const std::exception&) {
        return {};
    }
}

}  // namespace

ComparePane::ComparePane(QWidget* parent)
    : QWidget(parent),
      m_list(new QListWidget(this)),
      m_add(new QPushButton(tr("Add run or checkpoint…"), this)),
      m_remove(new QPushButton(tr("Remove"), this)),
      m_notes(new QLabel(this)),
      m_sections(new QTabWidget(this)),
      m_showAll(new QCheckBox(tr("Show all fields"), this)),
      m_configNote(new QLabel(this)),
      m_config(makeTable(this)),
      m_metrics(makeTable(this)),
      m_curves(new CompareCurves(this)),
      m_sideBySide(new SideBySideView(this)),
      m_follow(new QTimer(this)) {
    m_follow->setInterval(20000);
    connect(m_follow, &QTimer::timeout, this, [this] {
        for (const auto& entry : m_entries)
            if (entry->loaded && !entry->reading && entry->item.state == "running") read(*entry);
    });
    m_list->setFlow(QListView::LeftToRight);
    m_list->setWrapping(true);
    m_list->setSpacing(4);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setMaximumHeight(2 * fontMetrics().height() + 24);
    m_list->setToolTip(
        tr("Compared runs and checkpoints; each keeps its colour in every "
           "table and chart"));
    connect(m_list, &QListWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_list->selectedItems().isEmpty()); });
    m_remove->setEnabled(false);
    connect(m_add, &QPushButton::clicked, this, &ComparePane::addWithDialog);
    connect(m_remove, &QPushButton::clicked, this, &ComparePane::removeSelected);
    auto* clear = new QPushButton(tr("Clear"), this);
    connect(clear, &QPushButton::clicked, this, &ComparePane::clearItems);
    auto* reload = new QPushButton(tr("Reload"), this);
    reload->setToolTip(
        tr("Read every item again now (runs still training are re-read every 20 s)"));
    connect(reload, &QPushButton::clicked, this, &ComparePane::reload);
    auto* exportScalars = new QPushButton(tr("Export scalars…"), this);
    exportScalars->setToolTip(
        tr("Write the compared runs' curves and scores as CSV or JSON, as TensorBoard does"));
    connect(exportScalars, &QPushButton::clicked, this, [this] {
        auto* dialog = new ScalarExportDialog(items(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::RichText);  // its notes are escaped HTML, with a link at times
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    connect(m_notes, &QLabel::linkActivated, this, &ComparePane::stopReading);

    auto* itemRow = new QHBoxLayout;
    itemRow->addWidget(m_list, 1);
    auto* itemButtons = new QVBoxLayout;
    itemButtons->addWidget(m_add);
    auto* removeRow = new QHBoxLayout;
    removeRow->addWidget(m_remove);
    removeRow->addWidget(clear);
    removeRow->addWidget(reload);
    itemButtons->addLayout(removeRow);
    itemButtons->addWidget(exportScalars);
    itemButtons->addStretch(1);
    itemRow->addLayout(itemButtons);

    auto* configPage = new QWidget(this);
    auto* configLayout = new QVBoxLayout(configPage);
    auto* configTop = new QHBoxLayout;
    configTop->addWidget(m_configNote, 1);
    configTop->addWidget(m_showAll);
    configLayout->addLayout(configTop);
    configLayout->addWidget(m_config, 1);
    m_showAll->setToolTip(tr("List every configuration key; the differing ones stay highlighted"));
    connect(m_showAll, &QCheckBox::toggled, this, &ComparePane::refreshViews);

    m_sections->addTab(configPage, tr("Configuration"));
    m_sections->addTab(m_metrics, tr("Metrics"));
    m_sections->addTab(m_curves, tr("Curves"));
    m_sections->addTab(m_sideBySide, tr("Side by side"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(itemRow);
    layout->addWidget(m_notes);
    layout->addWidget(m_sections, 1);
    refreshViews();
}

ComparePane::~ComparePane() = default;

// The entry is reserved at once, so items keep the order (and colour) in which they were
// added, whichever worker finishes first.
void ComparePane::addItem(const QString& runDirOrCheckpoint) {
    const QString path = canonicalPath(runDirOrCheckpoint);
    for (const auto& entry : m_entries)
        if (entry->path == path) return;
    auto entry = std::make_unique<Entry>();
    entry->path = path;
    entry->colorSlot = freeColorSlot();
    m_entries.push_back(std::move(entry));
    read(*m_entries.back());
}

void ComparePane::addSweep(const QString& sweepDir) {
    try {
        for (const std::string& run : finished_run_dirs(sweepDir.toStdString()))
            addItem(QString::fromStdString(run));
    } catch (const std::exception& e) {
        Q_EMIT statusMessage(tr("Cannot read the sweep: %1").arg(QString::fromStdString(e.what())));
    }
}

void ComparePane::setFollowInterval(int ms) {
    m_follow->setInterval(ms);
}

bool ComparePane::isFollowingRunningItems() const {
    return m_follow->isActive();
}

void ComparePane::reload() {
    for (const auto& entry : m_entries)
        if (!entry->reading) read(*entry);
}

void ComparePane::showEvent(QShowEvent* event) {
    // A run resumed or a checkpoint written anew since it was read is read again.
    // One that is gone keeps what was read.
    for (const auto& entry : m_entries) {
        if (!entry->loaded || entry->reading) continue;
        const FileStamp now = itemStamp(entry->path);
        if (now.modified.isValid() && now != entry->stamp) read(*entry);
    }
    QWidget::showEvent(event);
}

void ComparePane::read(Entry& entry) {
    entry.reading = true;
    entry.stamp = itemStamp(entry.path);
    if (!m_toRead.contains(entry.path)) m_toRead.append(entry.path);
    readNext();
    refreshViews();
}

void ComparePane::readNext() {
    if (m_reader.isRunning() || m_toRead.isEmpty()) return;
    const QString path = m_toRead.takeFirst();
    m_reader.start([this, path](const std::atomic<bool>&) -> BackgroundThread::Done {
        auto read = std::make_shared<ReadItem>();
        read->path = path;
        try {
            read->item = load_compare_item(path.toStdString());
            read->checkpoint = decodableCheckpoint(path, read->item.is_run);
        } catch (const std::exception& e) {
            read->error = toQString(user_error_text(e));
        }
        return [this, read] {
            onRead(*read);
            readNext();
        };
    });
}

int ComparePane::pendingItems() const {
    return int(std::count_if(m_entries.begin(), m_entries.end(),
                             [](const auto& entry) { return entry->reading; }));
}

void ComparePane::onRead(const ReadItem& read) {
    const auto it = std::find_if(m_entries.begin(), m_entries.end(),
                                 [&](const auto& entry) { return entry->path == read.path; });
    if (it == m_entries.end() || !(*it)->reading) return;  // removed while it was read
    Entry& entry = **it;
    entry.reading = false;
    if (!read.error.isEmpty()) {
        if (!entry.loaded) m_entries.erase(it);  // a reload keeps what was read before
        refreshViews();
        Q_EMIT statusMessage(
            tr("Cannot compare %1: %2").arg(QDir::toNativeSeparators(read.path), read.error));
        return;
    }
    entry.item = read.item;
    entry.checkpoint = read.checkpoint;
    entry.loaded = true;
    refreshViews();
}

void ComparePane::stopReading() {
    // What was never read goes; what was read before keeps that reading. The item being read
    // now finishes in the background and is dropped (onRead ignores items not waiting).
    m_toRead.clear();
    m_entries.erase(
        std::remove_if(m_entries.begin(), m_entries.end(),
                       [](const auto& entry) { return entry->reading && !entry->loaded; }),
        m_entries.end());
    for (const auto& entry : m_entries) entry->reading = false;
    refreshViews();
}

void ComparePane::removeItem(const QString& runDirOrCheckpoint) {
    const QString path = canonicalPath(runDirOrCheckpoint);
    const auto it = std::find_if(m_entries.begin(), m_entries.end(),
                                 [&](const auto& entry) { return entry->path == path; });
    if (it == m_entries.end()) return;
    m_entries.erase(it);
    m_toRead.removeAll(path);
    refreshViews();
}

void ComparePane::clearItems() {
    if (m_entries.empty()) return;
    m_entries.clear();
    m_toRead.clear();
    refreshViews();
}

QStringList ComparePane::items() const {
    QStringList paths;
    for (const auto& entry : m_entries)
        if (entry->loaded) paths << entry->path;
    return paths;
}

QColor ComparePane::itemColor(const QString& runDirOrCheckpoint) const {
    const QString path = canonicalPath(runDirOrCheckpoint);
    for (const auto& entry : m_entries)
        if (entry->path == path && entry->loaded) return seriesColor(entry->colorSlot);
    return {};
}

void ComparePane::setShowAllFields(bool all) {
    m_showAll->setChecked(all);
}

int ComparePane::freeColorSlot() const {
    for (int slot = 0;; ++slot) {
        const bool used =
            std::any_of(m_entries.begin(), m_entries.end(),
                        [slot](const auto& entry) { return entry->colorSlot == slot; });
        if (!used) return slot;
    }
}

void ComparePane::setRunsRoot(const QString& root) {
    m_runsRoot = root;
}

void ComparePane::addWithDialog() {
    QFileDialog dialog(this, tr("Add a run folder or checkpoint to compare"), m_runsRoot);
    dialog.setFileMode(QFileDialog::ExistingFiles);
    dialog.setNameFilter(
        tr("Checkpoints (*.tfw);;Run configuration (config.json);;Sweep (sweep.json)"));
    dialog.setToolTip(
        tr("Pick .tfw checkpoints, a run's config.json to add the whole run, or a "
           "sweep's sweep.json to add its finished runs"));
    if (dialog.exec() != QDialog::Accepted) return;
    for (const QString& file : dialog.selectedFiles()) {
        const QString name = QFileInfo(file).fileName();
        if (name == QLatin1String("sweep.json")) {
            addSweep(QFileInfo(file).absolutePath());
        } else {
            addItem(name == QLatin1String("config.json") ? QFileInfo(file).absolutePath() : file);
        }
    }
}

void ComparePane::removeSelected() {
    QStringList paths;
    for (QListWidgetItem* selected : m_list->selectedItems())
        paths << selected->data(Qt::UserRole).toString();
    for (const QString& path : paths) removeItem(path);
}

void ComparePane::refreshViews() {
    std::vector<CompareItem> items;
    std::vector<nlohmann::json> configs;
    std::vector<std::string> names;
    QList<QColor> colors;
    QList<CurveItem> curves;
    QVector<CompareEntry> decodable;
    m_list->clear();
    QHash<QString, int> seen;  // two files may share a name: keep series names unique
    for (const auto& entry : m_entries) {
        if (!entry->loaded) continue;
        QString name = toQString(entry->item.label);
        if (const int n = ++seen[name]; n > 1) name += QStringLiteral(" (%1)").arg(n);
        items.push_back(entry->item);
        items.back().label = name.toStdString();
        configs.push_back(entry->item.config);
        names.push_back(items.back().label);
        colors << seriesColor(entry->colorSlot);
        curves << CurveItem{name, entry->colorSlot, entry->item.history};
        if (!entry->checkpoint.isEmpty())
            decodable.append(
                {name, entry->checkpoint, colors.back(), decodeDefaults(entry->item.config)});
        auto* row = new QListWidgetItem(colorSwatch(colors.back()), name, m_list);
        row->setData(Qt::UserRole, entry->path);
        row->setToolTip(QDir::toNativeSeparators(entry->path));
    }

    QStringList notes;
    if (pendingItems() > 0)
        notes << tr("Reading %1… <a href='#stop'>Stop</a>")
                     .arg(pendingItems() == 1 ? tr("one item")
                                              : tr("%1 items").arg(pendingItems()));
    if (items.size() < 2)
        notes << tr("Add two or more runs or checkpoints: select runs in the Runs tab and press "
                    "Compare, or use \"Add run or checkpoint…\".")
                     .toHtmlEscaped();
    for (const std::string& note : comparison_notes(items))
        notes << toQString(note).toHtmlEscaped();
    m_notes->setText(notes.join(QLatin1Char(' ')));
    m_notes->setVisible(!notes.isEmpty());

    const ComparisonTable diff = config_diff(configs, names, m_showAll->isChecked());
    int differing = 0;
    for (const auto& row : diff.rows) differing += row.differs ? 1 : 0;
    m_configNote->setText(
        items.size() < 2         ? QString()
        : differing == 0         ? tr("The configurations are identical.")
        : m_showAll->isChecked() ? tr("All %1 keys; the %2 that differ are highlighted.")
                                       .arg(diff.rows.size())
                                       .arg(differing)
        : differing == 1
            ? tr("1 key differs; tick \"Show all fields\" for the rest.")
            : tr("%1 keys differ; tick \"Show all fields\" for the rest.").arg(differing));
    showComparisonTable(m_config, diff, colors);
    showComparisonTable(m_metrics, metrics_table(items), colors);
    m_curves->setItems(curves);
    m_sideBySide->setEntries(decodable);
    const bool running = std::any_of(m_entries.begin(), m_entries.end(), [](const auto& entry) {
        return entry->loaded && entry->item.state == "running";
    });
    if (running && !m_follow->isActive()) m_follow->start();
    if (!running) m_follow->stop();
}

}  // namespace tfw
