// InferencePane's widgets, one group per function; the constructor (inference_pane.cpp) puts
// them together.

#include "ui/inference/inference_pane.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/common/decode_options_form.h"
#include "ui/inference/attention_inspector.h"
#include "ui/inference/inference_runner.h"
#include "widgets/piece_chips.h"

namespace tfw {

void InferencePane::connectRunner() {
    connect(m_runner, &InferenceRunner::loaded, this, &InferencePane::onLoaded);
    connect(m_runner, &InferenceRunner::loadFailed, this, &InferencePane::onLoadFailed);
    connect(m_runner, &InferenceRunner::progress, this, &InferencePane::onProgress);
    connect(m_runner, &InferenceRunner::decoded, this, &InferencePane::onDecoded);
    connect(m_runner, &InferenceRunner::decodeFailed, this, &InferencePane::onDecodeFailed);
}

void InferencePane::setUpInputControls() {
    m_checkpoints->setMinimumContentsLength(40);
    m_checkpoints->setPlaceholderText(tr("Choose a checkpoint…"));
    m_checkpoints->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_checkpoints->setToolTip(
        tr("The checkpoints of the runs in the runs folder: best "
           "(lowest validation loss), last, and periodic step-N"));
    m_browse->setToolTip(tr("Load a checkpoint file (.tfw) from anywhere"));
    m_modelLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->setPlaceholderText(tr("Type or paste the input here"));
    m_reference->setPlaceholderText(tr("Optional: the expected output, to score against"));
    m_reference->setMaximumHeight(70);
    m_decode->setDefault(true);
    m_decode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_cancelButton->setToolTip(tr("Stop the decoding; the output so far is shown"));
    m_progress->setTextVisible(true);
    m_progress->setFormat(QString());
    m_progress->setValue(0);
}

void InferencePane::setUpOutputs() {
    m_outputs->setHorizontalHeaderLabels(
        {tr("#"), tr("Output"), tr("Score"), tr("Normalized"), tr("Reference")});
    m_outputs->horizontalHeaderItem(Score)->setToolTip(
        tr("Sum of the output tokens' log-probabilities (end of sentence included)"));
    m_outputs->horizontalHeaderItem(Normalized)
        ->setToolTip(tr("The score divided by the length penalty: what beam search ranks by"));
    m_outputs->verticalHeader()->hide();
    m_outputs->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_outputs->setSelectionMode(QAbstractItemView::SingleSelection);
    // One line per output (the whole text is in its tooltip and in the pieces below).
    m_outputs->setWordWrap(false);
    m_outputs->setTextElideMode(Qt::ElideRight);
    auto* header = m_outputs->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Output, QHeaderView::Stretch);
    fitColumnWidths();
    fitOutputsHeight();
    m_timing->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_unknownWarning->setWordWrap(true);
    m_unknownWarning->setStyleSheet(QStringLiteral("color: #b3261e; font-weight: bold;"));
    m_unknownWarning->hide();
}

// The checkpoint chooser and what the loaded model is.
QLayout* InferencePane::buildCheckpointRow() {
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Checkpoint"), this));
    top->addWidget(m_checkpoints, 1);
    top->addWidget(m_browse);
    top->addWidget(m_modelLabel, 1);
    return top;
}

// Input, reference, options, decode.
QWidget* InferencePane::buildInputColumn() {
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 6, 0);
    leftLayout->addWidget(m_sourceLabel);
    leftLayout->addWidget(m_source, 2);
    leftLayout->addWidget(m_referenceLabel);
    leftLayout->addWidget(m_reference);
    auto* optionsScroll = new QScrollArea(left);
    optionsScroll->setWidget(m_form);
    optionsScroll->setWidgetResizable(true);
    optionsScroll->setFrameShape(QFrame::NoFrame);
    leftLayout->addWidget(optionsScroll, 3);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_decode, 1);
    buttons->addWidget(m_cancelButton);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_progress);
    return left;
}

// Outputs above, attention below.
QWidget* InferencePane::buildResultsColumn() {
    auto* results = new QWidget(this);
    auto* resultsLayout = new QFormLayout(results);
    resultsLayout->setContentsMargins(6, 0, 0, 0);
    resultsLayout->addRow(tr("Input pieces"), m_inputPieces);
    resultsLayout->addRow(m_unknownWarning);
    resultsLayout->addRow(m_outputs);
    resultsLayout->addRow(tr("Output pieces"), m_outputPieces);
    resultsLayout->addRow(m_timing);
    // Scrolls rather than overlapping when a long input or output needs more room.
    auto* resultsScroll = new QScrollArea(this);
    resultsScroll->setWidget(results);
    resultsScroll->setWidgetResizable(true);
    resultsScroll->setFrameShape(QFrame::NoFrame);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(resultsScroll);
    right->addWidget(m_inspector);
    right->setStretchFactor(0, 0);
    right->setStretchFactor(1, 1);
    right->setSizes({240, 660});
    right->setChildrenCollapsible(false);
    return right;
}

void InferencePane::connectControls() {
    connect(m_checkpoints, &QComboBox::activated, this, [this](int index) {
        const QString path = m_checkpoints->itemData(index).toString();
        if (!path.isEmpty()) openCheckpoint(path);
    });
    connect(m_browse, &QPushButton::clicked, this, &InferencePane::chooseCheckpointFile);
    connect(m_decode, &QPushButton::clicked, this, &InferencePane::decode);
    connect(m_cancelButton, &QPushButton::clicked, this, &InferencePane::cancel);
    connect(m_form, &DecodeOptionsForm::optionsChanged, this, &InferencePane::updateButtons);
    connect(m_source, &QPlainTextEdit::textChanged, this, &InferencePane::updateButtons);
    connect(m_outputs, &QTableWidget::itemSelectionChanged, this,
            [this] { showOutput(selectedOutput()); });
    // Switching a head off or on decodes again, so that its effect is seen at once.
    connect(m_inspector, &AttentionInspector::maskedHeadsChanged, this, [this] {
        if (hasModel() && !m_source->toPlainText().trimmed().isEmpty()) decode();
    });
}

}  // namespace tfw
