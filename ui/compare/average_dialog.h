#pragma once
// "Average checkpoints…" for one run: choose how many of its last periodic checkpoints to
// average and where to write the result; the averaging and the validation loss of the
// averaged and of the best single checkpoint run on a worker, and both are shown side by side.

#include <QDialog>
#include <QStringList>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace tfw {

class AveragingJob;
struct AveragingMeasurement;

class AverageDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AverageDialog)

  public:
    explicit AverageDialog(const QString& runDir, QWidget* parent = nullptr);

    void setCount(int count);
    void setOutputPath(const QString& path);
    QString outputPath() const;
    void start();
    AveragingJob* job() const { return m_job; }
    // Rows: validation loss and perplexity; columns: best single checkpoint, averaged one.
    QTableWidget* resultTable() const { return m_results; }

  Q_SIGNALS:
    // The averaged and the best checkpoint, once both are measured.
    void compareRequested(const QStringList& checkpoints);

  protected:
    void reject() override;

  private:
    void onFinished(const AveragingMeasurement& result);
    void onEnded(const QString& message);
    void updateDefaultOutput();
    void setRunning(bool running);

    QString m_runDir;
    int m_available = 0;
    bool m_outputEdited = false;
    bool m_closeWhenStopped = false;
    AveragingJob* m_job;
    QLabel* m_summary;
    QSpinBox* m_count;
    QLineEdit* m_output;
    QPushButton* m_browse;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTableWidget* m_results;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QDialogButtonBox* m_buttons;
};

}  // namespace tfw
