#include "ui/sweep/sweep_define_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <set>

#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "core/config/config_schema.h"
#include "core/sweep/sweep_estimate.h"
#include "core/sweep/sweep_presets.h"
#include "core/util/error_text.h"
#include "ui/common/phrase_text.h"
#include "ui/common/problem_message.h"
#include "ui/common/string_conversion.h"

namespace tfw {
namespace {

// The budget kinds in the order of the combo box.
const BudgetKind kBudgetKinds[] = {BudgetKind::Steps, BudgetKind::Tokens, BudgetKind::Minutes,
                                   BudgetKind::Unlimited};

// "1 run", "8 runs".
QString counted(size_t count, const QString& one, const QString& many) {
    return QStringLiteral("%L1 %2").arg(count).arg(count == 1 ? one : many);
}

// Ready for more values: the cursor after the last one. Later, so that it works when the tab
// is being switched to.
void focusValues(QLineEdit* edit) {
    QTimer::singleShot(0, edit, [edit] {
        edit->setFocus();
        edit->end(false);
    });
}

}  // namespace

SweepDefineView::SweepDefineView(QWidget* parent)
    : QWidget(parent),
      m_ablations(new QComboBox(this)),
      m_axes(new QTableWidget(0, 2, this)),
      m_variants(new QListWidget(this)),
      m_seeds(new QLineEdit(QStringLiteral("1,2,3"), this)),
      m_design(new QComboBox(this)),
      m_budgetKind(new QComboBox(this)),
      m_budgetAmount(new QDoubleSpinBox(this)),
      m_jobs(new QSpinBox(this)),
      m_evaluate(
          new QCheckBox(tr("Score the validation set with each run's best checkpoint"), this)),
      m_folder(new QLineEdit(this)),
      m_count(new QLabel(this)),
      m_estimate(new QLabel(this)),
      m_problemList(new QLabel(this)),
      m_start(new QPushButton(tr("Start sweep"), this)),
      m_refresh(new QTimer(this)),
      m_estimateTimer(new QTimer(this)) {
    setUpAxesTable();
    QLayout* axisButtons = buildAxisButtons();
    QGroupBox* settingsBox = buildSettingsBox();
    QGroupBox* summaryBox = buildSummaryBox();
    QGroupBox* axesBox = buildAxesBox(axisButtons);
    auto* right = new QVBoxLayout;
    right->addWidget(settingsBox);
    right->addWidget(summaryBox, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(axesBox, 3);
    layout->addLayout(right, 2);
    connectFields();
    refresh();
}

void SweepDefineView::connectFields() {
    m_refresh->setSingleShot(true);
    m_refresh->setInterval(120);
    connect(m_refresh, &QTimer::timeout, this, &SweepDefineView::refresh);
    m_estimateTimer->setSingleShot(true);
    m_estimateTimer->setInterval(800);
    connect(m_estimateTimer, &QTimer::timeout, this, &SweepDefineView::estimate);
    connect(m_seeds, &QLineEdit::textChanged, this, &SweepDefineView::scheduleRefresh);
    connect(m_design, &QComboBox::currentIndexChanged, this, &SweepDefineView::scheduleRefresh);
    connect(m_budgetKind, &QComboBox::currentIndexChanged, this, [this] {
        const BudgetKind kind = kBudgetKinds[m_budgetKind->currentIndex()];
        m_budgetAmount->setEnabled(kind != BudgetKind::Unlimited);
        m_budgetAmount->setDecimals(kind == BudgetKind::Minutes ? 1 : 0);
        scheduleRefresh();
    });
    connect(m_budgetAmount, &QDoubleSpinBox::valueChanged, this, &SweepDefineView::scheduleRefresh);
    connect(m_jobs, &QSpinBox::valueChanged, this, &SweepDefineView::scheduleRefresh);
    connect(m_evaluate, &QCheckBox::toggled, this, &SweepDefineView::scheduleRefresh);
    connect(m_folder, &QLineEdit::textEdited, this, [this] {
        m_folderEdited = !m_folder->text().isEmpty();
        scheduleRefresh();
    });
}

void SweepDefineView::setBaseConfig(const ExperimentConfig& config) {
    m_base = config;
    if (!m_folderEdited) m_folder->setText(defaultFolder());
    scheduleRefresh();
}

void SweepDefineView::setRunsRoot(const QString& root) {
    m_runsRoot = root;
    if (!m_folderEdited) m_folder->setText(defaultFolder());
    scheduleRefresh();
}

QString SweepDefineView::defaultFolder() {
    if (m_runsRoot.isEmpty()) return QString();
    // The time the sweep began to be defined; setOutputFolder({}) takes a new one.
    if (m_folderStamp.isEmpty())
        m_folderStamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    return QDir(m_runsRoot)
        .filePath(QStringLiteral("sweeps/%1-%2").arg(toQString(m_base.name), m_folderStamp));
}

void SweepDefineView::addAxis(const QString& key, const QString& values) {
    for (int row = 0; row < m_axes->rowCount(); ++row) {
        auto* combo = qobject_cast<QComboBox*>(m_axes->cellWidget(row, KeyColumn));
        if (combo->currentText() != key) continue;
        auto* edit = qobject_cast<QLineEdit*>(m_axes->cellWidget(row, ValuesColumn));
        const QStringList known = edit->text().split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (!values.isEmpty() && !known.contains(values))
            edit->setText(known.isEmpty() ? values : edit->text() + QLatin1Char(',') + values);
        focusValues(edit);
        scheduleRefresh();
        return;
    }
    const int row = m_axes->rowCount();
    m_axes->insertRow(row);
    auto* combo = new QComboBox(m_axes);
    // Editable: keys joined by '+' vary together ("model.encoder_layers+model.decoder_layers").
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->setMinimumContentsLength(28);
    for (const ConfigField& field : config_fields()) combo->addItem(toQString(field.key));
    combo->setCurrentText(key);
    auto* edit = new QLineEdit(values, m_axes);
    edit->setPlaceholderText(tr("1,2,4,8 or first:last:step"));
    m_axes->setCellWidget(row, KeyColumn, combo);
    m_axes->setCellWidget(row, ValuesColumn, edit);
    connect(combo, &QComboBox::currentTextChanged, this, &SweepDefineView::scheduleRefresh);
    connect(edit, &QLineEdit::textChanged, this, &SweepDefineView::scheduleRefresh);
    m_axes->setCurrentCell(row, ValuesColumn);
    focusValues(edit);
    scheduleRefresh();
}

void SweepDefineView::removeAxis(int row) {
    m_axes->removeRow(row);
    scheduleRefresh();
}

int SweepDefineView::axisCount() const {
    return m_axes->rowCount();
}

void SweepDefineView::setAxis(int row, const QString& key, const QString& values) {
    qobject_cast<QComboBox*>(m_axes->cellWidget(row, KeyColumn))->setCurrentText(key);
    qobject_cast<QLineEdit*>(m_axes->cellWidget(row, ValuesColumn))->setText(values);
}

void SweepDefineView::setSeeds(const QString& seeds) {
    m_seeds->setText(seeds);
}

void SweepDefineView::setDesign(SweepDesign design) {
    m_design->setCurrentIndex(m_design->findData(int(design)));
}

void SweepDefineView::setBudget(const SweepBudget& budget) {
    for (int i = 0; i < m_budgetKind->count(); ++i)
        if (kBudgetKinds[i] == budget.kind) m_budgetKind->setCurrentIndex(i);
    if (budget.kind != BudgetKind::Unlimited) m_budgetAmount->setValue(budget.amount);
}

void SweepDefineView::setJobs(int jobs) {
    m_jobs->setValue(jobs);
}

void SweepDefineView::setEvaluate(bool evaluate) {
    m_evaluate->setChecked(evaluate);
}

void SweepDefineView::setOutputFolder(const QString& dir) {
    m_folderEdited = !dir.isEmpty();
    if (dir.isEmpty()) m_folderStamp.clear();
    m_folder->setText(dir.isEmpty() ? defaultFolder() : dir);
    scheduleRefresh();
}

bool SweepDefineView::loadAblation(const QString& name) {
    SweepPreset preset;
    try {
        preset = load_sweep_preset(name.toStdString());
        Q_EMIT experimentRequested(config_from_json(preset.spec.base));
    } catch (const std::exception& e) {
        showProblem(this, tr("Built-in ablation"), toQString(user_error_text(e)));
        return false;
    }
    const SweepSpec& spec = preset.spec;
    m_axes->setRowCount(0);
    for (const SweepAxis& axis : spec.axes) {
        // Back to the text parse_sweep_axis reads: pairs (train.betas) are separated by ';'.
        const ConfigField* field = find_config_field(axis.key);
        const QLatin1Char separator(field && field->kind == FieldKind::DoublePair ? ';' : ',');
        QStringList values;
        for (const std::string& value : axis.values) values << toQString(value);
        addAxis(toQString(axis.key), values.join(separator));
    }
    QStringList seeds;
    for (const int seed : spec.seeds) seeds << QString::number(seed);
    setSeeds(seeds.join(QLatin1Char(',')));
    setDesign(spec.design);
    setBudget(spec.budget);
    setJobs(spec.jobs);
    setEvaluate(spec.evaluate);
    if (!m_folderEdited) {
        m_folderStamp.clear();
        m_folder->setText(defaultFolder());
    }
    refreshNow();
    return true;
}

std::optional<SweepSpec> SweepDefineView::spec() const {
    return m_spec;
}

QString SweepDefineView::outputFolder() const {
    return m_folder->text().trimmed();
}

QString SweepDefineView::runCountText() const {
    return m_count->text();
}

QString SweepDefineView::estimateText() const {
    return m_estimate->text();
}

void SweepDefineView::setBusy(bool busy) {
    m_busy = busy;
    m_start->setText(busy ? tr("A sweep is running") : tr("Start sweep"));
    refreshNow();
}

void SweepDefineView::refreshNow() {
    m_refresh->stop();
    refresh();
}

void SweepDefineView::scheduleRefresh() {
    m_refresh->start();
}

void SweepDefineView::refresh() {
    QStringList problems;
    SweepSpec spec;
    spec.base = to_json(m_base);
    for (int row = 0; row < m_axes->rowCount(); ++row) {
        const QString key =
            qobject_cast<QComboBox*>(m_axes->cellWidget(row, KeyColumn))->currentText();
        const QString values =
            qobject_cast<QLineEdit*>(m_axes->cellWidget(row, ValuesColumn))->text().trimmed();
        if (values.isEmpty()) {
            problems << tr("%1: give its values").arg(key);
            continue;
        }
        try {
            spec.axes.push_back(parse_sweep_axis((key + QLatin1Char('=') + values).toStdString()));
        } catch (const ConfigError& e) {
            problems << toQString(e.what());
        }
    }
    try {
        const QString seeds = m_seeds->text().trimmed();
        if (!seeds.isEmpty()) spec.seeds = parse_seed_list(seeds.toStdString());
    } catch (const ConfigError& e) {
        problems << toQString(e.what());
    }
    spec.design = SweepDesign(m_design->currentData().toInt());
    spec.budget.kind = kBudgetKinds[m_budgetKind->currentIndex()];
    if (spec.budget.kind != BudgetKind::Unlimited) spec.budget.amount = m_budgetAmount->value();
    spec.jobs = m_jobs->value();
    spec.evaluate = m_evaluate->isChecked();

    m_count->clear();
    m_variants->clear();
    if (problems.isEmpty()) {
        std::set<std::string> rejected;  // variants the config refuses, shown in red
        for (const SweepProblem& problem : sweep_problems(spec)) {
            problems << phraseText(problem.message);
            rejected.insert(problem.variant);
        }
        try {
            const std::vector<SweepVariant> expanded = expand_variants(spec);
            for (const SweepVariant& variant : expanded) {
                auto* item =
                    new QListWidgetItem(variant.baseline && variant.label != "baseline"
                                            ? tr("%1 (baseline)").arg(toQString(variant.label))
                                            : toQString(variant.label),
                                        m_variants);
                if (rejected.count(variant.label)) item->setForeground(QColor(0xC6, 0x28, 0x28));
            }
            const size_t variants = expanded.size();
            const size_t seeds = sweep_seeds(spec).size();
            m_count->setText(tr("%1 × %2 = %3")
                                 .arg(counted(variants, tr("variant"), tr("variants")),
                                      counted(seeds, tr("seed"), tr("seeds")),
                                      counted(variants * seeds, tr("run"), tr("runs"))));
        } catch (const ConfigError& e) {
            problems << tr("the base experiment: %1").arg(toQString(e.what()));
        }
    }
    const QString folder = outputFolder();
    if (folder.isEmpty())
        problems << tr("choose a folder for the sweep");
    else if (QDir(folder).exists() && !QDir(folder).isEmpty())
        problems
            << tr("%1 is not empty: choose a new folder").arg(QDir::toNativeSeparators(folder));
    m_spec.reset();
    if (problems.isEmpty()) m_spec = spec;
    m_problems = problems;
    QString list;
    for (const QString& problem : problems)
        list += QStringLiteral("<li>%1</li>").arg(problem.toHtmlEscaped());
    m_problemList->setText(list.isEmpty() ? QString()
                                          : QStringLiteral("<ul style='color:#c62828; margin:0'>%1"
                                                           "</ul>")
                                                .arg(list));
    m_problemList->setVisible(!problems.isEmpty());
    m_start->setEnabled(problems.isEmpty() && !m_busy);
    m_start->setToolTip(
        problems.isEmpty()
            ? tr("Create %1 and train its runs").arg(QDir::toNativeSeparators(folder))
            : tr("Cannot start: %1").arg(problems.first()));

    // The estimate trains a few steps: only for a sweep that can start, once typing stops,
    // and not while a sweep trains (it would slow it down and time the steps wrong).
    if (!problems.isEmpty() || m_busy) {
        m_estimateTimer->stop();
        m_estimator.cancel();
        m_estimated = nullptr;
        m_estimate->setText(m_busy && problems.isEmpty()
                                ? tr("Estimated time: once the running sweep has ended")
                                : tr("Estimated time: —"));
    } else if (to_json(spec) != m_estimated) {
        m_estimate->setText(tr("Estimated time: timing a few steps…"));
        m_estimateTimer->start();
    }
}

void SweepDefineView::estimate() {
    if (!m_spec || !m_problems.isEmpty() || m_busy) return;
    if (m_estimator.isRunning()) {
        // The stale estimate ends at its next timing; its result starts this one again.
        m_estimator.cancel();
        return;
    }
    const SweepSpec spec = *m_spec;
    const nlohmann::json wanted = to_json(spec);
    m_estimator.start([this, spec, wanted](const std::atomic<bool>& cancelled) {
        SweepEstimate result;
        QString error;
        try {
            result = estimate_sweep_time(spec, [&cancelled] { return cancelled.load(); });
        } catch (const std::exception& e) {
            error = toQString(e.what());
        }
        return [this, result, error, wanted] {
            const bool current = m_spec && m_problems.isEmpty() && to_json(*m_spec) == wanted;
            if (!current || m_busy) {
                if (!m_busy && m_spec && m_problems.isEmpty()) estimate();
                return;
            }
            m_estimated = wanted;
            if (!error.isEmpty())
                m_estimate->setText(tr("Estimated time: unknown (%1)").arg(error));
            else if (!result.known)
                m_estimate->setText(tr("Estimated time: unknown (%1)").arg(toQString(result.note)));
            else
                m_estimate->setText(tr("Estimated time: %1 (training only; data preparation and "
                                       "validation come on top)")
                                        .arg(toQString(format_duration(result.seconds))));
            m_estimate->setToolTip(toQString(result.note));
        };
    });
}

}  // namespace tfw
