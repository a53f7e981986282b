#pragma once
// The export of runs' scalars (train/loss, valid/perplexity, eval/test/bleu, ...) as CSV or
// JSON, as `tfw export --history` writes them (core/compare/run_scalars.h): the tags to
// include, the format and the file. The runs are read and the file written off the window's
// thread.

#include <QDialog>
#include <QStringList>

#include <vector>

#include "core/compare/run_scalars.h"
#include "ui/common/background_thread.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace tfw {

class ScalarExportDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScalarExportDialog)

  public:
    // Run folders; anything else (a checkpoint) is left out, saying so.
    ScalarExportDialog(const QStringList& runDirs, QWidget* parent = nullptr);

    bool isBusy() const { return m_worker.isRunning(); }
    QStringList tags() const;  // every tag the runs have, once read
    void setTagChecked(const QString& tag, bool checked);
    void setFormat(ScalarFormat format);
    void setOutputPath(const QString& path);
    void exportNow();  // what the Export button does

  Q_SIGNALS:
    void ready();  // the runs are read
    void exported(const QString& path);
    void failed(const QString& message);

  private:
    void showRuns(std::vector<RunScalars> runs, const QString& error);
    std::vector<std::string> checkedTags() const;
    void updateDefaultPath();

    QStringList m_runDirs;
    QString m_skipped;  // items that are not run folders
    std::vector<RunScalars> m_runs;
    QLabel* m_summary;
    QListWidget* m_tags;
    QComboBox* m_format;
    QLineEdit* m_output;
    QPushButton* m_export;
    QLabel* m_status;
    bool m_outputEdited = false;
    BackgroundThread m_worker{this};  // last: destroyed first
};

}  // namespace tfw
