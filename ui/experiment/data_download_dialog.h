#pragma once
// Getting a corpus of the catalog: shows its licence and citation, then downloads it on a
// worker thread with progress and Cancel (see core/fetch). Accepted once every file is in
// place and verified.

#include <QDialog>

#include <memory>

#include "core/fetch/dataset_fetch.h"
#include "ui/common/background_thread.h"

class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace tfw {

class DataDownloadDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DataDownloadDialog)

  public:
    DataDownloadDialog(const Dataset& dataset, const QString& folder, QWidget* parent = nullptr);

    QPushButton* downloadButton() const { return m_download; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    bool isDownloading() const { return m_worker.isRunning(); }

    void reject() override;  // Cancel: stops a download (the part is kept for next time)

  private:
    void start();
    void showProgress(const FetchProgress& progress);
    void finish(const QString& error, bool cancelled);

    const Dataset& m_dataset;
    QString m_folder;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPushButton* m_download;
    QDialogButtonBox* m_buttons;
    BackgroundThread m_worker{this};  // last: stopped before the rest goes
};

}  // namespace tfw
