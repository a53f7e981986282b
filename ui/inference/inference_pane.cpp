#include "ui/inference/inference_pane.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <memory>

#include "core/data/unknown_words.h"
#include "ui/common/canonical_path.h"
#include "ui/common/checkpoint_choices.h"
#include "ui/common/decode_options_form.h"
#include "ui/common/file_stamp.h"
#include "ui/common/number_text.h"
#include "ui/inference/attention_inspector.h"
#include "ui/inference/inference_runner.h"
#include "widgets/piece_chips.h"

namespace tfw {
namespace {

constexpr int kHeaderPadding = 8;  // pixels left and right of a header's text

QTableWidgetItem* item(const QString& text, Qt::Alignment alignment = Qt::AlignLeft) {
    auto* cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    cell->setTextAlignment(alignment | Qt::AlignVCenter);
    return cell;
}

}  // namespace

InferencePane::InferencePane(QWidget* parent)
    : QWidget(parent),
      m_runner(new InferenceRunner(this)),
      m_checkpoints(new QComboBox(this)),
      m_browse(new QPushButton(tr("Open file…"), this)),
      m_modelLabel(new QLabel(this)),
      m_sourceLabel(new QLabel(this)),
      m_source(new QPlainTextEdit(this)),
      m_referenceLabel(new QLabel(this)),
      m_reference(new QPlainTextEdit(this)),
      m_form(new DecodeOptionsForm(this)),
      m_decode(new QPushButton(tr("Decode"), this)),
      m_cancelButton(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_inputPieces(new PieceChips(this)),
      m_unknownWarning(new QLabel(this)),
      m_outputs(new QTableWidget(0, Count, this)),
      m_outputPieces(new PieceChips(this)),
      m_timing(new QLabel(this)),
      m_inspector(new AttentionInspector(this)) {
    connectRunner();
    setUpInputControls();
    setUpOutputs();
    QLayout* top = buildCheckpointRow();
    QWidget* left = buildInputColumn();
    QWidget* right = buildResultsColumn();

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    split->setSizes({340, 1100});
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);

    connectControls();
    updateTaskLabels();
    updateButtons();
}

void InferencePane::setRunsRoot(const QString& root) {
    m_runsRoot = root;
    refreshCheckpoints();
}

void InferencePane::refreshCheckpoints() {
    if (m_choicesReader.isRunning()) {
        m_choicesStale = true;
        return;
    }
    m_choicesStale = false;
    m_choicesReader.start([this, root = m_runsRoot](const std::atomic<bool>&) {
        auto choices = std::make_shared<QList<CheckpointChoice>>();
        try {
            *choices = checkpointChoices(root);
        } catch (const std::exception&) {
            // An unreadable runs folder offers nothing; "Open file…" still works.
        }
        return BackgroundThread::Done([this, choices] {
            if (m_choicesStale)
                refreshCheckpoints();
            else
                showChoices(*choices);
        });
    });
}

void InferencePane::showChoices(const QList<CheckpointChoice>& choices) {
    const QSignalBlocker block(m_checkpoints);
    m_checkpoints->clear();
    for (const CheckpointChoice& choice : choices)
        m_checkpoints->addItem(choice.label, choice.path);
    if (m_checkpoints->count() == 0)
        m_checkpoints->addItem(tr("(no checkpoints under the runs folder)"), QString());
    // Only the checkpoint that is loaded (or loading) is shown as chosen.
    const QString keep = !m_loadingPath.isEmpty() ? m_loadingPath : m_info.path;
    if (!keep.isEmpty())
        selectInList(keep);
    else
        m_checkpoints->setCurrentIndex(-1);
}

void InferencePane::selectInList(const QString& path) {
    const QSignalBlocker block(m_checkpoints);
    int index = m_checkpoints->findData(path);
    if (index < 0) {
        m_checkpoints->addItem(QDir::toNativeSeparators(path), path);
        index = m_checkpoints->count() - 1;
    }
    m_checkpoints->setCurrentIndex(index);
}

void InferencePane::chooseCheckpointFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open checkpoint"), m_runsRoot,
                                                      tr("Checkpoints (*.tfw);;All files (*)"));
    if (!path.isEmpty()) openCheckpoint(path);
}

