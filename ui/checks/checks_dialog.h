#pragma once
// The sanity checks of an experiment in a window of their own: run them all (or only the quick
// ones that run before every training) on the experiment in the form, optionally with a trained
// checkpoint's weights, and read the results. Also shows the checks a training run made.

#include <QDialog>

#include "core/config/experiment_config.h"

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace tfw {

class ChecksJob;
class ChecksView;
struct ChecksReport;

class ChecksDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChecksDialog)

  public:
    explicit ChecksDialog(QWidget* parent = nullptr);

    // The experiment the Run buttons check.
    void setConfig(const ExperimentConfig& config);
    // Runs the checks on the experiment now (ignored while checks run).
    void runChecks(bool quickOnly = false);
    // Shows results made elsewhere (a training run's checks), under a heading.
    void showReport(const ChecksReport& report, const QString& heading);

    bool isRunning() const;
    void reject() override;  // closing cancels checks in progress
    ChecksView* view() const { return m_view; }

  Q_SIGNALS:
    void checksFinished();

  private:
    void setRunning(bool running);
    void chooseCheckpoint();

    ExperimentConfig m_config;
    QLabel* m_heading;
    QLineEdit* m_checkpoint;
    QPushButton* m_runAll;
    QPushButton* m_runQuick;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_progressLabel;
    ChecksView* m_view;
    ChecksJob* m_job;
};

}  // namespace tfw
