#include "ui/experiment/data_download_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/fetch/http_download.h"

namespace tfw {
namespace {

QLabel* wrapped(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

}  // namespace

DataDownloadDialog::DataDownloadDialog(const Dataset& dataset, const QString& folder,
                                       QWidget* parent)
    : QDialog(parent),
      m_dataset(dataset),
      m_folder(folder),
      m_status(wrapped(QString(), this)),
      m_progress(new QProgressBar(this)),
      m_download(new QPushButton(tr("Download"), this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Get data: %1").arg(QString::fromStdString(dataset.name)));
    setMinimumWidth(620);

    auto* form = new QFormLayout;
    form->addRow(tr("Dataset:"), wrapped(QString::fromStdString(dataset.title), this));
    form->addRow(tr("Licence:"), wrapped(QString::fromStdString(dataset.licence), this));
    form->addRow(tr("Please cite:"), wrapped(QString::fromStdString(dataset.citation), this));
    form->addRow(tr("Source:"), wrapped(QString::fromStdString(dataset.homepage), this));
    form->addRow(tr("Into:"), wrapped(folder, this));
    form->addRow(tr("Size:"),
                 wrapped(tr("%n file(s), %1 of text", nullptr, int(dataset.files.size()))
                             .arg(QLocale().formattedDataSize(dataset.text_bytes())),
                         this));

    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->hide();
    m_status->setText(
        tr("Each file is checked against its pinned SHA-256 sum before it is "
           "put in place."));

    m_download->setDefault(true);
    m_buttons->addButton(m_download, QDialogButtonBox::AcceptRole);
    connect(m_download, &QPushButton::clicked, this, &DataDownloadDialog::start);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &DataDownloadDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
}

void DataDownloadDialog::start() {
    if (!downloads_available()) {
        finish(tr("This build of the workbench cannot download (it was built without "
                  "libcurl). Copy the files into %1 by hand.")
                   .arg(m_folder),
               false);
        return;
    }
    m_download->setEnabled(false);
    m_progress->show();
    m_status->setText(tr("Starting…"));
    const Dataset* dataset = &m_dataset;
    const std::string folder = m_folder.toStdString();
    // The worker stops before the dialog goes (m_worker is its last member), and queued
    // calls to a deleted object are dropped.
    m_worker.start([this, dataset, folder](const std::atomic<bool>& cancelled) {
        FetchOptions options;
        options.mirror = mirror_from_environment();
        options.cancel = &cancelled;
        int shown = -1;  // per mille; curl reports far more often than the eye can follow
        auto stage = FetchProgress::Stage::Checking;
        options.progress = [this, &shown, &stage](const FetchProgress& progress) {
            const int now = int(1000 * progress.overall_fraction);
            if (now == shown && progress.stage == stage) return;
            shown = now;
            stage = progress.stage;
            QMetaObject::invokeMethod(
                this, [this, progress] { showProgress(progress); }, Qt::QueuedConnection);
        };
        QString error;
        bool stopped = false;
        try {
            fetch_dataset(*dataset, folder, options);
        } catch (const DownloadCancelled&) {
            stopped = true;
        } catch (const std::exception& failure) {
            error = QString::fromStdString(failure.what());
        }
        return BackgroundThread::Done([this, error, stopped] { finish(error, stopped); });
    });
}

void DataDownloadDialog::showProgress(const FetchProgress& progress) {
    m_progress->setValue(int(1000 * progress.overall_fraction));
    const QString file = QString::fromStdString(progress.file->target);
    const QString position =
        tr("File %1 of %2").arg(progress.file_index + 1).arg(progress.file_count);
    const QLocale locale;
    switch (progress.stage) {
        case FetchProgress::Stage::Checking:
        case FetchProgress::Stage::Converting:
            m_status->setText(position + QStringLiteral(": ") + tr("checking %1").arg(file));
            break;
        case FetchProgress::Stage::Downloading:
            m_status->setText(
                position + QStringLiteral(": ") +
                (progress.total > 0
                     ? tr("%1, %2 of %3")
                           .arg(file, locale.formattedDataSize(progress.bytes),
                                locale.formattedDataSize(progress.total))
                     : tr("%1, %2").arg(file, locale.formattedDataSize(progress.bytes))));
            break;
        case FetchProgress::Stage::Done:
        case FetchProgress::Stage::AlreadyPresent:
            m_status->setText(position + QStringLiteral(": ") + tr("%1 verified").arg(file));
            break;
    }
}

void DataDownloadDialog::finish(const QString& error, bool cancelled) {
    if (error.isEmpty() && !cancelled) {
        accept();
        return;
    }
    m_progress->hide();
    m_download->setEnabled(true);
    m_download->setText(tr("Try again"));
    m_status->setText(cancelled ? tr("Cancelled. What was downloaded is kept; the next "
                                     "download resumes it.")
                                : error);
}

void DataDownloadDialog::reject() {
    if (m_worker.isRunning()) {
        m_status->setText(tr("Cancelling…"));
        m_worker.cancel();  // finish() reports it once the worker has stopped
        return;
    }
    QDialog::reject();
}

}  // namespace tfw
