#include "ui/checks/checks_dialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/checks/checks_job.h"
#include "ui/checks/checks_view.h"
#include "ui/common/problem_message.h"

namespace tfw {

ChecksDialog::ChecksDialog(QWidget* parent)
    : QDialog(parent),
      m_heading(new QLabel(this)),
      m_checkpoint(new QLineEdit(this)),
      m_runAll(new QPushButton(tr("Run all checks"), this)),
      m_runQuick(new QPushButton(tr("Quick checks"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_progressLabel(new QLabel(this)),
      m_view(new ChecksView(this)),
      m_job(new ChecksJob(this)) {
    setWindowTitle(tr("Sanity checks"));
    m_heading->setWordWrap(true);
    m_runAll->setToolTip(
        tr("Initial loss, overfitting one batch, causal leak, gradient norms per "
           "layer, attention entropy per head and the data checks"));
    m_runQuick->setToolTip(
        tr("The checks that run before every training: initial loss, causal "
           "leak and the data"));
    m_checkpoint->setPlaceholderText(tr("none: a freshly initialised model"));
    m_checkpoint->setToolTip(
        tr("A trained checkpoint (.tfw) whose weights the model checks use; "
           "attention entropy says most about a trained model"));
    m_checkpoint->setClearButtonEnabled(true);
    auto* browse = new QToolButton(this);
    browse->setText(QStringLiteral("…"));
    browse->setToolTip(tr("Choose a checkpoint"));
    connect(browse, &QToolButton::clicked, this, &ChecksDialog::chooseCheckpoint);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_runAll);
    controls->addWidget(m_runQuick);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Trained weights:"), this));
    controls->addWidget(m_checkpoint, 1);
    controls->addWidget(browse);

    auto* progress = new QHBoxLayout;
    progress->addWidget(m_progressLabel, 1);
    progress->addWidget(m_progress, 1);
    progress->addWidget(m_cancel);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &ChecksDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addLayout(controls);
    layout->addLayout(progress);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(920, 600);

    connect(m_runAll, &QPushButton::clicked, this, [this] { runChecks(false); });
    connect(m_runQuick, &QPushButton::clicked, this, [this] { runChecks(true); });
    connect(m_cancel, &QPushButton::clicked, m_job, &ChecksJob::cancel);
    connect(m_job, &ChecksJob::progress, this, [this](const QString& title, int index, int count) {
        m_progress->setRange(0, count);
        m_progress->setValue(index);
        m_progressLabel->setText(tr("Checking: %1").arg(title));
    });
    connect(m_job, &ChecksJob::finished, this, [this](const ChecksReport& report, bool cancelled) {
        setRunning(false);
        m_view->showReport(report);
        m_progressLabel->setText(cancelled ? tr("Cancelled: the checks that ran are shown.")
                                           : tr("Done."));
        Q_EMIT checksFinished();
    });
    connect(m_job, &ChecksJob::failed, this, [this](const QString& message) {
        setRunning(false);
        m_progressLabel->setText(tr("The experiment could not be prepared."));
        showProblem(this, tr("Sanity checks"), message);
        Q_EMIT checksFinished();
    });
    setRunning(false);
}

void ChecksDialog::setConfig(const ExperimentConfig& config) {
    m_config = config;
    m_heading->setText(tr("Checks of the experiment <b>%1</b> as it is in the form.")
                           .arg(QString::fromStdString(config.name).toHtmlEscaped()));
    m_runAll->setEnabled(!isRunning());
    m_runQuick->setEnabled(!isRunning());
}

void ChecksDialog::runChecks(bool quickOnly) {
    if (isRunning()) return;
    CheckOptions options;
    options.quick_only = quickOnly;
    options.checkpoint = m_checkpoint->text().trimmed().toStdString();
    m_view->clear();
    m_progress->setRange(0, 0);
    m_progressLabel->setText(tr("Preparing the data and the model…"));
    setRunning(true);
    m_job->start(m_config, options);
}

void ChecksDialog::showReport(const ChecksReport& report, const QString& heading) {
    m_heading->setText(heading);
    m_view->showReport(report);
    m_progressLabel->clear();
}

bool ChecksDialog::isRunning() const {
    return m_job->isRunning();
}

void ChecksDialog::reject() {
    m_job->cancel();
    QDialog::reject();
}

void ChecksDialog::setRunning(bool running) {
    m_runAll->setEnabled(!running);
    m_runQuick->setEnabled(!running);
    m_checkpoint->setEnabled(!running);
    m_cancel->setVisible(running);
    m_progress->setVisible(running);
    if (!running) m_progress->reset();
}

void ChecksDialog::chooseCheckpoint() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Trained weights"), QString(),
                                                      tr("Checkpoints (*.tfw)"));
    if (!path.isEmpty()) m_checkpoint->setText(path);
}

}  // namespace tfw
