#include "ui/evaluation/evaluation_pane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <limits>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/eval/evaluation.h"
#include "core/eval/evaluation_reader.h"
#include "core/io/checkpoint.h"
#include "core/metrics/metric_registry.h"
#include "ui/common/canonical_path.h"
#include "ui/common/checkpoint_choices.h"
#include "ui/common/date_time_text.h"
#include "ui/common/decode_options_form.h"
#include "ui/common/number_text.h"
#include "ui/common/problem_message.h"
#include "ui/common/string_conversion.h"
#include "ui/evaluation/evaluation_job.h"
#include "ui/evaluation/extrapolation_dialog.h"

namespace tfw {
namespace {

QTableWidgetItem* textItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setToolTip(text);
    return item;
}

// Shows a rounded number and sorts by the exact one (empty cells last).
class NumberItem final : public QTableWidgetItem {
  public:
    NumberItem(double value, int decimals)
        : QTableWidgetItem(fixedText(value, decimals)),
          m_value(std::isfinite(value) ? value : std::numeric_limits<double>::infinity()) {
        setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setData(Qt::UserRole, m_value);
    }
    bool operator<(const QTableWidgetItem& other) const override {
        return m_value < other.data(Qt::UserRole).toDouble();
    }

  private:
    double m_value;
};

QString formatSeconds(double seconds) {
    const int s = int(std::lround(seconds));
    return s < 60 ? QStringLiteral("%1 s").arg(s)
                  : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

// The metric whose per-sentence score the result has (BLEU, ROUGE-L): the one to name it by.
const MetricInfo* headlineMetric(const Evaluation& result) {
    for (const MetricInfo& metric : metric_registry())
        if (metric.sentence && result.metric(metric.key)) return &metric;
    return nullptr;
}

// One line per saved result: "<date and time> · best · test · BLEU 38.29".
QString savedLabel(const Evaluation& result) {
    QString label = dateTimeText(result.created_at) + QStringLiteral(" · ") +
                    QFileInfo(toQString(result.checkpoint)).completeBaseName() +
                    QStringLiteral(" · ") + toQString(result.split);
    const MetricInfo* headline = headlineMetric(result);
    const double value = headline ? result.metric(headline->key)->value : std::nan("");
    if (std::isfinite(value))
        label += QStringLiteral(" · %1 %2").arg(toQString(headline->name)).arg(value, 0, 'f', 2);
    else if (std::isfinite(result.loss.perplexity()))
        label += QStringLiteral(" · ppl %1").arg(result.loss.perplexity(), 0, 'f', 2);
    return label;
}

}  // namespace

EvaluationPane::EvaluationPane(QWidget* parent)
    : QWidget(parent),
      m_job(new EvaluationJob(this)),
      m_checkpoint(new QComboBox(this)),
      m_browse(new QPushButton(tr("Browse…"), this)),
      m_split(new QComboBox(this)),
      m_customFiles(new QWidget(this)),
      m_srcFile(new QLineEdit(this)),
      m_refFile(new QLineEdit(this)),
      m_ownDecoding(new QCheckBox(tr("Decode as the checkpoint's experiment says"), this)),
      m_form(new DecodeOptionsForm(this)),
      m_evaluate(new QPushButton(tr("Evaluate"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_extrapolate(new QPushButton(tr("Length extrapolation…"), this)),
      m_progress(new QProgressBar(this)),
      m_state(new QLabel(this)),
      m_saved(new QComboBox(this)),
      m_summary(new QLabel(this)),
      m_table(new QTableWidget(0, Count, this)) {
    setUpInputChoice();
    buildCustomFiles();
    setUpResultDisplay();
    QGroupBox* decoding = buildDecodingBox();
    setUpSentenceTable();
    QLayout* left = buildSetupColumn();
    auto* hint = new QLabel(
        tr("Sentences sorted worst first (click a header to sort). Double-click one to open it "
           "in the Inference area."),
        this);
    hint->setEnabled(false);

    auto* setup = new QHBoxLayout;
    setup->addLayout(left, 3);
    setup->addWidget(decoding, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(setup);
    layout->addWidget(hint);
    layout->addWidget(m_table, 1);

    connectControls();
    connectJob();
    updateControls();
}

void EvaluationPane::setRunsRoot(const QString& root) {
    m_root = root;
    refreshCheckpoints();
}

void EvaluationPane::showEvent(QShowEvent* event) {
    // Runs started or finished since the list was made show up when the area is opened.
    if (!m_job->isRunning()) refreshCheckpoints();
    QWidget::showEvent(event);
}

void EvaluationPane::read(BackgroundThread::Work work) {
    m_reads.append(std::move(work));
    readNext();
}

void EvaluationPane::readNext() {
    if (m_reader.isRunning() || m_reads.isEmpty()) return;
    m_reader.start([this, work = m_reads.takeFirst()](
                       const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
        const BackgroundThread::Done done = work(cancelled);
        return [this, done] {
            if (done) done();
            readNext();
        };
    });
}

void EvaluationPane::refreshCheckpoints() {
    ++m_choicesPending;
    read([this, root = m_root](const std::atomic<bool>&) -> BackgroundThread::Done {
        auto choices = std::make_shared<QList<CheckpointChoice>>();
        try {
            *choices = checkpointChoices(root);
        } catch (const std::exception&) {
            // An unreadable runs folder offers nothing; "Open file…" still works.
        }
        return [this, choices] {
            --m_choicesPending;
            showChoices(*choices);
        };
    });
}

void EvaluationPane::showChoices(const QList<CheckpointChoice>& choices) {
    const QString current = checkpoint();
    {
        QSignalBlocker block(m_checkpoint);
        m_checkpoint->clear();
        for (const CheckpointChoice& choice : choices)
            m_checkpoint->addItem(choice.label, choice.path);
        const int index = m_checkpoint->findData(current);
        m_checkpoint->setCurrentIndex(index >= 0 ? index : 0);
        if (index < 0 && !current.isEmpty()) setCheckpoint(current);
    }
    refreshSavedResults();
    updateControls();
    if (m_evaluateQueued && m_choicesPending == 0) {
        m_evaluateQueued = false;
        evaluate();
    }
}

void EvaluationPane::setCheckpoint(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    int index = m_checkpoint->findData(absolute);
    if (index < 0) {
        m_checkpoint->addItem(QDir::toNativeSeparators(absolute), absolute);
        index = m_checkpoint->count() - 1;
    }
    m_checkpoint->setCurrentIndex(index);
}

void EvaluationPane::showExtrapolation() {
    QList<QPair<QString, QString>> checkpoints;
    for (int i = 0; i < m_checkpoint->count(); ++i)
        checkpoints.append({m_checkpoint->itemText(i), m_checkpoint->itemData(i).toString()});
    ExtrapolationText text;
    text.split = m_split->currentData().toString();
    text.file = m_srcFile->text();
    auto* dialog = new ExtrapolationDialog(checkpoints, m_checkpoint->currentIndex(), text, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("extrapolationDialog"));
    dialog->show();
    dialog->measure();
}

QString EvaluationPane::checkpoint() const {
    return m_checkpoint->currentData().toString();
}

void EvaluationPane::setSplit(const QString& split) {
    const int index = m_split->findData(split);
    if (index >= 0) m_split->setCurrentIndex(index);
}

void EvaluationPane::setCustomFiles(const QString& srcFile, const QString& refFile) {
    setSplit(QStringLiteral("custom"));
    m_srcFile->setText(srcFile);
    m_refFile->setText(refFile);
}

void EvaluationPane::setUseCheckpointDecoding(bool use) {
    m_ownDecoding->setChecked(use);
}

void EvaluationPane::browseCheckpoint() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Evaluate a checkpoint"), m_root,
                                                      tr("Checkpoints (*.tfw);;All files (*)"));
    if (!path.isEmpty()) setCheckpoint(path);
}

void EvaluationPane::browseFile(QLineEdit* target, const QString& title) {
    const QString path = QFileDialog::getOpenFileName(this, title, target->text());
    if (!path.isEmpty()) target->setText(path);
}

bool EvaluationPane::isRunning() const {
    return m_job->isRunning();
}

void EvaluationPane::updateControls() {
    const bool running = m_job->isRunning();
    const bool custom = m_split->currentData().toString() == QLatin1String("custom");
    QString missing;
    if (checkpoint().isEmpty())
        missing = tr("Pick a checkpoint first.");
    else if (custom && m_srcFile->text().isEmpty())
        missing = tr("Choose the file of inputs.");
    else if (!m_ownDecoding->isChecked() && !m_form->isValid())
        missing = m_form->problems().join(QLatin1Char('\n'));
    m_evaluate->setEnabled(!running && missing.isEmpty());
    m_evaluate->setToolTip(missing.isEmpty() ? tr("Decode the test set and score it") : missing);
    m_extrapolate->setEnabled(!running && !checkpoint().isEmpty() &&
                              !(custom && m_srcFile->text().isEmpty()));
    m_cancel->setEnabled(running);
    m_checkpoint->setEnabled(!running);
    m_browse->setEnabled(!running);
    m_split->setEnabled(!running);
    m_progress->setVisible(running);
}

void EvaluationPane::evaluate() {
    if (m_job->isRunning()) return;
    if (checkpoint().isEmpty()) {
        m_evaluateQueued = m_choicesPending > 0;
        return;
    }
    EvaluationRequest request;
    request.checkpoint = checkpoint();
    request.split = m_split->currentData().toString();
    request.srcFile = m_srcFile->text();
    request.refFile = m_refFile->text();
    if (!m_ownDecoding->isChecked()) request.options = m_form->options();
    m_progress->setRange(0, 0);  // busy until the first report: loading the checkpoint
    m_state->setText(tr("Loading the checkpoint…"));
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    m_job->start(request);
    updateControls();
}

void EvaluationPane::cancel() {
    m_job->cancel();
    m_state->setText(tr("Cancelling…"));
}

void EvaluationPane::onProgress(qint64 done, qint64 total) {
    m_progress->setRange(0, int(total));
    m_progress->setValue(int(done));
    m_progress->setFormat(tr("%v / %m sentences"));
    const double elapsed = (QDateTime::currentMSecsSinceEpoch() - m_startedMs) / 1000.0;
    QString text = tr("%1 elapsed").arg(formatSeconds(elapsed));
    if (done > 0 && done < total)
        text +=
            tr(", about %1 left").arg(formatSeconds(elapsed * double(total - done) / double(done)));
    m_state->setText(text);
}

void EvaluationPane::onFinished(const QByteArray& json, const QString& savedPath) {
    m_state->setText(tr("Done"));
    showResult(evaluation_from_json(nlohmann::json::parse(json.toStdString())), savedPath);
    if (!savedPath.isEmpty()) {
        const QString runDir = QFileInfo(QFileInfo(savedPath).absolutePath()).absolutePath();
        refreshSavedResults(savedPath);
        Q_EMIT evaluationSaved(runDir, savedPath);
        Q_EMIT statusMessage(tr("Evaluation kept in %1").arg(QDir::toNativeSeparators(savedPath)));
    }
    updateControls();
}

void EvaluationPane::onFailed(const QString& message) {
    m_state->setText(tr("Failed"));
    updateControls();
    showProblem(this, tr("Evaluation failed"), message);
}

void EvaluationPane::refreshSavedResults(const QString& select) {
    const QString chosen = checkpoint();
    read([chosen, select, this](const std::atomic<bool>&) -> BackgroundThread::Done {
        auto saved = std::make_shared<SavedResults>();
        saved->checkpoint = chosen;
        try {
            const std::string runDir = run_dir_of_checkpoint(chosen.toStdString());
            saved->inRun = !runDir.empty();
            const QString canonical = canonicalPath(chosen);
            const std::vector<Evaluation> results =
                saved->inRun ? read_evaluations(runDir) : std::vector<Evaluation>{};
            for (const Evaluation& result : results) {
                if (canonicalPath(toQString(result.checkpoint)) == canonical)
                    saved->newestOfCheckpoint = int(saved->results.size());
                saved->results.append({savedLabel(result), toQString(result.file)});
            }
        } catch (const std::exception&) {
            saved->inRun = false;  // nothing to offer; evaluating still works
        }
        try {
            if (!chosen.isEmpty())
                saved->decode = decode_options_from(
                    load_checkpoint_summary(chosen.toStdString()).config.decode);
        } catch (const std::exception&) {
            // Not a readable checkpoint: evaluating it says why.
        }
        return [this, saved, select] { showSavedResults(*saved, select); };
    });
}

void EvaluationPane::showSavedResults(const SavedResults& saved, const QString& select) {
    if (saved.checkpoint != checkpoint()) return;  // the reading for the new choice follows
    m_checkpointDecode = saved.decode;
    showCheckpointDecoding();
    m_saved->clear();
    if (!saved.inRun) {
        m_saved->setEnabled(false);
        return;
    }
    for (const auto& [label, file] : saved.results) m_saved->addItem(label, file);
    m_saved->setEnabled(m_saved->count() > 0);
    if (m_saved->count() == 0) m_saved->addItem(tr("none yet"));
    if (!select.isEmpty()) {
        m_saved->setCurrentIndex(std::max(0, m_saved->findData(select)));
        return;
    }
    // Picking a checkpoint that was evaluated before shows its latest result at once.
    if (saved.newestOfCheckpoint >= 0 &&
        canonicalPath(m_resultCheckpoint) != canonicalPath(checkpoint())) {
        m_saved->setCurrentIndex(saved.newestOfCheckpoint);
        showSaved(saved.newestOfCheckpoint);
    }
}

void EvaluationPane::showSaved(int index) {
    const QString path = m_saved->itemData(index).toString();
    if (path.isEmpty()) return;
    read([this, path](const std::atomic<bool>&) -> BackgroundThread::Done {
        try {
            auto result = std::make_shared<Evaluation>(read_evaluation(path.toStdString()));
            return [this, result, path] { showResult(*result, path); };
        } catch (const std::exception&) {
            return [this, path] {
                showProblem(this, tr("Cannot show the result"),
                            tr("%1 is not a readable result.").arg(path));
            };
        }
    });
}

void EvaluationPane::showCheckpointDecoding() {
    // The result on display shows what it was decoded with; before one, the checkpoint's own.
    if (!m_ownDecoding->isChecked()) return;
    if (!m_resultCheckpoint.isEmpty() &&
        canonicalPath(m_resultCheckpoint) == canonicalPath(checkpoint()))
        m_form->setOptions(m_resultDecode);
    else if (m_checkpointDecode)
        m_form->setOptions(*m_checkpointDecode);
}

void EvaluationPane::showResult(const Evaluation& result, const QString& savedPath) {
    m_resultCheckpoint = toQString(result.checkpoint);
    m_resultDecode = result.decode;
    showCheckpointDecoding();
    const bool lm = result.task == Task::LanguageModel;
    QStringList scores;
    auto metric = [&](const QString& name, double value, const std::string& signature) {
        QString text = QStringLiteral("<b>%1 %2</b>").arg(name).arg(value, 0, 'f', 2);
        if (!signature.empty())
            text += QStringLiteral(" <span style='color:gray'>(%1)</span>")
                        .arg(toQString(signature).toHtmlEscaped());
        scores << text;
    };
    for (const MetricInfo& info : metric_registry())
        if (const MetricScore* score = result.metric(info.key))
            metric(toQString(info.name), score->value, score->signature);
    metric(lm ? tr("perplexity") : tr("reference perplexity"), result.loss.perplexity(), {});
    if (result.loss.word_perplexity() > 0)
        metric(tr("per word"), result.loss.word_perplexity(),
               tr("%1 tokens per word").arg(result.loss.tokens_per_word, 0, 'f', 2).toStdString());
    QString summary = scores.join(QStringLiteral(" &nbsp;·&nbsp; "));
    summary += QStringLiteral("<br>") +
               tr("%1 sentences of %2 (%3) with %4 in %5")
                   .arg(result.sentences.size())
                   .arg(QFileInfo(m_resultCheckpoint).completeBaseName().toHtmlEscaped())
                   .arg(toQString(result.split).toHtmlEscaped())
                   .arg(lm ? tr("teacher forcing") : tr("beam %1").arg(result.decode.beam))
                   .arg(formatSeconds(result.seconds));
    if (!savedPath.isEmpty())
        summary +=
            QStringLiteral("<br><span style='color:gray'>%1</span>")
                .arg(tr("Kept in %1").arg(QDir::toNativeSeparators(savedPath)).toHtmlEscaped());
    m_summary->setText(summary);

    const QString metricName =
        result.sentence_metric.empty() ? tr("score") : toQString(result.sentence_metric);
    m_table->setHorizontalHeaderItem(Score, new QTableWidgetItem(metricName));
    m_table->setColumnHidden(Output, lm);
    m_table->setColumnHidden(Reference, lm);
    m_table->setSortingEnabled(false);
    m_table->setRowCount(int(result.sentences.size()));
    for (int r = 0; r < int(result.sentences.size()); ++r) {
        const SentenceResult& row = result.sentences[size_t(r)];
        m_table->setItem(r, Line, new NumberItem(double(row.index + 1), 0));
        m_table->setItem(r, Score, new NumberItem(row.score, 2));
        m_table->setItem(r, Source, textItem(toQString(row.source)));
        m_table->setItem(r, Output, textItem(toQString(row.hypothesis)));
        m_table->setItem(r, Reference, textItem(toQString(row.reference)));
    }
    m_table->setSortingEnabled(true);
    // Worst first: the lowest score, or the highest perplexity.
    m_table->sortByColumn(Score,
                          result.higher_is_better ? Qt::AscendingOrder : Qt::DescendingOrder);
}

void EvaluationPane::openRow(int row) {
    const QTableWidgetItem* source = m_table->item(row, Source);
    const QTableWidgetItem* reference = m_table->item(row, Reference);
    if (!source || m_resultCheckpoint.isEmpty()) return;
    Q_EMIT openInInference(m_resultCheckpoint, source->text(),
                           reference ? reference->text() : QString(), m_resultDecode);
}

QString EvaluationPane::summaryText() const {
    return m_summary->text();
}

}  // namespace tfw
