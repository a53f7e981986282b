#include "ui/evaluation/extrapolation_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "core/config/config_io.h"
#include "core/data/text_reader.h"
#include "core/eval/evaluation.h"
#include "core/eval/length_extrapolation.h"
#include "core/util/error_text.h"
#include "widgets/chart_style.h"

namespace tfw {

ExtrapolationDialog::ExtrapolationDialog(const QList<QPair<QString, QString>>& checkpoints,
                                         int current, const ExtrapolationText& text,
                                         QWidget* parent)
    : QDialog(parent),
      m_text(text),
      m_checkpoint(new QComboBox(this)),
      m_windows(new QLineEdit(QStringLiteral("auto"), this)),
      m_measure(new QPushButton(tr("Measure"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)),
      m_chart(new ExtrapolationChart(this)),
      m_table(new QTableWidget(0, 4, this)) {
    setWindowTitle(tr("Length extrapolation"));
    m_measure->setObjectName(QStringLiteral("measure"));
    for (const auto& [label, path] : checkpoints) m_checkpoint->addItem(label, path);
    m_checkpoint->setCurrentIndex(current);
    m_windows->setToolTip(
        tr("Window lengths in tokens, separated by commas; auto = 1x, 2x and 4x the window the "
           "model trained on (data.max_tgt_len)."));
    auto* explanation = new QLabel(
        tr("How a language model copes with longer contexts than it trained on: the same text "
           "is scored in windows of each length, every window from its own start. Sinusoidal "
           "and learned positions meet positions they never saw and usually get worse; rope and "
           "alibi depend on distances only and usually hold. Measure several checkpoints to "
           "draw them together."),
        this);
    explanation->setWordWrap(true);
    m_status->setWordWrap(true);
    m_progress->setVisible(false);
    m_cancel->setEnabled(false);
    m_table->setHorizontalHeaderLabels(
        {tr("Checkpoint"), tr("Window"), tr("Perplexity"), tr("Per word")});
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(0, 320);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

    auto* form = new QFormLayout;
    form->addRow(tr("Checkpoint:"), m_checkpoint);
    form->addRow(tr("Windows:"), m_windows);
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_measure);
    actions->addWidget(m_cancel);
    actions->addWidget(m_progress, 1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(explanation);
    layout->addLayout(form);
    layout->addLayout(actions);
    layout->addWidget(m_status);
    layout->addWidget(m_chart, 3);
    layout->addWidget(m_table, 1);
    layout->addWidget(close);
    resize(820, 680);

    connect(m_measure, &QPushButton::clicked, this, &ExtrapolationDialog::measure);
    connect(m_cancel, &QPushButton::clicked, this, [this] { m_thread.cancel(); });
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateControls();
}

QString ExtrapolationDialog::status() const {
    return m_status->text();
}

void ExtrapolationDialog::measure() {
    if (m_thread.isRunning() || m_checkpoint->currentIndex() < 0) return;
    const QString path = m_checkpoint->currentData().toString();
    const QString label = m_checkpoint->currentText();
    const QString windowsText = m_windows->text();
    const ExtrapolationText text = m_text;
    m_progress->setRange(0, 0);
    m_progress->setVisible(true);
    m_status->setText(tr("Loading %1…").arg(label));
    // The dialog outlives the work: destroying it cancels the thread and waits for it.
    m_thread.start([this, path, label, windowsText,
                    text](const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
        try {
            LoadedModel model = load_model(path.toStdString());
            const ExperimentConfig& config = model.checkpoint.config;
            if (!config.is_lm())
                return [this] {
                    finish(
                        tr("This checkpoint is a sequence-to-sequence model; length "
                           "extrapolation is measured on language models."));
                };
            const std::vector<int> windows =
                parse_extrapolation_windows(windowsText.toStdString(), config);
            if (windows.empty())
                return [this] {
                    finish(
                        tr("Windows must be token counts of at least 2 separated by commas, "
                           "or auto."));
                };
            std::vector<std::string> lines;
            if (text.split == QLatin1String("custom"))
                lines = read_text_lines(text.file.toStdString());
            else
                lines = evaluation_split(config, text.split.toStdString()).sources;
            const auto results =
                length_extrapolation(model, lines, windows, progressOn(m_progress, cancelled));
            if (cancelled.load()) return [this] { finish(tr("Cancelled")); };
            ExtrapolationCurve curve;
            curve.trainedWindow = config.data.max_tgt_len;
            const QString positional =
                QString::fromStdString(to_json(config)["model"]["positional"].get<std::string>());
            curve.label = tr("%1 (%2)").arg(label, positional);
            QStringList rows;
            for (const WindowPerplexity& r : results) {
                const bool ok = r.error.empty();
                const double shown =
                    r.loss.word_perplexity() > 0 ? r.loss.word_perplexity() : r.loss.perplexity();
                curve.windows.append(r.window);
                curve.perplexities.append(ok ? shown : std::numeric_limits<double>::quiet_NaN());
                rows.append(QString::number(r.window));
                rows.append(ok ? QString::number(r.loss.perplexity(), 'f', 2)
                               : QString::fromStdString(r.error));
                rows.append(ok && r.loss.word_perplexity() > 0
                                ? QString::number(r.loss.word_perplexity(), 'f', 2)
                                : QString());
            }
            return [this, label, curve, rows] { addCurve(label, curve, rows); };
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(user_error_text(e));
            return [this, message] { finish(message); };
        }
    });
    updateControls();
}

void ExtrapolationDialog::addCurve(const QString& label, const ExtrapolationCurve& measured,
                                   const QStringList& rows) {
    // Measured again (other windows): the checkpoint's line and rows are replaced, its colour
    // kept.
    QList<ExtrapolationCurve> curves = m_chart->curves();
    ExtrapolationCurve curve = measured;
    curve.color = seriesColor(int(curves.size()));
    for (qsizetype i = 0; i < curves.size(); ++i)
        if (curves[i].label == curve.label) {
            curve.color = curves[i].color;
            curves.removeAt(i);
            break;
        }
    curves.append(curve);
    m_chart->setCurves(curves);
    for (int row = m_table->rowCount() - 1; row >= 0; --row)
        if (m_table->item(row, 0)->text() == label) m_table->removeRow(row);
    for (int i = 0; i + 2 < rows.size(); i += 3) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, 0, new QTableWidgetItem(label));
        for (int c = 0; c < 3; ++c) m_table->setItem(row, c + 1, new QTableWidgetItem(rows[i + c]));
    }
    // Per word only where a tokenizer splits words into pieces (a word tokenizer's perplexity
    // is per word already).
    bool perWord = false;
    for (int row = 0; row < m_table->rowCount(); ++row)
        perWord = perWord || !m_table->item(row, 3)->text().isEmpty();
    m_table->setColumnHidden(3, !perWord);
    finish(tr("Measured %1: the dashed line marks the window it trained on; the plotted value "
              "is perplexity per word where the tokenizer splits words, else per token.")
               .arg(label));
}

void ExtrapolationDialog::finish(const QString& status) {
    m_status->setText(status);
    updateControls();
    Q_EMIT measured();
}

void ExtrapolationDialog::updateControls() {
    const bool running = m_thread.isRunning();
    m_measure->setEnabled(!running && m_checkpoint->count() > 0);
    m_cancel->setEnabled(running);
    m_checkpoint->setEnabled(!running);
    m_windows->setEnabled(!running);
    if (!running) m_progress->setVisible(false);
}

}  // namespace tfw
