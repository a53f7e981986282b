#include "ui/compare/side_by_side_view.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

#include "core/decode/token_diff.h"
#include "ui/common/attention_set.h"
#include "ui/common/decode_options_form.h"
#include "ui/common/number_text.h"
#include "widgets/attention_heatmap.h"
#include "widgets/token_strip.h"

namespace tfw {
namespace {

std::vector<std::string> toStd(const QStringList& list) {
    std::vector<std::string> out;
    for (const QString& s : list) out.push_back(s.toStdString());
    return out;
}

QString swatch(const QColor& color) {
    return QStringLiteral("<span style='color:%1'>●</span>").arg(color.name());
}

int layersOf(const SideBySideOutput& out, AttentionStack stack) {
    return stack == AttentionStack::EncoderSelf ? out.encoderLayers : out.decoderLayers;
}

}  // namespace

SideBySideView::SideBySideView(QWidget* parent)
    : QWidget(parent),
      m_job(new SideBySideJob(this)),
      m_input(new QPlainTextEdit(this)),
      m_reference(new QLineEdit(this)),
      m_form(new DecodeOptionsForm(this)),
      m_decode(new QPushButton(tr("Decode with each"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_state(new QLabel(this)),
      m_outputsBox(new QWidget(this)),
      m_outputsLayout(new QGridLayout(m_outputsBox)),
      m_divergence(new QLabel(this)),
      m_cross(new QTableWidget(this)),
      m_stack(new QComboBox(this)),
      m_layer(new QSpinBox(this)),
      m_head(new QComboBox(this)),
      m_heatmapsBox(new QWidget(this)) {
    setUpInput();
    setUpCrossTable();
    setUpAttentionChoices();
    QLayout* actions = buildActions();
    QGroupBox* options = buildOptionsBox();
    QScrollArea* scroll = buildResults();

    // Input and results on the left, the options down the right (as in the Inference area).
    auto* main = new QVBoxLayout;
    main->addWidget(m_input);
    main->addWidget(m_reference);
    main->addLayout(actions);
    main->addWidget(scroll, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(main, 1);
    layout->addWidget(options);

    connectControls();
    updateControls();
}

void SideBySideView::setUpInput() {
    m_input->setPlaceholderText(
        tr("A source sentence or article, or a language model's prompt: every checkpoint "
           "decodes it with the options on the right."));
    m_input->setFixedHeight(m_input->fontMetrics().lineSpacing() * 4 + 12);
    m_reference->setPlaceholderText(tr("Optional reference: each checkpoint scores it too"));
    m_reference->setClearButtonEnabled(true);
    m_decode->setObjectName(QStringLiteral("decode"));
    m_layer->setObjectName(QStringLiteral("layer"));
    m_cancel->setEnabled(false);
    m_progress->setVisible(false);
    m_divergence->setWordWrap(true);
    m_outputsLayout->setColumnStretch(1, 1);
}

void SideBySideView::setUpCrossTable() {
    m_cross->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_cross->setSelectionMode(QAbstractItemView::NoSelection);
    m_cross->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_cross->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_cross->setToolTip(
        tr("Summed log-probability (nats, end of sentence included) that the checkpoint of the "
           "column gives to the text of the row. Higher is more likely; the diagonal is each "
           "checkpoint's own output."));
}

void SideBySideView::setUpAttentionChoices() {
    m_stack->setToolTip(tr("Which attention to show"));
    m_layer->setPrefix(tr("layer "));
    m_layer->setToolTip(tr("Layer, counted from 1 at the input side"));
    m_head->setToolTip(tr("One head, or the mean over all heads of the layer"));
    for (AttentionStack stack :
         {AttentionStack::Cross, AttentionStack::EncoderSelf, AttentionStack::DecoderSelf})
        m_stack->addItem(stackTitle(stack), int(stack));
}

QLayout* SideBySideView::buildActions() {
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_decode);
    actions->addWidget(m_cancel);
    actions->addWidget(m_progress, 1);
    actions->addWidget(m_state);
    actions->addStretch();
    return actions;
}

QGroupBox* SideBySideView::buildOptionsBox() {
    auto* options = new QGroupBox(tr("Decoding (the same for every checkpoint)"), this);
    auto* optionsLayout = new QVBoxLayout(options);
    optionsLayout->addWidget(m_form);
    optionsLayout->addStretch();
    options->setMaximumWidth(380);
    return options;
}

// The outputs, their cross-scores and their attention, scrolling together.
QScrollArea* SideBySideView::buildResults() {
    QGroupBox* outputs = buildOutputsBox();
    QGroupBox* cross = buildCrossBox();
    QGroupBox* attention = buildAttentionBox();
    auto* content = new QWidget(this);
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->addWidget(outputs);
    contentLayout->addWidget(cross);
    contentLayout->addWidget(attention, 1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    return scroll;
}

QGroupBox* SideBySideView::buildOutputsBox() {
    auto* outputs = new QGroupBox(tr("Outputs"), this);
    auto* outputsLayout = new QVBoxLayout(outputs);
    outputsLayout->addWidget(m_outputsBox);
    outputsLayout->addWidget(m_divergence);
    auto* legend = new QLabel(
        tr("Bars: each token's probability under its own checkpoint. Tinted tokens are not "
           "in the first checkpoint's output (the first one: not in the second's); the red "
           "line marks where the outputs part. Hover a token for the numbers."),
        this);
    legend->setWordWrap(true);
    legend->setEnabled(false);
    outputsLayout->addWidget(legend);
    return outputs;
}

QGroupBox* SideBySideView::buildCrossBox() {
    auto* cross = new QGroupBox(
        tr("Cross-scoring: log-probability of each text under each checkpoint"), this);
    auto* crossLayout = new QVBoxLayout(cross);
    crossLayout->addWidget(m_cross);
    return cross;
}

QGroupBox* SideBySideView::buildAttentionBox() {
    auto* attention = new QGroupBox(tr("Attention, side by side"), this);
    auto* attentionLayout = new QVBoxLayout(attention);
    auto* choices = new QHBoxLayout;
    choices->addWidget(m_stack);
    choices->addWidget(m_layer);
    choices->addWidget(m_head);
    choices->addStretch();
    attentionLayout->addLayout(choices);
    attentionLayout->addWidget(m_heatmapsBox, 1);
    new QHBoxLayout(m_heatmapsBox);
    return attention;
}

void SideBySideView::connectControls() {
    connect(m_decode, &QPushButton::clicked, this, &SideBySideView::decode);
    connect(m_cancel, &QPushButton::clicked, this, &SideBySideView::cancel);
    connect(m_input, &QPlainTextEdit::textChanged, this, &SideBySideView::updateControls);
    connect(m_form, &DecodeOptionsForm::optionsChanged, this, [this] {
        m_formTouched = true;
        updateControls();
    });
    connect(m_job, &SideBySideJob::progress, this, &SideBySideView::onProgress);
    connect(m_job, &SideBySideJob::finished, this, &SideBySideView::onFinished);
    connect(m_job, &SideBySideJob::failed, this, [this](const QString& message) {
        m_status = message;
        m_state->setWordWrap(true);
        updateControls();
    });
    connect(m_job, &SideBySideJob::cancelled, this, [this] {
        m_status = tr("Cancelled");
        updateControls();
    });
    connect(m_stack, &QComboBox::currentIndexChanged, this,
            &SideBySideView::rebuildAttentionChoices);
    connect(m_layer, &QSpinBox::valueChanged, this, &SideBySideView::showAttention);
    connect(m_head, &QComboBox::currentIndexChanged, this, &SideBySideView::showAttention);
}

void SideBySideView::setEntries(const QVector<CompareEntry>& entries) {
    QStringList before, after;
    for (const CompareEntry& e : m_entries) before << e.checkpoint;
    for (const CompareEntry& e : entries) after << e.checkpoint;
    m_entries = entries;
    if (before != after) m_result = {};  // labels or colours alone keep the outputs
    if (!m_formTouched && !entries.isEmpty()) {
        m_form->setOptions(entries.front().defaults);
        m_formTouched = false;  // setOptions announced a change the user did not make
    }
    showOutputs();
    showCrossScores();
    rebuildAttentionChoices();
    updateControls();
}

void SideBySideView::setInput(const QString& input, const QString& reference) {
    m_input->setPlainText(input);
    m_reference->setText(reference);
}

void SideBySideView::updateControls() {
    const bool running = m_job->isRunning();
    QString reason;
    if (m_entries.size() < 2)
        reason = tr("Add at least two runs or checkpoints to compare.");
    else if (m_input->toPlainText().trimmed().isEmpty())
        reason = tr("Type an input first.");
    else if (!m_form->isValid())
        reason = m_form->problems().join(QLatin1Char('\n'));
    m_decode->setEnabled(!running && reason.isEmpty());
    m_decode->setToolTip(reason.isEmpty() ? tr("Decode the input with every checkpoint") : reason);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    if (!running) m_state->setText(m_entries.size() < 2 ? reason : m_status);
}

void SideBySideView::decode() {
    if (m_job->isRunning() || m_entries.size() < 2) return;
    QStringList checkpoints;
    for (const CompareEntry& e : m_entries) checkpoints << e.checkpoint;
    m_status.clear();
    m_state->setText(tr("Loading…"));
    m_progress->setRange(0, 0);
    m_job->start(checkpoints, m_input->toPlainText().trimmed(), m_reference->text(),
                 m_form->options());
    updateControls();
}

void SideBySideView::cancel() {
    m_job->cancel();
}

void SideBySideView::onProgress(int index, int count, int step, int maxSteps) {
    m_progress->setRange(0, count * std::max(maxSteps, 1));
    m_progress->setValue(index * std::max(maxSteps, 1) + step);
    m_state->setText(tr("%1: step %2").arg(m_entries.value(index).label).arg(step));
}

void SideBySideView::onFinished(const SideBySideResult& result) {
    m_result = result;
    double seconds = 0;
    for (const SideBySideOutput& out : result.outputs) seconds += out.seconds;
    m_status = tr("Decoded in %1 s").arg(seconds, 0, 'f', 2);
    updateControls();
    showOutputs();
    showCrossScores();
    rebuildAttentionChoices();
    Q_EMIT decoded();
}

void SideBySideView::showOutputs() {
    while (QLayoutItem* item = m_outputsLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_strips.clear();
    m_divergence->clear();
    const auto& outputs = m_result.outputs;
    if (outputs.size() != m_entries.size() || outputs.isEmpty()) return;
    const std::vector<std::string> first = toStd(outputs[0].pieces);
    QStringList parting;
    for (int i = 0; i < outputs.size(); ++i) {
        const SideBySideOutput& out = outputs[i];
        // Each output against the first; the first against the second.
        const TokenDiff diff =
            diff_tokens(toStd(out.pieces), i == 0 ? toStd(outputs[1].pieces) : first);
        QVector<StripToken> tokens;
        for (int k = 0; k < out.pieces.size(); ++k)
            tokens.append(
                {out.pieces[k], out.tokenLogProbs.value(k, 0.0), !diff.a_shared[size_t(k)]});
        const int divergence =
            diff.first_divergence == TokenDiff::npos ? -1 : int(diff.first_divergence);
        auto* title = new QLabel(m_outputsBox);
        title->setTextFormat(Qt::RichText);
        title->setText(
            QStringLiteral("%1 <b>%2</b><br><span style='color:gray'>%3</span>")
                .arg(swatch(m_entries[i].color), m_entries[i].label.toHtmlEscaped(),
                     tr("score %1 · normalized %2%3")
                         .arg(out.score, 0, 'f', 2)
                         .arg(out.normalized, 0, 'f', 3)
                         .arg(out.finished ? QString() : tr(" · cut at the length limit"))));
        title->setToolTip(out.text);
        auto* strip = new TokenStrip(m_outputsBox);
        strip->setAccent(m_entries[i].color);
        strip->setTokens(tokens, divergence);
        m_outputsLayout->addWidget(title, i, 0, Qt::AlignTop);
        m_outputsLayout->addWidget(strip, i, 1);
        m_strips.append(strip);
        if (i > 0)
            parting << (divergence < 0 ? tr("%1 gives the same output").arg(m_entries[i].label)
                                       : tr("%1 parts from %2 at token %3")
                                             .arg(m_entries[i].label, m_entries[0].label)
                                             .arg(divergence + 1));
    }
    m_divergence->setText(parting.join(QStringLiteral(" · ")));
}

void SideBySideView::showCrossScores() {
    m_cross->clear();
    const auto& outputs = m_result.outputs;
    const bool shown = outputs.size() == m_entries.size() && !outputs.isEmpty();
    m_cross->setVisible(shown);
    if (!shown) {
        m_cross->setRowCount(0);
        m_cross->setColumnCount(0);
        return;
    }
    const bool withReference = !m_result.reference.isEmpty();
    m_cross->setColumnCount(int(outputs.size()));
    m_cross->setRowCount(int(outputs.size()) + (withReference ? 1 : 0));
    QStringList columns, rows;
    for (const CompareEntry& e : m_entries) {
        columns << tr("under %1").arg(e.label);
        rows << tr("output of %1").arg(e.label);
    }
    if (withReference) rows << tr("reference");
    m_cross->setHorizontalHeaderLabels(columns);
    m_cross->setVerticalHeaderLabels(rows);
    for (int r = 0; r < m_cross->rowCount(); ++r) {
        for (int c = 0; c < m_cross->columnCount(); ++c) {
            const double value = r < outputs.size() ? m_result.cross[c][r] : m_result.reference[c];
            auto* item = new QTableWidgetItem(fixedText(value, 2));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (r == c) {
                QFont font = item->font();
                font.setBold(true);
                item->setFont(font);
                item->setToolTip(tr("the checkpoint's own output"));
            }
            m_cross->setItem(r, c, item);
        }
    }
    m_cross->setFixedHeight(m_cross->horizontalHeader()->height() +
                            m_cross->verticalHeader()->length() + 2 * m_cross->frameWidth() + 2);
}

void SideBySideView::rebuildAttentionChoices() {
    const auto stack = AttentionStack(m_stack->currentData().toInt());
    int maxLayers = 0, maxHeads = 0;
    for (const SideBySideOutput& out : m_result.outputs) {
        maxLayers = std::max(maxLayers, layersOf(out, stack));
        maxHeads = std::max(maxHeads, out.heads);
    }
    {
        const QSignalBlocker blockLayer(m_layer);
        const QSignalBlocker blockHead(m_head);
        m_layer->setRange(1, std::max(1, maxLayers));
        const int head = m_head->currentIndex();
        m_head->clear();
        m_head->addItem(tr("mean of heads"), -1);
        for (int h = 0; h < maxHeads; ++h) m_head->addItem(tr("head %1").arg(h + 1), h);
        m_head->setCurrentIndex(std::clamp(head, 0, m_head->count() - 1));
    }
    showAttention();
}

void SideBySideView::showAttention() {
    QLayout* row = m_heatmapsBox->layout();
    while (QLayoutItem* item = row->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_heatmaps.clear();
    m_attentionNotes.clear();
    const auto& outputs = m_result.outputs;
    if (outputs.size() != m_entries.size()) return;
    const auto stack = AttentionStack(m_stack->currentData().toInt());
    const int layer = m_layer->value() - 1;
    const int head = m_head->currentData().toInt();
    for (int i = 0; i < outputs.size(); ++i) {
        const SideBySideOutput& out = outputs[i];
        auto* column = new QWidget(m_heatmapsBox);
        auto* columnLayout = new QVBoxLayout(column);
        columnLayout->setContentsMargins(0, 0, 0, 0);
        auto* title = new QLabel(swatch(m_entries[i].color) + QStringLiteral(" <b>") +
                                     m_entries[i].label.toHtmlEscaped() + QStringLiteral("</b>"),
                                 column);
        columnLayout->addWidget(title);
        const auto& maps = out.attention.of(stack);
        QString note;
        if (maps.isEmpty())
            note = tr("%1 has no %2 (%3).")
                       .arg(m_entries[i].label, stackTitle(stack).toLower(),
                            out.task == Task::LanguageModel ? tr("a language model")
                                                            : tr("no output yet"));
        else if (layer >= maps.size())
            note = tr("%1 has %2 layers of %3: layer %4 exists only in a deeper model.")
                       .arg(m_entries[i].label)
                       .arg(maps.size())
                       .arg(stackTitle(stack).toLower())
                       .arg(layer + 1);
        else if (head >= maps[layer].size())
            note = tr("%1 has %2 heads per layer: head %3 exists only in a wider model.")
                       .arg(m_entries[i].label)
                       .arg(maps[layer].size())
                       .arg(head + 1);
        AttentionHeatmap* heatmap = nullptr;
        if (note.isEmpty()) {
            heatmap = new AttentionHeatmap(column);
            const AttentionMap map = head < 0 ? averageOf(maps[layer]) : maps[layer][head];
            heatmap->setMap(map,
                            tr("%1 · layer %2 · %3")
                                .arg(stackTitle(stack))
                                .arg(layer + 1)
                                .arg(head < 0 ? tr("mean of heads") : tr("head %1").arg(head + 1)));
            heatmap->setMinimumHeight(360);
            columnLayout->addWidget(heatmap, 1);
        } else {
            auto* label = new QLabel(note, column);
            label->setWordWrap(true);
            label->setAlignment(Qt::AlignCenter);
            label->setMinimumHeight(120);
            columnLayout->addWidget(label, 1);
        }
        m_heatmaps.append(heatmap);
        m_attentionNotes.append(note);
        row->addWidget(column);
    }
}

AttentionHeatmap* SideBySideView::heatmap(int i) const {
    return m_heatmaps.value(i, nullptr);
}

QString SideBySideView::attentionNote(int i) const {
    return m_attentionNotes.value(i);
}

}  // namespace tfw