void InferencePane::openCheckpoint(const QString& path) {
    const QString target = canonicalPath(path);
    selectInList(target);
    if (m_loading && m_loadingPath == target) return;
    if (!m_loading && m_info.path == target && !checkpointChanged()) return;
    m_loading = true;
    m_loadingPath = target;
    m_modelLabel->setText(tr("Loading %1…").arg(QFileInfo(target).fileName()));
    updateButtons();
    m_runner->load(target);
}

void InferencePane::setInput(const QString& source, const QString& reference) {
    m_source->setPlainText(source);
    m_reference->setPlainText(reference);
}

void InferencePane::setDecodeOptions(const DecodeOptions& options) {
    m_form->setOptions(options);
    if (m_loading) m_pendingOptions = options;
}

bool InferencePane::checkpointChanged() const {
    if (!hasModel()) return false;
    // A file that is gone (its run deleted) leaves the model as it is.
    const FileStamp now = FileStamp::of(m_info.path);
    return now.modified.isValid() && now != m_info.stamp;
}

void InferencePane::reloadWhenChanged() {
    if (!m_loading && checkpointChanged()) openCheckpoint(m_info.path);
}

void InferencePane::decode() {
    reloadWhenChanged();  // never decode with weights the run has since replaced
    if (m_loading || m_decoding) {
        m_decodeQueued = true;
        if (m_decoding) m_runner->cancel();  // the newer request replaces the running one
        return;
    }
    startDecoding();
}

void InferencePane::startDecoding() {
    m_decodeQueued = false;
    if (!hasModel()) {
        Q_EMIT statusMessage(tr("Choose a checkpoint first."));
        return;
    }
    if (m_source->toPlainText().trimmed().isEmpty()) {
        Q_EMIT statusMessage(tr("Type an input to decode first."));
        return;
    }
    if (!m_form->isValid()) {
        Q_EMIT statusMessage(m_form->problems().join(QStringLiteral("; ")));
        return;
    }
    InferenceRequest request;
    request.source = m_source->toPlainText().trimmed();
    if (m_info.task != Task::LanguageModel) request.reference = m_reference->toPlainText();
    request.options = m_form->options();
    request.masked = m_inspector->maskedHeads();
    m_decoding = true;
    m_progress->setFormat(tr("step %v of at most %m"));
    m_progress->setRange(0, 0);  // busy until the first step reports
    updateButtons();
    m_runner->decode(request);
}

void InferencePane::cancel() {
    m_decodeQueued = false;
    if (m_decoding) m_runner->cancel();
}

void InferencePane::onLoaded(const CheckpointInfo& info) {
    if (info.path != m_loadingPath) return;  // a newer load is on its way
    m_loading = false;
    m_loadingPath.clear();
    // The same checkpoint again (its file changed) keeps the options chosen for it.
    const bool reloaded = info.path == m_info.path;
    m_info = info;
    m_modelLabel->setText(info.description);
    m_modelLabel->setToolTip(QDir::toNativeSeparators(info.path));
    if (m_pendingOptions)
        m_form->setOptions(*m_pendingOptions);
    else if (!reloaded)
        m_form->setOptions(info.defaults);
    m_pendingOptions.reset();
    m_result = InferenceResult{};
    m_outputs->setRowCount(0);
    fitOutputsHeight();
    m_inputPieces->setPieces({});
    m_outputPieces->setPieces({});
    m_timing->clear();
    m_unknownWarning->hide();
    m_inspector->setModelKind(info.task == Task::LanguageModel, info.positions);
    updateTaskLabels();
    updateButtons();
    Q_EMIT checkpointLoaded(info.path);
    Q_EMIT statusMessage(tr("Loaded %1").arg(QDir::toNativeSeparators(info.path)));
    if (m_decodeQueued) startDecoding();
}

