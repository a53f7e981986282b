// EvaluationPane's widgets, one group per function; the constructor (evaluation_pane.cpp) puts
// them together.

#include "ui/evaluation/evaluation_pane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/common/decode_options_form.h"
#include "ui/evaluation/evaluation_job.h"

namespace tfw {

void EvaluationPane::setUpInputChoice() {
    m_checkpoint->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_checkpoint->setMinimumContentsLength(40);
    m_checkpoint->setToolTip(
        tr("The checkpoint to evaluate: any checkpoint of a run under the "
           "runs folder, or a file (Browse…)."));
    m_split->addItem(tr("Test set of the experiment"), QStringLiteral("test"));
    m_split->addItem(tr("Validation set of the experiment"), QStringLiteral("valid"));
    m_split->addItem(tr("Other files…"), QStringLiteral("custom"));
    m_split->setToolTip(
        tr("The experiment's own test or validation files (as named in its "
           "data section), or any other pair of aligned files."));
}

void EvaluationPane::buildCustomFiles() {
    m_srcFile->setPlaceholderText(tr("inputs, one per line (language model: the text)"));
    m_refFile->setPlaceholderText(tr("references, line i pairs with input line i"));
    auto* srcBrowse = new QPushButton(tr("Browse…"), m_customFiles);
    auto* refBrowse = new QPushButton(tr("Browse…"), m_customFiles);
    auto* files = new QFormLayout(m_customFiles);
    files->setContentsMargins(0, 0, 0, 0);
    auto* srcRow = new QHBoxLayout;
    srcRow->addWidget(m_srcFile);
    srcRow->addWidget(srcBrowse);
    auto* refRow = new QHBoxLayout;
    refRow->addWidget(m_refFile);
    refRow->addWidget(refBrowse);
    files->addRow(tr("Inputs:"), srcRow);
    files->addRow(tr("References:"), refRow);
    m_customFiles->setVisible(false);
    connect(srcBrowse, &QPushButton::clicked, this,
            [this] { browseFile(m_srcFile, tr("Inputs")); });
    connect(refBrowse, &QPushButton::clicked, this,
            [this] { browseFile(m_refFile, tr("References")); });
}

void EvaluationPane::setUpResultDisplay() {
    m_evaluate->setObjectName(QStringLiteral("evaluate"));
    m_extrapolate->setObjectName(QStringLiteral("extrapolate"));
    m_extrapolate->setToolTip(
        tr("Language models: perplexity on this text in windows longer than the model trained "
           "on, plotted for one checkpoint after another."));
    m_saved->setObjectName(QStringLiteral("savedResults"));
    m_cancel->setEnabled(false);
    m_progress->setVisible(false);
    m_progress->setTextVisible(true);
    m_saved->setToolTip(tr("Results kept in the run folder (evals/); pick one to show it again."));
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);
    m_summary->setText(tr("<i>Pick a checkpoint and a test set, then Evaluate.</i>"));
}

void EvaluationPane::setUpSentenceTable() {
    m_table->setHorizontalHeaderLabels(
        {tr("Line"), tr("Score"), tr("Source"), tr("Output"), tr("Reference")});
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);
    m_table->setColumnWidth(Line, 60);
    m_table->setColumnWidth(Score, 120);
    m_table->setColumnWidth(Source, 380);
    m_table->setColumnWidth(Output, 380);
    m_table->setToolTip(
        tr("Double-click a sentence to open it in the Inference area, with its "
           "attention."));
}

QGroupBox* EvaluationPane::buildDecodingBox() {
    m_ownDecoding->setChecked(true);
    m_ownDecoding->setToolTip(
        tr("Use the decode section of the experiment the checkpoint was "
           "trained with; untick to choose the options here."));
    m_form->setEnabled(false);
    auto* decoding = new QGroupBox(tr("Decoding"), this);
    auto* decodingLayout = new QVBoxLayout(decoding);
    decodingLayout->addWidget(m_ownDecoding);
    decodingLayout->addWidget(m_form);
    return decoding;
}

QLayout* EvaluationPane::buildSetupColumn() {
    auto* top = new QFormLayout;
    auto* checkpointRow = new QHBoxLayout;
    checkpointRow->addWidget(m_checkpoint, 1);
    checkpointRow->addWidget(m_browse);
    top->addRow(tr("Checkpoint:"), checkpointRow);
    top->addRow(tr("Test set:"), m_split);
    top->addRow(QString(), m_customFiles);
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_evaluate);
    actions->addWidget(m_cancel);
    actions->addWidget(m_extrapolate);
    actions->addWidget(m_progress, 1);
    actions->addWidget(m_state);
    actions->addStretch();  // the buttons keep their size while the progress bar is hidden
    auto* savedRow = new QHBoxLayout;
    savedRow->addWidget(new QLabel(tr("Saved results:"), this));
    savedRow->addWidget(m_saved, 1);
    auto* left = new QVBoxLayout;
    left->addLayout(top);
    left->addLayout(actions);
    left->addLayout(savedRow);
    left->addWidget(m_summary);
    left->addStretch();
    return left;
}

void EvaluationPane::connectControls() {
    connect(m_browse, &QPushButton::clicked, this, &EvaluationPane::browseCheckpoint);
    connect(m_split, &QComboBox::currentIndexChanged, this, [this] {
        m_customFiles->setVisible(m_split->currentData().toString() == QLatin1String("custom"));
        updateControls();
    });
    connect(m_checkpoint, &QComboBox::currentIndexChanged, this, [this] {
        refreshSavedResults();
        updateControls();
    });
    connect(m_ownDecoding, &QCheckBox::toggled, this, [this](bool own) {
        m_form->setEnabled(!own);
        showCheckpointDecoding();
        updateControls();
    });
    connect(m_form, &DecodeOptionsForm::optionsChanged, this, &EvaluationPane::updateControls);
    connect(m_srcFile, &QLineEdit::textChanged, this, &EvaluationPane::updateControls);
    connect(m_refFile, &QLineEdit::textChanged, this, &EvaluationPane::updateControls);
    connect(m_evaluate, &QPushButton::clicked, this, &EvaluationPane::evaluate);
    connect(m_cancel, &QPushButton::clicked, this, &EvaluationPane::cancel);
    connect(m_extrapolate, &QPushButton::clicked, this, &EvaluationPane::showExtrapolation);
    connect(m_saved, &QComboBox::activated, this, &EvaluationPane::showSaved);
    connect(m_table, &QTableWidget::cellDoubleClicked, this,
            [this](int row, int) { openRow(row); });
}

void EvaluationPane::connectJob() {
    connect(m_job, &EvaluationJob::progress, this, &EvaluationPane::onProgress);
    connect(m_job, &EvaluationJob::finished, this, &EvaluationPane::onFinished);
    connect(m_job, &EvaluationJob::failed, this, &EvaluationPane::onFailed);
    connect(m_job, &EvaluationJob::cancelled, this, [this] {
        m_state->setText(tr("Cancelled"));
        updateControls();
    });
}

}  // namespace tfw
