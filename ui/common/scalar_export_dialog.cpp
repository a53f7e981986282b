#include "ui/common/scalar_export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <memory>

#include "core/io/run_directory.h"
#include "core/util/error_text.h"

namespace tfw {

ScalarExportDialog::ScalarExportDialog(const QStringList& runDirs, QWidget* parent)
    : QDialog(parent),
      m_summary(new QLabel(tr("Reading the runs…"), this)),
      m_tags(new QListWidget(this)),
      m_format(new QComboBox(this)),
      m_output(new QLineEdit(this)),
      m_export(new QPushButton(tr("Export"), this)),
      m_status(new QLabel(this)) {
    setWindowTitle(tr("Export scalars"));
    QStringList skipped;
    for (const QString& dir : runDirs)
        (QFileInfo(QDir(dir).filePath(QStringLiteral("history.jsonl"))).isFile() ? m_runDirs
                                                                                 : skipped)
            << dir;
    if (!skipped.isEmpty())
        m_skipped = tr("Not run folders, left out: %1").arg(skipped.join(QStringLiteral(", ")));
    m_summary->setWordWrap(true);
    m_status->setWordWrap(true);
    m_format->addItem(tr("CSV (Wall time, Step, Value, as TensorBoard writes it)"),
                      int(ScalarFormat::Csv));
    m_format->addItem(tr("JSON ([wall time, step, value] per point)"), int(ScalarFormat::Json));
    connect(m_format, &QComboBox::currentIndexChanged, this,
            &ScalarExportDialog::updateDefaultPath);
    connect(m_output, &QLineEdit::textEdited, this, [this] { m_outputEdited = true; });
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export scalars"), m_output->text(), tr("CSV or JSON (*.csv *.json)"));
        if (!path.isEmpty()) setOutputPath(path);
    });
    auto* all = new QPushButton(tr("All"), this);
    auto* none = new QPushButton(tr("None"), this);
    const auto checkAll = [this](bool checked) {
        for (int i = 0; i < m_tags->count(); ++i)
            m_tags->item(i)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    };
    connect(all, &QPushButton::clicked, this, [checkAll] { checkAll(true); });
    connect(none, &QPushButton::clicked, this, [checkAll] { checkAll(false); });
    m_export->setDefault(true);
    m_export->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, &ScalarExportDialog::exportNow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_export, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* tagButtons = new QHBoxLayout;
    tagButtons->addWidget(all);
    tagButtons->addWidget(none);
    tagButtons->addStretch(1);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(browse);
    auto* form = new QFormLayout;
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("File:"), outputRow);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_tags, 1);
    layout->addLayout(tagButtons);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(560, 520);

    std::vector<std::string> dirs;
    for (const QString& dir : m_runDirs) dirs.push_back(dir.toStdString());
    m_worker.start([this, dirs](const std::atomic<bool>&) -> BackgroundThread::Done {
        auto runs = std::make_shared<std::vector<RunScalars>>();
        QString error;
        try {
            *runs = read_run_scalars(dirs);
        } catch (const std::exception& e) {
            error = QString::fromStdString(user_error_text(e));
        }
        return [this, runs, error] { showRuns(std::move(*runs), error); };
    });
}

void ScalarExportDialog::showRuns(std::vector<RunScalars> runs, const QString& error) {
    m_runs = std::move(runs);
    QStringList names;
    for (const RunScalars& run : m_runs) names << QString::fromStdString(run.run);
    QString summary =
        error.isEmpty()
            ? tr("%n run(s): %1", "", int(m_runs.size())).arg(names.join(QStringLiteral(", ")))
            : tr("Could not read the runs: %1").arg(error);
    if (!m_skipped.isEmpty()) summary += QStringLiteral("\n") + m_skipped;
    m_summary->setText(summary);
    for (const std::string& tag : scalar_tags(m_runs)) {
        auto* item = new QListWidgetItem(QString::fromStdString(tag), m_tags);
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(Qt::Checked);
    }
    if (m_tags->count() == 0 && error.isEmpty())
        m_status->setText(tr("These runs have no scalars yet."));
    m_export->setEnabled(m_tags->count() > 0);
    updateDefaultPath();
    Q_EMIT ready();
}

QStringList ScalarExportDialog::tags() const {
    QStringList out;
    for (int i = 0; i < m_tags->count(); ++i) out << m_tags->item(i)->text();
    return out;
}

void ScalarExportDialog::setTagChecked(const QString& tag, bool checked) {
    for (int i = 0; i < m_tags->count(); ++i)
        if (m_tags->item(i)->text() == tag)
            m_tags->item(i)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void ScalarExportDialog::setFormat(ScalarFormat format) {
    m_format->setCurrentIndex(m_format->findData(int(format)));
}

void ScalarExportDialog::setOutputPath(const QString& path) {
    m_output->setText(path);
    m_outputEdited = true;
}

std::vector<std::string> ScalarExportDialog::checkedTags() const {
    std::vector<std::string> out;
    for (int i = 0; i < m_tags->count(); ++i)
        if (m_tags->item(i)->checkState() == Qt::Checked)
            out.push_back(m_tags->item(i)->text().toStdString());
    return out;
}

// Beside the first run: <run>-scalars.csv (or .json), until the user names a file.
void ScalarExportDialog::updateDefaultPath() {
    if (m_outputEdited || m_runDirs.isEmpty()) return;
    const QString suffix =
        m_format->currentData().toInt() == int(ScalarFormat::Json) ? "json" : "csv";
    const QFileInfo first(m_runDirs.front());
    const QString stem = m_runDirs.size() == 1 ? first.fileName() : QStringLiteral("runs");
    m_output->setText(first.dir().filePath(stem + QStringLiteral("-scalars.") + suffix));
}

void ScalarExportDialog::exportNow() {
    const std::vector<std::string> chosen = checkedTags();
    if (chosen.empty()) {
        m_status->setText(tr("Tick one or more scalars to export."));
        return;
    }
    const QString path = m_output->text().trimmed();
    if (path.isEmpty()) {
        m_status->setText(tr("Choose a file to write."));
        return;
    }
    const auto format = ScalarFormat(m_format->currentData().toInt());
    auto runs = std::make_shared<std::vector<RunScalars>>(m_runs);
    m_export->setEnabled(false);
    m_status->setText(tr("Writing %1…").arg(path));
    m_worker.start([this, runs, chosen, format, path](const std::atomic<bool>&) {
        QString error;
        try {
            write_text_atomically(path.toStdString(), format_scalars(*runs, chosen, format));
        } catch (const std::exception& e) {
            error = QString::fromStdString(user_error_text(e));
        }
        return BackgroundThread::Done([this, error, path] {
            m_export->setEnabled(true);
            if (error.isEmpty()) {
                m_status->setText(tr("Wrote %1.").arg(path));
                Q_EMIT exported(path);
            } else {
                m_status->setText(tr("Could not write %1: %2").arg(path, error));
                Q_EMIT failed(error);
            }
        });
    });
}

}  // namespace tfw