void InferencePane::onLoadFailed(const QString& path, const QString& message) {
    if (path != m_loadingPath) return;
    m_loading = false;
    m_loadingPath.clear();
    m_decodeQueued = false;
    m_pendingOptions.reset();
    m_modelLabel->setText(hasModel() ? m_info.description : QString());
    if (hasModel()) selectInList(m_info.path);
    updateButtons();
    // Core's errors start with the file's path; it is named once.
    QString reason = message;
    if (reason.startsWith(path + QStringLiteral(": "))) reason = reason.mid(path.size() + 2);
    const QString text = tr("Could not load %1: %2").arg(QDir::toNativeSeparators(path), reason);
    Q_EMIT problem(text);
    Q_EMIT statusMessage(text);
}

void InferencePane::onProgress(int step, int maxSteps) {
    if (!m_decoding) return;
    m_progress->setRange(0, maxSteps);
    m_progress->setValue(step);
}

void InferencePane::onDecoded(const InferenceResult& result) {
    m_result = result;
    const int keep = std::max(0, selectedOutput());
    const bool metric = !result.metricName.isEmpty();
    m_outputs->horizontalHeaderItem(Metric)->setText(metric ? result.metricName : QString());
    fitColumnWidths();
    m_outputs->setColumnHidden(Metric, !metric);
    {
        const QSignalBlocker block(m_outputs);
        m_outputs->setRowCount(static_cast<int>(result.outputs.size()));
        for (int i = 0; i < result.outputs.size(); ++i) {
            const InferenceOutput& out = result.outputs[i];
            m_outputs->setItem(i, Rank, item(QString::number(i + 1), Qt::AlignRight));
            auto* text = item(out.finished ? out.text : out.text + QStringLiteral(" …"));
            text->setToolTip(out.finished
                                 ? out.text
                                 : tr("%1\n(stopped before the end of sentence)").arg(out.text));
            m_outputs->setItem(i, Output, text);
            m_outputs->setItem(i, Score, item(fixedText(out.score, 3), Qt::AlignRight));
            m_outputs->setItem(i, Normalized, item(fixedText(out.normalized, 3), Qt::AlignRight));
            auto* score = item(metric ? fixedText(out.metric, 1) : QString(), Qt::AlignRight);
            score->setToolTip(out.metricDetail);
            m_outputs->setItem(i, Metric, score);
        }
    }
    fitOutputsHeight();
    showUnknownWords(result);
    m_inputPieces->setPieces(result.inputPieces);
    QString timing = tr("%n output(s) in %1 s", nullptr, static_cast<int>(result.outputs.size()))
                         .arg(result.seconds, 0, 'f', 2);
    if (result.cancelled) timing += tr(" · cancelled: outputs stop where decoding stopped");
    if (!result.masked.empty())
        timing += tr(" · %n head(s) switched off", nullptr, static_cast<int>(result.masked.size()));
    m_timing->setText(timing);
    selectOutput(std::min(keep, static_cast<int>(result.outputs.size()) - 1));
    finishDecoding();
    Q_EMIT decodeFinished();
}

void InferencePane::onDecodeFailed(const QString& message) {
    finishDecoding();
    const QString text = tr("Decoding failed: %1").arg(message);
    Q_EMIT problem(text);
    Q_EMIT statusMessage(text);
}

void InferencePane::finishDecoding() {
    m_decoding = false;
    m_progress->setRange(0, 1);
    m_progress->setValue(m_result.cancelled ? 0 : 1);
    m_progress->setFormat(m_result.cancelled ? tr("cancelled") : tr("done"));
    updateButtons();
    if (m_decodeQueued) startDecoding();
}

void InferencePane::showUnknownWords(const InferenceResult& result) {
    const bool mostly = UnknownWords{result.unknownWords, result.inputWords}.mostly_unknown();
    m_unknownWarning->setVisible(mostly);
    if (!mostly) return;
    const int percent = qRound(100.0 * result.unknownWords / result.inputWords);
    m_unknownWarning->setText(
        tr("%1 of %2 words are unknown to this model's vocabulary (%3%): the output says little "
           "about the model. Try sentences like those it was trained on.")
            .arg(result.unknownWords)
            .arg(result.inputWords)
            .arg(percent));
}

