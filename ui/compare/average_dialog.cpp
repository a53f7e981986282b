#include "ui/compare/average_dialog.h"
#include "ui/common/number_text.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/io/checkpoint_average.h"
#include "core/io/run_directory.h"
#include "ui/compare/checkpoint_averaging.h"

namespace tfw {
namespace {

QTableWidgetItem* cell(const QString& text, bool bold = false) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    QFont font = item->font();
    font.setBold(bold);
    item->setFont(font);
    return item;
}

}  // namespace

AverageDialog::AverageDialog(const QString& runDir, QWidget* parent)
    : QDialog(parent),
      m_runDir(runDir),
      m_job(new AveragingJob(this)),
      m_summary(new QLabel(this)),
      m_count(new QSpinBox(this)),
      m_output(new QLineEdit(this)),
      m_browse(new QPushButton(tr("Browse…"), this)),
      m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)),
      m_results(new QTableWidget(2, 2, this)),
      m_start(new QPushButton(tr("Average"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this)) {
    setWindowTitle(tr("Average checkpoints of %1").arg(QDir(runDir).dirName()));
    const auto periodic = periodic_checkpoints(runDir.toStdString());
    m_available = int(periodic.size());
    m_summary->setWordWrap(true);
    m_summary->setText(
        m_available < 2
            ? (m_available == 0 ? tr("This run has no periodic checkpoints; averaging needs "
                                     "two or more. They are written every "
                                     "<code>train.save_every</code> steps.")
                                : tr("This run has one periodic checkpoint; averaging needs "
                                     "two or more. They are written every "
                                     "<code>train.save_every</code> steps."))
            : tr("This run has %1 periodic checkpoints (steps %L2 to %L3). Their weights are "
                 "averaged element by element; config and history come from the newest.")
                  .arg(m_available)
                  .arg(periodic.front().step)
                  .arg(periodic.back().step));
    m_count->setRange(std::min(2, m_available), std::max(2, m_available));
    m_count->setValue(std::min(5, m_available));
    m_count->setPrefix(tr("last "));
    m_count->setSuffix(tr(" checkpoints"));
    connect(m_count, &QSpinBox::valueChanged, this, &AverageDialog::updateDefaultOutput);
    connect(m_output, &QLineEdit::textEdited, this, [this] { m_outputEdited = true; });
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Averaged checkpoint"),
                                                          outputPath(), tr("Checkpoints (*.tfw)"));
        if (!path.isEmpty()) setOutputPath(path);
    });
    updateDefaultOutput();

    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(m_browse);
    auto* form = new QFormLayout;
    form->addRow(tr("Average the"), m_count);
    form->addRow(tr("Write to"), outputRow);

    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_results->setHorizontalHeaderLabels({tr("Best single checkpoint"), tr("Averaged")});
    m_results->setVerticalHeaderLabels({tr("Validation loss"), tr("Validation perplexity")});
    m_results->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->setFixedHeight(m_results->horizontalHeader()->sizeHint().height() +
                              2 * m_results->verticalHeader()->defaultSectionSize() +
                              2 * m_results->frameWidth() + 4);
    m_results->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_results->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_results->hide();

    m_cancel->setEnabled(false);
    m_buttons->addButton(m_start, QDialogButtonBox::ActionRole);
    m_buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    connect(m_start, &QPushButton::clicked, this, &AverageDialog::start);
    connect(m_cancel, &QPushButton::clicked, m_job, &AveragingJob::cancel);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &AverageDialog::reject);
    connect(m_job, &AveragingJob::progress, this, [this](int percent, const QString& what) {
        m_progress->setValue(percent);
        m_status->setText(what);
    });
    connect(m_job, &AveragingJob::finished, this, &AverageDialog::onFinished);
    connect(m_job, &AveragingJob::failed, this,
            [this](const QString& message) { onEnded(tr("Could not average: %1").arg(message)); });
    connect(m_job, &AveragingJob::cancelled, this, [this] { onEnded(tr("Cancelled.")); });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_results);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    m_start->setEnabled(m_available >= 2);
    resize(620, sizeHint().height());
}

void AverageDialog::setCount(int count) {
    m_count->setValue(count);
}

void AverageDialog::setOutputPath(const QString& path) {
    m_output->setText(path);
    m_outputEdited = true;
}

QString AverageDialog::outputPath() const {
    return m_output->text().trimmed();
}

void AverageDialog::updateDefaultOutput() {
    if (m_outputEdited) return;
    const QString checkpoints =
        QString::fromStdString(RunPaths(m_runDir.toStdString()).checkpoints());
    m_output->setText(
        QDir(checkpoints).filePath(QStringLiteral("average-last-%1.tfw").arg(m_count->value())));
}

void AverageDialog::start() {
    if (m_job->isRunning() || m_available < 2) return;
    const QString output = outputPath();
    if (output.isEmpty() || !output.endsWith(QLatin1String(".tfw"))) {
        m_status->setText(tr("Choose a .tfw file to write the averaged checkpoint to."));
        return;
    }
    m_results->hide();
    setRunning(true);
    m_job->start(m_runDir, m_count->value(), output);
}

void AverageDialog::setRunning(bool running) {
    m_start->setEnabled(!running && m_available >= 2);
    m_cancel->setEnabled(running);
    m_count->setEnabled(!running);
    m_output->setEnabled(!running);
    m_browse->setEnabled(!running);
}

void AverageDialog::onFinished(const AveragingMeasurement& r) {
    setRunning(false);
    const QString bestPath = QString::fromStdString(r.best_path);
    const QString averagedPath = QString::fromStdString(r.averaged_path);
    m_results->setHorizontalHeaderLabels(
        {tr("%1 (step %L2)").arg(QFileInfo(bestPath).fileName()).arg(r.best_step),
         tr("Average of %1 (steps %L2–%L3)")
             .arg(r.steps.size())
             .arg(r.steps.front())
             .arg(r.steps.back())});
    const bool averagedBetter = r.averaged_loss < r.best_loss;
    m_results->setItem(0, 0, cell(fixedText(r.best_loss, 4), !averagedBetter));
    m_results->setItem(0, 1, cell(fixedText(r.averaged_loss, 4), averagedBetter));
    m_results->setItem(1, 0, cell(fixedText(r.best_perplexity, 2), !averagedBetter));
    m_results->setItem(1, 1, cell(fixedText(r.averaged_perplexity, 2), averagedBetter));
    m_results->show();
    resize(width(), sizeHint().height());
    m_status->setText(tr("Wrote %1. Both checkpoints were added to the Compare tab.")
                          .arg(QDir::toNativeSeparators(averagedPath)));
    Q_EMIT compareRequested({bestPath, averagedPath});
    if (m_closeWhenStopped) QDialog::reject();
}

void AverageDialog::onEnded(const QString& message) {
    setRunning(false);
    m_progress->setValue(0);
    m_status->setText(message);
    if (m_closeWhenStopped) QDialog::reject();
}

void AverageDialog::reject() {
    // Closing while the job runs cancels it; the dialog closes once the worker has stopped.
    if (m_job->isRunning()) {
        m_closeWhenStopped = true;
        m_job->cancel();
        m_status->setText(tr("Cancelling…"));
        return;
    }
    QDialog::reject();
}

}  // namespace tfw
