#pragma once
// File ▸ Export report: the pages of a course report (core/report) of the current run, the
// Compare tab's runs or an ablation, in the window's language. Built and written on a worker
// thread with progress and Cancel; Preview shows the HTML page before anything is saved.

#include <QDialog>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

#include "ui/common/background_thread.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTextBrowser;

namespace tfw {

struct ReportSource {
    QString label;      // "Run ptb-20261127-0908", "Compared runs (3)", "Ablation lm-2017"
    QStringList paths;  // run folders, or one sweep folder
    QString folder;     // where its report goes unless the user chooses another
};

class ReportDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReportDialog)

  public:
    // `language`: the report's language ("en", "zh_CN"); `current` is chosen first.
    ReportDialog(const QList<ReportSource>& sources, int current, const QString& language,
                 QWidget* parent = nullptr);

    void preview();
    void save();
    void cancel();
    bool isRunning() const { return m_thread.isRunning(); }
    QString status() const;
    QTextBrowser* browser() const { return m_browser; }
    void setOutputFolder(const QString& folder);
    QString outputFolder() const;

  Q_SIGNALS:
    void finished();  // a preview or a save ended (see status())

  private:
    // Builds the report and writes `formats` into `folder` on the worker thread.
    void run(const QString& folder, const QString& formats, bool preview);
    void finish(const QString& status);
    void updateControls();
    void chooseFolder();

    QList<ReportSource> m_sources;
    QString m_language;
    QComboBox* m_source;
    QLineEdit* m_title;
    QLineEdit* m_probe;
    QComboBox* m_format;
    QLineEdit* m_folder;
    QPushButton* m_browse;
    QPushButton* m_previewButton;
    QPushButton* m_saveButton;
    QPushButton* m_cancelButton;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTextBrowser* m_browser;
    std::unique_ptr<QTemporaryDir> m_previewDir;
    BackgroundThread m_thread{this};
};

}  // namespace tfw