void InferencePane::fitColumnWidths() {
    // Each header's text with room on both sides (the style's own margin squeezes a short
    // header such as "参考" between its borders), and room for a score such as -123.456.
    QHeaderView* header = m_outputs->horizontalHeader();
    const QFontMetrics metrics(header->font());
    const int number = metrics.horizontalAdvance(QStringLiteral("-000.000"));
    for (const int column : {Rank, Score, Normalized, Metric}) {
        const QTableWidgetItem* title = m_outputs->horizontalHeaderItem(column);
        const int text = metrics.horizontalAdvance(title ? title->text() : QString());
        header->setSectionResizeMode(column, QHeaderView::Fixed);
        header->resizeSection(column,
                              std::max(text, column == Rank ? 0 : number) + 2 * kHeaderPadding);
    }
}

void InferencePane::fitOutputsHeight() {
    // As tall as its rows (at least one, at most six), so that the attention keeps the room.
    const int rows = std::clamp(m_outputs->rowCount(), 1, 6);
    const int rowHeight = m_outputs->verticalHeader()->defaultSectionSize();
    m_outputs->setFixedHeight(m_outputs->horizontalHeader()->sizeHint().height() +
                              rows * rowHeight + 2 * m_outputs->frameWidth());
}

int InferencePane::selectedOutput() const {
    const auto rows = m_outputs->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.front().row();
}

void InferencePane::selectOutput(int index) {
    if (index < 0 || index >= m_outputs->rowCount()) {
        showOutput(-1);
        return;
    }
    if (selectedOutput() == index)
        showOutput(index);  // the same row with new content
    else
        m_outputs->selectRow(index);
}

void InferencePane::showOutput(int index) {
    if (index < 0 || index >= m_result.outputs.size()) {
        m_outputPieces->setPieces({});
        m_inspector->setAttention({});
        return;
    }
    const InferenceOutput& out = m_result.outputs[index];
    m_outputPieces->setPieces(out.pieces);
    m_inspector->setAttention(out.attention);
}

void InferencePane::updateTaskLabels() {
    switch (m_info.task) {
        case Task::Translation:
            m_sourceLabel->setText(tr("Source sentence"));
            m_referenceLabel->setText(tr("Reference translation (optional: sentence BLEU)"));
            break;
        case Task::Summarization:
            m_sourceLabel->setText(tr("Article"));
            m_referenceLabel->setText(tr("Reference summary (optional: ROUGE)"));
            break;
        case Task::LanguageModel:
            m_sourceLabel->setText(tr("Prompt (the model continues it)"));
            break;
    }
    const bool lm = m_info.task == Task::LanguageModel;
    m_referenceLabel->setVisible(!lm);
    m_reference->setVisible(!lm);
}

void InferencePane::updateButtons() {
    // A greyed Decode button says why in its tooltip.
    QString missing;
    if (!hasModel() && !m_loading)
        missing = tr("Choose a checkpoint first.");
    else if (m_source->toPlainText().trimmed().isEmpty())
        missing = tr("Type an input to decode first.");
    else if (!m_form->isValid())
        missing = tr("Cannot decode with these options: %1.")
                      .arg(m_form->problems().join(QStringLiteral("; ")));
    m_decode->setEnabled(!m_decoding && missing.isEmpty());
    m_decode->setToolTip(missing.isEmpty() ? tr("Decode the input with these options (Ctrl+Return)")
                                           : missing);
    m_cancelButton->setEnabled(m_decoding);
    m_browse->setEnabled(!m_decoding);
    m_checkpoints->setEnabled(!m_decoding);
}

void InferencePane::showEvent(QShowEvent* event) {
    // Runs may have gained checkpoints since the list was made, and a resumed run may have
    // written the loaded one anew.
    refreshCheckpoints();
    reloadWhenChanged();
    QWidget::showEvent(event);
}

}  // namespace tfw
