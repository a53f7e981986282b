// SweepDefineView's widgets, one group per function; the constructor (sweep_define_view.cpp)
// puts them together.

#include "ui/sweep/sweep_define_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
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
#include <QVBoxLayout>

#include "core/sweep/sweep_presets.h"
#include "ui/common/string_conversion.h"

namespace tfw {

void SweepDefineView::setUpAxesTable() {
    m_axes->setObjectName(QStringLiteral("sweepAxes"));
    m_axes->setHorizontalHeaderLabels({tr("Field"), tr("Values")});
    // The keys sit in combo boxes, which ResizeToContents does not measure: wide enough for a
    // long key joined with another.
    m_axes->horizontalHeader()->setSectionResizeMode(KeyColumn, QHeaderView::Interactive);
    m_axes->setColumnWidth(
        KeyColumn, fontMetrics().horizontalAdvance(QStringLiteral("model.attention_dropout")) + 48);
    m_axes->horizontalHeader()->setSectionResizeMode(ValuesColumn, QHeaderView::Stretch);
    m_axes->verticalHeader()->hide();
    m_axes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_axes->setToolTip(
        tr("Values: a list \"1,2,4,8\" or a numeric range first:last:step such as "
           "\"0:0.3:0.1\" (both ends included)"));
    m_ablations->addItem(tr("Start from a built-in ablation…"));
    for (const std::string& name : sweep_preset_names()) {
        m_ablations->addItem(toQString(name), toQString(name));
        try {
            m_ablations->setItemData(m_ablations->count() - 1,
                                     toQString(load_sweep_preset(name).description),
                                     Qt::ToolTipRole);
        } catch (const std::exception&) {  // listed all the same; loading it says what is wrong
        }
    }
    connect(m_ablations, &QComboBox::activated, this, [this](int index) {
        if (index > 0) loadAblation(m_ablations->itemData(index).toString());
    });
}

QLayout* SweepDefineView::buildAxisButtons() {
    auto* add = new QPushButton(tr("Add field"), this);
    auto* remove = new QPushButton(tr("Remove field"), this);
    connect(add, &QPushButton::clicked, this, [this] { addAxis(QStringLiteral("model.heads")); });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_axes->currentRow() >= 0) removeAxis(m_axes->currentRow());
    });
    auto* axisButtons = new QHBoxLayout;
    axisButtons->addWidget(add);
    axisButtons->addWidget(remove);
    axisButtons->addStretch(1);
    return axisButtons;
}

QGroupBox* SweepDefineView::buildSettingsBox() {
    m_seeds->setToolTip(
        tr("Every variant trains once per seed: \"1,2,3\" or \"1:5\"; empty: the "
           "experiment's own train.seed"));
    m_design->addItem(tr("Grid: every combination"), int(SweepDesign::Grid));
    m_design->addItem(tr("One at a time against the baseline"), int(SweepDesign::OneAtATime));
    m_design->addItem(tr("Cumulative: each change on top of the ones before"),
                      int(SweepDesign::Cumulative));
    m_budgetKind->addItems({tr("steps"), tr("target tokens"), tr("minutes"), tr("none")});
    m_budgetKind->setToolTip(
        tr("What every run trains for, so that the variants compare fairly; "
           "none keeps each run's own limits"));
    m_budgetAmount->setRange(0, 1e12);
    m_budgetAmount->setDecimals(0);
    m_budgetAmount->setValue(600);
    m_jobs->setRange(1, 16);
    m_jobs->setToolTip(tr("Runs trained at the same time (they share the machine)"));
    m_evaluate->setChecked(true);
    auto* budget = new QHBoxLayout;
    budget->addWidget(m_budgetAmount, 1);
    budget->addWidget(m_budgetKind);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Sweep folder"),
                                                              QFileInfo(outputFolder()).path());
        if (!dir.isEmpty()) setOutputFolder(dir);
    });
    auto* folder = new QHBoxLayout;
    folder->addWidget(m_folder, 1);
    folder->addWidget(browse);

    auto* settingsBox = new QGroupBox(tr("Every run"), this);
    auto* settings = new QFormLayout(settingsBox);
    settings->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    settings->addRow(tr("Seeds"), m_seeds);
    settings->addRow(tr("Design"), m_design);
    settings->addRow(tr("Budget"), budget);
    settings->addRow(tr("At once"), m_jobs);
    settings->addRow(QString(), m_evaluate);
    settings->addRow(tr("Folder"), folder);
    return settingsBox;
}

QGroupBox* SweepDefineView::buildSummaryBox() {
    QFont emphasis = m_count->font();
    emphasis.setBold(true);
    emphasis.setPointSizeF(emphasis.pointSizeF() * 1.15);
    m_count->setFont(emphasis);
    m_count->setObjectName(QStringLiteral("sweepRunCount"));
    m_estimate->setObjectName(QStringLiteral("sweepEstimate"));
    m_estimate->setWordWrap(true);
    m_problemList->setObjectName(QStringLiteral("sweepProblems"));
    m_problemList->setTextFormat(Qt::RichText);
    m_problemList->setWordWrap(true);
    m_problemList->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_start->setObjectName(QStringLiteral("sweepStart"));
    connect(m_start, &QPushButton::clicked, this, &SweepDefineView::startRequested);
    auto* summaryBox = new QGroupBox(tr("Before you start"), this);
    auto* summary = new QVBoxLayout(summaryBox);
    summary->addWidget(m_count);
    summary->addWidget(m_estimate);
    summary->addWidget(m_problemList);
    summary->addStretch(1);
    auto* start = new QHBoxLayout;
    start->addStretch(1);
    start->addWidget(m_start);
    summary->addLayout(start);
    return summaryBox;
}

QGroupBox* SweepDefineView::buildAxesBox(QLayout* axisButtons) {
    auto* intro = new QLabel(tr("The base experiment is the one in the Experiment tab. Each row "
                                "varies one of its fields (or right-click a field there: Vary in "
                                "a sweep…); every variant trains once per seed with the same "
                                "budget."),
                             this);
    intro->setWordWrap(true);
    auto* axesBox = new QGroupBox(tr("Fields that vary"), this);
    auto* axes = new QVBoxLayout(axesBox);
    axes->addWidget(intro);
    axes->addWidget(m_ablations);
    axes->addWidget(m_axes, 2);
    axes->addLayout(axisButtons);
    axes->addWidget(new QLabel(tr("Variants:"), this));
    axes->addWidget(m_variants, 3);
    return axesBox;
}

}  // namespace tfw
