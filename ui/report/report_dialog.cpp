#include "ui/report/report_dialog.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include "core/report/report_builder.h"
#include "core/report/report_writers.h"
#include "ui/common/problem_message.h"
#include "ui/report/report_preview.h"

namespace tfw {

ReportDialog::ReportDialog(const QList<ReportSource>& sources, int current, const QString& language,
                           QWidget* parent)
    : QDialog(parent), m_sources(sources), m_language(language) {
    setWindowTitle(tr("Export report"));
    m_source = new QComboBox(this);
    for (const ReportSource& source : sources) m_source->addItem(source.label);
    m_source->setCurrentIndex(current);
    m_title = new QLineEdit(this);
    m_title->setPlaceholderText(tr("from the experiment's name"));
    m_probe = new QLineEdit(this);
    m_probe->setPlaceholderText(tr("the run's attention probe, else its first validation input"));
    m_format = new QComboBox(this);
    m_format->addItem(tr("HTML, Markdown and LaTeX"), QStringLiteral("all"));
    m_format->addItem(tr("HTML (figures as SVG)"), QStringLiteral("html"));
    m_format->addItem(tr("Markdown (figures as SVG)"), QStringLiteral("md"));
    m_format->addItem(tr("LaTeX for XeLaTeX (figures as PDF)"), QStringLiteral("tex"));
    m_folder = new QLineEdit(this);
    m_browse = new QPushButton(tr("Browse…"), this);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(m_browse);

    auto* form = new QFormLayout;
    form->addRow(tr("Report of"), m_source);
    form->addRow(tr("Title"), m_title);
    form->addRow(tr("Attention probe"), m_probe);
    form->addRow(tr("Formats"), m_format);
    form->addRow(tr("Folder"), folderRow);

    m_previewButton = new QPushButton(tr("Preview"), this);
    m_saveButton = new QPushButton(tr("Save"), this);
    m_saveButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_progress = new QProgressBar(this);
    m_progress->setVisible(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_status->setOpenExternalLinks(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_previewButton);
    buttons->addWidget(m_saveButton);
    buttons->addWidget(m_cancelButton);
    buttons->addWidget(m_progress, 1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    m_browser = new QTextBrowser(this);
    m_browser->setMinimumSize(760, 420);
    m_browser->setPlaceholderText(
        tr("Preview shows the report's HTML page here before it is saved."));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_browser, 1);
    layout->addWidget(close);

    connect(m_previewButton, &QPushButton::clicked, this, &ReportDialog::preview);
    connect(m_saveButton, &QPushButton::clicked, this, &ReportDialog::save);
    connect(m_cancelButton, &QPushButton::clicked, this, &ReportDialog::cancel);
    connect(m_browse, &QPushButton::clicked, this, &ReportDialog::chooseFolder);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_browser->clear();
        if (index >= 0) m_folder->setText(m_sources[index].folder);
    });
    if (current >= 0 && current < sources.size()) m_folder->setText(sources[current].folder);
    updateControls();
}

void ReportDialog::setOutputFolder(const QString& folder) {
    m_folder->setText(folder);
}

QString ReportDialog::outputFolder() const {
    return m_folder->text();
}

QString ReportDialog::status() const {
    return m_status->text();
}

void ReportDialog::chooseFolder() {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Report folder"), m_folder->text());
    if (!dir.isEmpty()) m_folder->setText(dir);
}

void ReportDialog::preview() {
    m_previewDir = std::make_unique<QTemporaryDir>();
    if (!m_previewDir->isValid()) {
        finish(tr("Cannot create a temporary folder for the preview."));
        return;
    }
    run(m_previewDir->path(), QStringLiteral("html"), true);
}

void ReportDialog::save() {
    if (m_folder->text().trimmed().isEmpty()) {
        finish(tr("Choose the folder to write the report into."));
        return;
    }
    run(m_folder->text().trimmed(), m_format->currentData().toString(), false);
}

void ReportDialog::cancel() {
    m_thread.cancel();
    m_status->setText(tr("Cancelling…"));
}

void ReportDialog::run(const QString& folder, const QString& formats, bool preview) {
    if (m_thread.isRunning() || m_source->currentIndex() < 0) return;
    ReportRequest request;
    for (const QString& path : m_sources[m_source->currentIndex()].paths)
        request.paths.push_back(path.toStdString());
    request.title = m_title->text().trimmed().toStdString();
    request.probe = m_probe->text().trimmed().toStdString();
    const std::string language = m_language.toStdString();
    m_progress->setRange(0, 0);
    m_progress->setVisible(true);
    m_status->setText(preview ? tr("Building the preview…") : tr("Writing the report…"));
    // The dialog outlives the work: destroying it cancels the thread and waits for it.
    m_thread.start([this, request, language, folder, formats,
                    preview](const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
        const auto progress = progressOn(m_progress, cancelled);
        try {
            const ReportText text(language);
            const ReportDocument document = build_report(request, text, progress);
            if (cancelled.load()) return [this] { finish(tr("Cancelled")); };
            const auto written =
                write_report(document, folder.toStdString(),
                             parse_report_formats(formats.toStdString()), progress);
            if (cancelled.load())
                return [this] { finish(tr("Cancelled; some files were written.")); };
            if (preview) {
                const ReportPreview page = readReportPreview(folder);
                return [this, page] {
                    showReportPreview(m_browser, page);
                    finish(tr("Preview ready. Save writes the chosen formats into the folder."));
                };
            }
            const int files = int(written.size());
            return [this, folder, files] {
                finish(tr("Wrote %1 files into <a href=\"%2\">%3</a>.")
                           .arg(files)
                           .arg(QUrl::fromLocalFile(folder).toString(),
                                QDir::toNativeSeparators(folder).toHtmlEscaped()));
            };
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            return [this, message] {
                finish(tr("The report could not be written: %1").arg(message.toHtmlEscaped()));
            };
        }
    });
    updateControls();
}

void ReportDialog::finish(const QString& status) {
    m_progress->setVisible(false);
    m_status->setText(status);
    updateControls();
    Q_EMIT finished();
}

void ReportDialog::updateControls() {
    const bool running = m_thread.isRunning();
    m_previewButton->setEnabled(!running && !m_sources.isEmpty());
    m_saveButton->setEnabled(!running && !m_sources.isEmpty());
    m_cancelButton->setEnabled(running);
    m_source->setEnabled(!running);
}

}  // namespace tfw
